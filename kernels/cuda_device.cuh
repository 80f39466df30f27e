/// @file cuda_device.cuh
/// The real device behind the generic GPU backend (include/rodswarm/gpu/device_backend.hpp): device and pinned
/// memory, streams, and the layout kernels' launchers.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "cuda_check.hpp"
#include "device_buffer.cuh"
#include "layout_kernels.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_backend.hpp"
#include "rodswarm/gpu/launch_config.hpp"
#include "rodswarm/gpu/layout_bodies.hpp"

namespace rodswarm {

class CudaStream {
 public:
  CudaStream() { RODSWARM_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  ~CudaStream() { cudaStreamDestroy(stream_); }
  cudaStream_t get() const { return stream_; }
  void synchronize() const { RODSWARM_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

/// Device 0, as the generic backend uses it.
class CudaDevice {
 public:
  template <class T>
  using Buffer = DeviceBuffer<T>;
  template <class T>
  using HostBuffer = PinnedBuffer<T>;
  using Stream = CudaStream;
  using StreamHandle = cudaStream_t;

  CudaDevice() {
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    name_ = cuda_device_name();
    RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&shape_.sms, cudaDevAttrMultiProcessorCount, 0));
    shape_.shared_limit = cuda_shared_memory_per_block();
  }
  std::string kind() const { return "cuda"; }
  const std::string& name() const { return name_; }
  const DeviceShape& shape() const { return shape_; }
  std::size_t free_memory() const { return cuda_device_memory().free; }

  template <class M, class Real>
  void launch_bucket(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                     const DevicePools<Real>& pools, cudaStream_t stream) const {
    rodswarm::launch_bucket<M, Real>(e, d_target, b, pools, shape_, stream);
  }

  template <class M, class Real>
  void launch_steady(const EnsembleView<M, Real>& e, Real* pool, std::int64_t stride, Real tol, int max_iter,
                     std::int32_t* iterations, double* residual, std::uint8_t* converged, std::int64_t threads,
                     cudaStream_t stream) const {
    const LaunchShape shape = steady_launch(threads);
    layout_kernels::solve_steady_kernel<M, Real><<<static_cast<unsigned>(shape.blocks), shape.threads, 0, stream>>>(
        e, pool, stride, tol, max_iter, iterations, residual, converged);
    RODSWARM_CUDA_CHECK_LAUNCH();
  }

 private:
  std::string name_;
  DeviceShape shape_;
};

}  // namespace rodswarm
