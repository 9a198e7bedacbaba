// tcgen05.mma accumulators in tensor memory (fragviz/isa/tmem_accumulator.hpp).
#include "fragviz/isa/tmem_accumulator.hpp"

namespace fragviz {

std::optional<std::string> umma_accumulator_refusal(const UmmaAccumulator& a) {
  if (a.cta_group != 1 && a.cta_group != 2) return "cta_group is 1 or 2, not " + std::to_string(a.cta_group);
  if (a.ws) {
    // PTX ISA 9.1, 9.7.16.2.1, Table 39: .ws with .cta_group::2 is invalid.
    if (a.cta_group != 1) return "the .ws forms are .cta_group::1 only";
    if (a.m != 32 && a.m != 64 && a.m != 128)
      return ".ws takes M = 32, 64 or 128, not " + std::to_string(a.m);
    if (a.n != 64 && a.n != 128 && (a.n != 256 || a.sparse))
      return std::string(".ws takes N = 64, 128") + (a.sparse ? " (sparse A)" : " or 256") + ", not " +
             std::to_string(a.n);
    return std::nullopt;
  }
  if (a.cta_group == 1 && a.m != 64 && a.m != 128)
    return ".cta_group::1 takes M = 64 or 128 (M = 32 is a .ws form), not " + std::to_string(a.m);
  if (a.cta_group == 2 && a.m != 128 && a.m != 256)
    return ".cta_group::2 takes M = 128 or 256, not " + std::to_string(a.m);
  // The instruction descriptor's shapes (as tcgen05_desc.cpp checks them): M = 64 takes N 8-256 in
  // steps of 8, M = 128 and 256 take N 16-256 in steps of 16 (so Layout B's halves are whole).
  const int step = a.m == 64 ? 8 : 16;
  if (a.n < step || a.n > 256 || a.n % step != 0)
    return "M = " + std::to_string(a.m) + " takes N from " + std::to_string(step) + " to 256 in steps of " +
           std::to_string(step) + ", not " + std::to_string(a.n);
  return std::nullopt;
}

TmemDataPath umma_data_path(const UmmaAccumulator& a) {
  if (a.ws) return a.m == 32 ? TmemDataPath::G : a.m == 64 ? TmemDataPath::E : TmemDataPath::D;
  if (a.cta_group == 2) return a.m == 256 ? TmemDataPath::A : a.sparse ? TmemDataPath::C : TmemDataPath::B;
  return a.m == 128 ? TmemDataPath::D : TmemDataPath::F;
}

TmemAccumulatorCell umma_accumulator_cell(const UmmaAccumulator& a, int row, int column) {
  if (umma_accumulator_refusal(a) || row < 0 || row >= a.m || column < 0 || column >= a.n)
    return {-1, -1, -1, -1};
  const int rows = umma_rows_per_cta(a);
  TmemAccumulatorCell c;
  c.cta = row / rows;
  const int m = row % rows;
  switch (umma_data_path(a)) {
    case TmemDataPath::A:
    case TmemDataPath::D:
      c.lane = m;
      c.column = column;
      break;
    case TmemDataPath::B:
    case TmemDataPath::E:
      c.lane = m + 64 * (column / (a.n / 2));
      c.column = column % (a.n / 2);
      break;
    case TmemDataPath::G:
      c.lane = m + 32 * (column / (a.n / 4));
      c.column = column % (a.n / 4);
      break;
    case TmemDataPath::C:
    case TmemDataPath::F:
      c.lane = m % 16 + 32 * (m / 16);
      c.column = column;
      break;
  }
  c.warp = c.lane / 32;
  return c;
}

std::string umma_accumulator_mnemonic(const UmmaAccumulator& a) {
  return std::string("tcgen05.mma") + (a.ws ? ".ws" : "") + (a.sparse ? ".sp" : "") +
         ".cta_group::" + std::to_string(a.cta_group);
}

std::string_view data_path_organization(TmemDataPath p) {
  switch (p) {
    case TmemDataPath::A:
    case TmemDataPath::D:
      return "4x1";
    case TmemDataPath::B:
    case TmemDataPath::E:
      return "2x2";
    case TmemDataPath::G:
      return "1x4";
    case TmemDataPath::C:
    case TmemDataPath::F:
      return "4x1, half the data path";
  }
  return "?";
}

}  // namespace fragviz
