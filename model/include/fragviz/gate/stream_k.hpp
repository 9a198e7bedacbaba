// The stream-K rung's schedule (issue 27): which k tiles of which output tiles each persistent
// block of gpu/cuda/ladder/stream_k.cu multiplies, in which order, and who writes each tile. Plain
// constexpr arithmetic that the kernel and the host tests share (no CUDA, no standard library).
//
// A unit is one k tile (block_k deep) of one output tile: tile t's units are t*K .. t*K + K - 1,
// K = n / block_k. G blocks run at once, G no more than the tiles. When G divides the tiles, or
// stream-K is off, block b takes whole tiles b, b + G, b + 2G, ... (data-parallel). Otherwise the
// last partial wave would leave SMs idle (wave quantization: 512 tiles on 132 SMs is 3.88 waves,
// run as 4), so, as in the Stream-K paper's "data-parallel + one stream-K wave" hybrid:
//  - each block first takes (T / G - 1) whole tiles, round-robin;
//  - the remaining G + T % G tiles' units are cut into G contiguous ranges, equal to one unit, one
//    range per block. A range spans between one and two tiles' worth of units, so it may start or
//    end inside a tile.
// Roles of a block's piece of one tile (a segment):
//  - full: all K units: the block stores the tile;
//  - contributor: the piece ends before the tile does (k_end < K): the block writes its partial
//    sums to its workspace slot and raises its flag. A block has at most one such piece, the last
//    tile of its range, so one slot per block suffices;
//  - owner: the piece ends the tile but starts inside it: the block adds the partial sums of the
//    blocks before it that cover the tile's start (b - 1, b - 2, ... down to the one whose range
//    begins at or before the tile's first unit), then stores the tile.
// Order: a block multiplies its segments as segment(s, b, 0), segment(s, b, 1), ...: whole tiles
// first, its contributor piece next, and its owner piece (the start of its range) last. So every
// block raises its flag before it waits for anyone, and waits only for lower-numbered blocks: no
// cycle, whether all blocks run at once or one after another in index order.
#pragma once

#include "fragviz/gate/gate_geometry.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz::gate {

/// The stream-K rung's kernel configuration: the tiling of the ladder's mainloop (TileConfig) plus
/// the persistent schedule.
struct StreamKConfig {
  TileConfig tile;
  bool stream_k;      ///< split the last partial wave's units evenly (else whole tiles only)
  int blocks_per_sm;  ///< __launch_bounds__ minimum: resident blocks per SM the registers allow
  const char* name;   ///< the sweep's name of this instantiation, e.g. "128x256x32-s4-g8-sk"
};

/// What one block does with one tile.
enum class SegmentRole : std::uint8_t { full, contributor, owner };

/// A block's contiguous k range of one tile: units tile*K + k_begin .. tile*K + k_end - 1.
struct Segment {
  int tile = 0;
  int k_begin = 0, k_end = 0;
  SegmentRole role = SegmentRole::full;
};

/// The schedule of T tiles of K units on `blocks` persistent blocks.
struct StreamKSchedule {
  int tiles = 0;           ///< T
  int k_tiles = 0;         ///< K: units per tile
  int blocks = 0;          ///< G: the grid (0 when there is nothing to do)
  int dp_tiles = 0;        ///< tiles [0, dp_tiles) go whole, round-robin; [dp_tiles, T) are stream-K
  int sk_base = 0;         ///< dp_tiles * K: the first stream-K unit
  int sk_q = 0, sk_r = 0;  ///< stream-K units per block: sk_q, plus one for blocks below sk_r

  /// Whole tiles block b takes before its stream-K range.
  FRAGVIZ_HD constexpr int dp_count(int b) const {
    return b < dp_tiles % blocks ? dp_tiles / blocks + 1 : dp_tiles / blocks;
  }
  /// Block b's stream-K range: units [sk_begin(b), sk_begin(b + 1)); empty when there is none.
  FRAGVIZ_HD constexpr int sk_begin(int b) const { return sk_base + b * sk_q + (b < sk_r ? b : sk_r); }
  /// Segments block b multiplies.
  FRAGVIZ_HD constexpr int segment_count(int b) const {
    const int u0 = sk_begin(b), u1 = sk_begin(b + 1);
    return dp_count(b) + (u1 > u0 ? (u1 - 1) / k_tiles - u0 / k_tiles + 1 : 0);
  }
  /// Units block b multiplies, over all its segments.
  FRAGVIZ_HD constexpr int unit_count(int b) const {
    return dp_count(b) * k_tiles + sk_begin(b + 1) - sk_begin(b);
  }
};

/// The schedule for `tiles` tiles of `k_tiles` units on at most `max_blocks` blocks (the blocks
/// that fit on the GPU at once). stream_k false: whole tiles only.
FRAGVIZ_HD constexpr StreamKSchedule make_stream_k_schedule(int tiles, int k_tiles, int max_blocks,
                                                            bool stream_k) {
  StreamKSchedule s;
  if (tiles <= 0 || k_tiles <= 0 || max_blocks <= 0) return s;
  s.tiles = tiles;
  s.k_tiles = k_tiles;
  s.blocks = max_blocks < tiles ? max_blocks : tiles;
  s.dp_tiles = stream_k && tiles % s.blocks != 0 ? (tiles / s.blocks - 1) * s.blocks : tiles;
  s.sk_base = s.dp_tiles * k_tiles;
  const int sk_units = (tiles - s.dp_tiles) * k_tiles;
  s.sk_q = sk_units / s.blocks;
  s.sk_r = sk_units % s.blocks;
  return s;
}

/// Block b's j-th segment (0 <= j < s.segment_count(b)), in the order the block multiplies them.
FRAGVIZ_HD constexpr Segment stream_k_segment(const StreamKSchedule& s, int b, int j) {
  Segment seg;
  const int dp = s.dp_count(b);
  if (j < dp) {
    seg.tile = j * s.blocks + b;
    seg.k_end = s.k_tiles;
    return seg;
  }
  const int K = s.k_tiles, u0 = s.sk_begin(b), u1 = s.sk_begin(b + 1);
  const int first = u0 / K, last = (u1 - 1) / K, i = j - dp;
  // A range that starts inside a tile multiplies that piece last (it is the owner's piece).
  const int t = u0 % K == 0 || first == last ? first + i : (i < last - first ? first + 1 + i : first);
  const int lo = u0 > t * K ? u0 : t * K, hi = u1 < (t + 1) * K ? u1 : (t + 1) * K;
  seg.tile = t;
  seg.k_begin = lo - t * K;
  seg.k_end = hi - t * K;
  seg.role = seg.k_end < K     ? SegmentRole::contributor
             : seg.k_begin > 0 ? SegmentRole::owner
                               : SegmentRole::full;
  return seg;
}

/// (block row, block col) of tile t in a grid of rows x cols tiles. group G > 0: tiles walk G
/// block rows column by column, so consecutive tiles share B columns and a group's A rows stay
/// in L2 (the ladder's block_coord); 0: row-major.
struct TileCoord {
  int row = 0, col = 0;
};
FRAGVIZ_HD constexpr TileCoord grouped_tile_coord(int t, int rows, int cols, int group) {
  if (group <= 0) return TileCoord{t / cols, t % cols};
  const int per_group = group * cols, first_row = (t / per_group) * group;
  const int group_rows = rows - first_row < group ? rows - first_row : group, in_group = t % per_group;
  return TileCoord{first_row + in_group % group_rows, in_group / group_rows};
}

// [SECTION] The instantiations ---------------------------------------------------------------------
// The sweep (`fragviz-cli bench --sweep`) times each at every size against cuBLAS in one run; the
// rung ships kStreamKCandidates[kStreamKShipped]. All are 64x64 warp tiles (the largest whose 128
// f32 accumulators leave room for double-buffered fragments), XOR-swizzled, fragments
// double-buffered in registers, k depth 32. (k depth 64 and 128x128 blocks at two per SM were
// tried: ptxas spills them at 255 registers.) Names: block tile x k depth, stages, L2 group rows,
// sk (stream-K last wave) or dp (whole tiles only).

namespace detail {
FRAGVIZ_HD constexpr TileConfig stream_k_tile(int bm, int bn, int bk, int stages, int group) {
  return TileConfig{bm, bn,   bk,   bm / 64, bn / 64, 16, CopyPath::cp_async, stages, SmemArrangement::xor16,
                    0,  true, group};
}
}  // namespace detail

inline constexpr StreamKConfig kStreamKCandidates[] = {
    {detail::stream_k_tile(128, 256, 32, 4, 8), true, 1, "128x256x32-s4-g8-sk"},
    {detail::stream_k_tile(128, 256, 32, 4, 8), false, 1, "128x256x32-s4-g8-dp"},
    {detail::stream_k_tile(128, 256, 32, 6, 8), true, 1, "128x256x32-s6-g8-sk"},
    {detail::stream_k_tile(128, 256, 32, 8, 8), true, 1, "128x256x32-s8-g8-sk"},
    {detail::stream_k_tile(256, 128, 32, 6, 8), true, 1, "256x128x32-s6-g8-sk"},
    {detail::stream_k_tile(128, 256, 32, 6, 16), true, 1, "128x256x32-s6-g16-sk"},
};
inline constexpr int kStreamKCandidateCount = sizeof(kStreamKCandidates) / sizeof(kStreamKCandidates[0]);
/// The instantiation the rung ships: the best exact one of the last sweep (docs/device-runs).
inline constexpr int kStreamKShipped = 2;
/// Its configuration.
inline constexpr const StreamKConfig& kStreamK = kStreamKCandidates[kStreamKShipped];

}  // namespace fragviz::gate
