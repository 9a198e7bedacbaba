// The mma.sync probe family's device half: one copy in of the image pack_mma built
// (fragviz/probe/mma_family.hpp), the launches (explorer, the seed's m16n8k8 and m16n8k16, each
// requested mma.sync twice: registers from the host, then A and B through ldmatrix; the cycles
// table), one copy out for judge_mma.
#include "mma_family.hpp"

#include <cuda_runtime_api.h>

#include "cuda_check.hpp"
#include "mma_probe_kernels.hpp"
#include "probe_kernels.hpp"

namespace fragviz {

bool launch_mma(const MmaWork& w, MmaDevice& dev, const ProbeRequest& req, StreamPool& streams,
                std::string& error) {
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&dev.d_in), w.in.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&dev.d_out), w.out.size())) ||
      // Alignment gaps and the unused register slots are never written by a kernel; zero them so
      // the copy back moves only initialised memory (compute-sanitizer's initcheck).
      !FRAGVIZ_CUDA_OK(error, cudaMemset(dev.d_out, 0, w.out.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(dev.d_in, w.in.data(), w.in.size(), cudaMemcpyHostToDevice)))
    return false;
  std::uint8_t* const d_in = dev.d_in;
  std::uint8_t* const d_out = dev.d_out;
  const std::uint8_t* d_tiles = d_in + w.tiles_at;
  // The instruction probes (one warp each) share the SMs on the pool's streams. The explorer, the
  // fragments and the cycles table stay on the legacy default stream, which waits for the pool's
  // streams and they for it: the timed ldmatrix launches run alone.
  if (!w.explorer_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(
          error, cuda::launch_ldmatrix_probe(
                     req.ldmatrix, reinterpret_cast<const cuda::LdmatrixJob*>(d_in + w.explorer_jobs_at), 1,
                     d_tiles, w.explorer_max_bytes,
                     reinterpret_cast<cuda::LdmatrixJobOut*>(d_out + w.explorer_out_at), nullptr)))
    return false;
  for (const MmaWork::Fragment& plan : w.fragment_plans) {
    if (!plan.launch) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_fragment_probe(
                       plan.k, plan.params, reinterpret_cast<const cuda::FragmentSetIn*>(d_in + plan.in_at),
                       reinterpret_cast<cuda::FragmentSetOut*>(d_out + plan.out_at), nullptr)))
      return false;
  }
  const auto word_in = [&](std::size_t at) { return reinterpret_cast<const std::uint32_t*>(d_in + at); };
  const auto word_out = [&](std::size_t at) { return reinterpret_cast<std::uint32_t*>(d_out + at); };
  for (const MmaWork::Instr& ip : w.instr_plans) {
    if (!ip.launch) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_mma_probe(ip.index, word_in(ip.a_at), word_in(ip.b_at), word_in(ip.c_at),
                                          word_out(ip.d_at), w.mma[ip.plan].passes, streams.next())))
      return false;
  }
  for (const MmaWork::Instr& ip : w.instr_plans) {
    if (!ip.feed) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_mma_ldmatrix_probe(
                       ip.index, ip.feed_params, d_in + ip.fa_img, d_in + ip.fb_img, word_in(ip.fa),
                       word_in(ip.fb), word_in(ip.fc), word_out(ip.fd), word_out(ip.fa_got),
                       word_out(ip.fb_got), word_out(ip.f_off), w.feed[ip.plan]->passes, streams.next())))
      return false;
  }
  if (!w.cycle_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(error, cuda::launch_ldmatrix_probe(
                                  LdmatrixConfig{LdmNum::x4, false},
                                  reinterpret_cast<const cuda::LdmatrixJob*>(d_in + w.cycle_jobs_at),
                                  static_cast<int>(w.cycle_jobs.size()), d_tiles, w.cycle_max_bytes,
                                  reinterpret_cast<cuda::LdmatrixJobOut*>(d_out + w.cycle_out_at), nullptr)))
    return false;
  return true;
}

bool copy_out_mma(MmaWork& w, const MmaDevice& dev, std::string& error) {
  // On the legacy default stream: waits for every launch and reports any fault they raised.
  return FRAGVIZ_CUDA_OK(error, cudaMemcpy(w.out.data(), dev.d_out, w.out.size(), cudaMemcpyDeviceToHost));
}

void release_mma(MmaDevice& dev) {
  // A failure may end the run while these kernels still run: wait before freeing.
  if (dev.d_in || dev.d_out) (void)cudaDeviceSynchronize();
  if (dev.d_in) cudaFree(dev.d_in);  // unchecked: nothing useful to do about a failed free
  if (dev.d_out) cudaFree(dev.d_out);
  dev.d_in = dev.d_out = nullptr;
}

}  // namespace fragviz
