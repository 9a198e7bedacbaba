// The Hopper family's device half: run_probes() packs the family while CUDA starts (pack_hopper,
// fragviz/probe/hopper_family.hpp, pure host), launch_hopper queues it here chunk by chunk
// (hopper_chunks) without a host sync, while the mma.sync family is judged on its own thread;
// queue_hopper_copy then queues each chunk's copy out behind that chunk's kernels, and the host
// judges a chunk's plans (judge_hopper_as_copied) as soon as wait_hopper_chunk returns, while the
// kernels of the next chunks still run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

/// CUDA events and the copy stream of a chunked run, destroyed on scope exit.
struct HopperChunkEvents {
  cudaStream_t copy = nullptr;                         ///< the chunks' copies out, in chunk order
  std::vector<std::vector<cudaEvent_t>> kernels_done;  ///< per chunk, one per pool stream
  std::vector<cudaEvent_t> copied;                     ///< per chunk, after its copy out
  HopperChunkEvents() = default;
  HopperChunkEvents(const HopperChunkEvents&) = delete;
  HopperChunkEvents& operator=(const HopperChunkEvents&) = delete;
  ~HopperChunkEvents();
};

/// The family's device buffers and streams once launched.
struct HopperDevice {
  bool launched = false;  ///< kernels queued: release_hopper waits for the device
  std::unique_ptr<HopperBuffer> d_in, d_out;
  std::unique_ptr<StreamPool> streams;
  std::unique_ptr<HopperChunkEvents> chunks;  ///< set by launch_hopper
};

/// "" when this build's wgmma kernel for catalogue entry `index` issues `mnemonic`, else the
/// internal refusal pack_hopper reports for it.
std::string wgmma_code_problem(int index, const std::string& mnemonic);

/// Frees a launched family's buffers after waiting for the device, so an error elsewhere never
/// frees memory its kernels still use.
void release_hopper(HopperDevice& dev);

/// Allocates, copies work.in in and queues every launch on the family's own streams without
/// waiting for them, `chunks` (hopper_chunks(work, n)) one after another, marking on every stream
/// where each chunk's launches end, for queue_hopper_copy. Returns false with `error` set when a
/// CUDA call fails (the buffers are freed).
bool launch_hopper(const HopperWork& work, HopperDevice& dev, std::string& error,
                   const std::vector<HopperChunk>& chunks);

/// After launch_hopper with the same `chunks`: queues chunk `c`'s copy out into `host` (the whole
/// output image's place, work.out_bytes long) on the copy stream, behind that chunk's kernels only
/// and the earlier chunks' copies. Into page-locked memory it returns at once; into pageable
/// memory only once the copy is done, so each chunk is then queued as it is waited for. Returns
/// false with `error` set when a CUDA call fails.
bool queue_hopper_copy(const std::vector<HopperChunk>& chunks, std::size_t c, HopperDevice& dev,
                       std::uint8_t* host, std::string& error);

/// Waits until chunk `index`'s bytes are in the host buffer queue_hopper_copy was given. Returns
/// false with `error` set when the copy failed or a kernel faulted.
bool wait_hopper_chunk(HopperDevice& dev, std::size_t index, std::string& error);

}  // namespace fragviz
