// The mma.sync family's device half: run_probes() packs the family while CUDA starts (pack_mma,
// fragviz/probe/mma_family.hpp, pure host), then launch_mma and copy_out_mma run it here, and
// judge_mma (pure host) judges it while the Hopper kernels run.
#pragma once

#include <cstdint>
#include <string>

#include "fragviz/probe/mma_family.hpp"
#include "stream_pool.hpp"

namespace fragviz {

/// The family's device buffers once launch_mma allocated them; freed by release_mma.
struct MmaDevice {
  std::uint8_t* d_in = nullptr;
  std::uint8_t* d_out = nullptr;
};

/// Allocates the family's buffers into `dev`, zeroes the output, copies work.in in and queues
/// every launch: the timed ldmatrix launches on the legacy default stream, the instruction probes
/// on `streams`. Returns false with `error` set when a CUDA call fails.
bool launch_mma(const MmaWork& work, MmaDevice& dev, const ProbeRequest& req, StreamPool& streams,
                std::string& error);

/// Copies the output back into work.out on the legacy default stream, which waits for every launch
/// queued so far (so before another family's launches are queued, or it waits for them too).
/// Returns false with `error` set when the copy fails or a launch faulted.
bool copy_out_mma(MmaWork& work, const MmaDevice& dev, std::string& error);

/// Frees the family's device buffers (cudaFree waits for the whole device: call it once no other
/// family's kernels are meant to overlap).
void release_mma(MmaDevice& dev);

}  // namespace fragviz
