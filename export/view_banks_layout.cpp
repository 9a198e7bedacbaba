// The bank view's Layout mode as a picture: the same tables the screen draws (LayoutView,
// bank_layout_view.hpp) as 128-byte lines x 32 banks, each 4-byte word in the colour of the lane that
// reads it, conflicts outlined in red, the first round-trip mismatch in magenta, per bank the most
// words one phase asks of it, then the per-phase lines, totals and round trip in the screen's words.
#include <algorithm>
#include <cstdio>
#include <string>

#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/bank_layout_view.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

constexpr Colour kConflict{220, 40, 30};
constexpr Colour kTrip{236, 72, 220};
// Unread words: a pad word, and an element's on even and odd tile rows (so rows read apart); on the
// dark (screen) paper the screen's own colours.
constexpr Colour kPad{236, 214, 214}, kEvenRow{226, 228, 232}, kOddRow{204, 208, 214};
constexpr Colour kPadDark{70, 40, 40}, kEvenRowDark{82, 88, 98}, kOddRowDark{62, 66, 74};
constexpr double kCw = 24, kCh = 13, kLeft = 12 + 40;  // 40: room for "0x0000"

/// The first field (in the screen's order) the view could not take, named as its option, with its
/// kind (`malformed`: the text does not read; `refused`); kind none when every field was taken.
Error first_field_error(const app::LayoutView& v) {
  const std::pair<const char*, const app::FieldError*> fields[] = {{"--elem", &v.element_error},
                                                                   {"--layout", &v.write_error},
                                                                   {"read layout", &v.read_error},
                                                                   {"--lanes", &v.lanes_error}};
  for (const auto& [name, e] : fields)
    if (!e->ok()) return Error{e->kind, std::string(name) + ": " + e->message};
  return {};
}

double add_line(Scene& s, double y, const std::string& text, Colour c = kBlack, bool bold = false) {
  s.add(Text{12, y + 8, text, kBodySize, c, Anchor::start, bold});
  s.cover(12 + text_width(text, kBodySize), y + 8);
  return y + 12;
}

/// The lines (rows) and banks (columns) of the `lines` x 32 grid that `crop` keeps: plain ranges, or
/// one grid named "layout" (File > Export's visible region); the whole grid for none.
Outcome<Block> layout_block(const Crop& crop, int lines) {
  if (!crop.operand.empty())
    return Outcome<Block>::fail(ErrorKind::refused,
                                "--operand: the Layout mode has no operands; crop its lines and banks with "
                                "--crop rows=FIRST-LAST,cols=FIRST-LAST");
  Crop c = crop;
  if (!crop.grids.empty()) {
    for (const GridCrop& g : crop.grids)
      if (g.grid != "layout")
        return Outcome<Block>::fail(ErrorKind::refused, "--crop: '" + echo_text(g.grid) +
                                                            "' is no grid of the Layout mode (its one grid: "
                                                            "layout; or give rows= and cols= alone)");
    if (crop.grids.size() > 1 || crop.rows || crop.cols)
      return Outcome<Block>::fail(ErrorKind::refused,
                                  "--crop: give the layout grid once, and no plain rows=/cols= with it");
    c = Crop{{}, crop.grids.front().rows, crop.grids.front().cols, {}};
  }
  return crop_block(c, "the layout grid", lines, kBanks);
}

}  // namespace

Outcome<Scene> banks_layout_scene(const ViewRequest& r) {
  app::LayoutControls c;
  c.enabled = true;
  c.write_layout = r.layout;
  c.read_layout = r.read_layout;
  c.lanes = r.lanes.empty() ? std::string("explorer") : r.lanes;
  const auto op = parse_shared_op(r.access);
  if (!op)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "access '" + echo_text(r.access) + "' is none of " + shared_op_names());
  c.op = *op;
  c.num = r.ldmatrix.num;
  c.trans = r.ldmatrix.trans;
  c.element_type = r.elem;
  const app::LayoutView v = app::compute_layout_view(c);
  if (const Error why = first_field_error(v); why.kind != ErrorKind::none)
    return Outcome<Scene>::fail(why.kind, why.message);
  if (!v.ready()) return Outcome<Scene>::fail(ErrorKind::refused, "the layout mode has nothing to draw");
  const auto block = layout_block(r.crop, v.lines);
  if (!block) return Outcome<Scene>::from(block);
  const Block& k = *block;
  const AccessReport& a = *v.access;
  const SmemLayout& l = *v.access_layout();
  if (a.refused())
    return Outcome<Scene>::fail(a.error.kind, a.mnemonic + " over " + l.notation + ": " + a.error.message);

  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(
      s, a.mnemonic + " over " + l.notation,
      "Layout mode: " + std::to_string(l.rows()) + " x " + std::to_string(l.cols()) + " elements of " +
          std::to_string(l.element_bytes()) + " B as 128-byte lines x 32 banks. Lanes " + c.lanes +
          ". Cell: a 4-byte word, T<lane> of the lane that reads it; red outline: its bank serves more "
          "than one word in that phase.");
  const double top = y + kGridTop;
  const std::uint32_t sel = r.lane >= 0 && r.lane < kWarpSize ? 1u << r.lane : 0u;
  const auto reader_of = [&](const app::LayoutWord& w) {
    if (!w.lanes) return -1;
    return (w.lanes & sel) ? r.lane : __builtin_ctz(w.lanes);
  };
  const auto cell_fill = [&](const app::LayoutWord& w) {
    Colour fill = r.dark ? kPadDark : kPad;
    if (w.cell >= 0)
      fill = (w.cell / l.cols()) % 2 ? (r.dark ? kOddRowDark : kOddRow) : (r.dark ? kEvenRowDark : kEvenRow);
    if (const int reader = reader_of(w); reader >= 0) {
      fill = lane_colour(r.palette, reader);
      if (sel && !(w.lanes & sel)) fill = faded(fill);
    }
    return fill;
  };
  const auto label_of = [&](const app::LayoutWord& w) {
    const int reader = reader_of(w);
    return reader >= 0 ? owner_label(r.labels, reader) : std::string();  // as the screen's words say it
  };
  constexpr double label_size = 6;
  s.add(
      Text{kLeft, top - 12, "128-byte lines (byte address) x banks", kBodySize, kBlack, Anchor::start, true});
  // Only the block kept (Block k: all of it uncropped), placed from the picture's corner; indices,
  // addresses and ids stay the whole grid's.
  const auto bank_x = [&](int b) { return kLeft + (b - k.col0) * kCw; };
  const auto line_y = [&](int line) { return top + (line - k.row0) * kCh; };
  const int line_end = k.row0 + k.rows, bank_end = k.col0 + k.cols;
  for (int b = k.col0; b < bank_end; ++b)
    s.add(Text{bank_x(b) + kCw / 2, top - 3, std::to_string(b), 5.5, kGrid, Anchor::middle});
  char hex[16];
  for (int line = k.row0; line < line_end; ++line) {
    const double ly = line_y(line);
    std::snprintf(hex, sizeof hex, "0x%04X", line * 128);
    s.add(Text{kLeft - 3, ly + kCh * 0.5 + 2, hex, 5.5, kGrid, Anchor::end});
    for (int b = k.col0; b < bank_end; ++b) {
      const app::LayoutWord& w = v.words[static_cast<std::size_t>(line * kBanks + b)];
      Rect rect{bank_x(b), ly, kCw, kCh, cell_fill(w), true, kGrid, 0.4};
      rect.id = "words-r" + std::to_string(line) + "-c" + std::to_string(b);
      s.add(std::move(rect));
      if (const std::string t = label_of(w); !t.empty())
        s.add(Text{bank_x(b) + kCw / 2, ly + kCh * 0.5 + 2.2, t, label_size, text_on(cell_fill(w)),
                   Anchor::middle});
    }
  }
  // Outlined words last, so no neighbour is drawn over their outline (the writers fill every Rect).
  for (int line = k.row0; line < line_end; ++line)
    for (int b = k.col0; b < bank_end; ++b) {
      const app::LayoutWord& w = v.words[static_cast<std::size_t>(line * kBanks + b)];
      const bool selected = (w.lanes & sel) != 0;
      if (!w.conflict && !w.round_trip && !selected) continue;
      Rect m{bank_x(b) + 0.6,
             line_y(line) + 0.6,
             kCw - 1.2,
             kCh - 1.2,
             cell_fill(w),
             true,
             w.round_trip ? kTrip
             : w.conflict ? kConflict
                          : kBlack,
             1.2};
      s.add(m);
      if (const std::string t = label_of(w); !t.empty())
        s.add(Text{m.x + m.w / 2, line_y(line) + kCh * 0.5 + 2.2, t, label_size, text_on(m.fill),
                   Anchor::middle});
    }
  y = top + k.rows * kCh;
  // Per bank, the most distinct words any one phase asks of it (the screen's row under the grid).
  for (int b = k.col0; b < bank_end; ++b) {
    int worst = 0;
    for (const AccessPhase& p : a.phases) worst = std::max(worst, p.words[static_cast<std::size_t>(b)]);
    if (worst == 0) continue;
    s.add(Text{bank_x(b) + kCw / 2, y + 9, std::to_string(worst), 6, worst > 1 ? kConflict : kGrid,
               Anchor::middle});
  }
  s.cover(kLeft + k.cols * kCw, y + 12);
  y += 18;
  if (k.rows != v.lines || k.cols != kBanks)
    y = add_line(s, y,
                 "part shown: " + describe_range("lines", IndexRange{k.row0, line_end - 1}) + ", " +
                     describe_range("banks", IndexRange{k.col0, bank_end - 1}) +
                     "; the counts are the whole access's",
                 kGrid);
  if (v.truncated)
    y = add_line(s, y, "showing the first " + std::to_string(v.lines) + " lines of 128 bytes of the tile",
                 kGrid);
  y = add_line(s, y, v.totals, a.bank_conflicts ? kConflict : kBlack, true);
  for (const std::string& p : v.phase_lines) y = add_line(s, y, p);
  if (!v.conflicting_lanes.empty())
    y = add_line(s, y, "conflicting: " + lane_list(v.conflicting_lanes), kConflict);
  y = add_line(s, y, phase_rule_text(c.op), kGrid);
  for (const AccessProblem& p : a.problems) y = add_line(s, y, "note: " + p.message, kGrid);
  if (!v.trip_error.empty()) y = add_line(s, y, "round trip: " + v.trip_error, kConflict);
  if (v.trip) y = add_line(s, y, v.trip_line, v.trip->agree() ? kBlack : kConflict);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
