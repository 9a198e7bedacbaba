// `fragviz-cli bench`: every working gate variant and cuBLAS at several sizes, one table. Each row
// is a full gate run (verdict first, then timing), so a fast wrong kernel cannot look good.
//
// Exit codes: 0 every run exact; 1 some run mismatched; 2 no usable GPU; 3 a size was refused;
// 4 a CUDA error stopped a run.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fragviz/device.hpp"
#include "fragviz/gate_host.hpp"
#include "fragviz/words.hpp"

namespace fragviz::cli {
namespace {

std::string cell(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

void print_row(const std::string& variant, int n, const std::string& ms, const std::string& gflops,
               const std::string& ratio, const std::string& verdict, const std::string& regs,
               const std::string& smem, const std::string& spills) {
  std::printf("%-14s %6d %10s %11s %9s  %-28s %5s %6s %7s\n", variant.c_str(), n, ms.c_str(), gflops.c_str(),
              ratio.c_str(), verdict.c_str(), regs.c_str(), smem.c_str(), spills.c_str());
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::vector<int> sizes{1024, 2048, 4096};
    std::uint64_t seed = 1;
    int runs = 20;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("bench",
                         "Every gate variant (except the deliberately broken one) and cuBLAS at each size: "
                         "time, GFLOP/s, ratio to cuBLAS, exact verdict, registers, shared memory, spills");
  cmd->add_option("--sizes", opts->sizes, "comma-separated sizes, multiples of 64 from 256")
      ->delimiter(',')
      ->check(kNonEmpty)
      ->capture_default_str();
  cmd->add_option("--seed", opts->seed, "input seed")->check(kUnsignedDecimal)->capture_default_str();
  cmd->add_option("--runs", opts->runs, "timed runs per kernel; the median is reported")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->callback([opts, &exit_code] {
    // Sizes are judged before looking for a GPU, as `gate` does: the same refusal everywhere.
    for (int n : opts->sizes)
      if (auto why = gate_size_problem(n, 0)) {
        std::cerr << "bench refused: " << *why << "\n";
        exit_code = finish_output(kExitRefused);
        return;
      }
    const DeviceInfo dev = query_device();
    if (!dev.present) {
      std::cerr << "bench: " << (dev.error.empty() ? "no CUDA device" : dev.error) << "\n";
      exit_code = finish_output(kExitNoDevice);
      return;
    }
    std::cout << "device: " << dev.name << " (sm_" << dev.sm() << "), seed " << opts->seed << ", median of "
              << plural(opts->runs, "run") << "\n";
    print_row("variant", 0, "ms", "GFLOP/s", "x cuBLAS", "verdict", "regs", "smem", "spills");
    bool mismatch = false, refused = false;
    int failure = 0;  // exit code of the first run that stopped (by its error's kind)
    for (int n : opts->sizes) {
      bool cublas_printed = false;
      for (GateVariant v : {GateVariant::ldmatrix_k8, GateVariant::scalar_b_k8, GateVariant::ldmatrix_k16}) {
        GateRequest req;
        req.n = n;
        req.variant = v;
        req.seed = opts->seed;
        req.timed_runs = opts->runs;
        req.with_cublas = true;
        const std::string name(to_string(v));
        if (auto why = gate_refusal(req, dev)) {
          const bool was_refused = why->kind == ErrorKind::refused;
          print_row(name, n, "-", "-", "-", was_refused ? "refused" : "error", "-", "-", "-");
          std::cout << "  (" << why->message << ")\n";
          // A variant this GPU lacks is waived; a size that does not fit is the user's error.
          if (!was_refused && failure == 0) failure = exit_code_for(why->kind);
          if (was_refused && dev.sm() >= min_sm(v)) refused = true;
          continue;
        }
        const GateReport r = run_gate(req);
        if (!r.ran) {
          const bool was_refused = r.error_kind == ErrorKind::refused;
          print_row(name, n, "-", "-", "-", was_refused ? "refused" : "error", "-", "-", "-");
          std::cout << "  (" << r.error << ")\n";
          if (was_refused)
            refused = true;
          else if (failure == 0)
            failure = exit_code_for(r.error_kind);
          continue;
        }
        if (!cublas_printed && r.cublas_ms > 0) {
          print_row("cuBLAS", n, cell("%.4f", r.cublas_ms), cell("%.1f", r.cublas_gflops), "1.000",
                    "(yardstick)", "-", "-", "-");
          cublas_printed = true;
        }
        std::string verdict = r.exact ? "exact" : "MISMATCH x" + std::to_string(r.mismatch_count);
        if (r.spot_check_failures != 0) verdict += ", REFERENCE SPOT CHECK FAILED";
        if (!r.exact || r.spot_check_failures != 0) mismatch = true;
        print_row(name, n, cell("%.4f", r.kernel_ms), cell("%.1f", r.gflops),
                  r.ratio_to_cublas > 0 ? cell("%.3f", r.ratio_to_cublas) : "-", verdict,
                  std::to_string(r.resources.registers), std::to_string(r.resources.static_shared_bytes),
                  std::to_string(r.resources.local_bytes));
      }
    }
    std::cout << "x cuBLAS = cuBLAS time / kernel time (1.000 = as fast as cuBLAS); smem in bytes per block; "
                 "spills = "
                 "local bytes per thread\n";
    // A mismatch outranks a refusal or an error in the exit code: it is the finding.
    exit_code = finish_output(mismatch ? kExitMismatch : failure != 0 ? failure : refused ? kExitRefused : 0);
  });
}

}  // namespace fragviz::cli
