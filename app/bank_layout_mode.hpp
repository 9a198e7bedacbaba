// The bank view's Layout mode in the app: opening it for a gate rung (open_layout_view), the tile
// controls as notation, and the measured probe run beside the model. The tables themselves (LayoutView,
// compute_layout_view) are viewmodel/'s bank_layout_view.hpp, shared with the export.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/viewmodel/bank_layout_view.hpp"

namespace fragviz::app {

/// The tile of the app's width/pad/xor controls (16 rows) as CuTe notation: the preset those
/// controls stand for (tile_geometry_notation), or its refusal.
Outcome<std::string> controls_layout_notation(const Controls& c);

/// What the gate panel (or anything else) asks the Layout mode to show.
struct LayoutViewRequest {
  std::string write_layout, read_layout;  ///< CuTe notation; read "" = same as write
  std::string lanes;                      ///< preset, expression or table
  SharedOp op = SharedOp::ldmatrix;
  LdmNum num = LdmNum::x4;
  bool trans = false;
  int element_bytes = 2;  ///< 1, 2, 4 or 8
  std::string title;      ///< shown above the view, e.g. "gate rung ldmatrix-k16"
};

/// Shows `r` in the bank view's Layout mode: opens the bank view, switches it to Layout and puts
/// r's fields into s.layout. The user's own layout (one no request titled) is kept in
/// s.layout_yours for restore_your_layout and for the settings. Bad fields are shown with their
/// errors like typed ones.
void open_layout_view(AppState& s, const LayoutViewRequest& r);

/// Before something the user did not type replaces the Layout mode's geometry (a gate rung's A/B, a
/// preset picked): the geometry shown now is kept in s.layout_yours where it is the user's own (no
/// title), and `title` says what replaces it, so "Back to your layout" gives the user's back (a
/// preset wiped a typed layout with no way back: newcomer issue 22).
void keep_your_layout(AppState& s, const std::string& title);

/// Gives back the user's own Layout-mode geometry that open_layout_view replaced (s.layout_yours);
/// nothing when none was replaced.
void restore_your_layout(AppState& s);

/// The `probe --layout` run of `report` that measured exactly what `v` shows (same write and read
/// layouts, lane addresses, instruction and element size), or null.
const LayoutProbe* matching_layout_probe(const LayoutView& v, const ProbeReport* report);

/// The measured run beside the model, one line each: addresses, received elements (the first
/// difference named), cycles, and Nsight Compute's two counters beside the model's when recorded.
std::vector<std::string> measured_lines(const LayoutProbe& p, const LayoutView& v);

/// The PTX type name fragviz uses for an element size: "b8", "b16", "b32", "b64"; "b16" otherwise.
const char* element_type_name(int bytes);

}  // namespace fragviz::app
