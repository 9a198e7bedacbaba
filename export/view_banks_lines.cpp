// The bank view as the screen draws it (banks' "lines" picture, the default): the explorer's
// ldmatrix over the unpadded tile and over the padded one, side by side, each as 128-byte lines
// (byte address) x 32 four-byte banks. A word is filled with the colour of the lane whose row
// address reads it (the lowest, or the highlighted lane), pad words and tile rows shaded apart, a
// misaligned read in red; under each bank the most distinct words one matrix asks of it; above each
// grid the screen's lines (the tile, the totals, per matrix). The tables are the app's own
// (bank_lines.hpp over the model's analyze_ldmatrix), so the picture cannot differ from the screen.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/bank_lines.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

constexpr Colour kRed{220, 40, 30};
// Unread words as the screen shades them (panel_banks.cpp) on the dark paper, and light
// equivalents on the document's: pad words, and even and odd tile rows.
constexpr Colour kPad{236, 214, 214}, kEvenRow{226, 228, 232}, kOddRow{204, 208, 214};
constexpr Colour kPadDark{70, 40, 40}, kEvenRowDark{82, 88, 98}, kOddRowDark{62, 66, 74};
constexpr double kCw = 18, kCh = 12, kAddress = 34, kGap = 24;

/// Tone `t` on the paper drawn (`dark`: the screen's): its verdict colour, or the paper's dim text.
Colour tone_paint(app::Tone t, bool dark) {
  const std::optional<app::Rgb> c = app::tone_colour(t, dark);
  return c ? Colour{c->r, c->g, c->b} : kGrid;
}

/// One side of the view: its name (the crop's grid name) and title as the screen writes it.
struct Side {
  const char* key;
  const char* title;
  TileGeometry tile;
};

/// What the request names that the screen's bank view does not draw (the tile picture's options).
std::optional<std::string> tile_only_option(const ViewRequest& r) {
  if (!r.layout.empty()) return std::string("--layout");
  if (!r.lanes.empty() && r.lanes != "explorer") return std::string("--lanes");
  if (r.access != "ldmatrix") return "--access " + r.access;
  if (r.elem != "b16") return std::string("--elem");
  if (r.sm != 0) return std::string("--sm");
  if (r.swizzle != "none" && r.swizzle != "xor") return "--swizzle " + r.swizzle;
  return std::nullopt;
}

}  // namespace

Outcome<Scene> banks_lines_scene(const ViewRequest& r) {
  if (const auto opt = tile_only_option(r))
    return Outcome<Scene>::fail(
        ErrorKind::refused, echo_text(*opt) +
                                " is drawn by the tile picture: add --picture tile (the default lines "
                                "picture is the bank view's screen: the explorer's ldmatrix over --width, "
                                "--pad and --swizzle none or xor)");
  // The tile's widths in the unit the screen's Controls give them: the instruction's A element
  // (bytes for s8), halves without one.
  app::TileFieldUnit unit;
  const Instruction* instr = nullptr;  // its own A and B loads are lines of each side, as on screen
  if (!r.instr.empty()) {
    const auto in = find_export_mma(r.instr);
    if (!in) return Outcome<Scene>::from(in);
    instr = *in;
    // Where no ldmatrix loads it the screen shows only why, not these lines: so does the export.
    if (const auto none = app::no_ldmatrix_refusal(*instr, app::kBankViewWho))
      return Outcome<Scene>::fail(ErrorKind::refused, *none);
    unit = app::tile_field_unit(instr->a.type);
  }
  const Swizzle sw = r.swizzle == "xor" ? Swizzle::xor_row_mod8 : Swizzle::none;
  const Side sides[] = {{"unpadded", "Unpadded", TileGeometry{r.width_halves, 0, 16, sw}},
                        {"padded", "Padded", TileGeometry{r.width_halves, r.pad_halves, 16, sw}}};
  for (const Side& side : sides)
    if (const auto why = tile_range_problem(side.tile)) return Outcome<Scene>::fail(ErrorKind::refused, *why);
  if (!r.crop.operand.empty())
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "--operand: the bank view has no operands; crop its lines and banks with "
                                "--crop rows=FIRST-LAST,cols=FIRST-LAST, or each grid with "
                                "--crop 'unpadded:rows=..,cols=..;padded:rows=..,cols=..'");
  // The part of each grid drawn: rows are 128-byte lines, columns banks. Plain ranges crop both grids;
  // grids crop those they name and leave the other out.
  std::optional<Block> blocks[2];
  std::optional<BankReport> reports[2];
  std::optional<app::BankLines> tables[2];
  for (int i = 0; i < 2; ++i) {
    reports[i] = analyze_ldmatrix(r.ldmatrix, sides[i].tile, unit);  // messages in the screen's unit
    tables[i] = app::bank_lines(*reports[i]);
  }
  for (const GridCrop& g : r.crop.grids) {
    const int i = g.grid == "unpadded" ? 0 : g.grid == "padded" ? 1 : -1;
    if (i < 0)
      return Outcome<Scene>::fail(ErrorKind::refused, "--crop: '" + echo_text(g.grid) +
                                                          "' is no grid of the bank view (unpadded, padded)");
    if (blocks[i]) return Outcome<Scene>::fail(ErrorKind::refused, "--crop: " + g.grid + " is given twice");
    const auto b =
        crop_block(Crop{{}, g.rows, g.cols, {}}, "the " + g.grid + " grid", tables[i]->lines, kBanks);
    if (!b) return Outcome<Scene>::from(b);
    blocks[i] = *b;
  }
  if (r.crop.grids.empty())
    for (int i = 0; i < 2; ++i) {
      const auto b =
          crop_block(r.crop, "the " + std::string(sides[i].key) + " grid", tables[i]->lines, kBanks);
      if (!b) return Outcome<Scene>::from(b);
      blocks[i] = *b;
    }

  Scene s;
  s.decorations = r.title_and_legend;
  const TileGeometry& padded = sides[1].tile;
  double y = draw_title(
      s,
      ldmatrix_mnemonic(r.ldmatrix) + " over the explorer's tile (16 x " +
          std::to_string(app::halves_to_field(padded.width_halves, unit)) + " " + unit.name +
          "), unpadded and padded by " + std::to_string(app::halves_to_field(padded.pad_halves, unit)) +
          (sw == Swizzle::none ? "" : ", xor swizzle"),
      "Bank view: 128-byte lines (byte address) x 32 four-byte banks. Cell: a word, in the colour of the "
      "lane "
      "whose row address reads it (T<lane>)" +
          std::string(r.lane >= 0 ? ", lane " + std::to_string(r.lane) + "'s outlined" : "") +
          "; a tick where a tile row starts; under each bank the most distinct words one matrix asks of it.");
  const std::uint32_t sel = r.lane >= 0 && r.lane < kWarpSize ? 1u << r.lane : 0u;
  double x = 12 + kAddress, bottom = y;
  for (int i = 0; i < 2; ++i) {
    if (!blocks[i]) continue;
    const Side& side = sides[i];
    const BankReport& rep = *reports[i];
    const app::BankLines& t = *tables[i];
    const Block& b = *blocks[i];
    // The screen's lines above the grid, in its colours (bank_side_lines: the app draws the same).
    std::vector<std::pair<std::string, Colour>> head;
    for (const app::BankStatusLine& line : app::bank_side_lines(
             app::tile_stride_text(side.tile, unit), rep,
             instr ? app::bank_operand_loads(*instr, side.tile, unit) : std::vector<app::BankOperandLoad>{}))
      head.emplace_back(line.text, tone_paint(line.tone, r.dark));
    const bool cropped = b.rows != t.lines || b.cols != kBanks;
    if (cropped)
      head.emplace_back(describe_range("lines", IndexRange{b.row0, b.row0 + b.rows - 1}) + ", " +
                            describe_range("banks", IndexRange{b.col0, b.col0 + b.cols - 1}),
                        kGrid);
    double hy = y + 10;
    double width = b.cols * kCw;
    s.add(Text{x - kAddress, hy, side.title, kBodySize + 1, kBlack, Anchor::start, true});
    width = std::max(width, text_width(side.title, kBodySize + 1, true) - kAddress);
    for (const auto& [text, c] : head) {
      hy += 11;
      s.add(Text{x - kAddress, hy, text, 7, c});
      width = std::max(width, text_width(text, 7) - kAddress);
    }
    const double top = hy + 14;
    // Bank numbers above, byte addresses to the left.
    for (int c = 0; c < b.cols; ++c)
      s.add(Text{x + c * kCw + kCw / 2, top - 3, std::to_string(b.col0 + c), 5.5, kGrid, Anchor::middle});
    char hex[16];
    const auto fill_of = [&](const app::BankWord& w) {
      Colour fill = kWhite;  // beyond the tile
      if (w.tile_row >= 0)
        fill = w.pad            ? (r.dark ? kPadDark : kPad)
               : w.tile_row % 2 ? (r.dark ? kOddRowDark : kOddRow)
                                : (r.dark ? kEvenRowDark : kEvenRow);
      if (w.readers) {
        fill = lane_colour(r.palette, (w.readers & sel) ? r.lane : __builtin_ctz(w.readers));
        if (sel && !(w.readers & sel)) fill = faded(fill);
      }
      if (w.misaligned) fill = kRed;
      return fill;
    };
    // The reading lane as the screen's words say it at its zoom (ViewRequest::labels).
    const auto label_of = [&](const app::BankWord& w) {
      return w.readers ? owner_label(r.labels, (w.readers & sel) ? r.lane : __builtin_ctz(w.readers))
                       : std::string();
    };
    for (int line = b.row0; line < b.row0 + b.rows; ++line) {
      std::snprintf(hex, sizeof hex, "0x%03X", line * 128);
      s.add(Text{x - 3, top + (line - b.row0) * kCh + kCh * 0.5 + 2, hex, 5.5, kGrid, Anchor::end});
    }
    // The words, each Rect followed by its label (if any): a cell's label is the Text after it.
    for (int line = b.row0; line < b.row0 + b.rows; ++line) {
      const double ly = top + (line - b.row0) * kCh;
      for (int bank = b.col0; bank < b.col0 + b.cols; ++bank) {
        const app::BankWord& w = t.words[static_cast<std::size_t>(line * kBanks + bank)];
        const double wx = x + (bank - b.col0) * kCw;
        // The screen's palette draws the words as the screen does, edge to edge without a border
        // (issue 22); the document's outlines them, or its white words beyond the tile would not show.
        Rect rect{wx, ly, kCw, kCh, fill_of(w), !r.dark, kGrid, 0.4};
        rect.id = std::string(side.key) + "-r" + std::to_string(line) + "-c" + std::to_string(bank);
        s.add(std::move(rect));
        if (const std::string label = label_of(w); !label.empty())
          s.add(Text{wx + kCw / 2, ly + kCh * 0.5 + 2.1, label, 5.5, text_on(fill_of(w)), Anchor::middle});
      }
    }
    // A tick where each tile row starts (the screen's notch).
    for (int row = 0; row < side.tile.rows; ++row) {
      const int word = static_cast<int>(byte_offset(side.tile, Coord{row, 0}) / kBankBytes);
      const int line = word / kBanks, bank = word % kBanks;
      if (line < b.row0 || line >= b.row0 + b.rows || bank < b.col0 || bank >= b.col0 + b.cols) continue;
      const double wx = x + (bank - b.col0) * kCw, ly = top + (line - b.row0) * kCh;
      s.add(Line{wx, ly, wx, ly + kCh, kBlack, 1.5});
    }
    // The highlighted lane's words outlined, last, so no neighbour is drawn over their outline.
    for (int line = b.row0; line < b.row0 + b.rows; ++line)
      for (int bank = b.col0; bank < b.col0 + b.cols; ++bank) {
        const app::BankWord& w = t.words[static_cast<std::size_t>(line * kBanks + bank)];
        if (!(w.readers & sel)) continue;
        const double wx = x + (bank - b.col0) * kCw, ly = top + (line - b.row0) * kCh;
        s.add(Rect{wx + 0.6, ly + 0.6, kCw - 1.2, kCh - 1.2, fill_of(w), true, kBlack, 1.2});
        s.add(
            Text{wx + kCw / 2, ly + kCh * 0.5 + 2.1, label_of(w), 5.5, text_on(fill_of(w)), Anchor::middle});
      }
    // Per bank, the most distinct words one matrix asks of it.
    const double foot = top + b.rows * kCh;
    if (!rep.error)
      for (int bank = b.col0; bank < b.col0 + b.cols; ++bank) {
        int worst = 0;
        for (const PhaseBanks& p : rep.phases)
          worst = std::max(worst, p.words[static_cast<std::size_t>(bank)]);
        if (worst == 0) continue;
        s.add(Text{x + (bank - b.col0) * kCw + kCw / 2, foot + 9, std::to_string(worst), 6,
                   worst > 1 ? kRed : kGrid, Anchor::middle});
      }
    s.cover(x + b.cols * kCw, foot + 12);
    bottom = std::max(bottom, foot + 14);
    x += width + kGap + kAddress;
  }
  draw_lane_legend(s, r.palette, 12, bottom + 6, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
