// The app's data files (assets/ in the source tree): the lane and warp palette, the default window
// layout and the fonts to load. The build embeds each file (so a copied binary needs nothing from
// the source tree); `--assets DIR` or $FRAGVIZ_ASSETS names a folder whose palette.json,
// layout.json or fonts.json replace the embedded ones, without recompiling. A file that is missing
// from that folder keeps the embedded one; a file that is there but wrong (not JSON, a bad colour,
// a wrong count, an unknown key) is named in a notice and the embedded one is used instead.
//
// Plain C++ and nlohmann-json only (no ImGui, no GL), so the unit tests check it directly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fragviz::app {

/// One colour, 8 bits a channel.
struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(Rgb x, Rgb y) { return x.r == y.r && x.g == y.g && x.b == y.b; }
};

/// What a picture is drawn on: its ground, its text and its dim text and rules.
struct Paper {
  Rgb background, ink, dim;
};

/// Colours every view uses.
struct Palette {
  std::array<Rgb, 32> lanes{};       ///< lane 0..31
  std::array<Rgb, 4> warps{};        ///< the four warps of a warpgroup
  std::array<Rgb, 8> block_warps{};  ///< the output view's eight warps of a 64x64 block
  /// Exports for documents (light: dark text on white) and the screen's own colours (dark: the app's
  /// window background and text), which an export can take instead (File > Export's Palette,
  /// fragviz-cli export --palette dark). Their colours are palette.json's "document" and "screen".
  Paper document, screen;
};

/// The default place of one view, [x0, y0, x1, y1] in the design area.
struct LayoutSlot {
  std::string id;  ///< "controls", "device", "inspector", "fragments", "banks", "ldmatrix", "gate", "output"
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

/// The default window arrangement, in logical pixels (see layout.hpp for how it is stretched).
struct Layout {
  int window_width = 0, window_height = 0;  ///< the app window's default size at scale 1
  float status_height = 0;                  ///< the status strip under the menu bar
  float design_width = 0, design_height = 0;
  std::vector<LayoutSlot> slots;  ///< one per view, in the order of kLayoutIds
};

/// One font: a TrueType file name and its size in logical pixels.
struct FontSpec {
  std::string file;
  float size = 0;
};

/// The fonts the app loads, and where it looks for them.
struct FontSet {
  std::vector<std::string> dirs;  ///< searched in order
  FontSpec ui, small, bold;
};

/// Everything loaded from the asset files, and what was wrong with them.
struct Assets {
  Palette palette;
  Layout layout;
  FontSet fonts;
  std::string dir;                                          ///< the override folder, "" when none
  std::string palette_source, layout_source, fonts_source;  ///< a file path, or "embedded"
  std::vector<std::string> notices;  ///< one line each, for stderr and the status strip
};

/// The ids layout.json's "windows" object may use (one per view of layout.hpp).
inline constexpr const char* kLayoutIds[] = {"controls", "device",   "inspector", "fragments",
                                             "banks",    "ldmatrix", "gate",      "output"};

/// The embedded file texts (generated from assets/ at build time).
std::string_view embedded_palette_json();
std::string_view embedded_layout_json();
std::string_view embedded_fonts_json();

/// Parses palette.json text over `out` (keys it leaves out keep `out`'s values). Returns what is
/// wrong, or "" (then `out` holds the result; on an error `out` is unchanged).
std::string parse_palette(std::string_view text, Palette& out);
/// Parses layout.json text over `out`, like parse_palette. Views never overlap: a view the text
/// places keeps its place and one it leaves where `out` had it gives up the part taken (the largest
/// rectangle of it left); two views the text places over each other, or one left no room, are an
/// error.
std::string parse_layout(std::string_view text, Layout& out);
/// Parses fonts.json text over `out`, like parse_palette.
std::string parse_fonts(std::string_view text, FontSet& out);

/// The embedded defaults, replaced file by file from `override_dir` when it is not empty.
Assets load_assets(const std::string& override_dir);

/// Largest override asset file read (bytes); a FIFO, a device or a larger file is reported and the
/// embedded asset used (a FIFO used to block the start, /dev/zero to fill the memory).
inline constexpr std::uintmax_t kMaxAssetBytes = 1 << 20;

/// The assets the app draws with (the embedded defaults until set_assets is called).
const Assets& assets();
/// Makes `a` the assets the app draws with.
void set_assets(Assets a);
/// Adds a line to assets().notices (the font loader reports a missing font this way).
void add_asset_notice(std::string line);

/// "#E6194B".
std::string to_hex(Rgb c);

}  // namespace fragviz::app
