// The wgmma register maps against CuTe's GMMA traits (cute/atom/mma_traits_sm90_gmma.hpp of the
// pinned nvidia-cutlass wheel): the named layouts (fragviz/isa/wgmma_layouts.hpp) and the
// catalogue's maps, CLayout_64xN for D at every N from 8 to 256, ALayout_64x8 (.tf32),
// ALayout_64x16 (16-bit) and ALayout_64x32 (8-bit) for A from registers, at every (thread,
// value). CuTe's offsets are (M, N) / (M, K) column-major, m + 64 * n, as fragviz's. Host only.
#include <gtest/gtest.h>

#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <utility>

#include "fragviz/isa/wgmma.hpp"
#include "fragviz/isa/wgmma_layouts.hpp"

namespace {

template <class CuteLayout>
void expect_same(const CuteLayout& cute_layout, const fragviz::OperandSpec& ours, int values,
                 const std::string& what) {
  ASSERT_EQ(static_cast<int>(cute::size<0>(cute_layout)), fragviz::kWarpgroupSize) << what;
  ASSERT_EQ(static_cast<int>(cute::size<1>(cute_layout)), values) << what;
  for (int t = 0; t < fragviz::kWarpgroupSize; ++t)
    for (int v = 0; v < values; ++v) {
      const int off = static_cast<int>(cute_layout(t, v));
      const fragviz::Coord c = fragviz::operand_coord(ours, t, v);
      ASSERT_EQ(c.row + 64 * c.col, off) << what << " thread " << t << " value " << v;
    }
}

/// D of the catalogue's m64nNk16 .f32 .f16 entry and the named CLayout_64xN(N), both as CuTe's.
template <int N>
void check_d() {
  const auto* in =
      fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n" + std::to_string(N) + "k16.f32.f16.f16");
  ASSERT_NE(in, nullptr);
  const std::string name = "CLayout_64x" + std::to_string(N);
  expect_same(cute::SM90::GMMA::CLayout_64xN<N>{}, in->d, N / 2, name + " (catalogue)");
  const fragviz::OperandSpec named{fragviz::ElemType::f32, 64, N, fragviz::gmma_layouts::CLayout_64xN(N)};
  expect_same(cute::SM90::GMMA::CLayout_64xN<N>{}, named, N / 2, name + " (named)");
}

template <int... I>
void check_every_n(std::integer_sequence<int, I...>) {
  (check_d<8 * (I + 1)>(), ...);
}

}  // namespace

TEST(CuteGmma, AccumulatorIsCLayout64xNAtEveryN) { check_every_n(std::make_integer_sequence<int, 32>{}); }

TEST(CuteGmma, RegisterAIsALayout64xKPerWidth) {
  const auto* f16 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16");
  const auto* tf32 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32");
  const auto* s8 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8");
  ASSERT_TRUE(f16 && tf32 && s8);
  expect_same(cute::SM90::GMMA::ALayout_64x16{}, f16->a, 8, "ALayout_64x16");
  expect_same(cute::SM90::GMMA::ALayout_64x8{}, tf32->a, 4, "ALayout_64x8");
  expect_same(cute::SM90::GMMA::ALayout_64x32{}, s8->a, 16, "ALayout_64x32");
}

TEST(CuteGmma, NamedALayoutsAreCute) {
  using fragviz::ElemType;
  namespace named = fragviz::gmma_layouts;
  expect_same(cute::SM90::GMMA::ALayout_64x8{},
              fragviz::OperandSpec{ElemType::tf32, 64, 8, named::ALayout_64x8()}, 4, "ALayout_64x8 (named)");
  expect_same(cute::SM90::GMMA::ALayout_64x16{},
              fragviz::OperandSpec{ElemType::f16, 64, 16, named::ALayout_64x16()}, 8,
              "ALayout_64x16 (named)");
  expect_same(cute::SM90::GMMA::ALayout_64x32{},
              fragviz::OperandSpec{ElemType::s8, 64, 32, named::ALayout_64x32()}, 16,
              "ALayout_64x32 (named)");
}
