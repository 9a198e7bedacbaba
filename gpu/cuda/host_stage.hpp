// HostStage: the page-locked host buffer the Hopper family's results are copied into, chunk by
// chunk, while later chunks' kernels still run. A copy into pageable memory goes through the
// driver's own staging and returns only when done, so it cannot overlap anything; a page-locked
// buffer takes an asynchronous copy at full speed. Pinning ~48 MB costs milliseconds, so one
// buffer is kept for the process and reused by every later run (the app probes again after each
// change); a run that finds it in use, or cannot pin memory, gets a pageable buffer instead, which
// is slower and equally correct.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fragviz {

/// A lease on a host buffer of at least `bytes()` bytes; gives the process's page-locked buffer
/// back on destruction.
class HostStage {
 public:
  HostStage() = default;
  /// Leases the process's page-locked buffer (grown to `bytes` if smaller), or makes a pageable one
  /// when `pin` is false, that buffer is leased or cudaMallocHost fails. Needs the CUDA context
  /// (any thread) when `pin`.
  explicit HostStage(std::size_t bytes, bool pin = true);
  ~HostStage();
  HostStage(HostStage&& other) noexcept;
  HostStage& operator=(HostStage&& other) noexcept;
  HostStage(const HostStage&) = delete;
  HostStage& operator=(const HostStage&) = delete;

  std::uint8_t* data() { return leased_ ? pinned_ : pageable_.data(); }
  std::size_t bytes() const { return bytes_; }
  /// Whether this is the page-locked buffer (false: pageable).
  bool pinned() const { return leased_; }

 private:
  std::uint8_t* pinned_ = nullptr;
  bool leased_ = false;
  std::size_t bytes_ = 0;
  std::vector<std::uint8_t> pageable_;
};

}  // namespace fragviz
