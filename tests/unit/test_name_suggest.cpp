// "Did you mean": the catalogue names nearest to the slips people make typing a mnemonic (a word
// left out, a type mistyped, the wrong family's prefix), and nothing for a name that is no near miss.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/util/name_suggest.hpp"

namespace fragviz {
namespace {

constexpr unsigned kAll = kMmaSyncNames | kWgmmaNames | kMoveNames;

TEST(NameSuggest, CatalogueNamesAreEveryEntryOfTheSetsAsked) {
  EXPECT_EQ(catalogue_names(kMmaSyncNames).size(), catalogue().size());
  EXPECT_EQ(catalogue_names(kWgmmaNames).size(), wgmma_catalogue().size());
  EXPECT_EQ(catalogue_names(kMoveNames).size(), 7u);  // stmatrix x1/x2/x4 (.trans) and movmatrix
  EXPECT_EQ(catalogue_names(kAll).size(), catalogue().size() + wgmma_catalogue().size() + 7u);
}

TEST(NameSuggest, AMistypedTypeSuggestsTheEntry) {
  const auto n = nearest_names("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f23", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_EQ(n.front(), "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
}

TEST(NameSuggest, LeftOutRowColSuggestsTheMmaSyncEntryFirst) {
  const auto n = nearest_names("m16n8k16.f32.f16.f16.f32", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_EQ(n.front(), "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
}

TEST(NameSuggest, AWgmmaWithoutItsLastTypeSuggestsIt) {
  const auto n = nearest_names("m64n64k16.f32.bf16", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_EQ(n.front(), "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
  EXPECT_LE(n.size(), 3u);
}

TEST(NameSuggest, AWrongPrefixStillFindsTheEntry) {
  const auto n = nearest_names("wgmma.m64n128k16.f32.f16.f16", kWgmmaNames);
  ASSERT_FALSE(n.empty());
  EXPECT_EQ(n.front(), "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16");
}

TEST(NameSuggest, MatrixMovesToo) {
  const auto n = nearest_names("stmatrix.sync.aligned.m8n8.x4.trans.b16", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_EQ(n.front(), "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
}

TEST(NameSuggest, OnlyTheSetsAskedAreSuggested) {
  // The app's --instr takes mma.sync only: a wgmma slip gets no wgmma name.
  for (const std::string& n : nearest_names("m64n64k16.f32.bf16", kMmaSyncNames))
    EXPECT_NE(find_instruction(n), nullptr) << n;
}

bool all_mma_sync_m16n8k16(const std::vector<std::string>& names) {
  return std::all_of(names.begin(), names.end(),
                     [](const std::string& n) { return n.rfind("mma.sync.aligned.m16n8k16.", 0) == 0; });
}

TEST(NameSuggest, ABareShapeSuggestsItsEntriesNotAWgmmaOneDigitAway) {
  // Issue 22: "m16n8k16" is one character from wgmma's m64n8k16, but names holding it come first.
  const auto n = nearest_names("m16n8k16", kAll);
  ASSERT_EQ(n.size(), 3u);
  EXPECT_TRUE(all_mma_sync_m16n8k16(n)) << n.front();
  EXPECT_EQ(n.front(), "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");  // what --shape assumes
}

TEST(NameSuggest, APartialPrefixAndAShapeSuggestTheShapesEntries) {
  // Issue 22: "mma." (or "mma.sync.") before the shape is part of the prefix, not a word too many.
  for (const char* typed : {"mma.m16n8k16", "mma.sync.m16n8k16", "MMA.M16N8K16"}) {
    const auto n = nearest_names(typed, kAll);
    ASSERT_EQ(n.size(), 3u) << typed;
    EXPECT_TRUE(all_mma_sync_m16n8k16(n)) << typed << ": " << n.front();
    EXPECT_EQ(n.front(), "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") << typed;
  }
}

TEST(NameSuggest, AShapeAndATypeSuggestEntriesWithBoth) {
  const auto n = nearest_names("m16n8k16.f16", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_TRUE(all_mma_sync_m16n8k16(n)) << n.front();
  for (const std::string& s : n) EXPECT_NE(s.find(".f16"), std::string::npos) << s;
}

TEST(NameSuggest, CaseIsIgnored) {
  const auto n = nearest_names("M16N8K16.F16", kAll);
  ASSERT_FALSE(n.empty());
  EXPECT_TRUE(all_mma_sync_m16n8k16(n)) << n.front();
  EXPECT_EQ(catalogue_name_ignoring_case("MMA.SYNC.ALIGNED.M16N8K16.ROW.COL.F32.F16.F16.F32", kAll),
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  EXPECT_EQ(catalogue_name_ignoring_case("M64N64K16.F32.BF16.BF16", kAll),
            "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
  EXPECT_EQ(catalogue_name_ignoring_case("M64N64K16.F32.BF16.BF16", kMmaSyncNames), "");
  EXPECT_EQ(catalogue_name_ignoring_case("M16N8K16", kAll), "");
}

TEST(NameSuggest, NothingNearIsNoSuggestion) {
  EXPECT_TRUE(nearest_names("bogus", kAll).empty());
  EXPECT_TRUE(nearest_names("", kAll).empty());
  EXPECT_EQ(did_you_mean("bogus", kAll), "");
}

TEST(NameSuggest, TheTextListsOneNamePerLine) {
  const std::string t = did_you_mean("m16n8k16.row.col.f32.f16.f16.f23", kMmaSyncNames);
  EXPECT_EQ(t.rfind("; did you mean:\n  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 0), 0u) << t;
  EXPECT_LE(std::count(t.begin(), t.end(), '\n'), 3);
}

// Any list of names (CuTe's atoms, the CTA presets): a name holding what was typed first, in list
// order, then by characters changed, at most max(2, length / 4) of them (hand-counted below).
TEST(NameSuggest, AnyListOfNames) {
  const std::vector<std::string> names = {"SM75_U32x1_LDSM_N", "SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T",
                                          "sm80-gemm-128x128x32", "fa2-attention"};
  // "NX" for "N": 1 edit to U32x4_LDSM_N, 2 to U32x1_LDSM_N (4 -> 1), 5 to U16x8_LDSM_T (3 digits,
  // NX -> T); 18 characters allow 4.
  EXPECT_EQ(nearest_of("SM75_U32x4_LDSM_NX", names),
            (std::vector<std::string>{"SM75_U32x4_LDSM_N", "SM75_U32x1_LDSM_N"}));
  EXPECT_EQ(nearest_of("SM80-GEMM", names), (std::vector<std::string>{"sm80-gemm-128x128x32"}));  // held
  EXPECT_EQ(nearest_of("fa2-atention", names), (std::vector<std::string>{"fa2-attention"}));
  EXPECT_TRUE(nearest_of("zzz", names).empty());
  EXPECT_TRUE(nearest_of("", names).empty());
  EXPECT_EQ(did_you_mean("fa2-atention", names), "; did you mean:\n  fa2-attention");
  EXPECT_EQ(did_you_mean("zzz", names), "");
}

}  // namespace
}  // namespace fragviz
