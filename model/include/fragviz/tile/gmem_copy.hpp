// The CTA tile's global -> shared stage (issue 25): the cp.async TiledCopy that fills A's and B's
// shared layouts, as CuTe users write it, make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<
// uint128_t>, T>{}, thr_layout, val_layout) (CUTLASS's GmemTiledCopyA/B, FlashAttention-2's
// GmemTiledCopyQKV), over the operand's CTA extent. Written in a CtaTileSpec as
// "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))".
//
// The model (PTX ISA "cp.async": the 16 bytes at the global address land, as they are, at the
// shared address):
//  - the global tile is the operand's CTA extent stored compactly and contiguous along the copy's
//    vectors (a (1,8) vector: row-major, A K-major as the kernels read it; an (8,1) vector:
//    column-major, B N-major). A kernel's leading dimension only spaces the global rows further
//    apart; the bytes each cp.async reads are the same elements;
//  - each thread's cp.async of each block of the copy's tiler (CuTe's partition_S/D of the CTA
//    extent, cut by zipped_divide, blocks colexicographic) reads the 16 bytes at its vector's first
//    cell in the global tile and writes them at that cell's byte offset in the shared layout,
//    swizzle included;
//  - every shared byte a value lands on must then hold the element the layout keeps there, and
//    every element of the layout must be written. A layout that does not keep a vector's elements
//    contiguous lands them on other cells, as the hardware would.
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/tile/tiled_copy.hpp"

namespace fragviz::tile {

/// One operand's global -> shared copy over its CTA extent.
struct GmemCopy {
  std::string text;          ///< as the spec writes it
  TiledCopy copy;            ///< make_tiled_copy(atom, value_bits, thr, val)
  bool along_rows = false;   ///< each vector runs down a column (val (8,1)); else along a row
  std::int64_t vector = 0;   ///< values per cp.async (the atom's: 16 bytes)
  std::int64_t calls = 0;    ///< cp.async per thread per block of the tiler
  std::int64_t blocks0 = 0;  ///< blocks of the tiler over the extent's rows
  std::int64_t blocks1 = 0;  ///< ... and its columns
  std::array<std::int64_t, 2> extent{};
  /// Whether the atom is CACHEALWAYS (cp.async.ca, whose shared writes the bank model counts);
  /// false for CACHEGLOBAL (.cg, kCpAsyncCgNotModelled).
  bool cache_always() const { return copy.atom.instruction.rfind("cp.async.ca", 0) == 0; }
  /// cp.async per thread over the whole extent.
  std::int64_t instructions() const { return calls * blocks0 * blocks1; }
  /// Byte offset of `c` in the compact global tile.
  std::int64_t global_byte(Cell c) const;
  /// The cell whose element starts at global byte `byte` (a multiple of the element size).
  Cell global_cell(std::int64_t byte) const;
};

/// Why a CACHEGLOBAL (cp.async.cg) fill has no bank count: the one sentence the CLI, `tiled --ncu`
/// and the CTA tile view say where a .ca fill shows its bank table.
extern const char* const kCpAsyncCgNotModelled;

/// Reads `text`, "make_tiled_copy(ATOM, THR, VAL)" (also "ATOM, THR, VAL"): ATOM a cp.async copy atom
/// by CuTe's name (SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, SM80_CP_ASYNC_CACHEALWAYS<uint128_t>), THR
/// and VAL shapes or layouts ("(32,4):(4,1)", "(1,8)"), and builds the copy of `value_bits`-bit
/// values over an operand of `extent` (rows, cols). Refused (bad_input, with the 1-based column of
/// the part refused) for another atom, a layout that does not read or is not of rank 2, a tiler that
/// does not divide the extent, or values of one cp.async that are no run along one row or one
/// column (CuTe's copy_unpack could not vectorize them); CuTe's own refusals keep its words.
Result<GmemCopy> make_gmem_copy(std::string_view text, int value_bits, std::array<std::int64_t, 2> extent);

/// One cp.async of one thread.
struct GmemCopyAddress {
  std::int64_t thread = 0;
  /// The thread's cp.async number: (block1 * blocks0 + block0) * calls + call.
  std::int64_t instruction = 0;
  Cell cell;             ///< the vector's first cell, CTA coordinates
  std::int64_t src = 0;  ///< its byte offset in the compact global tile
  std::int64_t dst = 0;  ///< its byte offset in the shared layout
};

/// Every cp.async of `copy` into `layout`, thread-major, then by number.
std::vector<GmemCopyAddress> gmem_copy_addresses(const GmemCopy& copy, const SmemLayout& layout);

/// One value a cp.async writes, or (thread -1) a cell of the layout no cp.async writes.
struct CtaFillCell {
  std::int64_t thread = -1;
  std::int64_t instruction = 0;  ///< the thread's cp.async number
  std::int64_t value = 0;        ///< the value's index in the vector
  std::int64_t byte = 0;         ///< the shared byte offset it lands on (the cell's own, unwritten)
  std::optional<Cell> landed;    ///< the element those bytes hold after the copy (nullopt: none)
  std::optional<Cell> expected;  ///< the element the layout keeps at `byte` (nullopt: none)
  bool match() const { return landed && expected && *landed == *expected; }
};

/// One operand's shared layout after its global -> shared copy.
struct CtaFill {
  Operand operand = Operand::A;
  std::int64_t threads = 0, instructions = 0, vector = 0;  ///< cp.async per thread, values each
  std::int64_t cells = 0, mismatches = 0;  ///< values written and cells unwritten; those wrong
  std::optional<CtaFillCell> first;        ///< the first wrong one: thread-major, unwritten last
  /// cp.async whose global or shared address is no multiple of 16 bytes: on a GPU they fault.
  std::int64_t misaligned = 0;
  bool ok() const { return mismatches == 0 && misaligned == 0; }
  /// "all 4096 shared cells hold their element (128 threads x 4 cp.async x 8 values)", or the
  /// first wrong one: "thread 5 cp.async 2 value 3 to byte 96: holds (3,4), the layout keeps (3,5)
  /// there (7 of 4096 differ)", "byte 96: no cp.async writes it, the layout keeps (3,5) there".
  std::string verdict() const;
  /// Counts `c` in (first keeps the earliest in the judge's order: the caller adds in that order).
  void add(const CtaFillCell& c);
};

/// The model's fill of operand `op`'s shared `layout` by `copy`: where each value lands (the PTX
/// model above) against the element the layout keeps there, then the layout's cells nobody wrote.
CtaFill analyze_fill(const GmemCopy& copy, const SmemLayout& layout, Operand op);

}  // namespace fragviz::tile
