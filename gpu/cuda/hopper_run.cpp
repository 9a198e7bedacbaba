// The Hopper probe family's device half: one copy in of the image pack_hopper built
// (fragviz/probe/hopper_family.hpp), one launch per (wgmma entry, form) plus one for the matrix
// moves on the family's own streams; then one copy out per chunk (hopper_chunks), each queued
// behind that chunk's kernels only, so the host judges a chunk while the next ones run.
#include "hopper_run.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cuda_check.hpp"
#include "hopper/wgmma_kernels.hpp"
#include "matrix_move_kernels.hpp"

namespace fragviz {

std::string wgmma_code_problem(int index, const std::string& mnemonic) {
  const char* compiled = cuda::wgmma_compiled_mnemonic(index);
  if (compiled && mnemonic == compiled) return {};
  return std::string("internal: the compiled kernel issues ") + (compiled ? compiled : "nothing") +
         " for this entry (regenerate gpu/cuda/hopper/wgmma_ops.cuh)";
}

HopperBuffer::~HopperBuffer() {
  if (ptr) cudaFree(ptr);  // unchecked: nothing useful to do about a failed free
}

HopperChunkEvents::~HopperChunkEvents() {
  // Unchecked: nothing useful to do about a failed destroy.
  for (const std::vector<cudaEvent_t>& chunk : kernels_done)
    for (cudaEvent_t e : chunk) (void)cudaEventDestroy(e);
  for (cudaEvent_t e : copied) (void)cudaEventDestroy(e);
  if (copy) (void)cudaStreamDestroy(copy);
}

void release_hopper(HopperDevice& dev) {
  // A failure elsewhere may end the run while these kernels or copies still run: wait first.
  if (dev.launched) (void)cudaDeviceSynchronize();
  dev.launched = false;
  dev.chunks.reset();
  dev.d_in.reset();
  dev.d_out.reset();
  dev.streams.reset();
}

namespace {

/// Creates `dev.chunks`: the copy stream and, per chunk, an event per pool stream and one for the
/// copy. Events without timing: they only order work.
bool make_chunk_events(std::size_t chunks, HopperDevice& dev, std::string& error) {
  dev.chunks = std::make_unique<HopperChunkEvents>();
  HopperChunkEvents& ev = *dev.chunks;
  if (!FRAGVIZ_CUDA_OK(error, cudaStreamCreate(&ev.copy))) return false;
  ev.kernels_done.resize(chunks);
  ev.copied.resize(chunks);
  for (std::size_t c = 0; c < chunks; ++c) {
    ev.kernels_done[c].resize(dev.streams->size());
    for (cudaEvent_t& e : ev.kernels_done[c])
      if (!FRAGVIZ_CUDA_OK(error, cudaEventCreateWithFlags(&e, cudaEventDisableTiming))) return false;
    if (!FRAGVIZ_CUDA_OK(error, cudaEventCreateWithFlags(&ev.copied[c], cudaEventDisableTiming)))
      return false;
  }
  return true;
}

}  // namespace

bool launch_hopper(const HopperWork& w, HopperDevice& dev, std::string& error,
                   const std::vector<HopperChunk>& chunks) {
  if (w.plans.empty() && w.move_plans.empty()) return true;

  dev.d_in = std::make_unique<HopperBuffer>();
  dev.d_out = std::make_unique<HopperBuffer>();
  std::uint8_t*& d_in = dev.d_in->ptr;
  std::uint8_t*& d_out = dev.d_out->ptr;
  if (!FRAGVIZ_CUDA_OK(error,
                       cudaMalloc(reinterpret_cast<void**>(&d_in), std::max<std::size_t>(w.in.size(), 16))) ||
      !FRAGVIZ_CUDA_OK(
          error, cudaMalloc(reinterpret_cast<void**>(&d_out), std::max<std::size_t>(w.out_bytes, 16))) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in, w.in.data(), w.in.size(), cudaMemcpyHostToDevice)) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0, w.out_bytes))) {
    release_hopper(dev);
    return false;
  }
  std::uint32_t* d_words = reinterpret_cast<std::uint32_t*>(d_out);
  dev.streams = std::make_unique<StreamPool>();  // one warpgroup per launch: several share the SMs
  dev.launched = true;
  if (!make_chunk_events(chunks.size(), dev, error)) {
    release_hopper(dev);
    return false;
  }
  // One chunk after another (the launches in order, round-robin over the streams); once a chunk's
  // launches are queued, an event on every stream marks where its kernels end. The last chunk
  // ends after the matrix moves' launch ("launch" w.launches.size() + 1).
  std::size_t chunk = 0;
  const auto ended = [&w](const HopperChunk& k, std::size_t launch) {
    return k.moves ? launch > w.launches.size() : k.launch_end <= launch;
  };
  const auto mark_chunks_up_to = [&](std::size_t launch) {
    for (; chunk < chunks.size() && ended(chunks[chunk], launch); ++chunk)
      for (std::size_t s = 0; s < dev.streams->size(); ++s)
        if (!FRAGVIZ_CUDA_OK(error, cudaEventRecord(dev.chunks->kernels_done[chunk][s], dev.streams->at(s))))
          return false;
    return true;
  };
  for (std::size_t i = 0; i < w.launches.size(); ++i) {
    const HopperWork::Launch& l = w.launches[i];
    const int index = wgmma_index(w.plans[l.plan].instr);
    if (!mark_chunks_up_to(i) ||
        !FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wgmma_probe(
                             index, l.form, reinterpret_cast<const cuda::WgmmaJob*>(d_in + l.jobs_at),
                             static_cast<int>(l.jobs.size()), d_in, d_words, l.smem, dev.streams->next()))) {
      release_hopper(dev);
      return false;
    }
  }
  if (!mark_chunks_up_to(w.launches.size())) {
    release_hopper(dev);
    return false;
  }
  if (!w.move_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(
          error,
          cuda::launch_matrix_move_probe(
              reinterpret_cast<const cuda::MoveJob*>(d_in + w.moves_at), static_cast<int>(w.move_jobs.size()),
              reinterpret_cast<cuda::MoveOut*>(d_out + hopper_moves_out_at(w)), dev.streams->next()))) {
    release_hopper(dev);
    return false;
  }
  // The last chunk also waits for the matrix moves' kernel.
  if (!mark_chunks_up_to(w.launches.size() + 1)) {
    release_hopper(dev);
    return false;
  }
  return true;
}

bool queue_hopper_copy(const std::vector<HopperChunk>& chunks, std::size_t c, HopperDevice& dev,
                       std::uint8_t* host, std::string& error) {
  if (!dev.launched) return true;  // nothing to run
  if (!dev.chunks || dev.chunks->copied.size() != chunks.size() || c >= chunks.size()) {
    error = "internal: the Hopper kernels were launched for other chunks than those copied out";
    return false;
  }
  HopperChunkEvents& ev = *dev.chunks;
  for (cudaEvent_t e : ev.kernels_done[c])
    if (!FRAGVIZ_CUDA_OK(error, cudaStreamWaitEvent(ev.copy, e, 0))) return false;
  const HopperChunk& k = chunks[c];
  if (k.out_end > k.out_begin &&
      !FRAGVIZ_CUDA_OK(error, cudaMemcpyAsync(host + k.out_begin, dev.d_out->ptr + k.out_begin,
                                              k.out_end - k.out_begin, cudaMemcpyDeviceToHost, ev.copy)))
    return false;
  return FRAGVIZ_CUDA_OK(error, cudaEventRecord(ev.copied[c], ev.copy));
}

bool wait_hopper_chunk(HopperDevice& dev, std::size_t index, std::string& error) {
  if (!dev.launched) return true;  // nothing ran
  if (!dev.chunks || index >= dev.chunks->copied.size()) {
    error = "internal: no Hopper chunk " + std::to_string(index) + " was queued";
    return false;
  }
  return FRAGVIZ_CUDA_OK(error, cudaEventSynchronize(dev.chunks->copied[index]));
}

}  // namespace fragviz
