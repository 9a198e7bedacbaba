// A picture as plain data: rectangles, text and lines in points (1/72 inch), y down, in drawing
// order. Every exported view (fragments, warpgroup, ldmatrix/stmatrix/movmatrix, banks, output) is
// built into a Scene by the pure code of views.hpp, and every writer (writers.hpp: SVG, TikZ, and
// through cairo PDF and PNG) draws the same Scene, so the formats cannot disagree.
//
// No CUDA, no GL, no cairo: the unit tests read a Scene's cells and texts directly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace fragviz::scene {

/// What a colour stands for: itself, or a part of the paper the picture is drawn on (the palette's
/// "document" or "screen", views.hpp), which paint_scene puts in when the scene is finished.
enum class Role : std::uint8_t {
  fixed,        ///< the colour as given (a lane's, a bank's, a verdict's)
  background,   ///< the paper: the picture's ground and empty cells
  ink,          ///< text and outlines
  dim,          ///< index numbers, notes, cell borders
  faded,        ///< the colour given, three quarters of the way to the background (an unselected lane)
  faded_label,  ///< a faded cell's label: app::faded_label_colour of the paper, as the screen draws it
  empty_cell,   ///< a cell nothing uses: app::empty_cell_colour of the paper, as the screen draws it
};

/// 8 bits a channel, opaque; a colour of role other than fixed is a placeholder until paint_scene.
struct Colour {
  std::uint8_t r = 0, g = 0, b = 0;
  Role role = Role::fixed;
  /// Equal where they draw the same: the channels (the role says only where they came from).
  friend bool operator==(Colour x, Colour y) { return x.r == y.r && x.g == y.g && x.b == y.b; }
  friend bool operator!=(Colour x, Colour y) { return !(x == y); }
};

/// The paper's text and outlines, ground and dim parts (placeholders: paint_scene puts in the palette's).
inline constexpr Colour kBlack{0, 0, 0, Role::ink};
inline constexpr Colour kWhite{255, 255, 255, Role::background};
/// Bank `bank`'s colour (0..31): a cool ramp (viridis-like, dark blue to yellow-green), never the
/// lane palette's, so a bank figure and a lane figure side by side in one document cannot be misread.
Colour bank_colour(int bank);
inline constexpr Colour kGrid{96, 96, 96, Role::dim};
/// The label on a faded cell (text_on of a Role::faded fill).
inline constexpr Colour kFadedLabel{96, 96, 96, Role::faded_label};
/// A cell nothing uses (placeholder: paint_scene puts in app::empty_cell_colour of the paper).
inline constexpr Colour kEmptyCell{232, 232, 232, Role::empty_cell};

/// A filled rectangle, optionally outlined. Points; (x, y) is the top-left corner.
struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
  Colour fill = kWhite;
  bool stroked = true;
  Colour stroke = kGrid;
  double stroke_width = 0.4;
  /// Names a grid cell, "<grid>-r<row>-c<col>" (e.g. "A-r8-c0"): the SVG's id attribute, so a cell
  /// can be found in an editor and by the tests. Empty for other rectangles.
  std::string id = {};
};

/// Where a text's x lies on it.
enum class Anchor : std::uint8_t { start, middle, end };

/// One line of text. (x, y) is on the baseline; size is the font size in points (DejaVu Sans, or
/// the writer's sans-serif).
struct Text {
  double x = 0, y = 0;
  std::string text;  ///< UTF-8, one line
  double size = 8;
  Colour colour = kBlack;
  Anchor anchor = Anchor::start;
  bool bold = false;
};

/// A straight line segment.
struct Line {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  Colour colour = kBlack;
  double width = 1;
  std::uint8_t alpha = 255;  ///< opacity over what lies under it (a grid rule over the cells)
};

/// A filled triangle, corners (x[i], y[i]): the fragments view's "measured and matching" corner mark.
struct Triangle {
  std::array<double, 3> x{}, y{};
  Colour fill = kBlack;
  /// Names what it marks, "<cell id>-measured" (e.g. "A-r8-c0-measured"): the SVG's id attribute.
  std::string id = {};
};

using Item = std::variant<Rect, Text, Line, Triangle>;

/// The whole picture: its size in points, a title (the SVG/PDF title) and its items in drawing order.
struct Scene {
  double width = 0, height = 0;
  std::string title;
  Colour background = kWhite;  ///< the ground every writer paints first
  /// Whether draw_title and the legends (draw_lane_legend, draw_bank_legend) draw: off, the picture
  /// holds what the screen's view holds (ViewRequest::title_and_legend); `title` is still set.
  bool decorations = true;
  std::vector<Item> items;

  void add(Rect r) { items.emplace_back(std::move(r)); }
  void add(Text t) { items.emplace_back(std::move(t)); }
  void add(Line l) { items.emplace_back(l); }
  void add(Triangle t) { items.emplace_back(std::move(t)); }
  /// Grows width/height to cover (x, y) plus a margin.
  void cover(double x, double y, double margin = 12) {
    if (x + margin > width) width = x + margin;
    if (y + margin > height) height = y + margin;
  }
};

/// Black or white, whichever reads better on `background` (the app's lane_text_colour rule: luma
/// 0.299 r + 0.587 g + 0.114 b above 0.55 gets black).
Colour text_on(Colour background);

/// Approximate width in points of `text` at `size` in DejaVu Sans (0.6 em a character for the
/// digits and capitals the labels use); `bold`: DejaVu Sans Bold's own widths (0.7 em outside
/// ASCII). For fitting labels into cells and covering titles; the writers measure nothing.
double text_width(const std::string& text, double size, bool bold = false);

/// The drawing's width in points: the right edge of its rectangles and lines plus the 12-point
/// margin Scene::cover keeps (texts do not count); 0 for a scene with neither.
double drawing_width(const Scene& s);

/// Wraps, at spaces, every start-anchored Text whose text_width runs past drawing_width(s), each
/// further line 1.25 x its size under the last, and moves every item below it down to make room;
/// then sets s.width to the drawing's width, or more only where a single word or a label to the
/// right of the drawing needs it. build_scene runs it on every view, so a long rule or note line
/// makes a figure taller, never wider than its grid.
void wrap_text_to_drawing(Scene& s);

}  // namespace fragviz::scene
