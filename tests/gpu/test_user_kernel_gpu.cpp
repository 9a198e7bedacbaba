// The example user kernels through the kernel runner's child process on a real GPU, each judged
// against hand-derived expectations (the CuTe one Skipped without the CUTLASS headers), and this
// process's own CUDA context still exact after a user kernel faulted. Skipped (never passed)
// without a device.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "fragviz/device/device.hpp"
#include "fragviz/device/kernel_process.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/user_kernel.hpp"

namespace fragviz {
namespace {

const std::string kExamples = std::string(FRAGVIZ_SOURCE_DIR) + "/examples/kernels/";

GateRequest example(const std::string& entry, const std::string& block, const std::string& grid, int n) {
  GateRequest r;
  r.n = n;
  r.variant = GateVariant::user_kernel;
  r.timed_runs = 3;
  r.with_cublas = false;
  UserKernel k;
  k.source_path = kExamples + entry + ".cu";
  k.entry = entry;
  k.block_text = block;
  k.grid_text = grid;
  r.kernel = k;
  return r;
}

#define REQUIRE_DEVICE()                                           \
  do {                                                             \
    if (!query_device().present) GTEST_SKIP() << "no CUDA device"; \
  } while (0)

GateRequest builtin(int n) {
  GateRequest r;
  r.n = n;
  r.variant = GateVariant::ldmatrix_k8;
  r.timed_runs = 2;
  r.with_cublas = false;
  return r;
}

TEST(UserKernelGpu, MmaExampleIsExact) {
  REQUIRE_DEVICE();
  for (int n : {256, 2048}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const GateReport r = run_user_kernel_gate(example("mma_m16n8k16", "128", "n/64,n/64", n));
    ASSERT_TRUE(r.ran) << r.error.message;
    EXPECT_TRUE(r.exact) << gate_verdict_line(r);
    EXPECT_EQ(r.spot_check_failures, 0);
    EXPECT_GT(r.resources.registers, 0);
    EXPECT_NE(r.resources.ptxas.find("registers"), std::string::npos) << r.resources.ptxas;
    EXPECT_EQ(r.output.size(), static_cast<std::size_t>(n) * n);  // for the output view
    EXPECT_EQ(r.request.kernel->grid.x, n / 64);
  }
}

// The off-by-one kernel never adds A[r][n-1] * B[n-1][c]: it differs exactly where that product
// is not zero, by exactly that product (both from the generator, not from the run).
TEST(UserKernelGpu, OffByOneDiffersExactlyByTheLastProduct) {
  REQUIRE_DEVICE();
  const int n = 256;
  const GateReport r = run_user_kernel_gate(example("off_by_one_k", "16,16", "n/16,n/16", n));
  ASSERT_TRUE(r.ran) << r.error.message;
  const std::uint64_t seed = r.request.seed;
  auto a = [&](int row, int col) {
    return gate_input_value(seed, GateMatrix::A, std::uint64_t(row) * n + col);
  };
  auto b = [&](int row, int col) {
    return gate_input_value(seed, GateMatrix::B, std::uint64_t(row) * n + col);
  };
  std::uint64_t rows = 0, cols = 0;
  for (int i = 0; i < n; ++i) {
    rows += a(i, n - 1) != 0;
    cols += b(n - 1, i) != 0;
  }
  EXPECT_FALSE(r.exact);
  EXPECT_EQ(r.mismatch_count, rows * cols);
  ASSERT_FALSE(r.mismatches.empty());
  for (const Mismatch& m : r.mismatches)
    ASSERT_EQ(m.want - m.got, a(m.row, n - 1) * b(n - 1, m.col)) << "row " << m.row << ", col " << m.col;
}

// The CuTe tiled GEMM (examples/kernels/cute_sm80_gemm.cu), compiled by NVRTC with the CUTLASS
// headers tools/fetch-cutlass.sh fetched: exact at both sizes, its 128 x 128 tiles over the grid.
TEST(UserKernelGpu, CuteExampleIsExact) {
  REQUIRE_DEVICE();
  const Outcome<std::string> cutlass = cutlass_include_dir();
  if (!cutlass) GTEST_SKIP() << cutlass.error.message;
  for (int n : {256, 2048}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    GateRequest req = example("cute_sm80_gemm", "128", "n/128,n/128", n);
    req.kernel->include_dirs = {*cutlass.value};
    const GateReport r = run_user_kernel_gate(req);
    ASSERT_TRUE(r.ran) << r.error.message;
    EXPECT_TRUE(r.exact) << gate_verdict_line(r);
    EXPECT_EQ(r.spot_check_failures, 0);
    EXPECT_EQ(r.request.kernel->grid.x, n / 128);
    EXPECT_EQ(r.request.kernel->include_dirs, std::vector<std::string>{*cutlass.value});
    EXPECT_EQ(r.resources.static_shared_bytes, 2 * 128 * 32 * 2);  // A and B tiles of 128 x 32 halves
    EXPECT_EQ(r.resources.local_bytes, 0);
  }
}

TEST(UserKernelGpu, FaultIsReportedAndThisContextStaysExact) {
  REQUIRE_DEVICE();
  const GateReport before = run_gate(builtin(256));  // this process's own context
  ASSERT_TRUE(before.ran && before.exact) << before.error.message;
  // n = 2048: at 256 its stray stores stayed in mapped memory on the H200 (no fault).
  const GateReport fault = run_user_kernel_gate(example("oob_store", "16,16", "n/16,n/16", 2048));
  EXPECT_FALSE(fault.ran);
  EXPECT_EQ(fault.error.kind, ErrorKind::cuda);
  EXPECT_NE(fault.error.message.find("matmul kernel failed: cudaError"), std::string::npos)
      << fault.error.message;
  const GateReport after = run_gate(builtin(256));
  ASSERT_TRUE(after.ran) << after.error.message;
  EXPECT_TRUE(after.exact);
}

TEST(UserKernelGpu, LaunchBeyondTheDeviceIsRefusedBeforeLaunch) {
  REQUIRE_DEVICE();
  GateRequest r = example("mma_m16n8k16", "128", "n/64,n/64", 256);
  r.kernel->dynamic_smem_bytes = 1 << 20;  // 1 MiB: more than any GPU's opt-in maximum
  const GateReport g = run_user_kernel_gate(r);
  EXPECT_FALSE(g.ran);
  EXPECT_EQ(g.error.kind, ErrorKind::refused);
  EXPECT_NE(g.error.message.find("opt-in maximum"), std::string::npos) << g.error.message;
}

TEST(UserKernelGpu, TimeoutKillsTheRunner) {
  REQUIRE_DEVICE();
  const std::string path = ::testing::TempDir() + "fragviz_spin.cu";
  {
    std::ofstream f(path);
    f << "#include <cuda_fp16.h>\n"
         "extern \"C\" __global__ void spin(const __half* A, const __half* B, float* C, int n) {\n"
         // A global load the compiler cannot hoist, of a value no input has (0xFFFF is a NaN); with
         // `volatile int x = 1; while (x) {}` the run ended at once on the H200 (2026-12-01).
         "  while (*reinterpret_cast<volatile const unsigned short*>(A) != 0xFFFFu) {}\n"
         "}\n";
  }
  GateRequest r = example("mma_m16n8k16", "32", "1", 256);
  r.kernel->source_path = path;
  r.kernel->entry = "spin";
  KernelProcessOptions o;
  o.timeout_s = 5;
  const GateReport g = run_user_kernel_gate(r, o);
  EXPECT_FALSE(g.ran);
  EXPECT_EQ(g.error.kind, ErrorKind::cuda);
  EXPECT_NE(g.error.message.find("did not finish within 5 s"), std::string::npos) << g.error.message;
  std::remove(path.c_str());
  const GateReport after = run_gate(builtin(256));
  EXPECT_TRUE(after.ran && after.exact) << after.error.message;
}

}  // namespace
}  // namespace fragviz
