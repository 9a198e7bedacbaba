// The Hopper family's device half: run_probes() packs the family while CUDA starts (pack_hopper,
// fragviz/probe/hopper_family.hpp, pure host), launch_hopper queues it here without a host sync,
// so the mma.sync family is judged while these kernels run, then copy_out_hopper and judge_hopper
// (pure host).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "fragviz/probe/hopper_family.hpp"
#include "stream_pool.hpp"

namespace fragviz {

/// One device allocation, freed on scope exit.
struct HopperBuffer {
  std::uint8_t* ptr = nullptr;
  HopperBuffer() = default;
  HopperBuffer(const HopperBuffer&) = delete;
  HopperBuffer& operator=(const HopperBuffer&) = delete;
  ~HopperBuffer();
};

/// The family's device buffers and streams once launched.
struct HopperDevice {
  bool launched = false;  ///< kernels queued: copy_out_hopper copies out
  std::unique_ptr<HopperBuffer> d_in, d_out;
  std::unique_ptr<StreamPool> streams;
};

/// "" when this build's wgmma kernel for catalogue entry `index` issues `mnemonic`, else the
/// internal refusal pack_hopper reports for it.
std::string wgmma_code_problem(int index, const std::string& mnemonic);

/// Frees a launched family's buffers after waiting for the device, so an error elsewhere never
/// frees memory its kernels still use.
void release_hopper(HopperDevice& dev);

/// Allocates, copies work.in in and queues every launch on the family's own streams without
/// waiting for them. Returns false with `error` set when a CUDA call fails (the buffers are freed).
bool launch_hopper(const HopperWork& work, HopperDevice& dev, std::string& error);

/// Waits for the launches and copies the results into work.out, then frees the buffers (also when
/// the copy fails). Returns false with `error` set when the copy fails or a launch faulted.
bool copy_out_hopper(HopperWork& work, HopperDevice& dev, std::string& error);

}  // namespace fragviz
