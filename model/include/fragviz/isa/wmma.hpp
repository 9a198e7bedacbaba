// nvcuda::wmma fragments, measured: the one table of fragment kinds the probes load, how a probe
// tile names every cell, how the bytes of each lane's `frag.x` are read back into a
// (lane, x[i]) -> (row, col) map, and how such a map relates to the mma.sync catalogue.
//
// WMMA has no published mapping. The CUDA C++ Programming Guide says "the mapping of matrix
// elements into fragment internal storage is unspecified and subject to change in future
// architectures", and the PTX ISA ("Warp-level Matrix Load Instruction: wmma.load", and "Matrix
// Fragments for WMMA") gives each fragment's register count but no map. So nothing here predicts
// a map: every map shown comes from a GPU (gpu/cuda/wmma_kernels.cu), and is a measurement of
// one GPU and one CUDA release, not a contract.
//
// How a kind is probed: the tile `load_matrix_sync` reads (matrix_a M x K, matrix_b K x N,
// accumulator M x N; stored row- or column-major as the kind says, leading dimension wmma_ldm)
// holds in every cell a digit of a label of that cell. Labelling 0 is the cell's index
// row * cols + col, labelling 1 its bitwise complement within wmma_index_bits; pass p holds digit
// p % digits of labelling p / digits, each digit a small whole number the element type holds
// exactly (wmma_digit_bits: 11 bits for f16 and tf32, 8 for bf16, s8 and u8, 4 for s4 and u4,
// 1 for b1). Padding past the matrix (a leading dimension rounded up to 16 bytes) holds the
// labels of index 2^index_bits - 1, which names no cell. Every lane writes its sizeof(frag.x)
// bytes back per pass; slot i of a lane is bits [i * w, (i + 1) * w) of those bytes, w the
// element's storage width (16 for f16 and bf16, 32 for tf32, f32 and s32, 64 for f64, 8, 4, 1),
// element 0 in the least significant bits as `x[]` stores it. A slot whose two labellings disagree
// is recorded as such: the measurement failed there. A cell held by several slots, or by none, is
// data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// nvcuda::wmma's fragment use (its first template argument). PTX: matrix_a is wmma.load.a,
/// matrix_b wmma.load.b, accumulator wmma.load.c.
enum class WmmaUse : std::uint8_t { matrix_a, matrix_b, accumulator };
std::string_view to_string(WmmaUse u);

/// matrix_a / matrix_b: the fragment's Layout (row_major, col_major). accumulator: the layout
/// argument of load_matrix_sync (mem_row_major, mem_col_major). PTX: the .row / .col of wmma.load.
enum class WmmaLayout : std::uint8_t { row, col };
std::string_view to_string(WmmaLayout l);

/// One nvcuda::wmma fragment kind: `fragment<use, m, n, k, T, layout>` loaded by
/// load_matrix_sync. Plain data (wmma_table.hpp holds every one), usable in kernels.
struct WmmaKind {
  int m, n, k;
  WmmaUse use;
  WmmaLayout layout;
  ElemType
      type;  ///< the element type: f16, bf16, tf32, s8, u8, f64, s4, u4, b1; accumulators f16, f32, s32, f64
  int elements;  ///< fragment::num_elements, the x[i] each lane holds (s4/u4 and b1 pack 8 and 32 per word)
  int min_sm;    ///< first compute capability with this fragment (major*10+minor; PTX ISA target notes)
  const char*
      group;  ///< picker group: the input type family, "f16", "bf16", "tf32", "s8/u8", "f64", "s4/u4", "b1"
};

/// Rows of the matrix the fragment holds: matrix_a M x K, matrix_b K x N, accumulator M x N.
FRAGVIZ_HD constexpr int wmma_rows(const WmmaKind& w) { return w.use == WmmaUse::matrix_b ? w.k : w.m; }
/// Columns of that matrix.
FRAGVIZ_HD constexpr int wmma_cols(const WmmaKind& w) { return w.use == WmmaUse::matrix_a ? w.k : w.n; }
/// Cells of the matrix (rows * cols); a cell's index is row * cols + col.
FRAGVIZ_HD constexpr int wmma_cells(const WmmaKind& w) { return wmma_rows(w) * wmma_cols(w); }
/// Bits of one x[i] in the fragment's storage (element_bits of its type).
FRAGVIZ_HD constexpr int wmma_slot_bits(const WmmaKind& w) { return element_bits(w.type); }
/// Bytes of one lane's x[] (sizeof(frag.x); the kernels static_assert it).
FRAGVIZ_HD constexpr int wmma_lane_bytes(const WmmaKind& w) { return w.elements * wmma_slot_bits(w) / 8; }

/// Bits of one digit of a label: the widest whole numbers 0 .. 2^bits - 1 the type holds exactly
/// (f16 and tf32 11, bf16 8, f32 and f64 capped at 24, 8-bit and s32 as raw bits up to 24, s4/u4
/// 4, b1 1).
FRAGVIZ_HD constexpr int wmma_digit_bits(ElemType t) {
  switch (t) {
    case ElemType::f16:
    case ElemType::tf32:
      return 11;
    case ElemType::bf16:
    case ElemType::s8:
    case ElemType::u8:
      return 8;
    case ElemType::s4:
    case ElemType::u4:
      return 4;
    case ElemType::b1:
      return 1;
    default:
      return 24;
  }
}
/// Bits of a label: enough for every cell index and one more value, 2^bits - 1, that names none.
FRAGVIZ_HD constexpr int wmma_index_bits(const WmmaKind& w) {
  int bits = 0;
  while ((1 << bits) <= wmma_cells(w)) ++bits;
  return bits;
}
/// Digits of one labelling.
FRAGVIZ_HD constexpr int wmma_digits(const WmmaKind& w) {
  return (wmma_index_bits(w) + wmma_digit_bits(w.type) - 1) / wmma_digit_bits(w.type);
}
/// load_matrix_sync calls per kind: two labellings of wmma_digits each.
FRAGVIZ_HD constexpr int wmma_passes(const WmmaKind& w) { return 2 * wmma_digits(w); }

/// True when the tile is stored row-major (rows contiguous).
FRAGVIZ_HD constexpr bool wmma_row_major(const WmmaKind& w) { return w.layout == WmmaLayout::row; }
/// The ldm argument, in elements: the stored rows' (row-major) or columns' (col-major) length,
/// rounded up to 16 bytes as load_matrix_sync requires.
FRAGVIZ_HD constexpr int wmma_ldm(const WmmaKind& w) {
  const int natural = wmma_row_major(w) ? wmma_cols(w) : wmma_rows(w);
  const int unit = 128 / wmma_slot_bits(w);  // elements per 16 bytes
  return (natural + unit - 1) / unit * unit;
}
/// Elements of the stored tile, padding included.
FRAGVIZ_HD constexpr int wmma_tile_elements(const WmmaKind& w) {
  return (wmma_row_major(w) ? wmma_rows(w) : wmma_cols(w)) * wmma_ldm(w);
}
/// Bytes of one pass's tile.
FRAGVIZ_HD constexpr int wmma_tile_bytes(const WmmaKind& w) {
  return wmma_tile_elements(w) * wmma_slot_bits(w) / 8;
}
/// Distance between two passes' tiles in the probe buffer: load_matrix_sync needs 256-bit aligned
/// pointers; 256 bytes keeps every tile on its own lines.
FRAGVIZ_HD constexpr int wmma_tile_stride(const WmmaKind& w) {
  return (wmma_tile_bytes(w) + 255) / 256 * 256;
}
/// Element offset of (row, col) in the stored tile.
FRAGVIZ_HD constexpr int wmma_element_offset(const WmmaKind& w, int row, int col) {
  return wmma_row_major(w) ? row * wmma_ldm(w) + col : col * wmma_ldm(w) + row;
}

/// Every kind (wmma_table.hpp), in picker order, and their number.
const WmmaKind* wmma_kinds();
int wmma_kind_count();
/// "wmma.m16n16k16.matrix_a.row.f16": how reports, the CLI and the app name a kind.
std::string wmma_name(const WmmaKind& w);
/// The PTX instruction load_matrix_sync compiles to: "wmma.load.a.sync.aligned.row.m16n16k16.f16".
std::string wmma_ptx(const WmmaKind& w);
/// The C++ fragment type: "fragment<matrix_a, 16, 16, 16, __half, row_major>" (an accumulator's
/// load adds ", mem_row_major" after it as load_matrix_sync's argument).
std::string wmma_cxx(const WmmaKind& w);
/// The kind a user names ("wmma.m16n16k16.matrix_a.row.f16", or the same without "wmma."), or nullptr.
const WmmaKind* find_wmma_kind(std::string_view name);
/// Index into wmma_kinds(), or -1.
int wmma_kind_index(const WmmaKind* w);
/// The prefix of every kind's name.
inline constexpr std::string_view kWmmaPrefix = "wmma.";
/// True for "wmma" (every kind) and for a name starting with "wmma." (a kind, or an unknown one
/// the probes report as such).
bool is_wmma_probe_name(std::string_view name);

// [SECTION] probe tiles and their decoding

/// Element bits of digit value `v` (0 <= v < 2^wmma_digit_bits) in type `t`: the number itself
/// for the floating types (f16(5) is 0x4500), its bits for the integer types.
std::uint64_t wmma_digit_pattern(ElemType t, int v);
/// The digit an element's bits hold, or nullopt when they hold no whole number 0 .. 2^bits - 1.
std::optional<int> wmma_digit_value(ElemType t, std::uint64_t bits);
/// The tile of pass `pass` (wmma_tile_bytes bytes): every cell's digit, elements packed little-endian
/// (element e of a sub-byte type at bit e * w of the tile).
std::vector<std::uint8_t> wmma_tile(const WmmaKind& w, int pass);

/// A slot's measured cell: its index (row * cols + col), or one of these.
inline constexpr int kWmmaNoCell = -1;    ///< the labels name no cell (padding, or values no tile held)
inline constexpr int kWmmaDisagree = -2;  ///< the two labellings name different cells: no measurement

/// What one kind's passes say: per lane and slot (lane * elements + i) the cell x[i] holds.
struct WmmaMap {
  std::vector<int> cells;  ///< 32 * elements entries: a cell index, kWmmaNoCell or kWmmaDisagree
  /// The cell of lane `lane`'s x[i].
  int at(const WmmaKind& w, int lane, int i) const {
    return cells[static_cast<std::size_t>(lane * w.elements + i)];
  }
  /// How many slots hold each cell (wmma_cells entries).
  std::vector<int> holders(const WmmaKind& w) const;
  int disagreeing() const;  ///< slots whose labellings disagree
  int no_cell() const;      ///< slots whose labels name no cell
};

/// Decodes the bytes every lane wrote: raw[pass] holds 32 lanes x wmma_lane_bytes, lane-major.
/// Precondition: raw.size() == wmma_passes and each pass that long (the report loader checks).
WmmaMap decode_wmma(const WmmaKind& w, const std::vector<std::vector<std::uint8_t>>& raw);

/// One kind probed on the device, or why not.
struct WmmaProbe {
  std::string name;  ///< wmma_name of a kind (or the unknown name asked for, never run)
  bool ran = false;
  std::string skipped;  ///< why not: "skipped: needs sm_80 or newer (device is sm_75)", no such kind
  std::vector<std::vector<std::uint8_t>> raw;  ///< per pass, 32 lanes x sizeof(frag.x) as written
  WmmaMap map;                                 ///< decode_wmma(raw) when ran
};

/// The first probe of `all` before `p` that ran with the same shape, use and x[] count and holds
/// the same cell in every slot (row- against col-major, s8 against u8), or nullptr.
const WmmaProbe* wmma_same_map(const std::vector<WmmaProbe>& all, const WmmaProbe& p);

/// "(3, 12)" for a cell index, "no cell" / "labels disagree" for the others.
std::string wmma_cell_text(const WmmaKind& w, int cell);
/// One line: "16 x .f16 per lane (512 slots): 256 of 256 cells held, each by 2 slots" (and how
/// many slots name no cell or disagree).
std::string describe_wmma_map(const WmmaKind& w, const WmmaMap& m);

// [SECTION] relation to mma.sync

/// Where one slot's cells come from in an mma.sync fragment: element `element` of the catalogue
/// operand, in the tile whose top-left cell is `origin` (the WMMA matrix cut into tiles of the
/// operand's size).
struct WmmaSlotSource {
  int tile = -1;  ///< index into WmmaRelation::origins, -1 when no tile explains the slot
  int element = -1;
};

/// A measured map compared with the catalogue: the mma.sync operand (of an entry with the same
/// element type, one product) whose fragment, repeated over tiles of its size, explains the most
/// slots; each slot explained when for every lane x[i] holds origin + fragment_coord(lane, e).
struct WmmaRelation {
  const Instruction* instr = nullptr;  ///< nullptr: no catalogue fragment explains any slot
  Operand operand = Operand::A;
  std::vector<Coord> origins;  ///< tiles, row-major over the WMMA matrix
  std::vector<WmmaSlotSource> slots;
  int explained = 0;  ///< slots with a source
  /// Every slot explained (the map equals the fragment tiled, some tiles perhaps twice).
  bool complete() const { return instr && explained == static_cast<int>(slots.size()); }
};

/// The best relation of `m` (a map of `w`) to the catalogue: most slots explained, then the largest
/// tile, then an entry of the kind's own input family (an accumulator's picker group), then one of
/// its K, then catalogue order. Computed from the catalogue's layout functions, never typed in.
WmmaRelation relate_to_mma(const WmmaKind& w, const WmmaMap& m);

/// "equals mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 C tiled 1 x 2: x[0..3] = c0..c3 at
/// (0, 0), x[4..7] = c0..c3 at (0, 8)", or what part it explains, or that no catalogue fragment
/// tiles it.
std::string describe_relation(const WmmaKind& w, const WmmaRelation& r);

}  // namespace fragviz
