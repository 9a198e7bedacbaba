// The CTA tile's configuration (model/tile/cta_config.hpp) and where make_cta_tile's refusals
// point: the field (by its flag) and the 1-based column of that field's text, counted here by hand
// from the text each test types. One reading for fragviz-cli tiled, export --view cta and the app.
#include <gtest/gtest.h>

#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/tile/cta_tile.hpp"

namespace {

using fragviz::tile::apply_cta_overrides;
using fragviz::tile::CtaConfigError;
using fragviz::tile::CtaField;
using fragviz::tile::CtaOverrides;
using fragviz::tile::CtaTileSpec;
using fragviz::tile::make_cta_tile;

const char* kSm80 = "sm80-gemm-128x128x32";

CtaTileSpec sm80() { return fragviz::tile::find_cta_preset(kSm80)->spec; }

/// make_cta_tile's refusal of `spec`: the field and column it names (the Result carries the column too).
CtaConfigError refusal(const CtaTileSpec& spec) {
  CtaConfigError where;
  const auto made = make_cta_tile(spec, &where);
  EXPECT_FALSE(made) << "accepted";
  EXPECT_EQ(made.column, where.column);
  EXPECT_EQ(made.message, where.message);
  return where;
}

TEST(CtaConfig, OverridesGoOverThePreset) {
  CtaOverrides o;
  o.preset = kSm80;
  o.tile = "128x128x64";
  o.smem[2] = "(128,128):(128,1)";
  o.value_bits = 32;
  const auto s = apply_cta_overrides(o);
  ASSERT_TRUE(s) << s.error.message;
  EXPECT_EQ(s.spec->tile, "128x128x64");
  EXPECT_EQ(s.spec->smem[2], "(128,128):(128,1)");
  EXPECT_EQ(s.spec->value_bits, (std::array<int, 3>{32, 32, 32}));
  // What was not given stays the preset's.
  EXPECT_EQ(s.spec->mma, "SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(s.spec->permute, sm80().permute);
  EXPECT_EQ(s.spec->smem[0], sm80().smem[0]);
  EXPECT_NE(*s.spec, sm80());
  // No overrides: the preset itself.
  CtaOverrides plain;
  plain.preset = kSm80;
  EXPECT_EQ(*apply_cta_overrides(plain).spec, sm80());
}

TEST(CtaConfig, OverridesRefuseAnUnknownPresetAndNoMma) {
  CtaOverrides o;
  o.preset = "sm99";
  auto s = apply_cta_overrides(o);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error.field, CtaField::preset);
  EXPECT_NE(s.error.message.find("no preset 'sm99'"), std::string::npos) << s.error.message;
  s = apply_cta_overrides(CtaOverrides{});
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error.field, CtaField::mma);
  // The CTA mode of the CLI: any CTA field, not the TiledMMA's alone.
  CtaOverrides mma_only;
  mma_only.mma = "SM80_16x8x16_F32F16F16F32_TN";
  mma_only.copy[0] = "SM75_U32x4_LDSM_N";
  EXPECT_FALSE(mma_only.cta_fields());
  mma_only.k_block = 16;
  EXPECT_TRUE(mma_only.cta_fields());
}

TEST(CtaConfig, FieldsAndFlags) {
  EXPECT_EQ(fragviz::tile::cta_field_flag(CtaField::smem_b), "--smem-b");
  EXPECT_EQ(fragviz::tile::cta_field_flag(CtaField::value_bits_c), "--value-bits");
  EXPECT_EQ(fragviz::tile::cta_operand_field(CtaField::copy_a, 2), CtaField::copy_c);
  EXPECT_EQ(fragviz::tile::cta_operand_field(CtaField::smem_a, 1), CtaField::smem_b);
}

// Newcomer round 23: the window's errors named the CLI's flags ("--atoms", "--permute"); in the window
// they say the fields' labels. A longer flag holding a shorter one (--gmem-copy-a, --copy-a) and a
// word that only starts like a flag (--presets) keep their own words.
TEST(CtaConfig, MessagesInTheWindowSayTheFieldsLabels) {
  using fragviz::tile::cta_message_in_labels;
  EXPECT_EQ(cta_message_in_labels("--atoms '(4,1,1)' with --permute 'Tile<_32,_32,_16>': too small"),
            "atoms '(4,1,1)' with permutation 'Tile<_32,_32,_16>': too small");
  EXPECT_EQ(cta_message_in_labels("--gmem-copy-a 'x': bad; --copy-a y; --smem-c z; --tile: w"),
            "gmem copy A 'x': bad; copy A y; smem C (M x N) z; CTA tile MxNxK: w");
  EXPECT_EQ(cta_message_in_labels("no preset 'q' (tiled --presets lists them)"),
            "no preset 'q' (tiled --presets lists them)");
  EXPECT_EQ(fragviz::tile::cta_field_label(CtaField::value_bits_b), "value bits");
}

// A TiledMMA of more threads than a CTA holds is no CTA tile: 8x8 atoms of 32 threads are 2048.
TEST(CtaConfig, MoreThreadsThanACtaAreRefused) {
  CtaTileSpec spec = sm80();
  spec.atoms = "(8,8,1)";
  spec.permute = "Tile<_,_,_>";
  CtaConfigError where;
  const auto t = make_cta_tile(spec, &where);
  ASSERT_FALSE(t);
  EXPECT_EQ(where.field, CtaField::atoms);
  EXPECT_EQ(t.message, "--atoms '(8,8,1)': 2048 threads (64 atoms of 32); a CTA has at most 1024");
}

TEST(CtaConfig, EveryPresetIsAccepted) {
  for (const auto& p : fragviz::tile::cta_presets()) {
    CtaConfigError where{CtaField::mma, 3, {}, "stale"};
    EXPECT_TRUE(make_cta_tile(p.spec, &where)) << p.name;
    EXPECT_EQ(where.field, CtaField::none) << p.name;  // a success clears it
  }
}

// The tile: "128x12y8x32": 'y' is the seventh character.
TEST(CtaConfig, TileRefusalPointsAtTheCharacter) {
  CtaTileSpec s = sm80();
  s.tile = "128x12y8x32";
  const CtaConfigError e = refusal(s);
  EXPECT_EQ(e.field, CtaField::tile);
  EXPECT_EQ(e.column, 7);
  EXPECT_NE(e.message.find("--tile"), std::string::npos) << e.message;
  // Two numbers: no one character is wrong.
  s.tile = "128x128";
  EXPECT_EQ(refusal(s).column, 0);
  // A multiple that is not one of the TiledMMA's: the field, no column.
  s.tile = "100x128x32";
  const CtaConfigError m = refusal(s);
  EXPECT_EQ(m.field, CtaField::tile);
  EXPECT_EQ(m.column, 0);
}

// The permutation "Tile<_32,(8,4),_16>": its second entry, a shape, starts at column 10
// (T i l e < _ 3 2 , are columns 1-9).
TEST(CtaConfig, PermutationRefusalPointsAtTheEntry) {
  CtaTileSpec s = sm80();
  s.permute = "Tile<_32,(8,4),_16>";
  const CtaConfigError e = refusal(s);
  EXPECT_EQ(e.field, CtaField::permute);
  EXPECT_EQ(e.column, 10);
}

// The atom layout "(2,?,1)": '?' is the fourth character.
TEST(CtaConfig, AtomLayoutRefusalPointsAtTheCharacter) {
  CtaTileSpec s = sm80();
  s.atoms = "(2,?,1)";
  const CtaConfigError e = refusal(s);
  EXPECT_EQ(e.field, CtaField::atoms);
  EXPECT_EQ(e.column, 4);
}

// A shared layout "Swizzle<3,3,3> o (128,32):(32,#)": 14 + 3 + 13 characters before '#', column 31.
TEST(CtaConfig, SharedLayoutRefusalPointsAtTheCharacter) {
  CtaTileSpec s = sm80();
  s.smem[1] = "Swizzle<3,3,3> o (128,32):(32,#)";
  const CtaConfigError e = refusal(s);
  EXPECT_EQ(e.field, CtaField::smem_b);
  EXPECT_EQ(e.column, 31);
  EXPECT_NE(e.message.find("--smem-b"), std::string::npos) << e.message;
  // (64,32) for A's 128 x 32: a shape refusal names the field, no column.
  s = sm80();
  s.smem[0] = "(64,32):(32,1)";
  const CtaConfigError shape = refusal(s);
  EXPECT_EQ(shape.field, CtaField::smem_a);
  EXPECT_EQ(shape.column, 0);
}

TEST(CtaConfig, NamesAndNumbersNameTheirField) {
  CtaTileSpec s = sm80();
  s.copy[1] = "SM75_U32x4_LDSM_Q";
  EXPECT_EQ(refusal(s).field, CtaField::copy_b);
  s = sm80();
  s.mma = "SM80_16x8x17";
  EXPECT_EQ(refusal(s).field, CtaField::mma);
  s = sm80();
  s.k_block = 24;
  EXPECT_EQ(refusal(s).field, CtaField::k_block);
  s = sm80();
  s.value_bits[2] = 200;
  EXPECT_EQ(refusal(s).field, CtaField::value_bits_c);
}

}  // namespace

namespace {

// The register swap's text: "B 8-15:16-23/32" reads; each refusal names --register-swap and the
// column of the character it is about, counted by hand.
TEST(CtaConfig, RegisterSwapReadsAndRefuses) {
  const auto ok = fragviz::tile::parse_register_swap("B 8-15:16-23/32");
  ASSERT_TRUE(ok) << ok.message;
  EXPECT_EQ(ok->operand, fragviz::Operand::B);
  EXPECT_EQ(ok->first, 8);
  EXPECT_EQ(ok->second, 16);
  EXPECT_EQ(ok->width, 8);
  EXPECT_EQ(ok->period, 32);
  EXPECT_EQ(ok->text(), "B 8-15:16-23/32");
  // Rows 40 and 48 are rows 8 and 16 of the second period; 31 and 0 are outside both ranges.
  EXPECT_EQ(ok->partner(40), 48);
  EXPECT_EQ(ok->partner(55), 47);
  EXPECT_EQ(ok->partner(31), 31);
  EXPECT_EQ(ok->partner(0), 0);
  EXPECT_EQ(fragviz::tile::parse_register_swap(" a 0-3 : 4-7 / 8 ")->text(), "A 0-3:4-7/8");
  // "C 0-7:8-15/16": C is refused at column 1; "B 8-15:16-24/32": ranges of 8 and 9 rows, the
  // second range at column 8; "B 0-15:8-23/32": overlap, column 8; "B 8-15:16-23/20": the period at
  // column 14; "B 8-15:16-23/32x": column 16; "B 8-15 16-23/32": ':' expected at column 8 (a space
  // skipped first).
  const std::pair<const char*, int> bad[] = {
      {"C 0-7:8-15/16", 1},     {"B 8-15:16-24/32", 8}, {"B 0-15:8-23/32", 8},  {"B 8-15:16-23/20", 14},
      {"B 8-15:16-23/32x", 16}, {"B 8-15 16-23/32", 8}, {"B 15-8:16-23/32", 2}, {"B 8-15:16-23/0", 14}};
  for (const auto& [text, column] : bad) {
    const auto r = fragviz::tile::parse_register_swap(text);
    EXPECT_FALSE(r) << text;
    EXPECT_EQ(r.column, column) << text << ": " << r.message;
  }
  // In the configuration: the field and its flag; a period that does not divide the CTA's N; a
  // swap of an operand without a copy.
  CtaTileSpec s = sm80();
  s.register_swap = "B 8-15:16-23/48";
  CtaConfigError e = refusal(s);
  EXPECT_EQ(e.field, CtaField::register_swap);
  EXPECT_NE(e.message.find("--register-swap"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("must divide the CTA's N (128)"), std::string::npos) << e.message;
  s = fragviz::tile::find_cta_preset("gate-scalar-b-k8")->spec;
  s.register_swap = "B 8-15:16-23/32";
  e = refusal(s);
  EXPECT_EQ(e.field, CtaField::register_swap);
  EXPECT_NE(e.message.find("B has no copy"), std::string::npos) << e.message;
  // sm80's 2x2 warps with Tile<_32,_32,_16>: warp 0 holds rows 0-15 of every 32, warp 1 rows 16-31,
  // so thread 0 holds A (0,0) but not (16,0).
  s = sm80();
  s.register_swap = "A 0-7:16-23/32";
  e = refusal(s);
  EXPECT_EQ(e.field, CtaField::register_swap);
  EXPECT_NE(e.message.find("registers swap within a thread"), std::string::npos) << e.message;
  // The overrides: "none" removes a preset's swap (the CLI), a text replaces it.
  CtaOverrides o;
  o.preset = "gate-broken-swap-b";
  EXPECT_EQ(apply_cta_overrides(o).spec->register_swap, "B 8-15:16-23/32");
  o.register_swap = "";
  EXPECT_EQ(apply_cta_overrides(o).spec->register_swap, "");
}

}  // namespace
