// The process's page-locked buffer behind HostStage: never freed (the driver releases it at
// exit), so no cudaFreeHost runs during CUDA's teardown.
#include "host_stage.hpp"

#include <cuda_runtime_api.h>

#include <mutex>
#include <utility>

namespace fragviz {
namespace {

struct Pinned {
  std::mutex mutex;
  std::uint8_t* ptr = nullptr;
  std::size_t capacity = 0;
  bool leased = false;
};

Pinned& process_buffer() {
  static Pinned* p = new Pinned;  // leaked on purpose, as the buffer
  return *p;
}

}  // namespace

HostStage::HostStage(std::size_t bytes, bool pin) : bytes_(bytes) {
  Pinned& p = process_buffer();
  if (pin) {
    std::lock_guard<std::mutex> lock(p.mutex);
    if (!p.leased) {
      if (p.capacity < bytes) {
        if (p.ptr) (void)cudaFreeHost(p.ptr);  // unchecked: nothing useful to do about a failed free
        p.ptr = nullptr;
        p.capacity = 0;
        void* ptr = nullptr;
        if (cudaMallocHost(&ptr, bytes) == cudaSuccess) {
          p.ptr = static_cast<std::uint8_t*>(ptr);
          p.capacity = bytes;
        } else {
          (void)cudaGetLastError();  // a failed pin is not the run's error: the pageable buffer serves
        }
      }
      if (p.ptr) {
        p.leased = true;
        pinned_ = p.ptr;
        leased_ = true;
        return;
      }
    }
  }
  pageable_.resize(bytes);
}

HostStage::~HostStage() {
  if (!leased_) return;
  Pinned& p = process_buffer();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.leased = false;
}

HostStage::HostStage(HostStage&& other) noexcept
    : pinned_(std::exchange(other.pinned_, nullptr)),
      leased_(std::exchange(other.leased_, false)),
      bytes_(std::exchange(other.bytes_, 0)),
      pageable_(std::move(other.pageable_)) {}

HostStage& HostStage::operator=(HostStage&& other) noexcept {
  if (this != &other) {
    HostStage gone(std::move(*this));  // gives back what this held
    pinned_ = std::exchange(other.pinned_, nullptr);
    leased_ = std::exchange(other.leased_, false);
    bytes_ = std::exchange(other.bytes_, 0);
    pageable_ = std::move(other.pageable_);
  }
  return *this;
}

}  // namespace fragviz
