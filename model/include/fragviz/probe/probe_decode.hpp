// Host side of the probes, with no CUDA in it: what the kernels are given (tile contents, each
// lane's row address) and how the raw registers they return are judged against the model.
//
// The probes put sentinel values in and take raw registers out; everything that names a cell or
// calls a value right or wrong happens here, on the CPU, so it is unit tested without a GPU
// (tests/unit/test_probe_decode.cpp) and the kernels in gpu/cuda/ stay dumb.
//
// Value schemes (every value names exactly one cell, so a register decodes to a coordinate):
// - explorer tile: cell (row, col) holds the raw 16-bit pattern row * width + col; pad halves hold
//   kPadSentinel. ldmatrix moves .b16 bits unchanged, so no floating-point limits apply.
// - fragment tiles: A (MxK, row-major) cell (r, c) holds the half r * K + c, B (KxN, row-major)
//   holds 1024 + r * N + c; all below 2048, so exact in __half, and A and B values never overlap.
// - accumulator probe: A[r][0] = 1, A[r][1] = r, B[0][c] = c, B[1][c] = 8, every other input 0
//   and C = 1000, so D[r][c] = 1000 + 8r + c: 128 distinct integers, exact in f32, none 0.
//
// Addresses: the kernels place every tile on a 128-byte boundary of the shared window and report
// each lane's address as the byte offset from the tile base (the __cvta_generic_to_shared value
// minus the base's). Banks of those offsets equal the banks of the absolute addresses.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

// [SECTION] register halves and float bits (f16 <-> float: element_codec.hpp) ---------------------

/// The two 16-bit halves of an .f16x2 / .b16x2 register: half 0 = low 16 bits, which holds the
/// lower-numbered element (PTX ISA, "Matrix Fragments": elements are listed low to high).
constexpr std::uint16_t register_half(std::uint32_t reg, int half) {
  return static_cast<std::uint16_t>(half == 0 ? reg & 0xFFFFu : reg >> 16);
}
/// Packs two 16-bit halves into one register, `lo` in the low bits.
constexpr std::uint32_t pack_halves(std::uint16_t lo, std::uint16_t hi) {
  return static_cast<std::uint32_t>(lo) | (static_cast<std::uint32_t>(hi) << 16);
}
/// Bit pattern of a float and back (memcpy, no aliasing tricks).
std::uint32_t float_bits(float v);
float bits_float(std::uint32_t bits);

// [SECTION] explorer ldmatrix probe ------------------------------------------------------------

/// Marks pad halves of the explorer tile; never a cell index because cells are limited to
/// kMaxExplorerCells.
inline constexpr std::uint16_t kPadSentinel = 0xFFFF;
/// Largest rows * width the 16-bit cell index can name.
inline constexpr int kMaxExplorerCells = 0xFFFF;
/// Largest explorer tile in bytes the probe puts in shared memory: the 48 KiB a kernel may use
/// without opting in, less the 128 bytes the kernel spends aligning the tile base.
inline constexpr int kMaxExplorerTileBytes = 48 * 1024 - 128;

/// What the explorer kernel is given.
struct ExplorerPlan {
  /// Shared tile image in 16-bit halves (byte i of the tile = byte i of this array), size
  /// tile_bytes / 2; cells at byte_offset(tile, cell), pad halves = kPadSentinel.
  std::vector<std::uint16_t> tile;
  int tile_bytes = 0;  ///< multiple of 16
  /// Byte offset from the tile base each lane passes to ldmatrix. Lanes beyond the .num's address
  /// lanes repeat lane % address_lanes (sm_75: "all threads must contain valid addresses").
  std::array<std::uint32_t, kWarpSize> lane_offsets{};
};

/// 16-bit value the explorer tile holds in logical cell `c`: c.row * width + c.col.
constexpr std::uint16_t explorer_cell_value(const TileGeometry& t, Coord c) {
  return static_cast<std::uint16_t>(c.row * t.width_halves + c.col);
}
/// Logical cell a 16-bit value names, or nullopt (pad sentinel or out of the tile).
std::optional<Coord> decode_explorer_value(const TileGeometry& t, std::uint16_t raw);

/// Tile image and lane addresses for the explorer probe of `c` over `t`. Fails (with the model's
/// validate() message, or why the tile does not fit the probe) when the geometry must not be
/// launched: misaligned rows, too few rows/columns for the .num, more than kMaxExplorerCells
/// cells or kMaxExplorerTileBytes bytes (kind refused; internal if the model's own map collides).
Outcome<ExplorerPlan> plan_explorer(LdmatrixConfig c, const TileGeometry& t);

/// Judges the explorer's raw registers: for each lane, register r < .num and half h, the cell the
/// value names against explorer_matrix_origin(r) + ldmatrix_element(trans, lane, h). 32 x .num x 2
/// checks, lane-major.
std::vector<LdmatrixCheck> check_explorer(LdmatrixConfig c, const TileGeometry& t,
                                          const std::array<std::array<std::uint32_t, 4>, kWarpSize>& regs);

// [SECTION] fragment probes --------------------------------------------------------------------

/// Shared-memory row stride (halves) the fragment kernels store an operand with: its columns + 8,
/// the seed's pad, keeping every row start 16-byte aligned.
constexpr int fragment_stride_halves(const Instruction& s, Operand op) { return operand_cols(s, op) + 8; }

/// Value (as half bits) the ownership probe stores in cell `c` of operand A or B.
std::uint16_t fragment_cell_value(const Instruction& s, Operand op, Coord c);
/// Cell of A or B that a half names, or nullopt (not an integer of that operand's range).
std::optional<Coord> decode_fragment_value(const Instruction& s, Operand op, std::uint16_t raw);

/// Row-major operand image (rows x cols halves, no pad) with fragment_cell_value in every cell.
std::vector<std::uint16_t> ownership_tile(const Instruction& s, Operand op);

/// Byte offset, within an operand stored with fragment_stride_halves, of the row start each lane
/// passes for the seed's ldmatrix of `op` (fragment_load). Lanes beyond the address lanes repeat
/// lane % address_lanes. Fails (kind refused) for C, never loaded with ldmatrix, or if the model
/// has no load.
Outcome<std::array<std::uint32_t, kWarpSize>> fragment_lane_offsets(const Instruction& s, Operand op);

/// Judges one operand's raw registers. `regs` is lane-major, registers_per_lane(s, op) per lane.
/// For A and B each half is decoded with decode_fragment_value; for C each register is a float
/// decoded with decode_accumulator_value. Expected = fragment_coord(s, op, lane, element).
std::vector<ElementCheck> check_operand(const Instruction& s, Operand op,
                                        const std::vector<std::uint32_t>& regs);

// [SECTION] accumulator probe and single tile --------------------------------------------------

/// Dense row-major operands of one mma: A MxK, B KxN, C and D MxN, as floats.
struct MmaTile {
  const Instruction* instr = nullptr;  ///< the catalogue entry (M, N, K)
  std::vector<float> a, b, c;
};

/// The accumulator probe's inputs (see the value schemes above).
MmaTile accumulator_inputs(const Instruction& s);
/// D value the accumulator probe expects in cell `c`: 1000 + 8 * row + col.
constexpr float accumulator_value(Coord c) { return static_cast<float>(1000 + 8 * c.row + c.col); }
/// Cell of D a float's bits name, or nullopt (not 1000 + 8r + c for a cell of the 16x8 D).
std::optional<Coord> decode_accumulator_value(std::uint32_t float_bits);

/// Seeded inputs for the exact single-tile check: every A, B and C value a multiple of 0.25 in
/// [-2, 2], so every product is a multiple of 1/16 and every sum is exact in f32.
MmaTile random_tile(const Instruction& s, std::uint64_t seed);
/// D = A x B + C in double precision, row-major MxN.
std::vector<double> reference_d(const MmaTile& t);

/// Per-lane C registers for `t` (lane-major, 4 per lane) placed by fragment_coord(s, C, ...): what
/// the kernel feeds mma as C.
std::vector<float> c_registers(const MmaTile& t);

/// Result of comparing one tile's D registers with the double reference.
struct TileCompare {
  bool exact = false;
  int mismatches = 0;
  std::string first;  ///< "D(r,c): got x, want y" for the first mismatch, empty when exact
};
/// Places each lane's D registers (lane-major, 4 per lane, as float bits) at fragment_coord(s, C,
/// ...) and compares every element with `reference` by exact equality.
TileCompare compare_tile(const Instruction& s, const std::vector<std::uint32_t>& d_regs,
                         const std::vector<double>& reference);

// [SECTION] words for the CLI and the app ------------------------------------------------------

/// "(r,c)" or "(none)".
std::string format_coord(const std::optional<Coord>& c);
/// One lane's measured fragments as the seed prints them:
/// "lane 5: A (1,2) (1,3) (9,2) (9,3)  B (2,1) (3,1)". Uses the measured coordinates in
/// `probe.elements`; a value that named no cell prints "(?)".
std::string describe_lane(const FragmentProbe& probe, int lane);
/// "A lane 5 element 2: expected (9,2), received (1,2) (raw 0x000a)".
std::string describe_mismatch(const ElementCheck& e);
/// "lane 3 reg 1 half 0: expected (9,6), received (8,6) (raw 0x0206)".
std::string describe_mismatch(const LdmatrixCheck& e, std::uint32_t raw);

}  // namespace fragviz
