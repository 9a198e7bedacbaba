#include "run_status.hpp"

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

std::string status_line(bool cuda_built, bool device_known, const DeviceInfo& dev, bool recorded,
                        const Instruction& in) {
  // With a recorded probe report open the views show measurements, not the model: the line then
  // speaks of this machine only, so it never reads "model only" under "all elements match".
  if (!cuda_built)
    return recorded ? "this machine cannot run it (built without CUDA; needs " + target_name(in) + ")"
                    : "model only: built without CUDA (needs " + target_name(in) + ")";
  if (!device_known) return "needs " + target_name(in) + "; looking for a GPU";
  if (!dev.present)
    return recorded ? "this machine cannot run it (no GPU; needs " + target_name(in) + ")"
                    : "model only: no GPU (needs " + target_name(in) + ")";
  const std::string sm = "sm_" + std::to_string(dev.sm());
  if (device_runs(dev, in)) return "runs on this GPU (" + sm + ")";
  return (recorded ? "this machine cannot run it: needs " : "model only: needs ") + target_name(in) +
         " (device is " + sm + ")";
}

}  // namespace

bool shown_report_ran(const AppState& s, const Instruction& in) {
  // Newcomer round 10: an sm_120a entry lost its model-only line while an H200 report was open.
  if (!s.report || !s.report->has_probe || !s.probe.report) return false;
  for (const InstructionProbe& p : s.probe.report->instructions)
    if (p.mnemonic == in.mnemonic) return p.ran;
  return false;
}

std::string run_status_text(bool cuda_built, bool device_known, const DeviceInfo& dev, bool recorded,
                            const Instruction& in) {
  return with_sources(status_line(cuda_built, device_known, dev, recorded, in), in);
}

}  // namespace fragviz::app
