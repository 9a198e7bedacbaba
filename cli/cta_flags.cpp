// The CTA tile's configuration flags (cta_flags.hpp).
#include "cta_flags.hpp"

#include <optional>

namespace fragviz::cli {

tile::CtaOverrides CtaFlags::overrides() const {
  tile::CtaOverrides v;
  v.preset = preset;
  const auto given = [](const std::string& t) { return t.empty() ? std::nullopt : std::optional(t); };
  v.mma = given(mma);
  v.atoms = given(atoms);
  v.permute = given(permute);
  v.tile = given(tile);
  for (std::size_t i = 0; i < 3; ++i) {
    v.copy[i] = given(copy[i]);
    v.smem[i] = given(smem[i]);
  }
  for (std::size_t i = 0; i < 2; ++i)  // "none" takes a preset's away
    if (!gmem_copy[i].empty()) v.gmem_copy[i] = gmem_copy[i] == "none" ? std::string() : gmem_copy[i];
  if (value_bits > 0) v.value_bits = value_bits;
  if (k_block > 0) v.k_block = k_block;
  v.reuse_c_as_a = reuse;
  // "none" takes a preset's swap away (an empty flag reads as not given).
  if (!register_swap.empty()) v.register_swap = register_swap == "none" ? std::string() : register_swap;
  return v;
}

std::vector<std::string> cta_flag_args(const CtaFlags& f) {
  std::vector<std::string> out;
  const auto text = [&](const char* name, const std::string& v) {
    if (v.empty()) return;
    out.emplace_back(name);
    out.push_back(v);
  };
  text("--preset", f.preset);
  text("--mma", f.mma);
  text("--atoms", f.atoms);
  text("--permute", f.permute);
  text("--tile", f.tile);
  text("--register-swap", f.register_swap);
  const char* const copy[] = {"--copy-a", "--copy-b", "--copy-c"};
  const char* const smem[] = {"--smem-a", "--smem-b", "--smem-c"};
  for (std::size_t i = 0; i < 3; ++i) {
    text(copy[i], f.copy[i]);
    text(smem[i], f.smem[i]);
  }
  text("--gmem-copy-a", f.gmem_copy[0]);
  text("--gmem-copy-b", f.gmem_copy[1]);
  if (f.value_bits > 0) text("--value-bits", std::to_string(f.value_bits));
  if (f.k_block > 0) text("--k-block", std::to_string(f.k_block));
  if (f.reuse) out.emplace_back("--reuse-c-as-a");
  return out;
}

std::map<std::string, CLI::Option*> add_cta_flags(CLI::App* cmd, CtaFlags& f, const std::string& prefix) {
  std::map<std::string, CLI::Option*> o;
  const auto add = [&](const std::string& name, std::string& to, const std::string& help) {
    o[name] = cmd->add_option(name, to, prefix + help);
  };
  add("--mma", f.mma, "the MMA atom as CuTe names it (tiled --list lists them)");
  add("--atoms", f.atoms,
      "the atom layout over M, N, K: a shape '(2,2,1)' or a layout '(2,2,1):(2,1,0)' (default (1,1,1))");
  add("--permute", f.permute,
      "the permutation tile, 'Tile<_32,_32,_16>' (each entry _, a number or a layout; default Tile<_,_,_>)");
  add("--copy-a", f.copy[0],
      "a copy atom for A, e.g. SM75_U32x4_LDSM_N or CuTe's 'make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)' "
      "(Copy_Atom<OP, ValType> too), or the user's own 'make_tiled_copy(ATOM, THR, VAL)'");
  add("--copy-b", f.copy[1],
      "a copy atom for B, e.g. SM75_U16x8_LDSM_T or 'make_tiled_copy_B(SM75_U16x8_LDSM_T, tiled_mma)', or "
      "'make_tiled_copy(ATOM, THR, VAL)'");
  add("--copy-c", f.copy[2],
      "a copy atom storing C, e.g. SM90_U32x4_STSM_N or 'make_tiled_copy_C(SM90_U32x4_STSM_N, tiled_mma)', "
      "or "
      "'make_tiled_copy(ATOM, THR, VAL)'");
  o["--value-bits"] =
      cmd->add_option("--value-bits", f.value_bits,
                      prefix +
                          "bits of the copies' ValType (default: the operand's element width; 16 for "
                          "stmatrix)")
          ->check(CLI::Range(1, 128));
  // The CTA tile (docs/cta-tile.md): shared layouts, the CTA's M x N x K, banks per warp and k-block.
  add("--preset", f.preset,
      "a CTA tile of a real kernel (tiled --presets lists them); the flags given change it");
  add("--smem-a", f.smem[0], "A's shared layout, M x K in CuTe notation: 'Swizzle<3,3,3> o (128,32):(32,1)'");
  add("--smem-b", f.smem[1],
      "B's shared layout, N x K: 'Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024))'");
  add("--smem-c", f.smem[2], "C's shared layout, M x N, for the --copy-c store");
  add("--gmem-copy-a", f.gmem_copy[0],
      "A's global -> shared copy (cp.async) into --smem-a: "
      "'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, "
      "(32,4):(4,1), (1,8))' (thread and value layouts over M x K); 'none' removes a preset's");
  add("--gmem-copy-b", f.gmem_copy[1],
      "B's global -> shared copy (cp.async) into --smem-b, over N x K: "
      "'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL"
      "<uint128_t>, (16,8):(1,16), (8,1))'; 'none' removes a preset's");
  add("--tile", f.tile, "the CTA tile MxNxK, a multiple of the TiledMMA's (default: the TiledMMA's)");
  o["--k-block"] =
      cmd->add_option("--k-block", f.k_block, prefix + "k of one k-block (default: the TiledMMA's K)")
          ->check(CLI::Range(1, 1 << 20));
  o["--reuse-c-as-a"] =
      cmd->add_flag("--reuse-c-as-a", f.reuse,
                    prefix +
                        "attention: C's registers are the next GEMM's A (FlashAttention-2's "
                        "convert_layout_acc_Aregs)");
  add("--register-swap", f.register_swap,
      "registers of A or B exchanged between the copy and the MMA, '<A|B> <a>-<b>:<c>-<d>/<period>': rows "
      "(M of A, N of B) a-b and c-d of every period (gate-broken-swap-b's 'B 8-15:16-23/32'); 'none' "
      "removes a preset's");
  return o;
}

}  // namespace fragviz::cli
