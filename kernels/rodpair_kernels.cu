/// @file rodpair_kernels.cu
/// The CUDA backend of model rodpair: the engine's layout kernels (layout_kernels.cuh) and backend
/// (cuda_backend.cuh) compiled for it, in both precisions.
#include "cuda_backend.cuh"
#include "rodswarm/models/rodpair_model.hpp"

RODSWARM_CUDA_BACKEND(rodswarm::rodpair::Model)
