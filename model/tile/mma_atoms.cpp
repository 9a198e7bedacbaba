// CuTe's MMA atoms derived from the catalogues (mma_atoms.hpp).
#include "fragviz/tile/mma_atoms.hpp"

#include <stdexcept>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "tile_detail.hpp"

namespace fragviz::tile {

namespace {

// The CuTe names (cute/atom/mma_traits_sm75/80/89/90.hpp) and the asm their cute/arch structs issue.
const std::vector<MmaAtomName> kMmaSyncNames = {
    {"SM75_16x8x8_F32F16F16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"},
    {"SM75_8x8x16_S32S8S8S32_TN", "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"},
    {"SM80_16x8x8_F16F16F16F16_TN", "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16"},
    {"SM80_16x8x16_F16F16F16F16_TN", "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"},
    {"SM80_16x8x8_F32F16F16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"},
    {"SM80_16x8x16_F32F16F16F32_TN", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
    {"SM80_16x8x8_F32BF16BF16F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"},
    {"SM80_16x8x16_F32BF16BF16F32_TN", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
    {"SM80_16x8x4_F32TF32TF32F32_TN", "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"},
    {"SM80_16x8x8_F32TF32TF32F32_TN", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
    {"SM80_8x8x4_F64F64F64F64_TN", "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"},
    {"SM80_8x8x16_S32S8S8S32_TN", "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"},
    {"SM80_16x8x16_S32S8S8S32_TN", "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32"},
    {"SM80_16x8x32_S32S8S8S32_TN", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"},
    {"SM80_8x8x16_S32S8U8S32_TN", "mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32"},
    {"SM80_16x8x16_S32S8U8S32_TN", "mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32"},
    {"SM80_16x8x32_S32S8U8S32_TN", "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32"},
    {"SM80_8x8x16_S32U8S8S32_TN", "mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32"},
    {"SM80_16x8x16_S32U8S8S32_TN", "mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32"},
    {"SM80_16x8x32_S32U8S8S32_TN", "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32"},
    {"SM80_8x8x16_S32U8U8S32_TN", "mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32"},
    {"SM80_16x8x16_S32U8U8S32_TN", "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32"},
    {"SM80_16x8x32_S32U8U8S32_TN", "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32"},
    {"SM89_16x8x32_F32E4M3E4M3F32_TN", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},
    {"SM89_16x8x32_F32E4M3E5M2F32_TN", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"},
    {"SM89_16x8x32_F32E5M2E4M3F32_TN", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32"},
    {"SM89_16x8x32_F32E5M2E5M2F32_TN", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"},
    {"SM89_16x8x32_F16E4M3E4M3F16_TN", "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"},
    {"SM89_16x8x32_F16E4M3E5M2F16_TN", "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"},
    {"SM89_16x8x32_F16E5M2E4M3F16_TN", "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"},
    {"SM89_16x8x32_F16E5M2E5M2F16_TN", "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"},
    {"SM90_16x8x4_F64F64F64F64_TN", "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"},
    {"SM90_16x8x8_F64F64F64F64_TN", "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"},
    {"SM90_16x8x16_F64F64F64F64_TN", "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"},
};

/// The modes the map declares (an unused slot is 1:0) as CuTe writes a mode: none 1:0, one
/// alone, several a tuple. A declared mode of shape 1 stays (wgmma's D at N = 8 keeps its N/8 = 1
/// mode, as CuTe's CLayout_64xN<8> does).
Layout mode_of(const Mode* modes, int count, int (*convert)(int stride, const void* ctx), const void* ctx) {
  std::vector<Layout> kept;
  for (int i = 0; i < count; ++i)
    if (modes[i].shape > 1 || modes[i].stride != 0)
      kept.push_back(Layout::leaf(modes[i].shape, convert(modes[i].stride, ctx)));
  if (kept.empty()) return Layout::leaf(1, 0);
  if (kept.size() == 1) return kept.front();
  return Layout::tuple(std::move(kept));
}

struct BConvert {
  int n, k;
};

int keep_stride(int stride, const void*) { return stride; }
/// A stride of the catalogue's K x N B (k + K*n) as one of CuTe's (N,K) B (n + N*k).
int b_stride(int stride, const void* ctx) {
  const BConvert& c = *static_cast<const BConvert*>(ctx);
  return stride / c.k + c.n * (stride % c.k);
}

/// ABLayout<MN, K>: (128,(MN,K)):(0,(1,MN)).
Layout descriptor_layout(int mn, int k) {
  return Layout::tuple(
      {Layout::leaf(kWarpgroupSize, 0), Layout::tuple({Layout::leaf(mn, 1), Layout::leaf(k, mn)})});
}

std::vector<MmaAtom> build() {
  std::vector<MmaAtom> all;
  for (const MmaAtomName& nm : kMmaSyncNames) {
    const Instruction* in = find_instruction(nm.mnemonic);
    if (!in || in->products != 1 || in->threads != kWarpSize) continue;
    MmaAtom a;
    a.name = nm.name;
    a.mnemonic = nm.mnemonic;
    a.m = in->m;
    a.n = in->n;
    a.k = in->k;
    a.a_type = in->a.type;
    a.b_type = in->b.type;
    a.c_type = in->c.type;
    a.thr_id = Layout::leaf(kWarpSize, 1);
    const Result<Layout> la = cute_operand_layout(in->a, Operand::A, in->threads);
    const Result<Layout> lb = cute_operand_layout(in->b, Operand::B, in->threads);
    const Result<Layout> lc = cute_operand_layout(in->c, Operand::C, in->threads);
    if (!la || !lb || !lc) continue;  // test_tiled_atoms requires every name to resolve
    a.a = *la.value;
    a.b = *lb.value;
    a.c = *lc.value;
    all.push_back(std::move(a));
  }
  // GMMA: SM90_64xNx16_{F32F16F16,F16F16F16,F32BF16BF16}_{SS,RS} (cute/atom/mma_traits_sm90_gmma*.hpp).
  for (const WgmmaInstruction& in : wgmma_catalogue()) {
    const bool f16 = in.a_type == ElemType::f16 && in.b_type == ElemType::f16;
    const bool bf16 =
        in.a_type == ElemType::bf16 && in.b_type == ElemType::bf16 && in.d_type == ElemType::f32;
    if ((!f16 && !bf16) || in.k != 16) continue;
    const std::string types = bf16 ? "F32BF16BF16" : in.d_type == ElemType::f32 ? "F32F16F16" : "F16F16F16";
    const Result<Layout> lc = cute_operand_layout(in.d, Operand::C, kWarpgroupSize);
    const Result<Layout> lr = cute_operand_layout(in.a, Operand::A, kWarpgroupSize);
    if (!lc || !lr) continue;
    for (const bool rs : {false, true}) {
      MmaAtom a;
      a.name = "SM90_64x" + std::to_string(in.n) + "x16_" + types + (rs ? "_RS" : "_SS");
      a.mnemonic = in.mnemonic;
      a.warpgroup = true;
      a.a_source = rs ? OperandSource::registers : OperandSource::descriptor;
      a.b_source = OperandSource::descriptor;
      a.m = in.m;
      a.n = in.n;
      a.k = in.k;
      a.a_type = in.a_type;
      a.b_type = in.b_type;
      a.c_type = in.d_type;
      a.thr_id = Layout::leaf(kWarpgroupSize, 1);
      a.a = rs ? *lr.value : descriptor_layout(in.m, in.k);
      a.b = descriptor_layout(in.n, in.k);
      a.c = *lc.value;
      all.push_back(std::move(a));
    }
  }
  return all;
}

}  // namespace

const std::vector<MmaAtomName>& mma_sync_atom_names() { return kMmaSyncNames; }

Result<Layout> cute_operand_layout(const OperandSpec& spec, Operand op, int threads) {
  const BConvert b{op == Operand::B ? spec.cols : 0, op == Operand::B ? spec.rows : 1};
  const auto convert = op == Operand::B ? b_stride : keep_stride;
  const Layout thr = mode_of(spec.map.thread, 6, convert, &b);
  const Layout val = mode_of(spec.map.value, 6, convert, &b);
  if (algebra::size(thr) != threads)
    return Result<Layout>::fail(Refusal::bad_input, "the map covers " + std::to_string(algebra::size(thr)) +
                                                        " threads, not " + std::to_string(threads));
  const Layout l = Layout::tuple({thr, val});
  // The catalogue's own coordinate at every (thread, value), in CuTe's offset.
  const int values = tv_values(spec.map);
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) {
      const Coord c = operand_coord(spec, t, v);
      const int want = op == Operand::B ? c.col + spec.cols * c.row : c.row + spec.rows * c.col;
      const std::int64_t got = algebra::evaluate(l, t + std::int64_t{threads} * v);
      if (c.product != 0 || got != want)
        return Result<Layout>::fail(Refusal::beyond_fragviz,
                                    "operand " + std::string(to_string(op)) + " as " + algebra::to_string(l) +
                                        " gives " + std::to_string(got) + " at thread " + std::to_string(t) +
                                        ", value " + std::to_string(v) + " where the catalogue's cell is " +
                                        std::to_string(want) + " in CuTe's offsets: not affine there");
    }
  return Result<Layout>::ok(l);
}

const std::vector<MmaAtom>& mma_atoms() {
  static const std::vector<MmaAtom> all = build();
  return all;
}

const MmaAtom* find_mma_atom(std::string_view name) {
  for (const MmaAtom& a : mma_atoms())
    if (a.name == name) return &a;
  return nullptr;
}

std::vector<std::string> mma_atom_names() {
  std::vector<std::string> out;
  for (const MmaAtom& a : mma_atoms()) out.push_back(a.name);
  return out;
}

}  // namespace fragviz::tile
