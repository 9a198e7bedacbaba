// The CTA tile's copy join proven on a GPU (issue 25, first step: loads from shared memory into
// registers, ldmatrix .x1/.x2/.x4 with or without .trans and ld.shared.b32/.v2.b32/.v4.b32).
//
// The host plans, the device only executes the plan (gpu/include/fragviz/device/
// cta_copy_probe_run.hpp), the host judges what came back:
//  - plan: the operand's shared-memory image (every element of its CTA extent at its byte offset
//    through the user's layout, holding the label row * cols + col + 1 of its logical cell, little
//    endian; pad bytes 0xFF, a value no label has), every thread's address of every copy
//    instruction (cta_copy_addresses: the addresses the join and the bank count use), and per
//    (thread, value V) the instruction and register byte the model says delivers it
//    (CtaJoinCell::instruction, register_byte);
//  - judge: the raw 32-bit registers the device returned, decoded per (thread, V): the bytes must
//    be the image's bytes at the model's address (else the model and the hardware disagree, and the
//    first such value is named), and the cell they label is the join's `moved` on the hardware,
//    compared with the MMA's cell as CtaJoin words it.
// A store (C) runs the other way: every thread's registers hold the labels of the MMA's cells of
// its accumulator values (CopyProbeValue::expected; 0xFF in register bytes no value uses), the
// image starts as 0xFF everywhere, every thread stores at the model's addresses and the device
// returns the whole image. The judge reads, at every byte the model says a value lands on, the
// label found there: it must be that value's (else the first such value is named), and the cell
// the layout keeps at the byte where the label landed is the join's `moved` on the hardware.
// cp.async and wgmma descriptors are not probed here. Pure model: no CUDA.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile {

/// The shared-memory access one copy instruction is (PTX ISA "ldmatrix", "stmatrix", "ld", "st").
/// In a store plan (CtaCopyProbePlan::store) each names the matching store: ldmatrix -> stmatrix
/// (PTX ISA "Warp Level Matrix Store Instruction: stmatrix", sm_90), lds32/64/128 ->
/// st.shared.b32/.v2.b32/.v4.b32.
enum class CopyProbeLoad : std::uint8_t {
  ldmatrix,  ///< ld/stmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16: 16-byte rows
  lds32,     ///< ld.shared.b32 (store: st.shared.b32)
  lds64,     ///< ld.shared.v2.b32 (store: st.shared.v2.b32)
  lds128,    ///< ld.shared.v4.b32 (store: st.shared.v4.b32)
};

/// One (thread, value V) of the operand's CTA fragment, as the model predicts it.
struct CopyProbeValue {
  std::int64_t thread = 0;
  std::int64_t reg = 0;  ///< V, CtaJoinCell::reg
  std::int64_t k_block = 0;
  std::int64_t instruction = 0;    ///< the thread's instruction that delivers it
  std::int64_t register_byte = 0;  ///< its first byte in that instruction's registers
  std::int64_t model_byte = 0;     ///< the shared byte the model reads it from / stores it to
  Cell expected;                   ///< the MMA's cell (a store: the label its register holds)
  std::optional<Cell> moved;       ///< load: the model's delivered cell; store: the layout's cell
                                   ///< at model_byte (nullopt: pad or mid-element)
};

/// Everything one launch needs and the judge reads (see the header comment).
struct CtaCopyProbePlan {
  Operand operand = Operand::A;
  bool store = false;       ///< C's epilogue: registers -> shared (see the header comment)
  std::string copy;         ///< CuTe's atom name
  std::string instruction;  ///< the PTX the device issues
  CopyProbeLoad load = CopyProbeLoad::ldmatrix;
  int matrices = 0;      ///< ldmatrix .num (1, 2, 4); 0 for a vector load
  bool trans = false;    ///< ldmatrix .trans
  int threads = 0;       ///< the CTA's threads (the TiledMMA's)
  int instructions = 0;  ///< copy instructions per thread (every k-block)
  int registers = 0;     ///< 32-bit registers per instruction: .num, or 1, 2, 4
  int access_bytes = 0;  ///< the alignment every address needs: 16 (an ldmatrix row), 4, 8, 16
  int element_bytes = 0;
  std::int64_t rows = 0, cols = 0;       ///< the operand's CTA extent
  std::vector<std::uint8_t> image;       ///< the shared memory, a multiple of 16 bytes (store: 0xFF)
  std::vector<std::uint32_t> addresses;  ///< byte offsets into the image, [thread * instructions + i]
  std::vector<CopyProbeValue> values;    ///< thread-major, then V
  /// Store: every thread's registers, [(thread * instructions + i) * registers + r]; empty for a load.
  std::vector<std::uint32_t> sources;
  /// Store: per image byte, the cell index row * cols + col of the element whose first byte the
  /// layout puts there, or -1 (pad, an element's later byte); empty for a load.
  std::vector<std::int64_t> layout_cells;
  /// false: the kernel does its set-up only (the image in; a store's image back), not one copy
  /// instruction, and writes no register: Nsight Compute's baseline, whose shared-memory counters
  /// `tiled --ncu` takes from the full run's to isolate the copies' own (cta_ncu.hpp). Nothing to judge.
  bool run_copies = true;
  /// 32-bit words the device returns: a load's registers [(thread * instructions + i) * registers
  /// + r], a store's whole image (image.size() / 4, little endian).
  std::int64_t words() const {
    return store ? static_cast<std::int64_t>(image.size() / 4)
                 : std::int64_t{threads} * instructions * registers;
  }
};

/// Plans operand `op` of `tile`: A and B a load, C its store. Refused (bad_input, the message says
/// why) without a copy or a shared layout, for an A/B copy that is no load from shared memory
/// (stmatrix, cp.async) or a C copy that is no store into it (ldmatrix, cp.async), an
/// operand read through a descriptor, elements other than 16 or 32 bits (8-bit: not yet), labels
/// that do not fit the element (16-bit: rows * cols up to 65534), more than 1024 threads, an
/// ldmatrix over a partial warp, or an address the instruction reads that is negative or not
/// aligned to its access (the instruction would fault). ldmatrix lanes whose address the
/// instruction ignores (.x1: 8-31, .x2: 16-31) pass 0 where theirs could not be passed.
Result<CtaCopyProbePlan> plan_cta_copy_probe(const CtaTile& tile, Operand op);

/// Why `plan` must not be launched on a device whose blocks get at most `shared_limit` bytes of
/// dynamic shared memory, or "" when it may: the checks a launch relies on so that no plan faults
/// the context (thread count 1..1024 and whole warps for ldmatrix, the registers the load has, the
/// image a non-empty multiple of 16 within the limit, one address per thread and instruction, each
/// aligned and with its access inside the image, the values pointing at existing registers; a
/// store's registers one per thread, instruction and register, and its layout cells one per byte).
std::string copy_probe_launch_problem(const CtaCopyProbePlan& plan, std::int64_t shared_limit);

/// A (thread, V) whose bytes are not what the model predicted.
struct CopyProbeDisagreement {
  CopyProbeValue value;
  std::optional<Cell> delivered;  ///< the cell the GPU's bytes label (nullopt: no label)
  std::uint32_t raw = 0;          ///< those bytes, little endian (store: found at model_byte)
  std::uint32_t predicted = 0;    ///< the image's bytes at the model's address (store: the value's label)
};

/// The judge's verdict on one operand.
struct CtaCopyProbeVerdict {
  Operand operand = Operand::A;
  bool store = false;
  std::int64_t threads = 0;
  std::int64_t cells = 0;
  std::int64_t model_disagreements = 0;        ///< values whose bytes differ from the model's
  std::optional<CopyProbeDisagreement> first;  ///< the first, thread-major then V
  CtaJoin measured;                            ///< the join with the GPU's cells as `moved`
  /// "all 4096 match the model", or "thread 5 V3 (instruction 2, register 1, byte 2): the GPU
  /// delivered (3,4), the model predicted (3,5) (7 of 4096 differ)"; a store: "thread 5 V3
  /// (instruction 2, register 1, byte 2) to byte 96: the GPU's shared memory holds (3,4), the model
  /// predicted (3,5) (7 of 4096 differ)".
  std::string model_verdict() const;
};

/// Judges the device's raw registers (a store: its shared image) `words`
/// (CtaCopyProbePlan::words() of them). Refused (bad_input) for another count, a plan
/// copy_probe_launch_problem refuses, or one with its copies off (a baseline: nothing was copied).
Result<CtaCopyProbeVerdict> judge_cta_copy_probe(const CtaCopyProbePlan& plan,
                                                 const std::vector<std::uint32_t>& words);

}  // namespace fragviz::tile
