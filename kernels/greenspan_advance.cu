/// @file greenspan_advance.cu
/// Sends a bucket of members to its layout's launcher (see greenspan_kernels.cuh).
#include <stdexcept>

#include "greenspan_kernels.cuh"

namespace rodswarm {

template <class Real>
void launch_advance_greenspan(greenspan::EnsembleView<Real> ensemble, greenspan::Scheme scheme,
                              const std::int64_t* d_target, const DeviceBucket& bucket, GridWorkspace<Real> grid,
                              cudaStream_t stream) {
  if (bucket.count == 0) return;
  switch (bucket.layout) {
    case KernelLayout::thread:
      return launch_advance_thread<Real>(ensemble, scheme, d_target, bucket, stream);
    case KernelLayout::warp:
      return launch_advance_warp<Real>(ensemble, scheme, d_target, bucket, stream);
    case KernelLayout::block:
      return launch_advance_block<Real>(ensemble, scheme, d_target, bucket, stream);
    case KernelLayout::grid:
      return launch_advance_grid<Real>(ensemble, scheme, d_target, bucket, grid, stream);
    default:
      throw std::logic_error("bucket without a resolved kernel layout");
  }
}

template void launch_advance_greenspan<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                               const DeviceBucket&, GridWorkspace<double>, cudaStream_t);
template void launch_advance_greenspan<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                              const DeviceBucket&, GridWorkspace<float>, cudaStream_t);

}  // namespace rodswarm
