// File > Load kernel: the user's kernel as typed (UI state, a plain struct) and the gate request
// it makes. No ImGui here, so tests/app checks it without a window; the window is
// panels/panel_kernel.cpp, the run (a child process) starts in app.cpp.
#pragma once

#include <string>
#include <vector>

#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz::app {

/// The Load kernel window's fields (docs/user-kernels.md).
struct KernelForm {
  bool open = false;  ///< the window is shown
  std::string source_path;
  std::string entry;
  std::string block = std::string(kUserKernelDefaultBlock);
  std::string grid = std::string(kUserKernelDefaultGrid);
  int smem_bytes = 0;
  /// Include folders, ':'-separated as in CPATH (gate --kernel's -I DIR, in order).
  std::string include_dirs;
  /// The CUTLASS/CuTe headers tools/fetch-cutlass.sh fetched, after include_dirs (gate --cutlass).
  bool cutlass = false;
  bool run_requested = false;  ///< set by the window, acted on by app.cpp after drawing
  /// Seconds since the app started (its clock) when the running Load kernel run started; negative
  /// while none runs. The run's progress stays 0 while the child compiles (kernel_progress_text).
  double run_started_s = -1;
};

/// The Load kernel progress bar's words while a run of it is `elapsed_s` seconds old: the runner
/// reports no progress until NVRTC has compiled the source (20-30 s for a CuTe kernel), so at 0
/// it says "compiling with NVRTC... 12 s" instead of a "0%" that looks stuck; "" once the gate
/// reports progress (the bar's own percentage).
std::string kernel_progress_text(int progress_permille, double elapsed_s);

/// The folders in `text`, split at ':' with blanks around each trimmed and empty parts dropped.
std::vector<std::string> split_include_dirs(const std::string& text);

/// The gate request for `form`, with n, seed, runs and cuBLAS from `base` (the gate panel's), or
/// why it cannot run (refused before anything starts): user_kernel_request_problem, a source that
/// is no readable file, an include folder that is none, CUTLASS asked for but not fetched.
Outcome<GateRequest> kernel_request(const KernelForm& form, const GateRequest& base);

}  // namespace fragviz::app
