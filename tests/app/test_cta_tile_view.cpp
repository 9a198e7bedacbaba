// The CTA tile view's verdicts (viewmodel/cta_tile_view.hpp): the misaligned accesses of a copy that
// cannot be done, the C-as-A verdict's colour, a preset picked over edited fields, the cells a
// wrong join marks, the warp colours and the export's crop. Expected
// counts are worked out by hand, not read from the analysis.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

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

// fa3-attention's P: S's m64n128 accumulator split into eight k16 blocks of the _RS atom's A
// registers per thread (FlashAttention-3's conversion), 2 warpgroups x 128 threads x 64 values.
TEST(CtaTileView, Fa3ReuseSplitsTheAccumulatorIntoARegisters) {
  CtaTileControls c;
  pick_cta_preset(c, "fa3-attention");
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.reuse, "C as the next A ((64,1,1) -> (8,1,(8,1))): all 16384 match (256 threads x 64 values)");
  EXPECT_TRUE(m.reuse_ok);
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

// Issue 22: the sm80 preset (its sentence: "2x2 warps") with its atoms edited describes the fields,
// never the preset's sentence. (2,2,1):(2,1,0) orders the 4 warps along N first.
TEST(CtaTileView, EditedAtomsDescribeTheFields) {
  CtaTileControls c;
  ASSERT_EQ(c.preset, "sm80-gemm-128x128x32");
  c.spec.atoms = "(2,2,1):(2,1,0)";
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.source.find("2x2"), std::string::npos) << m.source;
  EXPECT_EQ(m.source,
            "edited from preset sm80-gemm-128x128x32: now SM80_16x8x16_F32F16F16F32_TN over (2,2,1):(2,1,0) "
            "(4 warps), Tile<_32,_32,_16>, CTA tile 128x128x32");
  // Unedited, the preset's own sentence.
  EXPECT_EQ(
      make_cta_tile_model(CtaTileControls{}).source.rfind("preset sm80-gemm-128x128x32: CUTLASS-style", 0),
      0u);
}

// Atoms (4,1,1) reach 4 x 16 = 64 rows of M past the preset's Tile<_32,...>: this CuTe sizes the
// tile by the permutation alone, so its A thread-value layout reaches index 543 of the 32x16 tile
// (printed by CuTe itself). The window says so instead of drawing cells outside its grids (the
// sanitized build caught the model writing past them).
TEST(CtaTileView, AtomsPastThePermutationAreRefused) {
  CtaTileControls c;
  c.spec.atoms = "(4,1,1)";
  const CtaTileModel m = make_cta_tile_model(c);
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("permutation's M (32) is smaller than the atoms' 4 x 16 = 64"), std::string::npos)
      << m.error;
  // The window draws it in its fields' labels, not the CLI's flags (newcomer round 23).
  EXPECT_EQ(
      tile::cta_message_in_labels(m.error).rfind("atoms '(4,1,1)' with permutation 'Tile<_32,_32,_16>': ", 0),
      0u)
      << m.error;
  EXPECT_TRUE(m.grids.empty());
}

// Newcomer round 24: thread 99999 in the field left the fragment line blank; the sm80 preset's
// TiledMMA has 2x2 warps of 32 threads, 128 (0-127).
TEST(CtaTileView, AThreadPastTheTiledMmaIsSaid) {
  CtaTileControls c;
  c.thread = 99999;
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.grids[0].fragment, "no thread 99999: this TiledMMA has 128 (0-127)");
  c.thread = 127;
  EXPECT_EQ(make_cta_tile_model(c).grids[0].fragment.rfind("thread 127: ", 0), 0u);
  c.thread = -1;
  EXPECT_EQ(make_cta_tile_model(c).grids[0].fragment, "");
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

/// The scene of `c`'s export with `crop`.
scene::Scene cta_scene_of(const CtaTileControls& c, const scene::Crop& crop = {}) {
  scene::ViewRequest r;
  r.view = scene::View::cta;
  r.cta = c;
  r.crop = crop;
  const auto s = scene::build_scene(r);
  EXPECT_TRUE(s) << s.error.message;
  return s ? *s.value : scene::Scene{};
}

/// The cells ("A-r0-c1") a wrong-cell cross is drawn over: each diagonal Line in the wrong-mark
/// colour, by the cell Rect its midpoint lies in.
std::set<std::string> crossed_cells(const scene::Scene& s) {
  const scene::Colour mark{kCtaWrongColour.r, kCtaWrongColour.g, kCtaWrongColour.b};
  std::set<std::string> out;
  for (const scene::Item& it : s.items) {
    const auto* l = std::get_if<scene::Line>(&it);
    if (!l || l->colour != mark || l->x0 == l->x1 || l->y0 == l->y1) continue;
    const double x = (l->x0 + l->x1) / 2, y = (l->y0 + l->y1) / 2;
    for (const scene::Item& jt : s.items)
      if (const auto* r = std::get_if<scene::Rect>(&jt);
          r && !r->id.empty() && x > r->x && x < r->x + r->w && y > r->y && y < r->y + r->h)
        out.insert(r->id);
  }
  return out;
}

// Issue 22: A typed M-major, (128,32):(1,128), under SM75_U32x4_LDSM_N. Each ldmatrix row address
// is the cell (m, k0) (k0 a multiple of 8) and the row's 8 values are the next 8 elements in
// memory, (m..m+7, k0), where the MMA needs (m, k0..k0+7): value e of a row is right only for
// e = 0. So exactly the cells with k % 8 != 0 are wrong: 128 x 28 = 3584 of A's 4096; B and C
// (the preset's) have none. Cell (0,1) is first held by thread 0 as V1 and gets (1,0).
TEST(CtaTileView, WrongCellsAreTheOnesTheCopyMisses) {
  CtaTileControls c;
  c.spec.smem[0] = "(128,32):(1,128)";
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  const CtaGrid& a = m.grids[0];
  ASSERT_EQ(a.wrong.size(), 128u * 32u);
  for (int row = 0; row < 128; ++row)
    for (int col = 0; col < 32; ++col)
      ASSERT_EQ(a.wrong[static_cast<std::size_t>(row * 32 + col)] != 0, col % 8 != 0) << row << "," << col;
  ASSERT_EQ(a.wrong_cells.size(), 3584u);
  // The two warps along N each read every A cell of their rows: twice the cells in values.
  EXPECT_EQ(
      a.join.substr(a.join.size() - std::string("(7168 of 8192 values (3584 of 4096 cells) wrong)").size()),
      "(7168 of 8192 values (3584 of 4096 cells) wrong)");
  const CtaWrongCell& first = a.wrong_cells.front();  // row-major: (0,1)
  EXPECT_EQ(first.row, 0);
  EXPECT_EQ(first.col, 1);
  EXPECT_EQ(first.thread, 0);
  EXPECT_EQ(first.value, 1);
  ASSERT_TRUE(first.delivered);
  EXPECT_EQ(*first.delivered, (tile::Cell{1, 0}));
  EXPECT_EQ(cta_wrong_text(Operand::A, a.store, first),
            "wrong: thread 0 V1 needs (m,k) = (0,1); the copy delivers (1,0)");
  EXPECT_EQ(cta_wrong_legend(a),
            "7168 of 8192 values (3584 of 4096 cells) wrong: the copy delivers another element than the MMA "
            "needs there (hover a cell: needed and delivered); wrong rows (m): all 128");
  for (std::size_t i = 1; i < 3; ++i) {
    EXPECT_TRUE(m.grids[i].wrong_cells.empty());
    EXPECT_EQ(m.grids[i].join.find("wrong"), std::string::npos);
    EXPECT_EQ(cta_wrong_legend(m.grids[i]), "");
  }
  // The preset itself: nothing marked.
  const CtaTileModel clean = make_cta_tile_model(CtaTileControls{});
  for (const CtaGrid& g : clean.grids) EXPECT_TRUE(g.wrong_cells.empty());
}

// gate-broken-swap-b: its loads are right and its kernel swaps the B fragments of n tiles 1 and 2
// of every warp's 32 columns (B 8-15:16-23/32), so the marked B cells are exactly those with
// n % 32 in 8..23 (half of 64 x 32), each read as n + 8 or n - 8; A has none. Cell (8,0) is first
// held by thread 0 as V2: loaded (8,0), read (16,0).
TEST(CtaTileView, RegisterSwapMarksTheSwappedCells) {
  CtaTileControls c;
  pick_cta_preset(c, "gate-broken-swap-b");
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_TRUE(m.grids[0].wrong_cells.empty());
  const CtaGrid& b = m.grids[1];
  ASSERT_EQ(b.wrong.size(), 64u * 32u);
  for (int n = 0; n < 64; ++n)
    for (int k = 0; k < 32; ++k)
      ASSERT_EQ(b.wrong[static_cast<std::size_t>(n * 32 + k)] != 0, n % 32 >= 8 && n % 32 < 24)
          << n << "," << k;
  const CtaWrongCell& first = b.wrong_cells.front();  // row-major: (8,0)
  EXPECT_EQ(first.row, 8);
  EXPECT_EQ(first.col, 0);
  EXPECT_EQ(first.thread, 0);
  EXPECT_EQ(first.value, 2);
  EXPECT_EQ(cta_wrong_text(Operand::B, b.store, first),
            "wrong: thread 0 V2 needs (n,k) = (8,0); the copy delivers (8,0), but after the register swap "
            "B 8-15:16-23/32 the MMA reads (16,0)");
  // The app's legend and join line say the count in the words `fragviz-cli tiled` prints (issue 22:
  // the window said "1024 of 2048 cells wrong", the CLI "4096 of 8192 differ"). 256 threads x 32
  // values is 8192: four threads (the four warps along M) hold each of the 64 x 32 B cells, and the
  // swap breaks half of both.
  EXPECT_EQ(
      b.join.substr(b.join.size() - std::string("(4096 of 8192 values (1024 of 2048 cells) wrong)").size()),
      "(4096 of 8192 values (1024 of 2048 cells) wrong)");
  EXPECT_EQ(cta_wrong_legend(b),
            "4096 of 8192 values (1024 of 2048 cells) wrong: the register swap after the copy feeds the MMA "
            "another element there (hover a cell: needed, delivered and read); wrong rows (n): 8-23 of every "
            "32");
  // Newcomer round 22: scrolled to rows 25-34, no mark was in sight and nothing said where they are.
  EXPECT_EQ(b.wrong_rows, "8-23 of every 32");
}

// The verdict line at the top of the window (newcomer round 13: B's red join sat ~30 wheel notches
// down): gate-broken-swap-b's B is 4096 of 8192 values (1024 of 2048 cells) wrong (the test above), A is
// right; an ldmatrix on N-major B (the sm80 preset with SM75_U32x4_LDSM_N: all 32 instructions misaligned,
// tests/gui/test_cta_tile_verdicts.sh) says so instead of a conflict count.
TEST(CtaTileView, VerdictLineSaysEachOperandsJoinAndBanks) {
  CtaTileControls c;
  pick_cta_preset(c, "gate-broken-swap-b");
  const CtaTileModel m = make_cta_tile_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  const CtaGrid &a = m.grids[0], &b = m.grids[1];
  ASSERT_FALSE(b.banks.empty());
  const auto conflicts = [](const CtaGrid& g) {
    const int n = g.banks.back().conflicts;
    return std::to_string(n) + (n == 1 ? " bank conflict" : " bank conflicts");
  };
  EXPECT_EQ(cta_verdict_text(b),
            "B: join 4096 of 8192 values (1024 of 2048 cells) wrong, wrong rows (n): 8-23 "
            "of every 32, " +
                conflicts(b));
  EXPECT_FALSE(cta_verdict_ok(b));
  EXPECT_EQ(cta_verdict_text(a), "A: join ok, " + conflicts(a));
  EXPECT_EQ(cta_verdict_ok(a), a.banks.back().conflicts == 0);

  pick_cta_preset(c, "sm80-gemm-128x128x32");
  c.spec.copy[1] = "SM75_U32x4_LDSM_N";
  const CtaTileModel n = make_cta_tile_model(c);
  ASSERT_TRUE(n.ok) << n.error;
  const std::string v = cta_verdict_text(n.grids[1]);
  EXPECT_EQ(v.substr(v.size() - std::string(", 32 misaligned instructions").size()),
            ", 32 misaligned instructions")
      << v;
  EXPECT_FALSE(cta_verdict_ok(n.grids[1]));
}

// The store's words for C, and a value that lands on no element.
TEST(CtaTileView, WrongTextForStoresAndPadding) {
  CtaWrongCell w{2, 3, 40, 5, tile::Cell{3, 2}, 100, "", std::nullopt};
  EXPECT_EQ(cta_wrong_text(Operand::C, true, w),
            "wrong: thread 40 V5 holds (m,n) = (2,3); the store writes it over (3,2)");
  w.delivered.reset();
  EXPECT_EQ(cta_wrong_text(Operand::B, false, w),
            "wrong: thread 40 V5 needs (n,k) = (2,3); the copy delivers no element (byte 100 is padding or "
            "inside an element)");
}

// The export crosses out exactly the wrong cells, a crop included (A rows 0-7, columns 0-15: the
// 8 x 14 cells with k % 8 != 0), with the legend's swatch outside the grid.
TEST(CtaTileView, ExportCrossesOutTheWrongCells) {
  CtaTileControls c;
  c.spec.smem[0] = "(128,32):(1,128)";
  scene::Crop crop;
  crop.operand = "A";
  crop.rows = scene::IndexRange{0, 7};
  crop.cols = scene::IndexRange{0, 15};
  std::set<std::string> want;
  for (int row = 0; row < 8; ++row)
    for (int col = 0; col < 16; ++col)
      if (col % 8 != 0) want.insert("A-r" + std::to_string(row) + "-c" + std::to_string(col));
  const scene::Scene s = cta_scene_of(c, crop);
  EXPECT_EQ(crossed_cells(s), want);
  EXPECT_EQ(texts_starting(c, "7168 of 8192 values (3584 of 4096 cells) wrong: ").size(), 1u);
  EXPECT_TRUE(crossed_cells(cta_scene_of(CtaTileControls{})).empty());
}

// A wrong cell keeps its label readable: the label comes after the cell's cross in the scene (drawn
// over it), once, as the screen draws it over its mark (newcomer round 18: the cross hid "T0 V1").
TEST(CtaTileView, ExportLabelsAWrongCellOverItsCross) {
  CtaTileControls c;
  c.spec.smem[0] = "(128,32):(1,128)";  // (0,1) is wrong (WrongCellsAreTheOnesTheCopyMisses)
  scene::Crop crop;
  crop.operand = "A";
  crop.rows = scene::IndexRange{0, 7};
  crop.cols = scene::IndexRange{0, 15};
  const scene::Scene s = cta_scene_of(c, crop);
  const scene::Colour mark{kCtaWrongColour.r, kCtaWrongColour.g, kCtaWrongColour.b};
  const scene::Rect* cell = nullptr;
  for (const scene::Item& it : s.items)
    if (const auto* r = std::get_if<scene::Rect>(&it); r && r->id == "A-r0-c1") cell = r;
  ASSERT_NE(cell, nullptr);
  const auto inside = [&](double x, double y) {
    return x > cell->x && x < cell->x + cell->w && y > cell->y && y < cell->y + cell->h;
  };
  std::ptrdiff_t last_cross = -1, label = -1;
  int labels = 0;
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    if (const auto* l = std::get_if<scene::Line>(&s.items[i]);
        l && l->colour == mark && inside((l->x0 + l->x1) / 2, (l->y0 + l->y1) / 2))
      last_cross = static_cast<std::ptrdiff_t>(i);
    if (const auto* t = std::get_if<scene::Text>(&s.items[i]);
        t && t->text == "T0 V1" && inside(t->x, t->y - 1)) {
      label = static_cast<std::ptrdiff_t>(i);
      ++labels;
    }
  }
  ASSERT_GE(last_cross, 0);
  EXPECT_EQ(labels, 1);
  EXPECT_GT(label, last_cross);
}

// A crop draws one operand's grid, exactly the block asked for, each cell named and labelled as
// uncropped (A (17,2) is thread 37's V0, tests/cli/test_tiled_cta.sh); one without an operand, or
// past the grid, is refused.
TEST(CtaTileView, ExportCropKeepsExactlyTheBlock) {
  scene::Crop crop;
  crop.operand = "A";
  crop.rows = scene::IndexRange{16, 23};
  crop.cols = scene::IndexRange{0, 7};
  const scene::Scene s = cta_scene_of(CtaTileControls{}, crop);
  std::set<std::string> ids;
  std::string label_17_2;
  for (std::size_t i = 0; i < s.items.size(); ++i)
    if (const auto* r = std::get_if<scene::Rect>(&s.items[i]); r && !r->id.empty()) {
      ids.insert(r->id);
      if (r->id == "A-r17-c2" && i + 1 < s.items.size())
        if (const auto* t = std::get_if<scene::Text>(&s.items[i + 1])) label_17_2 = t->text;
    }
  std::set<std::string> want;
  for (int row = 16; row <= 23; ++row)
    for (int col = 0; col <= 7; ++col) want.insert("A-r" + std::to_string(row) + "-c" + std::to_string(col));
  EXPECT_EQ(ids, want);
  EXPECT_EQ(label_17_2, "T37 V0");
  // The operand alone: its whole grid, no other.
  scene::Crop b;
  b.operand = "b";
  std::size_t cells = 0;
  for (const scene::Item& it : cta_scene_of(CtaTileControls{}, b).items)
    if (const auto* r = std::get_if<scene::Rect>(&it); r && !r->id.empty()) {
      EXPECT_EQ(r->id.rfind("B-", 0), 0u) << r->id;
      ++cells;
    }
  EXPECT_EQ(cells, 128u * 32u);
  scene::ViewRequest r;
  r.view = scene::View::cta;
  r.crop.rows = scene::IndexRange{0, 7};
  const auto none = scene::build_scene(r);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error.message.find("needs --operand A, B or C"), std::string::npos);
  r.crop.operand = "C";
  r.crop.rows = scene::IndexRange{0, 128};
  const auto past = scene::build_scene(r);
  ASSERT_FALSE(past);
  EXPECT_NE(past.error.message.find("rows=0-128 is outside C's 128 x 128"), std::string::npos)
      << past.error.message;
}

/// Whether `c` reads as the error red: a hue within 20 degrees of red, saturated and not dark.
bool red_like(Rgb c) {
  const int hi = std::max({c.r, c.g, c.b}), lo = std::min({c.r, c.g, c.b});
  if (hi < 80 || hi - lo < 0.3 * hi) return false;  // dark or greyish
  double hue = 0;
  if (hi == c.r)
    hue = 60.0 * (c.g - c.b) / (hi - lo);
  else if (hi == c.g)
    hue = 120.0 + 60.0 * (c.b - c.r) / (hi - lo);
  else
    hue = 240.0 + 60.0 * (c.r - c.g) / (hi - lo);
  if (hue < 0) hue += 360;
  return hue < 20 || hue > 340;
}

// Issue 25: warp 0 was lane 0's #E6194B, red, the colour of an error. No warp of a CTA (up to 32
// warps of 1024 threads) may take a red, nor the wrong-cell mark's colour; warps side by side
// differ. The palette is assets/palette.json's, screen and document alike (lanes are one list).
TEST(CtaTileView, NoWarpColourIsTheErrorRed) {
  const Palette& p = assets().palette;
  EXPECT_TRUE(red_like(kCtaWrongColour));
  EXPECT_TRUE(red_like(Rgb{0xE6, 0x19, 0x4B}));  // the old warp 0
  for (int warp = 0; warp < 32; ++warp) {
    const int i = cta_warp_colour_index(warp);
    ASSERT_GE(i, 0);
    ASSERT_LT(i, 32);
    const Rgb c = p.lanes[static_cast<std::size_t>(i)];
    EXPECT_FALSE(c == kCtaWrongColour) << "warp " << warp;
    EXPECT_FALSE(red_like(c)) << "warp " << warp << " lane colour " << i;
    if (warp > 0) {
      EXPECT_NE(i, cta_warp_colour_index(warp - 1)) << "warp " << warp;
    }
  }
  std::set<int> first8;
  for (int warp = 0; warp < 8; ++warp) first8.insert(cta_warp_colour_index(warp));
  EXPECT_EQ(first8.size(), 8u);
}

}  // namespace
}  // namespace fragviz::app

// The wrong rows in few words (newcomer round 22), worked by hand.
TEST(CtaTileView, CompactRowsText) {
  const auto rows = [](int n, auto&& marked) {
    std::vector<std::uint8_t> v(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) v[static_cast<std::size_t>(r)] = marked(r) ? 1 : 0;
    return fragviz::app::compact_rows_text(v);
  };
  EXPECT_EQ(rows(64, [](int r) { return r % 32 >= 8 && r % 32 < 24; }), "8-23 of every 32");
  EXPECT_EQ(rows(8, [](int r) { return r % 2 == 1; }), "1 of every 2");
  EXPECT_EQ(rows(96, [](int r) { return r % 32 == 3 || (r % 32 >= 5 && r % 32 < 8); }), "3, 5-7 of every 32");
  // A run that does not repeat, and a pattern repeating only once and a half (no period <= 5 of 10).
  EXPECT_EQ(rows(10, [](int r) { return r >= 3 && r <= 5; }), "3-5");
  EXPECT_EQ(rows(10, [](int r) { return r == 0 || r == 6 || r == 9; }), "0, 6, 9");
  // A period need not divide the rows: 0, 3, 6 of 7 repeat every 3.
  EXPECT_EQ(rows(7, [](int r) { return r % 3 == 0; }), "0 of every 3");
  EXPECT_EQ(rows(16, [](int) { return true; }), "all 16");
  EXPECT_EQ(rows(16, [](int) { return false; }), "");
  // Past 8 runs: the first 8 and how many more (rows 0, 2, ..., 20 then nothing up to 40).
  EXPECT_EQ(rows(40, [](int r) { return r % 2 == 0 && r <= 20; }),
            "0, 2, 4, 6, 8, 10, 12, 14 and 3 more runs");
}
