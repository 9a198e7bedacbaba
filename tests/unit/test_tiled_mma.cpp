// TiledMMA (model/tile/tiled_mma.hpp) against cells derived by hand: the PTX ISA's m16n8k16
// fragments (groupID g = lane >> 2, threadID_in_group t = lane % 4; A a_i at (g + 8*((i>>1)&1),
// 2t + (i&1) + 8*(i>>2)), B b_i at (n g, k 2t + (i&1) + 8*(i>>1)), C c_i at (g + 8*(i>>1), 2t +
// (i&1))), placed as CuTe places atoms: a column-major atom layout (ThrM, ThrN, 1) gives warp w
// the atom position (w % ThrM, w / ThrM), its A rows shifted by 16 * m, its B and C columns by
// 8 * n; a permutation Tile<M,N,K> of numbers repeats the tile of atoms, RestM/RestN outermost.
// tests/cute/test_cute_tiled.cpp holds the same layouts against CuTe's TiledMMA.
#include <gtest/gtest.h>

#include <map>

#include "fragviz/tile/tiled_mma.hpp"

namespace {

using fragviz::Operand;
using fragviz::tile::Cell;
using fragviz::tile::TiledMma;

TiledMma make(const char* atoms, const char* perm = "Tile<_,_,_>",
              const char* atom = "SM80_16x8x16_F32F16F16F32_TN") {
  const auto* a = fragviz::tile::find_mma_atom(atom);
  EXPECT_NE(a, nullptr);
  const auto layout = fragviz::tile::parse_atom_layout(atoms);
  const auto p = fragviz::tile::parse_permutation(perm);
  EXPECT_TRUE(layout && p) << layout.message << p.message;
  const auto t = fragviz::tile::make_tiled_mma(*a, *layout.value, *p.value);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

std::vector<Cell> cells(const TiledMma& t, Operand op, int thread) {
  return fragviz::tile::thread_cells(t, op, thread);
}

// The example: thread 37 of a (2,2,1) SM80 16x8x16 tiled MMA is lane 5 (g 1, t 1) of
// warp 1, atom position m 1, n 0: A rows 16 + 1 and 16 + 9.
TEST(TiledMma, Thread37Of221) {
  const TiledMma t = make("(2,2,1)");
  EXPECT_EQ(fragviz::algebra::to_string(t.thr_layout_vmnk), "(32,2,2,1):(1,32,64,0)");
  EXPECT_EQ(t.threads(), 128);
  EXPECT_EQ(t.tile_mnk[0], 32);
  EXPECT_EQ(t.tile_mnk[1], 16);
  EXPECT_EQ(t.tile_mnk[2], 16);
  const auto vmnk = fragviz::tile::thread_vmnk(t, 37);
  EXPECT_EQ(vmnk, (std::array<std::int64_t, 4>{5, 1, 0, 0}));
  EXPECT_EQ(cells(t, Operand::A, 37),
            (std::vector<Cell>{{17, 2}, {17, 3}, {25, 2}, {25, 3}, {17, 10}, {17, 11}, {25, 10}, {25, 11}}));
  EXPECT_EQ(cells(t, Operand::B, 37), (std::vector<Cell>{{1, 2}, {1, 3}, {1, 10}, {1, 11}}));
  EXPECT_EQ(cells(t, Operand::C, 37), (std::vector<Cell>{{17, 2}, {17, 3}, {25, 2}, {25, 3}}));
  // Thread 101 = lane 5 of warp 3, atom (m 1, n 1): the same A, B and C 8 columns over.
  EXPECT_EQ(fragviz::tile::thread_vmnk(t, 101), (std::array<std::int64_t, 4>{5, 1, 1, 0}));
  EXPECT_EQ(cells(t, Operand::A, 101), cells(t, Operand::A, 37));
  EXPECT_EQ(cells(t, Operand::B, 101), (std::vector<Cell>{{9, 2}, {9, 3}, {9, 10}, {9, 11}}));
  EXPECT_EQ(cells(t, Operand::C, 101), (std::vector<Cell>{{17, 10}, {17, 11}, {25, 10}, {25, 11}}));
}

// Every thread and value of the unpermuted atom layouts, from the PTX formulas.
TEST(TiledMma, EveryCellOfTheAtomLayouts) {
  for (const auto& [atoms, thr_m, thr_n] : std::vector<std::tuple<const char*, int, int>>{
           {"(1,1,1)", 1, 1}, {"(2,2,1)", 2, 2}, {"(4,2,1)", 4, 2}, {"(2,4,1)", 2, 4}}) {
    SCOPED_TRACE(atoms);
    const TiledMma t = make(atoms);
    ASSERT_EQ(t.threads(), 32 * thr_m * thr_n);
    EXPECT_EQ(t.tile_mnk[0], 16 * thr_m);
    EXPECT_EQ(t.tile_mnk[1], 8 * thr_n);
    for (int thread = 0; thread < t.threads(); ++thread) {
      const int lane = thread % 32, w = thread / 32, wm = w % thr_m, wn = w / thr_m;
      const int g = lane >> 2, q = lane % 4;
      const auto a = cells(t, Operand::A, thread), b = cells(t, Operand::B, thread),
                 c = cells(t, Operand::C, thread);
      ASSERT_EQ(a.size(), 8u);
      ASSERT_EQ(b.size(), 4u);
      ASSERT_EQ(c.size(), 4u);
      for (int i = 0; i < 8; ++i)
        ASSERT_EQ(a[i], (Cell{16 * wm + g + 8 * ((i >> 1) & 1), 2 * q + (i & 1) + 8 * (i >> 2)}))
            << thread << " a" << i;
      for (int i = 0; i < 4; ++i) {
        ASSERT_EQ(b[i], (Cell{8 * wn + g, 2 * q + (i & 1) + 8 * (i >> 1)})) << thread << " b" << i;
        ASSERT_EQ(c[i], (Cell{16 * wm + g + 8 * (i >> 1), 8 * wn + 2 * q + (i & 1)})) << thread << " c" << i;
      }
    }
  }
}

// Tile<_32,_32,_16> over (2,2,1): N doubles, so each thread holds two atoms' B and C, the second
// 16 columns on (RestN outside ThrN): value a + 4r of B is at n 8*wn + 16r + g.
TEST(TiledMma, PermutationTileRepeatsAlongN) {
  const TiledMma t = make("(2,2,1)", "Tile<_32,_32,_16>");
  EXPECT_EQ(t.tile_mnk[1], 32);
  EXPECT_EQ(fragviz::tile::permutation_text(t.permutation), "Tile<_32,_32,_16>");
  EXPECT_EQ(cells(t, Operand::B, 37),
            (std::vector<Cell>{{1, 2}, {1, 3}, {1, 10}, {1, 11}, {17, 2}, {17, 3}, {17, 10}, {17, 11}}));
  EXPECT_EQ(
      cells(t, Operand::C, 101),
      (std::vector<Cell>{{17, 10}, {17, 11}, {25, 10}, {25, 11}, {17, 26}, {17, 27}, {25, 26}, {25, 27}}));
  const auto f = fragviz::tile::fragment_shape(t, Operand::B);
  ASSERT_TRUE(f);
  EXPECT_EQ(fragviz::algebra::to_string(*f.value), "((2,2),2,1)");
}

// A layout in the permutation reorders the tile: (8,2,2):(1,16,8) sends N index 8 + j to 16 + j,
// so warp n 1's atom covers columns 16..23 and the second repetition 8..15.
TEST(TiledMma, PermutationLayoutReordersN) {
  const TiledMma t = make("(2,2,1)", "Tile<_32,(8,2,2):(1,16,8),_16>");
  EXPECT_EQ(t.tile_mnk[1], 32);
  // thread 64 = lane 0 of warp 2 (m 0, n 1): C c0 of its first atom at column 16, of its second at 24.
  const auto c = cells(t, Operand::C, 64);
  EXPECT_EQ(c[0], (Cell{0, 16}));
  EXPECT_EQ(c[4], (Cell{0, 24}));
  // thread 0's second atom: columns 8.. (the identity would give 16..).
  EXPECT_EQ(cells(t, Operand::C, 0)[4], (Cell{0, 8}));
}

// Every C cell of a tile belongs to exactly one (thread, value); every A cell to ThrN of them.
TEST(TiledMma, CoverageOfTheTile) {
  for (const char* perm : {"Tile<_,_,_>", "Tile<_64,_32,_16>", "Tile<_32,(8,2,2):(1,16,8),_16>"}) {
    SCOPED_TRACE(perm);
    const TiledMma t = make("(2,2,1)", perm);
    std::map<std::pair<std::int64_t, std::int64_t>, int> a_seen, c_seen;
    for (int th = 0; th < t.threads(); ++th) {
      for (const Cell& x : cells(t, Operand::A, th)) ++a_seen[{x.row, x.col}];
      for (const Cell& x : cells(t, Operand::C, th)) ++c_seen[{x.row, x.col}];
    }
    EXPECT_EQ(static_cast<std::int64_t>(c_seen.size()), t.tile_mnk[0] * t.tile_mnk[1]);
    for (const auto& [cell, n] : c_seen) EXPECT_EQ(n, 1);
    EXPECT_EQ(static_cast<std::int64_t>(a_seen.size()), t.tile_mnk[0] * t.tile_mnk[2]);
    for (const auto& [cell, n] : a_seen) EXPECT_EQ(n, 2);
  }
}

// An N-major atom layout (2,2,1):(2,1,0) numbers warps along N first: warp 1 is (m 0, n 1).
TEST(TiledMma, NMajorAtomLayout) {
  const TiledMma t = make("(2,2,1):(2,1,0)");
  EXPECT_EQ(fragviz::algebra::to_string(t.thr_layout_vmnk), "(32,2,2,1):(1,64,32,0)");
  EXPECT_EQ(fragviz::tile::thread_vmnk(t, 32), (std::array<std::int64_t, 4>{0, 0, 1, 0}));
  EXPECT_EQ(cells(t, Operand::C, 32)[0], (Cell{0, 8}));
}

// An atom layout of rank 2 is padded with 1:0 to rank 3 (make_tiled_mma's append<3>).
TEST(TiledMma, AtomLayoutPadded) {
  const TiledMma t = make("(2,1)");
  EXPECT_EQ(fragviz::algebra::to_string(t.atom_layout_mnk), "(2,1,1):(1,0,0)");
  EXPECT_EQ(t.threads(), 64);
}

TEST(TiledMma, Refusals) {
  const auto* a = fragviz::tile::find_mma_atom("SM80_16x8x16_F32F16F16F32_TN");
  const auto r4 = fragviz::tile::make_tiled_mma(*a, *fragviz::tile::parse_atom_layout("(2,2,1,1)").value);
  ASSERT_FALSE(r4);
  EXPECT_EQ(r4.refusal, fragviz::algebra::Refusal::cute_refuses);
  const auto p4 = fragviz::tile::parse_permutation("Tile<_32,_32,_16,_8>");
  ASSERT_FALSE(p4);
  EXPECT_NE(p4.message.find("rank-3 PermutationMNK"), std::string::npos) << p4.message;
  const auto shape = fragviz::tile::parse_permutation("Tile<(8,4),_,_>");
  ASSERT_FALSE(shape);
  EXPECT_NE(shape.message.find("entry 1"), std::string::npos) << shape.message;
  EXPECT_FALSE(fragviz::tile::parse_permutation("32,32,16"));
  EXPECT_FALSE(fragviz::tile::parse_atom_layout("(2,2"));
}

TEST(TiledMma, PermutationSpellings) {
  for (const char* text : {"Tile<_32,_32,_16>", "<32,32,16>", "(32, 32, 16)", " Tile< 32 ,_32,16 > "}) {
    const auto p = fragviz::tile::parse_permutation(text);
    ASSERT_TRUE(p) << text << ": " << p.message;
    EXPECT_EQ(fragviz::tile::permutation_text(*p.value), "Tile<_32,_32,_16>") << text;
  }
  const auto partial = fragviz::tile::parse_permutation("Tile<_64>");
  ASSERT_TRUE(partial);
  EXPECT_EQ(fragviz::tile::permutation_text(*partial.value), "Tile<_64,_,_>");
}

}  // namespace
