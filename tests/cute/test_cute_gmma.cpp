// The wgmma register maps against CuTe's GMMA traits (cute/atom/mma_traits_sm90_gmma.hpp of the
// pinned nvidia-cutlass wheel): CLayout_64xN for D at every N CuTe names, ALayout_64x8 (.tf32),
// ALayout_64x16 (16-bit) and ALayout_64x32 (8-bit) for A from registers, at every (thread,
// value). CuTe's offsets are (M, N) / (M, K) column-major, m + 64 * n, as fragviz's. Host only.
#include <gtest/gtest.h>

#include <cute/atom/mma_traits_sm90_gmma.hpp>

#include "fragviz/isa/wgmma.hpp"

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

template <int N>
void check_d() {
  const auto* in =
      fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n" + std::to_string(N) + "k16.f32.f16.f16");
  ASSERT_NE(in, nullptr);
  expect_same(cute::SM90::GMMA::CLayout_64xN<N>{}, in->d, N / 2, "CLayout_64x" + std::to_string(N));
}

}  // namespace

TEST(CuteGmma, AccumulatorIsCLayout64xN) {
  check_d<8>();
  check_d<16>();
  check_d<24>();
  check_d<32>();
  check_d<64>();
  check_d<96>();
  check_d<128>();
  check_d<192>();
  check_d<256>();
}

TEST(CuteGmma, RegisterAIsALayout64xKPerWidth) {
  const auto* f16 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16");
  const auto* tf32 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32");
  const auto* s8 = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8");
  ASSERT_TRUE(f16 && tf32 && s8);
  expect_same(cute::SM90::GMMA::ALayout_64x16{}, f16->a, 8, "ALayout_64x16");
  expect_same(cute::SM90::GMMA::ALayout_64x8{}, tf32->a, 4, "ALayout_64x8");
  expect_same(cute::SM90::GMMA::ALayout_64x32{}, s8->a, 16, "ALayout_64x32");
}
