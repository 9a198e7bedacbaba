// The gate's kernel variants as one table: the seed's kernels (rung 1), the mma.sync ladder
// (rungs 2-7, issues 10 and 27) and the Hopper rungs (8-14, wgmma_gate.hpp), each with its tiling, who
// writes which output element, and, per operand, the shared-memory geometry and the warp-wide load
// the kernel reads it with, in the terms the bank view takes (a CuTe layout for parse_smem_layout, a
// lane pattern for parse_lane_pattern, a SharedOp). The geometry is generated from the same
// TileConfig (gate_geometry.hpp) or WgmmaGateRung the kernels compile from, so the view shows what
// runs. Pure model: no CUDA, no GL.
//
// Adding a variant: one GateVariant value (report.hpp: the report's stored identity), one row of
// the table in model/gate/gate_ladder.cpp (its name is the JSON and CLI spelling), and its kernel
// with the GateKernel record registered beside it (gpu/cuda/gate_kernel.cuh); test_gate_registry
// fails while either half lacks the other.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/gate/gate_geometry.hpp"
#include "fragviz/gate/gate_output.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/smem/smem_access.hpp"

namespace fragviz {

/// Operand A or B of the gate's matmul.
enum class GateOperand : std::uint8_t { A, B };
std::string_view to_string(GateOperand o);
/// "A"/"a" or "B"/"b".
std::optional<GateOperand> parse_gate_operand(std::string_view text);

/// How a kernel keeps one operand's tile in shared memory and how each warp reads it.
struct OperandGeometry {
  /// CuTe notation in .b16 elements, rows x cols of one stage: A is block_m x block_k (m, k), B is
  /// block_k x block_n (k, n). parse_smem_layout(layout) accepts it.
  std::string layout;
  /// Each lane's address relative to `origin` (parse_lane_pattern text); the instruction repeats
  /// it at every m16 (A) or n16/n32 (B) tile of the warp tile and every k step.
  std::string lanes;
  /// The load, or nullopt where smem_access has no model of it (the seed's 2-byte ld.shared.b16).
  std::optional<SharedOp> op;
  LdmatrixConfig ldmatrix{};
  std::string mnemonic;  ///< the PTX instruction the kernel issues for it
  Coord origin{};        ///< a representative placement: warp 0's first tile at k step 0
};

/// One gate variant.
struct GateVariantInfo {
  GateVariant variant{};
  std::string_view name;            ///< the CLI/JSON spelling, e.g. "cp-async-db"
  int rung = 1;                     ///< issue 10's ladder step (1 = the seed's kernels)
  std::string_view technique;       ///< one sentence
  int min_sm = 75;                  ///< major*10+minor
  bool deliberately_wrong = false;  ///< broken-swap-b: the gate must catch it; bench skips it
  /// Fragment registers the kernel exchanges between the copy and the MMA, in
  /// tile/register_swap.hpp's text ("B 8-15:16-23/32"); "" none.
  std::string_view register_swap;
  gate::TileConfig tile{};
  int dynamic_shared_bytes = 0;  ///< requested at launch (0: the seed's static arrays)
  int n_multiple = 64;           ///< n must be a multiple of this
  /// The Hopper rung's index in kWgmmaGateRungs (wgmma_gate.hpp), -1 for an mma.sync variant.
  int wgmma_rung = -1;
  /// Who writes which element of C: the block, warp and instruction tiles the kernel uses.
  GateOutputTiling output{};
  OperandGeometry a, b;
  const OperandGeometry& operand(GateOperand o) const { return o == GateOperand::A ? a : b; }
};

/// Every variant, in ladder order (the seed's four, then rungs 2-14).
const std::vector<GateVariantInfo>& gate_variants();
/// The entry of `v`, or nullptr for a value outside the table (user_kernel: the user's own tiling).
const GateVariantInfo* find_gate_variant(GateVariant v);
/// Every variant's name in table order, joined by ", " (what lists, refusals and help print).
std::string gate_variant_names();
/// Every variant as the gate's --variant help lists it: "ldmatrix-k8 (rung 1, sm_75+), ...,
/// wgmma-stream-k (rung 14, sm_90a only)", the deliberately wrong one marked so.
std::string gate_variant_help();
/// Which tensor-core instruction the ladder's rungs issue, from the variant table:
/// "mma.sync in rungs 1-7 and 15, wgmma in rungs 8-14" (what the gate's help says it runs).
std::string gate_instruction_help();

/// The kWgmmaGateRungs index (wgmma_gate.hpp) of a Hopper rung's variant (its table row's
/// wgmma_rung), or -1 for every other.
int wgmma_gate_rung(GateVariant v);
/// The entry of `v`; throws std::out_of_range for a value outside the enum.
const GateVariantInfo& gate_variant_info(GateVariant v);

/// CuTe notation of the A or B tile of a configuration (elements): `(rows,cols):(stride,1)` when
/// padded, `Swizzle<B,M,S> o (rows,cols):(cols,1)` when XOR-swizzled.
std::string tile_layout_notation(const gate::TileConfig& c, GateOperand o);

/// Why variant `v` cannot run at size n (not a multiple of its n_multiple), naming what would
/// work: the nearest sizes and the variants that take n; nullopt when it can.
std::optional<std::string> gate_variant_size_problem(GateVariant v, int n);

/// One operand load of a variant through the bank model.
struct GateLoadAnalysis {
  GateOperand operand{};
  std::optional<AccessReport> access;  ///< nullopt when the load is not modelled (see `why`)
  std::string why;                     ///< parse error or "not modelled" note; empty when analysed
};
/// The operand's load at its representative origin, checked and counted by analyze_access (sm as
/// the variant's min_sm).
GateLoadAnalysis analyze_gate_load(const GateVariantInfo& info, GateOperand o);

/// What the app asks the layout view to show: one operand of one variant.
struct GateGeometryRequest {
  GateVariant variant{};
  GateOperand operand = GateOperand::A;
};

}  // namespace fragviz
