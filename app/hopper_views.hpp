// The Hopper views' cache: the tables of hopper_derived.hpp kept current for
// AppState::hopper and the probe report (recomputed only when either changes), and a per-frame record of what
// they drew for the state dump (--dump-state's "hopper" object) the GUI tests read. App owns one; the panels
// (panel_warpgroup.cpp, panel_descriptor.cpp, panel_matrix_moves.cpp) draw from it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app_state.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"

namespace fragviz::app {

/// Where a grid was drawn this frame: its top-left, cell size and extent (cells outside the
/// visible part are not drawn but keep their place, so tests can scroll to one).
struct HopperGridRecord {
  bool drawn = false;
  float x = 0, y = 0, cw = 0, ch = 0;  ///< top-left of cell (0, 0) and cell size, logical pixels
  int rows = 0, cols = 0;
  Rect visible;  ///< the part of the window that shows it
};

/// The element or cell under the mouse in one of the views.
struct HopperHover {
  std::string view;  ///< "warpgroup", "descriptor", "moves"
  std::string grid;  ///< "D", "A", "operand", "tile", "stmatrix", "before", "after", "epilogue"
  int row = -1, col = -1;
};

/// A cell of the warpgroup view's selected thread drawn this frame, and the label that shows on it
/// last ("" where none does): the state dump's "selected_labels".
struct SelectedCellLabel {
  std::string grid;  ///< "A" or "D"
  int row = 0, col = 0;
  std::string label;  ///< the label's first line ("T37", "T37 V5"), "" where none shows
};

/// What the Hopper windows drew this frame (reset by draw_hopper_views).
struct HopperFrame {
  bool picker_open = false;
  bool warpgroup_drawn = false, descriptor_drawn = false, moves_drawn = false;
  std::string warpgroup_text, descriptor_text, moves_text;  ///< the measured / model-only lines
  std::string find_answer, find_error;                      ///< the warpgroup view's Find answer or message
  /// The warpgroup view's thread field as shown: the thread's number, else its "no thread" hint
  /// (or what the user is typing there).
  std::string thread_text;
  std::optional<FoundCellRecord> found;  ///< the cell its Find went to, outlined (operand "A" or "D")
  HopperGridRecord d, a;                 ///< warpgroup grids
  float zoom = 1.f, scroll_x = 0, scroll_y = 0, scroll_max_x = 0, scroll_max_y = 0;
  int cells_drawn = 0;
  int labels_drawn = 0;                            ///< warpgroup cells that got a label this frame
  std::vector<SelectedCellLabel> selected_labels;  ///< the selected thread's cells drawn this frame
  float readable_zoom = 0;  ///< the warpgroup zoom at which every cell holds a label (its first)
  std::string label_mode;
  /// Each warpgroup grid's ("A", "D") index bands as drawn (pinned_index_labels): the column band's
  /// top and the row band's left (NaN: none drawn), the bands' height and width, and their labels.
  std::map<std::string, std::pair<float, float>> label_bands, band_sizes;
  std::map<std::string, std::vector<TextRecord>> index_labels;
  int registers_thread = -1;
  std::vector<WgmmaRegister> registers;   ///< of registers_thread, as the register table shows them
  int register_rows_visible = 0;          ///< rows of the register list wholly in view (under its header)
  HopperGridRecord operand, tile;         ///< descriptor view
  HopperGridRecord moves, before, after;  ///< matrix-move view (stmatrix / epilogue tile; movmatrix)
  /// The matrix-move view's grids' row and column numbers as drawn ("tile"; movmatrix's "before",
  /// "after"), the column numbers first.
  std::map<std::string, std::vector<TextRecord>> moves_index_labels;
  /// The stmatrix grid as drawn: its zoom and the one at which every cell holds its two lines, the
  /// label level (cell_label_mode_name: "full": "T5 r2.hi", "two_lines": "T5" over "r2.hi", "owner":
  /// "T5", "number": "5", "none"), each labelled cell's words
  /// ("T5 r2.hi"; what its export writes) and the lane named left of each row (row: "T5").
  float stmatrix_zoom = 0, stmatrix_readable_zoom = 0;
  std::string stmatrix_labels;
  struct CellWords {
    int row = 0, col = 0;
    std::string text;
  };
  std::vector<CellWords> stmatrix_cell_labels;
  std::map<int, std::string> stmatrix_row_lanes;
  /// The movmatrix grids as drawn, as the stmatrix tile's: their zoom, the one at which every cell
  /// holds its two lines, the label level, and each grid's ("before", "after") labelled cells'
  /// words ("T1.lo <T8.lo"; what its export writes).
  float movmatrix_zoom = 0, movmatrix_readable_zoom = 0;
  std::string movmatrix_labels;
  std::map<std::string, std::vector<CellWords>> movmatrix_cell_labels;
  std::optional<HopperHover> hover;
};

class HopperViews {
 public:
  /// Recomputes what `s` changed: the tables when the entry or a view's controls changed, the
  /// measured parts when the report changed. Cheap when nothing did.
  void refresh(const AppState& s);

  const WarpgroupTable& warpgroup() const { return warpgroup_; }
  const WarpgroupMeasured& warpgroup_measured() const { return warpgroup_measured_; }
  const DescriptorTable& descriptor() const { return descriptor_; }
  const StmatrixTable& stmatrix() const { return stmatrix_; }
  const MovmatrixTable& movmatrix() const { return movmatrix_; }
  const EpilogueTable& epilogue() const { return epilogue_; }
  bool hopper_in_report() const { return report_has_hopper(report_.get()); }
  /// The wgmma entry mma.sync form `instruction` follows (wgmma_following, a catalogue lookup),
  /// looked up again only when `instruction` differs from the last one asked about.
  const FollowedWgmma& followed(const std::string& instruction);
  /// How many times followed() looked its entry up (the state dump's "follow_lookups").
  int follow_lookups() const { return follow_lookups_; }

  /// The "hopper" object of the state dump; rectangles in window pixels (`px` per logical pixel).
  nlohmann::json state_json(const AppState& s, float px) const;

  HopperFrame frame;
  int descriptor_hover = -1;  ///< element hovered last frame in the descriptor view, -1 none
  /// Why the value last typed into each of the LBO, SBO and start fields was refused (the field kept
  /// its value), "" where it was not: each field's own, so one refusal no longer replaces another
  /// (newcomer issue 22: the start's replaced the SBO's). A value taken clears its field's.
  struct DescriptorInputErrors {
    std::string lbo, sbo, start;
    bool any() const { return !lbo.empty() || !sbo.empty() || !start.empty(); }
  } descriptor_input_errors;

 private:
  std::optional<std::string> followed_for_;  ///< the instruction followed_ is of
  FollowedWgmma followed_;
  int follow_lookups_ = 0;
  std::shared_ptr<const ProbeReport> report_;  ///< keeps the measured tables' pointers valid
  bool valid_ = false;
  std::string wgmma_;
  DescriptorControls descriptor_controls_;
  MoveControls move_controls_;
  WarpgroupTable warpgroup_;
  WarpgroupMeasured warpgroup_measured_;
  DescriptorTable descriptor_;
  StmatrixTable stmatrix_;
  MovmatrixTable movmatrix_;
  EpilogueTable epilogue_;
};

}  // namespace fragviz::app
