#include "run_status.hpp"

#include "report_view.hpp"  // measured_label

namespace fragviz::app {

bool device_runs(const DeviceInfo& dev, const Instruction& in) {
  return dev.present && dev.sm() >= in.min_sm && !in.arch_specific;
}

std::string target_name(const Instruction& in) {
  return "sm_" + std::to_string(in.min_sm) + (in.arch_specific ? "a" : "");
}

namespace {

/// "model only: ..." lines of an entry no GPU has run name what stands behind the model (the
/// catalogue's model_status: which PTX ISA and CuTe versions agree), as the CLI does.
std::string with_sources(std::string line, const Instruction& in) {
  const std::string why = model_status(in);
  const std::string prefix = "model only: ";
  if (line.rfind(prefix, 0) != 0 || why.rfind(prefix, 0) != 0) return line;
  return line + "; " + why.substr(prefix.size());
}

std::string status_line(bool cuda_built, bool device_known, const DeviceInfo& dev,
                        const std::string& recorded, const Instruction& in) {
  // With a recorded probe report of `in` open the views show its measurements, not the model: the
  // line says so, as the status strip does, then what this machine can do; never "model only"
  // under "all elements match" (issue 22).
  const std::string from = recorded + " (the open report); ";
  const std::string needs = target_name(in);
  if (!cuda_built)
    return recorded.empty() ? "model only: built without CUDA (needs " + needs + ")"
                            : from + "this build has no CUDA (needs " + needs + ")";
  if (!device_known) return (recorded.empty() ? "" : from) + "needs " + needs + "; looking for a GPU";
  if (!dev.present)
    return recorded.empty() ? "model only: no GPU (needs " + needs + ")"
                            : from + "this machine has no GPU (needs " + needs + ")";
  const std::string sm = "sm_" + std::to_string(dev.sm());
  if (device_runs(dev, in))
    return "runs on this GPU (" + sm + ")" +
           (recorded.empty() ? "" : "; shown: " + recorded + " (the open report)");
  return recorded.empty() ? "model only: needs " + needs + " (device is " + sm + ")"
                          : from + "this GPU cannot run it: needs " + needs + " (device is " + sm + ")";
}

}  // namespace

bool shown_report_ran(const AppState& s, const Instruction& in) {
  // Newcomer round 10: an sm_120a entry lost its model-only line while an H200 report was open.
  // Issue 22: the seed's m16n8k8, measured by the ldmatrix probe of an H200 report without
  // tensor-core probes, read "model only" beside its measured cells.
  if (!s.report || !s.report->has_probe || !s.probe.report) return false;
  const ProbeReport& r = *s.probe.report;
  for (const InstructionProbe& p : r.instructions)
    if (p.mnemonic == in.mnemonic && p.ran) return true;
  for (const FragmentProbe& f : r.fragments)
    if (f.mnemonic == in.mnemonic && f.ran) return true;
  for (const LdmatrixFedProbe& f : r.through_ldmatrix)
    if (f.mnemonic == in.mnemonic && f.ran) return true;
  return false;
}

std::string shown_report_label(const AppState& s, const Instruction& in) {
  return shown_report_ran(s, in) ? measured_label(s.probe.report->device) : std::string();
}

std::string fragment_probes_line(const ProbeReport& r) {
  if (r.fragments.empty()) return {};
  int measured = 0, matched = 0, not_run = 0;
  for (const FragmentProbe& f : r.fragments) {
    if (!f.ran) {
      ++not_run;
      continue;
    }
    ++measured;
    if (f.mismatches() == 0 && f.tile_exact) ++matched;
  }
  const auto n = [](int k, const char* one, const char* many) {
    return std::to_string(k) + " " + (k == 1 ? one : many);
  };
  std::string line = "fragment probes (ldmatrix, then mma): " +
                     n(measured, "instruction measured, ", "instructions measured, ") +
                     std::to_string(matched) + (matched == 1 ? " matches" : " match") + " every element";
  if (not_run) line += "; " + std::to_string(not_run) + " not run";
  return line;
}

std::string run_status_text(bool cuda_built, bool device_known, const DeviceInfo& dev,
                            const std::string& recorded, const Instruction& in) {
  return with_sources(status_line(cuda_built, device_known, dev, recorded, in), in);
}

}  // namespace fragviz::app
