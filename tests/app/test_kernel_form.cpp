// File > Load kernel without a window: the request the form makes, and its refusals before
// anything starts (the same rules as fragviz-cli gate --kernel, docs/user-kernels.md).
#include <gtest/gtest.h>

#include <cstdlib>
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

TEST(KernelForm, IncludeFoldersSplitAtColons) {
  EXPECT_EQ(split_include_dirs(""), std::vector<std::string>{});
  EXPECT_EQ(split_include_dirs(" : "), std::vector<std::string>{});
  EXPECT_EQ(split_include_dirs("/a"), std::vector<std::string>{"/a"});
  EXPECT_EQ(split_include_dirs(" /a b :: /c\t"), (std::vector<std::string>{"/a b", "/c"}));
}

// Include folders go into the request in order; one that is no folder is refused before Run, as
// gate --kernel -I refuses it (NVRTC itself would skip it silently).
TEST(KernelForm, IncludeFoldersAreJudgedBeforeRun) {
  const GateRequest base;
  KernelForm f = filled();
  const std::string dir = ::testing::TempDir();
  f.include_dirs = dir + ":" + dir + "sub_that_is_not_there";
  auto r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  EXPECT_EQ(r.error.message, "include folder '" + dir + "sub_that_is_not_there': no such folder");
  f.include_dirs = source_file();
  r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.message, "include folder '" + source_file() + "': is a file, not a folder");
  f.include_dirs = dir + ":/usr";
  r = kernel_request(f, base);
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r->kernel->include_dirs, (std::vector<std::string>{dir, "/usr"}));
}

// CUTLASS asked for where $FRAGVIZ_CUTLASS_DIR has no headers: refused, saying how to fetch them;
// where it has them (a fake cute/tensor.hpp in the fetch script's layout), its include folder goes
// after the typed ones.
TEST(KernelForm, CutlassFolderIsLookedUpBeforeRun) {
  const GateRequest base;
  const std::string root = ::testing::TempDir() + "fragviz_kernel_form_cutlass";
  const std::string inc = root + "/cutlass/include";
  ASSERT_EQ(std::system(("rm -rf '" + root + "' && mkdir -p '" + inc + "'").c_str()), 0);
  ASSERT_EQ(setenv("FRAGVIZ_CUTLASS_DIR", root.c_str(), 1), 0);
  KernelForm f = filled();
  f.cutlass = true;
  auto r = kernel_request(f, base);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  EXPECT_NE(r.error.message.find("no CUTLASS headers in FRAGVIZ_CUTLASS_DIR=" + root), std::string::npos)
      << r.error.message;
  EXPECT_NE(r.error.message.find("run tools/fetch-cutlass.sh"), std::string::npos) << r.error.message;
  ASSERT_EQ(std::system(("mkdir -p '" + inc + "/cute' && touch '" + inc + "/cute/tensor.hpp'").c_str()), 0);
  f.include_dirs = "/usr";
  r = kernel_request(f, base);
  unsetenv("FRAGVIZ_CUTLASS_DIR");
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r->kernel->include_dirs, (std::vector<std::string>{"/usr", inc}));
}

// Newcomer round 14: the bar read "0%" through the 20-30 s NVRTC compile (the runner reports no
// progress before the gate runs). At 0 it names the compile and counts the seconds.
TEST(KernelProgress, CompilingUntilTheGateReportsProgress) {
  EXPECT_EQ(kernel_progress_text(0, 0.2), "compiling with NVRTC... 0 s");
  EXPECT_EQ(kernel_progress_text(0, 12.7), "compiling with NVRTC... 12 s");
  EXPECT_EQ(kernel_progress_text(1, 30.0), "");
  EXPECT_EQ(kernel_progress_text(1000, 31.0), "");
}

}  // namespace
}  // namespace fragviz::app
