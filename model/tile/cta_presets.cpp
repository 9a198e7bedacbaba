// The CTA tile presets (cta_presets.hpp).
#include "fragviz/tile/cta_presets.hpp"

#include <array>

#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::tile {

namespace {

std::string num(int v) { return std::to_string(v); }

/// "(a,b)" -> {"a", "b"} at the top-level comma; nullopt where the text is no rank-2 tuple.
std::optional<std::pair<std::string, std::string>> split_pair(const std::string& t) {
  if (t.size() < 2 || t.front() != '(' || t.back() != ')') return std::nullopt;
  int depth = 0;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i] == '(') ++depth;
    if (t[i] == ')') --depth;
    if (t[i] == ',' && depth == 0) {
      const std::string rest = t.substr(i + 1, t.size() - i - 2);
      int d = 0;
      for (char c : rest) {  // exactly two modes
        d += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && d == 0) return std::nullopt;
      }
      return std::make_pair(t.substr(1, i - 1), rest);
    }
  }
  return std::nullopt;
}

/// The permutation of one axis that gives warp w of `warps` the contiguous slab [w*slab, (w+1)*slab):
/// tile index (atom, warp, rest) -> atom + slab*warp + atom_extent*rest.
std::string slab_permutation(int atom, int warps, int slab) {
  return "(" + num(atom) + "," + num(warps) + "," + num(slab / atom) + "):(1," + num(slab) + "," + num(atom) +
         ")";
}

/// A preset from a kernel outside the gate: the CtaTileSpec fields as CuTe users write them.
struct KernelPreset {
  const char* name;
  const char* source;  ///< the kernel it reproduces
  const char* mma;
  const char* atoms;
  const char* permute;
  std::array<const char*, 3> copy, smem;  ///< A, B, C; "" none
  std::array<const char*, 2> gmem_copy;   ///< A's and B's global -> shared copies; "" none (TMA, registers)
  const char* tile;
  bool reuse_c_as_a;
};

constexpr KernelPreset kKernelPresets[] = {
    // A: tile_to_shape(Swizzle<3,3,3> o (8,32):(32,1), (128,32)); B (N x K, n fastest):
    // tile_to_shape(Swizzle<3,3,3> o (64,8):(1,64), (128,32)).
    {"sm80-gemm-128x128x32",
     "CUTLASS-style sm80 f16 GEMM (cute's sgemm_sm80 / DefaultGemm_TensorOpSm80): 2x2 warps of "
     "SM80_16x8x16_F32F16F16F32_TN, Tile<_32,_32,_16>, A K-major through ldmatrix.x4, B N-major through "
     "ldmatrix.x4.trans, both Swizzle<3,3,3>; no shared C (CUTLASS's sm80 epilogue stores to global)",
     "SM80_16x8x16_F32F16F16F32_TN",
     "(2,2,1)",
     "Tile<_32,_32,_16>",
     {"SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T", ""},
     {"Swizzle<3,3,3> o (128,32):(32,1)", "Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024))", ""},
     // DefaultGemm_TensorOpSm80's GmemTiledCopyA/B (16-byte cp.async.cg): A 32 x 4 threads k fastest,
     // 1 x 8 values along k; B 16 x 8 threads n fastest, 8 x 1 values along n.
     {"make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))",
      "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (16,8):(1,16), (8,1))"},
     "128x128x32",
     false},
    {"sm90-wgmma-128x128x64",
     "Hopper wgmma tile (CUTLASS sm90 cooperative style): two consumer warpgroups of "
     "SM90_64x128x16_F32F16F16_SS over 128x128x64, A and B K-major in the 128-byte swizzle "
     "(GMMA::Layout_K_SW128_Atom) the descriptors read; C stored as f16 by stmatrix.x4 into a 128-byte "
     "swizzled tile",
     "SM90_64x128x16_F32F16F16_SS",
     "(2,1,1)",
     "Tile<_,_,_>",
     {"", "", "SM90_U32x4_STSM_N"},
     {"Swizzle<3,3,3> o (128,64):(64,1)", "Swizzle<3,3,3> o (128,64):(64,1)",
      "Swizzle<3,3,3> o ((8,16),(64,2)):((64,512),(1,8192))"},
     {"", ""},  // TMA fills A and B (cp.async.bulk.tensor), not cp.async
     "128x128x64",
     false},
    {"fa2-attention",
     "FlashAttention-2 forward, sm80, head dim 64: 4 warps along M of SM80_16x8x16_F32F16F16F32_TN with "
     "Tile<_64,_16,_16>, Q (A) and K (B) K-major through ldmatrix.x4 over Swizzle<3,3,3>; S = Q K^T's "
     "accumulator is reused as P, the next GEMM's A (convert_layout_acc_Aregs)",
     "SM80_16x8x16_F32F16F16F32_TN",
     "(4,1,1)",
     "Tile<_64,_16,_16>",
     {"SM75_U32x4_LDSM_N", "SM75_U32x4_LDSM_N", ""},
     {"Swizzle<3,3,3> o (64,64):(64,1)", "Swizzle<3,3,3> o (64,64):(64,1)", ""},
     // kernel_traits.h's GmemTiledCopyQKV: 16-byte cp.async.cg, 16 x 8 threads of 8 halves along the
     // head dimension (kGmemThreadsPerRow = 64 / 8), for Q and K alike.
     {"make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (16,8):(8,1), (1,8))",
      "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (16,8):(8,1), (1,8))"},
     "64x64x64",
     true},
    // hopper/kernel_traits.h: TiledMma1 = rs_op_selector<.., (kBlockM, kHeadDim, kBlockN), K, MN> over
    // AtomLayoutMNK (kBlockM / 64, 1, 1); SmemLayoutVt the (kHeadDim, kBlockN) view of V's K-major
    // 128-byte atoms (tile_to_shape over (kBlockN, kHeadDim)); SmemLayoutO the same atoms over
    // (kBlockM, kHeadDim), written by SM90_U32x4_STSM_N. kHeadDim = kBlockN, so C (O) stands for S,
    // whose SS atom m64n128k16 has the RS atom's C layout: the reuse judged is P's.
    {"fa3-attention",
     "FlashAttention-3 forward, sm90, head dim 128, causal (kBlockM 128, kBlockN 128, two consumer "
     "warpgroups): O = P V with SM90_64x128x16_F32F16F16_RS over (2,1,1), P = S = Q K^T's accumulator "
     "converted to f16 in the registers (convert_layout_acc_Aregs) as A, V^T N-major in the 128-byte "
     "swizzle through its descriptor as B; O stored by stmatrix.x4 into a 128-byte swizzled tile",
     "SM90_64x128x16_F32F16F16_RS",
     "(2,1,1)",
     "Tile<_,_,_>",
     {"", "", "SM90_U32x4_STSM_N"},
     {"", "Swizzle<3,3,3> o ((64,2),(8,16)):((1,8192),(64,512))",
      "Swizzle<3,3,3> o ((8,16),(64,2)):((64,512),(1,8192))"},
     {"", ""},  // TMA fills V (cp.async.bulk.tensor); P never leaves the registers
     "128x128x128",
     true},
};

CtaPreset from_row(const KernelPreset& r) {
  CtaPreset p;
  p.name = r.name;
  p.source = r.source;
  CtaTileSpec& s = p.spec;
  s.mma = r.mma;
  s.atoms = r.atoms;
  s.permute = r.permute;
  for (std::size_t i = 0; i < 3; ++i) {
    s.copy[i] = r.copy[i];
    s.smem[i] = r.smem[i];
  }
  for (std::size_t i = 0; i < 2; ++i) s.gmem_copy[i] = r.gmem_copy[i];
  s.tile = r.tile;
  s.reuse_c_as_a = r.reuse_c_as_a;
  return p;
}

std::vector<CtaPreset> build() {
  std::vector<CtaPreset> t;
  for (const GateVariantInfo& v : gate_variants()) {
    CtaPreset p;
    p.name = gate_preset_name(v.name);
    p.source =
        "the gate's " + std::string(v.name) + " (rung " + num(v.rung) + "): " + std::string(v.technique);
    p.spec = gate_cta_spec(v);
    p.gate = v.variant;
    t.push_back(std::move(p));
  }
  for (const KernelPreset& r : kKernelPresets) t.push_back(from_row(r));
  return t;
}

}  // namespace

std::string gate_preset_name(std::string_view variant) { return "gate-" + std::string(variant); }

std::string swap_layout_modes(const std::string& notation) {
  const std::size_t o = notation.rfind(" o ");
  const std::string head = o == std::string::npos ? "" : notation.substr(0, o + 3);
  const std::string body = o == std::string::npos ? notation : notation.substr(o + 3);
  int depth = 0;
  std::size_t colon = std::string::npos;
  for (std::size_t i = 0; i < body.size(); ++i) {
    depth += body[i] == '(' ? 1 : body[i] == ')' ? -1 : 0;
    if (body[i] == ':' && depth == 0) colon = i;
  }
  if (colon == std::string::npos) return notation;
  const auto shape = split_pair(body.substr(0, colon));
  const auto stride = split_pair(body.substr(colon + 1));
  if (!shape || !stride) return notation;
  return head + "(" + shape->second + "," + shape->first + "):(" + stride->second + "," + stride->first + ")";
}

CtaTileSpec gate_cta_spec(const GateVariantInfo& info) {
  const gate::TileConfig& c = info.tile;
  CtaTileSpec s;
  s.tile = num(c.block_m) + "x" + num(c.block_n) + "x" + num(c.block_k);
  const WgmmaGateRung* hopper = info.wgmma_rung >= 0 ? &kWgmmaGateRungs[info.wgmma_rung] : nullptr;
  if (hopper != nullptr && !hopper->mma_sync) {
    const WgmmaGateRung& r = *hopper;
    s.mma = "SM90_64x" + num(r.wgmma_n) + "x16_F32F16F16_SS";
    // The warpgroups that share one tile: both consumers, or one when they ping-pong.
    s.atoms = "(" + num(wgmma_gate_tile_warpgroups(r)) + ",1,1)";
    s.smem = {r.a_layout, swap_layout_modes(r.b_layout), ""};
    return s;
  }
  s.mma = c.mma_k == 16 ? "SM80_16x8x16_F32F16F16F32_TN" : "SM80_16x8x8_F32F16F16F32_TN";
  s.atoms = "(" + num(c.warps_m) + "," + num(c.warps_n) + ",1)";
  s.permute = "Tile<" + slab_permutation(16, c.warps_m, c.warp_m()) + "," +
              slab_permutation(8, c.warps_n, c.warp_n()) + ",_>";
  // ldmatrix.x4 of A for m16n8k16 (.x2 for k8: one 16x8 A fragment), ldmatrix.x4.trans of B.
  s.copy = {c.mma_k == 16 ? "SM75_U32x4_LDSM_N" : "SM75_U32x2_LDSM_N", info.b.op ? "SM75_U16x8_LDSM_T" : "",
            ""};
  // The Hopper rung with mma.sync consumers reads TMA's 128B-swizzled stages (no cp.async copies).
  s.smem = hopper != nullptr
               ? std::array<std::string, 3>{hopper->a_layout, swap_layout_modes(hopper->b_layout), ""}
               : std::array<std::string, 3>{tile_layout_notation(c, GateOperand::A),
                                            swap_layout_modes(tile_layout_notation(c, GateOperand::B)), ""};
  s.register_swap = std::string(info.register_swap);
  if (c.copy == gate::CopyPath::cp_async) {
    // ladder_mainloop.cuh's copy_stage: thread t copies A's 16-byte chunk t % (BK/8) of row
    // t / (BK/8), and B's chunk t % (BN/8) of k row t / (BN/8), both with cp.async.cg; as CuTe's
    // make_tiled_copy over A (M x K, k fastest) and B (N x K, n fastest).
    const int a_chunks = c.block_k / 8, b_chunks = c.block_n / 8, threads = c.threads();
    const std::string atom = "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, ";
    s.gmem_copy = {
        atom + "(" + num(threads / a_chunks) + "," + num(a_chunks) + "):(" + num(a_chunks) + ",1), (1,8))",
        atom + "(" + num(b_chunks) + "," + num(threads / b_chunks) + "):(1," + num(b_chunks) + "), (8,1))"};
  }
  return s;
}

const std::vector<CtaPreset>& cta_presets() {
  static const std::vector<CtaPreset> table = build();
  return table;
}

const CtaPreset* find_cta_preset(std::string_view name) {
  for (const CtaPreset& p : cta_presets())
    if (p.name == name) return &p;
  return nullptr;
}

std::string cta_tile_source(std::string_view preset, const CtaTile& t) {
  const CtaPreset* p = find_cta_preset(preset);
  if (p && p->spec == t.spec) return "preset " + p->name + ": " + p->source;
  return (p ? "edited from preset " + p->name + ": now " : std::string("your configuration: ")) +
         t.mma.atom.name + " over " + algebra::to_string(t.mma.atom_layout_mnk) + " (" +
         plural(t.mma.threads() / 32, "warp") + "), " + permutation_text(t.mma.permutation) + ", CTA tile " +
         std::to_string(t.tile_mnk[0]) + "x" + std::to_string(t.tile_mnk[1]) + "x" +
         std::to_string(t.tile_mnk[2]);
}

std::string cta_preset_names() {
  std::string out;
  for (const CtaPreset& p : cta_presets()) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

}  // namespace fragviz::tile
