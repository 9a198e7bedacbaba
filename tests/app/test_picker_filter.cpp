// The pickers' filter: every word typed must be part of the entry's mnemonic or group, in any case;
// counted over the real catalogues against what each word plainly selects.
#include <gtest/gtest.h>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "picker_filter.hpp"

namespace fragviz::app {
namespace {

TEST(PickerFilter, EmptyOrSpacesShowEverything) {
  EXPECT_TRUE(picker_matches("", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"));
  EXPECT_TRUE(picker_matches("   ", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"));
}

TEST(PickerFilter, EveryWordMustBePartOfTheNameOrGroupInAnyCase) {
  const char* k16 = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";
  EXPECT_TRUE(picker_matches("k16 bf16", k16));
  EXPECT_TRUE(picker_matches("BF16  M16N8K16", k16));
  EXPECT_FALSE(picker_matches("k16 s8", k16));
  EXPECT_TRUE(picker_matches("fp8", "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3", "fp8"));
  EXPECT_FALSE(picker_matches("fp8", "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3", "f16"));
  // A group is matched by its whole name only: "s8" keeps the u8 entries of "s8/u8" out.
  EXPECT_FALSE(picker_matches("s8", "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", "s8/u8"));
  EXPECT_TRUE(picker_matches("S8/U8", "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", "s8/u8"));
}

TEST(PickerFilter, EnterTakesTheExactNameThenAPrefixThenTheFirstShown) {
  // The Export dialog's Operand picker under "A": both "all" and "A" show; Enter means "A".
  EXPECT_EQ(enter_choice("A", {"all", "A"}), 1);
  EXPECT_EQ(enter_choice(" a ", {"all", "A"}), 1);
  // No exact name: the first label starting with the filter, in any case, over an earlier match.
  EXPECT_EQ(enter_choice("sw", {"no swizzle", "SW32", "sw64"}), 1);
  // Neither: the first shown.
  EXPECT_EQ(enter_choice("k16", {"m16n8k16.f16", "m16n8k16.bf16"}), 0);
  EXPECT_EQ(enter_choice("", {"x", "y"}), 0);
  EXPECT_EQ(enter_choice("x", {}), -1);
}

TEST(PickerFilter, EnterTakesAFullNameOverALongerOneListedFirst) {
  // A whole name that is also the start of another shown above it (the instruction picker's
  // mma.sync names, a .satfinite variant listed first): the whole name, not the first shown.
  EXPECT_EQ(enter_choice("m16n8k32.row.col.s32.s8.s8.s32",
                         {"m16n8k32.row.col.s32.s8.s8.s32.satfinite", "m16n8k32.row.col.s32.s8.s8.s32"}),
            1);
  // A filter that starts one name and sits inside another listed first: the one it starts.
  EXPECT_EQ(enter_choice("m64n8k", {"x.m64n8k16.f32", "m64n8k16.f32.f16.f16"}), 1);
}

TEST(PickerFilter, AWordMayBePartOfTheEntrysOtherName) {
  const char* label = "broken-swap-b  (deliberately wrong)";
  EXPECT_FALSE(picker_matches("gate-broken-swap-b", label));
  EXPECT_TRUE(picker_matches("gate-broken-swap-b", label, "", "gate-broken-swap-b"));
  // Each word in either name, in any case.
  EXPECT_TRUE(picker_matches("GATE- wrong", label, "", "gate-broken-swap-b"));
  EXPECT_FALSE(picker_matches("gate-tile-128", label, "", "gate-broken-swap-b"));
  // Enter: a label equal to the filter first, then an entry whose other name equals it, over
  // the first shown whose other name only starts with it.
  EXPECT_EQ(enter_choice("gate-reg-db", {"reg-db-128x256  (rung 7)", "reg-db  (rung 6)"},
                         {"gate-reg-db-128x256", "gate-reg-db"}),
            1);
  EXPECT_EQ(enter_choice("reg-db  (rung 6)", {"x", "reg-db  (rung 6)"}, {"reg-db  (rung 6)", "y"}), 1);
}

TEST(PickerFilter, GateVariantsAreFoundByTheirCtaPresetNames) {
  // The gate view's variant picker (label: the variant's name, other name: its CTA preset's):
  // every "gate-..." name of the CTA tile's preset picker shows its own variant, and Enter takes it.
  const std::vector<GateVariantInfo>& variants = gate_variants();
  int presets = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    if (!p.gate) continue;
    ++presets;
    std::vector<std::string_view> shown, also;
    std::vector<GateVariant> shown_variant;
    std::vector<std::string> names;
    names.reserve(variants.size());
    for (const GateVariantInfo& v : variants) names.push_back(tile::gate_preset_name(v.name));
    for (std::size_t i = 0; i < variants.size(); ++i)
      if (picker_matches(p.name, variants[i].name, "", names[i])) {
        shown.push_back(variants[i].name);
        also.push_back(names[i]);
        shown_variant.push_back(variants[i].variant);
      }
    const int at = enter_choice(p.name, shown, also);
    ASSERT_GE(at, 0) << p.name;
    EXPECT_EQ(shown_variant[static_cast<std::size_t>(at)], *p.gate) << p.name;
  }
  EXPECT_EQ(presets, static_cast<int>(variants.size()));
  const tile::CtaPreset* swap_b = tile::find_cta_preset("gate-broken-swap-b");
  ASSERT_NE(swap_b, nullptr);
  ASSERT_TRUE(swap_b->gate);
  EXPECT_EQ(gate_variant_info(*swap_b->gate).name, "broken-swap-b");
}

TEST(PickerFilter, CountsOverTheCatalogues) {
  // The mma.sync entries with m16n8k32 and s8 in their names: those of which A or B is .s8.
  int s8_k32 = 0, want = 0;
  for (const Instruction& in : catalogue()) {
    s8_k32 += picker_matches("m16n8k32 s8", in.mnemonic, in.group);
    const std::string m = in.mnemonic;
    want += m.find("m16n8k32") != std::string::npos && m.find("s8") != std::string::npos;
  }
  EXPECT_GT(want, 0);
  EXPECT_EQ(s8_k32, want);
  // wgmma: N = 256 entries, one per type triple of the catalogue (wgmma.hpp: every type has N = 256).
  int n256 = 0;
  for (int i = 0; i < static_cast<int>(wgmma_catalogue().size()); ++i) n256 += wgmma_entry_shown("n256", i);
  int triples = 0;
  for (const WgmmaInstruction& in : wgmma_catalogue()) triples += in.n == 8;
  EXPECT_EQ(n256, triples);
}

}  // namespace
}  // namespace fragviz::app
