// CTA tiles of real kernels, one table (cta_tile.hpp's CtaTileSpec each):
//  - every gate variant (gate/gate_ladder.hpp), derived from the TileConfig its kernel compiles from
//    (gate/gate_geometry.hpp) or, for the Hopper rungs, from its WgmmaGateRung (gate/wgmma_gate.hpp):
//    the MMA atom the kernel issues, warps_m x warps_n warps whose permutation tile gives each warp
//    its contiguous warp_m x warp_n slab, the block tile, the ldmatrix forms the kernel issues, and
//    the stage's shared layouts (A as M x K; B, which the kernels keep K x N with n fastest, as
//    CuTe's N x K). The lanes' addresses are CuTe's make_tiled_copy_A/B for that TiledMMA: the
//    instructions, their count and the layouts are the kernel's; its own lane-to-row assignment
//    is hand-written and may pair lanes with rows differently. The cp.async rungs also carry their
//    global -> shared copy (gmem_copy.hpp), each thread's 16-byte chunks as the kernel assigns them;
//  - a CUTLASS-style sm80 f16 GEMM tile: 128x128x32, 2x2 warps, SM80_16x8x16_F32F16F16F32_TN with
//    Tile<_32,_32,_16>, A K-major through SM75_U32x4_LDSM_N and B N-major (transposed) through
//    SM75_U16x8_LDSM_T over Swizzle<3,3,3> (CUTLASS's sm80 epilogue stores C to global: no C here),
//    A and B filled by DefaultGemm_TensorOpSm80's 16-byte cp.async.cg copies;
//  - a Hopper wgmma tile: two consumer warpgroups of SM90_64x128x16_F32F16F16_SS over 128x128x64,
//    A and B K-major in the 128-byte swizzle the descriptors read, C stored by stmatrix;
//  - an attention tile (FlashAttention-2, sm80): 4 warps along M with Tile<_64,_16,_16>, Q and K
//    through ldmatrix, the S = Q K^T accumulator reused as P, the next GEMM's A; Q and K filled by
//    its GmemTiledCopyQKV (cp.async.cg);
//  - its Hopper successor (FlashAttention-3, head dim 128): O = P V with SM90_64x128x16_F32F16F16_RS
//    over two warpgroups, P the accumulator of S = Q K^T reused as the A registers, V^T N-major
//    through its descriptor, O stored by stmatrix.
// tests/unit/test_cta_presets.cpp holds every gate preset against gate_geometry.hpp's offsets and
// the gate's output tiling; tests/cute/test_cute_tiled.cpp holds the TiledMMA/TiledCopy layouts of
// every preset against CuTe's. Pure model.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile {

/// One preset.
struct CtaPreset {
  std::string name;    ///< "sm80-gemm-128x128x32", "gate-tile-128", ...
  std::string source;  ///< the kernel it reproduces, one sentence
  CtaTileSpec spec;
  std::optional<GateVariant> gate;  ///< the gate variant it is derived from
};

/// Every preset: the gate's variants in ladder order, then sm80-gemm, sm90-wgmma, fa2-attention,
/// fa3-attention.
const std::vector<CtaPreset>& cta_presets();
/// The name of the preset derived from the gate variant called `variant` ("broken-swap-b":
/// "gate-broken-swap-b"); the gate view's picker finds the variant by it too.
std::string gate_preset_name(std::string_view variant);
/// The preset called `name`, or nullptr.
const CtaPreset* find_cta_preset(std::string_view name);
/// "gate-ldmatrix-k8, ..., fa3-attention".
std::string cta_preset_names();

/// Where a CTA tile comes from, one line: the preset's own sentence while `t`'s spec is the preset's
/// ("preset sm80-gemm-128x128x32: CUTLASS-style ..."); once fields changed it, the fields' TiledMMA
/// ("edited from preset sm80-gemm-128x128x32: now SM80_16x8x16_F32F16F16F32_TN over (2,2,1):(2,1,0)
/// (4 warps), Tile<_32,_32,_16>, CTA tile 128x128x32"), never the preset's stale "2x2 warps";
/// "your configuration: ..." without a preset (`preset` empty or unknown).
std::string cta_tile_source(std::string_view preset, const CtaTile& t);

/// The CTA tile of a gate variant, derived from its TileConfig (mma.sync rungs) or WgmmaGateRung
/// (Hopper rungs).
CtaTileSpec gate_cta_spec(const GateVariantInfo& info);

/// `Swizzle<..> o (S0,S1):(D0,D1)` with its two top-level modes exchanged: a (k,n) layout of B as
/// CuTe's (n,k). Returns the text unchanged where it has no rank-2 shape:stride.
std::string swap_layout_modes(const std::string& notation);

}  // namespace fragviz::tile
