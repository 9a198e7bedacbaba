// A user's own matmul kernel through the gate (docs/user-kernels.md): its launch geometry, the
// checks made before anything is compiled or launched, and the compiler's messages as
// file:line:message. Pure C++ (no CUDA): the CLI and the app validate with it, the runner
// (gpu/kernel-runner) checks the device's limits with it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/report/report.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// The signature every user kernel has, as the runner declares it next to the source (a kernel
/// declared otherwise is a compile error, not a silent misuse of its arguments).
inline constexpr std::string_view kUserKernelSignature =
    "extern \"C\" __global__ void NAME(const __half* A, const __half* B, float* C, int n)";

/// Default --block and --grid: 128 threads, one block per 64 x 64 output tile.
inline constexpr std::string_view kUserKernelDefaultBlock = "128";
inline constexpr std::string_view kUserKernelDefaultGrid = "n/64,n/64";

/// Value of `text`, an integer expression of n: decimal numbers, `n`, + - * / % (integer division,
/// truncating), parentheses and unary minus, e.g. "n/64", "(n+127)/128", "4*n/256". Refused
/// (kind refused, with the 1-based column) when it does not parse, divides by zero or leaves the
/// 64-bit range.
Outcome<std::int64_t> eval_n_expression(std::string_view text, int n);

/// "X[,Y[,Z]]", each an expression of n (eval_n_expression); a missing Y or Z is 1. Each part must
/// come out >= 1 and at most 2^31 - 1.
Outcome<Dim3> parse_dim3(std::string_view text, int n, std::string_view what);

/// A C identifier (what an extern "C" kernel name must be): [A-Za-z_][A-Za-z0-9_]*.
bool is_c_identifier(std::string_view name);

/// The largest opt-in dynamic shared memory per block of any GPU fragviz runs on: 227 KiB
/// (232448 bytes) on sm_90 and sm_100, less on sm_75 (64 KiB), sm_80 (163 KiB) and sm_86/89/120
/// (99 KiB) (CUDA C++ Programming Guide, "Compute Capabilities", "Maximum amount of shared memory
/// per thread block"). More is refused on its face, GPU or not; the device's own limit is checked
/// before launch.
inline constexpr int kMaxDynamicSmemOptinBytes = 227 * 1024;

/// Launch limits of one device (cudaDeviceProp; CUDA C++ Programming Guide, "Compute
/// Capabilities", table "Technical Specifications per Compute Capability").
struct LaunchLimits {
  int max_threads_per_block = 1024;
  Dim3 max_block{1024, 1024, 64};
  Dim3 max_grid{2147483647, 65535, 65535};
  int max_dynamic_smem_optin = 0;  ///< sharedMemPerBlockOptin (227 KiB on the H200)
};

/// Why `block` x `grid` with `dynamic_smem` bytes cannot be launched under `limits` (kind refused),
/// or nullopt: every block dimension and the block's thread count within limits, every grid
/// dimension >= 1 and within limits, dynamic + `static_smem` bytes within the opt-in maximum.
/// `kernel_max_threads` (cudaFuncAttributes::maxThreadsPerBlock; 0 = unknown) is the compiled
/// kernel's own limit, lower than the device's when it uses many registers. `whose` names the
/// limits in the message: "the device's" (a real device's), or "every CUDA GPU's" (the common ones,
/// judged without a device).
std::optional<Error> user_launch_problem(const Dim3& block, const Dim3& grid, int dynamic_smem,
                                         const LaunchLimits& limits, int static_smem = 0,
                                         int kernel_max_threads = 0, const char* whose = "the device's");

/// Why `req` (variant user_kernel) cannot even be handed to the runner, or nullopt: no kernel
/// description, an entry that is no C identifier, an empty source path, negative shared memory or
/// more than kMaxDynamicSmemOptinBytes,
/// block or grid that do not parse at req.n, a block of more than 1024 threads, a size the gate
/// refuses. Needs no device and no file access.
std::optional<Error> user_kernel_request_problem(const GateRequest& req);

/// One message of the runtime compiler.
struct CompileDiagnostic {
  std::string file;      ///< as the compiler named it (the source path the runner was given)
  int line = 0;          ///< 1-based; 0 when the message names no line
  std::string severity;  ///< "error", "warning", "catastrophic error", "remark"
  std::string message;
  /// "file:line: severity: message" (the form editors jump to).
  std::string text() const;
};

/// Splits an NVRTC program log into messages. NVRTC writes `file(line): severity: message`
/// (followed by the source line and a caret, which are dropped); lines of another form are kept
/// as messages without file and line.
std::vector<CompileDiagnostic> parse_nvrtc_log(std::string_view log);

}  // namespace fragviz
