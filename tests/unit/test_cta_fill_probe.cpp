// The CTA tile's global -> shared stage (fragviz/tile/gmem_copy.hpp) and its GPU probe's host
// halves (fragviz/tile/cta_fill_probe.hpp): the plan fed to a software GPU written from the PTX
// ISA's text of cp.async ("Data Movement and Conversion Instructions: cp.async": cp-size bytes are
// copied from the global source address to the shared destination address, both aligned to
// cp-size; 16 here), not from the model, and judged. Expected addresses and cells are worked out
// by hand from the layouts (each test says how).
#include <gtest/gtest.h>

#include "cta_test_tiles.hpp"
#include "fragviz/tile/cta_fill_probe.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace fragviz::tile {
namespace {

/// The shared image after every cp.async of `p`: 0xFF first (the kernel's fill), then for each
/// thread and cp.async the 16 global bytes at its source put at its destination.
std::vector<std::uint32_t> soft_gpu(const CtaFillProbePlan& p) {
  std::vector<std::uint8_t> shared(p.shared_bytes, 0xFF);
  for (std::size_t k = 0; k < p.sources.size(); ++k)
    for (std::uint32_t b = 0; b < 16; ++b) shared.at(p.destinations[k] + b) = p.global.at(p.sources[k] + b);
  return words_of(shared);
}

/// Plans A of `t`, runs the software GPU and expects its bytes to be the model's and its fill
/// verdict `said`.
void expect_gpu_fill(const CtaTile& t, const std::string& said) {
  const auto p = plan_cta_fill_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  const auto v = judge_cta_fill_probe(*p, soft_gpu(*p));
  ASSERT_TRUE(v) << v.message;
  EXPECT_EQ(v->model_disagreements, 0) << v->model_verdict();
  EXPECT_EQ(v->measured.verdict(), said);
}

/// The sm80 preset with A's shared layout and A's gmem copy replaced.
CtaTileSpec sm80_with(const std::string& smem_a, const std::string& gmem_a) {
  CtaTileSpec s = find_cta_preset("sm80-gemm-128x128x32")->spec;
  s.smem[0] = smem_a;
  s.gmem_copy[0] = gmem_a;
  return s;
}

constexpr const char* kCopyA = "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))";

TEST(CtaFill, EveryPresetsCpAsyncFillsItsLayout) {
  int planned = 0;
  for (const CtaPreset& preset : cta_presets()) {
    const CtaTile t = tile_of(preset.spec);
    const auto model = analyze_cta_tile(t, CtaOptions{false, false});
    ASSERT_TRUE(model) << model.message;
    for (Operand op : {Operand::A, Operand::B}) {
      const std::size_t i = op == Operand::A ? 0 : 1;
      const auto p = plan_cta_fill_probe(t, op);
      if (!t.gmem_copy[i]) {
        EXPECT_FALSE(p);
        EXPECT_FALSE(model->operands[i].fill) << preset.name;
        continue;
      }
      ASSERT_TRUE(p) << preset.name << " " << to_string(op) << ": " << p.message;
      ++planned;
      EXPECT_EQ(fill_probe_launch_problem(*p, 227 * 1024), "") << preset.name;
      const auto v = judge_cta_fill_probe(*p, soft_gpu(*p));
      ASSERT_TRUE(v) << v.message;
      // Every element of the extent once: rows x cols values, none unwritten, none wrong.
      const std::int64_t cells = t.extent(op)[0] * t.extent(op)[1];
      EXPECT_EQ(v->model_disagreements, 0) << preset.name << ": " << v->model_verdict();
      EXPECT_EQ(v->measured.cells, cells) << preset.name;
      EXPECT_EQ(v->measured.mismatches, 0) << preset.name << ": " << v->measured.verdict();
      ASSERT_TRUE(model->operands[i].fill) << preset.name;
      EXPECT_EQ(v->measured.verdict(), model->operands[i].fill->verdict()) << preset.name;
      EXPECT_EQ(v->model_verdict(), "all " + std::to_string(cells) + " match the model");
    }
  }
  // sm80-gemm and fa2-attention (A and B), the seven cp.async rungs of the gate (A and B).
  EXPECT_EQ(planned, 18);
}

TEST(CtaFill, Sm80GemmAddressesByHand) {
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto p = plan_cta_fill_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(p->instruction, "cp.async.cg.shared.global.L2::128B");
  EXPECT_TRUE(p->cache_global);
  EXPECT_EQ(p->threads, 128);
  // 128 x 32 halves in 16-byte vectors: 512 cp.async, 4 per thread (32 rows of the thread layout
  // (32,4):(4,1) cover 128 rows in 4 blocks).
  EXPECT_EQ(p->instructions, 4);
  EXPECT_EQ(p->global.size(), 128u * 32 * 2);
  // Thread 37: thread layout (32,4):(4,1) gives it row 37 / 4 = 9, k chunk 37 % 4 = 1 (k 8..15).
  // Global (row-major, 32 halves a row): (9*32 + 8) * 2 = 592. Shared: element 9*32 + 8 = 296 =
  // 0b100'101'000, Swizzle<3,3,3> XORs bits 3-5 (5) with bits 6-8 (4): 1, so 256 + 8 = 264: byte 528.
  EXPECT_EQ(p->sources[37 * 4 + 0], 592u);
  EXPECT_EQ(p->destinations[37 * 4 + 0], 528u);
  // Its cp.async 2 is block 2 down M: row 9 + 64 = 73, element 73*32 + 8 = 2344 = 0b100'100'101'000:
  // bits 6-8 are 4 (0b100), 5 ^ 4 = 1: 2344 - 32 = 2312, byte 4624; global (73*32 + 8) * 2 = 4688.
  EXPECT_EQ(p->sources[37 * 4 + 2], 4688u);
  EXPECT_EQ(p->destinations[37 * 4 + 2], 4624u);
  // B is N-major (column-major (N,K) in global): thread layout (16,8):(1,16) gives thread 37 n
  // chunk 37 % 16 = 5 (n 40..47) and k 37 / 16 = 2; global (2 * 128 + 40) * 2 = 592.
  const auto b = plan_cta_fill_probe(t, Operand::B);
  ASSERT_TRUE(b) << b.message;
  EXPECT_EQ(b->instructions, 4);  // 8 k rows per block: 4 blocks over K 32
  EXPECT_EQ(b->sources[37 * 4 + 0], 592u);
  // Shared B: Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024)), (n,k) = (40,2): 40 + 2*64 = 168
  // = 0b10'101'000: bits 6-8 are 2, 5 ^ 2 = 7: 128 + 56 = 184, byte 368.
  EXPECT_EQ(b->destinations[37 * 4 + 0], 368u);
}

TEST(CtaFill, TheGatesCopiesAreTheKernelsChunks) {
  // ladder_mainloop.cuh's copy_stage: thread t's j-th A chunk starts at element
  // a_tile_offset(row t / (BK/8) + j * (threads / (BK/8)), col t % (BK/8) * 8); its B chunk j at
  // b_tile_offset(k t / (BN/8) + j * (threads / (BN/8)), n t % (BN/8) * 8).
  int rungs = 0;
  for (const GateVariantInfo& v : gate_variants()) {
    if (v.tile.copy != gate::CopyPath::cp_async) continue;
    ++rungs;
    const gate::TileConfig c = v.tile;
    const CtaTile t = tile_of(gate_cta_spec(v));
    const auto a = plan_cta_fill_probe(t, Operand::A);
    const auto b = plan_cta_fill_probe(t, Operand::B);
    ASSERT_TRUE(a && b) << v.name << ": " << a.message << b.message;
    const int a_chunks = c.block_k / 8, b_chunks = c.block_n / 8, threads = c.threads();
    for (int tid = 0; tid < threads; ++tid) {
      for (int j = 0; j < a->instructions; ++j)
        EXPECT_EQ(a->destinations[static_cast<std::size_t>(tid * a->instructions + j)],
                  2u * static_cast<std::uint32_t>(gate::a_tile_offset(
                           c, tid / a_chunks + j * (threads / a_chunks), tid % a_chunks * 8)))
            << v.name << " A thread " << tid << " chunk " << j;
      for (int j = 0; j < b->instructions; ++j)
        EXPECT_EQ(b->destinations[static_cast<std::size_t>(tid * b->instructions + j)],
                  2u * static_cast<std::uint32_t>(gate::b_tile_offset(
                           c, tid / b_chunks + j * (threads / b_chunks), tid % b_chunks * 8)))
            << v.name << " B thread " << tid << " chunk " << j;
    }
  }
  EXPECT_EQ(rungs, 7);  // cp-async-db to reg-db-128x256, and stream-k
}

TEST(CtaFill, AChunkStoredOutOfOrderLandsOnOtherCells) {
  // Each 8-half chunk of A's rows holds k = k0 + 2 k1 at offset 4 k0 + k1 ((2,4) stored
  // transposed): the 16 bytes a cp.async writes keep their global order, so value v lands at offset
  // v, where the layout keeps k = v / 4 + 2 (v % 4): right only for v = 0 and 7. Thread 0's value 1
  // lands on A (0,1) at byte 2, where the layout keeps (0,2). 6 of 8 values of every vector are
  // wrong: 3072 of 4096.
  const CtaTile t = tile_of(sm80_with("(128,(2,4,4)):(32,(4,1,8))", kCopyA));
  const auto model = analyze_cta_tile(t, CtaOptions{false, false});
  ASSERT_TRUE(model) << model.message;
  const std::string said =
      "thread 0 cp.async 0 value 1 to byte 2: holds (0,1), the layout keeps (0,2) there (3072 of 4096 "
      "differ)";
  ASSERT_TRUE(model->operands[0].fill);
  EXPECT_EQ(model->operands[0].fill->verdict(), said);
  EXPECT_FALSE(model->joins_ok());
  // The GPU's copy must land them the same way: the judge reads the same verdict off its image.
  expect_gpu_fill(t, said);
}

TEST(CtaFill, AWrongWordIsNamed) {
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto p = plan_cta_fill_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  std::vector<std::uint32_t> words = soft_gpu(*p);
  // Thread 37's cp.async 0 lands at byte 528 (Sm80GemmAddressesByHand): its value 0 is A (9,8),
  // label 9*32 + 8 + 1 = 297. Put A (5,7)'s label 5*32 + 7 + 1 = 168 there instead.
  words[528 / 4] = (words[528 / 4] & 0xFFFF0000u) | 168u;
  const auto v = judge_cta_fill_probe(*p, words);
  ASSERT_TRUE(v) << v.message;
  EXPECT_EQ(v->model_disagreements, 1);
  EXPECT_EQ(
      v->model_verdict(),
      "thread 37 cp.async 0 value 0 to byte 528: the GPU's shared memory holds (5,7), the model predicted "
      "(9,8) (1 of 4096 differ)");
  EXPECT_EQ(v->measured.verdict(),
            "thread 37 cp.async 0 value 0 to byte 528: holds (5,7), the layout keeps (9,8) there (1 of 4096 "
            "differ)");
  // A cell nobody wrote keeps the 0xFF the kernel filled in: named as unwritten, and as no element.
  words = soft_gpu(*p);
  std::fill(words.begin(), words.end(), 0xFFFFFFFFu);
  const auto empty = judge_cta_fill_probe(*p, words);
  ASSERT_TRUE(empty);
  EXPECT_EQ(
      empty->model_verdict(),
      "thread 0 cp.async 0 value 0 to byte 0: the GPU's shared memory holds no element (0xffff), the model "
      "predicted (0,0) (4096 of 4096 differ)");
  // A word count the plan does not have is refused, not judged.
  words.pop_back();
  EXPECT_FALSE(judge_cta_fill_probe(*p, words));
}

TEST(CtaFill, UnwrittenCellsAreNamed) {
  // A's k spread 2 halves apart ((128,32):(64,2)): the vector of (r, 8c..8c+7) lands on halves
  // 64r + 16c + 0..7, where the layout keeps (r, 8c), pad, (r, 8c+1), pad, ...: only value 0 is
  // right (7 of 8 wrong: 3584), and (r, 8c+4..8c+7) at halves 64r + 16c + 8..14 are written by
  // nobody (4 per vector: 2048). No two cp.async write the same bytes.
  const CtaTile t = tile_of(sm80_with("(128,32):(64,2)", kCopyA));
  const auto model = analyze_cta_tile(t, CtaOptions{false, false});
  ASSERT_TRUE(model) << model.message;
  ASSERT_TRUE(model->operands[0].fill);
  const std::string said =
      "thread 0 cp.async 0 value 1 to byte 2: holds (0,1), the layout keeps no element there (5632 of 6144 "
      "differ)";
  EXPECT_EQ(model->operands[0].fill->verdict(), said);
  expect_gpu_fill(t, said);
  // An unwritten cell in the verdict's words: byte 16 (half 8) keeps A (0,4).
  CtaFill f;
  CtaFillCell c;
  c.byte = 16;
  c.expected = Cell{0, 4};
  f.add(c);
  EXPECT_EQ(f.verdict(),
            "byte 16: no cp.async writes it, it holds no element, the layout keeps (0,4) there (1 of 1 "
            "differ)");
}

TEST(CtaFill, Refusals) {
  const auto refused = [](const CtaTile& t, Operand op, const std::string& words) {
    const auto p = plan_cta_fill_probe(t, op);
    EXPECT_FALSE(p);
    EXPECT_NE(p.message.find(words), std::string::npos) << p.message;
  };
  refused(preset("sm80-gemm-128x128x32"), Operand::C, "C has no global -> shared copy");
  refused(preset("sm90-wgmma-128x128x64"), Operand::A, "no global -> shared copy for A");
  refused(preset("gate-ldmatrix-k16"), Operand::B, "no global -> shared copy for B");
  // Rows of 36 halves: row 1 starts at byte 72, no multiple of 16: cp.async would fault.
  refused(tile_of(sm80_with("(128,32):(36,1)", kCopyA)), Operand::A, "would fault (misaligned address)");
  const auto model =
      analyze_cta_tile(tile_of(sm80_with("(128,32):(36,1)", kCopyA)), CtaOptions{false, false});
  ASSERT_TRUE(model);
  // Row r starts at byte 72 r: odd rows are off 16 bytes, 64 rows x 4 cp.async each.
  EXPECT_EQ(model->operands[0].fill->misaligned, 256);
  EXPECT_FALSE(model->joins_ok());
}

TEST(CtaFill, ConfigurationRefusals) {
  const auto refused = [](const CtaTileSpec& s, CtaField field, int column, const std::string& words) {
    CtaConfigError where;
    const auto t = make_cta_tile(s, &where);
    ASSERT_FALSE(t);
    EXPECT_EQ(where.field, field) << t.message;
    EXPECT_EQ(where.column, column) << t.message;
    EXPECT_NE(t.message.find(words), std::string::npos) << t.message;
  };
  // Not cp.async: the atom's column (17, after "make_tiled_copy(").
  refused(sm80_with("(128,32):(32,1)", "make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))"),
          CtaField::gmem_copy_a, 17, "is no cp.async copy atom");
  // The thread layout does not read: its column in the whole text (65: the ')' after "(4,", the
  // part starting at 55 after "make_tiled_copy(" and the 36-character atom and ", ").
  refused(sm80_with("(128,32):(32,1)",
                    "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,), (1,8))"),
          CtaField::gmem_copy_a, 65, "the thread layout");
  // Values (2,4): no run along one row or column.
  refused(sm80_with("(128,32):(32,1)",
                    "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (64,2):(2,1), (2,4))"),
          CtaField::gmem_copy_a, 0, "no run along one row or one column");
  // 64 threads: the CTA has 128.
  refused(sm80_with("(128,32):(32,1)",
                    "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (16,4):(4,1), (1,8))"),
          CtaField::gmem_copy_a, 0, "64 threads; the TiledMMA's CTA has 128");
  // Without a shared layout there is nothing to fill.
  CtaTileSpec no_layout = sm80_with("", kCopyA);
  no_layout.copy[0] = "";
  refused(no_layout, CtaField::gmem_copy_a, 0, "needs --smem-a");
  // (8,16) threads of (1,8) tile 8 x 128: A's K of 32 is no multiple of 128.
  refused(sm80_with("(128,32):(32,1)",
                    "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (8,16):(16,1), (1,8))"),
          CtaField::gmem_copy_a, 0, "does not divide the operand's 128 x 32");
}

}  // namespace
}  // namespace fragviz::tile
