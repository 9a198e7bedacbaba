// The wgmma shared-memory descriptor and its canonical layouts, against the PTX ISA text's bit
// positions ("Matrix Descriptor Format") and against CuTe's canonical GMMA layouts as
// cute/atom/mma_traits_sm90_gmma.hpp writes them (make_gmma_desc's comment), evaluated here by a
// generic shape:stride evaluator and Swizzle<B,M,S> written from CuTe's definition: a different
// formulation from fragviz's closed formulas, so the two can disagree. The H200 decides
// (docs/device-runs/: every element of every probed layout read back through wgmma).
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "fragviz/isa/smem_descriptor.hpp"

using fragviz::ElemType;
using fragviz::Major;
using fragviz::SmemOperandLayout;
using fragviz::SmemSwizzle;

namespace {

// CuTe: Swizzle<B,M,S>: offset ^ ((offset & (mask(B) << (M+S))) >> S).
std::uint32_t cute_swizzle(int b, int m, int s, std::uint32_t offset) {
  const std::uint32_t yyy = ((1u << b) - 1u) << (m + s);
  return offset ^ ((offset & yyy) >> s);
}

struct Mode {
  int shape;
  std::int64_t stride;
};
// A rank-2 layout of nested modes: coordinate c splits colexicographically over the modes.
std::int64_t eval(const std::vector<Mode>& modes, int c) {
  std::int64_t off = 0;
  for (const Mode& m : modes) {
    off += (c % m.shape) * m.stride;
    c /= m.shape;
  }
  return off;
}

// make_gmma_desc's canonical forms in elements (T = 16 / element bytes, W = 1/2/4/8, strides
// LBO/SBO turned into elements), then bytes from the start, then Swizzle<log2 W, 4, 3>:
//   K-major  INTERLEAVE ((8,m),(T,2)):((1T,SBO),(1,LBO));  B32/64/128 ((8,m),(T,2)):((W*T,SBO),(1,T))
//   MN-major INTERLEAVE ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO)); B32/64/128
//   ((T,W,m),(8,k)):((1,T,LBO),(W*T,SBO))
std::uint32_t cute_address(const SmemOperandLayout& l, std::uint32_t start, int mn, int k) {
  const int eb = fragviz::element_bits(l.type) / 8, t = 16 / eb;
  const int w = l.swizzle == SmemSwizzle::b128  ? 8
                : l.swizzle == SmemSwizzle::b64 ? 4
                : l.swizzle == SmemSwizzle::b32 ? 2
                                                : 1;
  const std::int64_t lbo = l.lbo / eb, sbo = l.sbo / eb;
  std::int64_t off = 0;
  if (l.major == Major::K) {
    const std::vector<Mode> m_modes = {{8, w == 1 ? t : w * t}, {256, sbo}};
    const std::vector<Mode> k_modes = {{t, 1}, {2, w == 1 ? lbo : t}};
    off = eval(m_modes, mn) + eval(k_modes, k);
  } else if (w == 1) {
    off = eval({{t, 1}, {1, t}, {256, sbo}}, mn) + eval({{8, t}, {256, lbo}}, k);
  } else {
    off = eval({{t, 1}, {w, t}, {256, lbo}}, mn) + eval({{8, w * t}, {256, sbo}}, k);
  }
  const int b = w == 8 ? 3 : w == 4 ? 2 : w == 2 ? 1 : 0;
  return cute_swizzle(b, 4, 3, start + static_cast<std::uint32_t>(off * eb));
}

const ElemType kTypes[] = {ElemType::f16,  ElemType::bf16, ElemType::tf32, ElemType::e4m3,
                           ElemType::e5m2, ElemType::s8,   ElemType::u8};
const SmemSwizzle kSwizzles[] = {SmemSwizzle::none, SmemSwizzle::b32, SmemSwizzle::b64, SmemSwizzle::b128};

}  // namespace

TEST(SmemDescriptor, FieldsSitWherePtxPutsThem) {
  // "Matrix Descriptor Format": start address bits 0-13, leading dimension byte offset 16-29,
  // stride dimension byte offset 32-45, each (x & 0x3FFFF) >> 4; base offset 49-51; swizzle mode
  // 62-63 with 0 none, 1 128B, 2 64B, 3 32B.
  fragviz::MatrixDescriptor d;
  d.start_address = 0x400;
  d.leading_byte_offset = 16;
  d.stride_byte_offset = 1024;
  d.swizzle = SmemSwizzle::b128;
  EXPECT_EQ(fragviz::encode_descriptor(d), (0x40ull) | (1ull << 16) | (64ull << 32) | (1ull << 62));
  d.swizzle = SmemSwizzle::b32;
  d.base_offset = 5;
  EXPECT_EQ(fragviz::encode_descriptor(d),
            (0x40ull) | (1ull << 16) | (64ull << 32) | (5ull << 49) | (3ull << 62));
  d.swizzle = SmemSwizzle::b64;
  EXPECT_EQ(fragviz::encode_descriptor(d) >> 62, 2u);
  // 14 bits of 16 bytes: 0x3FFF0 is the largest start; 0x40000 wraps to 0.
  d = {};
  d.start_address = 0x3FFF0;
  EXPECT_EQ(fragviz::encode_descriptor(d), 0x3FFFull);
  d.start_address = 0x40000;
  EXPECT_EQ(fragviz::encode_descriptor(d), 0ull);
}

TEST(SmemDescriptor, DecodeInvertsEncode) {
  std::uint64_t state = 7;
  for (int i = 0; i < 2000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    fragviz::MatrixDescriptor d;
    d.start_address = static_cast<std::uint32_t>((state >> 10) & 0x3FFF) << 4;
    d.leading_byte_offset = static_cast<std::uint32_t>((state >> 24) & 0x3FFF) << 4;
    d.stride_byte_offset = static_cast<std::uint32_t>((state >> 38) & 0x3FFF) << 4;
    d.base_offset = static_cast<int>((state >> 52) & 7);
    d.swizzle = static_cast<SmemSwizzle>((state >> 60) & 3);
    const auto back = fragviz::decode_descriptor(fragviz::encode_descriptor(d));
    EXPECT_EQ(back.start_address, d.start_address);
    EXPECT_EQ(back.leading_byte_offset, d.leading_byte_offset);
    EXPECT_EQ(back.stride_byte_offset, d.stride_byte_offset);
    EXPECT_EQ(back.base_offset, d.base_offset);
    EXPECT_EQ(back.swizzle, d.swizzle);
  }
}

TEST(SmemDescriptor, AddressesAreCuteCanonicalLayoutsForEveryTypeModeAndStride) {
  long checked = 0;
  for (ElemType type : kTypes) {
    const int k = 32 / (fragviz::element_bits(type) / 8);
    for (Major major : {Major::K, Major::MN}) {
      if (major == Major::MN && fragviz::element_bits(type) != 16) continue;
      for (SmemSwizzle s : kSwizzles) {
        for (int mn : {8, 64, 256}) {
          SmemOperandLayout l = fragviz::canonical_layout(type, major, s, mn, k);
          // Tight and padded strides alike (the padded ones keep the core matrices apart).
          for (int pad : {0, 1}) {
            SmemOperandLayout p = l;
            p.lbo += static_cast<std::uint32_t>(pad * 2048);
            p.sbo += static_cast<std::uint32_t>(pad * 4096);
            for (std::uint32_t start : {0u, 2048u}) {
              for (int m = 0; m < mn; ++m) {
                for (int kk = 0; kk < k; ++kk) {
                  ASSERT_EQ(fragviz::smem_operand_address(p, start, m, kk), cute_address(p, start, m, kk))
                      << fragviz::to_string(type) << " " << fragviz::to_string(major) << "-major "
                      << fragviz::to_string(s) << " mn " << mn << " (" << m << "," << kk << ") lbo " << p.lbo
                      << " sbo " << p.sbo;
                  ++checked;
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 500000);
}

TEST(SmemDescriptor, Swizzle128BIsChunkXorRowWithinEachEightRowAtom) {
  // PTX-FACTS section 4, from the TMA/CuTe side: 128B swizzle of a 64-half row-major K-major tile
  // puts (r, c) in physical chunk (c / 8) ^ (r % 8) of row r.
  const SmemOperandLayout l = fragviz::canonical_layout(ElemType::f16, Major::K, SmemSwizzle::b128, 64, 16);
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 16; ++c) {
      const std::uint32_t a = fragviz::smem_operand_address(l, 0, r, c);
      EXPECT_EQ(a / 128, static_cast<std::uint32_t>(r));
      EXPECT_EQ((a % 128) / 16, static_cast<std::uint32_t>((c / 8) ^ (r % 8)));
      EXPECT_EQ(fragviz::core_matrix_place(l, 0, r, c).chunk, (c / 8) ^ (r % 8));
    }
}

TEST(SmemDescriptor, CanonicalLayoutsAreLegalAndTight) {
  for (ElemType type : kTypes) {
    const int k = 32 / (fragviz::element_bits(type) / 8);
    for (Major major : {Major::K, Major::MN}) {
      if (major == Major::MN && fragviz::element_bits(type) != 16) continue;
      for (SmemSwizzle s : kSwizzles) {
        for (int mn : {8, 16, 64, 128, 256}) {
          const SmemOperandLayout l = fragviz::canonical_layout(type, major, s, mn, k);
          EXPECT_EQ(fragviz::validate_layout(l, 0), std::nullopt)
              << fragviz::to_string(type) << " " << fragviz::to_string(major) << " " << fragviz::to_string(s);
          // Tight: when the tile fills whole swizzle atoms, the footprint is the data itself.
          const int atom_mn =
              major == Major::K ? 8 : (16 / (fragviz::element_bits(type) / 8)) * fragviz::swizzle_units(s);
          const std::uint32_t data = static_cast<std::uint32_t>(mn * 32);
          const bool whole = mn % atom_mn == 0 && (major == Major::MN || fragviz::swizzle_units(s) <= 2);
          if (whole)
            EXPECT_EQ(fragviz::layout_footprint_bytes(l, 0), data) << fragviz::to_string(s) << " mn " << mn;
        }
      }
    }
  }
}

TEST(SmemDescriptor, IllegalLayoutsAreRefusedWithTheRule) {
  const SmemOperandLayout b128 =
      fragviz::canonical_layout(ElemType::f16, Major::K, SmemSwizzle::b128, 64, 16);
  // A K-major start may move along K inside the first 128-byte row (the k-step CUTLASS takes) ...
  EXPECT_EQ(fragviz::validate_layout(b128, 32), std::nullopt);
  EXPECT_EQ(fragviz::validate_layout(b128, 1024 + 96), std::nullopt);
  // ... but not into another row of the pattern, and never off 16 bytes.
  EXPECT_NE(fragviz::validate_layout(b128, 128)->find("1024-byte boundary"), std::string::npos);
  EXPECT_NE(fragviz::validate_layout(b128, 8)->find("multiple of 16"), std::string::npos);
  // M/N-major: only 16-bit types; and the pattern must start on its boundary.
  SmemOperandLayout mn = fragviz::canonical_layout(ElemType::f16, Major::MN, SmemSwizzle::b64, 64, 16);
  EXPECT_NE(fragviz::validate_layout(mn, 32), std::nullopt);
  mn.type = ElemType::tf32;
  mn.k = 8;
  EXPECT_NE(fragviz::validate_layout(mn, 0)->find(".f16 and .bf16 only"), std::string::npos);
  // Overlapping core matrices: SBO smaller than a core matrix.
  SmemOperandLayout none = fragviz::canonical_layout(ElemType::f16, Major::K, SmemSwizzle::none, 64, 16);
  none.sbo = 64;
  EXPECT_NE(fragviz::validate_layout(none, 0)->find("overlap"), std::string::npos);
  none.sbo = 256;
  none.lbo = 0;
  EXPECT_NE(fragviz::validate_layout(none, 0)->find("overlap"), std::string::npos);
  // Fields beyond 14 bits of 16 bytes, and past shared memory.
  none.lbo = 128;
  none.sbo = 1u << 18;
  EXPECT_NE(fragviz::validate_layout(none, 0)->find("SBO"), std::string::npos);
  none.sbo = 8192;
  EXPECT_NE(fragviz::validate_layout(none, 200000)->find("227 KB"), std::string::npos);
  // A K extent other than one wgmma's 32 bytes.
  SmemOperandLayout wide = b128;
  wide.k = 32;
  EXPECT_NE(fragviz::validate_layout(wide, 0), std::nullopt);
}

TEST(SmemDescriptor, DescribeNamesEveryField) {
  const auto lines = fragviz::describe_descriptor(0x4000004000010040ull);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_NE(lines[1].find("byte 0x00400"), std::string::npos);
  EXPECT_NE(lines[2].find("16 bytes"), std::string::npos);
  EXPECT_NE(lines[3].find("1024 bytes"), std::string::npos);
  EXPECT_NE(lines[5].find("128B"), std::string::npos);
}

// Newcomer issue 22: every bit set decoded as if it were a descriptor. The PTX ISA's Matrix
// Descriptor Format leaves 14-15, 30-31, 46-48 and 52-61 to no field (worked out from its table by
// hand: start 0-13, LBO 16-29, SBO 32-45, base offset 49-51, swizzle 62-63).
TEST(SmemDescriptor, ReservedBitsSetAreNamedByRun) {
  const auto all = fragviz::descriptor_reserved_set(~0ull);
  ASSERT_EQ(all.size(), 4u);
  const int want[4][2] = {{14, 15}, {30, 31}, {46, 48}, {52, 61}};
  const unsigned long long set[4] = {0x3, 0x3, 0x7, 0x3ff};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(all[i].lo, want[i][0]);
    EXPECT_EQ(all[i].hi, want[i][1]);
    EXPECT_EQ(all[i].set, set[i]);
  }
  EXPECT_TRUE(fragviz::descriptor_reserved_set(0x4000004000010040ull).empty());
  EXPECT_FALSE(fragviz::descriptor_reserved_warning(0x4000004000010040ull).has_value());
  const auto one = fragviz::descriptor_reserved_set(0x4000004000010040ull | 1ull << 47);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].lo, 46);
  EXPECT_EQ(one[0].set, 0x2u);
  // In its place among the fields: after SBO, before base offset.
  const auto lines = fragviz::describe_descriptor(0x4000004000010040ull | 1ull << 47);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[4], "reserved         bits 46-48  0x2  set (reserved: should be 0)");
}

// Issue 26, the Hopper side: the wgmma descriptor text ("Matrix Descriptor Format") has the same
// base-offset rule. 0x4000004000010108: start 0x1080 (0x108), LBO 16 (1 << 16), SBO 1024
// (0x40 << 32), swizzle 128B (1 << 62), base offset 0; a pattern starting at 0x1080 needs
// (0x1080 >> 7) & 7 = 1.
TEST(SmemDescriptor, StartOffThePatternBoundaryWithBaseOffsetZeroWarns) {
  const auto w = fragviz::descriptor_base_offset_warning(fragviz::decode_descriptor(0x4000004000010108ull));
  ASSERT_TRUE(w.has_value());
  EXPECT_NE(w->find("start address 0x01080 is 128 bytes into the 128B swizzle's 1024-byte pattern"),
            std::string::npos)
      << *w;
  EXPECT_NE(w->find("the base offset must be (0x01080 >> 7) & 7 = 1"), std::string::npos) << *w;
  EXPECT_NE(w->find("fragviz does not model non-zero base offsets"), std::string::npos) << *w;
  // 32B (3 << 62) repeats every 256 bytes: 0x180 (0x18) is 128 bytes in, (0x180 >> 7) & 7 = 3.
  const auto w32 = fragviz::descriptor_base_offset_warning(fragviz::decode_descriptor(0xC000004000010018ull));
  ASSERT_TRUE(w32.has_value());
  EXPECT_NE(w32->find("(0x00180 >> 7) & 7 = 3"), std::string::npos) << *w32;
  // Base offset 1 (1 << 49), a boundary start (0x1000), no swizzle: no warning.
  EXPECT_FALSE(fragviz::descriptor_base_offset_warning(fragviz::decode_descriptor(0x4002004000010108ull)));
  EXPECT_FALSE(fragviz::descriptor_base_offset_warning(fragviz::decode_descriptor(0x4000004000010100ull)));
  EXPECT_FALSE(fragviz::descriptor_base_offset_warning(fragviz::decode_descriptor(0x0000004000010108ull)));
}
