// The CTA tile view's verdicts (viewmodel/cta_tile_view.hpp): the misaligned accesses of a copy that
// cannot be done, the C-as-A verdict's colour, and a preset picked over edited fields. Expected
// counts are worked out by hand, not read from the analysis.
#include <gtest/gtest.h>

#include <string>

#include "fragviz/viewmodel/cta_tile_view.hpp"
#include "fragviz_export/views.hpp"

namespace fragviz::app {
namespace {

/// The sm80 preset (2x2 warps of m16n8k16, CTA 128x128x32, k-block 16) with B copied by `copy_b`.
CtaTileControls sm80_with_copy_b(const std::string& copy_b) {
  CtaTileControls c;
  c.spec.copy[1] = copy_b;
  return c;
}

/// The export's text lines that start with `prefix`, with their colours.
std::vector<scene::Text> texts_starting(const CtaTileControls& c, const std::string& prefix) {
  scene::ViewRequest r;
  r.view = scene::View::cta;
  r.cta = c;
  const auto s = scene::build_scene(r);
  EXPECT_TRUE(s) << s.error.message;
  std::vector<scene::Text> out;
  if (!s) return out;
  for (const scene::Item& it : s.value->items)
    if (const auto* t = std::get_if<scene::Text>(&it); t && t->text.rfind(prefix, 0) == 0) out.push_back(*t);
  return out;
}

bool reddish(scene::Colour c) { return c.r > 150 && c.g < 100; }
bool greenish(scene::Colour c) { return c.g > 100 && c.r < 100; }

// B of the sm80 preset is laid out N-major ((64,2),(8,4)):((1,512),(64,1024)): the 8 k-values an
// ldmatrix row address must find in 16 contiguous bytes lie 64 elements apart, so every
// SM75_U32x4_LDSM_N of B is misaligned: a warp's 64 x 16 slice of a k-block is 2048 bytes, 4 x4
// ldmatrix of 512 bytes, so 4 per warp and k-block, 4 warps x 2 k-blocks x 4 = 32 in all, and none
// counts a wavefront. The total says so, is not clean, and the export's line says it in red.
TEST(CtaTileView, MisalignedCopyIsShownAndNeverClean) {
  const CtaTileModel m = make_cta_tile_model(sm80_with_copy_b("SM75_U32x4_LDSM_N"));
  ASSERT_TRUE(m.ok) << m.error;
  const CtaGrid& b = m.grids[1];
  ASSERT_FALSE(b.banks.empty());
  EXPECT_EQ(b.banks.front().misaligned, 4);  // warp 0, k-block 0
  const tile::WarpBanks& total = b.banks.back();
  EXPECT_EQ(total.instructions, 32);
  EXPECT_EQ(total.wavefronts, 0);
  EXPECT_EQ(total.conflicts, 0);
  EXPECT_EQ(total.misaligned, 32);
  EXPECT_FALSE(cta_banks_ok(b));
  EXPECT_EQ(cta_bank_total_text(b),
            "banks: ldmatrix.sync.aligned.m8n8.x4.shared.b16: 32 instructions, 0 wavefronts (ideal 0), "
            "bank conflicts 0, misaligned 32");
  const auto lines = texts_starting(sm80_with_copy_b("SM75_U32x4_LDSM_N"), "banks: ");
  ASSERT_EQ(lines.size(), 2u);  // A's and B's; C has no copy
  EXPECT_TRUE(greenish(lines[0].colour));
  EXPECT_TRUE(reddish(lines[1].colour));
  EXPECT_NE(lines[1].text.find("misaligned 32"), std::string::npos);
}

// The preset's own A (Swizzle<3,3,3>, K-major, ldmatrix x4): 128 wavefronts, the ideal, clean.
TEST(CtaTileView, PresetBanksAreClean) {
  const CtaTileModel m = make_cta_tile_model(CtaTileControls{});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_TRUE(cta_banks_ok(m.grids[0]));
  EXPECT_EQ(m.grids[0].banks.back().misaligned, 0);
}

// fa2-attention's C read again as the next A matches everywhere: a green verdict, on screen
// (reuse_ok) and in the export; the old test looked for "all " at the start of the line, which
// begins "C as the next A", so the screen drew it red.
TEST(CtaTileView, ReuseMatchIsGreenOnScreenAndInExport) {
  CtaTileControls c;
  pick_cta_preset(c, "fa2-attention");
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.reuse, "C as the next A ((4,1,8) -> ((4,2),1,4)): all 4096 match (128 threads x 32 values)");
  EXPECT_TRUE(m.reuse_ok);
  const auto lines = texts_starting(c, "C as the next A");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(greenish(lines[0].colour));
}

// A typed M-major, (128,32):(1,128): lane 0's 16-byte ldmatrix row runs down m, so thread 0's
// V1 gets A (1,0) where (0,1) belongs: the join fails, and its export line is red.
TEST(CtaTileView, JoinMismatchIsRedInExport) {
  CtaTileControls c;
  c.spec.smem[0] = "(128,32):(1,128)";
  const auto lines = texts_starting(c, "join: ");
  ASSERT_EQ(lines.size(), 2u);  // A's (a mismatch) and B's (a match)
  EXPECT_EQ(lines[0].text.rfind("join: thread 0 V1 (k-block 0): delivered (1,0)", 0), 0u);
  EXPECT_TRUE(reddish(lines[0].colour));
  EXPECT_TRUE(greenish(lines[1].colour));
}

// A preset picked over edited fields keeps the edits (one level); restore puts them back with
// their preset. A preset picked over a preset's own fields keeps nothing (nothing would be lost).
TEST(CtaTileView, PresetKeepsEditsForRestore) {
  CtaTileControls c;
  pick_cta_preset(c, "fa2-attention");
  EXPECT_FALSE(c.kept_edits);
  EXPECT_FALSE(restore_cta_edits(c));
  EXPECT_EQ(c.preset, "fa2-attention");

  c = CtaTileControls{};
  c.spec.smem[0] = "(128,32):(32,1)";
  const tile::CtaTileSpec edited = c.spec;
  pick_cta_preset(c, "fa2-attention");
  EXPECT_EQ(c.preset, "fa2-attention");
  EXPECT_EQ(c.spec, cta_preset_spec("fa2-attention"));
  ASSERT_TRUE(c.kept_edits);
  // A second preset over the unedited fa2 fields leaves the kept edits alone.
  pick_cta_preset(c, kDefaultCtaPreset);
  ASSERT_TRUE(c.kept_edits);
  EXPECT_TRUE(restore_cta_edits(c));
  EXPECT_EQ(c.preset, kDefaultCtaPreset);
  EXPECT_EQ(c.spec, edited);
  EXPECT_FALSE(c.kept_edits);
  EXPECT_NE(make_cta_tile_model(c).source.find("edited from preset"), std::string::npos);
}

// Issue 22: the hover text names CuTe's value index "V4", never "register 4" (a value is not a
// 32-bit register: an f16 fragment packs two values in one). Thread 41 is warp 1, lane 9.
TEST(CtaTileView, CellTextSaysValueNotRegister) {
  const std::string t = cta_cell_text(Operand::A, 1, 0, CtaCell{41, 4});
  EXPECT_EQ(t, "(m,k) = (1,0): thread 41 (warp 1 lane 9), value V4");
  EXPECT_EQ(t.find("register"), std::string::npos);
  EXPECT_EQ(cta_cell_text(Operand::C, 2, 3, CtaCell{0, 0}),
            "(m,n) = (2,3): thread 0 (warp 0 lane 0), value V0");
}

// Issue 22: a bank row with misaligned instructions left them out of its counts, so its zeros are
// shown as "-" (not counted), never as a clean 0; a row without shows its numbers.
TEST(CtaTileView, MisalignedBankRowIsNotCounted) {
  const CtaTileModel m = make_cta_tile_model(sm80_with_copy_b("SM75_U32x4_LDSM_N"));
  ASSERT_TRUE(m.ok) << m.error;
  const tile::WarpBanks& row = m.grids[1].banks.front();  // warp 0, k-block 0: 4 misaligned
  EXPECT_FALSE(tile::bank_row_counted(row));
  EXPECT_EQ(tile::bank_count_cell(row, row.wavefronts), "-");
  EXPECT_EQ(tile::bank_count_cell(row, row.conflicts), "-");
  tile::WarpBanks clean;
  clean.instructions = 4;
  clean.wavefronts = 16;
  clean.ideal = 16;
  EXPECT_TRUE(tile::bank_row_counted(clean));
  EXPECT_EQ(tile::bank_count_cell(clean, clean.wavefronts), "16");
  EXPECT_NE(std::string(tile::kMisalignedNote).find("not counted"), std::string::npos);
}

}  // namespace
}  // namespace fragviz::app
