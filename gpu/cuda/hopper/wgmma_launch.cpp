// launch_wgmma_probe: routes an entry to the part file that compiled it.
#include "wgmma_kernels.hpp"

namespace fragviz::cuda {

cudaError_t launch_wgmma_part0(int, WgmmaForm, const WgmmaJob*, int, const std::uint8_t*, std::uint32_t*,
                               std::uint32_t, cudaStream_t);
cudaError_t launch_wgmma_part1(int, WgmmaForm, const WgmmaJob*, int, const std::uint8_t*, std::uint32_t*,
                               std::uint32_t, cudaStream_t);
cudaError_t launch_wgmma_part2(int, WgmmaForm, const WgmmaJob*, int, const std::uint8_t*, std::uint32_t*,
                               std::uint32_t, cudaStream_t);
cudaError_t preload_wgmma_part0();
cudaError_t preload_wgmma_part1();
cudaError_t preload_wgmma_part2();
const char* wgmma_part_mnemonic0(int);
const char* wgmma_part_mnemonic1(int);
const char* wgmma_part_mnemonic2(int);

cudaError_t launch_wgmma_probe(int index, WgmmaForm form, const WgmmaJob* jobs, int job_count,
                               const std::uint8_t* images, std::uint32_t* out, std::uint32_t smem_bytes,
                               cudaStream_t stream) {
  switch (index / kWgmmaPartSize) {
    case 0:
      return launch_wgmma_part0(index, form, jobs, job_count, images, out, smem_bytes, stream);
    case 1:
      return launch_wgmma_part1(index, form, jobs, job_count, images, out, smem_bytes, stream);
    case 2:
      return launch_wgmma_part2(index, form, jobs, job_count, images, out, smem_bytes, stream);
    default:
      return cudaErrorInvalidValue;
  }
}

cudaError_t preload_wgmma_probe_kernels() {
  cudaError_t e = preload_wgmma_part0();
  if (e == cudaSuccess) e = preload_wgmma_part1();
  if (e == cudaSuccess) e = preload_wgmma_part2();
  return e;
}

const char* wgmma_compiled_mnemonic(int index) {
  switch (index / kWgmmaPartSize) {
    case 0:
      return wgmma_part_mnemonic0(index);
    case 1:
      return wgmma_part_mnemonic1(index);
    case 2:
      return wgmma_part_mnemonic2(index);
    default:
      return nullptr;
  }
}

}  // namespace fragviz::cuda
