// `fragviz-cli gate`: the exact n x n matmul gate, printed as the seed prints it.
//
// Exit codes (the same scheme as `probe`): 0 exact match and the reference's spot check passed;
// 1 a mismatch (first one named with row, col and both values, plus the count) or a failed spot
// check; 2 no usable GPU (built without CUDA, no driver or device); 3 refused before anything was
// allocated (size does not tile, too large for free memory, variant needs a newer GPU);
// 4 a CUDA error stopped the run (a user kernel's fault, its timeout); 5 the --json file could not
// be written; 6 a user kernel (--kernel) did not compile (every message with file:line).
//
// `gate --kernel FILE.cu --entry NAME` puts the user's own kernel through the same gate: it is
// checked here (entry, block, grid, size, a readable file, include folders: -I DIR, --cutlass),
// then compiled, run and judged by fragviz-kernel-runner in a child process
// (docs/user-kernels.md), whose report is printed alike.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/device/kernel_process.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/words.hpp"
#include "input_path.hpp"

namespace fragviz::cli {
namespace {

/// Mismatches listed after the first before "... and N more".
constexpr std::size_t kMaxListed = 8;

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (const GateVariantInfo& v : gate_variants()) names.emplace_back(v.name);
  return names;
}

/// The verdict, the mismatches, spot check, times and resources of a run that ran; the exit code.
int print_ran(const GateReport& r) {
  int code = kExitOk;
  std::cout << gate_verdict_line(r) << "\n";
  if (!r.exact) {
    const std::size_t listed = std::min(r.mismatches.size(), kMaxListed + 1);
    for (std::size_t i = 1; i < listed; ++i) {
      const Mismatch& m = r.mismatches[i];
      std::cout << "  also row " << m.row << ", col " << m.col << ": got " << m.got << ", want " << m.want
                << "\n";
    }
    if (r.mismatch_count > listed) std::cout << "  ... and " << r.mismatch_count - listed << " more\n";
    code = kExitMismatch;
  }
  std::cout << "reference spot check: " << plural(r.spot_checks, "element")
            << " recomputed in double on the CPU: "
            << (r.spot_check_failures == 0 ? std::string("all equal")
                                           : std::to_string(r.spot_check_failures) + " DIFFER")
            << "\n";
  if (r.spot_check_failures != 0) code = kExitMismatch;
  std::cout << "verdict in " << fmt("%.1f", r.verdict_ms)
            << " ms (inputs, kernel, reference, comparison of all elements, spot check)\n";
  std::cout << "time: " << fmt("%.4f", r.kernel_ms) << " ms (median of " << r.request.timed_runs << "), "
            << fmt("%.1f", r.gflops) << " GFLOP/s\n";
  if (r.cublas_ms > 0) {
    std::cout << "cuBLAS (cublasGemmEx FP16 in, FP32 compute): " << fmt("%.4f", r.cublas_ms) << " ms, "
              << fmt("%.1f", r.cublas_gflops) << " GFLOP/s; this kernel runs at "
              << fmt("%.3f", r.ratio_to_cublas) << " of cuBLAS's speed\n";
  }
  if (!r.error.message.empty()) std::cout << "note: " << r.error.message << "\n";
  std::cout << "resources: " << plural(r.resources.registers, "register") << ", "
            << plural(r.resources.static_shared_bytes, "byte") << " static and "
            << plural(r.resources.dynamic_shared_bytes, "byte") << " dynamic shared memory, "
            << plural(r.resources.local_bytes, "byte") << " local memory per thread"
            << (r.resources.local_bytes == 0 ? " (no spills)" : " (spills or stack)") << "\n";
  const bool user = r.request.kernel.has_value();
  std::cout << (user ? "ptxas -v (NVRTC): " : "ptxas -v at build time: ")
            << (r.resources.ptxas.empty() ? std::string("not captured") : r.resources.ptxas) << "\n";
  return code;
}

/// Messages of a run that did not run: "gate refused: ...", "gate: compile error ...", ...
int print_stopped(const GateReport& r) {
  const char* lead = r.error.kind == ErrorKind::refused   ? "gate refused: "
                     : r.error.kind == ErrorKind::compile ? "gate: "
                                                          : "gate stopped: ";
  std::cerr << lead << r.error.message << "\n";
  return exit_code_for(r.error.kind);  // the kind, never the wording
}

struct Opts {
  int n = 2048;
  std::string variant = "ldmatrix-k8";
  std::uint64_t seed = 1;
  int runs = 20;
  bool no_cublas = false;
  std::string json;
  std::string kernel, entry;
  std::string block = std::string(kUserKernelDefaultBlock), grid = std::string(kUserKernelDefaultGrid);
  int smem = 0;
  double timeout_s = 300;
  std::vector<std::string> include_dirs;  ///< -I, in order
  bool cutlass = false;                   ///< --cutlass: the fetched CUTLASS/CuTe headers after them
};

/// gate --kernel: checks that need nothing, then the kernel runner in a child process. What is
/// printed after the run is only what happened: "compiled" once NVRTC made a module, "launched"
/// once the gate ran the kernel.
int run_user_kernel(const Opts& o) {
  GateRequest req;
  req.n = o.n;
  req.variant = GateVariant::user_kernel;
  req.seed = o.seed;
  req.timed_runs = o.runs;
  req.with_cublas = !o.no_cublas;
  UserKernel k;
  k.source_path = o.kernel;
  k.entry = o.entry;
  k.block_text = o.block;
  k.grid_text = o.grid;
  k.dynamic_smem_bytes = o.smem;
  k.include_dirs = o.include_dirs;
  req.kernel = k;
  if (auto why = user_kernel_request_problem(req)) {
    std::cerr << "gate refused: " << why->message << "\n";
    return finish_output(exit_code_for(why->kind));
  }
  // The source too, before a word about running: the runner would refuse it only after the banner.
  if (auto why = input_file_problem("--kernel", k.source_path)) {
    std::cerr << "gate refused: " << *why << "\n";
    return finish_output(kExitRefused);
  }
  // The include folders too: NVRTC skips a missing one silently and says only that a header is
  // missing. --cutlass's folder goes after -I's, so a folder of one's own can override a header.
  if (o.cutlass) {
    const Outcome<std::string> cutlass = cutlass_include_dir();
    if (!cutlass) {
      std::cerr << "gate refused: --cutlass: " << cutlass.error.message << "\n";
      return finish_output(exit_code_for(cutlass.error.kind));
    }
    k.include_dirs.push_back(*cutlass.value);
  }
  if (auto why = user_kernel_include_problem(k)) {
    std::cerr << "gate refused: " << why->message << "\n";
    return finish_output(exit_code_for(why->kind));
  }
  req.kernel = k;
  std::cout << "gate: " << echo_text(k.entry) << " from " << echo_text(k.source_path) << ", block "
            << echo_text(k.block_text) << ", grid " << echo_text(k.grid_text) << ", " << k.dynamic_smem_bytes
            << " bytes dynamic shared memory, n = " << req.n << ", seed " << req.seed << "\n";
  for (const std::string& dir : k.include_dirs)
    std::cout << "gate: include folder " << echo_text(dir) << "\n";
  std::cout << "gate: in fragviz-kernel-runner (a child process): compile with NVRTC, check the launch "
               "against the device, then run the gate\n";
  std::cout.flush();  // the child may take seconds: say what it is doing first
  KernelProcessOptions popts;
  popts.timeout_s = o.timeout_s;
  popts.want_output = false;  // the CLI prints figures, not the n*n output
  const GateReport r = run_user_kernel_gate(req, popts);
  if (r.device.present) std::cout << "device: " << r.device.name << " (sm_" << r.device.sm() << ")\n";
  // The runner records the target only once NVRTC made a module (user_gate.cpp).
  const UserKernel* done = r.request.kernel ? &*r.request.kernel : nullptr;
  if (done && !done->arch.empty())
    std::cout << "compiled with NVRTC for " << done->arch
              << (r.device.present ? "" : " (no device: compiled only to find compile errors)") << "\n";
  if (done && r.ran)
    std::cout << "launched: block (" << done->block.x << ", " << done->block.y << ", " << done->block.z
              << "), grid (" << done->grid.x << ", " << done->grid.y << ", " << done->grid.z << ")\n";
  int code = r.ran ? print_ran(r) : print_stopped(r);
  // Without a device nothing ran: an existing --json file is left as it was, as the built-in gate does.
  if (r.error.kind == ErrorKind::no_device) {
    if (!o.json.empty() && o.json != kStdoutPath) std::cout << "nothing written to " << o.json << "\n";
    return finish_output(code);
  }
  ReportFile file;
  file.gate = r;
  write_report_if_asked(file, o.json, code);
  return finish_output(code);
}

}  // namespace

void add_gate_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "gate",
      "Run an n x n FP16-in, FP32-accumulate tensor-core matmul (" + gate_instruction_help() +
          ") and compare every element exactly against a CUDA-core reference (exit 0 exact, 1 mismatch, 2 no "
          "GPU, 3 refused, 4 CUDA error, 5 JSON not written)");
  cmd->add_option("--n", opts->n,
                  "matrix size from 256 to 65536, a multiple of the variant's block tile (64 for the seed's "
                  "kernels, 128 or 256 for the ladder's; and what fits in free memory)")
      // The fixed range here (outside it: a bad command line, 64); a size in it that does not tile
      // the variant's block is refused below (3).
      ->check(whole_range(kGateMinN, kGateMaxN))
      ->capture_default_str();
  auto* variant =
      cmd->add_option(
             "--variant", opts->variant,
             "the built-in kernel: " + gate_variant_help() +
                 " (`fragviz-cli banks --gate-variant NAME` shows its tiling and shared-memory geometry)")
          ->check(CLI::IsMember(variant_names()))
          ->capture_default_str();
  cmd->add_option("--seed", opts->seed, "input seed (inputs are multiples of 0.25 in [-2, 2])")
      ->check(kUnsignedDecimal)
      ->capture_default_str();
  cmd->add_option("--runs", opts->runs, "timed runs; the median is reported")
      ->check(whole_range(1, 100000))
      ->capture_default_str();
  cmd->add_flag("--no-cublas", opts->no_cublas, "skip the cuBLAS yardstick");
  cmd->add_option("--json", opts->json,
                  "write the report to this file (fragviz-report JSON), or '-' for standard output (the text "
                  "then goes to standard error)")
      ->check(kNonEmpty);
  auto* kernel =
      cmd->add_option("--kernel", opts->kernel,
                      "your own kernel: a CUDA source file, compiled with NVRTC and run in a child "
                      "process (docs/user-kernels.md)")
          ->check(kNonEmpty);  // --kernel "$UNSET" must not fall back to the built-in gate
  auto* entry = cmd->add_option("--entry", opts->entry,
                                "with --kernel: the entry to run, " + std::string(kUserKernelSignature) +
                                    " (the source includes <cuda_fp16.h> first)")
                    ->check(kNonEmpty);
  auto* block = cmd->add_option("--block", opts->block,
                                "with --kernel: threads per block, X[,Y[,Z]], each an expression of n")
                    ->capture_default_str();
  auto* grid = cmd->add_option("--grid", opts->grid,
                               "with --kernel: blocks, X[,Y[,Z]], each an expression of n (+ - * / % ( ))")
                   ->capture_default_str();
  auto* smem = cmd->add_option("--smem", opts->smem,
                               "with --kernel: dynamic shared memory bytes per block, 0 to " +
                                   std::to_string(kMaxDynamicSmemOptinBytes) +
                                   " (227 KiB, the most any GPU opts in to; the device's own limit is "
                                   "checked before launch)")
                   ->check(whole_range(0, 1 << 30))
                   ->capture_default_str();
  auto* include = cmd->add_option("-I,--include", opts->include_dirs,
                                  "with --kernel: a folder searched for #include <...> (repeat for more; "
                                  "searched in order, before the CUDA Toolkit's)")
                      ->allow_extra_args(false)
                      ->type_size(1)
                      ->check(kNonEmpty);
  auto* cutlass = cmd->add_flag("--cutlass", opts->cutlass,
                                "with --kernel: also search the CUTLASS/CuTe headers tools/fetch-cutlass.sh "
                                "fetched ($FRAGVIZ_CUTLASS_DIR, else build-deps/cutlass)");
  auto* timeout = cmd->add_option("--timeout", opts->timeout_s,
                                  "with --kernel: seconds after which the kernel's process is killed")
                      ->check(finite_range(1.0, 86400.0))
                      ->capture_default_str();
  kernel->needs(entry);
  for (CLI::Option* o : {entry, block, grid, smem, include, cutlass, timeout}) o->needs(kernel);
  kernel->excludes(variant);
  cmd->callback([opts, kernel, &exit_code] {
    // The report's path is judged before anything else: an unwritable one costs no work.
    if (refuse_unwritable("gate", {{"--json", opts->json}})) {
      exit_code = finish_output(kExitJson);
      return;
    }
    const TextOnStderr text_on_stderr(opts->json == kStdoutPath);
    if (kernel->count() > 0) {
      exit_code = run_user_kernel(*opts);
      return;
    }
    GateRequest req;
    req.n = opts->n;
    req.variant = *parse_variant(opts->variant);
    req.seed = opts->seed;
    req.timed_runs = opts->runs;
    req.with_cublas = !opts->no_cublas;

    // A size that cannot tile is refused before looking for a GPU: the same answer everywhere.
    if (auto why = gate_size_problem(req.n, 0, req.variant)) {
      std::cerr << "gate refused: " << *why << "\n";
      exit_code = finish_output(kExitRefused);
      return;
    }
    const DeviceInfo dev = query_device();
    if (!dev.present) {
      std::cerr << "gate: " << (dev.error.message.empty() ? "no CUDA device" : dev.error.message) << "\n";
      exit_code = finish_output(kExitNoDevice);
      return;
    }
    if (auto why = gate_refusal(req, dev)) {
      std::cerr << (why->kind == ErrorKind::refused ? "gate refused: " : "gate: ") << why->message << "\n";
      exit_code = finish_output(exit_code_for(why->kind));
      return;
    }
    std::cout << "device: " << dev.name << " (sm_" << dev.sm() << ")\n"
              << "gate: " << to_string(req.variant) << ", n = " << req.n << ", seed " << req.seed << "\n";

    const GateReport r = run_gate(req);
    int code = r.ran ? print_ran(r) : print_stopped(r);
    ReportFile file;
    file.gate = r;
    write_report_if_asked(file, opts->json, code);
    exit_code = finish_output(code);
  });
}

}  // namespace fragviz::cli
