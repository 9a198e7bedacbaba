// The gate's variant table (gate_ladder.hpp): names, rungs, techniques, output tiling and each
// operand's shared geometry, generated from the kernels' TileConfigs (gate_geometry.hpp) and Hopper
// rungs (wgmma_gate.hpp).
#include "fragviz/gate/gate_ladder.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "fragviz/gate/stream_k.hpp"
#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_layout.hpp"

namespace fragviz {
namespace {

using gate::SmemArrangement;
using gate::TileConfig;

// ldmatrix row addresses (PTX-FACTS.md section 2). A of m16n8k16 with .x4 (of m16n8k8 with .x2:
// lanes 0-15): row lane & 15, col 8 (lane >> 4). B of m16n8k16 as two n8 tiles with .x4.trans: k row
// lane & 15, n col 8 (lane >> 4). B of m16n8k8, four n8 tiles with .x4.trans: the `b-tiles` preset.
constexpr std::string_view kLanesA = "a";
constexpr std::string_view kLanesBPairs = "row=lane&15, col=8*(lane>>4)";
constexpr std::string_view kLanesBTiles = "b-tiles";
constexpr std::string_view kLdmX2 = "ldmatrix.sync.aligned.m8n8.x2.shared.b16";
constexpr std::string_view kLdmX4 = "ldmatrix.sync.aligned.m8n8.x4.shared.b16";
constexpr std::string_view kLdmX4Trans = "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16";

OperandGeometry ldmatrix_load(const TileConfig& c, GateOperand o, std::string_view lanes, LdmNum num,
                              bool trans, std::string_view mnemonic) {
  OperandGeometry g;
  g.layout = tile_layout_notation(c, o);
  g.lanes = std::string(lanes);
  g.op = SharedOp::ldmatrix;
  g.ldmatrix = LdmatrixConfig{num, trans};
  g.mnemonic = std::string(mnemonic);
  return g;
}

/// A row of an mma.sync kernel (rungs 1-7): warps of warp_m() x warp_n() in a warps_m x warps_n
/// grid, each issuing m16n8 tiles over its slab, A and B through ldmatrix.
GateVariantInfo mma_sync(GateVariant v, std::string_view name, int rung, std::string_view technique, int sm,
                         const TileConfig& c) {
  GateVariantInfo e;
  e.variant = v;
  e.name = name;
  e.rung = rung;
  e.technique = technique;
  e.min_sm = sm;
  e.tile = c;
  e.dynamic_shared_bytes = c.copy == gate::CopyPath::cp_async ? c.smem_bytes() : 0;
  e.n_multiple = c.n_multiple();
  e.output.block_m = c.block_m;
  e.output.block_n = c.block_n;
  e.output.warps_m = c.warps_m;
  e.output.warps_n = c.warps_n;
  e.output.warp_m = c.warp_m();
  e.output.warp_n = c.warp_n();
  e.output.instruction = gate::mma_mnemonic(c);
  if (const Instruction* in = find_instruction(e.output.instruction)) {
    e.output.mma_m = in->c.rows;  // m16n8: each warp issues them over its slab
    e.output.mma_n = in->c.cols;
  }
  e.a = ldmatrix_load(c, GateOperand::A, kLanesA, c.mma_k == 16 ? LdmNum::x4 : LdmNum::x2, false,
                      c.mma_k == 16 ? kLdmX4 : kLdmX2);
  e.b = ldmatrix_load(c, GateOperand::B, c.mma_k == 16 ? kLanesBPairs : kLanesBTiles, LdmNum::x4, true,
                      kLdmX4Trans);
  return e;
}

/// A row of a Hopper rung (rungs 8-14): name, technique and tiles are kWgmmaGateRungs[index]'s.
/// Each consumer warpgroup issues m64 x wgmma_n tiles, its warp w holding rows 16w .. 16w+15 of
/// each; a producer warpgroup (warps 0-3) holds no C. The operands are read by wgmma through
/// descriptors, not by a warp-wide load the bank model counts.
GateVariantInfo wgmma(GateVariant v, int index) {
  const WgmmaGateRung& r = kWgmmaGateRungs[index];
  GateVariantInfo e;
  e.variant = v;
  e.name = r.name;
  e.rung = 8 + index;
  e.technique = r.technique;
  e.min_sm = 90;
  e.wgmma_rung = index;
  e.tile = TileConfig{r.block_m,
                      r.block_n,
                      r.block_k,
                      4 * r.consumer_warpgroups,
                      1,
                      16,
                      gate::CopyPath::tma,
                      r.stages,
                      SmemArrangement::xor16,
                      0,
                      false,
                      r.persistent ? 16 : 0};
  e.dynamic_shared_bytes = wgmma_gate_dynamic_smem_bytes(r);
  e.n_multiple = wgmma_gate_n_multiple(r);
  const std::string mnemonic =
      "wgmma.mma_async.sync.aligned.m64n" + std::to_string(r.wgmma_n) + "k16.f32.f16.f16";
  // Consumer warpgroups stack along M, four warps of 16 rows each across the whole block width;
  // a producer warpgroup takes warps 0-3. Ping-pong: one warpgroup holds the whole tile, its warps'
  // rows repeating every 64 (the first consumer's warps 4-7 are shown; the second's tiles are 8-11).
  e.output.block_m = r.block_m;
  e.output.block_n = r.block_n;
  e.output.warps_m = 4 * wgmma_gate_tile_warpgroups(r);
  e.output.warps_n = 1;
  e.output.warp_m = 16;
  e.output.warp_n = r.block_n;
  e.output.first_warp = r.producer_warpgroup ? 4 : 0;
  e.output.instruction = mnemonic;
  if (const WgmmaInstruction* in = find_wgmma(mnemonic)) {
    e.output.mma_m = in->m;
    e.output.mma_n = in->n;
  }
  e.a = OperandGeometry{r.a_layout, "", std::nullopt, {}, mnemonic + " (descriptors), A K-major", {}};
  e.b = OperandGeometry{r.b_layout, "", std::nullopt, {}, mnemonic + " (descriptors), B MN-major", {}};
  return e;
}

/// The Hopper rung whose consumers issue mma.sync (kWgmmaGateRungs[index].mma_sync): the wgmma
/// rungs' TMA stages, clusters and producer, the mma.sync rungs' 2 x 4 grid of 64x64 warp tiles
/// with ldmatrix.x4 (A) and ldmatrix.x4.trans (B) from the 128B-swizzled stages. The producer is
/// warp 8, after the consumers.
GateVariantInfo mma_tma(GateVariant v, int index) {
  const WgmmaGateRung& r = kWgmmaGateRungs[index];
  GateVariantInfo e = wgmma(v, index);
  constexpr int kWarpsM = 2, kWarpsN = 4;
  e.tile.warps_m = kWarpsM;
  e.tile.warps_n = kWarpsN;
  e.output.warps_m = kWarpsM;
  e.output.warps_n = kWarpsN;
  e.output.warp_m = kWgmmaGateMmaWarpM;
  e.output.warp_n = kWgmmaGateMmaWarpN;
  e.output.first_warp = 0;
  e.output.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  if (const Instruction* in = find_instruction(e.output.instruction)) {
    e.output.mma_m = in->c.rows;
    e.output.mma_n = in->c.cols;
  }
  e.a = OperandGeometry{r.a_layout,          std::string(kLanesA),
                        SharedOp::ldmatrix,  LdmatrixConfig{LdmNum::x4, false},
                        std::string(kLdmX4), {}};
  e.b = OperandGeometry{r.b_layout,
                        std::string(kLanesBPairs),
                        SharedOp::ldmatrix,
                        LdmatrixConfig{LdmNum::x4, true},
                        std::string(kLdmX4Trans),
                        {}};
  return e;
}

// One row per variant, in ladder order. Rung techniques: what each adds to the one before.
std::vector<GateVariantInfo> build_table() {
  std::vector<GateVariantInfo> t;
  t.push_back(
      mma_sync(GateVariant::ldmatrix_k8, "ldmatrix-k8", 1,
               "The seed: 64x64x32 blocks of 8 warps (16x32 each), copies through registers, 8-half pad, "
               "ldmatrix.x2 A and ldmatrix.x4.trans B into m16n8k8.",
               75, gate::kSeedK8));
  GateVariantInfo scalar =
      mma_sync(GateVariant::scalar_b_k8, "scalar-b-k8", 1,
               "The seed's exercise: as ldmatrix-k8, but each lane fetches its B elements with "
               "2-byte shared loads.",
               75, gate::kSeedK8);
  // Lane l's first B element b0 of m16n8k8 is (k 2(l % 4), n l / 4) of each n8 tile: the 8x8
  // matrix fragment's low half, transposed.
  scalar.b.lanes = std::string(ldmatrix_element_lanes(true));
  scalar.b.op = std::nullopt;
  scalar.b.mnemonic = "ld.shared.b16 (b0 and b1 of each n8 tile: 8 per k step)";
  t.push_back(scalar);
  t.push_back(
      mma_sync(GateVariant::ldmatrix_k16, "ldmatrix-k16", 1,
               "The seed's tiling with m16n8k16: ldmatrix.x4 A, ldmatrix.x4.trans for two n8 tiles of B.", 80,
               gate::kSeedK16));
  GateVariantInfo broken = mma_sync(GateVariant::broken_swap_b, "broken-swap-b", 1,
                                    "DELIBERATELY WRONG: ldmatrix-k8 with the B fragments of n tiles 1 and 2 "
                                    "swapped, for the gate to catch.",
                                    75, gate::kSeedK8);
  broken.deliberately_wrong = true;
  // gate_kernels.cu swaps bf[1] and bf[2]: the B fragments of n tiles 1 and 2 (n 8-15 and 16-23)
  // of every warp's 32 columns (kSeedK8: warp_n 32).
  broken.register_swap = "B 8-15:16-23/32";
  t.push_back(broken);
  t.push_back(
      mma_sync(GateVariant::cp_async_db, "cp-async-db", 2,
               "ldmatrix-k16's tiling with cp.async copies into two shared buffers: one barrier per k step.",
               80, gate::kCpAsyncDb));
  t.push_back(mma_sync(GateVariant::multistage, "multistage", 3,
                       "Four cp.async stages: three k tiles in flight while one multiplies.", 80,
                       gate::kMultistage));
  t.push_back(mma_sync(GateVariant::tile_128, "tile-128", 4,
                       "128x128 blocks of 4 warps, 64x64 per warp: 32 mma per 8 ldmatrix.x4.", 80,
                       gate::kTile128));
  t.push_back(
      mma_sync(GateVariant::swizzle_xor, "swizzle-xor", 5,
               "Unpadded XOR-swizzled tiles: conflict-free ldmatrix and conflict-free cp.async stores.", 80,
               gate::kSwizzleXor));
  t.push_back(
      mma_sync(GateVariant::reg_db, "reg-db", 6,
               "Fragments double-buffered in registers (next k16 step's ldmatrix under this step's mma), "
               "blocks in L2 groups of 8 block rows.",
               80, gate::kRegDb));
  t.push_back(mma_sync(GateVariant::reg_db_128x256, "reg-db-128x256", 6,
                       "reg-db with 128x256 blocks of 8 warps (64x64 each): the tuned best on the H200.", 80,
                       gate::kRegDb128x256));
  GateVariantInfo sk =
      mma_sync(GateVariant::stream_k, "stream-k", 7,
               "reg-db's mainloop in persistent blocks: each block walks its tiles with the "
               "cp.async stages running on between them, and the last partial wave's k tiles "
               "are split evenly over all blocks (stream-K), partial sums added through a "
               "workspace. sm_90.",
               90, gate::kStreamK.tile);
  t.push_back(sk);
  t.push_back(wgmma(GateVariant::wgmma_tma, 0));
  t.push_back(wgmma(GateVariant::wgmma_ws, 1));
  t.push_back(wgmma(GateVariant::wgmma_persistent, 2));
  t.push_back(wgmma(GateVariant::wgmma_cluster, 3));
  t.push_back(wgmma(GateVariant::wgmma_pingpong, 4));
  t.push_back(wgmma(GateVariant::wgmma_tma_store, 5));
  t.push_back(wgmma(GateVariant::wgmma_stream_k, 6));
  t.push_back(mma_tma(GateVariant::mma_tma_cluster, 7));
  return t;
}

}  // namespace

std::string_view to_string(GateOperand o) { return o == GateOperand::A ? "A" : "B"; }

std::optional<GateOperand> parse_gate_operand(std::string_view text) {
  if (text == "A" || text == "a") return GateOperand::A;
  if (text == "B" || text == "b") return GateOperand::B;
  return std::nullopt;
}

const std::vector<GateVariantInfo>& gate_variants() {
  static const std::vector<GateVariantInfo> table = build_table();
  return table;
}

std::string gate_variant_names() {
  std::string names;
  for (const GateVariantInfo& v : gate_variants()) names += (names.empty() ? "" : ", ") + std::string(v.name);
  return names;
}

std::string gate_variant_help() {
  std::string text;
  for (const GateVariantInfo& v : gate_variants()) {
    // The Hopper rungs are sm_90a code: gate_wgmma_check refuses every other device.
    text += (text.empty() ? "" : ", ") + std::string(v.name) + " (rung " + std::to_string(v.rung) + ", sm_" +
            std::to_string(v.min_sm) + (v.wgmma_rung >= 0 ? "a only" : "+") +
            (v.deliberately_wrong ? ", DELIBERATELY WRONG: for the gate to catch" : "") + ")";
  }
  return text;
}

std::string gate_instruction_help() {
  // Each family's rungs as runs of consecutive numbers: "mma.sync in rungs 1-7 and 15".
  std::string text;
  for (const std::string_view family : {"mma.sync", "wgmma"}) {
    std::vector<int> rungs;
    for (const GateVariantInfo& v : gate_variants())
      if (v.output.instruction.rfind(family, 0) == 0 && !v.deliberately_wrong) rungs.push_back(v.rung);
    std::sort(rungs.begin(), rungs.end());
    rungs.erase(std::unique(rungs.begin(), rungs.end()), rungs.end());
    if (rungs.empty()) continue;
    std::vector<std::string> runs;
    for (std::size_t i = 0; i < rungs.size();) {
      std::size_t j = i;
      while (j + 1 < rungs.size() && rungs[j + 1] == rungs[j] + 1) ++j;
      runs.push_back(std::to_string(rungs[i]) + (j > i ? "-" + std::to_string(rungs[j]) : ""));
      i = j + 1;
    }
    std::string list = runs[0];
    for (std::size_t i = 1; i < runs.size(); ++i) list += (i + 1 == runs.size() ? " and " : ", ") + runs[i];
    const bool one = rungs.size() == 1;
    text +=
        std::string(text.empty() ? "" : ", ") + std::string(family) + " in rung" + (one ? " " : "s ") + list;
  }
  return text;
}

int wgmma_gate_rung(GateVariant v) {
  const GateVariantInfo* info = find_gate_variant(v);
  return info != nullptr ? info->wgmma_rung : -1;
}

const GateVariantInfo* find_gate_variant(GateVariant v) {
  for (const GateVariantInfo& info : gate_variants())
    if (info.variant == v) return &info;
  return nullptr;
}

const GateVariantInfo& gate_variant_info(GateVariant v) {
  const GateVariantInfo* info = find_gate_variant(v);
  if (info == nullptr) throw std::out_of_range("gate variant outside the table");
  return *info;
}

std::string tile_layout_notation(const TileConfig& c, GateOperand o) {
  const int rows = o == GateOperand::A ? c.block_m : c.block_k;
  const int cols = o == GateOperand::A ? c.block_k : c.block_n;
  const std::string shape = "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
  if (c.smem == SmemArrangement::padded) return shape + ":(" + std::to_string(cols + c.pad) + ",1)";
  const gate::XorSwizzle s = gate::xor_swizzle_for_row(cols);
  return "Swizzle<" + std::to_string(s.b) + "," + std::to_string(s.m) + "," + std::to_string(s.s) + "> o " +
         shape + ":(" + std::to_string(cols) + ",1)";
}

std::optional<std::string> gate_variant_size_problem(GateVariant v, int n) {
  // A user's kernel tiles n as its own --grid says; the gate's own buffers and kernels take any
  // multiple of 64 (the seed's block tile, which the default --grid n/64,n/64 assumes).
  if (v == GateVariant::user_kernel) {
    if (n % 64 == 0) return std::nullopt;
    const int below = n / 64 * 64;
    return "n = " + std::to_string(n) + " is not a multiple of 64, what the gate runs a user kernel at (" +
           std::to_string(below) + " or " + std::to_string(below + 64) + " would be)";
  }
  const GateVariantInfo* info = find_gate_variant(v);
  if (info == nullptr) return std::string("unknown gate variant");
  const int m = info->n_multiple;
  if (n % m == 0) return std::nullopt;
  const int below = n / m * m;
  std::string why = "n = " + std::to_string(n) + " is not a multiple of " + std::to_string(m) + ", " +
                    std::string(info->name) + "'s block tile (" + std::to_string(below) + " or " +
                    std::to_string(below + m) + " would be";
  std::string others;
  for (const GateVariantInfo& o : gate_variants())
    if (!o.deliberately_wrong && n % o.n_multiple == 0)
      others += (others.empty() ? "" : ", ") + std::string(o.name);
  if (!others.empty())
    why += "; " + others + " take" + (others.find(',') == std::string::npos ? "s" : "") +
           " n = " + std::to_string(n);
  return why + ")";
}

GateLoadAnalysis analyze_gate_load(const GateVariantInfo& info, GateOperand o) {
  GateLoadAnalysis r;
  r.operand = o;
  const OperandGeometry& g = info.operand(o);
  if (!g.op) {
    r.why = g.mnemonic + ": not modelled (the bank model covers ldmatrix, stmatrix and 32/64/128-bit loads)";
    return r;
  }
  const Outcome<SmemLayout> layout = parse_smem_layout(g.layout);
  if (!layout) {
    r.why = "layout " + g.layout + ": " + layout.error.message;
    return r;
  }
  const Outcome<LanePattern> lanes = parse_lane_pattern(g.lanes, g.ldmatrix.num);
  if (!lanes) {
    r.why = "lanes " + g.lanes + ": " + lanes.error.message;
    return r;
  }
  AccessRequest req;
  req.op = *g.op;
  req.ldmatrix = g.ldmatrix;
  req.origin = g.origin;
  req.sm = info.min_sm;
  r.access = analyze_access(*layout, *lanes, req);
  return r;
}

}  // namespace fragviz
