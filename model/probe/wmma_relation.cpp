// A measured WMMA map against the mma.sync catalogue (fragviz/isa/wmma.hpp, relate_to_mma): which
// catalogue fragment, repeated over tiles of its size, explains which x[i]. Every candidate's
// coordinates come from fragment_coord (the catalogue's layout functions); nothing is typed in.
#include <string>
#include <string_view>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wmma.hpp"

namespace fragviz {
namespace {

Operand operand_of(WmmaUse u) {
  return u == WmmaUse::matrix_a ? Operand::A : u == WmmaUse::matrix_b ? Operand::B : Operand::C;
}

/// An accumulator is the same C++ type whatever feeds it; the entry whose A type is the kind's
/// input family (its picker group: "f16", "tf32", "s8/u8", ...) reads best among equal fits.
bool same_family(const WmmaKind& w, const Instruction& in) {
  return std::string_view(w.group).find(to_string(in.a.type)) != std::string_view::npos;
}

/// The relation of `m` to one catalogue operand, tile by tile and slot by slot.
WmmaRelation relate_to(const WmmaKind& w, const WmmaMap& m, const Instruction& in, Operand op) {
  const OperandSpec& s = operand_spec(in, op);
  const int rows = wmma_rows(w), cols = wmma_cols(w), per_lane = elements_per_lane(in, op);
  WmmaRelation r;
  r.instr = &in;
  r.operand = op;
  for (int tr = 0; tr < rows / s.rows; ++tr)
    for (int tc = 0; tc < cols / s.cols; ++tc) r.origins.push_back(Coord{tr * s.rows, tc * s.cols});
  r.slots.assign(static_cast<std::size_t>(w.elements), WmmaSlotSource{});
  for (int i = 0; i < w.elements; ++i) {
    const int c0 = m.at(w, 0, i);
    if (c0 < 0) continue;
    for (int e = 0; e < per_lane; ++e) {
      // The tile lane 0's cell would lie in if it is element e there.
      const Coord f0 = fragment_coord(in, op, 0, e);
      const int orow = c0 / cols - f0.row, ocol = c0 % cols - f0.col;
      if (orow < 0 || ocol < 0 || orow % s.rows || ocol % s.cols) continue;
      bool all = true;
      for (int lane = 0; lane < kWarpSize && all; ++lane) {
        const Coord f = fragment_coord(in, op, lane, e);
        all = m.at(w, lane, i) == (orow + f.row) * cols + ocol + f.col;
      }
      if (!all) continue;
      r.slots[static_cast<std::size_t>(i)] =
          WmmaSlotSource{(orow / s.rows) * (cols / s.cols) + ocol / s.cols, e};
      ++r.explained;
      break;
    }
  }
  return r;
}

std::string slot_range(int a, int b) {
  return a == b ? "x[" + std::to_string(a) + "]" : "x[" + std::to_string(a) + ".." + std::to_string(b) + "]";
}

}  // namespace

WmmaRelation relate_to_mma(const WmmaKind& w, const WmmaMap& m) {
  WmmaRelation best;
  best.slots.assign(static_cast<std::size_t>(w.elements), WmmaSlotSource{});
  if (m.cells.size() != static_cast<std::size_t>(kWarpSize * w.elements)) return best;
  const Operand op = operand_of(w.use);
  int best_area = 0;
  bool best_family = false, best_k = false;
  for (const Instruction& in : catalogue()) {
    const OperandSpec& s = operand_spec(in, op);
    if (in.products != 1 || in.threads != kWarpSize || s.type != w.type) continue;
    if (wmma_rows(w) % s.rows != 0 || wmma_cols(w) % s.cols != 0) continue;
    WmmaRelation r = relate_to(w, m, in, op);
    const int area = s.rows * s.cols;
    const bool family = same_family(w, in), k = in.k == w.k;
    if (r.explained == 0) continue;
    // More slots explained, then a larger tile, then the kind's own input family, then its K; else
    // the first in catalogue order.
    const bool better = r.explained != best.explained ? r.explained > best.explained
                        : area != best_area           ? area > best_area
                        : family != best_family       ? family
                                                      : k && !best_k;
    if (!best.instr || better) {
      best = std::move(r);
      best_area = area;
      best_family = family;
      best_k = k;
    }
  }
  return best;
}

std::string describe_relation(const WmmaKind& w, const WmmaRelation& r) {
  if (!r.instr)
    return "no mma.sync fragment of the catalogue explains any x[i] (none of type ." +
           std::string(to_string(w.type)) + " tiles it lane for lane)";
  const OperandSpec& s = operand_spec(*r.instr, r.operand);
  const char letter = r.operand == Operand::A ? 'a' : r.operand == Operand::B ? 'b' : 'c';
  const int tiles_down = wmma_rows(w) / s.rows, tiles_across = wmma_cols(w) / s.cols;
  std::string text = r.complete()
                         ? "equals "
                         : std::to_string(r.explained) + " of " + std::to_string(w.elements) + " x[i] equal ";
  text += std::string(r.instr->mnemonic) + " " + std::string(to_string(r.operand));
  if (tiles_down * tiles_across > 1)
    text += " tiled " + std::to_string(tiles_down) + " x " + std::to_string(tiles_across);
  text += ":";
  // Runs of x[i] that read consecutive elements of one tile.
  for (int i = 0; i < w.elements;) {
    const WmmaSlotSource a = r.slots[static_cast<std::size_t>(i)];
    int j = i;
    while (j + 1 < w.elements) {
      const WmmaSlotSource b = r.slots[static_cast<std::size_t>(j + 1)];
      const bool run = a.tile < 0 ? b.tile < 0 : b.tile == a.tile && b.element == a.element + (j + 1 - i);
      if (!run) break;
      ++j;
    }
    text += i == 0 ? " " : ", ";
    if (a.tile < 0) {
      text += slot_range(i, j) + " no catalogue fragment";
    } else {
      const Coord o = r.origins[static_cast<std::size_t>(a.tile)];
      const std::string first = letter + std::to_string(a.element);
      const std::string last = letter + std::to_string(a.element + j - i);
      text += slot_range(i, j) + " = " + (i == j ? first : first + ".." + last);
      if (r.origins.size() > 1) text += " at (" + std::to_string(o.row) + ", " + std::to_string(o.col) + ")";
    }
    i = j + 1;
  }
  return text;
}

}  // namespace fragviz
