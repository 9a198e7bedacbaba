// A user kernel through the gate in a child process (the kernel runner, gpu/kernel-runner):
// what fragviz-cli and the app call, so that a kernel that faults or hangs cannot take their own
// CUDA context (or them) down. Pure C++ and POSIX (posix_spawn, no fork of a CUDA process), no
// CUDA: built in every configuration; without a runner it says so.
#pragma once

#include <string>

#include "fragviz/device/device.hpp"

namespace fragviz {

/// How the child is run.
struct KernelProcessOptions {
  std::string runner;       ///< the runner's path; empty: find_kernel_runner()
  double timeout_s = 300;   ///< wall time after which the child is killed (a kernel that never ends)
  bool want_output = true;  ///< read the n*n output and reference back (n <= kMaxInOrderListN)
  /// Hide every CUDA device from the child (CUDA_VISIBLE_DEVICES empty): the app's --no-device, so
  /// the source still compiles but nothing runs on a GPU the user asked not to use.
  bool hide_devices = false;
};

/// The runner's path: $FRAGVIZ_KERNEL_RUNNER if set, else fragviz-kernel-runner next to the
/// running executable or in ../cli/ beside it, else the path this build put it at. Empty with
/// `why_not` set when none exists (a build without CUDA has none).
std::string find_kernel_runner(std::string& why_not);

/// Runs `req` (variant user_kernel) in the runner and returns its report. Before spawning
/// anything: user_kernel_request_problem and a readable source file (both refused). Then the
/// runner compiles, checks and runs; its report comes back as it wrote it (verdict, compile errors
/// as kind compile, a fault as kind cuda with the CUDA error's name). A runner that crashes,
/// exits without a report or is killed at the timeout becomes an error of kind internal or cuda
/// naming the signal, the exit status or the timeout. `control` may cancel (the child is killed)
/// and gets the child's progress.
GateReport run_user_kernel_gate(const GateRequest& req, const KernelProcessOptions& opts = {},
                                GateControl* control = nullptr);

}  // namespace fragviz
