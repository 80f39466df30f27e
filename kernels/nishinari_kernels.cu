/// @file nishinari_kernels.cu
/// The CUDA backend of model nishinari: the engine's layout kernels (layout_kernels.cuh) and backend
/// (cuda_backend.cuh) compiled for it, in both precisions.
#include "cuda_backend.cuh"
#include "rodswarm/models/nishinari_model.hpp"

RODSWARM_CUDA_BACKEND(rodswarm::nishinari::Model)
