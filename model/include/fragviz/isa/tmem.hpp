// Blackwell (sm_100) tensor memory: which TMEM lane and column each 32-bit register of each
// thread of a warp moves with tcgen05.ld / tcgen05.st, and which warp may reach which lanes.
// MODEL ONLY: no Blackwell GPU has run these; the maps are read off the PTX ISA's figures and
// checked against CuTe's copy traits (tests/cute/test_cute_sm100.cpp).
//
// Tensor memory (PTX ISA 9.1, 9.7.16.1): 128 lanes x 512 columns of 32-bit cells per CTA; an
// address holds the lane in bits 31-16 and the column in bits 15-0. Shapes (9.7.16.2.3, "Data
// Movement Shape", and the figures of 9.7.16.2.3.1 "Memory Layout", Figures 183-187): `.LxWb`
// moves W bits of each of L lanes per repetition, `.num` = .x1, .x2, ... .x128 repetitions laid
// side by side along the columns. Per repetition, with t the thread's lane id in the warp:
//   .32x32b    1 register : lane t,                       column 0
//   .16x64b    1 register : lane t/4 + 8*(t%2),           column (t/2)%2
//   .16x128b   2 registers: lane t/4 + 8*r,               column t%4
//   .16x256b   4 registers: lane t/4 + 8*(r/2),           column 2*(t%4) + r%2
//   .16x32bx2  1 register : lane t%16, column 0 for t < 16, immHalfSplitoff for t >= 16
// and repetition i adds i * (W / 32) columns (r counts the registers within one repetition).
// `.16x256b` gives thread t exactly the mma.sync m16n8 C fragment (c0, c1 in row t/4, columns
// 2*(t%4) and +1; c2, c3 eight rows down), which is why it pairs with stmatrix.
//
// Access restrictions (tcgen05 "Access restrictions" under the Tensor Memory load/store
// instructions): warp w of a CTA reaches lanes 32*(w%4) to 32*(w%4)+31 only, every column.
// Lanes and columns here are relative to the instruction's taddr (all threads give the same one).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// Tensor memory's 32-bit columns per lane (PTX ISA 9.1, 9.7.16.1): 512 for each of the 128 lanes.
inline constexpr int kTmemColumns = 512;

/// The tcgen05.ld/st data-movement shapes (PTX ISA 9.1, 9.7.16.2.3).
enum class TmemShape : std::uint8_t { s32x32b, s16x64b, s16x128b, s16x256b, s16x32bx2 };

/// Lanes one repetition of `s` covers: 32 for .32x32b, 16 for the others.
FRAGVIZ_HD constexpr int tmem_shape_lanes(TmemShape s) { return s == TmemShape::s32x32b ? 32 : 16; }
/// 32-bit columns one repetition of `s` covers per lane (.16x32bx2: 1 per half).
FRAGVIZ_HD constexpr int tmem_shape_columns(TmemShape s) {
  return s == TmemShape::s16x64b ? 2 : s == TmemShape::s16x128b ? 4 : s == TmemShape::s16x256b ? 8 : 1;
}
/// 32-bit registers each thread holds per repetition: 1, 1, 2, 4, 1.
FRAGVIZ_HD constexpr int tmem_registers_per_repetition(TmemShape s) {
  return s == TmemShape::s16x128b ? 2 : s == TmemShape::s16x256b ? 4 : 1;
}
/// Largest .num of `s` (PTX ISA 9.1 Table 49): 128, except .16x128b 64 and .16x256b 32, so that
/// no thread holds more than 128 registers.
FRAGVIZ_HD constexpr int tmem_max_num(TmemShape s) {
  return s == TmemShape::s16x128b ? 64 : s == TmemShape::s16x256b ? 32 : 128;
}
/// Whether `num` (the count of .xN) is a power of two from 1 to tmem_max_num(s).
FRAGVIZ_HD constexpr bool tmem_num_valid(TmemShape s, int num) {
  return num >= 1 && num <= tmem_max_num(s) && (num & (num - 1)) == 0;
}
/// Registers per thread of `.shape.num`: num * tmem_registers_per_repetition(s).
FRAGVIZ_HD constexpr int tmem_registers(TmemShape s, int num) {
  return num * tmem_registers_per_repetition(s);
}

/// One 32-bit TMEM cell, relative to the instruction's taddr.
struct TmemCell {
  int lane = 0;    ///< lane offset from taddr's lane (0-31 for .32x32b, 0-15 otherwise)
  int column = 0;  ///< column offset from taddr's column
};

/// The cell register `reg` (0 to tmem_registers(s, num) - 1) of thread `thread` (0-31) moves,
/// per the formulas of the file comment; `half_split` is .16x32bx2's immHalfSplitoff (columns),
/// ignored by the other shapes. Arguments out of range give lane and column -1.
FRAGVIZ_HD constexpr TmemCell tmem_cell(TmemShape s, int num, int thread, int reg, int half_split = 0) {
  if (thread < 0 || thread > 31 || reg < 0 || reg >= tmem_registers(s, num)) return {-1, -1};
  const int per = tmem_registers_per_repetition(s);
  const int rep = reg / per;
  const int r = reg % per;
  const int col0 = rep * tmem_shape_columns(s);
  const int t = thread;
  switch (s) {
    case TmemShape::s32x32b:
      return {t, col0};
    case TmemShape::s16x64b:
      return {t / 4 + 8 * (t % 2), col0 + (t / 2) % 2};
    case TmemShape::s16x128b:
      return {t / 4 + 8 * r, col0 + t % 4};
    case TmemShape::s16x256b:
      return {t / 4 + 8 * (r / 2), col0 + 2 * (t % 4) + r % 2};
    case TmemShape::s16x32bx2:
      return {t % 16, col0 + (t >= 16 ? half_split : 0)};
  }
  return {-1, -1};
}

/// With .pack::16b (tcgen05.ld) or .unpack::16b (tcgen05.st), PTX ISA 9.1, 9.7.16.8.2 "Packing
/// and Unpacking" (Figure 193): the cell whose lower 16 bits (9.7.16.10.4.1: a 16-bit element
/// sits in the lower half of its TMEM word) are bits 16*half to 16*half+15 of register `reg`.
/// Each register spans two adjacent columns, so a repetition spans twice the columns:
/// column = 2 * (unpacked column) + half; `half_split` (.16x32bx2) is in columns as given.
FRAGVIZ_HD constexpr TmemCell tmem_cell_packed16(TmemShape s, int num, int thread, int reg, int half,
                                                 int half_split = 0) {
  const TmemCell u = tmem_cell(s, num, thread, reg, 0);
  if (u.lane < 0 || half < 0 || half > 1) return {-1, -1};
  return {u.lane, 2 * u.column + half + (s == TmemShape::s16x32bx2 && thread >= 16 ? half_split : 0)};
}

/// Warps in a CTA at most (1024 threads): warp ids 0 to 31 reach tensor memory.
inline constexpr int kCtaMaxWarps = 32;

/// Why `warp_id` is no warp of a CTA (0 to kCtaMaxWarps - 1), or nullopt: the one warp range of
/// the Tensor memory window's field and view, fragviz-cli tmem --warp and export's "warp=" (newcomer
/// issue 22: the view refused warps past 15 that the field, the CLI and PTX allow).
std::optional<std::string> tmem_warp_refusal(int warp_id);

/// First TMEM lane warp `warp_id` (its index in the CTA) may access: 32 * (warp_id % 4).
FRAGVIZ_HD constexpr int tmem_warp_lane_base(int warp_id) { return 32 * (warp_id % 4); }

/// The taddr lane an access by warp `warp_id` uses: `lane` as given (0 or more), else (negative:
/// not given) the warp's first lane, tmem_warp_lane_base. fragviz-cli tmem --lane and the Tensor
/// memory window's taddr lane both default this way.
FRAGVIZ_HD constexpr int tmem_taddr_lane(int warp_id, int lane) {
  return lane >= 0 ? lane : tmem_warp_lane_base(warp_id);
}

/// Why warp `warp_id` cannot run `.shape.num` at taddr lane `taddr_lane`, or nullopt: the lanes it
/// would touch (taddr_lane to taddr_lane + tmem_shape_lanes(s) - 1) leave its 32-lane
/// sub-partition, or .num is not one the shape has.
std::optional<std::string> tmem_access_refusal(TmemShape s, int num, int warp_id, int taddr_lane);

/// ".32x32b", ".16x64b", ".16x128b", ".16x256b", ".16x32bx2" without the dot.
std::string_view to_string(TmemShape s);
/// A shape from "32x32b", ".16x256b", ... (the dot optional).
std::optional<TmemShape> parse_tmem_shape(std::string_view text);
/// The N of ".xN" / "xN" / "N" if it is a power of two from 1 to 128, else nullopt.
std::optional<int> parse_tmem_num(std::string_view text);

}  // namespace fragviz
