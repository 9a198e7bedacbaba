// File > Load kernel without a window: the request the form makes, and its refusals before
// anything starts (the same rules as fragviz-cli gate --kernel, docs/user-kernels.md).
#include <gtest/gtest.h>

#include <fstream>

#include "kernel_form.hpp"

namespace fragviz::app {
namespace {

/// A kernel source that exists (the form judges the file as it is typed).
std::string source_file() {
  const std::string path = ::testing::TempDir() + "fragviz_kernel_form.cu";
  std::ofstream(path) << "extern \"C\" __global__ void off_by_one_k() {}\n";
  return path;
}

KernelForm filled() {
  KernelForm f;
  f.source_path = source_file();
  f.entry = "off_by_one_k";
  f.block = "16,16";
  f.grid = "n/16,n/16";
  f.smem_bytes = 512;
  return f;
}

TEST(KernelForm, RequestTakesTheGatePanelsSizeAndSeed) {
  GateRequest base;
  base.n = 1024;
  base.seed = 7;
  base.variant = GateVariant::ldmatrix_k16;  // the panel's built-in choice is not the user kernel's
  const auto r = kernel_request(filled(), base);
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r->variant, GateVariant::user_kernel);
  EXPECT_EQ(r->n, 1024);
  EXPECT_EQ(r->seed, 7u);
  ASSERT_TRUE(r->kernel.has_value());
  EXPECT_EQ(r->kernel->entry, "off_by_one_k");
  EXPECT_EQ(r->kernel->grid_text, "n/16,n/16");
  EXPECT_EQ(r->kernel->dynamic_smem_bytes, 512);
}

// The file is judged as it is typed, in the CLI's words (newcomer round 4: a folder, a FIFO or a
// missing path said "ready" until Run).
TEST(KernelForm, TheSourceFileIsJudgedBeforeRun) {
  const GateRequest base;
  KernelForm f = filled();
  f.source_path = ::testing::TempDir();
  auto r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find(": is a directory, not a file"), std::string::npos) << r.error.message;
  f.source_path = ::testing::TempDir() + "no_such_kernel.cu";
  r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find(": no such file"), std::string::npos) << r.error.message;
  f.source_path = "/proc/self/maps";
  r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find("is in the kernel's proc file system"), std::string::npos)
      << r.error.message;
}

TEST(KernelForm, EmptyOrBadFieldsAreRefused) {
  const GateRequest base;
  KernelForm f = filled();
  f.source_path.clear();
  EXPECT_NE(kernel_request(f, base).error.message.find("no kernel source"), std::string::npos);
  f = filled();
  f.entry.clear();
  EXPECT_NE(kernel_request(f, base).error.message.find("not a C identifier"), std::string::npos);
  f = filled();
  f.block = "32,64";  // 2048 threads
  EXPECT_NE(kernel_request(f, base).error.message.find("2048 threads"), std::string::npos);
  f = filled();
  f.grid = "n/";
  const auto r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  EXPECT_NE(r.error.message.find("grid 'n/', col 3"), std::string::npos) << r.error.message;
}

}  // namespace
}  // namespace fragviz::app
