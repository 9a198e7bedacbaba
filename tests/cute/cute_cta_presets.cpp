// CuTe's side of the CTA preset cross-check (test_cute_cta_presets.cpp): every preset of
// model/tile/cta_presets.hpp written as a CUTLASS kernel writes it (make_tiled_mma with the
// permutation tile, make_tiled_copy_A/B/C, the shared layouts built with tile_to_shape from
// swizzled atoms, GMMA's Layout_K_SW128_Atom for the Hopper tile), recorded as CuTe computes it.
// No fragviz code here.
#define TILED_CUTE
#include <cute/tensor.hpp>
// Then the rest.
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

#include "cta_preset_record.hpp"

namespace tiled_oracle {

namespace {

using namespace cute;

struct NoCopy {};
struct NoLayout {};

/// The byte offset of every element of a (rows, cols) shared layout, row-major.
template <class L>
std::vector<long long> layout_bytes(const L& l, int rows, int cols, int element_bytes) {
  std::vector<long long> out;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out.push_back(static_cast<long long>(l(r, c)) * element_bytes);
  return out;
}

/// partition_A/B/C of the CTA's identity tensor: every thread's registers' cells.
template <char Op, class Mma, class Shape>
void record_cells(CtaOperandRecord& r, const Mma& mma, const Shape& shape) {
  const auto id = make_identity_tensor(shape);
  r.registers = true;
  for (int t = 0; t < int(size(mma)); ++t) {
    const auto thr = mma.get_slice(t);
    const auto part = [&] {
      if constexpr (Op == 'A')
        return thr.partition_A(id);
      else if constexpr (Op == 'B')
        return thr.partition_B(id);
      else
        return thr.partition_C(id);
    }();
    r.registers_per_thread = size(part);
    for (int i = 0; i < int(size(part)); ++i) {
      const auto c = part(i);
      r.cells.push_back(static_cast<long long>(get<0>(c)));
      r.cells.push_back(static_cast<long long>(get<1>(c)));
    }
  }
}

/// The user's own make_tiled_copy(Atom{}, Thr{}, Val{}) for an operand (not make_tiled_copy_X).
template <class Atom, class Thr, class Val>
struct UserCopy {};
template <class Atom, class Thr, class Val>
auto make_user_copy(UserCopy<Atom, Thr, Val>) {
  return make_tiled_copy(Atom{}, Thr{}, Val{});
}
template <class T>
struct IsUserCopy : std::false_type {};
template <class Atom, class Thr, class Val>
struct IsUserCopy<UserCopy<Atom, Thr, Val>> : std::true_type {};

/// What CuTe's own copy delivers into the MMA's registers: shared memory labelled row * cols + col
/// + 1 through `sl`, then per thread copy(tc, partition_S(smem), retile_D(partition_fragment_A/B))
/// as a kernel writes it, each register's label read back as (row, col). Host-run: UniversalCopy.
template <char Op, class TC, class Mma, class SLayout, class Shape>
void record_delivered(CtaOperandRecord& r, const TC& tc, const Mma& mma, const SLayout& sl,
                      const Shape& shape) {
  const int rows = int(size<0>(shape)), cols = int(size<1>(shape));
  long long span = 1;
  while (span < rows * cols) span *= 2;
  std::vector<uint16_t> labels(static_cast<std::size_t>(2 * span), 0);  // new's 16-byte alignment
  for (int m = 0; m < rows; ++m)
    for (int c = 0; c < cols; ++c) labels[static_cast<std::size_t>(sl(m, c))] = uint16_t(m * cols + c + 1);
  const auto smem = make_tensor(labels.data(), sl);
  for (int t = 0; t < int(size(mma)); ++t) {
    auto frag = [&] {
      if constexpr (Op == 'A')
        return mma.get_slice(t).partition_fragment_A(smem);
      else
        return mma.get_slice(t).partition_fragment_B(smem);
    }();
    const auto thr = tc.get_slice(t);
    auto view = thr.retile_D(frag);
    copy(tc, thr.partition_S(smem), view);
    for (int i = 0; i < int(size(frag)); ++i) {
      const int label = int(frag(i).raw()) - 1;  // the MMA's half_t registers: the label's bits
      r.delivered.push_back(label / cols);
      r.delivered.push_back(label % cols);
    }
  }
}

/// make_tiled_copy_X of the MMA (or the user's UserCopy) and partition_S/D of the shared tensor
/// over the CTA.
template <char Op, class Atom, class Mma, class SLayout, class Shape>
void record_copy(CtaOperandRecord& r, const Mma& mma, const SLayout& sl, const Shape& shape) {
  const auto tc = [&] {
    if constexpr (IsUserCopy<Atom>::value)
      return make_user_copy(Atom{});
    else if constexpr (Op == 'A')
      return make_tiled_copy_A(Atom{}, mma);
    else if constexpr (Op == 'B')
      return make_tiled_copy_B(Atom{}, mma);
    else
      return make_tiled_copy_C(Atom{}, mma);
  }();
  if constexpr (IsUserCopy<Atom>::value) record_delivered<Op>(r, tc, mma, sl, shape);
  using TC = decltype(tc);
  r.copy = true;
  r.tv = record(typename TC::TiledLayout_TV{});
  r.tiler = printed(typename TC::Tiler_MN{});
  r.s = record(tc.get_layoutS_TV());
  r.d = record(tc.get_layoutD_TV());
  // A raw pointer over a buffer the swizzle stays inside (offsets below the next power of two).
  const long long n = size(shape);
  long long span = 1;
  while (span < n) span *= 2;
  std::vector<half_t> buffer(static_cast<std::size_t>(2 * span));
  const auto tensor = make_tensor(buffer.data(), sl);
  constexpr bool store = Op == 'C';
  using Vals = std::conditional_t<store, typename TC::ValLayoutDst, typename TC::ValLayoutSrc>;
  const int vector = int(size<1>(Vals{}));
  const auto part0 = [&](int t) {
    if constexpr (store)
      return tc.get_slice(t).partition_D(tensor);
    else
      return tc.get_slice(t).partition_S(tensor);
  };
  const auto p = part0(0);
  const int calls = int(size<0>(p)) / vector;
  const int tiles0 = int(size<1>(p)), tiles1 = int(size<2>(p));
  for (int r1 = 0; r1 < tiles1; ++r1)
    for (int r0 = 0; r0 < tiles0; ++r0)
      for (int t = 0; t < int(size(mma)); ++t) {
        const auto part = part0(t);
        for (int x = 0; x < calls; ++x)
          r.addresses.push_back(static_cast<long long>(&part(vector * x, r0, r1) - buffer.data()) * 2);
      }
}

/// make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, Thr, Val) over an
/// operand of R x C held in shared memory by `sl`, read from a compact global tile that is
/// row-major (RowMajor: A K-major) or column-major (B N-major): partition_S and partition_D.
template <class Thr, class Val, bool RowMajor, int R, int C, class SLayout>
void record_gmem(CtaOperandRecord& r, const SLayout& sl) {
  using CpAsync = Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>;
  const auto tc = make_tiled_copy(CpAsync{}, Thr{}, Val{});
  using TC = decltype(tc);
  r.gmem = true;
  r.gmem_tv = record(typename TC::TiledLayout_TV{});
  r.gmem_tiler = printed(typename TC::Tiler_MN{});
  const auto shape = make_shape(Int<R>{}, Int<C>{});
  const auto gl = [&] {
    if constexpr (RowMajor)
      return make_layout(shape, LayoutRight{});
    else
      return make_layout(shape, LayoutLeft{});
  }();
  long long span = 1;
  while (span < R * C) span *= 2;
  std::vector<half_t> global(static_cast<std::size_t>(R * C)), shared(static_cast<std::size_t>(2 * span));
  const auto g = make_tensor(global.data(), gl);
  const auto s = make_tensor(shared.data(), sl);
  const int vector = int(size<1>(typename CpAsync::ValLayoutSrc{}));
  for (int t = 0; t < int(size(tc)); ++t) {
    const auto src = tc.get_slice(t).partition_S(g);
    const auto dst = tc.get_slice(t).partition_D(s);
    const int calls = int(size<0>(src)) / vector;
    for (int r1 = 0; r1 < int(size<2>(src)); ++r1)
      for (int r0 = 0; r0 < int(size<1>(src)); ++r0)
        for (int x = 0; x < calls; ++x) {
          r.gmem_src.push_back(static_cast<long long>(&src(vector * x, r0, r1) - global.data()) * 2);
          r.gmem_dst.push_back(static_cast<long long>(&dst(vector * x, r0, r1) - shared.data()) * 2);
        }
  }
}

/// The gate's cp.async rungs' copy_stage (ladder_mainloop.cuh) for T threads over A (M x K, k
/// fastest) and B (N x K, n fastest): thread t's 16-byte chunk t % (K/8) of row t / (K/8) of A,
/// chunk t % (N/8) of k row t / (N/8) of B.
template <int T, int M, int N, int K, class LA, class LB>
void record_gate_gmem(CtaPresetRecord& r, const LA& la, const LB& lb) {
  using ThrA = Layout<Shape<Int<T / (K / 8)>, Int<K / 8>>, Stride<Int<K / 8>, _1>>;
  using ThrB = Layout<Shape<Int<N / 8>, Int<T / (N / 8)>>, Stride<_1, Int<N / 8>>>;
  record_gmem<ThrA, Layout<Shape<_1, _8>>, true, M, K>(r.operands[0], la);
  record_gmem<ThrB, Layout<Shape<_8, _1>>, false, N, K>(r.operands[1], lb);
}

/// A GMMA atom whose A comes through a descriptor (_SS: MMA_Traits declares FrgTypeA); _RS's A is
/// a register fragment (ALayout_64x16).
template <class Op, class = void>
struct ADescriptor : std::false_type {};
template <class Op>
struct ADescriptor<Op, std::void_t<typename MMA_Traits<Op>::FrgTypeA>> : std::true_type {};

template <class MmaOp, class AtomLayout, class Perm, class CopyA, class CopyB, class CopyC, class LA,
          class LB, class LC, int M, int N, int K>
CtaPresetRecord preset(const char* name, const LA& la, const LB& lb, const LC& lc, bool reuse = false) {
  const auto mma = make_tiled_mma(MmaOp{}, AtomLayout{}, Perm{});
  CtaPresetRecord r;
  r.preset = name;
  r.vmnk = record(mma.get_thr_layout_vmnk());
  r.tile[0] = tile_size<0>(mma);
  r.tile[1] = tile_size<1>(mma);
  r.tile[2] = tile_size<2>(mma);
  r.a = record(mma.get_layoutA_TV());
  r.b = record(mma.get_layoutB_TV());
  r.c = record(mma.get_layoutC_TV());
  const auto sa = make_shape(Int<M>{}, Int<K>{});
  const auto sb = make_shape(Int<N>{}, Int<K>{});
  const auto sc = make_shape(Int<M>{}, Int<N>{});
  // A warpgroup atom reads B (and A of _SS) through descriptors: no register fragment there.
  constexpr bool gmma = size(typename MMA_Traits<MmaOp>::ThrID{}) == 128;
  if constexpr (!gmma || !ADescriptor<MmaOp>::value) record_cells<'A'>(r.operands[0], mma, sa);
  if constexpr (!gmma) record_cells<'B'>(r.operands[1], mma, sb);
  record_cells<'C'>(r.operands[2], mma, sc);
  if constexpr (!std::is_same_v<LA, NoLayout>) {
    r.operands[0].layout = true;
    r.operands[0].bytes = layout_bytes(la, M, K, 2);
    if constexpr (!std::is_same_v<CopyA, NoCopy>) record_copy<'A', CopyA>(r.operands[0], mma, la, sa);
  }
  if constexpr (!std::is_same_v<LB, NoLayout>) {
    r.operands[1].layout = true;
    r.operands[1].bytes = layout_bytes(lb, N, K, 2);
    if constexpr (!std::is_same_v<CopyB, NoCopy>) record_copy<'B', CopyB>(r.operands[1], mma, lb, sb);
  }
  if constexpr (!std::is_same_v<LC, NoLayout>) {
    r.operands[2].layout = true;
    r.operands[2].bytes = layout_bytes(lc, M, N, 2);
    if constexpr (!std::is_same_v<CopyC, NoCopy>) record_copy<'C', CopyC>(r.operands[2], mma, lc, sc);
  }
  if (reuse) {
    // FlashAttention-2 (csrc/flash_attn/src/utils.h), for an m16n8k16 atom:
    //   l = logical_divide(acc_layout, Shape<X, X, _2>{});   // (4, MMA_M, (2, MMA_N / 2))
    //   make_layout(make_layout(get<0>(l), get<2, 0>(l)), get<1>(l), get<2, 1>(l));
    const auto id = make_identity_tensor(sc);
    for (int t = 0; t < int(size(mma)); ++t) {
      const auto acc = mma.get_slice(t).partition_C(id);
      const auto converted = [&] {
        if constexpr (gmma) {
          // FlashAttention-3 (hopper/utils.h), 16-bit A: ((2,2,N/8),MMA_M,MMA_N) ->
          // ((2,2,2),MMA_M,(N/16,MMA_N)); l = ((2, N/16)).
          const auto a = acc.layout();
          static_assert(decltype(rank(get<0>(a)))::value == 3);
          const auto l = logical_divide(get<0, 2>(a), Tile<_2>{});
          return make_layout(make_layout(get<0, 0>(a), get<0, 1>(a), get<0, 0>(l)), get<1>(a),
                             coalesce(make_layout(get<0, 1>(l), get<2>(a))));
        } else {
          const auto l = logical_divide(acc.layout(), Shape<Underscore, Underscore, _2>{});
          return make_layout(make_layout(get<0>(l), get<2, 0>(l)), get<1>(l), get<2, 1>(l));
        }
      }();
      const auto p = make_tensor(acc.data(), converted);
      for (int i = 0; i < int(size(p)); ++i) {
        const auto c = p(i);
        r.reuse_cells.push_back(static_cast<long long>(get<0>(c)));
        r.reuse_cells.push_back(static_cast<long long>(get<1>(c)));
      }
    }
  }
  return r;
}

// The shared layouts as CUTLASS builds them.
template <class Atom, class Shape>
auto tiled(const Atom& atom, const Shape& shape) {
  return tile_to_shape(atom, shape);
}
/// A row-major (rows, cols) tile padded to `ld` halves a row (the gate's padded stages).
template <int Rows, int Cols, int Ld>
using Padded = Layout<Shape<Int<Rows>, Int<Cols>>, Stride<Int<Ld>, _1>>;
/// The same tile of B kept K x N, n fastest, read as CuTe's (N, K).
template <int N, int K, int Ld>
using PaddedNK = Layout<Shape<Int<N>, Int<K>>, Stride<_1, Int<Ld>>>;

/// GMMA's K-major 128-byte atom (Swizzle<3,4,3> on bytes) tiled to (rows, 64) with the swizzle as
/// it acts on bytes: an element-offset layout whose value is the byte offset / 2.
template <int Rows>
auto gmma_k_sw128() {
  const auto atom = GMMA::Layout_K_SW128_Atom<half_t>{};
  const auto inner = tile_to_shape(atom.layout_b(), make_shape(Int<Rows>{}, _64{}));
  const auto sw = atom.layout_a();
  return [=](int r, int c) { return sw(2 * inner(r, c)) / 2; };
}

/// The gate's Hopper B: (k, n) -> Swizzle<3,3,3> o (64,(64,2)):(64,(1,4096)) (wgmma_gate.hpp), as
/// GMMA's MN-major 128-byte atom (64 n x 8 k, n fastest) tiled by CuTe: read as (n, k).
template <int Ncols>
auto gmma_mn_sw128() {
  const auto atom = GMMA::Layout_MN_SW128_Atom<half_t>{};
  // K tiles first, then the next 64 n (Step<_2,_1>): the gate loads B one 64-column box at a time.
  const auto inner = tile_to_shape(atom.layout_b(), make_shape(Int<Ncols>{}, _64{}), Step<_2, _1>{});
  const auto sw = atom.layout_a();
  return [=](int n, int k) { return sw(2 * inner(n, k)) / 2; };
}

/// FlashAttention-3's V^T (hopper/kernel_traits.h): SmemLayoutV = tile_to_shape(GMMA's K-major
/// 128-byte atom, (kBlockN, kHeadDim)), SmemLayoutVt its (kHeadDim, kBlockN) view by
/// make_ordered_layout(.., Step<_2,_1>), read as (n, k) = (head dim, key).
template <int HeadDim, int BlockN>
auto fa3_vt_sw128() {
  const auto atom = GMMA::Layout_K_SW128_Atom<half_t>{};
  const auto v = tile_to_shape(atom.layout_b(), make_shape(Int<BlockN>{}, Int<HeadDim>{}));
  const auto vt =
      composition(v, make_ordered_layout(make_shape(Int<HeadDim>{}, Int<BlockN>{}), Step<_2, _1>{}));
  const auto sw = atom.layout_a();
  return [=](int n, int k) { return sw(2 * vt(n, k)) / 2; };
}

using Sw333 = Swizzle<3, 3, 3>;
using Sm80K16 = SM80_16x8x16_F32F16F16F32_TN;
using Sm80K8 = SM80_16x8x8_F32F16F16F32_TN;
template <int W, int S, int A>
using Perm = Layout<Shape<Int<A>, Int<W>, Int<S / A>>, Stride<_1, Int<S>, Int<A>>>;
using LdsmA4 = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
using LdsmA2 = Copy_Atom<SM75_U32x2_LDSM_N, half_t>;
using LdsmT = Copy_Atom<SM75_U16x8_LDSM_T, half_t>;

/// A gate mma.sync rung: warps Wm x Wn of (Sm x Sn) slabs, block M x N x K, padded (Pad halves) or
/// XOR-swizzled (SwB, SwS; Pad < 0); CpAsync: filled by cp.async (record_gate_gmem).
template <class MmaOp, class CopyA, class CopyB, int Wm, int Wn, int M, int N, int K, int Pad, int SwB,
          int SwS, bool CpAsync = false>
CtaPresetRecord gate(const char* name) {
  using Atoms = Layout<Shape<Int<Wm>, Int<Wn>, _1>>;
  using P = Tile<Perm<Wm, M / Wm, 16>, Perm<Wn, N / Wn, 8>, Underscore>;
  if constexpr (Pad >= 0) {
    CtaPresetRecord r =
        preset<MmaOp, Atoms, P, CopyA, CopyB, NoCopy, Padded<M, K, K + Pad>, PaddedNK<N, K, N + Pad>,
               NoLayout, M, N, K>(name, Padded<M, K, K + Pad>{}, PaddedNK<N, K, N + Pad>{}, NoLayout{});
    if constexpr (CpAsync)
      record_gate_gmem<32 * Wm * Wn, M, N, K>(r, Padded<M, K, K + Pad>{}, PaddedNK<N, K, N + Pad>{});
    return r;
  } else {
    const auto la = composition(Swizzle<SwB, 3, SwS>{}, Padded<M, K, K>{});
    const auto lb = composition(Swizzle<3, 3, 4>{}, PaddedNK<N, K, N>{});
    CtaPresetRecord r =
        preset<MmaOp, Atoms, P, CopyA, CopyB, NoCopy, decltype(la), decltype(lb), NoLayout, M, N, K>(
            name, la, lb, NoLayout{});
    if constexpr (CpAsync) record_gate_gmem<32 * Wm * Wn, M, N, K>(r, la, lb);
    return r;
  }
}

}  // namespace

void cta_preset_cases(std::vector<CtaPresetCase>& out) {
  using L221 = Layout<Shape<_2, _2, _1>>;
  // The gate's mma.sync rungs (gate_geometry.hpp): seed 64x64x32 of 4x2 warps, 8-half pad; 128x128
  // of 2x2 warps, padded and then Swizzle<2,3,3> for A's 64-byte rows (xor_swizzle_for_row(32)) and
  // Swizzle<3,3,4> for B's 256-byte rows; 128x256 of 2x4 warps, B Swizzle<3,3,5>.
  const auto seed_k8 = [](const char* n) {
    return gate<Sm80K8, LdsmA2, LdsmT, 4, 2, 64, 64, 32, 8, 0, 0>(n);
  };
  const auto seed_k16 = [](const char* n) {
    return gate<Sm80K16, LdsmA4, LdsmT, 4, 2, 64, 64, 32, 8, 0, 0>(n);
  };
  // The cp.async rungs: the seed's k16 tiling filled by cp.async (rungs 2 and 3), then 128x128.
  const auto cp_async_k16 = [](const char* n) {
    return gate<Sm80K16, LdsmA4, LdsmT, 4, 2, 64, 64, 32, 8, 0, 0, true>(n);
  };
  out.push_back({"gate-ldmatrix-k8", [=] { return seed_k8("gate-ldmatrix-k8"); }});
  out.push_back({"gate-ldmatrix-k16", [=] { return seed_k16("gate-ldmatrix-k16"); }});
  out.push_back({"gate-broken-swap-b", [=] { return seed_k8("gate-broken-swap-b"); }});
  out.push_back({"gate-cp-async-db", [=] { return cp_async_k16("gate-cp-async-db"); }});
  out.push_back({"gate-multistage", [=] { return cp_async_k16("gate-multistage"); }});
  out.push_back({"gate-tile-128", [] {
                   return gate<Sm80K16, LdsmA4, LdsmT, 2, 2, 128, 128, 32, 8, 0, 0, true>("gate-tile-128");
                 }});
  for (const char* n : {"gate-swizzle-xor", "gate-reg-db"})
    out.push_back({n, [n] { return gate<Sm80K16, LdsmA4, LdsmT, 2, 2, 128, 128, 32, -1, 2, 3, true>(n); }});
  // stream-k keeps reg-db-128x256's tile (and its cp.async copies): its change is the schedule of
  // tiles over blocks.
  for (const char* n : {"gate-reg-db-128x256", "gate-stream-k"})
    out.push_back({n, [n] {
                     using Atoms = Layout<Shape<_2, _4, _1>>;
                     using P = Tile<Perm<2, 64, 16>, Perm<4, 64, 8>, Underscore>;
                     const auto la = composition(Swizzle<2, 3, 3>{}, Padded<128, 32, 32>{});
                     const auto lb = composition(Swizzle<3, 3, 5>{}, PaddedNK<256, 32, 256>{});
                     CtaPresetRecord r = preset<Sm80K16, Atoms, P, LdsmA4, LdsmT, NoCopy, decltype(la),
                                                decltype(lb), NoLayout, 128, 256, 32>(n, la, lb, NoLayout{});
                     record_gate_gmem<256, 128, 256, 32>(r, la, lb);
                     return r;
                   }});
  // The Hopper rungs (wgmma_gate.hpp): A K-major and B MN-major in GMMA's 128-byte atoms.
  // gate-wgmma-pingpong: one consumer warpgroup per 128x128 tile, as gate-wgmma-tma's one.
  for (const char* n : {"gate-wgmma-tma", "gate-wgmma-pingpong"})
    out.push_back(
        {n, [n] {
           using Op = SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::MN>;
           const auto la = gmma_k_sw128<128>();
           const auto lb = gmma_mn_sw128<128>();
           return preset<Op, Layout<Shape<_1, _1, _1>>, Tile<Underscore, Underscore, Underscore>, NoCopy,
                         NoCopy, NoCopy, decltype(la), decltype(lb), NoLayout, 128, 128, 64>(n, la, lb,
                                                                                             NoLayout{});
         }});
  for (const char* n : {"gate-wgmma-ws", "gate-wgmma-persistent", "gate-wgmma-cluster",
                        "gate-wgmma-tma-store", "gate-wgmma-stream-k"})
    out.push_back(
        {n, [n] {
           using Op = SM90_64x256x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::MN>;
           const auto la = gmma_k_sw128<128>();
           const auto lb = gmma_mn_sw128<256>();
           return preset<Op, Layout<Shape<_2, _1, _1>>, Tile<Underscore, Underscore, Underscore>, NoCopy,
                         NoCopy, NoCopy, decltype(la), decltype(lb), NoLayout, 128, 256, 64>(n, la, lb,
                                                                                             NoLayout{});
         }});
  // gate-mma-tma-cluster: reg-db-128x256's mma.sync warps over the Hopper rungs' TMA stages, 64
  // deep: the 128B swizzle (Swizzle<3,3,3> on half offsets) over A's 128-byte rows and over B's
  // 64-column boxes of 128-byte k rows, as CuTe layouts (the copies partition them); no cp.async.
  out.push_back({"gate-mma-tma-cluster", [] {
                   using Atoms = Layout<Shape<_2, _4, _1>>;
                   using P = Tile<Perm<2, 64, 16>, Perm<4, 64, 8>, Underscore>;
                   const auto la = composition(Sw333{}, Layout<Shape<_128, _64>, Stride<_64, _1>>{});
                   const auto lb = composition(
                       Sw333{}, Layout<Shape<Shape<_64, _4>, _64>, Stride<Stride<_1, _4096>, _64>>{});
                   return preset<Sm80K16, Atoms, P, LdsmA4, LdsmT, NoCopy, decltype(la), decltype(lb),
                                 NoLayout, 128, 256, 64>("gate-mma-tma-cluster", la, lb, NoLayout{});
                 }});
  out.push_back(
      {"sm80-gemm-128x128x32", [] {
         const auto la =
             tiled(composition(Sw333{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{}), Shape<_128, _32>{});
         const auto lb =
             tiled(composition(Sw333{}, Layout<Shape<_64, _8>, Stride<_1, _64>>{}), Shape<_128, _32>{});
         CtaPresetRecord r =
             preset<Sm80K16, L221, Tile<_32, _32, _16>, LdsmA4, LdsmT, NoCopy, decltype(la), decltype(lb),
                    NoLayout, 128, 128, 32>("sm80-gemm-128x128x32", la, lb, NoLayout{});
         // DefaultGemm_TensorOpSm80's GmemTiledCopyA (32 x 4 threads, k fastest, 1 x 8 values) over A
         // K-major, GmemTiledCopyB (16 x 8 threads, n fastest, 8 x 1 values) over B N-major.
         record_gmem<Layout<Shape<_32, _4>, Stride<_4, _1>>, Layout<Shape<_1, _8>>, true, 128, 32>(
             r.operands[0], la);
         record_gmem<Layout<Shape<_16, _8>>, Layout<Shape<_8, _1>>, false, 128, 32>(r.operands[1], lb);
         return r;
       }});
  out.push_back(
      {"sm90-wgmma-128x128x64", [] {
         using Op = SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>;
         const auto la = gmma_k_sw128<128>();
         const auto lc =
             tiled(composition(Sw333{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}), Shape<_128, _128>{});
         return preset<Op, Layout<Shape<_2, _1, _1>>, Tile<Underscore, Underscore, Underscore>, NoCopy,
                       NoCopy, Copy_Atom<SM90_U32x4_STSM_N, half_t>, decltype(la), decltype(la), decltype(lc),
                       128, 128, 64>("sm90-wgmma-128x128x64", la, la, lc);
       }});
  // The user's own make_tiled_copy over a TiledMMA (not presets: test_cute_cta_presets.cpp's
  // user_configs() types the same in fragviz's text). A 128-bit UniversalCopy of A over (4,1,1)
  // warps of m16n8k16 (its join is wrong: a thread's 8 k-contiguous values are no A fragment) and a
  // 32-bit one of B over (1,4,1) warps of m16n8k8 (right: b0, b1 are a k-contiguous pair).
  out.push_back({"user-copy-universal128-a", [] {
                   using Copy = UserCopy<Copy_Atom<UniversalCopy<uint128_t>, uint16_t>,
                                         Layout<Shape<_64, _2>, Stride<_2, _1>>, Layout<Shape<_1, _8>>>;
                   using LA = Layout<Shape<_64, _16>, Stride<_16, _1>>;
                   return preset<Sm80K16, Layout<Shape<_4, _1, _1>>, Tile<Underscore, Underscore, Underscore>,
                                 Copy, NoCopy, NoCopy, LA, NoLayout, NoLayout, 64, 8, 16>(
                       "user-copy-universal128-a", LA{}, NoLayout{}, NoLayout{});
                 }});
  out.push_back({"user-copy-universal32-b", [] {
                   using Copy = UserCopy<Copy_Atom<UniversalCopy<uint32_t>, uint16_t>,
                                         Layout<Shape<_32, _4>, Stride<_4, _1>>, Layout<Shape<_1, _2>>>;
                   using LB = Layout<Shape<_32, _8>, Stride<_8, _1>>;
                   return preset<Sm80K8, Layout<Shape<_1, _4, _1>>, Tile<Underscore, Underscore, Underscore>,
                                 NoCopy, Copy, NoCopy, NoLayout, LB, NoLayout, 16, 32, 8>(
                       "user-copy-universal32-b", NoLayout{}, LB{}, NoLayout{});
                 }});
  out.push_back({"fa2-attention", [] {
                   const auto l = tiled(composition(Sw333{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
                                        Shape<_64, _64>{});
                   CtaPresetRecord r = preset<Sm80K16, Layout<Shape<_4, _1, _1>>, Tile<_64, _16, _16>, LdsmA4,
                                              LdsmA4, NoCopy, decltype(l), decltype(l), NoLayout, 64, 64, 64>(
                       "fa2-attention", l, l, NoLayout{}, true);
                   // kernel_traits.h's GmemTiledCopyQKV: kGmemThreadsPerRow = 64 / 8 threads along the
                   // head dimension, 128 / 8 = 16 rows of them, 8 halves each, Q and K K-major.
                   using Thr = Layout<Shape<_16, _8>, Stride<_8, _1>>;
                   record_gmem<Thr, Layout<Shape<_1, _8>>, true, 64, 64>(r.operands[0], l);
                   record_gmem<Thr, Layout<Shape<_1, _8>>, true, 64, 64>(r.operands[1], l);
                   return r;
                 }});
  // FlashAttention-3, head dim 128, causal (hopper/kernel_traits.h, kBlockM = kBlockN = 128):
  // TiledMma1 = rs_op_selector<half, half, float, (128,128,128), K, MN> over (2,1,1); O through
  // SM90_U32x4_STSM_N into SmemLayoutO (the K-major 128-byte atoms over (kBlockM, kHeadDim)); P,
  // S's accumulator, converted to A registers by convert_layout_acc_Aregs.
  out.push_back({"fa3-attention", [] {
                   using Op = SM90_64x128x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::MN>;
                   const auto lb = fa3_vt_sw128<128, 128>();
                   const auto lc = tiled(composition(Sw333{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
                                         Shape<_128, _128>{});
                   return preset<Op, Layout<Shape<_2, _1, _1>>, Tile<Underscore, Underscore, Underscore>,
                                 NoCopy, NoCopy, Copy_Atom<SM90_U32x4_STSM_N, half_t>, NoLayout, decltype(lb),
                                 decltype(lc), 128, 128, 128>("fa3-attention", NoLayout{}, lb, lc, true);
                 }});
}

}  // namespace tiled_oracle
