/// @file device_buffer.cuh
/// Owning device array with host copies; the only place device memory is allocated.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "cuda_check.hpp"

namespace rodswarm {

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) { resize(count); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { release(); }

  void resize(std::size_t count) {
    if (count == count_) return;
    release();
    if (count > 0) RODSWARM_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&d_ptr_), count * sizeof(T)));
    count_ = count;
  }
  void upload(const std::vector<T>& h) {
    resize(h.size());
    if (count_ > 0) RODSWARM_CUDA_CHECK(cudaMemcpy(d_ptr_, h.data(), count_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  void download(std::vector<T>& h) const {
    h.resize(count_);
    if (count_ > 0) RODSWARM_CUDA_CHECK(cudaMemcpy(h.data(), d_ptr_, count_ * sizeof(T), cudaMemcpyDeviceToHost));
  }
  T* data() { return d_ptr_; }
  const T* data() const { return d_ptr_; }
  std::size_t size() const { return count_; }

 private:
  void release() {
    if (d_ptr_ != nullptr) cudaFree(d_ptr_);  // no throw from a destructor path
    d_ptr_ = nullptr;
    count_ = 0;
  }
  T* d_ptr_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace rodswarm
