// The gate's Hopper rungs on a real GPU (label gpu): every rung's C bit for bit against the CPU's
// double-precision product of the host generator's inputs (gate_host.hpp), never against GPU code;
// and the launcher's refusals, which must leave C untouched. SKIPPED without a device, and the
// exactness cases without compute capability 9.0 (the kernels are sm_90a code).
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/wgmma_gate.hpp"
#include "gate_wgmma.cuh"
#include "skip_without_device.hpp"

namespace {

bool is_sm90() {
  int device = 0, major = 0, minor = 0;
  return cudaGetDevice(&device) == cudaSuccess &&
         cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) == cudaSuccess &&
         cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) == cudaSuccess &&
         major == 9 && minor == 0;
}

#define SKIP_WITHOUT_SM90()                                                        \
  do {                                                                             \
    SKIP_WITHOUT_DEVICE();                                                         \
    if (!is_sm90()) GTEST_SKIP() << "the wgmma rungs need compute capability 9.0"; \
  } while (0)

/// Device copies of one size's inputs and an output filled with NaN (0xFF bytes).
struct DeviceMatrices {
  __half* a = nullptr;
  __half* b = nullptr;
  float* c = nullptr;
  std::size_t cells = 0;
  explicit DeviceMatrices(const fragviz::GateInputs& in) : cells(static_cast<std::size_t>(in.n) * in.n) {
    EXPECT_EQ(cudaMalloc(&a, cells * 2), cudaSuccess);
    EXPECT_EQ(cudaMalloc(&b, cells * 2), cudaSuccess);
    EXPECT_EQ(cudaMalloc(&c, cells * 4), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(a, in.a_half.data(), cells * 2, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(b, in.b_half.data(), cells * 2, cudaMemcpyHostToDevice), cudaSuccess);
    poison();
  }
  ~DeviceMatrices() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
  }
  void poison() { EXPECT_EQ(cudaMemset(c, 0xFF, cells * 4), cudaSuccess); }
  std::vector<float> read_c() const {
    std::vector<float> out(cells);
    EXPECT_EQ(cudaMemcpy(out.data(), c, cells * 4, cudaMemcpyDeviceToHost), cudaSuccess);
    return out;
  }
};

bool all_nan_bytes(const std::vector<float>& v) {
  for (float x : v) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &x, 4);
    if (bits != 0xFFFFFFFFu) return false;
  }
  return true;
}

}  // namespace

TEST(GateWgmma, EveryRungExactAtSmallSizes) {
  SKIP_WITHOUT_SM90();
  // 256 and 512: whole tiles of every rung; 768: three 256-row cluster units, an odd tile count.
  for (int n : {256, 512, 768}) {
    const fragviz::GateInputs in = fragviz::generate_gate_inputs(n, 5);
    const std::vector<float> want = fragviz::reference_matmul_cpu(n, in.a, in.b);
    DeviceMatrices m(in);
    for (int rung = 0; rung < fragviz::kWgmmaGateRungCount; ++rung) {
      SCOPED_TRACE(std::string(fragviz::kWgmmaGateRungs[rung].name) + " n " + std::to_string(n));
      if (fragviz::validate_wgmma_gate(rung, n)) continue;
      m.poison();
      ASSERT_EQ(fragviz::cuda::launch_gate_wgmma(rung, m.a, m.b, m.c, n, nullptr), cudaSuccess);
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      const fragviz::CompareResult r = fragviz::compare_exact(n, n, m.read_c().data(), want.data());
      EXPECT_EQ(r.count, 0u) << "first at (" << (r.first ? r.first->row : -1) << ", "
                             << (r.first ? r.first->col : -1) << ")";
    }
  }
}

TEST(GateWgmma, RefusesBadInputAndLeavesCUntouched) {
  SKIP_WITHOUT_DEVICE();
  const fragviz::GateInputs in = fragviz::generate_gate_inputs(256, 1);
  DeviceMatrices m(in);
  using fragviz::cuda::launch_gate_wgmma;
  EXPECT_EQ(launch_gate_wgmma(0, m.a, m.b, m.c, 200, nullptr),
            cudaErrorInvalidValue);  // not a multiple of 128
  EXPECT_EQ(launch_gate_wgmma(1, m.a, m.b, m.c, 128, nullptr),
            cudaErrorInvalidValue);  // below one 128x256 tile
  EXPECT_EQ(launch_gate_wgmma(fragviz::kWgmmaGateRungCount, m.a, m.b, m.c, 256, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(launch_gate_wgmma(0, m.a + 1, m.b, m.c, 128, nullptr), cudaErrorInvalidValue);  // 2-byte offset
  EXPECT_EQ(launch_gate_wgmma(2, m.a, m.b, nullptr, 256, nullptr), cudaErrorInvalidValue);
  if (!is_sm90())
    EXPECT_EQ(launch_gate_wgmma(0, m.a, m.b, m.c, 256, nullptr), cudaErrorNoKernelImageForDevice);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_TRUE(all_nan_bytes(m.read_c())) << "a refused launch wrote C";
  const auto why = fragviz::cuda::gate_wgmma_check(0, m.a + 1, m.b, m.c, 256);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("16-byte aligned"), std::string::npos) << *why;
}

TEST(GateWgmma, KernelsLoadWithTheirNames) {
  SKIP_WITHOUT_SM90();
  for (int rung = 0; rung < fragviz::kWgmmaGateRungCount; ++rung) {
    cudaFuncAttributes attr{};
    ASSERT_EQ(fragviz::cuda::gate_wgmma_attributes(rung, &attr), cudaSuccess) << rung;
    EXPECT_GT(attr.numRegs, 0) << rung;
    ASSERT_NE(fragviz::cuda::gate_wgmma_kernel_name(rung), nullptr);
  }
  EXPECT_EQ(fragviz::cuda::gate_wgmma_kernel_name(fragviz::kWgmmaGateRungCount), nullptr);
}
