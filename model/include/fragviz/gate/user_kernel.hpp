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

/// The header that declares __half: the user's source includes it before the entry (the runner's
/// own copy of it comes after the user's code, too late for it).
inline constexpr std::string_view kUserKernelHeader = "#include <cuda_fp16.h>";

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

/// Why `dir` cannot be searched for a user kernel's headers, or nothing: it must exist, be a folder
/// (links followed), lie outside the kernel's pseudo file systems and be searchable (access(2) R_OK
/// and X_OK). The reason alone: "no such folder", "is a file, not a folder", ...
std::optional<std::string> include_dir_problem(const std::string& dir);

/// The first of `k.include_dirs` that cannot be used, as a refusal naming it ("include folder
/// 'DIR': no such folder"), or nullopt. Checked before anything is compiled: NVRTC would skip a
/// missing folder silently and report only the header it then cannot find.
std::optional<Error> user_kernel_include_problem(const UserKernel& k);

/// The include folder of the CUTLASS/CuTe headers (the one holding cute/tensor.hpp) for
/// `gate --kernel --cutlass`: under $FRAGVIZ_CUTLASS_DIR when it is set, else under the folder this
/// build's tests/cute/ uses (FRAGVIZ_CUTLASS_DIR at configure time, <repo>/build-deps/cutlass by
/// default); in that folder, `cutlass/include` (tools/fetch-cutlass.sh's layout), `include` (a
/// CUTLASS checkout) or the folder itself. Refused, saying to run tools/fetch-cutlass.sh, when none
/// holds cute/tensor.hpp.
Outcome<std::string> cutlass_include_dir();

/// A line of a source file, as a compiler names it.
struct SourceLine {
  std::string file;
  int line = 0;
};

/// One message of the runtime compiler.
struct CompileDiagnostic {
  std::string file;      ///< as the compiler named it (the source path the runner was given)
  int line = 0;          ///< 1-based; 0 when the message names no line
  std::string severity;  ///< "error", "warning", "catastrophic error", "remark"
  std::string message;
  /// For a message inside a template (a library header's, CuTe's static_asserts): where each
  /// template on the way was instantiated, innermost first, from NVRTC's "detected during" lines
  /// ("... at line N of FILE"; a line without "of FILE" is in the message's own file). Contexts
  /// NVRTC leaves out ("[ 10 instantiation contexts not shown ]") are not here.
  std::vector<SourceLine> instantiated_at;
  /// "file:line: severity: message" (the form editors jump to).
  std::string text() const;
};

/// Splits an NVRTC program log into messages. NVRTC writes `file(line): severity: message`
/// (followed by the source line and a caret, which are dropped, and for a template by its
/// "detected during" instantiation lines, kept as instantiated_at); lines of another form are kept
/// as messages without file and line.
std::vector<CompileDiagnostic> parse_nvrtc_log(std::string_view log);

/// Longest message compile_error_lines keeps whole (a template's message names whole CuTe types).
inline constexpr std::size_t kMaxDiagnosticChars = 400;

/// The lines listing a failed compile's messages, each starting with a newline: the errors in the
/// log's order (warnings, remarks and "Compilation terminated." left out), each as text(); one in
/// another file than `source_path` (a library header's static_assert) followed by the innermost
/// line of `source_path` that instantiated it, " (instantiated at my.cu:85)"; a line said again
/// counted (" (3 times)") instead of repeated; each message cut at kMaxDiagnosticChars; at most
/// `max_listed` lines, then "... and N more". Empty when no error is listed.
std::string compile_error_lines(const std::vector<CompileDiagnostic>& diagnostics,
                                const std::string& source_path, std::size_t max_listed);

/// A line after a failed compile's messages, starting with a newline, when an error says the
/// contract's type is undefined (`identifier "__half" is undefined`: the source did not include
/// kUserKernelHeader before the entry): what to add. Empty otherwise.
std::string compile_contract_hint(const std::vector<CompileDiagnostic>& diagnostics);

}  // namespace fragviz
