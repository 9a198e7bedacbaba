// The through-ldmatrix probe's host side, without a GPU: a software ldmatrix (written here from the
// PTX ISA text, not from the model's ldmatrix_byte) reads the stored images at the plan's lane
// offsets, and the software tensor core (soft_tensor_core.hpp) computes D from what it received.
// With hardware that behaves as the PTX text says, every byte and every element must match; with a
// planted fault (an ldmatrix that swaps two matrices) the judge must name the elements it moved,
// where it moved them.
#include <gtest/gtest.h>

#include "fragviz/probe/ldmatrix_feed.hpp"
#include "soft_tensor_core.hpp"

namespace fragviz {
namespace {

/// Register j of `lane` after ldmatrix over `image` with the lanes' byte `offsets`: "the eight
/// addresses required for each matrix are provided by eight threads" (matrix j: lanes 8j..8j+7);
/// plain, "a group of four consecutive threads loads 16 bytes" (lane l: bytes 4(l%4)..+3 of row
/// l/4); .trans, "the matrix is loaded in column-major format" (half h of lane l: element
/// (2(l%4) + h, l/4), each element two bytes). Register j holds matrix `m` (j for real hardware).
std::uint32_t soft_ldmatrix(const std::uint8_t* image, const std::array<std::uint32_t, 32>& offsets,
                            bool trans, int lane, int j, int m) {
  std::uint32_t word = 0;
  for (int b = 0; b < 4; ++b) {
    std::uint32_t at;
    if (!trans)
      at = offsets[static_cast<std::size_t>(8 * m + lane / 4)] +
           static_cast<std::uint32_t>(4 * (lane % 4) + b);
    else
      at = offsets[static_cast<std::size_t>(8 * m + 2 * (lane % 4) + b / 2)] +
           static_cast<std::uint32_t>(2 * (lane / 4) + b % 2);
    word |= static_cast<std::uint32_t>(image[at]) << (8 * b);
  }
  return word;
}

/// Which matrix register j of `op` receives: the real ldmatrix's, and one that swaps A's 1 and 2.
int same_matrix(Operand, int j) { return j; }
int swap_a_1_2(Operand op, int j) { return op != Operand::A ? j : j == 1 ? 2 : j == 2 ? 1 : j; }

struct Run {
  std::vector<std::uint32_t> d, a_got, b_got;
};

/// Runs every pass of `plan` on the software hardware.
Run run_soft(const LdmatrixFeedPlan& plan, int (*matrix_of)(Operand, int)) {
  const Instruction& in = *plan.instr;
  Run r;
  for (Operand op : {Operand::A, Operand::B}) {
    const FeedOperand& o = plan.operand(op);
    const int w = words_per_lane(in, op);
    const std::vector<std::uint32_t>& words = op == Operand::A ? plan.a_words : plan.b_words;
    const std::vector<std::uint8_t>& images = op == Operand::A ? plan.a_images : plan.b_images;
    std::vector<std::uint32_t>& got = op == Operand::A ? r.a_got : r.b_got;
    got = words;  // an operand not loaded comes from registers
    if (!o.load) continue;
    for (int p = 0; p < plan.passes; ++p)
      for (int lane = 0; lane < 32; ++lane)
        for (int j = 0; j < w; ++j)
          got[static_cast<std::size_t>((p * 32 + lane) * w + j)] =
              soft_ldmatrix(&images[static_cast<std::size_t>(p * o.image_bytes)], o.lane_offsets,
                            o.load->config.trans, lane, j, matrix_of(op, j));
  }
  // D of the byte passes is not judged; the mma passes run on what the registers received.
  MmaProbePlan mma = plan.mma;
  const std::size_t skip_a = static_cast<std::size_t>(kFeedBytePasses * 32 * words_per_lane(in, Operand::A));
  const std::size_t skip_b = static_cast<std::size_t>(kFeedBytePasses * 32 * words_per_lane(in, Operand::B));
  mma.a.assign(r.a_got.begin() + static_cast<std::ptrdiff_t>(skip_a), r.a_got.end());
  mma.b.assign(r.b_got.begin() + static_cast<std::ptrdiff_t>(skip_b), r.b_got.end());
  r.d.assign(static_cast<std::size_t>(kFeedBytePasses * 32 * words_per_lane(in, Operand::C)), 0);
  const auto d = emulate(mma, catalogue_map(in));
  r.d.insert(r.d.end(), d.begin(), d.end());
  return r;
}

LdmatrixFedProbe judge(const LdmatrixFeedPlan& plan, const Run& r) {
  return judge_ldmatrix_feed(plan, r.d, r.a_got, r.b_got, plan.a.lane_offsets, plan.b.lane_offsets);
}

class EveryLoadable : public ::testing::TestWithParam<int> {};

TEST_P(EveryLoadable, RealLdmatrixFeedsEveryElementAsThePtxTablesPlaceIt) {
  const Instruction& in = catalogue()[static_cast<std::size_t>(GetParam())];
  if (!feed_problem(in).empty()) {
    // f64 and m8n8k4 .f16: nothing to load (test_ldmatrix.cpp says why, per the PTX rules).
    EXPECT_TRUE(in.products > 1 || element_bits(in.a.type) == 64) << in.mnemonic << ": " << feed_problem(in);
    return;
  }
  const LdmatrixFeedPlan plan = plan_ldmatrix_feed(in);
  ASSERT_EQ(plan.passes, kFeedBytePasses + plan.mma.passes);
  const LdmatrixFedProbe p = judge(plan, run_soft(plan, same_matrix));
  ASSERT_TRUE(p.ran) << p.skipped;
  EXPECT_EQ(p.mismatches(), 0) << describe_fed_probe(p);
  // Every loaded operand's every element was received and named.
  std::size_t expect = 0;
  for (Operand op : {Operand::A, Operand::B})
    if (plan.operand(op).load)
      expect += static_cast<std::size_t>(operand_rows(in, op) * operand_cols(in, op));
  EXPECT_EQ(p.bytes.size(), expect);
  EXPECT_TRUE(p.mma.tile_exact) << p.mma.tile_detail;
  EXPECT_EQ(static_cast<int>(p.mma.elements.size()), in.m * in.k + in.k * in.n + in.m * in.n);
  // Images: stride = stored row + 16 bytes, every row start 16-byte aligned.
  for (Operand op : {Operand::A, Operand::B}) {
    const FeedOperand& o = plan.operand(op);
    if (!o.load) continue;
    EXPECT_EQ(o.stride_bytes % 16, 0);
    EXPECT_LE(o.image_bytes, 4096);  // kMaxMmaLdmatrixImageBytes
    for (std::uint32_t off : o.lane_offsets) EXPECT_EQ(off % 16, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(All, EveryLoadable, ::testing::Range(0, static_cast<int>(catalogue().size())),
                         [](const ::testing::TestParamInfo<int>& p) {
                           std::string n = catalogue()[static_cast<std::size_t>(p.param)].mnemonic;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

TEST(LdmatrixFeed, SwappedMatricesAreNamedWhereTheyLanded) {
  // An ldmatrix.x4 that gives register 1 matrix 2 and register 2 matrix 1: for s8 m16n8k32 A,
  // every lane's elements 4-11 (a4..a11) arrive from the other matrix, named at the cell the
  // catalogue puts the other register's element; the tensor core then computes with them, so its
  // judge differs too. B (.x2) is untouched.
  const Instruction& in = *find_instruction("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
  const LdmatrixFeedPlan plan = plan_ldmatrix_feed(in);
  ASSERT_TRUE(plan.a.load && plan.a.load->config.num == LdmNum::x4);
  const LdmatrixFedProbe p = judge(plan, run_soft(plan, swap_a_1_2));
  int a_bad = 0, b_bad = 0;
  for (const ElementCheck& e : p.bytes) {
    if (e.match()) continue;
    (e.operand == Operand::A ? a_bad : b_bad) += 1;
    ASSERT_TRUE(e.measured.has_value());
    EXPECT_TRUE(e.element >= 4 && e.element < 12) << e.element;
    const int other = e.element < 8 ? e.element + 4 : e.element - 4;  // register 1 <-> 2
    EXPECT_EQ(*e.measured, fragment_coord(in, Operand::A, e.lane, other));
  }
  EXPECT_EQ(a_bad, 32 * 8);
  EXPECT_EQ(b_bad, 0);
  EXPECT_GT(p.mma.mismatches(), 0);
  EXPECT_NE(describe_fed_probe(p).find("received from other bytes"), std::string::npos);
}

TEST(LdmatrixFeed, LabelsDecodeToStoredBytesAndPadsToNone) {
  // tf32 m16n8k8 A: stored 16 x 8 tf32 (32 bytes a row), stride 48: byte 48 + 4 is row 1, element 1;
  // bytes 32-47 of each row are pads.
  const Instruction& in = *find_instruction("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
  const FeedOperand a = feed_operand(in, Operand::A);
  ASSERT_TRUE(a.load.has_value());
  EXPECT_EQ(a.stride_bytes, 48);
  EXPECT_EQ(a.image_bytes, 16 * 48);
  EXPECT_EQ(decode_feed_label(a, 48 + 4, 0), (Coord{1, 1}));
  EXPECT_FALSE(decode_feed_label(a, 32, 0).has_value());
  EXPECT_FALSE(decode_feed_label(a, 16 * 48, 0).has_value());
  // The H200 note of the issue: lane L addresses row L % 16, byte 16 (L / 16).
  for (int lane = 0; lane < 32; ++lane)
    EXPECT_EQ(a.lane_offsets[static_cast<std::size_t>(lane)],
              static_cast<std::uint32_t>(lane % 16 * 48 + 16 * (lane / 16)));
  // s4 B of m16n8k64 (stored 8 x 64 nibbles, N x K): a label names a byte, the register bit
  // offset the nibble in it.
  const Instruction& s4 = *find_instruction("mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32");
  const FeedOperand b = feed_operand(s4, Operand::B);
  ASSERT_TRUE(b.load.has_value());
  EXPECT_EQ(decode_feed_label(b, 3, 4), (Coord{7, 0}));  // byte 3 high nibble: k 7, n 0
  EXPECT_EQ(decode_feed_label(b, 3, 8), (Coord{6, 0}));  // bit 8 % 8 = 0: low nibble
}

TEST(LdmatrixFeed, NoFormNoPlan) {
  EXPECT_FALSE(feed_problem(*find_instruction("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64")).empty());
  EXPECT_FALSE(feed_problem(*find_instruction("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32")).empty());
  LdmatrixFedProbe skipped;
  skipped.mnemonic = "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64";
  skipped.skipped = "not run: no form";
  EXPECT_NE(describe_fed_probe(skipped).find("not run: no form"), std::string::npos);
}

}  // namespace
}  // namespace fragviz
