// The wgmma catalogue against the PTX ISA text.
//
// Transcribed here from PTX ISA 9.0, "Asynchronous Warpgroup Level Matrix Multiply-Accumulate
// Instructions" -> "Register Fragments and Shared Memory Matrix Layouts" (the figures' row/col
// rules, per warp of the warpgroup) and "Warpgroup MMA: wgmma.mma_async" (shapes, types, N per
// type), never from fragviz/isa/wgmma.hpp. CuTe's CLayout_64xN / ALayout_64x{8,16,32} are checked in
// tests/cute; the H200 checks everything (docs/device-runs/).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fragviz/isa/wgmma.hpp"

using fragviz::Coord;
using fragviz::ElemType;
using fragviz::WgmmaInstruction;

namespace {

// "%warpid" of the warpgroup's thread, groupID and threadID_in_group of its lane.
int warp_of(int tid) { return tid / 32; }
int groupID(int tid) { return (tid % 32) >> 2; }
int threadID_in_group(int tid) { return (tid % 32) % 4; }

// Figure "WGMMA .m64nNk* register fragment layout for accumulator matrix D": each warp owns 16
// rows; d_{4j}, d_{4j+1} at row groupID, d_{4j+2}, d_{4j+3} at row groupID + 8, columns
// 8j + threadID_in_group * 2 + (0, 1).
Coord ptx_d(int tid, int i) {
  const int j = i / 4, r = i % 4;
  const int row = 16 * warp_of(tid) + groupID(tid) + (r >= 2 ? 8 : 0);
  const int col = 8 * j + threadID_in_group(tid) * 2 + (r % 2);
  return Coord{row, col, 0};
}

// Figure "WGMMA .m64nNk16 register fragment layout for matrix A" (16-bit types): per warp,
//   a0,a1: (groupID, threadID_in_group*2 + 0/1)      a2,a3: (groupID + 8, same cols)
//   a4,a5: (groupID, threadID_in_group*2 + 8 + 0/1)  a6,a7: (groupID + 8, same cols)
Coord ptx_a16(int tid, int i) {
  const int g = groupID(tid), t = threadID_in_group(tid), base = 16 * warp_of(tid);
  switch (i) {
    case 0:
      return {base + g, t * 2};
    case 1:
      return {base + g, t * 2 + 1};
    case 2:
      return {base + g + 8, t * 2};
    case 3:
      return {base + g + 8, t * 2 + 1};
    case 4:
      return {base + g, t * 2 + 8};
    case 5:
      return {base + g, t * 2 + 9};
    case 6:
      return {base + g + 8, t * 2 + 8};
    default:
      return {base + g + 8, t * 2 + 9};
  }
}

// ".m64nNk8" (.tf32): a0 (groupID, threadID_in_group), a1 (groupID + 8, same), a2 (groupID,
// threadID_in_group + 4), a3 (groupID + 8, threadID_in_group + 4).
Coord ptx_a32(int tid, int i) {
  const int g = groupID(tid), t = threadID_in_group(tid), base = 16 * warp_of(tid);
  return Coord{base + g + (i % 2 ? 8 : 0), t + (i >= 2 ? 4 : 0), 0};
}

// ".m64nNk32" (8-bit types): a0..a3 (groupID, threadID_in_group*4 + i), a4..a7 (groupID + 8,
// threadID_in_group*4 + i - 4), a8..a11 (groupID, threadID_in_group*4 + i - 8 + 16), a12..a15
// (groupID + 8, threadID_in_group*4 + i - 12 + 16).
Coord ptx_a8(int tid, int i) {
  const int g = groupID(tid), t = threadID_in_group(tid), base = 16 * warp_of(tid);
  if (i < 4) return {base + g, t * 4 + i};
  if (i < 8) return {base + g + 8, t * 4 + i - 4};
  if (i < 12) return {base + g, t * 4 + i - 8 + 16};
  return {base + g + 8, t * 4 + i - 12 + 16};
}

std::string type_name(ElemType t) { return std::string(fragviz::to_string(t)); }

}  // namespace

TEST(Wgmma, MnemonicsAreSpelledAsPtxWritesThem) {
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    const std::string want = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(in.n) + "k" +
                             std::to_string(in.k) + "." + type_name(in.d_type) + "." + type_name(in.a_type) +
                             "." + type_name(in.b_type);
    EXPECT_EQ(in.mnemonic, want);
    // K is 32 bytes of the input type: k16 for .f16/.bf16, k8 for .tf32, k32 for the 8-bit types.
    const int want_k = in.a_type == ElemType::tf32                                   ? 8
                       : (in.a_type == ElemType::f16 || in.a_type == ElemType::bf16) ? 16
                                                                                     : 32;
    EXPECT_EQ(in.k, want_k) << in.mnemonic;
    EXPECT_EQ(in.m, 64);
    EXPECT_EQ(in.transpose_allowed, in.a_type == ElemType::f16 || in.a_type == ElemType::bf16) << in.mnemonic;
  }
}

TEST(Wgmma, CatalogueHoldsEveryNForF16AndBf16AndOnlyLegalN) {
  std::set<std::string> names;
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue())
    EXPECT_TRUE(names.insert(in.mnemonic).second) << in.mnemonic;
  for (int n = 8; n <= 256; n += 8) {
    for (const char* types : {".f32.f16.f16", ".f16.f16.f16", ".f32.bf16.bf16"}) {
      const std::string m = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k16" + types;
      EXPECT_TRUE(names.count(m)) << m;
    }
  }
  // "Warpgroup MMA: wgmma.mma_async": .s8/.u8 with .s32 D take N = 8, 16, 24, 32, 48, 64, ... 256.
  const std::vector<int> integer_n = fragviz::wgmma_legal_n(ElemType::s8);
  EXPECT_EQ(integer_n.size(), 4u + 14u);
  EXPECT_EQ(integer_n[3], 32);
  EXPECT_EQ(integer_n[4], 48);
  EXPECT_EQ(fragviz::wgmma_legal_n(ElemType::f16).size(), 32u);
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    const auto legal = fragviz::wgmma_legal_n(in.a_type);
    EXPECT_NE(std::find(legal.begin(), legal.end(), in.n), legal.end()) << in.mnemonic;
  }
}

TEST(Wgmma, RegisterCountsFollowTheTypes) {
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    // D: 64 x N over 128 threads = N/2 elements; f16 D packs two per register.
    EXPECT_EQ(fragviz::wgmma_d_elements(in), in.n / 2);
    EXPECT_EQ(fragviz::wgmma_d_registers(in), in.d_type == ElemType::f16 ? in.n / 4 : in.n / 2)
        << in.mnemonic;
    // A from registers: 64 x 32 bytes over 128 threads = 16 bytes = four 32-bit registers.
    EXPECT_EQ(fragviz::wgmma_a_elements(in) * fragviz::element_bits(in.a_type), 4 * 32) << in.mnemonic;
  }
}

TEST(Wgmma, AccumulatorMapIsThePtxFigureAtEveryN) {
  long checked = 0;
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    std::set<std::pair<int, int>> cells;
    for (int tid = 0; tid < fragviz::kWarpgroupSize; ++tid) {
      for (int i = 0; i < fragviz::wgmma_d_elements(in); ++i) {
        const Coord got = fragviz::wgmma_d_coord(in, tid, i), want = ptx_d(tid, i);
        ASSERT_EQ(got.row, want.row) << in.mnemonic << " thread " << tid << " d" << i;
        ASSERT_EQ(got.col, want.col) << in.mnemonic << " thread " << tid << " d" << i;
        cells.insert({got.row, got.col});
        ++checked;
      }
    }
    EXPECT_EQ(cells.size(), static_cast<std::size_t>(64 * in.n))
        << in.mnemonic << ": not every D cell exactly once";
  }
  EXPECT_GT(checked, 100000);
}

TEST(Wgmma, RegisterAMapIsThePtxFigureForEachWidth) {
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    std::set<std::pair<int, int>> cells;
    for (int tid = 0; tid < fragviz::kWarpgroupSize; ++tid) {
      for (int i = 0; i < fragviz::wgmma_a_elements(in); ++i) {
        const int bits = fragviz::element_bits(in.a_type);
        const Coord want = bits == 16 ? ptx_a16(tid, i) : bits == 32 ? ptx_a32(tid, i) : ptx_a8(tid, i);
        const Coord got = fragviz::wgmma_a_coord(in, tid, i);
        ASSERT_EQ(got.row, want.row) << in.mnemonic << " thread " << tid << " a" << i;
        ASSERT_EQ(got.col, want.col) << in.mnemonic << " thread " << tid << " a" << i;
        cells.insert({got.row, got.col});
      }
    }
    EXPECT_EQ(cells.size(), static_cast<std::size_t>(64 * in.k)) << in.mnemonic;
  }
}

TEST(Wgmma, FindsEntriesByMnemonicOnly) {
  EXPECT_NE(fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"), nullptr);
  EXPECT_EQ(fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16"), nullptr);
  EXPECT_EQ(fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16"), nullptr);
  const auto* in = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.u8");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(fragviz::wgmma_index(in) >= 0, true);
  EXPECT_EQ(&fragviz::wgmma_catalogue()[static_cast<std::size_t>(fragviz::wgmma_index(in))], in);
}

// One name parser for every command: each entry by its full mnemonic and by the part after the
// PTX prefix "wgmma.mma_async.sync.aligned." (spelled out here, not taken from the code).
TEST(Wgmma, NamedByFullMnemonicOrWithoutThePrefix) {
  const std::string prefix = "wgmma.mma_async.sync.aligned.";
  ASSERT_FALSE(
      fragviz::wgmma_catalogue().empty());  // counted in CatalogueHoldsEveryNForF16AndBf16AndOnlyLegalN
  for (const fragviz::WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    const std::string full(in.mnemonic);
    ASSERT_EQ(full.rfind(prefix, 0), 0u) << full;
    EXPECT_EQ(fragviz::find_wgmma_named(full), &in) << full;
    EXPECT_EQ(fragviz::find_wgmma_named(full.substr(prefix.size())), &in) << full;
  }
  for (const char* bad : {"", "wgmma.mma_async.sync.aligned.", "m64n7k16.f32.f16.f16",
                          "wgmma.m64n64k16.f32.f16.f16", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"})
    EXPECT_EQ(fragviz::find_wgmma_named(bad), nullptr) << bad;
}

// The wgmma entry the Hopper views open on for a chosen mma.sync form: N = 64 and the same A, B and
// D types. Expected names typed from PTX ISA 9.0 "Warpgroup MMA: wgmma.mma_async", the
// .dtype.atype.btype table (K = 32 bytes: k16 for 16-bit, k8 .tf32, k32 8-bit); "" where the
// catalogue has no wgmma of those types, with the text the view says why in: "no wgmma form" for
// types that table lacks (.f64, .s4/.u4), "no wgmma entry in the catalogue" for those it has (.b1,
// .e5m2 x .e4m3, .e5m2 with .f16 D) but the catalogue leaves out.
TEST(Wgmma, EntryForAnMmaSyncFormHasItsTypes) {
  const struct {
    const char* mma;
    const char* wgmma;  // "" = none
    const char* missing;
  } cases[] = {
      {"m16n8k16.row.col.f32.f16.f16.f32", "m64n64k16.f32.f16.f16", ""},
      {"m16n8k8.row.col.f32.f16.f16.f32", "m64n64k16.f32.f16.f16", ""},
      {"m8n8k4.row.col.f32.f16.f16.f32", "m64n64k16.f32.f16.f16", ""},
      {"m16n8k16.row.col.f16.f16.f16.f16", "m64n64k16.f16.f16.f16", ""},
      {"m16n8k16.row.col.f32.bf16.bf16.f32", "m64n64k16.f32.bf16.bf16", ""},
      {"m16n8k8.row.col.f32.tf32.tf32.f32", "m64n64k8.f32.tf32.tf32", ""},
      {"m16n8k32.row.col.s32.s8.s8.s32", "m64n64k32.s32.s8.s8", ""},
      {"m16n8k16.row.col.s32.u8.u8.s32", "m64n64k32.s32.u8.u8", ""},
      {"m8n8k16.row.col.s32.s8.u8.s32", "m64n64k32.s32.s8.u8", ""},
      {"m16n8k32.row.col.f32.e4m3.e4m3.f32", "m64n64k32.f32.e4m3.e4m3", ""},
      {"m16n8k32.row.col.f32.e5m2.e5m2.f32", "m64n64k32.f32.e5m2.e5m2", ""},
      {"m16n8k32.row.col.f32.e4m3.e5m2.f32", "m64n64k32.f32.e4m3.e5m2", ""},
      {"m16n8k32.row.col.f16.e4m3.e4m3.f16", "m64n64k32.f16.e4m3.e4m3", ""},
      {"m8n8k4.row.col.f64.f64.f64.f64", "", "no wgmma form for .f64"},
      {"m16n8k64.row.col.s32.s4.u4.s32", "", "no wgmma form for .s4 x .u4"},
      {"m16n8k256.row.col.s32.b1.b1.s32.xor.popc", "", "no wgmma entry in the catalogue for .b1"},
      {"m16n8k32.row.col.f32.e5m2.e4m3.f32", "", "no wgmma entry in the catalogue for .e5m2 x .e4m3"},
      {"m16n8k32.row.col.f16.e5m2.e5m2.f16", "", "no wgmma entry in the catalogue for .e5m2 with .f16 D"},
  };
  const std::string prefix = "wgmma.mma_async.sync.aligned.";
  for (const auto& c : cases) {
    const fragviz::Instruction* mma = fragviz::find_instruction_named(c.mma);
    ASSERT_NE(mma, nullptr) << c.mma;
    const WgmmaInstruction* w = fragviz::wgmma_for_mma(*mma);
    if (*c.wgmma) {
      ASSERT_NE(w, nullptr) << c.mma;
      EXPECT_EQ(w->mnemonic, prefix + c.wgmma) << c.mma;
    } else {
      EXPECT_EQ(w, nullptr) << c.mma << " -> " << (w ? w->mnemonic : "");
      EXPECT_EQ(fragviz::wgmma_missing_types(*mma), c.missing) << c.mma;
    }
  }
}
