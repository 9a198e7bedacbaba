// The stream-K rung's schedule (gate/stream_k.hpp), which the kernel follows blindly: every unit
// (tile, k tile) of C multiplied exactly once; every tile written exactly once, by a full segment or
// by its owner after all its contributors; contributors publish before their block waits, and
// owners wait only for lower-numbered blocks (no deadlock). Expected values are counted here by
// brute force from the definitions, never taken from the schedule's own arithmetic.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "fragviz/gate/stream_k.hpp"

namespace fragviz::gate {
namespace {

struct Case {
  int tiles, k_tiles, max_blocks;
  bool stream_k;
};

void check_schedule(const Case& c) {
  SCOPED_TRACE(::testing::Message() << "tiles " << c.tiles << ", K " << c.k_tiles << ", max blocks "
                                    << c.max_blocks << (c.stream_k ? ", stream-K" : ", whole tiles"));
  const StreamKSchedule s = make_stream_k_schedule(c.tiles, c.k_tiles, c.max_blocks, c.stream_k);
  ASSERT_EQ(s.blocks, std::min(c.tiles, c.max_blocks));
  std::vector<int> covered(static_cast<std::size_t>(c.tiles) * c.k_tiles, 0);
  std::vector<int> writers(static_cast<std::size_t>(c.tiles), 0);
  std::map<int, std::set<int>> contributors_of;  // tile -> blocks holding a contributor piece of it
  std::map<int, int> owner_of;                   // tile -> its owner block
  for (int b = 0; b < s.blocks; ++b) {
    int units = 0, contributor_at = -1, owner_at = -1;
    for (int j = 0; j < s.segment_count(b); ++j) {
      const Segment g = stream_k_segment(s, b, j);
      ASSERT_GE(g.tile, 0);
      ASSERT_LT(g.tile, c.tiles);
      ASSERT_GE(g.k_begin, 0);
      ASSERT_LT(g.k_begin, g.k_end);
      ASSERT_LE(g.k_end, c.k_tiles);
      for (int k = g.k_begin; k < g.k_end; ++k) ++covered[static_cast<std::size_t>(g.tile) * c.k_tiles + k];
      units += g.k_end - g.k_begin;
      const bool whole = g.k_begin == 0 && g.k_end == c.k_tiles;
      EXPECT_EQ(g.role == SegmentRole::full, whole);
      EXPECT_EQ(g.role == SegmentRole::contributor, g.k_end < c.k_tiles);
      if (g.role == SegmentRole::contributor) {
        EXPECT_EQ(contributor_at, -1) << "block " << b << ": one workspace slot, one contributor piece";
        contributor_at = j;
        contributors_of[g.tile].insert(b);
      } else {
        ++writers[static_cast<std::size_t>(g.tile)];
        if (g.role == SegmentRole::owner) {
          EXPECT_EQ(owner_at, -1) << "block " << b;
          owner_at = j;
          owner_of[g.tile] = b;
        }
      }
    }
    EXPECT_EQ(units, s.unit_count(b)) << "block " << b;
    // Publish before waiting: a block's contributor piece comes before its owner piece.
    if (contributor_at >= 0 && owner_at >= 0) EXPECT_LT(contributor_at, owner_at) << "block " << b;
  }
  for (std::size_t u = 0; u < covered.size(); ++u) ASSERT_EQ(covered[u], 1) << "unit " << u;
  for (int t = 0; t < c.tiles; ++t) EXPECT_EQ(writers[static_cast<std::size_t>(t)], 1) << "tile " << t;
  // The owner waits for exactly the contributors of its tile: the blocks below it, down to the
  // first whose range begins at or before the tile's first unit (the kernel's loop).
  for (const auto& [tile, blocks] : contributors_of) {
    ASSERT_TRUE(owner_of.count(tile)) << "tile " << tile << " has contributors but no owner";
    const int owner = owner_of[tile];
    std::set<int> waited;
    for (int j = owner - 1;; --j) {
      ASSERT_GE(j, 0);
      waited.insert(j);
      if (s.sk_begin(j) <= tile * c.k_tiles) break;
    }
    EXPECT_EQ(waited, blocks) << "tile " << tile;
    for (int b : blocks) EXPECT_LT(b, owner);
  }
  for (const auto& [tile, owner] : owner_of) EXPECT_TRUE(contributors_of.count(tile)) << "tile " << tile;
}

TEST(StreamKSchedule, CoversEveryUnitOnceAndWritesEveryTileOnce) {
  // The rung's sizes on a 132-SM H100/H200 at one block per SM (128x256 and 256x128 tiles, k depth
  // 32), 2 blocks per SM, odd and tiny grids, and grids larger than the tiles.
  std::vector<Case> cases;
  for (const int n : {256, 512, 2048, 4096, 8192})
    for (const int blocks : {1, 3, 7, 132, 264, 1000})
      for (const bool sk : {true, false}) {
        cases.push_back({(n / 128) * (n / 256), n / 32, blocks, sk});
        cases.push_back({(n / 128) * (n / 128), n / 64, blocks, sk});
      }
  for (const int tiles : {1, 2, 5, 131, 133, 263, 265, 397})
    for (const int k : {1, 2, 3, 8, 13})
      for (const int blocks : {1, 2, 5, 132})
        for (const bool sk : {true, false}) cases.push_back({tiles, k, blocks, sk});
  for (const Case& c : cases) check_schedule(c);
}

TEST(StreamKSchedule, SplitsOnlyTheLastPartialWave) {
  // 512 tiles of 128 units on 132 blocks: 3.88 waves. Each block takes 2 whole tiles round-robin,
  // then 248 tiles' units (31744) in ranges of 240 or 241 units: never more than 2 tiles apart.
  const StreamKSchedule s = make_stream_k_schedule(512, 128, 132, true);
  EXPECT_EQ(s.blocks, 132);
  EXPECT_EQ(s.dp_tiles, 264);
  for (int b = 0; b < 132; ++b) {
    EXPECT_EQ(s.dp_count(b), 2);
    const int units = s.unit_count(b) - 2 * 128;
    EXPECT_TRUE(units == 240 || units == 241) << b;
    EXPECT_EQ(stream_k_segment(s, b, 0).tile, b);
    EXPECT_EQ(stream_k_segment(s, b, 1).tile, 132 + b);
  }
  // Whole waves: no split at all.
  const StreamKSchedule even = make_stream_k_schedule(264, 64, 132, true);
  EXPECT_EQ(even.dp_tiles, 264);
  for (int b = 0; b < 132; ++b) EXPECT_EQ(even.segment_count(b), 2);
  // Stream-K off: whole tiles round-robin, the first 116 blocks one more.
  const StreamKSchedule dp = make_stream_k_schedule(512, 128, 132, false);
  EXPECT_EQ(dp.segment_count(0), 4);
  EXPECT_EQ(dp.segment_count(115), 4);
  EXPECT_EQ(dp.segment_count(116), 3);
  // Nothing to do, or no block: an empty schedule.
  EXPECT_EQ(make_stream_k_schedule(0, 8, 132, true).blocks, 0);
  EXPECT_EQ(make_stream_k_schedule(8, 8, 0, true).blocks, 0);
}

TEST(StreamKSchedule, GroupedTileOrderIsAPermutation) {
  for (const int rows : {1, 2, 7, 16, 64})
    for (const int cols : {1, 3, 16, 32})
      for (const int group : {0, 1, 8, 16}) {
        std::set<std::pair<int, int>> seen;
        for (int t = 0; t < rows * cols; ++t) {
          const TileCoord tc = grouped_tile_coord(t, rows, cols, group);
          ASSERT_GE(tc.row, 0);
          ASSERT_LT(tc.row, rows);
          ASSERT_GE(tc.col, 0);
          ASSERT_LT(tc.col, cols);
          seen.insert({tc.row, tc.col});
        }
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(rows * cols)) << rows << "x" << cols << " g" << group;
      }
  // Group 8 of a 16 x 16 grid: tiles 0-7 walk down column 0 of rows 0-7, tile 8 starts column 1.
  EXPECT_EQ(grouped_tile_coord(7, 16, 16, 8).row, 7);
  EXPECT_EQ(grouped_tile_coord(7, 16, 16, 8).col, 0);
  EXPECT_EQ(grouped_tile_coord(8, 16, 16, 8).row, 0);
  EXPECT_EQ(grouped_tile_coord(8, 16, 16, 8).col, 1);
  EXPECT_EQ(grouped_tile_coord(128, 16, 16, 8).row, 8);
}

TEST(StreamKSchedule, CandidatesFitTheMainloop) {
  for (int i = 0; i < kStreamKCandidateCount; ++i) {
    const StreamKConfig& c = kStreamKCandidates[i];
    SCOPED_TRACE(c.name);
    EXPECT_EQ(c.tile.warp_m(), 64);
    EXPECT_EQ(c.tile.warp_n(), 64);
    EXPECT_EQ((c.tile.block_k / 16) % 2, 0);
    EXPECT_LE(c.tile.smem_bytes(), 227 * 1024);  // sm_90's most dynamic shared memory per block
    EXPECT_EQ(2048 % c.tile.n_multiple(), 0);
  }
  EXPECT_GE(kStreamKShipped, 0);
  EXPECT_LT(kStreamKShipped, kStreamKCandidateCount);
}

}  // namespace
}  // namespace fragviz::gate
