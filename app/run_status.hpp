// Whether this machine runs a catalogue instruction, in the words the instruction picker and its
// summary use. Window-free, device-free: the caller says whether CUDA is built in.
#pragma once

#include <string>

#include "app_state.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/report/report.hpp"  // DeviceInfo

namespace fragviz::app {

/// Whether `dev` can run `in`: sm >= min_sm and not an arch-specific (sm_XXa) instruction.
bool device_runs(const DeviceInfo& dev, const Instruction& in);
/// "sm_80", or "sm_120a" for an arch-specific entry.
std::string target_name(const Instruction& in);
/// What the picker says about running `in`: "runs on this GPU (sm_90)", "model only: needs
/// sm_120a (device is sm_90)", "model only: no GPU (needs sm_80)", or, while a recorded probe
/// report that measured `in` is shown (`recorded`: its measured_label, "measured on NVIDIA H200,
/// sm_90"; empty: none), where the views' measurements come from and then what this machine can
/// do: "measured on NVIDIA H200, sm_90 (the open report); this machine has no GPU (needs sm_80)",
/// never "model only".
std::string run_status_text(bool cuda_built, bool device_known, const DeviceInfo& dev,
                            const std::string& recorded, const Instruction& in);
/// Whether the opened report shown measured `in`: a tensor-core probe of it that ran, or the
/// ldmatrix fragment or through-ldmatrix probe of it (each marks the fragments view's cells). One
/// it lacks or skipped leaves the views on the PTX prediction, and the line then says what that
/// rests on.
bool shown_report_ran(const AppState& s, const Instruction& in);
/// run_status_text's `recorded` for the app's state: the open report's measured_label where it
/// measured `in` (shown_report_ran), else empty.
std::string shown_report_label(const AppState& s, const Instruction& in);

/// The Device panel's line on the report's fragment probes (FragmentProbe: A and B loaded by
/// ldmatrix, then the mma run on them; what the fragments view marks measured), as counts:
/// "fragment probes (ldmatrix, then mma): 2 instructions measured, 2 match every element" (and "; 1
/// not run"); "" when the report holds none. The tensor-core count beside it is of the register-fed
/// instruction probes (InstructionProbe) only, which a report may lack while holding these.
std::string fragment_probes_line(const ProbeReport& r);

}  // namespace fragviz::app
