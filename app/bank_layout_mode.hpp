// The bank view's Layout mode as plain tables: the user's LayoutControls judged by the model
// (parse_smem_layout, parse_lane_pattern, analyze_access, round_trip) and laid out as 128-byte lines
// of 32 banks for the panel to draw. No layout arithmetic here beyond "which 4-byte word does a
// byte fall in": every offset, bank and wavefront comes from the model. No ImGui, no GL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"

namespace fragviz::app {

/// Most 128-byte lines the Layout mode draws (64 KiB); a larger footprint is drawn up to here and
/// the view says so (the figures always cover the whole tile).
inline constexpr int kLayoutMaxLines = 512;

/// One text field's verdict: its error with the 1-based column it points at (0: none).
struct FieldError {
  std::string message;  ///< "" when the field was taken
  int column = 0;
  bool ok() const { return message.empty(); }
};

/// One 4-byte word of the tile in the Layout mode's grid (bank = word % 32).
struct LayoutWord {
  std::int32_t cell = -1;   ///< row-major cell of the element whose bytes start the word, -1: pad
  std::uint32_t lanes = 0;  ///< bit l: lane l's access covers this word
  bool conflict = false;    ///< read in a phase whose bank serves more than one word of it
  bool round_trip = false;  ///< holds a byte of the first round-trip mismatch's read
};

/// Everything the Layout mode shows for one LayoutControls value.
struct LayoutView {
  LayoutControls key;  ///< what this was computed from
  int element_bytes = 0;
  FieldError element_error, write_error, read_error, lanes_error;
  std::optional<SmemLayout> write, read;  ///< parsed sides (read == write when read_layout is "")
  std::optional<LanePattern> lanes;
  /// The access through the read side (the write side for stmatrix); absent while a field fails.
  std::optional<AccessReport> access;
  /// Written through write, read through read; only when read_layout is given.
  std::optional<RoundTrip> trip;
  std::string trip_error;  ///< round_trip's refusal (shapes differ), "" when none
  /// Lanes of a phase in which some bank serves more than one distinct word, and which touch such
  /// a bank: the lanes that conflict.
  std::vector<int> conflicting_lanes;
  int lines = 0;           ///< 128-byte lines of the access layout's footprint, at most kLayoutMaxLines
  bool truncated = false;  ///< the footprint has more lines than drawn
  std::vector<LayoutWord> words;  ///< lines * 32
  /// One line per phase in Nsight Compute's terms, e.g. "matrix 0: 1 wavefront (conflict-free)".
  std::vector<std::string> phase_lines;
  /// "wavefronts 4   ideal 4   bank conflicts 0   (1-way)", or "" when refused.
  std::string totals;
  /// The round trip in words: "all 1024 elements read back", or the first mismatch's coordinate and
  /// the address it read; "" without a read side.
  std::string trip_line;
  /// The access layout: the read side, or the write side for stmatrix (null while it fails).
  const SmemLayout* access_layout() const;
  bool ready() const { return access.has_value(); }
};

/// Judges `c` with the model and lays out the grid. Never throws; every bad field is reported in
/// its FieldError and the rest still parsed.
LayoutView compute_layout_view(const LayoutControls& c);

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
