// `fragviz-cli relations`: the relations people get wrong (issue 7). The model's findings (which
// K splits hold, with their register maps; which accumulators can be reused in place as the next
// mma's A, and where the cross-lane moves go where not) and, with a GPU, each one checked on it.
//
// Exit codes: 0 every relation that ran is as the model says (or --model); 1 a hardware result
// disagrees with the model (named); 2 no usable GPU (the model is printed first); 4 a CUDA error
// stopped the run.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fragviz/device/relations_run.hpp"

namespace fragviz::cli {
namespace {

void print_lanes(const AccumulatorReuse& r, const std::vector<int>& lanes) {
  for (int lane : lanes)
    for (int i = 0; i < r.a_elements; ++i) std::cout << "    " << describe_reuse_element(r, lane, i) << "\n";
}

/// The model's lines; with `checks`, each K split and reuse line carries the GPU's verdict.
/// Returns false when a check that ran disagrees with the model.
bool print_relations(const RelationsReport& report, bool with_gpu, const std::vector<int>& lanes) {
  bool agree = true;
  int holds = 0;
  bool c_same = true;
  std::cout
      << "K split: one mma of K equals two of K/2 on the same registers, D = H(A_hi, B_hi, H(A_lo, B_lo, "
         "C))\n";
  for (const KSplitCheck& c : report.k_splits) {
    holds += c.model.holds();
    c_same = c_same && c.model.c_same;
    std::cout << "  " << describe_k_split(c.model);
    if (with_gpu) {
      std::cout << ": " << describe_k_split_check(c);
      if (c.ran && !c.agrees()) {
        std::cout << "  <- DISAGREES WITH THE MODEL";
        agree = false;
      }
    }
    std::cout << "\n";
  }
  std::cout << "  " << holds << " of " << report.k_splits.size() << " candidate pairs hold"
            << (c_same ? "; in each, C/D is the same registers" : "") << "\n";

  std::cout << "Accumulator as A: the C/D of K/N n-tiles side by side, converted, as the next mma's A\n";
  for (const ReuseCheck& c : report.reuse) {
    const AccumulatorReuse& r = c.model;
    std::cout << "  " << describe_accumulator_reuse(r) << "\n";
    if (!r.holds() && r.refused.empty()) std::cout << "    e.g. " << reuse_example(r) << "\n";
    if (r.refused.empty()) print_lanes(r, lanes);
    if (with_gpu) {
      std::cout << "    " << describe_reuse_check(c);
      if (c.ran && !c.agrees()) {
        std::cout << "  <- DISAGREES WITH THE MODEL";
        agree = false;
      }
      std::cout << "\n";
    }
  }
  return agree;
}

}  // namespace

void add_relations_command(CLI::App& app, int& exit_code) {
  struct Opts {
    bool model = false;
    std::vector<std::string> lanes;  ///< as given: each a lane or a comma-separated list
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "relations",
      "K splits (one mma of K = two of K/2 on the same registers) and accumulators reused as the next "
      "mma's A: the model, then each checked on the GPU. Exit 0: as the model says; 1: the GPU disagrees "
      "(named); 2: no usable GPU (model printed); 4: CUDA error");
  cmd->add_flag("--model", opts->model, "print the model's findings only (no GPU needed, exit 0)");
  cmd->add_option("--lane", opts->lanes,
                  "also print, for every accumulator-as-A pair, where each A element of this lane comes "
                  "from (repeatable, or comma-separated)")
      ->check(int_list_validator(0, kWarpSize - 1,
                                 "--lane takes lanes 0 to 31, repeated or comma-separated, e.g. --lane 0,5"));
  cmd->callback([opts, &exit_code] {
    std::vector<int> lanes;
    for (const std::string& list : opts->lanes)
      for (int lane : int_list(list)) lanes.push_back(lane);
    if (opts->model) {
      print_relations(relations_not_run(DeviceInfo{}, "model only"), false, lanes);
      exit_code = finish_output(kExitOk);
      return;
    }
    const RelationsReport report = run_relations();
    if (!report.device.present) {
      print_relations(report, false, lanes);
      std::cout.flush();
      std::cerr << "no usable GPU: " << report.device.error.message
                << "\nthe model is printed above; `fragviz-cli relations --model` prints it and exits 0\n";
      exit_code = finish_output(kExitNoDevice);
      return;
    }
    std::cout << "device: " << report.device.name << ", sm_" << report.device.sm() << "\n";
    const bool agree = print_relations(report, true, lanes);
    int ran = 0, waived = 0;
    for (const KSplitCheck& c : report.k_splits) (c.ran ? ran : waived) += 1;
    for (const ReuseCheck& c : report.reuse) (c.ran ? ran : waived) += 1;
    std::cout << "relations on the GPU: " << ran << " run, " << waived << " not runnable here";
    if (report.error.kind == ErrorKind::none)
      std::cout << ", " << (agree ? "all as the model says" : "NOT all as the model says");
    std::cout << " (" << static_cast<int>(report.ms + 0.5) << " ms)\n";
    int code = kExitOk;
    if (report.error.kind != ErrorKind::none) {
      std::cout.flush();
      std::cerr << "CUDA error: " << report.error.message << "\n";
      code = kExitCudaError;
    } else if (!agree) {
      code = kExitMismatch;
    }
    exit_code = finish_output(code);
  });
}

}  // namespace fragviz::cli
