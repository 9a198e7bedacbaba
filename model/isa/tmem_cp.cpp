// tcgen05.cp: shape and decompression names (the maps are constexpr in tmem_cp.hpp).
#include "fragviz/isa/tmem_cp.hpp"

#include "fragviz/isa/tmem.hpp"  // kTmemColumns

namespace fragviz {

std::string_view to_string(TmemCpShape s) {
  switch (s) {
    case TmemCpShape::s128x256b:
      return "128x256b";
    case TmemCpShape::s4x256b:
      return "4x256b";
    case TmemCpShape::s128x128b:
      return "128x128b";
    case TmemCpShape::s64x128b_02_13:
      return "64x128b.warpx2::02_13";
    case TmemCpShape::s64x128b_01_23:
      return "64x128b.warpx2::01_23";
    case TmemCpShape::s32x128b_x4:
      return "32x128b.warpx4";
  }
  return "?";
}

std::optional<TmemCpShape> parse_tmem_cp_shape(std::string_view t) {
  if (!t.empty() && t[0] == '.') t.remove_prefix(1);
  for (TmemCpShape s : kTmemCpShapes)
    if (t == to_string(s)) return s;
  return std::nullopt;
}

std::vector<std::string> tmem_cp_shape_names() {
  std::vector<std::string> names;
  for (TmemCpShape s : kTmemCpShapes) names.emplace_back(to_string(s));
  return names;
}

std::string_view to_string(TmemCpDecompress d) {
  switch (d) {
    case TmemCpDecompress::none:
      return "";
    case TmemCpDecompress::b6x16_p32:
      return "b8x16.b6x16_p32";
    case TmemCpDecompress::b4x16_p64:
      return "b8x16.b4x16_p64";
  }
  return "";
}

std::optional<TmemCpDecompress> parse_tmem_cp_decompress(std::string_view t) {
  if (!t.empty() && t[0] == '.') t.remove_prefix(1);
  if (t == "none") return TmemCpDecompress::none;
  if (t == "b6x16_p32" || t == "b8x16.b6x16_p32") return TmemCpDecompress::b6x16_p32;
  if (t == "b4x16_p64" || t == "b8x16.b4x16_p64") return TmemCpDecompress::b4x16_p64;
  return std::nullopt;
}

std::string tmem_cp_mnemonic(TmemCpShape s, int cta_group, TmemCpDecompress d) {
  std::string m = "tcgen05.cp.cta_group::" + std::to_string(cta_group) + "." + std::string(to_string(s));
  if (d != TmemCpDecompress::none) m += "." + std::string(to_string(d));
  return m;
}

std::optional<std::string> tmem_cp_taddr_refusal(TmemCpShape s, int lane, int column) {
  constexpr int kTmemLanes = 128;
  const std::string shape = "." + std::string(to_string(s));
  if (lane < 0 || column < 0)
    return "taddr's lane and column are 0 or more, not lane " + std::to_string(lane) + ", column " +
           std::to_string(column);
  const int last_lane = lane + tmem_cp_lane_span(s) - 1;
  const int width = 4 * tmem_cp_chunks(s);
  const int last_column = column + width - 1;
  const std::string rule =
      " (PTX ISA 9.7.16.1 \"Tensor Memory\": 128 lanes x 512 columns a CTA; 9.7.16.9.2 "
      "sets tcgen05.cp's taddr no other bound)";
  const int max_lane = kTmemLanes - tmem_cp_lane_span(s);
  if (last_lane >= kTmemLanes)
    return "taddr lane " + std::to_string(lane) + " puts " + shape + "'s last lane at " +
           std::to_string(last_lane) + ", past tensor memory's lanes 0-127" + rule + "; " + shape +
           " takes taddr lane " + (max_lane == 0 ? std::string("0 only") : "0-" + std::to_string(max_lane));
  if (last_column >= kTmemColumns)
    return "taddr column " + std::to_string(column) + " puts " + shape + "'s last column at " +
           std::to_string(last_column) + ", past tensor memory's columns 0-511" + rule + "; " + shape +
           " takes taddr column 0-" + std::to_string(kTmemColumns - width);
  return std::nullopt;
}

std::string tmem_cp_row_lanes(TmemCpShape s, int row, int taddr_lane) {
  const int n = tmem_cp_copies(s);
  std::string lanes, warps;
  for (int k = 0; k < n; ++k) {
    const int off = tmem_cp_dest(s, row, 0, k).lane;
    if (off < 0) return "";
    const int lane = taddr_lane + off;
    lanes += (k ? ", " : "") + std::to_string(lane);
    warps += (k ? ", " : "") + std::to_string(lane / 32);
  }
  return (n == 1 ? "lane " : "lanes ") + lanes + (n == 1 ? " (warp " : " (warps ") + warps + " by id % 4)";
}

}  // namespace fragviz
