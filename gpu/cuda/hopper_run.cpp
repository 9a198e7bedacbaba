// The Hopper probe family's device half: one copy in of the image pack_hopper built
// (fragviz/probe/hopper_family.hpp), one launch per (wgmma entry, form) plus one for the matrix
// moves on the family's own streams, one copy out for judge_hopper.
#include "hopper_run.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>

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

void release_hopper(HopperDevice& dev) {
  // A failure elsewhere may end the run while these kernels still run: wait before freeing.
  if (dev.launched) (void)cudaDeviceSynchronize();
  dev.launched = false;
  dev.d_in.reset();
  dev.d_out.reset();
  dev.streams.reset();
}

bool launch_hopper(const HopperWork& w, HopperDevice& dev, std::string& error) {
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
  for (const HopperWork::Launch& l : w.launches) {
    const int index = wgmma_index(w.plans[l.plan].instr);
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wgmma_probe(
                             index, l.form, reinterpret_cast<const cuda::WgmmaJob*>(d_in + l.jobs_at),
                             static_cast<int>(l.jobs.size()), d_in, d_words, l.smem, dev.streams->next()))) {
      release_hopper(dev);
      return false;
    }
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
  return true;
}

bool copy_out_hopper(HopperWork& w, HopperDevice& dev, std::string& error) {
  if (!dev.launched) return true;
  std::vector<std::uint8_t> out(w.out_bytes);
  // On the legacy default stream: waits for every launch on the pool's (blocking) streams.
  const bool copied =
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), dev.d_out->ptr, w.out_bytes, cudaMemcpyDeviceToHost));
  release_hopper(dev);
  if (copied) w.out = std::move(out);
  return copied;
}

}  // namespace fragviz
