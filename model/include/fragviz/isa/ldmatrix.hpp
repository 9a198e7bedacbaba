// Model of ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 and of how its
// destination registers become mma fragment registers.
//
// Source: PTX ISA 8.5, section "Warp Level Matrix Load Instruction: ldmatrix"
// (https://docs.nvidia.com/cuda/parallel-thread-execution/index.html): "The eight addresses
// required for each matrix are provided by eight threads" (threads 0-7 for matrix 0, 8-15 for
// matrix 1, ...); "a group of four consecutive threads loads 16 bytes"; with .trans "the matrix is
// loaded in column-major format". Each matrix row is 8 .b16 elements = 16 bytes.
//
// The .b16 load moves bytes: without .trans each lane's 32-bit register is four consecutive bytes
// of one 16-byte row, whatever they hold. So any mma operand whose registers each hold 32
// consecutive K bits of one row (four 8-bit, eight 4-bit, 32 1-bit elements, one tf32, or two
// 16-bit), rows groupID and groupID + 8, is filled by one ldmatrix from a K-contiguous layout
// (CUTLASS loads its int8 operands so, with SM75_U32x4_LDSM_N). plan_ldmatrix derives, for every
// catalogue operand, the load and its lane addresses from the fragment tables, or says why none
// fills it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/tv_layout.hpp"

namespace fragviz {

/// ldmatrix .num: how many 8x8 matrices one instruction loads (one destination register each).
enum class LdmNum { x1 = 1, x2 = 2, x4 = 4 };
constexpr int matrices(LdmNum n) { return static_cast<int>(n); }

/// One ldmatrix variant.
struct LdmatrixConfig {
  LdmNum num = LdmNum::x4;
  bool trans = false;
};

/// Lanes that supply row addresses: 8 per matrix (x1: 0-7, x2: 0-15, x4: 0-31).
constexpr int address_lanes(LdmNum n) { return 8 * matrices(n); }
/// True when `lane`'s address is used by the instruction.
constexpr bool supplies_address(LdmNum n, int lane) { return lane < address_lanes(n); }
/// Matrix whose row `lane` addresses (lane / 8).
constexpr int address_matrix(int lane) { return lane / 8; }
/// Row within that matrix (lane % 8).
constexpr int address_row(int lane) { return lane % 8; }

/// The 8x8 .b16 matrix fragment as a thread-value layout, (T32,V2) -> (M8,N8) column-major
/// (offset row + 8 * col), named in the style of mma_layouts.hpp. ("Matrix fragment for
/// ldmatrix": lane l holds row l/4, columns 2(l%4) and 2(l%4)+1.) The one definition of what
/// ldmatrix delivers per matrix, stmatrix stores and movmatrix takes (matrix_move.hpp).
/// Row: ((4,8),2):((16,1),8).
inline constexpr TvLayout SM75_8x8_16b_Row{{{4, 16}, {8, 1}}, {{2, 8}}};
/// The same read column-major (.trans, and movmatrix's destination): lane l holds row 2(l%4)+h,
/// column l/4. ((4,8),2):((2,8),1).
inline constexpr TvLayout SM75_8x8_16b_Col{{{4, 2}, {8, 8}}, {{2, 1}}};

/// Position inside 8x8 matrix `r` (= destination register r) of the 16-bit half `half` (0 = low
/// bits) that `lane` receives: SM75_8x8_16b_Row (plain) or _Col (.trans: the matrix is read
/// column-major, so the same register slot holds the transposed position).
constexpr Coord ldmatrix_element(bool trans, int lane, int half) {
  const int offset = tv_offset(trans ? SM75_8x8_16b_Col : SM75_8x8_16b_Row, lane, half);
  return Coord{offset % 8, offset / 8};
}

/// A (lane, half) of a warp's 32-bit registers: half 0 = bits 0-15.
struct LaneHalf {
  int lane = 0;
  int half = 0;
  friend constexpr bool operator==(LaneHalf a, LaneHalf b) { return a.lane == b.lane && a.half == b.half; }
};

/// The (lane, half) that ldmatrix_element puts at position `c` (row, col in 0-7) of an 8x8 matrix:
/// its inverse, found by asking it. {-1, -1} outside the matrix.
constexpr LaneHalf ldmatrix_holder(bool trans, Coord c) {
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int half = 0; half < 2; ++half) {
      const Coord e = ldmatrix_element(trans, lane, half);
      if (e.row == c.row && e.col == c.col) return LaneHalf{lane, half};
    }
  return LaneHalf{-1, -1};
}

/// ldmatrix_element(trans, lane, 0), the cell of each lane's low half, in the lane notation of
/// smem/lane_pattern.hpp (for geometry strings such as a gate variant's per-lane loads).
/// tests/unit/test_ldmatrix.cpp evaluates it against ldmatrix_element for every lane.
constexpr std::string_view ldmatrix_element_lanes(bool trans) {
  return trans ? "row=2*(lane&3), col=lane>>2" : "row=lane>>2, col=2*(lane&3)";
}

/// How the explorer lays the .num matrices out in a tile: matrix j at rows 8*(j%2), cols
/// 8*(j/2) (x2 stacks two matrices, x4 is a 2x2 block). This is exactly the A-operand use (x2 for
/// m16n8k8 A, x4 for m16n8k16 A); bank behaviour per matrix depends only on the row stride and
/// the matrix's column, so other arrangements have the same wavefronts on unswizzled tiles.
constexpr Coord explorer_matrix_origin(int matrix) { return Coord{8 * (matrix % 2), 8 * (matrix / 2)}; }

/// Position inside an 8x8 .b16 matrix of byte `byte` (0-3, 0 = least significant) of the 32-bit
/// register `lane` receives from it, as (matrix row, byte within that 16-byte row). Plain: "a group
/// of four consecutive threads loads 16 bytes", so lane l gets bytes 4(l%4)..4(l%4)+3 of row l/4,
/// whatever the bytes hold (8-bit, 4-bit, 1-bit or 32-bit data move as they are). .trans moves
/// 16-bit elements: the half holding the byte comes from row 2(l%4) + byte/2, column l/4.
constexpr Coord ldmatrix_byte(bool trans, int lane, int byte) {
  if (!trans) return Coord{lane / 4, 4 * (lane % 4) + byte};
  return Coord{2 * (lane % 4) + byte / 2, 2 * (lane / 4) + byte % 2};
}

/// How an mma operand is stored in shared memory for ldmatrix: as rows of consecutive elements.
enum class LdmStorage : std::uint8_t {
  /// K contiguous: A as M x K (mma's .row A), B as N x K (.col B). Loaded without .trans: each
  /// lane's 32-bit register is four bytes of one row.
  k_contiguous,
  /// M or N contiguous: A as K x M, B as K x N. Needs .trans, which moves only 16-bit elements
  /// on sm_75 to sm_90.
  mn_contiguous,
};
std::string_view to_string(LdmStorage s);

/// One ldmatrix that fills an mma operand fragment exactly. The operand is stored as
/// `stored_rows` x `stored_cols` elements (row-major, each row a whole number of 16-byte rows of
/// the load); destination register j == fragment register j and is matrix j of the load, whose 8
/// row starts are stored rows matrix_origin[j].row + 0..7 at element column matrix_origin[j].col.
struct FragmentLoad {
  Operand operand = Operand::A;
  LdmatrixConfig config{};
  /// Stored (row, element column) of matrix j's first row start; only the first .num are used.
  std::array<Coord, 4> matrix_origin{};
  LdmStorage storage = LdmStorage::k_contiguous;
  int element_bits = 16;
  int stored_rows = 0, stored_cols = 0;  ///< elements
  /// Bytes of one stored row (stored_cols elements).
  constexpr int row_bytes() const { return stored_cols * element_bits / 8; }
  /// Whether the stored matrix is the operand transposed: A stored K x M, or B stored N x K (the
  /// catalogue has A as M x K and B as K x N).
  constexpr bool stored_transposed() const {
    return (operand == Operand::A) == (storage == LdmStorage::mn_contiguous);
  }
};

/// Stored (row, element column) of operand cell `c`, and back.
constexpr Coord stored_cell(const FragmentLoad& load, Coord c) {
  return load.stored_transposed() ? Coord{c.col, c.row, c.product} : c;
}
constexpr Coord operand_cell(const FragmentLoad& load, Coord stored) { return stored_cell(load, stored); }

/// Stored row and byte within that row of register `reg`'s byte `byte` (0-3) that `lane` receives.
constexpr Coord loaded_byte(const FragmentLoad& load, int lane, int reg, int byte) {
  const Coord in = ldmatrix_byte(load.config.trans, lane, byte);
  const Coord o = load.matrix_origin[static_cast<std::size_t>(reg)];
  return Coord{o.row + in.row, o.col * load.element_bits / 8 + in.col};
}

/// Operand (row, col) that `lane` receives as element `index` of destination register `reg`
/// (index 0 = least significant bits; for 16-bit data index is the half, 0 = low).
constexpr Coord loaded_coord(const FragmentLoad& load, int lane, int reg, int index) {
  const int bit = index * load.element_bits;
  const Coord b = loaded_byte(load, lane, reg, bit / 8);
  return operand_cell(load, Coord{b.row, (b.col * 8 + bit % 8) / load.element_bits});
}

/// Stored (row, byte column) of the row start `lane` passes (lane % address_lanes for the lanes
/// .x1/.x2 ignore, which still need a valid address on sm_75).
constexpr Coord address_byte(const FragmentLoad& load, int lane) {
  const int l = lane % address_lanes(load.config.num);
  const Coord o = load.matrix_origin[static_cast<std::size_t>(address_matrix(l))];
  return Coord{o.row + address_row(l), o.col * load.element_bits / 8};
}

/// Operand (row, col) of the first element of the row `lane` addresses.
constexpr Coord address_coord(const FragmentLoad& load, int lane) {
  const Coord b = address_byte(load, lane);
  return operand_cell(load, Coord{b.row, b.col * 8 / load.element_bits});
}

/// Stored elements one row address covers: 16 bytes.
constexpr int row_elements(const FragmentLoad& load) { return 128 / load.element_bits; }

/// The ldmatrix that fills operand `op` of `in` stored as `storage`, derived from the catalogue:
/// register j must be one 8x8 .b16 matrix whose bytes, as ldmatrix delivers them (ldmatrix_byte),
/// are exactly the elements the fragment puts there, for every lane and element. Or why none does,
/// in the PTX ISA's words: C/D is never loaded; an .f64 element fills a 64-bit register; the
/// fragment has a register count no .num gives; .trans moves 16-bit elements only; a row of the
/// stored operand is narrower than ldmatrix's 16 bytes; or the first lane and register where the
/// delivery and the fragment part.
struct LdmatrixFit {
  std::optional<FragmentLoad> load;
  std::string problem;  ///< why there is no load, when !load
};
LdmatrixFit plan_ldmatrix(const Instruction& in, Operand op, LdmStorage storage);

/// The load the views, the CLI and the probes use for operand `op`: the seed's layouts where they
/// exist (A stored M x K without .trans; 16-bit B stored K x N with .trans), else the other
/// storage (8-, 4-, 1-bit and tf32 B stored N x K, K contiguous, without .trans). nullopt when
/// neither storage has a load (ldmatrix_problem says why).
std::optional<FragmentLoad> fragment_load(const Instruction& in, Operand op);

/// Why operand `op` of `in` has no ldmatrix form (both storages' reasons, the preferred one
/// first), e.g. "no ldmatrix form: an .f64 element fills a 64-bit register ..."; empty when it has
/// one.
std::string ldmatrix_problem(const Instruction& in, Operand op);

/// "A stored 16 x 32 (M x K, K contiguous)": what fragment_load assumes, in words.
std::string storage_words(const Instruction& in, const FragmentLoad& load);

/// Parses "x1" / "x2" / "x4".
std::optional<LdmNum> parse_num(std::string_view text);
std::string_view to_string(LdmNum n);
/// The PTX mnemonic, e.g. "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16".
std::string ldmatrix_mnemonic(LdmatrixConfig c);

}  // namespace fragviz
