// What run_probes (gpu/cuda/probes.cpp) runs for a request, decided on the host with no CUDA, so a
// model-only build tests it (tests/unit/test_probe_run_plan.cpp): the mma.sync entries a request
// names, the cycles table's standard tiles, and how the seed's fragment probe loads A and B.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// The standard rows of the cycles table: ldmatrix .x4 over 16-row unpadded tiles at row strides
/// of 64 (8-way), 72, 80 (2-way), 96 (4-way) and 40 halves, then a 64-wide XOR-swizzled tile.
std::vector<TileGeometry> standard_cycle_tiles();

/// The mma.sync catalogue mnemonics the tensor-core probes run for `req`, in order: none without
/// req.instruction_probes; every catalogue entry for an empty list; else the listed names that are
/// neither Hopper probe names (hopper_probe.hpp, run by the Hopper family) nor WMMA ones (wmma.hpp),
/// unknown names kept so the report shows them skipped rather than dropped.
std::vector<std::string> requested_instructions(const ProbeRequest& req);

/// How the seed's fragment probe (an m16n8kK .f16 entry whose A and B the kernel loads with
/// ldmatrix) loads each operand: the .trans of the model's own plan (fragment_load) and, per lane,
/// the byte offset of the row it addresses in the operand stored with fragment_stride_halves
/// (fragment_lane_offsets, probe_decode.hpp). The kernel issues .num = registers_per_lane(op).
struct FragmentProbeLoads {
  LdmatrixConfig a{}, b{};
  std::array<std::uint32_t, kWarpSize> a_offsets{}, b_offsets{};
};

/// The loads of `s`, or why the probe must not run: an operand with no ldmatrix form (kind
/// refused, ldmatrix_problem's words), or a load whose .num is not the operand's register count
/// (kind internal: the kernel gives the mma registers_per_lane(op) registers).
Outcome<FragmentProbeLoads> plan_fragment_probe_loads(const Instruction& s);

}  // namespace fragviz
