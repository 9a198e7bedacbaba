// The bank view's Layout mode as plain tables: the user's LayoutControls judged by the model
// (parse_smem_layout, parse_lane_pattern, analyze_access, round_trip) and laid out as 128-byte lines
// of 32 banks. The app's panel draws them on screen and export/ (banks_scene with
// ViewRequest::layout_mode) draws the same tables into a picture. No layout arithmetic here beyond
// "which 4-byte word does a byte fall in": every offset, bank and wavefront comes from the model.
// No ImGui, no GL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"

namespace fragviz::app {

/// The bank view's Layout mode (issue 9): the user's own tile layout and per-lane addresses, as
/// typed, judged by the model (smem_layout.hpp, lane_pattern.hpp, smem_access.hpp) whenever they
/// change. Persisted (settings "layout"), text and all; bad text is shown with its error, never lost.
struct LayoutControls {
  bool enabled = false;  ///< the bank view shows this instead of the explorer's padded tile
  /// CuTe notation of the side that writes the tile (what a kernel stores through), in elements of
  /// `element_type` unless it starts with `B:`.
  std::string write_layout = "Swizzle<3,3,3> o (16,64):(64,1)";
  /// The side the access reads through; "" means the same as write_layout (no round trip shown).
  std::string read_layout;
  /// A lane_pattern.hpp preset name, a `row=..., col=...` expression in `lane`, or a table.
  std::string lanes = "explorer";
  SharedOp op = SharedOp::ldmatrix;
  LdmNum num = LdmNum::x4;           ///< .x1/.x2/.x4 of ldmatrix / stmatrix
  bool trans = false;                ///< .trans (moves no address; kept for the mnemonic)
  std::string element_type = "b16";  ///< a PTX type name parse_element_type accepts
  /// Who asked for this geometry, e.g. "gate rung ldmatrix-k16" (open_layout_view); "" when the
  /// user typed it. Not persisted.
  std::string title;
  /// The layout text the access goes through: a store's write side, else the read side (the
  /// write side when read_layout is ""). LayoutView::access_layout parses the same side.
  const std::string& access_layout_text() const {
    return is_store(op) || read_layout.empty() ? write_layout : read_layout;
  }
  friend bool operator==(const LayoutControls& a, const LayoutControls& b) {
    return a.enabled == b.enabled && a.write_layout == b.write_layout && a.read_layout == b.read_layout &&
           a.lanes == b.lanes && a.op == b.op && a.num == b.num && a.trans == b.trans &&
           a.element_type == b.element_type && a.title == b.title;
  }
  friend bool operator!=(const LayoutControls& a, const LayoutControls& b) { return !(a == b); }
};

/// Most 128-byte lines the Layout mode draws (64 KiB); a larger footprint is drawn up to here and
/// the view says so (the figures always cover the whole tile).
inline constexpr int kLayoutMaxLines = 512;

/// One text field's verdict: its error with the 1-based column it points at (0: none).
struct FieldError {
  std::string message;  ///< "" when the field was taken
  int column = 0;
  ErrorKind kind = ErrorKind::malformed;  ///< malformed: the text does not read; refused: it reads
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
  /// idle_swizzle_note of the write side and of a typed read side: its swizzle changes no offset of
  /// its layout; "" otherwise (newcomer round 22: Swizzle<9,9,9> o (16,64):(64,1) passed silently).
  std::string write_idle, read_idle;
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

/// The PTX type name fragviz uses for an element size: "b8", "b16", "b32", "b64";

}  // namespace fragviz::app
