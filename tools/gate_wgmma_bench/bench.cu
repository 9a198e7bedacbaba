// Standalone bench for the gate's wgmma rungs (gpu/cuda/hopper/gate_wgmma.cu): the launcher's
// refusals, every rung bit-exact against a CUDA-core reference at n = 256 .. 8192 (and cuBLAS's
// result too), then cuBLAS (cublasGemmEx, f16 in, f32 out, f32 compute) and every rung timed in
// interleaved rounds at 2048/4096/8192, median of 15 after 3 warm-up. Not part of the CMake build
// (it links cuBLAS); run.sh beside it builds it on an sm_90 machine from the repository root.
//   ./b            everything above
//   ./b quick      rungs 2-3 only, n = 1280/4096/8192 exactness, 4096/8192 timing
//   ./b profile N [R]  one launch of each rung and of cuBLAS at N (for ncu), or of rung R alone
//   ./b time N...  rungs 2 on timed at the sizes given (no exactness; e.g. whole and partial waves)
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fragviz/gate/wgmma_gate.hpp"
#include "gate_wgmma.cuh"

extern "C" __global__ void gate_wgmma_cluster(CUtensorMap, CUtensorMap, float*, int);

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

__device__ std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
// Multiples of 0.25 in [-2, 2].
__global__ void generate(__half* a, __half* b, int n, std::uint64_t seed) {
  std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  std::size_t total = static_cast<std::size_t>(n) * n;
  for (; i < total; i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    a[i] = __float2half(static_cast<float>(static_cast<int>(mix(seed * 2 * total + i) % 17) - 8) * 0.25f);
    b[i] =
        __float2half(static_cast<float>(static_cast<int>(mix((seed * 2 + 1) * total + i) % 17) - 8) * 0.25f);
  }
}
// r = a x b, 16x16 shared tiles, k ascending, one fmaf at a time (exact for these inputs).
__global__ void reference(const __half* a, const __half* b, float* r, int n) {
  __shared__ float ta[16][16], tb[16][16];
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0.f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    ta[threadIdx.y][threadIdx.x] = __half2float(a[static_cast<std::size_t>(row) * n + k0 + threadIdx.x]);
    tb[threadIdx.y][threadIdx.x] = __half2float(b[static_cast<std::size_t>(k0 + threadIdx.y) * n + col]);
    __syncthreads();
    for (int k = 0; k < 16; ++k) acc = fmaf(ta[threadIdx.y][k], tb[k][threadIdx.x], acc);
    __syncthreads();
  }
  r[static_cast<std::size_t>(row) * n + col] = acc;
}
__global__ void compare(const float* got, const float* want, std::size_t count, unsigned long long* diff,
                        unsigned long long* first) {
  std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  for (; i < count; i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    if (__float_as_uint(got[i]) != __float_as_uint(want[i])) {
      atomicAdd(diff, 1ull);
      atomicMin(first, static_cast<unsigned long long>(i));
    }
}

struct Buffers {
  __half *a, *b;
  float *c, *r;
  unsigned long long* stats;
};

static unsigned long long mismatches(const Buffers& m, int n, unsigned long long* first) {
  unsigned long long h[2] = {0, ~0ull};
  CK(cudaMemcpy(m.stats, h, sizeof h, cudaMemcpyHostToDevice));
  compare<<<1024, 256>>>(m.c, m.r, static_cast<std::size_t>(n) * n, m.stats, m.stats + 1);
  CK(cudaGetLastError());
  CK(cudaMemcpy(h, m.stats, sizeof h, cudaMemcpyDeviceToHost));
  *first = h[1];
  return h[0];
}

static void cublas_run(cublasHandle_t h, const Buffers& m, int n) {
  const float alpha = 1.f, beta = 0.f;
  // Row-major C = A B is column-major C^T = B^T A^T: pass B first.
  cublasStatus_t st =
      cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, m.b, CUDA_R_16F, n, m.a, CUDA_R_16F, n,
                   &beta, m.c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (st != CUBLAS_STATUS_SUCCESS) {
    std::printf("cublasGemmEx failed %d\n", static_cast<int>(st));
    std::exit(1);
  }
}

template <class F>
static double median_ms(F&& launch, int reps) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int i = 0; i < 3; ++i) launch();
  CK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(e0));
    launch();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  const bool profile = argc > 1 && std::string(argv[1]) == "profile";
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s sm_%d%d, %d SMs\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  const int max_n = 8192;
  Buffers m;
  const std::size_t cells = static_cast<std::size_t>(max_n) * max_n;
  CK(cudaMalloc(&m.a, cells * 2 + 16));
  CK(cudaMalloc(&m.b, cells * 2));
  CK(cudaMalloc(&m.c, cells * 4));
  CK(cudaMalloc(&m.r, cells * 4));
  CK(cudaMalloc(&m.stats, 16));
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) return 1;

  if (profile) {  // one launch of each rung and cuBLAS at n (argv[2], default 4096), for ncu
    const int n = argc > 2 ? std::atoi(argv[2]) : 4096;
    generate<<<1024, 256>>>(m.a, m.b, n, 1);
    const int only = argc > 3 ? std::atoi(argv[3]) : -1;  // one rung, and no cuBLAS
    for (int rung = 0; rung < fragviz::kWgmmaGateRungCount; ++rung)
      if (only < 0 || rung == only) CK(fragviz::cuda::launch_gate_wgmma(rung, m.a, m.b, m.c, n, nullptr));
    if (only < 0) cublas_run(h, m, n);
    CK(cudaDeviceSynchronize());
    return 0;
  }

  for (int rung = 0; rung < fragviz::kWgmmaGateRungCount; ++rung) {
    cudaFuncAttributes attr;
    CK(fragviz::cuda::gate_wgmma_attributes(rung, &attr));
    std::printf("rung %d %-17s kernel %-22s regs %d, dynamic smem %d B, %d threads, n multiple %d\n", rung,
                fragviz::kWgmmaGateRungs[rung].name, fragviz::cuda::gate_wgmma_kernel_name(rung),
                attr.numRegs, fragviz::wgmma_gate_dynamic_smem_bytes(fragviz::kWgmmaGateRungs[rung]),
                fragviz::wgmma_gate_threads(fragviz::kWgmmaGateRungs[rung]),
                fragviz::wgmma_gate_n_multiple(fragviz::kWgmmaGateRungs[rung]));
  }

  // Refusals: nothing may launch, each must return an error.
  {
    auto show = [](const char* what, int rung, const __half* a, const __half* b, float* c, int n) {
      cudaError_t e = fragviz::cuda::launch_gate_wgmma(rung, a, b, c, n, nullptr);
      auto why = fragviz::cuda::gate_wgmma_check(rung, a, b, c, n);
      std::printf("refuse %-22s -> %s | %s\n", what, cudaGetErrorName(e), why ? why->c_str() : "(accepted)");
    };
    show("rung 4", 4, m.a, m.b, m.c, 1024);
    show("rung 3 n=1152", 3, m.a, m.b, m.c, 1152);
    show("rung 0 n=1000", 0, m.a, m.b, m.c, 1000);
    show("rung 1 n=1152", 1, m.a, m.b, m.c, 1152);
    show("rung 0 a+1 element", 0, m.a + 1, m.b, m.c, 1024);
    show("rung 2 c null", 2, m.a, m.b, nullptr, 1024);
    show("rung 5 c+2 floats", 5, m.a, m.b, m.c + 2, 1024);  // 8-byte aligned: TMA stores need 16
    CK(cudaDeviceSynchronize());
  }

  const bool quick = argc > 1 && std::string(argv[1]) == "quick";  // variants: fewer sizes, rungs 2-3
  const bool time_only = argc > 2 && std::string(argv[1]) == "time";
  std::vector<int> time_sizes;
  for (int i = 2; time_only && i < argc; ++i) time_sizes.push_back(std::atoi(argv[i]));
  const int first_rung = quick || time_only ? 2 : 0;
  std::printf("\nexactness (bit for bit vs CUDA-core reference)\n");
  const std::vector<int> sizes =
      time_only ? std::vector<int>{}
      : quick   ? std::vector<int>{1280, 4096, 8192}
                : std::vector<int>{256, 1024, 1152, 1280, 1536, 2048, 3072, 4096, 5120, 8192};
  bool all_exact = true;
  for (int n : sizes) {
    generate<<<1024, 256>>>(m.a, m.b, n, static_cast<std::uint64_t>(n));
    reference<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(m.a, m.b, m.r, n);
    CK(cudaGetLastError());
    std::printf("n=%5d:", n);
    for (int rung = first_rung; rung < fragviz::kWgmmaGateRungCount; ++rung) {
      if (fragviz::validate_wgmma_gate(rung, n)) {
        std::printf("  %s -", fragviz::kWgmmaGateRungs[rung].name);
        continue;
      }
      CK(cudaMemset(m.c, 0xFF, static_cast<std::size_t>(n) * n * 4));  // NaN: unwritten cells show
      CK(fragviz::cuda::launch_gate_wgmma(rung, m.a, m.b, m.c, n, nullptr));
      CK(cudaDeviceSynchronize());
      unsigned long long first = 0, bad = mismatches(m, n, &first);
      all_exact = all_exact && bad == 0;
      if (bad == 0)
        std::printf("  %s exact", fragviz::kWgmmaGateRungs[rung].name);
      else {
        float got = 0, want = 0;
        CK(cudaMemcpy(&got, m.c + first, 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&want, m.r + first, 4, cudaMemcpyDeviceToHost));
        std::printf("  %s %llu DIFFER (first row %llu col %llu: %g want %g)",
                    fragviz::kWgmmaGateRungs[rung].name, bad, first / n, first % n, got, want);
      }
    }
    CK(cudaMemset(m.c, 0xFF, static_cast<std::size_t>(n) * n * 4));
    cublas_run(h, m, n);
    CK(cudaDeviceSynchronize());
    unsigned long long first = 0, bad = mismatches(m, n, &first);
    std::printf("  cublas %s\n", bad == 0 ? "exact" : "DIFFERS");
  }
  if (!sizes.empty()) std::printf("all rungs exact: %s\n", all_exact ? "yes" : "NO");

  {
    int clusters = 0;
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 2;
    attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(2);
    cfg.blockDim = dim3(384);
    cfg.dynamicSmemBytes =
        static_cast<std::size_t>(fragviz::wgmma_gate_dynamic_smem_bytes(fragviz::kWgmmaGateRungs[3]));
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    const cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, gate_wgmma_cluster, &cfg);
    std::printf("max active 2-block clusters of gate_wgmma_cluster: %d (%s)\n", clusters,
                cudaGetErrorName(e));
  }

  // Interleaved: each round times one launch of cuBLAS and of every rung, so drifting clocks
  // (power, heat) hit all alike; median of the rounds.
  const int rounds = 15;
  std::printf("\ntiming: %d interleaved rounds after 3 warm-up, median, TFLOP/s and ratio to cuBLAS\n",
              rounds);
  std::printf("%6s %12s", "n", "cuBLAS");
  for (int rung = first_rung; rung < fragviz::kWgmmaGateRungCount; ++rung)
    std::printf(" %24s", fragviz::kWgmmaGateRungs[rung].name);
  std::printf("\n");
  const std::vector<int> timed = time_only ? time_sizes
                                 : quick   ? std::vector<int>{4096, 8192}
                                           : std::vector<int>{2048, 4096, 8192};
  for (int n : timed) {
    generate<<<1024, 256>>>(m.a, m.b, n, 7);
    const double flop = 2.0 * n * static_cast<double>(n) * n;
    const int kernels = 1 + fragviz::kWgmmaGateRungCount - first_rung;
    auto launch = [&](int k) {
      if (k == 0)
        cublas_run(h, m, n);
      else
        CK(fragviz::cuda::launch_gate_wgmma(first_rung + k - 1, m.a, m.b, m.c, n, nullptr));
    };
    for (int w = 0; w < 3; ++w)
      for (int k = 0; k < kernels; ++k) launch(k);
    CK(cudaDeviceSynchronize());
    std::vector<std::vector<float>> t(static_cast<std::size_t>(kernels));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int round = 0; round < rounds; ++round)
      for (int k = 0; k < kernels; ++k) {
        CK(cudaEventRecord(e0));
        launch(k);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        t[static_cast<std::size_t>(k)].push_back(ms);
      }
    std::vector<double> med;
    for (auto& v : t) {
      std::sort(v.begin(), v.end());
      med.push_back(v[v.size() / 2]);
    }
    std::printf("%6d %7.1f TF/s", n, flop / med[0] / 1e9);
    for (int k = 1; k < kernels; ++k)
      std::printf("   %7.1f TF/s %5.3fx", flop / med[k] / 1e9, med[0] / med[k]);
    std::printf("\n");
  }
  cublasDestroy(h);
  return 0;
}
