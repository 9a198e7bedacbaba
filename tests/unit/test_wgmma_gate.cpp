// The gate's Hopper rungs as data (fragviz/gate/wgmma_gate.hpp): sizes and n rules against values
// worked out by hand, the descriptor bits against the PTX ISA's field positions by hand, and --
// the check that matters -- every element wgmma reads through those descriptors (fragviz's
// canonical-layout model) is the byte where TMA's 128B swizzle wrote it. TMA's placement is
// written here from the CUDA Programming Guide's description of CU_TENSOR_MAP_SWIZZLE_128B
// (rows of 128 bytes, the 16-byte chunk index XOR the row index mod 8, pattern 1024 bytes), a
// second formulation independent of smem_descriptor.hpp. The H200 run decides (bit-exact C).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fragviz/gate/wgmma_gate.hpp"

using fragviz::kWgmmaGateRungs;
using fragviz::WgmmaGateRung;

namespace {

// Byte at which a TMA box with 128-byte rows and the 128B swizzle puts (row, byte in row),
// relative to a 1024-aligned box start.
std::uint32_t tma_sw128_byte(int row, int byte_in_row) {
  const int chunk = (byte_in_row / 16) ^ (row % 8);
  return static_cast<std::uint32_t>(row * 128 + chunk * 16 + byte_in_row % 16);
}

}  // namespace

TEST(WgmmaGate, RungSizesByHand) {
  // Rung 0: 4 stages of A 128x64 (16384 B) + B 64x128 (16384 B), 1024 slack, 4 x 16 barriers.
  EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[0]), 4 * 32768 + 1024 + 64);
  EXPECT_EQ(fragviz::wgmma_gate_threads(kWgmmaGateRungs[0]), 128);
  EXPECT_EQ(fragviz::wgmma_gate_n_multiple(kWgmmaGateRungs[0]), 128);
  // Rungs 1, 2: B 64x256 (32768 B) per stage; producer + 2 consumer warpgroups.
  for (int r = 1; r <= 2; ++r) {
    EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[r]), 4 * 49152 + 1024 + 64);
    EXPECT_EQ(fragviz::wgmma_gate_threads(kWgmmaGateRungs[r]), 384);
    EXPECT_EQ(fragviz::wgmma_gate_n_multiple(kWgmmaGateRungs[r]), 256);
  }
  // Rung 4 (ping-pong): 6 stages of A 128x64 (16384 B) + B 64x128 (16384 B), 1024 slack, 6 x 16
  // barriers; 2-block clusters of 128-row tiles: n a multiple of 256. Each stage is read by one
  // consumer warpgroup (4 warps) in each of the cluster's 2 blocks: 8 releases, where rung 3's
  // two consumer warpgroups per block make 16.
  EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[4]), 6 * 32768 + 1024 + 96);
  EXPECT_EQ(fragviz::wgmma_gate_threads(kWgmmaGateRungs[4]), 384);
  EXPECT_EQ(fragviz::wgmma_gate_n_multiple(kWgmmaGateRungs[4]), 256);
  EXPECT_EQ(fragviz::wgmma_gate_empty_arrivals(kWgmmaGateRungs[4]), 8);
  EXPECT_EQ(fragviz::wgmma_gate_empty_arrivals(kWgmmaGateRungs[3]), 16);
  EXPECT_EQ(fragviz::wgmma_gate_b_boxes_per_block(kWgmmaGateRungs[4]), 1);
  // Rung 5 (TMA store): rung 3's stages plus two 64x32 f32 buffers (8192 B) per consumer
  // warpgroup, before the barriers.
  EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[5]), 4 * 49152 + 4 * 8192 + 1024 + 64);
  EXPECT_EQ(fragviz::wgmma_gate_store_bytes(kWgmmaGateRungs[3]), 0);
  EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[6]), 4 * 49152 + 4 * 8192 + 1024 + 64);
  // Rung 7 (mma.sync consumers): rung 3's stages, threads and releases (8 consumer warps in each of
  // the cluster's 2 blocks).
  EXPECT_TRUE(kWgmmaGateRungs[7].mma_sync);
  EXPECT_EQ(fragviz::wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[7]), 4 * 49152 + 1024 + 64);
  EXPECT_EQ(fragviz::wgmma_gate_threads(kWgmmaGateRungs[7]), 384);
  EXPECT_EQ(fragviz::wgmma_gate_empty_arrivals(kWgmmaGateRungs[7]), 16);
  EXPECT_EQ(fragviz::wgmma_gate_n_multiple(kWgmmaGateRungs[7]), 256);
  // H200's opt-in shared memory per block is 227 KB (232448 B): every rung must fit.
  for (const WgmmaGateRung& r : kWgmmaGateRungs) EXPECT_LE(fragviz::wgmma_gate_dynamic_smem_bytes(r), 232448);
}

// The tma_store epilogue's buffers: 8 KB each, on the 128B swizzle's 1024-byte repeat; each
// consumer's own two sit after every stage's B tile (stages x (16384 + 32768) bytes in) and, with
// the stage pieces, the two consumers' buffers tile exactly their own 32 KB and the 48 KB of the
// stage they are taken from, consumer c's A piece being its own 64 rows.
TEST(WgmmaGate, EpilogueBuffersCoverTheirOwnAndOneStageExactly) {
  for (int rung : {5, 6}) {
    const WgmmaGateRung& r = kWgmmaGateRungs[rung];
    ASSERT_TRUE(r.tma_store);
    const std::uint32_t own = 4 * (16384 + 32768);
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < fragviz::kWgmmaGateStoreBuffers; ++i)
        EXPECT_EQ(fragviz::wgmma_gate_epilogue_buffer_at(r, c, i, 0), own + 8192u * (2u * c + i));
    for (int s = 0; s < r.stages; ++s) {
      const std::uint32_t a = 16384u * s, b = 4 * 16384u + 32768u * s;
      std::vector<std::uint32_t> covered;
      for (int c = 0; c < 2; ++c) {
        EXPECT_EQ(fragviz::wgmma_gate_epilogue_buffer_at(r, c, fragviz::kWgmmaGateStoreBuffers, s),
                  a + 8192u * c)
            << "consumer " << c << " takes its own rows of A";
        for (int i = 0; i < fragviz::kWgmmaGateStoreBuffers + fragviz::kWgmmaGateStageStoreBuffers; ++i) {
          const std::uint32_t at = fragviz::wgmma_gate_epilogue_buffer_at(r, c, i, s);
          EXPECT_EQ(at % 1024, 0u);
          covered.push_back(at);
        }
      }
      std::sort(covered.begin(), covered.end());
      std::vector<std::uint32_t> want;
      for (std::uint32_t o = 0; o < 16384; o += 8192) want.push_back(a + o);
      for (std::uint32_t o = 0; o < 32768; o += 8192) want.push_back(b + o);
      for (std::uint32_t o = 0; o < 4 * 8192; o += 8192) want.push_back(own + o);
      std::sort(want.begin(), want.end());
      EXPECT_EQ(covered, want) << "stage " << s;
    }
  }
}

TEST(WgmmaGate, NRules) {
  EXPECT_FALSE(fragviz::validate_wgmma_gate(0, 1024));
  EXPECT_FALSE(fragviz::validate_wgmma_gate(0, 1152));  // 9 x 128
  EXPECT_FALSE(fragviz::validate_wgmma_gate(0, 128));
  EXPECT_FALSE(fragviz::validate_wgmma_gate(1, 1280));  // 5 x 256
  EXPECT_FALSE(fragviz::validate_wgmma_gate(2, 32768));
  const auto why = fragviz::validate_wgmma_gate(1, 1152);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("multiple of 256"), std::string::npos) << *why;
  EXPECT_TRUE(fragviz::validate_wgmma_gate(0, 1000));
  EXPECT_TRUE(fragviz::validate_wgmma_gate(0, 0));
  EXPECT_TRUE(fragviz::validate_wgmma_gate(0, -128));
  EXPECT_TRUE(fragviz::validate_wgmma_gate(2, 128));    // below one 128x256 tile
  EXPECT_TRUE(fragviz::validate_wgmma_gate(2, 33024));  // above 32768
  EXPECT_FALSE(fragviz::validate_wgmma_gate(4, 1280));  // 5 x 256
  EXPECT_TRUE(fragviz::validate_wgmma_gate(4, 1152));   // 9 x 128: not whole 2-tile clusters
  EXPECT_TRUE(fragviz::validate_wgmma_gate(-1, 1024));
  EXPECT_TRUE(fragviz::validate_wgmma_gate(fragviz::kWgmmaGateRungCount, 1024));
}

TEST(WgmmaGate, TensorMapParametersByHand) {
  const auto a = fragviz::wgmma_gate_tensor_map_a(kWgmmaGateRungs[1], 4096);
  EXPECT_EQ(a.global_dim[0], 4096u);
  EXPECT_EQ(a.global_dim[1], 4096u);
  EXPECT_EQ(a.global_stride, 8192u);  // 4096 halves
  EXPECT_EQ(a.box_dim[0], 64u);       // 128 bytes: the 128B swizzle's span
  EXPECT_EQ(a.box_dim[1], 128u);
  EXPECT_EQ(a.box_bytes, 16384u);
  const auto b = fragviz::wgmma_gate_tensor_map_b(kWgmmaGateRungs[1], 8192);
  EXPECT_EQ(b.global_stride, 16384u);
  EXPECT_EQ(b.box_dim[0], 64u);
  EXPECT_EQ(b.box_dim[1], 64u);
  EXPECT_EQ(b.box_bytes, 8192u);
  // One stage's transaction bytes: A's box plus block_n / 64 of B's.
  for (const WgmmaGateRung& r : kWgmmaGateRungs)
    EXPECT_EQ(
        fragviz::wgmma_gate_tensor_map_a(r, 1024).box_bytes +
            fragviz::wgmma_gate_tensor_map_b(r, 1024).box_bytes * static_cast<std::uint32_t>(r.block_n / 64),
        static_cast<std::uint32_t>(fragviz::wgmma_gate_a_stage_bytes(r) +
                                   fragviz::wgmma_gate_b_stage_bytes(r)));
}

// The tma_store epilogue: C's map (f32) by hand, and every element a consumer writes into a buffer
// lands where the TMA store of a 128B-swizzled box reads it.
TEST(WgmmaGate, StoreBufferIsWhereTmaReads) {
  const auto c = fragviz::wgmma_gate_tensor_map_c(4096);
  EXPECT_EQ(c.global_dim[0], 4096u);
  EXPECT_EQ(c.global_dim[1], 4096u);
  EXPECT_EQ(c.global_stride, 16384u);  // 4096 floats
  EXPECT_EQ(c.box_dim[0], 32u);        // 128 bytes: the 128B swizzle's span
  EXPECT_EQ(c.box_dim[1], 64u);
  EXPECT_EQ(c.box_bytes, 8192u);
  std::set<std::uint32_t> bytes;
  for (int row = 0; row < 64; ++row)
    for (int col = 0; col < 32; ++col) {
      const std::uint32_t at = fragviz::wgmma_gate_store_offset(row, col);
      ASSERT_EQ(at, tma_sw128_byte(row, 4 * col)) << "(" << row << "," << col << ")";
      bytes.insert(at);
    }
  EXPECT_EQ(bytes.size(), 64u * 32u);
  EXPECT_EQ(*bytes.rbegin(), 8192u - 4u);
}

// The mma_sync rung's ldmatrix row addresses: each lane's row (A: m, B: k) and 16-byte column chunk
// from the PTX ISA's ldmatrix description (lanes 8j .. 8j+7 give matrix j's rows), placed where
// TMA's 128B swizzle writes that element (tma_sw128_byte above, B in 64-column boxes of 8192
// bytes); the m16 tile and k16 step shifts the kernel adds stay that placement; and each 8x8
// matrix's eight rows fall in eight different 16-byte bank groups (no bank conflict).
TEST(WgmmaGate, MmaSyncLdmatrixAddressesAreWhereTmaWrote) {
  using fragviz::wgmma_gate_ldmatrix_a_offset;
  using fragviz::wgmma_gate_ldmatrix_b_offset;
  for (int warp = 0; warp < 8; ++warp) {
    const int warp_row = (warp % 2) * fragviz::kWgmmaGateMmaWarpM,
              warp_col = (warp / 2) * fragviz::kWgmmaGateMmaWarpN;
    for (int ks = 0; ks < 4; ++ks) {
      for (int i = 0; i < fragviz::kWgmmaGateMmaWarpM / 16; ++i) {
        std::set<std::uint32_t> groups[4];
        for (int lane = 0; lane < 32; ++lane) {
          // ldmatrix.x4 for m16n8k16's A: matrices (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7,
          // k 8-15), (rows 8-15, k 8-15): a0..a3.
          const int row = warp_row + 16 * i + (lane / 8 % 2) * 8 + lane % 8, k = 16 * ks + (lane / 16) * 8;
          const std::uint32_t at = wgmma_gate_ldmatrix_a_offset(warp_row, lane, ks) + 16u * 128u * i;
          ASSERT_EQ(at, tma_sw128_byte(row, 2 * k)) << "warp " << warp << " lane " << lane;
          groups[lane / 8].insert(at / 16 % 8);
        }
        for (const auto& g : groups) EXPECT_EQ(g.size(), 8u);
      }
      for (int p = 0; p < fragviz::kWgmmaGateMmaWarpN / 16; ++p) {
        std::set<std::uint32_t> groups[4];
        for (int lane = 0; lane < 32; ++lane) {
          // ldmatrix.x4.trans for two n8 tiles: matrices (k 0-7, tile 2p), (k 8-15, tile 2p),
          // (k 0-7, tile 2p+1), (k 8-15, tile 2p+1): b0 b1 of tile 2p, then of tile 2p+1.
          const int k = 16 * ks + (lane / 8 % 2) * 8 + lane % 8, col = warp_col + 16 * p + (lane / 16) * 8;
          const std::uint32_t at = wgmma_gate_ldmatrix_b_offset(warp_col, lane, p) + 16u * 128u * ks;
          ASSERT_EQ(at, static_cast<std::uint32_t>(col / 64) * 8192u + tma_sw128_byte(k, 2 * (col % 64)))
              << "warp " << warp << " lane " << lane;
          groups[lane / 8].insert(at / 16 % 8);
        }
        for (const auto& g : groups) EXPECT_EQ(g.size(), 8u);
      }
    }
  }
}

// Stream-K's shares by hand at 8192 on 66 clusters: 1024 units of 128 k-blocks are 15 whole waves
// (990 units) and 34 units = 4352 k-blocks, 4352 / 66 = 65.94 each. At 4096 (256 units of 64) the
// last wave has 58 units for 66 clusters, more than three quarters: it stays whole.
TEST(WgmmaGate, StreamKSharesByHand) {
  const auto first = fragviz::wgmma_gate_stream_k(0, 66, 1024, 128);
  EXPECT_EQ(first.whole, 990);
  EXPECT_EQ(first.begin, 0);
  EXPECT_EQ(first.end, 65);  // floor(4352 / 66)
  const auto last = fragviz::wgmma_gate_stream_k(65, 66, 1024, 128);
  EXPECT_EQ(last.begin, 4286);  // floor(4352 * 65 / 66)
  EXPECT_EQ(last.end, 4352);
  const auto at4096 = fragviz::wgmma_gate_stream_k(7, 66, 256, 64);
  EXPECT_EQ(at4096.whole, 256);
  EXPECT_EQ(at4096.begin, at4096.end);
  // Exactly three quarters (3 of 4) is shared out.
  EXPECT_EQ(fragviz::wgmma_gate_stream_k(0, 4, 7, 8).whole, 4);
  // Whole waves only: no last wave to share.
  const auto even = fragviz::wgmma_gate_stream_k(3, 64, 64, 32);
  EXPECT_EQ(even.whole, 64);
  EXPECT_EQ(even.begin, even.end);
}

// Every k-block of every unit is summed exactly once over all clusters, whole units one cluster
// each, the last wave's shares within one k-block of each other, and every piece of a last-wave
// unit shorter than the unit (so it is always added, never stored).
TEST(WgmmaGate, StreamKCoversEveryKBlockOnce) {
  struct Case {
    int clusters, units, kblocks;
  };
  for (const Case& k :
       {Case{66, 256, 64}, Case{66, 400, 80}, Case{66, 1024, 128}, Case{66, 64, 32}, Case{5, 7, 3},
        Case{66, 65, 512}, Case{1, 1, 4}, Case{4, 7, 8}, Case{66, 576, 96}, Case{66, 144, 48}}) {
    SCOPED_TRACE(std::to_string(k.clusters) + " clusters, " + std::to_string(k.units) + " units, " +
                 std::to_string(k.kblocks) + " k-blocks");
    std::vector<int> count(static_cast<std::size_t>(k.units * k.kblocks), 0);
    long long least = -1, most = 0;
    for (int c = 0; c < k.clusters; ++c) {
      const auto s = fragviz::wgmma_gate_stream_k(c, k.clusters, k.units, k.kblocks);
      ASSERT_TRUE(s.whole % k.clusters == 0 || s.whole == k.units);
      ASSERT_LE(4 * (k.units - s.whole), 3 * k.clusters);
      for (int t = c; t < s.whole; t += k.clusters)
        for (int kb = 0; kb < k.kblocks; ++kb) ++count[static_cast<std::size_t>(t * k.kblocks + kb)];
      for (long long j = s.begin; j < s.end; ++j) ++count[static_cast<std::size_t>(s.whole * k.kblocks + j)];
      EXPECT_LT(s.end - s.begin, k.kblocks);
      least = least < 0 ? s.end - s.begin : std::min(least, s.end - s.begin);
      most = std::max(most, s.end - s.begin);
    }
    EXPECT_LE(most - least, 1);
    for (std::size_t i = 0; i < count.size(); ++i) ASSERT_EQ(count[i], 1) << "unit " << i / k.kblocks;
  }
}

TEST(WgmmaGate, DescriptorBitsByHand) {
  // A: stage at 1024, rows 64.., k-step 1: start 1024 + 64*128 + 32 = 9248 (>>4 = 0x242, bits
  // 0-13), LBO 16 (>>4 = 1, bits 16-29), SBO 1024 (>>4 = 0x40, bits 32-45), 128B = 1 at 62.
  EXPECT_EQ(fragviz::encode_descriptor(fragviz::wgmma_gate_a_descriptor(1024, 64, 1)), 0x4000004000010242ull);
  // B: stage at 0x8000, k-step 3: start 32768 + 3*2048 = 38912 (>>4 = 0x980), LBO 8192 (0x200),
  // SBO 1024 (0x40).
  EXPECT_EQ(fragviz::encode_descriptor(fragviz::wgmma_gate_b_descriptor(0x8000, 0, 3)),
            0x4000004002000980ull);
  // B columns 128.. start two boxes on.
  EXPECT_EQ(fragviz::wgmma_gate_b_descriptor(0, 128, 0).start_address, 16384u);
}

// Every element of every wgmma a rung issues on one stage: where wgmma reads it (the descriptor
// through smem_descriptor.hpp's canonical layout) is where TMA wrote it.
TEST(WgmmaGate, DescriptorsReadWhereTmaWrote) {
  const std::uint32_t a_stage = 3 * 1024, b_stage = 40 * 1024;  // any 1024-aligned starts
  for (const WgmmaGateRung& r : kWgmmaGateRungs) {
    SCOPED_TRACE(r.name);
    if (r.mma_sync) continue;  // no wgmma: its ldmatrix addresses are MmaSyncLdmatrixAddresses...'s
    for (int kk = 0; kk < r.block_k / 16; ++kk) {
      for (int m0 = 0; m0 < r.block_m; m0 += 64) {
        const fragviz::MatrixDescriptor d = fragviz::wgmma_gate_a_descriptor(a_stage, m0, kk);
        fragviz::SmemOperandLayout l{fragviz::ElemType::f16,
                                     fragviz::Major::K,
                                     d.swizzle,
                                     d.leading_byte_offset,
                                     d.stride_byte_offset,
                                     64,
                                     16};
        ASSERT_FALSE(fragviz::validate_layout(l, d.start_address));
        for (int mn = 0; mn < 64; ++mn)
          for (int k = 0; k < 16; ++k)
            ASSERT_EQ(fragviz::smem_operand_address(l, d.start_address, mn, k),
                      a_stage + tma_sw128_byte(m0 + mn, 2 * (16 * kk + k)))
                << "A m0 " << m0 << " kk " << kk << " (" << mn << "," << k << ")";
      }
      for (int n0 = 0; n0 < r.block_n; n0 += r.wgmma_n) {
        const fragviz::MatrixDescriptor d = fragviz::wgmma_gate_b_descriptor(b_stage, n0, kk);
        fragviz::SmemOperandLayout l{
            fragviz::ElemType::f16, fragviz::Major::MN, d.swizzle, d.leading_byte_offset,
            d.stride_byte_offset,   r.wgmma_n,          16};
        ASSERT_FALSE(fragviz::validate_layout(l, d.start_address));
        for (int nn = 0; nn < r.wgmma_n; ++nn)
          for (int k = 0; k < 16; ++k) {
            const int col = n0 + nn, row = 16 * kk + k;  // B tile: rows k, boxes of 64 columns
            ASSERT_EQ(
                fragviz::smem_operand_address(l, d.start_address, nn, k),
                b_stage + static_cast<std::uint32_t>(col / 64) * 8192u + tma_sw128_byte(row, 2 * (col % 64)))
                << "B n0 " << n0 << " kk " << kk << " (" << nn << "," << k << ")";
          }
      }
    }
  }
}

TEST(WgmmaGate, TileOrderByHand) {
  // 5 tile rows x 3 tile columns, groups of 2 rows: down each group's rows, then across.
  const std::pair<int, int> want[15] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 0},
                                        {2, 1}, {3, 1}, {2, 2}, {3, 2}, {4, 0}, {4, 1}, {4, 2}};
  for (int t = 0; t < 15; ++t) {
    const auto tile = fragviz::wgmma_gate_tile_order(t, 5, 3, 2);
    EXPECT_EQ(std::make_pair(tile.m, tile.n), want[t]) << "t " << t;
  }
}

TEST(WgmmaGate, TileOrderCoversEveryTileOnce) {
  for (const auto [tiles_m, tiles_n] :
       {std::pair{64, 32}, std::pair{8, 4}, std::pair{20, 7}, std::pair{3, 1}}) {
    std::set<std::pair<int, int>> seen;
    for (int t = 0; t < tiles_m * tiles_n; ++t) {
      const auto tile = fragviz::wgmma_gate_tile_order(t, tiles_m, tiles_n, 16);
      ASSERT_TRUE(tile.m >= 0 && tile.m < tiles_m && tile.n >= 0 && tile.n < tiles_n) << t;
      seen.insert({tile.m, tile.n});
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(tiles_m * tiles_n));
  }
}
