// User kernels without a device: expressions of n, block/grid parsing, launch validation against
// the limits the CUDA C++ Programming Guide states for sm_90 ("Technical Specifications per
// Compute Capability": 1024 threads, block (1024, 1024, 64), grid (2^31-1, 65535, 65535),
// 227 KiB opt-in shared memory), request checks, NVRTC logs (text NVRTC 13.0 printed for the
// sources in the comments) and the report's round trip.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/report/report_json.hpp"

namespace fragviz {
namespace {

LaunchLimits h200() {
  LaunchLimits l;
  l.max_threads_per_block = 1024;
  l.max_block = Dim3{1024, 1024, 64};
  l.max_grid = Dim3{2147483647, 65535, 65535};
  l.max_dynamic_smem_optin = 232448;  // 227 KiB
  return l;
}

GateRequest user_request(std::string block = "128", std::string grid = "n/64,n/64") {
  GateRequest r;
  r.n = 2048;
  r.variant = GateVariant::user_kernel;
  UserKernel k;
  k.source_path = "my.cu";
  k.entry = "my_kernel";
  k.block_text = std::move(block);
  k.grid_text = std::move(grid);
  r.kernel = k;
  return r;
}

TEST(UserKernel, ExpressionsOfN) {
  EXPECT_EQ(*eval_n_expression("n/64", 2048), 32);
  EXPECT_EQ(*eval_n_expression("(n+127)/128", 2000), 16);  // 2127 / 128 = 16.6
  EXPECT_EQ(*eval_n_expression(" 4 * n / 256 ", 1024), 16);
  EXPECT_EQ(*eval_n_expression("n - 2*3", 10), 4);  // * before -
  EXPECT_EQ(*eval_n_expression("-(n) + 100", 30), 70);
  EXPECT_EQ(*eval_n_expression("n % 48", 2048), 32);  // 2048 = 42 * 48 + 32
  EXPECT_EQ(*eval_n_expression("7", 2048), 7);
  EXPECT_EQ(*eval_n_expression("10 - 4 - 3", 0), 3);  // left to right
  EXPECT_EQ(*eval_n_expression("100 / 10 / 5", 0), 2);
}

TEST(UserKernel, ExpressionRefusalsNameTheColumn) {
  auto e = eval_n_expression("n/0", 2048);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error.kind, ErrorKind::refused);
  EXPECT_EQ(e.column, 2);
  EXPECT_NE(e.error.message.find("division by zero"), std::string::npos);
  e = eval_n_expression("m/64", 2048);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.column, 1);
  EXPECT_NE(e.error.message.find("only n"), std::string::npos);
  e = eval_n_expression("nn", 2048);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.column, 1);
  e = eval_n_expression("(n/64", 2048);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error.message.find("missing ')'"), std::string::npos);
  e = eval_n_expression("n/64)", 2048);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.column, 5);
  EXPECT_FALSE(eval_n_expression("", 2048));
  EXPECT_FALSE(eval_n_expression("n*", 2048));
  EXPECT_FALSE(eval_n_expression("99999999999999999999", 2048));
  // Numbers stop below 2^62 = 4611686018427387904, checked before the digit is added (the parser
  // once multiplied 999999999999999999 by 10 in int64 first: signed overflow under UBSan).
  const auto largest = eval_n_expression("4611686018427387903", 2048);
  ASSERT_TRUE(largest);
  EXPECT_EQ(*largest, 4611686018427387903LL);
  EXPECT_FALSE(eval_n_expression("4611686018427387904", 2048));
  EXPECT_FALSE(eval_n_expression("9999999999999999999", 2048));
  EXPECT_FALSE(eval_n_expression("n*n*n*n*n*n*n", 65536));  // 2^112: out of range, not wrapped
}

TEST(UserKernel, Dim3Parts) {
  auto d = parse_dim3("n/16,n/16", 2048, "grid");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->x, 128);
  EXPECT_EQ(d->y, 128);
  EXPECT_EQ(d->z, 1);
  d = parse_dim3("32, 4, 2", 0, "block");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->count(), 256u);
  d = parse_dim3("256", 0, "block");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->y, 1);
  EXPECT_FALSE(parse_dim3("1,2,3,4", 0, "block"));
  EXPECT_FALSE(parse_dim3("", 0, "block"));
  EXPECT_FALSE(parse_dim3("n/4096", 2048, "grid"));   // 0 blocks
  EXPECT_FALSE(parse_dim3("n-4096", 2048, "grid"));   // negative
  EXPECT_FALSE(parse_dim3("2147483648", 0, "grid"));  // 2^31 does not fit
  // The column counts from the start of the whole text: "16,n/x" has its 'x' at column 6.
  d = parse_dim3("16,n/x", 2048, "grid");
  ASSERT_FALSE(d);
  EXPECT_EQ(d.column, 6);
  EXPECT_NE(d.error.message.find("grid '16,n/x', col 6"), std::string::npos) << d.error.message;
}

TEST(UserKernel, Identifiers) {
  EXPECT_TRUE(is_c_identifier("mma_m16n8k16"));
  EXPECT_TRUE(is_c_identifier("_k2"));
  EXPECT_FALSE(is_c_identifier("2k"));
  EXPECT_FALSE(is_c_identifier(""));
  EXPECT_FALSE(is_c_identifier("ns::k"));
  EXPECT_FALSE(is_c_identifier("k(int)"));
}

TEST(UserKernel, LaunchWithinLimits) {
  EXPECT_FALSE(user_launch_problem({128, 1, 1}, {32, 32, 1}, 0, h200()));
  EXPECT_FALSE(user_launch_problem({1024, 1, 1}, {2147483647, 1, 1}, 232448, h200()));
  EXPECT_FALSE(user_launch_problem({32, 32, 1}, {1, 65535, 65535}, 0, h200()));
}

TEST(UserKernel, LaunchRefusals) {
  const auto refused = [](const std::optional<Error>& e, const char* words) {
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->kind, ErrorKind::refused);
    EXPECT_NE(e->message.find(words), std::string::npos) << e->message;
  };
  refused(user_launch_problem({1025, 1, 1}, {1, 1, 1}, 0, h200()), "block.x = 1025");
  refused(user_launch_problem({64, 32, 1}, {1, 1, 1}, 0, h200()), "2048 threads");  // each axis fine
  refused(user_launch_problem({1, 1, 65}, {1, 1, 1}, 0, h200()), "block.z = 65");
  refused(user_launch_problem({128, 1, 1}, {1, 65536, 1}, 0, h200()), "grid.y = 65536");
  refused(user_launch_problem({128, 1, 1}, {1, 1, 0}, 0, h200()), "grid.z must be at least 1");
  refused(user_launch_problem({128, 1, 1}, {1, 1, 1}, 232449, h200()), "opt-in maximum of 232448");
  // Static shared memory counts against the same budget.
  refused(user_launch_problem({128, 1, 1}, {1, 1, 1}, 232448 - 1024, h200(), 2048), "2048 static");
  refused(user_launch_problem({128, 1, 1}, {1, 1, 1}, -1, h200()), "negative");
  // A kernel compiled with many registers allows fewer threads than the device.
  refused(user_launch_problem({1024, 1, 1}, {1, 1, 1}, 0, h200(), 0, 512),
          "compiled kernel's maximum of 512");
  EXPECT_FALSE(user_launch_problem({512, 1, 1}, {1, 1, 1}, 0, h200(), 0, 512));
}

TEST(UserKernel, RequestChecksNeedNoDevice) {
  EXPECT_FALSE(user_kernel_request_problem(user_request()));
  EXPECT_TRUE(user_kernel_request_problem(user_request("2048")));           // more than 1024 threads
  EXPECT_TRUE(user_kernel_request_problem(user_request("128", "n/0")));     // division by zero
  EXPECT_TRUE(user_kernel_request_problem(user_request("128", "n/4096")));  // no block
  GateRequest r = user_request();
  r.kernel->entry = "not an identifier";
  ASSERT_TRUE(user_kernel_request_problem(r));
  EXPECT_NE(user_kernel_request_problem(r)->message.find("not a C identifier"), std::string::npos);
  r = user_request();
  r.kernel->source_path.clear();
  EXPECT_TRUE(user_kernel_request_problem(r));
  r = user_request();
  r.n = 1000;  // the gate's size rule holds for user kernels too
  EXPECT_TRUE(user_kernel_request_problem(r));
  r = user_request();
  r.kernel.reset();
  EXPECT_TRUE(user_kernel_request_problem(r));
  r = user_request();
  r.kernel->dynamic_smem_bytes = -4;
  EXPECT_TRUE(user_kernel_request_problem(r));
  // 227 KiB = 232448 bytes, sm_90's opt-in maximum (the Programming Guide's table), is the most any
  // GPU gives: one byte more is refused without a device, and the message names the limit.
  r = user_request();
  r.kernel->dynamic_smem_bytes = 232448;
  EXPECT_FALSE(user_kernel_request_problem(r));
  r.kernel->dynamic_smem_bytes = 232449;
  ASSERT_TRUE(user_kernel_request_problem(r));
  EXPECT_NE(user_kernel_request_problem(r)->message.find("232448"), std::string::npos);
  r.kernel->dynamic_smem_bytes = 999999999;
  EXPECT_TRUE(user_kernel_request_problem(r));
  // Judged without a device, the limits are every GPU's, and the message says so (newcomer round 4:
  // "exceeds the device's maximum 1024" with no device there).
  const auto wide = user_kernel_request_problem(user_request("1025"));
  ASSERT_TRUE(wide);
  EXPECT_EQ(wide->message, "block.x = 1025 exceeds every CUDA GPU's maximum 1024");
  const auto huge = user_kernel_request_problem(user_request("2147483648"));
  ASSERT_TRUE(huge);
  EXPECT_NE(huge->message.find("(a launch dimension is 1 to 2147483647)"), std::string::npos)
      << huge->message;
}

// NVRTC 13.0's log for a source whose line 3 used an undeclared `y`, then a second error.
TEST(UserKernel, NvrtcLogToFileLineMessage) {
  const std::string log =
      "my/kern.cu(3): error: identifier \"y\" is undefined\n"
      "    C[0] = __half2float(A[0]) + y;\n"
      "                                ^\n"
      "\n"
      "my/kern.cu(12): warning #177-D: variable \"z\" was declared but never referenced\n"
      "      int z;\n"
      "          ^\n"
      "\n"
      "1 error detected in the compilation of \"my/kern.cu\".\n";
  const auto d = parse_nvrtc_log(log);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].file, "my/kern.cu");
  EXPECT_EQ(d[0].line, 3);
  EXPECT_EQ(d[0].severity, "error");
  EXPECT_EQ(d[0].message, "identifier \"y\" is undefined");
  EXPECT_EQ(d[0].text(), "my/kern.cu:3: error: identifier \"y\" is undefined");
  EXPECT_EQ(d[1].line, 12);
  EXPECT_EQ(d[1].severity, "warning #177-D");
}

// A source without <cuda_fp16.h> before the entry (newcomer round 31 followed the app's old hint,
// which gave the signature alone): the error names the header to include; other errors do not.
TEST(UserKernel, UndefinedHalfNamesTheHeader) {
  const auto missing = parse_nvrtc_log(
      "k.cu(1): error: identifier \"__half\" is undefined\n"
      "  extern \"C\" __global__ void k(const __half* A, const __half* B, float* C, int n) {}\n"
      "                                      ^\n");
  EXPECT_EQ(compile_contract_hint(missing),
            "\n__half is declared in <cuda_fp16.h>: put #include <cuda_fp16.h> at the top of the source, "
            "before the entry");
  EXPECT_EQ(compile_contract_hint(parse_nvrtc_log("k.cu(3): error: identifier \"y\" is undefined\n")), "");
  EXPECT_EQ(compile_contract_hint(parse_nvrtc_log("k.cu(3): warning: identifier \"__half\" is undefined\n")),
            "");
}

// A path with parentheses of its own, and a message without a position.
TEST(UserKernel, NvrtcLogOddLines) {
  const auto d = parse_nvrtc_log(
      "dir (old)/k.cu(1): catastrophic error: could not open source file \"cuda_fp16.h\" (no directories in "
      "search list)\n  #include <cuda_fp16.h>\n                        ^\n\n"
      "1 catastrophic error detected in the compilation of \"dir (old)/k.cu\".\nCompilation terminated.\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].file, "dir (old)/k.cu");
  EXPECT_EQ(d[0].line, 1);
  EXPECT_EQ(d[0].severity, "catastrophic error");
  EXPECT_EQ(d[1].file, "");
  EXPECT_EQ(d[1].message, "Compilation terminated.");
  EXPECT_EQ(d[1].text(), "Compilation terminated.");
}

// NVRTC 13.0's log for examples/kernels/cute_sm80_gemm.cu with BK = _24 (k tiles of 24, which
// the 8 x 24 swizzled atom cannot tile), its first and last errors; the template arguments
// ("[with ...]") and folders shortened here.
const char* const kCuteLog =
    "inc/cute/layout.hpp(1101): error: static assertion failed with \"Shape Divisibility Condition\"\n"
    "                         CUTE_STATIC_ASSERT_V(((rest_shape % new_shape) == Int<0>{}), \"Shape "
    "Divisibility Condition\");\n"
    "                         ^\n"
    "          detected during:\n"
    "            instantiation of function \"lambda [](const auto &, auto)->auto [with ...]\" at line 379 of "
    "inc/cute/algorithm/tuple_algorithms.hpp\n"
    "            instantiation of \"auto cute::fold(T &&, const V &, F &&) [with ...]\" at line 1114\n"
    "            [ 10 instantiation contexts not shown ]\n"
    "            instantiation of \"auto cute::zipped_divide(const cute::ComposedLayout<A, O, B> &, const "
    "Tiler &) [with ...]\" at line 247 of inc/cute/atom/copy_atom.hpp\n"
    "            instantiation of \"auto cute::ThrCopy<TiledCopy, ThrIdx>::partition_D(DTensor &&) const "
    "[with ...]\" at line 85 of ex/cute_sm80_gemm.cu\n"
    "\n"
    "inc/cute/layout.hpp(1101): error: static assertion failed with \"Shape Divisibility Condition\"\n"
    "                         CUTE_STATIC_ASSERT_V(((rest_shape % new_shape) == Int<0>{}), \"Shape "
    "Divisibility Condition\");\n"
    "                         ^\n"
    "          detected during:\n"
    "            instantiation of \"auto cute::fold(T &&, const V &, F &&) [with ...]\" at line 1114\n"
    "            instantiation of \"auto cute::ThrCopy<TiledCopy, ThrIdx>::partition_D(DTensor &&) const "
    "[with ...]\" at line 85 of ex/cute_sm80_gemm.cu\n"
    "\n"
    "inc/cute/layout.hpp(1077): error: static assertion failed with \"Stride Divisibility Condition\"\n"
    "                         CUTE_STATIC_ASSERT_V(...);\n"
    "                         ^\n"
    "          detected during:\n"
    "            instantiation of \"auto cute::Tensor<Engine, Layout>::operator()(const Coord &) [with "
    "...]\" "
    "at line 238 of inc/cute/tensor_impl.hpp\n"
    "            instantiation of \"void cute::copy(...) [with ...]\" at line 102 of ex/cute_sm80_gemm.cu\n"
    "\n"
    "3 errors detected in the compilation of \"ex/cute_sm80_gemm.cu\".\n";

TEST(UserKernel, NvrtcLogInstantiationContext) {
  const auto d = parse_nvrtc_log(kCuteLog);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].text(),
            "inc/cute/layout.hpp:1101: error: static assertion failed with \"Shape Divisibility Condition\"");
  ASSERT_EQ(d[0].instantiated_at.size(), 4u);
  EXPECT_EQ(d[0].instantiated_at[0].file, "inc/cute/algorithm/tuple_algorithms.hpp");
  EXPECT_EQ(d[0].instantiated_at[0].line, 379);
  EXPECT_EQ(d[0].instantiated_at[1].file, "inc/cute/layout.hpp");  // "at line 1114": the message's file
  EXPECT_EQ(d[0].instantiated_at[1].line, 1114);
  EXPECT_EQ(d[0].instantiated_at[2].file, "inc/cute/atom/copy_atom.hpp");
  EXPECT_EQ(d[0].instantiated_at[3].file, "ex/cute_sm80_gemm.cu");
  EXPECT_EQ(d[0].instantiated_at[3].line, 85);
  ASSERT_EQ(d[2].instantiated_at.size(), 2u);
  EXPECT_EQ(d[2].instantiated_at[1].line, 102);
}

// The message: each header error once, with the source line that instantiated it.
TEST(UserKernel, CompileErrorLinesNameTheSourceLine) {
  const auto d = parse_nvrtc_log(kCuteLog);
  EXPECT_EQ(
      compile_error_lines(d, "ex/cute_sm80_gemm.cu", 20),
      "\ninc/cute/layout.hpp:1101: error: static assertion failed with \"Shape Divisibility Condition\" "
      "(instantiated at ex/cute_sm80_gemm.cu:85) (2 times)"
      "\ninc/cute/layout.hpp:1077: error: static assertion failed with \"Stride Divisibility Condition\" "
      "(instantiated at ex/cute_sm80_gemm.cu:102)");
  EXPECT_EQ(
      compile_error_lines(d, "ex/cute_sm80_gemm.cu", 1),
      "\ninc/cute/layout.hpp:1101: error: static assertion failed with \"Shape Divisibility Condition\" "
      "(instantiated at ex/cute_sm80_gemm.cu:85) (2 times)\n... and 1 more");
}

// Warnings (numbered ones too) and "Compilation terminated." are left out; a long message is cut.
TEST(UserKernel, CompileErrorLinesLeaveOutWarningsAndCutLongMessages) {
  std::vector<CompileDiagnostic> d(4);
  d[0] = {"k.cu", 3, "warning #177-D", "variable \"z\" was declared but never referenced", {}};
  d[1] = {"k.cu", 9, "error", std::string(500, 'x'), {}};
  d[2] = {"", 0, "", "Compilation terminated.", {}};
  d[3] = {"k.cu", 4, "remark", "a remark", {}};
  EXPECT_EQ(compile_error_lines(d, "k.cu", 20),
            "\nk.cu:9: error: " + std::string(400, 'x') + " [... 100 more characters]");
  EXPECT_EQ(compile_error_lines({d[0], d[2]}, "k.cu", 20), "");
}

TEST(UserKernel, ReportRoundTrip) {
  GateReport g;
  g.created_utc = "2026-12-01T16:00:00Z";
  g.request = user_request("16,16", "n/16,n/16");
  g.request.kernel->block = Dim3{16, 16, 1};
  g.request.kernel->grid = Dim3{128, 128, 1};
  g.request.kernel->dynamic_smem_bytes = 4096;
  g.request.kernel->arch = "sm_90a";
  g.request.kernel->include_dirs = {"/opt/cutlass/include", "inc dir"};
  g.error.message = "compile error (NVRTC, sm_90a)\nmy.cu:3: error: identifier \"y\" is undefined";
  g.error.kind = ErrorKind::compile;
  ReportFile f;
  f.gate = g;
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  const GateReport& b = *back.value->gate;
  ASSERT_TRUE(b.request.kernel.has_value());
  EXPECT_EQ(b.request.variant, GateVariant::user_kernel);
  EXPECT_EQ(b.request.kernel->entry, "my_kernel");
  EXPECT_EQ(b.request.kernel->grid_text, "n/16,n/16");
  EXPECT_EQ(b.request.kernel->block.y, 16);
  EXPECT_EQ(b.request.kernel->grid.x, 128);
  EXPECT_EQ(b.request.kernel->dynamic_smem_bytes, 4096);
  EXPECT_EQ(b.request.kernel->arch, "sm_90a");
  EXPECT_EQ(b.request.kernel->include_dirs, (std::vector<std::string>{"/opt/cutlass/include", "inc dir"}));
  EXPECT_EQ(b.error.kind, ErrorKind::compile);
  EXPECT_EQ(b.error.message, g.error.message);
}

// A report written before include folders existed (no "include_dirs" key) still loads, with none.
TEST(UserKernel, ReportWithoutIncludeFoldersLoads) {
  GateReport g;
  g.created_utc = "2026-12-01T16:00:00Z";
  g.request = user_request();
  g.error.message = "refused";
  g.error.kind = ErrorKind::refused;
  ReportFile f;
  f.gate = g;
  std::string text = to_json_text(f);
  const std::size_t at = text.find("\"include_dirs\"");
  ASSERT_NE(at, std::string::npos) << text;
  // The key, its empty list and the comma before it (it is the kernel object's last key).
  const std::size_t comma = text.rfind(',', at);
  text.erase(comma, text.find(']', at) + 1 - comma);
  ASSERT_EQ(text.find("include_dirs"), std::string::npos);
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error.message << "\n" << text;
  EXPECT_TRUE(back.value->gate->request.kernel->include_dirs.empty());
  EXPECT_EQ(back.value->gate->request.kernel->entry, "my_kernel");
}

// -I folders: each judged before compiling, the first bad one named.
TEST(UserKernel, IncludeFoldersMustBeFolders) {
  const std::string tmp = ::testing::TempDir();
  EXPECT_EQ(include_dir_problem(tmp), std::nullopt);
  EXPECT_EQ(include_dir_problem(tmp + "no_such_include_dir"), "no such folder");
  EXPECT_EQ(include_dir_problem(""), "no folder name");
  const std::string file = tmp + "fragviz_include_file.h";
  std::ofstream(file) << "// a header\n";
  EXPECT_EQ(include_dir_problem(file), "is a file, not a folder");
  EXPECT_EQ(include_dir_problem("/proc/self"), "is in the kernel's proc file system, not an ordinary folder");

  UserKernel k;
  EXPECT_EQ(user_kernel_include_problem(k), std::nullopt);  // none given
  k.include_dirs = {tmp, tmp + "no_such_include_dir", file};
  const auto why = user_kernel_include_problem(k);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->kind, ErrorKind::refused);
  EXPECT_EQ(why->message, "include folder '" + tmp + "no_such_include_dir': no such folder");
}

// --cutlass: $FRAGVIZ_CUTLASS_DIR in tools/fetch-cutlass.sh's layout, a CUTLASS checkout's or the
// include folder itself; a folder without cute/tensor.hpp is refused, saying how to fetch it.
TEST(UserKernel, CutlassIncludeFolderFromTheEnvironment) {
  const std::string root = ::testing::TempDir() + "fragviz_cutlass_lookup";
  ASSERT_EQ(std::system(("rm -rf '" + root + "' && mkdir -p '" + root + "'").c_str()), 0);
  ASSERT_EQ(setenv("FRAGVIZ_CUTLASS_DIR", root.c_str(), 1), 0);
  auto found = cutlass_include_dir();
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error.kind, ErrorKind::refused);
  EXPECT_EQ(found.error.message, "no CUTLASS headers in FRAGVIZ_CUTLASS_DIR=" + root +
                                     " (no cute/tensor.hpp under cutlass/include, include or the folder "
                                     "itself): run tools/fetch-cutlass.sh " +
                                     root + ", or point FRAGVIZ_CUTLASS_DIR at the folder it fetched into");
  const auto fake = [&](const std::string& inc) {
    return std::system(("mkdir -p '" + inc + "/cute' && touch '" + inc + "/cute/tensor.hpp'").c_str());
  };
  ASSERT_EQ(fake(root), 0);  // FRAGVIZ_CUTLASS_DIR names the include folder itself
  EXPECT_EQ(*cutlass_include_dir().value, root);
  ASSERT_EQ(fake(root + "/include"), 0);  // a CUTLASS checkout: before the folder itself
  EXPECT_EQ(*cutlass_include_dir().value, root + "/include");
  ASSERT_EQ(fake(root + "/cutlass/include"), 0);  // tools/fetch-cutlass.sh's layout: first
  EXPECT_EQ(*cutlass_include_dir().value, root + "/cutlass/include");
  unsetenv("FRAGVIZ_CUTLASS_DIR");
}

TEST(UserKernel, ReportLoaderRefusesAVariantWithoutItsKernel) {
  GateReport g;
  g.created_utc = "2026-12-01T16:00:00Z";
  g.request = user_request();
  g.request.kernel.reset();
  g.error.message = "refused";
  g.error.kind = ErrorKind::refused;
  ReportFile f;
  f.gate = g;
  EXPECT_FALSE(parse_report(to_json_text(f)));
  g.request.variant = GateVariant::ldmatrix_k8;
  g.request.kernel = user_request().kernel;
  f.gate = g;
  EXPECT_FALSE(parse_report(to_json_text(f)));
}

}  // namespace
}  // namespace fragviz
