/// @file se3rod_kernels.cu
/// The CUDA backend of model se3rod: the engine's layout kernels (layout_kernels.cuh) and backend
/// (cuda_backend.cuh) compiled for it, in both precisions.
#include "cuda_backend.cuh"
#include "rodswarm/models/se3rod_model.hpp"

RODSWARM_CUDA_BACKEND(rodswarm::se3rod::Model)
