/// @file device_buffer.cuh
/// Owning device and pinned-host arrays; the only places device and page-locked memory are allocated.
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
  DeviceBuffer(DeviceBuffer&& o) noexcept : d_ptr_(o.d_ptr_), count_(o.count_) {
    o.d_ptr_ = nullptr;
    o.count_ = 0;
  }
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
  /// Asynchronous copies of `count` elements to or from the start of this buffer (pinned host memory overlaps).
  void upload_async(const T* h, std::size_t count, cudaStream_t stream) {
    if (count > 0) RODSWARM_CUDA_CHECK(cudaMemcpyAsync(d_ptr_, h, count * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  void download_async(T* h, std::size_t count, cudaStream_t stream) const {
    if (count > 0) RODSWARM_CUDA_CHECK(cudaMemcpyAsync(h, d_ptr_, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
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

/// Page-locked host array: the source and target of copies that overlap with kernels.
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { release(); }

  void resize(std::size_t count) {
    if (count == count_) return;
    release();
    if (count > 0) RODSWARM_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&h_ptr_), count * sizeof(T)));
    count_ = count;
  }
  T* data() { return h_ptr_; }
  const T* data() const { return h_ptr_; }
  std::size_t size() const { return count_; }
  T& operator[](std::size_t k) { return h_ptr_[k]; }
  const T& operator[](std::size_t k) const { return h_ptr_[k]; }

 private:
  void release() {
    if (h_ptr_ != nullptr) cudaFreeHost(h_ptr_);
    h_ptr_ = nullptr;
    count_ = 0;
  }
  T* h_ptr_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace rodswarm
