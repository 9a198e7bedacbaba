// The bank view: a shared-memory tile (the app's width/pad/swizzle controls, or any CuTe layout) with
// every element coloured by the bank its first byte falls in, the elements one warp's ldmatrix /
// stmatrix / LDS touches outlined and named T<lane>, and per phase the distinct 4-byte words each
// bank serves and the wavefronts that makes, in Nsight Compute's terms (smem_access.hpp; the bank
// rule is banks.hpp's bank_of).
#include <algorithm>
#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

constexpr Colour kConflict{220, 40, 30};

/// The layout notation of the app's tile controls: rows x width with row stride width + pad, and
/// the swizzle (none, xor, or a CuTe Swizzle<B,M,S> on element offsets composed in front).
Outcome<std::string> controls_notation(const ViewRequest& r, int rows) {
  TileGeometry t{r.width_halves, r.pad_halves, rows, Swizzle::none};
  if (const auto why = tile_range_problem(t)) return Outcome<std::string>::fail(ErrorKind::refused, *why);
  if (r.swizzle == "xor") {
    t.swizzle = Swizzle::xor_row_mod8;
    return tile_geometry_notation(t);
  }
  const auto plain = tile_geometry_notation(t);
  if (!plain || r.swizzle == "none") return plain;
  const auto sw = parse_cute_swizzle(r.swizzle);
  if (!sw) return Outcome<std::string>::fail(sw.error.kind, "--swizzle: " + sw.error.message);
  return Outcome<std::string>::ok(to_string(*sw.value) + " o " + *plain.value);
}

}  // namespace

Outcome<Scene> banks_scene(const ViewRequest& r) {
  if (r.layout_mode) return banks_layout_scene(r);
  if (r.bank_picture == BankPicture::lines) return banks_lines_scene(r);
  AccessRequest req;
  const auto op = parse_shared_op(r.access);
  if (!op)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "access '" + echo_text(r.access) + "' is none of " + shared_op_names());
  req.op = *op;
  req.ldmatrix = r.ldmatrix;
  req.sm = r.sm > 0 ? r.sm : req.op == SharedOp::stmatrix ? 90 : 75;  // st.shared: any SM
  std::string lanes_text = r.lanes.empty() ? std::string("explorer") : r.lanes;
  if (!r.instr.empty()) {
    // An mma.sync names the ldmatrix that loads its A (fragment_load): that .num and, unless --lanes
    // says otherwise, its lanes' row addresses (stored row, byte column) as a table in halves.
    const auto found = find_export_mma(r.instr);
    if (!found) return Outcome<Scene>::from(found);
    const Instruction* in = *found;
    // Where no ldmatrix loads it the bank view shows only why: the export refuses in its words.
    if (const auto none = app::no_ldmatrix_refusal(*in, app::kBankViewWho))
      return Outcome<Scene>::fail(ErrorKind::refused, *none);
    const auto load = fragment_load(*in, Operand::A);
    if (!load)
      return Outcome<Scene>::fail(ErrorKind::refused, std::string(in->mnemonic) + ": operand A has " +
                                                          ldmatrix_problem(*in, Operand::A) +
                                                          "; give --num instead");
    req.ldmatrix = load->config;
    if (r.lanes.empty()) {
      lanes_text.clear();
      for (int lane = 0; lane < kWarpSize; ++lane) {
        const Coord a = address_byte(*load, lane);
        lanes_text += (lane ? "; " : "") + std::to_string(a.row) + "," + std::to_string(a.col / kHalfBytes);
      }
    }
  }
  const auto eb = parse_element_type(r.elem);
  if (!eb)
    return Outcome<Scene>::fail(ErrorKind::malformed,
                                "--elem " + echo_text(r.elem) + ": not an element type");
  const int tile_eb = r.layout.empty() ? 2 : *eb;  // the element a preset's columns count
  const auto lanes = parse_lane_pattern(lanes_text, req.ldmatrix.num, tile_eb);
  if (!lanes) return Outcome<Scene>::fail(lanes.error.kind, "--lanes: " + lanes.error.message);
  std::string notation = r.layout;
  if (notation.empty()) {
    int rows = 16;  // as tall as the lanes need, in whole 8-row matrices
    for (const auto& at : lanes->at)
      if (at) rows = std::max(rows, (at->row + 8) / 8 * 8);
    const auto n = controls_notation(r, rows);
    if (!n) return Outcome<Scene>::from(n);
    notation = *n.value;
  }
  // The explorer's tile is always halves; a layout counts elements of --elem.
  const auto layout = parse_smem_layout(notation, LayoutUnits::elements, tile_eb);
  if (!layout) return Outcome<Scene>::fail(layout.error.kind, "--layout: " + layout.error.message);
  const SmemLayout& l = *layout.value;
  if (static_cast<std::int64_t>(l.rows()) * l.cols() > 1 << 16)
    return Outcome<Scene>::fail(ErrorKind::refused, "the tile has " + std::to_string(l.rows() * l.cols()) +
                                                        " elements; the bank view draws at most 65536");
  const AccessReport a = analyze_access(l, *lanes, req);
  if (a.refused())
    return Outcome<Scene>::fail(a.error.kind, a.mnemonic + " over " + l.notation + ": " + a.error.message);

  // --crop: a block of the tile's rows and columns; the access and its conflicts stay the whole tile's.
  if (!r.crop.operand.empty())
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "--operand: the bank view has one tile and no operands; crop it with "
                                "--crop rows=FIRST-LAST,cols=FIRST-LAST alone");
  if (!r.crop.grids.empty())
    return Outcome<Scene>::fail(
        ErrorKind::refused,
        "--crop: the tile picture has one grid; crop it with rows=FIRST-LAST,cols=FIRST-LAST");
  const auto block = crop_block(r.crop, "the tile", l.rows(), l.cols());
  if (!block) return Outcome<Scene>::from(block);
  const bool cropped = block->rows != l.rows() || block->cols != l.cols();

  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(
      s, a.mnemonic + " over " + l.notation,
      "Lanes " + (lanes->preset.empty() ? lanes->notation : lanes->preset + ": " + lanes->notation) +
          ". Cell: bank of the element's first byte (B<bank>), outlined where T<lane>'s "
          "access covers it.");
  // Which lane's access covers each element.
  std::vector<int> reader(static_cast<std::size_t>(l.rows() * l.cols()), -1);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const LaneAccess& la = a.lanes[static_cast<std::size_t>(lane)];
    if (!la.used) continue;
    for (const auto& c : la.holds)
      if (c && l.contains(c->row, c->col))
        reader[static_cast<std::size_t>(c->row * l.cols() + c->col)] = lane;
  }
  const double cw = 30, ch = 14, left = 12 + kGridLeft;
  y = draw_grid(s,
                GridSpec{left, y + kGridTop, block->rows, block->cols, cw, ch,
                         "Tile (" + std::to_string(l.rows()) + " x " + std::to_string(l.cols()) + " ." + "b" +
                             std::to_string(8 * l.element_bytes()) + ")" +
                             (cropped ? ", " + block_text(*block) : std::string()),
                         true, "tile", block->row0, block->col0},
                [&](int row, int col) {
                  const int bank = bank_of(static_cast<std::uint32_t>(l.byte_offset(row, col)));
                  const int lane = reader[static_cast<std::size_t>(row * l.cols() + col)];
                  Cell c;
                  c.fill = bank_colour(bank);
                  c.label = (lane >= 0 ? "T" + std::to_string(lane) + " " : std::string()) + "B" +
                            std::to_string(bank);
                  c.marked = lane >= 0 && (r.lane < 0 || lane == r.lane);
                  if (r.lane >= 0 && lane != r.lane) c.fill = faded(c.fill);
                  return c;
                });
  // Per phase: distinct words per bank; a bank with more than one is a conflict.
  y += 16;
  s.add(Text{12, y, "Distinct 4-byte words per bank, per phase (wavefronts = the most any bank serves)",
             kBodySize, kBlack, Anchor::start, true});
  y += 8;
  const bool matrix = is_matrix_op(req.op);
  for (const AccessPhase& p : a.phases) {
    const std::string name = (matrix ? "matrix " : "phase ") + std::to_string(p.index) + " (T" +
                             std::to_string(p.first_lane) + "-T" +
                             std::to_string(p.first_lane + p.lanes - 1) + ")";
    s.add(Text{12, y + 10, name, 7});
    for (int b = 0; b < kBanks; ++b) {
      const int w = p.words[static_cast<std::size_t>(b)];
      const Colour fill = w > 1 ? kConflict : w == 1 ? bank_colour(b) : kWhite;
      s.add(Rect{110 + b * 20.0, y, 20, 13, fill, true, kGrid, 0.4});
      if (w > 0) s.add(Text{110 + b * 20.0 + 10, y + 9, std::to_string(w), 6, text_on(fill), Anchor::middle});
    }
    const std::string verdict =
        std::to_string(p.wavefronts) +
        (p.wavefronts == 1 ? " wavefront (conflict-free)"
                           : " wavefronts (" + std::to_string(p.wavefronts) + "-way conflict)");
    s.add(Text{110 + 32 * 20.0 + 6, y + 10, verdict, 7});
    s.cover(110 + 32 * 20.0 + 6 + text_width(verdict, 7), y + 13);
    y += 16;
  }
  y += 6;
  const std::string total = "total: wavefronts " + std::to_string(a.wavefronts) + ", ideal wavefronts " +
                            std::to_string(a.ideal_wavefronts) + ", bank conflicts " +
                            std::to_string(a.bank_conflicts) + " (Nsight Compute " +
                            std::string(wavefronts_metric(req.op)) + ", " +
                            std::string(bank_conflicts_metric(req.op)) + ")";
  s.add(Text{12, y + 8, total, kBodySize, kBlack, Anchor::start, true});
  s.cover(12 + text_width(total, kBodySize, true), y + 8);
  y += 14;
  if (a.packed_pairs) {
    const std::string note = packing_note(req.op, a.packed_pairs);
    s.add(Text{12, y + 8, note, kBodySize});
    s.cover(12 + text_width(note, kBodySize), y + 8);
    y += 14;
  }
  for (const AccessProblem& p : a.problems) {
    s.add(Text{12, y + 8, "note: " + p.message, 7, kGrid});
    s.cover(12 + text_width("note: " + p.message, 7), y + 8);
    y += 11;
  }
  draw_bank_legend(s, 12, y + 6, "Banks");
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
