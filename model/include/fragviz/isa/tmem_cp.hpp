// Blackwell (sm_100) tcgen05.cp: where each 128-bit chunk of each row of the shared-memory source
// matrix (read through its matrix descriptor) lands in tensor memory, per shape, multicast copies
// included. MODEL ONLY: no Blackwell GPU has run it; read off the PTX ISA text and checked against
// CuTe's SM100_UTCCP_* copy traits (tests/cute/cute_sm100_cp.cpp). docs/guide/blackwell.md says
// where the text leaves a choice open and which one CuTe makes.
//
// PTX ISA 9.1, 9.7.16.9.2 "tcgen05.cp" and 9.7.16.2.3 "Data Movement Shape": a shape `.LxWb` moves
// L TMEM lanes of W bits each; the source matrix has one row per lane, W bits a row. A row's bits
// lie in consecutive 32-bit columns from taddr's column (128 bits = 4 columns, 256 bits = 8), so
// 128-bit chunk c of a row fills columns 4c to 4c+3. Per shape, source row r goes to these lanes
// from taddr's lane:
//   .128x256b, .128x128b        lane r (all four 32-lane sub-partitions)
//   .4x256b                     lane 32r: one row in the first lane of each sub-partition (CuTe's
//                               SM100_UTCCP_4dp256bit; the PTX text says 4 lanes, not which)
//   .64x128b.warpx2::02_13      lanes r and r + 64: rows 0-31 to the lanes of warps 0 and 2 (id % 4),
//                               rows 32-63 to those of warps 1 and 3
//   .64x128b.warpx2::01_23      lanes 64(r/32) + r%32 and 32 further: rows 0-31 to warps 0 and 1,
//                               rows 32-63 to warps 2 and 3
//   .32x128b.warpx4             lanes r, r + 32, r + 64, r + 96: every row to all four warps
// ("warps 0 and 2 form a pair" in the PTX text: the warps of a pair receive the same rows.)
// .cta_group::2 copies the same way into the tensor memory of both CTAs of the pair. The optional
// decompression .b8x16.b6x16_p32 / .b8x16.b4x16_p64 reads each 128-bit chunk as 16 packed 6-bit
// (4-bit) values and 32 (64) bits of padding and writes 16 bytes: value k to byte k % 4 of the
// chunk's column k / 4. The chunk map is the same with and without it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// The tcgen05.cp shapes, multicast included (.64x128b and .32x128b exist only with theirs).
enum class TmemCpShape : std::uint8_t {
  s128x256b,
  s4x256b,
  s128x128b,
  s64x128b_02_13,
  s64x128b_01_23,
  s32x128b_x4
};

/// Every tcgen05.cp shape, in the PTX syntax's order: the one list the CLI, the view and tests walk.
inline constexpr TmemCpShape kTmemCpShapes[] = {TmemCpShape::s128x256b,      TmemCpShape::s4x256b,
                                                TmemCpShape::s128x128b,      TmemCpShape::s64x128b_02_13,
                                                TmemCpShape::s64x128b_01_23, TmemCpShape::s32x128b_x4};

/// The optional decompression (.dst_fmt.src_fmt): none, .b8x16.b6x16_p32 or .b8x16.b4x16_p64.
enum class TmemCpDecompress : std::uint8_t { none, b6x16_p32, b4x16_p64 };

/// Rows of the source matrix (= distinct TMEM lanes before multicast): 128, 4, 128, 64, 64, 32.
FRAGVIZ_HD constexpr int tmem_cp_rows(TmemCpShape s) {
  return s == TmemCpShape::s4x256b                                              ? 4
         : s == TmemCpShape::s64x128b_02_13 || s == TmemCpShape::s64x128b_01_23 ? 64
         : s == TmemCpShape::s32x128b_x4                                        ? 32
                                                                                : 128;
}
/// Bits of each source row: 256 for .128x256b and .4x256b, else 128.
FRAGVIZ_HD constexpr int tmem_cp_row_bits(TmemCpShape s) {
  return s == TmemCpShape::s128x256b || s == TmemCpShape::s4x256b ? 256 : 128;
}
/// 128-bit chunks of each source row: 2 or 1.
FRAGVIZ_HD constexpr int tmem_cp_chunks(TmemCpShape s) { return tmem_cp_row_bits(s) / 128; }
/// TMEM lanes each source row is written to: 2 for .warpx2, 4 for .warpx4, else 1.
FRAGVIZ_HD constexpr int tmem_cp_copies(TmemCpShape s) {
  return s == TmemCpShape::s32x128b_x4                                          ? 4
         : s == TmemCpShape::s64x128b_02_13 || s == TmemCpShape::s64x128b_01_23 ? 2
                                                                                : 1;
}

/// Where one 32-bit word of a source row lands, relative to taddr (lane and column).
struct TmemCpDest {
  int lane = -1;    ///< lane offset from taddr's lane (0-127)
  int column = -1;  ///< column offset from taddr's column
};

/// Word `word` (0-3) of 128-bit chunk `chunk` of source row `row`, multicast copy `copy` (0 to
/// tmem_cp_copies(s) - 1), per the file comment. Arguments out of range give lane and column -1.
FRAGVIZ_HD constexpr TmemCpDest tmem_cp_dest(TmemCpShape s, int row, int chunk, int copy, int word = 0) {
  if (row < 0 || row >= tmem_cp_rows(s) || chunk < 0 || chunk >= tmem_cp_chunks(s) || copy < 0 ||
      copy >= tmem_cp_copies(s) || word < 0 || word > 3)
    return {};
  const int column = 4 * chunk + word;
  switch (s) {
    case TmemCpShape::s128x256b:
    case TmemCpShape::s128x128b:
      return {row, column};
    case TmemCpShape::s4x256b:
      return {32 * row, column};
    case TmemCpShape::s64x128b_02_13:
      return {row + 64 * copy, column};
    case TmemCpShape::s64x128b_01_23:
      return {64 * (row / 32) + row % 32 + 32 * copy, column};
    case TmemCpShape::s32x128b_x4:
      return {row + 32 * copy, column};
  }
  return {};
}

/// Under decompression `d` (not none), the destination of value `value` (0-15) of 128-bit chunk
/// `chunk` of row `row` (copy `copy`): the column per tmem_cp_dest and, in `byte`, its byte 0-3.
struct TmemCpByte {
  TmemCpDest at{};
  int byte = -1;
};
FRAGVIZ_HD constexpr TmemCpByte tmem_cp_value_dest(TmemCpShape s, int row, int chunk, int copy, int value) {
  if (value < 0 || value > 15) return {};
  const TmemCpDest d = tmem_cp_dest(s, row, chunk, copy, value / 4);
  if (d.lane < 0) return {};
  return {d, value % 4};
}

/// Bits of one packed source value and of a chunk's padding under `d`: 6 and 32 (.b6x16_p32),
/// 4 and 64 (.b4x16_p64), 0 and 0 for none.
FRAGVIZ_HD constexpr int tmem_cp_value_bits(TmemCpDecompress d) {
  return d == TmemCpDecompress::b6x16_p32 ? 6 : d == TmemCpDecompress::b4x16_p64 ? 4 : 0;
}

/// "128x256b", "4x256b", "128x128b", "64x128b.warpx2::02_13", "64x128b.warpx2::01_23",
/// "32x128b.warpx4": the shape and multicast qualifiers without the leading dot.
std::string_view to_string(TmemCpShape s);
/// The shape named as to_string writes it (a leading dot optional), or nullopt.
std::optional<TmemCpShape> parse_tmem_cp_shape(std::string_view text);
/// to_string of every shape of kTmemCpShapes: what a refused name is offered.
std::vector<std::string> tmem_cp_shape_names();

/// "" (none), "b8x16.b6x16_p32", "b8x16.b4x16_p64".
std::string_view to_string(TmemCpDecompress d);
/// "none", "b6x16_p32", "b4x16_p64" or the full "b8x16.b6x16_p32" / "b8x16.b4x16_p64", or nullopt.
std::optional<TmemCpDecompress> parse_tmem_cp_decompress(std::string_view text);

/// "tcgen05.cp.cta_group::1.64x128b.warpx2::02_13" (+ ".b8x16.b6x16_p32"), as PTX spells it.
std::string tmem_cp_mnemonic(TmemCpShape s, int cta_group, TmemCpDecompress d);

/// Lanes from taddr's lane to the last one any copy of `s` writes: 97 for .4x256b (rows 32 apart),
/// 128 for every other shape (its rows, or its multicast copies, fill all 128 lanes).
FRAGVIZ_HD constexpr int tmem_cp_lane_span(TmemCpShape s) { return s == TmemCpShape::s4x256b ? 97 : 128; }

/// Why taddr = (`lane`, `column`) cannot take `s`, or nullopt. PTX ISA 9.0 gives tcgen05.cp's taddr
/// no alignment of its own (9.7.16.9.2; tcgen05.shift's, 9.7.16.9.3, must have its lane aligned to
/// 32): the only rule is 9.7.16.1's, a CTA has 128 lanes x 512 columns, so every lane and column the
/// copy writes must lie inside them. That leaves lane 0 for all shapes but .4x256b (lanes 0-31), and
/// columns 0-504 (256-bit rows) or 0-508 (128-bit rows). Negative values are refused too.
std::optional<std::string> tmem_cp_taddr_refusal(TmemCpShape s, int lane, int column);

/// Which lanes row `row` reaches from taddr lane `taddr_lane`, e.g. "lanes 5, 69 (warps 0, 2 by
/// id % 4)".
std::string tmem_cp_row_lanes(TmemCpShape s, int row, int taddr_lane = 0);

}  // namespace fragviz
