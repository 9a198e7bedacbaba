// The Hopper probes, host side: what to put in shared memory and registers so that what wgmma,
// stmatrix and movmatrix return names, cell by cell, where each element went, and how to read
// the answer back. Pure model: no CUDA. gpu/cuda/hopper_run.cpp moves the bits; tests/unit runs
// these plans through software stand-ins with planted faults.
//
// wgmma (fragviz/isa/wgmma.hpp), per catalogue entry:
//  - D map: two passes whose D(row, col) equals row, then col (base-8 digits in A and B, so every
//    type holds them exactly); each thread's registers then name their cells.
//  - A from registers (RS form): every (thread, element) gets a label (its index, written as
//    digits the type holds exactly); B selects column n -> k = (n + shift) % K, so D names the
//    (row, k) each label reached.
//  - A and B through descriptors (fragviz/isa/smem_descriptor.hpp), for the entries with N = 64 or
//    256: the probed operand's shared memory holds, at every element address, digits of that
//    address; the other operand is a selection matrix, so D(row, n) is the address wgmma read
//    for each element. Compared with the model's address for every element.
//  - one tile of random exact values against a double reference.
// k is named relative to the other operand's layout: a permutation of k common to A and B does
// not change D, so no probe through the tensor core can see it (the same limit as the mma.sync
// probes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/probe/hopper_results.hpp"

namespace fragviz {

/// Inputs of one wgmma issue.
struct WgmmaPass {
  WgmmaForm form = WgmmaForm::ss;
  std::vector<std::uint8_t> image;  ///< shared memory from the 1024-aligned base, multiple of 16 bytes
  std::uint32_t a_start = 0, b_start = 0;
  std::uint64_t a_descriptor = 0, b_descriptor = 0;  ///< start field 0
  std::vector<std::uint32_t> a_registers;            ///< rs: [128][4]
  enum class Role { d_rows, d_cols, a_label, descriptor, tile } role = Role::d_rows;
  int digit = 0;       ///< a_label / descriptor: which digit the values are
  int shift = 0;       ///< a_label / A descriptor: B column n selects k = (n + shift) % K
  int descriptor = 0;  ///< descriptor: index into the plan's descriptors
};

/// Everything needed to probe one entry and judge it.
struct WgmmaProbePlan {
  const WgmmaInstruction* instr = nullptr;
  std::vector<WgmmaPass> passes;
  std::vector<DescriptorProbe> descriptors;  ///< expected filled, measured empty
  std::vector<double> tile_reference;        ///< D of the tile pass, row + 64 * col
  int a_digit_base = 0, a_digits = 0;        ///< label digits of the RS passes
};

/// The passes for `in`. Descriptor probes for entries with N = 64 or 256 (K-major, every swizzle,
/// plus a start 32 bytes into the row for 64B/128B; M/N-major where wgmma_mn_major_probed).
WgmmaProbePlan plan_wgmma_probe(const WgmmaInstruction& in);

/// Judges the D registers of every pass ([pass][128 * wgmma_d_registers]) against the model.
WgmmaProbe judge_wgmma_probe(const WgmmaProbePlan& plan, const std::vector<std::vector<std::uint32_t>>& d);

/// Value of D element (row, col) of one pass, decoded from the pass's registers with the model's
/// D map; nullopt for a NaN or infinity.
std::optional<double> d_value(const WgmmaInstruction& in, const std::vector<std::uint32_t>& d_regs, int row,
                              int col);

/// Inputs of the stmatrix / movmatrix / epilogue probes.
struct MovePlan {
  MatrixMoveProbe probe;                         ///< mnemonic, kind, detail; cells expected filled
  LdmatrixConfig config{};                       ///< stmatrix form (epilogue: its store)
  std::array<std::uint32_t, 32> registers[4]{};  ///< per register j: lane -> value (stmatrix, movmatrix)
  std::array<std::uint32_t, 32> lane_offset{};   ///< stmatrix: byte offset from the tile base per lane
  int tile_rows = 16, tile_stride_halves = 24;   ///< the shared tile (halves)
  /// epilogue: per stmatrix register j, which (tile, packed register) it takes, and the mma tiles'
  /// A and B registers per lane (packed by the model's fragment maps)
  std::array<std::array<int, 2>, 4> order{};
  int tiles = 0;
  std::vector<std::uint32_t> mma_a, mma_b;  ///< [tile][lane][regs]
};

/// One plan per stmatrix form (x1, x2, x4, each with and without .trans), one movmatrix plan, and
/// one per epilogue preset with `mma` (an m16n8k16 .f32 entry).
std::vector<MovePlan> plan_matrix_moves(const Instruction& mma);

/// Judges one plan: `tile` is the shared tile read back (tile_rows * stride halves), `regs` the
/// movmatrix destination registers per lane.
MatrixMoveProbe judge_matrix_move(const MovePlan& plan, const std::vector<std::uint16_t>& tile,
                                  const std::array<std::uint32_t, 32>& regs);

/// True for a name the Hopper probes answer to: a wgmma mnemonic, "stmatrix" (every form) or a
/// stmatrix mnemonic, "movmatrix" or its mnemonic, "epilogue" (every preset) or "epilogue:PRESET".
bool is_hopper_probe_name(std::string_view name);
/// True when `name` selects probe `p` (see is_hopper_probe_name).
bool move_probe_selected(const MatrixMoveProbe& p, std::string_view name);

/// "m64n64k16 .f32.bf16.bf16: D 4096 of 4096, A 1024 of 1024, 10 descriptor layouts 40960 of
/// 40960 elements, tile exact" and the like.
std::string describe_wgmma_probe(const WgmmaProbe& p);
std::string describe_move_probe(const MatrixMoveProbe& p);

}  // namespace fragviz
