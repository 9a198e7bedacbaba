// The user's own TiledCopy in a CTA tile's --copy-a/b/c (model/tile/copy_text.hpp): the text read
// with its columns, the refusals, and two joins worked out by hand from the PTX ISA's fragment
// tables ("Matrix Fragments for mma.m16n8k16 / mma.m16n8k8 with floating point type"), with
// g = lane / 4 and c = lane % 4:
//  - SM80_16x8x16 A, a0..a7 (CuTe's V0..V7): (g + 8 * ((i / 2) % 2), 2c + i % 2 + 8 * (i / 4)),
//    warp w of the (4,1,1) atom layout adding 16w to the row. make_tiled_copy(UniversalCopy<
//    uint128_t>, (64,2):(2,1), (1,8)) gives thread t the 16-byte vector of row t / 2 from column
//    8 * (t % 2); register V_i receives its element i. Thread 0: V0 (0,0) and V1 (0,1) agree, V2
//    gets (0,2) where the MMA wants a2 = (8,0).
//  - SM80_16x8x8 B, b0, b1: (n, k) = (g, 2c + i), warp w of the (1,4,1) atom layout adding 8w to n.
//    make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2)) gives thread t = 32w + 4g + c
//    row t / 4 = 8w + g from column 2 * (t % 4) = 2c: every register agrees.
// And CuTe's own spelling of the bare atom, make_tiled_copy_A/B/C(ATOM, tiled_mma): its columns, its
// refusals, and for every preset the same copy as the bare name.
#include <gtest/gtest.h>

#include "fragviz/tile/copy_text.hpp"
#include "fragviz/tile/cta_copy_probe.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/tile/cta_tile.hpp"

namespace {

using fragviz::Operand;
using fragviz::tile::Cell;
using fragviz::tile::CtaConfigError;
using fragviz::tile::CtaField;
using fragviz::tile::CtaTileSpec;

constexpr const char* kUniversalA = "make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))";
constexpr const char* kUniversalB = "make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))";

CtaTileSpec spec_a(const std::string& copy, const std::string& atoms = "(4,1,1)") {
  CtaTileSpec s;
  s.mma = "SM80_16x8x16_F32F16F16F32_TN";
  s.atoms = atoms;
  s.copy[0] = copy;
  s.smem[0] = atoms == "(4,1,1)" ? "(64,16):(16,1)" : "(32,16):(16,1)";
  return s;
}

CtaConfigError refusal(const CtaTileSpec& s) {
  CtaConfigError e;
  const auto t = fragviz::tile::make_cta_tile(s, &e);
  EXPECT_FALSE(t) << "accepted " << s.copy[0] << s.copy[2];
  EXPECT_EQ(t.column, e.column);
  return e;
}

bool has(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

TEST(TiledCopyText, ReadsTheCallAndItsColumns) {
  EXPECT_TRUE(fragviz::tile::is_make_tiled_copy("  make_tiled_copy(UniversalCopy<uint32_t>, (32,4), (1,2))"));
  EXPECT_FALSE(fragviz::tile::is_make_tiled_copy("SM75_U32x4_LDSM_N"));
  EXPECT_FALSE(fragviz::tile::is_make_tiled_copy(""));
  const auto p = fragviz::tile::parse_make_tiled_copy(
      "make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))", "example");
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(p->atom, "UniversalCopy<uint128_t>");
  EXPECT_EQ(p->atom_column, 17);  // after the 16 characters of "make_tiled_copy("
  EXPECT_EQ(p->thr_column, 43);   // after the atom's 24 characters, the comma and the blank
  EXPECT_EQ(fragviz::algebra::to_string(p->thr), "(32,4):(4,1)");
  EXPECT_EQ(fragviz::algebra::size(p->val), 8);
  // A value layout of rank 3 at its own column (57), a parts count with the example quoted.
  const auto rank3 = fragviz::tile::parse_make_tiled_copy(
      "make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8,2))", "example");
  ASSERT_FALSE(rank3);
  EXPECT_EQ(rank3.column, 57);
  EXPECT_TRUE(has(rank3.message, "has rank 3")) << rank3.message;
  const auto two = fragviz::tile::parse_make_tiled_copy("make_tiled_copy(UniversalCopy<uint128_t>, (32,4))",
                                                        "make_tiled_copy(X, T, V)");
  ASSERT_FALSE(two);
  EXPECT_TRUE(has(two.message, "e.g. make_tiled_copy(X, T, V); found 2 parts")) << two.message;
}

TEST(TiledCopyText, TheCtaTileRefusesAtTheField) {
  // The 128-bit copy over the 2x2-warp tile: 128 threads, but its 32 x 32 tile is not A's 32 x 16.
  CtaConfigError e =
      refusal(spec_a("make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))", "(2,2,1)"));
  EXPECT_EQ(e.field, CtaField::copy_a);
  EXPECT_EQ(e.column, 43);
  EXPECT_TRUE(has(e.message, "--copy-a")) << e.message;
  EXPECT_TRUE(has(e.message, "tile (32,32) is not the TiledMMA's A tile (32,16)")) << e.message;
  // 64 threads for a 128-thread TiledMMA.
  e = refusal(spec_a("make_tiled_copy(UniversalCopy<uint128_t>, (32,2):(2,1), (1,8))"));
  EXPECT_EQ(e.column, 43);
  EXPECT_TRUE(has(e.message, "make_tiled_copy has 64 threads")) << e.message;
  EXPECT_TRUE(has(e.message, "the TiledMMA 128")) << e.message;
  // A cp.async atom and an unknown one, at the atom's column.
  e = refusal(spec_a("make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (64,2):(2,1), (1,8))"));
  EXPECT_EQ(e.column, 17);
  EXPECT_TRUE(has(e.message, "copies global to shared memory")) << e.message;
  e = refusal(spec_a("make_tiled_copy(UniversalCopy<uint12_t>, (64,2):(2,1), (1,8))"));
  EXPECT_EQ(e.column, 17);
  EXPECT_TRUE(has(e.message, "no copy atom 'UniversalCopy<uint12_t>'")) << e.message;
  // A bad layout expression: the column of the character inside the whole text.
  e = refusal(spec_a("make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,?), (1,8))"));
  EXPECT_EQ(e.column, 53);
  // 32 x 16 = 512 cells of 128 threads x 4 values, but the 2x2 tile's A fragment is 8 values a
  // thread (two N warps hold each cell): CuTe's retile cannot cover it.
  e = refusal(spec_a("make_tiled_copy(UniversalCopy<uint64_t>, (32,4):(4,1), (1,4))", "(2,2,1)"));
  EXPECT_TRUE(has(e.message, "the copy moves 4 values per thread for a fragment of 8")) << e.message;
  // A load atom for C (stored) and a store atom for A.
  CtaTileSpec c = spec_a("");
  c.copy[2] = "make_tiled_copy(SM75_U32x4_LDSM_N, (64,2):(2,1), (1,4))";
  c.smem[2] = "(64,8):(8,1)";
  e = refusal(c);
  EXPECT_EQ(e.field, CtaField::copy_c);
  EXPECT_TRUE(has(e.message, "ldmatrix loads registers")) << e.message;
  // The user's settings are text: the refused spec still holds what was typed.
  EXPECT_EQ(c.copy[2], "make_tiled_copy(SM75_U32x4_LDSM_N, (64,2):(2,1), (1,4))");
}

TEST(TiledCopyText, AUniversalCopyOfAJoinsWrongAsThePtxTablesSay) {
  const auto t = fragviz::tile::make_cta_tile(spec_a(kUniversalA));
  ASSERT_TRUE(t) << t.message;
  const auto r = fragviz::tile::analyze_cta_tile(*t.value, fragviz::tile::CtaOptions{false, true});
  ASSERT_TRUE(r) << r.message;
  const auto& j = *r->operands[0].join;
  ASSERT_EQ(j.all.size(), 128u * 8u);
  std::int64_t wrong = 0;
  for (const auto& x : j.all) {
    const std::int64_t t_ = x.thread, i = x.reg, w = t_ / 32, g = (t_ % 32) / 4, c = t_ % 4;
    const Cell delivered{t_ / 2, 8 * (t_ % 2) + i};
    const Cell expected{16 * w + g + 8 * ((i / 2) % 2), 2 * c + i % 2 + 8 * (i / 4)};
    ASSERT_EQ(x.expected, expected) << "thread " << t_ << " V" << i;
    ASSERT_TRUE(x.moved);
    ASSERT_EQ(*x.moved, delivered) << "thread " << t_ << " V" << i;
    wrong += delivered == expected ? 0 : 1;
  }
  EXPECT_EQ(j.mismatches, wrong);
  EXPECT_GT(wrong, 0);
  ASSERT_TRUE(j.first);
  EXPECT_EQ(j.first->thread, 0);
  EXPECT_EQ(j.first->reg, 2);
  EXPECT_EQ(*j.first->moved, (Cell{0, 2}));
  EXPECT_EQ(j.first->expected, (Cell{8, 0}));
  // One LDS.128 a thread: the bank table counts 4 warps' single instruction.
  ASSERT_TRUE(r->operands[0].banks);
  EXPECT_EQ(r->operands[0].banks->instructions, 4);
}

TEST(TiledCopyText, AUniversalCopyOfBJoinsRight) {
  CtaTileSpec s;
  s.mma = "SM80_16x8x8_F32F16F16F32_TN";
  s.atoms = "(1,4,1)";
  s.copy[1] = kUniversalB;
  s.smem[1] = "(32,8):(8,1)";
  const auto t = fragviz::tile::make_cta_tile(s);
  ASSERT_TRUE(t) << t.message;
  EXPECT_EQ(t->copy[1]->values.value_bits, 16);
  const auto r = fragviz::tile::analyze_cta_tile(*t.value, fragviz::tile::CtaOptions{false, true});
  ASSERT_TRUE(r) << r.message;
  const auto& j = *r->operands[1].join;
  ASSERT_EQ(j.all.size(), 128u * 2u);
  for (const auto& x : j.all) {
    const Cell by_hand{x.thread / 4, 2 * (x.thread % 4) + x.reg};
    ASSERT_EQ(x.expected, by_hand) << "thread " << x.thread << " V" << x.reg;
    ASSERT_TRUE(x.moved);
    ASSERT_EQ(*x.moved, by_hand) << "thread " << x.thread << " V" << x.reg;
  }
  EXPECT_EQ(j.mismatches, 0);
  EXPECT_TRUE(r->joins_ok());
}

TEST(TiledCopyText, TheDeviceProbePlansBoth) {
  // --device runs these plans (tests/gpu/test_cta_copy_probe_gpu.cpp): one LDS.128 of A a thread,
  // one LDS.32 of B, at the join's addresses.
  const auto ta = fragviz::tile::make_cta_tile(spec_a(kUniversalA));
  ASSERT_TRUE(ta) << ta.message;
  const auto pa = fragviz::tile::plan_cta_copy_probe(*ta, Operand::A);
  ASSERT_TRUE(pa) << pa.message;
  EXPECT_EQ(pa->load, fragviz::tile::CopyProbeLoad::lds128);
  EXPECT_EQ(pa->instruction, "ld.shared.v4.b32");
  EXPECT_EQ(pa->threads, 128);
  CtaTileSpec b;
  b.mma = "SM80_16x8x8_F32F16F16F32_TN";
  b.atoms = "(1,4,1)";
  b.copy[1] = kUniversalB;
  b.smem[1] = "(32,8):(8,1)";
  const auto tb = fragviz::tile::make_cta_tile(b);
  ASSERT_TRUE(tb) << tb.message;
  const auto pb = fragviz::tile::plan_cta_copy_probe(*tb, Operand::B);
  ASSERT_TRUE(pb) << pb.message;
  EXPECT_EQ(pb->load, fragviz::tile::CopyProbeLoad::lds32);
}

TEST(TiledCopyText, TheGmemStageStillReadsItsCopy) {
  // One parser for both fields: the cp.async stage keeps its own atom rule and columns.
  const auto g = fragviz::tile::make_gmem_copy(
      "make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))", 16, {128, 32});
  ASSERT_FALSE(g);
  EXPECT_EQ(g.column, 17);
  EXPECT_TRUE(has(g.message, "is no cp.async copy atom")) << g.message;
  const auto ok = fragviz::tile::make_gmem_copy(
      "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))", 16, {128, 32});
  ASSERT_TRUE(ok) << ok.message;
  EXPECT_EQ(ok->calls * ok->blocks0 * ok->blocks1, 4);  // 128 x 32 / (128 threads x 8 values)
}

TEST(TiledCopyText, ReadsMakeTiledCopyForTheMma) {
  using fragviz::tile::is_make_tiled_copy_for_mma;
  using fragviz::tile::parse_make_tiled_copy_for_mma;
  EXPECT_TRUE(is_make_tiled_copy_for_mma(" make_tiled_copy_B (SM75_U16x8_LDSM_T, tiled_mma)"));
  EXPECT_FALSE(is_make_tiled_copy_for_mma("make_tiled_copy(SM75_U32x4_LDSM_N, (32,1), (1,8))"));
  EXPECT_FALSE(is_make_tiled_copy_for_mma("make_tiled_copy_D(SM75_U32x4_LDSM_N, tiled_mma)"));
  EXPECT_FALSE(is_make_tiled_copy_for_mma("SM75_U32x4_LDSM_N"));
  const auto a =
      parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)", Operand::A, 0);
  ASSERT_TRUE(a) << a.message;
  EXPECT_EQ(a->atom->name, "SM75_U32x4_LDSM_N");
  EXPECT_EQ(a->value_bits, 0);    // the bare atom's default width
  EXPECT_EQ(a->atom_column, 19);  // after the 18 characters of "make_tiled_copy_A("
  EXPECT_EQ(parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)", Operand::A, 8)
                ->value_bits,
            8);
  // Copy_Atom<OP, ValType>{} as CuTe code writes the atom: the ValType is the width.
  const auto c = parse_make_tiled_copy_for_mma(
      "make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, cute::bfloat16_t>{}, tiled_mma)", Operand::C, 0);
  ASSERT_TRUE(c) << c.message;
  EXPECT_EQ(c->atom->name, "SM90_U32x4_STSM_N");
  EXPECT_EQ(c->value_bits, 16);
  const auto f = parse_make_tiled_copy_for_mma(
      "make_tiled_copy_A(Copy_Atom<UniversalCopy<uint32_t>, float>, tiled_mma)", Operand::A, 0);
  ASSERT_TRUE(f) << f.message;
  EXPECT_EQ(f->atom->name, "UniversalCopy<uint32_t>");
  EXPECT_EQ(f->value_bits, 32);
}

TEST(TiledCopyText, RefusesMakeTiledCopyForTheMmaAtItsColumn) {
  using fragviz::tile::parse_make_tiled_copy_for_mma;
  // B's copy given to A: the call's own column, and which operand it builds for.
  auto r = parse_make_tiled_copy_for_mma("  make_tiled_copy_B(SM75_U16x8_LDSM_T, tiled_mma)", Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 3);
  EXPECT_TRUE(has(r.message, "make_tiled_copy_B builds the copy of B")) << r.message;
  EXPECT_TRUE(has(r.message, "make_tiled_copy_A(")) << r.message;
  // Another TiledMMA than the tile's: column 38 (18 + 17 characters of the atom + ", ").
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM75_U32x4_LDSM_N, mma2)", Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 38);
  EXPECT_TRUE(has(r.message, "the TiledMMA is 'mma2'; write tiled_mma")) << r.message;
  // An unknown atom, inside Copy_Atom at its own column (19 + 10 of "Copy_Atom<"), with a suggestion.
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM, half_t>, tiled_mma)",
                                    Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 29);
  EXPECT_TRUE(has(r.message, "no copy atom 'SM75_U32x4_LDSM'")) << r.message;
  EXPECT_TRUE(has(r.message, "SM75_U32x4_LDSM_N")) << r.message;
  // An unknown ValType and one contradicting the width given, at the ValType (29 + 19).
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half>, tiled_mma)",
                                    Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 48);
  EXPECT_TRUE(has(r.message, "no ValType 'half'")) << r.message;
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, tiled_mma)",
                                    Operand::A, 8);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 48);
  EXPECT_TRUE(has(r.message, "the ValType half_t is 16-bit values, the value width given is 8")) << r.message;
  // cp.async is the global -> shared stage; the parts count; the closing parenthesis.
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, tiled_mma)",
                                    Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 19);
  EXPECT_TRUE(has(r.message, "copies global to shared memory")) << r.message;
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM75_U32x4_LDSM_N)", Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_TRUE(has(r.message, "expected make_tiled_copy_A(ATOM, tiled_mma)")) << r.message;
  EXPECT_TRUE(has(r.message, "found 1 part")) << r.message;
  r = parse_make_tiled_copy_for_mma("make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma", Operand::A, 0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.column, 46);  // its last character, as make_tiled_copy( gives it
  EXPECT_TRUE(has(r.message, "no closing ')'")) << r.message;
}

TEST(TiledCopyText, TheCtaTileRefusesMakeTiledCopyForTheMmaAtTheField) {
  // B's field given make_tiled_copy_A: the field, the column and the typed text kept.
  CtaTileSpec s;
  s.mma = "SM80_16x8x16_F32F16F16F32_TN";
  s.atoms = "(2,2,1)";
  s.copy[1] = "make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)";
  CtaConfigError e;
  const auto t = fragviz::tile::make_cta_tile(s, &e);
  ASSERT_FALSE(t);
  EXPECT_EQ(e.field, CtaField::copy_b);
  EXPECT_EQ(e.column, 1);
  EXPECT_TRUE(has(e.message,
                  "--copy-b 'make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)': col 1: make_tiled_copy_A "
                  "builds the copy of A"))
      << e.message;
  EXPECT_EQ(s.copy[1], "make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)");
  // An atom too wide for the fragment: the bare atom's own refusal, word for word.
  CtaTileSpec bare;
  bare.mma = "SM80_16x8x8_F32F16F16F32_TN";
  bare.copy[1] = "SM75_U32x4_LDSM_N";
  CtaTileSpec wrapped = bare;
  wrapped.copy[1] = "make_tiled_copy_B(SM75_U32x4_LDSM_N, tiled_mma)";
  CtaConfigError eb, ew;
  const auto tb = fragviz::tile::make_cta_tile(bare, &eb);
  const auto tw = fragviz::tile::make_cta_tile(wrapped, &ew);
  ASSERT_FALSE(tb);
  ASSERT_FALSE(tw);
  EXPECT_EQ(ew.field, CtaField::copy_b);
  EXPECT_EQ(ew.message, eb.message);
  EXPECT_TRUE(has(ew.message, "make_tiled_copy_B")) << ew.message;
}

/// CuTe's name of a ValType of `bits` bits, for the Copy_Atom spelling.
std::string value_type(int bits) {
  switch (bits) {
    case 8:
      return "uint8_t";
    case 16:
      return "half_t";
    case 32:
      return "float";
    case 64:
      return "double";
    default:
      return "uint128_t";
  }
}

TEST(TiledCopyText, EveryPresetsCopyIsTheSameWrittenAsCuteWritesIt) {
  int copies = 0;
  for (const fragviz::tile::CtaPreset& p : fragviz::tile::cta_presets()) {
    const auto bare = fragviz::tile::make_cta_tile(p.spec);
    ASSERT_TRUE(bare) << p.name << ": " << bare.message;
    for (std::size_t i = 0; i < 3; ++i) {
      const std::string& atom = p.spec.copy[i];
      if (atom.empty() || fragviz::tile::is_make_tiled_copy(atom)) continue;
      ASSERT_TRUE(bare->copy[i]) << p.name;
      const auto& want = *bare->copy[i];
      const std::string call = std::string("make_tiled_copy_") + "ABC"[i] + "(";
      for (const std::string& text :
           {call + atom + ", tiled_mma)",
            call + "Copy_Atom<" + atom + ", " + value_type(want.values.value_bits) + ">{}, tiled_mma)"}) {
        SCOPED_TRACE(p.name + ": " + text);
        CtaTileSpec s = p.spec;
        s.copy[i] = text;
        const auto t = fragviz::tile::make_cta_tile(s);
        ASSERT_TRUE(t) << t.message;
        ASSERT_TRUE(t->copy[i]);
        const auto& got = *t->copy[i];
        EXPECT_EQ(got.atom.name, want.atom.name);
        EXPECT_EQ(got.values.value_bits, want.values.value_bits);
        EXPECT_EQ(fragviz::algebra::to_string(got.layout_tv), fragviz::algebra::to_string(want.layout_tv));
        EXPECT_EQ(fragviz::algebra::to_string(got.tiler), fragviz::algebra::to_string(want.tiler));
        EXPECT_EQ(fragviz::algebra::to_string(got.layout_s_tv),
                  fragviz::algebra::to_string(want.layout_s_tv));
        EXPECT_EQ(fragviz::algebra::to_string(got.layout_d_tv),
                  fragviz::algebra::to_string(want.layout_d_tv));
        ++copies;
      }
    }
  }
  EXPECT_GE(copies, 2 * 8);  // every gate rung's A and B, sm80-gemm's, ...: not an empty loop
}

}  // namespace
