/// @file cosserat_kernels.cu
/// The CUDA backend of model cosserat: the engine's layout kernels (layout_kernels.cuh) and backend
/// (cuda_backend.cuh) compiled for it, in both precisions.
#include "cuda_backend.cuh"
#include "rodswarm/models/cosserat_model.hpp"

RODSWARM_CUDA_BACKEND(rodswarm::cosserat::Model)
