// The Blackwell (sm_100a) matrix-move probes, host side: what to put in shared memory and
// registers so that what the 8-bit and sub-byte ldmatrix / stmatrix forms (fragviz/isa/
// matrix_move_b8.hpp) return names, byte by byte, where each element went, and how to judge it.
// Pure model: no CUDA. gpu/cuda/blackwell_run.cpp moves the bits (its kernels are built for
// sm_100a only); tests/unit/test_blackwell_probe.cpp runs the plans through a software stand-in
// with planted faults. No Blackwell GPU has run them yet.
//
// Loads: three passes, each filling every stored value with one coordinate of its own position:
// its matrix, its stored row, its stored column (all below 16, so 4-bit values hold them too).
// Each register byte then names, across the passes, the stored byte it came from.
// Stores: two passes, each register byte labelled with its lane, then with 4 * register + byte;
// shared memory starts at 0xFF (no label), so each stored byte names the register byte that
// reached it and a byte no register should reach shows as a stray write.
// The sub-byte loads assume each stored row packs value c at bits 4c (6c) from the row's first
// byte, little-endian, and the widened byte holds the value in its low bits: a GPU run tests that
// too (a mismatch prints the raw byte).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/isa/tcgen05_desc.hpp"
#include "fragviz/isa/tmem.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"
#include "fragviz/probe/hopper_results.hpp"
#include "fragviz/probe/tmem_probe.hpp"

namespace fragviz {

/// Bytes of shared memory a probe uses: every stored row (16 bytes each) and a 16-byte guard.
constexpr int b8_probe_smem_bytes(MatrixMoveB8 m) { return 16 * matrix_move_b8_address_lanes(m) + 16; }

/// One issue of the instruction.
struct B8MovePass {
  std::vector<std::uint8_t> image;                      ///< shared memory before it (b8_probe_smem_bytes)
  std::array<std::array<std::uint32_t, 32>, 4> regs{};  ///< stmatrix: register j per lane
};

/// Everything needed to probe one form and judge it.
struct B8MovePlan {
  MatrixMoveB8 move{};
  std::array<std::uint32_t, 32> lane_offset{};  ///< byte offset of each lane's row address from the base
  std::vector<B8MovePass> passes;
};

/// The passes of `m` (which must be matrix_move_b8_valid). Lanes beyond the address lanes repeat
/// a valid row address.
B8MovePlan plan_b8_move(MatrixMoveB8 m);

/// The 16 stored bytes of one row holding `values` (each below 2^bits of the form): plain bytes
/// (.b8), or packed little-endian with the padding after them (b6x16_p32, b4x16_p64).
std::array<std::uint8_t, 16> pack_b8_row(MatrixMoveB8Form form, const std::array<std::uint8_t, 16>& values);

/// Judges one probe. Loads: `regs[pass][reg][lane]` (the registers each pass returned); stores:
/// `smem[pass]` (shared memory after each pass, b8_probe_smem_bytes). One MoveCheck per (lane,
/// register, byte), `half` holding the byte: expected = (address lane of its stored row, byte in
/// that row), measured = what the device did. kind "ldmatrix-b8" or "stmatrix-b8".
MatrixMoveProbe judge_b8_move(const B8MovePlan& plan,
                              const std::vector<std::array<std::array<std::uint32_t, 32>, 4>>& regs,
                              const std::vector<std::vector<std::uint8_t>>& smem);

/// The accumulator probe (gpu/cuda/blackwell/umma_kernels.cu): tcgen05.mma.cta_group::1.kind::f16
/// of M x 64 x 16 (f16 A and B K-major without swizzle, f32 D) run twice, D(row, col) = row, then
/// = col (A column 0 holds row or 1, B column 0 holds 1 or col, the rest 0), and read back whole
/// with tcgen05.ld.32x32b by the four warps: the value at (lane, column) names the element of D
/// there. Layouts D (M 128) and F (M 64). With cta_group::2 (M 128: Layout B, M 256: Layout A) a
/// cluster of two CTAs runs it (gpu/cuda/blackwell/umma2_kernels.cu): CTA k holds rows k*M/2.. of A
/// and columns k*N/2.. of B in its own shared memory, the even CTA issues the MMA, and each CTA
/// reads its own tensor memory back. Sparse A (tcgen05.mma.sp.cta_group::2, M 128: Layout C; K 32,
/// A compressed to 16 columns) runs the same way, its metadata in TMEM column kUmmaProbeMetaColumn
/// and the next 31 of every lane of both CTAs: every 4-bit group 0x4 (indices 0 and 1 of each
/// four, as 2:4 metadata writes them), and B's four rows of each group alike, so D depends neither on
/// the metadata's layout in TMEM nor on which two elements it selects: the probe judges where D
/// lands (Layout C), not the selection.
struct UmmaProbePlan {
  UmmaAccumulator shape{};                  ///< M 64 or 128 (cta_group 1), 128 or 256 (cta_group 2); N 64
  std::vector<std::uint8_t> image[2];       ///< (CTA 0's) shared memory per pass: A at 0, B at b_offset
  std::vector<std::uint8_t> peer_image[2];  ///< cta_group::2: CTA 1's, the same way; else empty
  std::uint32_t b_offset = 0;               ///< bytes
  std::uint64_t a_descriptor = 0, b_descriptor = 0;  ///< start fields 0: the kernel adds the base
  std::uint32_t instr_descriptor = 0;                ///< .kind::f16
  std::uint32_t meta_column = 0;                     ///< sparse: TMEM column of the metadata; dense 0
  std::uint32_t meta_word = 0;                       ///< sparse: what every metadata cell holds
};
/// Columns of TMEM the probe allocates and reads (N).
inline constexpr int kUmmaProbeColumns = 64;

/// The sparse probe's metadata column: past D's kUmmaProbeColumns, in a 128-column allocation.
inline constexpr int kUmmaProbeMetaColumn = 64;

/// One accumulator probe: M, .cta_group and sparse A (tcgen05.mma.sp).
struct UmmaProbeShape {
  int m = 128;
  int cta_group = 1;
  bool sparse = false;
};

/// The accumulator probes: Layouts F, D, B, A, and C (sparse A, M 128, cta_group::2).
inline constexpr UmmaProbeShape kUmmaProbeShapes[] = {
    {64, 1, false}, {128, 1, false}, {128, 2, false}, {256, 2, false}, {128, 2, true}};

/// The plan for M = 64 or 128 under cta_group 1 (anything else: M 128), 128 or 256 under cta_group
/// 2 (anything else: M 256); `sparse` (cta_group 2 only; else ignored): M 128, Layout C.
UmmaProbePlan plan_umma_probe(int m, int cta_group = 1, bool sparse = false);

/// "tcgen05.mma.cta_group::1.kind::f16.m64n64k16", "tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32":
/// the name run_probes knows the probe by.
std::string umma_probe_mnemonic(int m, int cta_group = 1, bool sparse = false);

/// Judges the two passes (`out[pass][(cta * 128 + lane) * 64 + column]`, f32 bits, cta 0 only
/// under cta_group::1; the cells the MMA does not write keep the kernel's sentinel 0xFFFFFFFF). One
/// MoveCheck per element of D: lane = row, reg = column, expected = (128 * CTA + TMEM lane, column)
/// from umma_accumulator_cell, measured = where its (row, col) came back; any other value is a
/// stray write. kind "tcgen05.mma".
MatrixMoveProbe judge_umma_probe(const UmmaProbePlan& plan,
                                 const std::vector<std::vector<std::uint32_t>>& out);

/// The probe named `mnemonic` (a b8 move, a tensor-memory probe, an accumulator probe, a block-scale
/// probe) as its judge fills
/// it, every cell expected and nothing measured, ran false: what run_blackwell_probes reports for a probe it
/// skips, and what a saved report's cells are read against. nullopt for any other name.
std::optional<MatrixMoveProbe> blackwell_expected_probe(std::string_view mnemonic);

/// True for a name the Blackwell probes answer to: "blackwell" (every form), a mnemonic
/// parse_matrix_move_b8 knows, a tmem_probe_mnemonic of all_tmem_probes, an umma_probe_mnemonic of
/// kUmmaProbeShapes, or the sm_120a block-scale probes: "block-scale" (all 16) or a
/// block_scale_probe_name (fragviz/probe/block_scale_probe.hpp).
bool is_blackwell_probe_name(std::string_view name);

/// Every form: m16n16 .x1 .x2, the two m8n16 forms and stmatrix m16n8 at .x1 .x2 .x4.
std::vector<MatrixMoveB8> all_b8_moves();

}  // namespace fragviz
