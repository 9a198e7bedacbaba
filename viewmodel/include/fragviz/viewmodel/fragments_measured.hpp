// What a probe report measured of one mma.sync's fragments, defined once for the fragments view
// (its header line and the marks on its cells) and File > Export (export/view_fragments.cpp), so an
// exported picture carries the marks and the "measured on ..." line the screen shows (newcomer
// round 25: the export drew neither and said "PTX ISA: ..." under a measured view).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/viewmodel/status_tone.hpp"

namespace fragviz::app {

/// A cell's mark: not measured, measured and every check matches (the green corner), or a check
/// differs (the red X).
enum class CellMark : std::uint8_t { none = 0, matches = 1, differs = 2 };

/// The colour of the green corner a matching cell gets, on the screen and in File > Export.
inline constexpr Rgb kMatchesMarkColour{80, 200, 120};

/// The checks of instruction `in` in a probe report. Its pointers point into the report: keep the
/// report alive while this is read.
struct FragmentsMeasured {
  const InstructionProbe* instruction = nullptr;  ///< tensor-core probe of the instruction
  const FragmentProbe* fragment = nullptr;        ///< ldmatrix probe (the seed's two instructions)
  /// Through-ldmatrix probe: the bytes its A and B registers received, and the tensor core fed
  /// with them (every catalogue entry with an ldmatrix form).
  const LdmatrixFedProbe* fed = nullptr;
  /// The report's reason it did not run the instruction ("not run" where it gives none); "" when
  /// it ran it or does not name it.
  std::string not_run;
  bool named = false;  ///< the report names the instruction (run or not)
  /// Per operand, by slot (lane * per_lane + element): index into the probe's elements (fd: into
  /// fed->bytes), or -1.
  std::array<std::vector<int>, 3> ip_slot, fp_slot, fd_slot;
  /// Per operand, per cell (cell_index): the cell's mark, as a CellMark's value.
  std::array<std::vector<std::uint8_t>, 3> cell_state;
  /// Elements each probe checked, and those that differ.
  int ip_checked = 0, ip_differing = 0, fp_checked = 0, fp_differing = 0, fd_checked = 0, fd_differing = 0;
  int differing() const { return ip_differing + fp_differing + fd_differing; }
  bool any() const { return instruction || fragment || fed; }

  CellMark mark(Operand op, int cell) const {
    const auto& v = cell_state[static_cast<std::size_t>(op)];
    return cell < 0 || static_cast<std::size_t>(cell) >= v.size()
               ? CellMark::none
               : static_cast<CellMark>(v[static_cast<std::size_t>(cell)]);
  }
  const ElementCheck* ip_check(Operand op, int slot) const {
    return check(instruction ? &instruction->elements : nullptr, ip_slot, op, slot);
  }
  const ElementCheck* fp_check(Operand op, int slot) const {
    return check(fragment ? &fragment->elements : nullptr, fp_slot, op, slot);
  }
  const ElementCheck* fd_check(Operand op, int slot) const {
    return check(fed ? &fed->bytes : nullptr, fd_slot, op, slot);
  }

 private:
  static const ElementCheck* check(const std::vector<ElementCheck>* el,
                                   const std::array<std::vector<int>, 3>& idx, Operand op, int slot) {
    if (!el) return nullptr;
    const auto& v = idx[static_cast<std::size_t>(op)];
    if (slot < 0 || static_cast<std::size_t>(slot) >= v.size() || v[static_cast<std::size_t>(slot)] < 0)
      return nullptr;
    return &(*el)[static_cast<std::size_t>(v[static_cast<std::size_t>(slot)])];
  }
};

/// "measured on NVIDIA H200, sm_90": how the views (and File > Export) label data measured on `d`.
/// A long name is clipped as messages clip user text (echo_text), so no view that repeats it floods.
std::string measured_label(const DeviceInfo& d);

/// The label of an opened probe report: measured_label of its device, or "recorded probe report"
/// where it names none.
std::string probe_report_label(const ProbeReport& p);

/// What `report` (null: none) measured of `in`: the probes that ran it, each cell's mark and the counts.
/// Without a report every cell is unmarked.
FragmentsMeasured fragments_measured(const Instruction& in, const ProbeReport* report);

/// The fragments view's line about the report, and its tone.
struct MeasuredLine {
  std::string text;
  Tone tone = Tone::dim;
};

/// The line the fragments view shows under its controls for report `label` ("measured on NVIDIA
/// H200, sm_90") and `m`: "<label>: tensor core all 512 elements match; ..." (good, or bad where an
/// element differs or a tile is not exact), "<label>: <why skipped>" (warn), "<label>: this
/// instruction is not in the report. PTX ISA prediction." (dim). `has_report` false: "" (the view
/// says its own words for the prediction).
MeasuredLine fragments_measured_line(const std::string& label, const FragmentsMeasured& m, bool has_report);

}  // namespace fragviz::app
