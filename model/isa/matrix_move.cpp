#include "fragviz/isa/matrix_move.hpp"

#include "fragviz/isa/fragment.hpp"

namespace fragviz {

std::string stmatrix_mnemonic(LdmatrixConfig c) {
  std::string s = "stmatrix.sync.aligned.m8n8.";
  s += to_string(c.num);
  if (c.trans) s += ".trans";
  s += ".shared.b16";
  return s;
}

std::vector<EpilogueStore> epilogue_presets() {
  std::vector<EpilogueStore> p;
  EpilogueStore x2;
  x2.name = "x2";
  x2.store = {LdmNum::x2, false};
  x2.tiles = 1;
  x2.order = {{{0, 0}, {0, 1}, {0, 0}, {0, 0}}};
  x2.origin = {Coord{0, 0}, Coord{8, 0}, Coord{}, Coord{}};
  p.push_back(x2);

  EpilogueStore x4;
  x4.name = "x4";
  x4.store = {LdmNum::x4, false};
  x4.tiles = 2;
  x4.order = {{{0, 0}, {0, 1}, {1, 0}, {1, 1}}};
  x4.origin = {Coord{0, 0}, Coord{8, 0}, Coord{0, 8}, Coord{8, 8}};
  p.push_back(x4);

  EpilogueStore swapped = x4;
  swapped.name = "x4-swapped";
  swapped.order = {{{0, 0}, {1, 0}, {0, 1}, {1, 1}}};
  p.push_back(swapped);

  EpilogueStore trans = x2;
  trans.name = "x2.trans";
  trans.store = {LdmNum::x2, true};
  p.push_back(trans);
  return p;
}

std::optional<EpilogueStore> find_epilogue(std::string_view name) {
  for (const EpilogueStore& e : epilogue_presets())
    if (e.name == name) return e;
  return std::nullopt;
}

std::vector<EpilogueCell> epilogue_cells(const Instruction& mma, const EpilogueStore& store) {
  std::vector<EpilogueCell> cells;
  for (int j = 0; j < matrices(store.store.num); ++j) {
    const int tile = store.order[static_cast<std::size_t>(j)][0];
    const int packed = store.order[static_cast<std::size_t>(j)][1];
    for (int lane = 0; lane < kWarpSize; ++lane) {
      for (int half = 0; half < 2; ++half) {
        EpilogueCell c;
        c.lane = lane;
        c.reg = j;
        c.half = half;
        const Coord f = fragment_coord(mma, Operand::C, lane, 2 * packed + half);
        c.fragment = Coord{f.row, f.col + 8 * tile};
        const Coord mem = stmatrix_element(store.store.trans, lane, half);
        const Coord logical = store.store.trans ? Coord{mem.col, mem.row} : mem;
        const Coord o = store.origin[static_cast<std::size_t>(j)];
        c.stored = Coord{o.row + logical.row, o.col + logical.col};
        cells.push_back(c);
      }
    }
  }
  return cells;
}

}  // namespace fragviz
