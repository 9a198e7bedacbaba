// What the kernel runner (gpu/kernel-runner, `fragviz-kernel-runner`) does in its own process:
// compile a user kernel with NVRTC for the GPU at hand, check its entry and launch, and put it
// through the same gate as the built-in variants. No CUDA types here; implemented in
// gpu/cuda/userkernel/ (CUDA builds only). Callers that hold a CUDA context of their own (the app,
// fragviz-cli) never call these: they spawn the runner (kernel_process.hpp).
#pragma once

#include <string>
#include <vector>

#include "fragviz/device/device.hpp"
#include "fragviz/gate/user_kernel.hpp"

namespace fragviz {

/// What compiling a user kernel gave.
struct UserCompileOutcome {
  /// none on success; compile (message: "file:line: severity: message" lines, a signature other
  /// than the contract's among them), refused (the source cannot be read, the entry is not
  /// defined), no_device (NVRTC cannot be loaded), internal (NVRTC misbehaved).
  Error error;
  std::string arch;                            ///< what NVRTC compiled for, e.g. "sm_90a"
  std::vector<CompileDiagnostic> diagnostics;  ///< every message NVRTC printed (warnings too)
  std::vector<std::string> kernels;            ///< kernel symbols the module defines (mangled if C++)
  std::string ptxas;                           ///< ptxas -v's lines for the entry, joined by "; "
  std::vector<char> cubin;                     ///< the module when it compiled
};

/// The -arch NVRTC is given for compute capability `sm` (major*10+minor): "sm_XY", with the
/// architecture-specific "a" suffix on sm_90 and newer (sm_90a: wgmma, setmaxnreg), since the
/// module is built for this very GPU.
std::string user_kernel_arch(int sm);

/// Reads `k.source_path` and compiles it with NVRTC for `arch` (-std=c++17, the CUDA include
/// folder for cuda_fp16.h, the source's own folder), after declaring the entry with the contract's
/// signature (kUserKernelSignature) so a different signature is a compile error. Then checks the
/// cubin defines the entry. Needs no GPU.
UserCompileOutcome compile_user_kernel(const UserKernel& k, const std::string& arch);

/// The whole gate for `req` (variant user_kernel) in this process: device, compile for it, load
/// the module (cudaLibraryLoadData), check block, grid and shared memory against the device and
/// the compiled kernel before launching (user_launch_problem), then run_gate's steps with this
/// kernel. A fault comes back as error kind cuda (this process's context is then dead: exit after).
/// Without a device the source is still compiled (for sm_80) so compile errors are reported.
GateReport run_user_kernel_here(const GateRequest& req, GateControl* control = nullptr);

}  // namespace fragviz
