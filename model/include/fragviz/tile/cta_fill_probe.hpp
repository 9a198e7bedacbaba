// The CTA tile's global -> shared stage proven on a GPU (issue 25): the operand's cp.async
// TiledCopy (gmem_copy.hpp) run with every thread's real source and destination addresses, and
// the shared memory read back and judged. The host plans, the device only executes the plan
// (gpu/include/fragviz/device/cta_fill_probe_run.hpp), the host judges what came back:
//  - plan: the compact global tile, every element holding the label row * cols + col + 1 of its
//    logical cell (16- or 32-bit, little endian; pad 0xFF, a value no label has); the shared image
//    starts as 0xFF everywhere (so every byte read back was written, and initcheck stays clean);
//    every thread's cp.async, global source and shared destination (gmem_copy_addresses: the
//    addresses the model's fill uses), each checked aligned and inside its image;
//  - judge: the shared image after every cp.async has landed (cp.async.wait_group 0, a barrier),
//    read at every byte a value lands on and at every cell of the layout no cp.async writes: the
//    label found there must be the element the layout keeps there (CtaFill, worded as the model's
//    fill), and the bytes must be the model's prediction (the global bytes the model says land
//    there), else the first disagreement is named.
// Pure model: no CUDA.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile {

/// Everything one launch needs and the judge reads (see the header comment).
struct CtaFillProbePlan {
  Operand operand = Operand::A;
  std::string copy;          ///< the spec's text of the copy
  std::string atom;          ///< CuTe's atom name
  std::string instruction;   ///< the PTX the device issues ("cp.async.cg.shared.global.L2::128B")
  bool cache_global = true;  ///< .cg (CACHEGLOBAL); false: .ca (CACHEALWAYS)
  int threads = 0;           ///< the CTA's threads
  int instructions = 0;      ///< cp.async per thread
  int vector = 0;            ///< values per cp.async
  int element_bytes = 0;
  std::int64_t rows = 0, cols = 0;          ///< the operand's CTA extent
  std::vector<std::uint8_t> global;         ///< the compact global tile, a multiple of 16 bytes
  std::uint32_t shared_bytes = 0;           ///< the shared image, a multiple of 16, starting as 0xFF
  std::vector<GmemCopyAddress> copies;      ///< [thread * instructions + i]
  std::vector<std::uint32_t> sources;       ///< global byte offsets, [thread * instructions + i]
  std::vector<std::uint32_t> destinations;  ///< shared byte offsets, the same order
  /// Per shared byte, the cell index row * cols + col of the element the layout starts there, or -1.
  std::vector<std::int64_t> layout_cells;
  /// false: the kernel does its set-up only (0xFF in, the image back), not one cp.async: Nsight
  /// Compute's baseline for `tiled --ncu` (cta_ncu.hpp). Nothing to judge.
  bool run_copies = true;
  /// 32-bit words the device returns: the shared image after the copies, little endian.
  std::int64_t words() const { return shared_bytes / 4; }
};

/// Plans operand `op` (A or B) of `tile`. Refused (bad_input, the message says why) without a gmem
/// copy or a shared layout, for elements other than 16 or 32 bits, labels that do not fit the
/// element (16-bit: rows * cols up to 65534), more than 1024 threads, or a cp.async whose global or
/// shared address is no multiple of 16 (it would fault).
Result<CtaFillProbePlan> plan_cta_fill_probe(const CtaTile& tile, Operand op);

/// Why `plan` must not be launched on a device whose blocks get at most `shared_limit` bytes of
/// dynamic shared memory, or "" when it may: threads 1..1024, at least one cp.async each, the
/// shared image a non-empty multiple of 16 within the limit, the global image a non-empty multiple
/// of 16, one source and destination per thread and cp.async, each 16-byte aligned with its 16
/// bytes inside its image, and the layout cells one per shared byte.
std::string fill_probe_launch_problem(const CtaFillProbePlan& plan, std::int64_t shared_limit);

/// A value whose bytes on the GPU are not what the model predicted.
struct FillProbeDisagreement {
  CtaFillCell cell;                    ///< where (thread, cp.async, value, shared byte), as judged
  std::uint32_t raw = 0;               ///< the GPU's bytes there, little endian
  std::uint32_t predicted = 0;         ///< the model's
  std::optional<Cell> predicted_cell;  ///< the element the model's bytes label (nullopt: pad)
};

/// The judge's verdict on one operand's fill.
struct CtaFillProbeVerdict {
  Operand operand = Operand::A;
  int element_bytes = 2;
  CtaFill measured;  ///< the fill the GPU's shared memory shows, judged against the layout
  std::int64_t model_disagreements = 0;
  std::optional<FillProbeDisagreement> first;  ///< thread-major, then cp.async and value; unwritten last
  /// "all 4096 match the model", or "thread 5 cp.async 2 value 3 to byte 96: the GPU's shared
  /// memory holds (3,4), the model predicted (3,5) (7 of 4096 differ)".
  std::string model_verdict() const;
};

/// Judges the device's shared image `words` (CtaFillProbePlan::words() of them). Refused
/// (bad_input) for another count, a plan fill_probe_launch_problem refuses, or one with its copies
/// off (a baseline: nothing was copied).
Result<CtaFillProbeVerdict> judge_cta_fill_probe(const CtaFillProbePlan& plan,
                                                 const std::vector<std::uint32_t>& words);

}  // namespace fragviz::tile
