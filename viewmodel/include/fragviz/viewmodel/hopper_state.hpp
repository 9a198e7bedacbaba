// What the user chose in the Hopper views, as plain data: the warpgroup view's wgmma entry, zoom
// and selected thread; the descriptor view's operand and layout fields; the matrix-move view's
// stmatrix form, tab, epilogue preset and lane. AppState holds one (AppState::hopper). Nothing here
// draws or owns a GL object; the derived tables live in HopperViews (hopper_views.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/viewmodel/tile_units.hpp"  // ClampNote

namespace fragviz::app {

/// The wgmma entry the Hopper views show first (and when a stored one is not in the catalogue).
inline constexpr const char* kDefaultWgmma = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16";
/// The mma.sync whose accumulator the epilogue presets store (the one the device probes use).
inline constexpr const char* kEpilogueMma = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
/// Warpgroup view zoom range: 1 fits A and D in the window; more enlarges the cells and scrolls.
inline constexpr float kMinWarpgroupZoom = 1.f, kMaxWarpgroupZoom = 48.f;

/// Zoom and scroll of a zoomable grid view, kept between frames so a zoom change keeps the point
/// under the mouse (ctrl+wheel) or the view's centre (slider) in place.
struct GridZoom {
  float zoom = 1.f;
  std::string key;  ///< what the zoom is for: another entry starts at 1
  float drawn_zoom = 1.f, cell_w = 0, cell_h = 0, scroll_x = 0, scroll_y = 0, view_w = 0, view_h = 0;
  float anchor_x = -1, anchor_y = -1;  ///< point (from the view's top-left) kept put; < 0 = centre
  /// The scroll the user left the view at: a view made taller by another window closing is clamped
  /// to less, and gets this back once it is short enough again (app/zoom_grid.cpp).
  float kept_x = 0, kept_y = 0;
  /// The zoom the view opened at (app/zoom_grid.hpp's zoom_for) as last worked out: while the user
  /// has not moved off it, the zoom follows it when the view's size changes it. 0: none.
  float start = 0;
};

/// The descriptor view's layout: which operand of the wgmma entry, its major-ness, swizzle, and the
/// descriptor's LBO, SBO and start address. While `custom` is false, LBO and SBO are
/// canonical_layout's for the entry (and follow every change of entry, operand, major or swizzle).
struct DescriptorControls {
  Operand operand = Operand::B;
  Major major = Major::K;
  SmemSwizzle swizzle = SmemSwizzle::b128;
  bool custom = false;             ///< LBO / SBO typed by the user
  std::uint32_t lbo = 0, sbo = 0;  ///< bytes, used when custom
  std::uint32_t start = 0;         ///< descriptor start address, bytes
  friend bool operator==(const DescriptorControls& a, const DescriptorControls& b) {
    return a.operand == b.operand && a.major == b.major && a.swizzle == b.swizzle && a.custom == b.custom &&
           a.lbo == b.lbo && a.sbo == b.sbo && a.start == b.start;
  }
  friend bool operator!=(const DescriptorControls& a, const DescriptorControls& b) { return !(a == b); }
};

/// Which tab of the matrix-move view is shown.
enum class MoveView { stmatrix, movmatrix, epilogue };
const char* to_string(MoveView v);

/// The matrix-move view's choices.
struct MoveControls {
  MoveView view = MoveView::stmatrix;
  LdmatrixConfig stmatrix{LdmNum::x4, false};
  std::string epilogue = "x4";  ///< an epilogue_presets() name
  friend bool operator==(const MoveControls& a, const MoveControls& b) {
    return a.view == b.view && a.stmatrix.num == b.stmatrix.num && a.stmatrix.trans == b.stmatrix.trans &&
           a.epilogue == b.epilogue;
  }
  friend bool operator!=(const MoveControls& a, const MoveControls& b) { return !(a == b); }
};

/// Everything the Hopper views let the user choose. Persisted (app/settings.hpp): the entry, the
/// open windows, the selected thread, the warpgroup zoom, the descriptor's fields and the matrix
/// moves' choices and lane; the pickers' filter text is not.
struct HopperState {
  bool warpgroup_open = false, descriptor_open = false, moves_open = false;  ///< View menu
  std::string wgmma = kDefaultWgmma;  ///< the entry both wgmma views show, by PTX mnemonic
  /// The user picked `wgmma` (the picker, a ladder rung, settings.json): until then it follows the
  /// mma.sync form's types (wgmma_following), and settings do not save it.
  bool wgmma_picked = false;
  std::string wgmma_note;    ///< why `wgmma` is not of the mma.sync form's types, "" when it is
  std::string wgmma_filter;  ///< the wgmma picker's filter text, cleared as it opens
  int selected_thread = -1;  ///< warpgroup thread 0-127, -1 = none
  /// The selected thread's cells are brought into view when the Warpgroup view next draws, as
  /// selecting it does: a thread restored from settings.json (newcomer issue 22: the view opened on
  /// warp 0's rows, not thread 37's). Not saved.
  bool reveal_thread = true;
  std::string thread_typed;  ///< the thread field's text while no thread is selected, not saved
  /// A thread typed past 0-127 was set to the nearer end, or a text that is no number kept the
  /// thread: the field says so (clamp_note) while that thread stays selected (newcomer round 26:
  /// 128 became 127 silently).
  ClampNote thread_clamp_note;
  std::string warpgroup_find;  ///< the warpgroup view's Find text (`D,17,2`, `thread 37`)
  /// The Find field's message the last frame the view drew it, "" when its text answered: a text
  /// the field refused is not saved (settings_of), as the fragments view's is not.
  std::string warpgroup_find_error;
  GridZoom warpgroup_zoom;
  DescriptorControls descriptor;
  MoveControls moves;
  // The matrix-move pages select the app's lane (AppState::selected_lane), as every view does.
  /// The stmatrix grid's zoom (key: its mnemonic); not saved.
  GridZoom stmatrix_zoom;
  /// The movmatrix grids' zoom (key: "movmatrix"); not saved.
  GridZoom movmatrix_zoom;
};

}  // namespace fragviz::app
