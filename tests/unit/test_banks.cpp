// Bank and wavefront model: bank = (byte_address >> 2) & 31, one phase per 8x8 matrix. The
// expected figures are worked out by hand in the comments, and match what DESIGN.md records from
// Nsight Compute on the H200.
#include <gtest/gtest.h>

#include <limits>
#include <set>

#include "fragviz/smem/banks.hpp"

using namespace fragviz;

namespace {
TileGeometry stride(int halves, Swizzle sw = Swizzle::none) {
  TileGeometry t;
  t.width_halves = halves;
  t.pad_halves = 0;
  t.swizzle = sw;
  return t;
}
}  // namespace

TEST(Banks, BankOf) {
  EXPECT_EQ(bank_of(0), 0);
  EXPECT_EQ(bank_of(4), 1);
  EXPECT_EQ(bank_of(127), 31);
  EXPECT_EQ(bank_of(128), 0);
  EXPECT_EQ(bank_of(144), 4);
}

TEST(Banks, Stride64IsEightWay) {
  // 64 halves = 128 bytes: every row start lands on bank 0, 8 distinct words per bank.
  const BankReport r = analyze_ldmatrix({LdmNum::x4, false}, stride(64));
  ASSERT_FALSE(r.error.has_value());
  ASSERT_EQ(r.phases.size(), 4u);
  for (const auto& p : r.phases) EXPECT_EQ(p.wavefronts, 8);
  EXPECT_EQ(r.wavefronts, 32);
  EXPECT_EQ(r.ideal_wavefronts, 4);
  EXPECT_EQ(r.bank_conflicts, 28);
  EXPECT_EQ(r.max_way, 8);
  EXPECT_EQ(r.phases[0].words[0], 8);
}

TEST(Banks, Stride72And40AreConflictFree) {
  // 72 halves = 144 bytes = 36 words: row r starts at bank 4r mod 32, 8 rows cover all 32 banks.
  for (int s : {72, 40}) {
    const BankReport r = analyze_ldmatrix({LdmNum::x4, false}, stride(s));
    ASSERT_FALSE(r.error.has_value()) << s;
    EXPECT_EQ(r.wavefronts, 4) << s;
    EXPECT_EQ(r.bank_conflicts, 0) << s;
    EXPECT_EQ(r.max_way, 1) << s;
  }
}

TEST(Banks, Stride80IsTwoWayAnd96FourWay) {
  // 80 halves = 40 words: starts at banks 0, 8, 16, 24, 0, ... -> 2 words per bank.
  EXPECT_EQ(analyze_ldmatrix({LdmNum::x4, false}, stride(80)).max_way, 2);
  // 96 halves = 48 words: starts at banks 0, 16, 0, 16, ... -> 4 words per bank.
  EXPECT_EQ(analyze_ldmatrix({LdmNum::x4, false}, stride(96)).max_way, 4);
  EXPECT_EQ(analyze_ldmatrix({LdmNum::x1, false}, stride(96)).bank_conflicts, 3);
}

TEST(Banks, PaddedVersusUnpaddedTile) {
  TileGeometry t;
  t.width_halves = 64;
  t.pad_halves = 8;
  EXPECT_EQ(analyze_ldmatrix({LdmNum::x2, true}, t).bank_conflicts, 0);
  t.pad_halves = 0;
  EXPECT_EQ(analyze_ldmatrix({LdmNum::x2, true}, t).bank_conflicts, 14);  // 2 matrices x (8 - 1)
}

TEST(Banks, MisalignedStrideIsIllegalAndNotComputed) {
  // 65 halves = 130 bytes: row 1 starts at byte 130, not a multiple of 16.
  const BankReport r = analyze_ldmatrix({LdmNum::x4, false}, stride(65));
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("16-byte"), std::string::npos);
  EXPECT_TRUE(r.phases.empty());
  EXPECT_EQ(r.wavefronts, 0);
  EXPECT_TRUE(r.lanes[0].aligned);
  EXPECT_FALSE(r.lanes[1].aligned);
  EXPECT_EQ(r.lanes[1].byte_address, 130u);
  // Every stride that is not a multiple of 8 halves is illegal; every multiple of 8 is legal.
  for (int s = 16; s <= 200; ++s)
    EXPECT_EQ(validate(stride(s), {LdmNum::x4, false}).has_value(), s % 8 != 0) << s;
  // A one-element pad (day 15's) breaks it too.
  TileGeometry t;
  t.width_halves = 64;
  t.pad_halves = 1;
  EXPECT_TRUE(validate(t, {LdmNum::x1, false}).has_value());
}

TEST(Banks, TooNarrowOrNegativePadIsRefused) {
  EXPECT_TRUE(validate(stride(8), {LdmNum::x4, false}).has_value());
  EXPECT_FALSE(validate(stride(8), {LdmNum::x2, false}).has_value());
  TileGeometry t;
  t.pad_halves = -8;
  EXPECT_TRUE(validate(t, {LdmNum::x1, false}).has_value());
}

TEST(Banks, UnusedLanesCarryLowerLanesAddresses) {
  const BankReport r = analyze_ldmatrix({LdmNum::x1, false}, stride(72));
  EXPECT_TRUE(r.lanes[7].used);
  EXPECT_FALSE(r.lanes[8].used);
  EXPECT_EQ(r.lanes[8].byte_address, r.lanes[0].byte_address);
  EXPECT_EQ(r.lanes[31].byte_address, r.lanes[7].byte_address);
  EXPECT_EQ(r.phases.size(), 1u);
}

TEST(Banks, XorSwizzleIsAPermutationAndRemovesTheConflict) {
  const TileGeometry sw = stride(64, Swizzle::xor_row_mod8);
  std::set<std::uint32_t> offsets;
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 64; ++col) {
      const std::uint32_t o = byte_offset(sw, {row, col});
      EXPECT_EQ(o / 128, static_cast<std::uint32_t>(row));  // stays in its own row
      offsets.insert(o);
    }
  EXPECT_EQ(offsets.size(), 16u * 64u);
  const BankReport r = analyze_ldmatrix({LdmNum::x4, false}, sw);
  ASSERT_FALSE(r.error.has_value());
  EXPECT_EQ(r.bank_conflicts, 0);
  // The swizzle needs 128-byte rows: on a 72-halves stride it is refused.
  EXPECT_TRUE(validate(stride(72, Swizzle::xor_row_mod8), {LdmNum::x4, false}).has_value());
}

TEST(Banks, MeasuredAddressesGiveTheSameFigures) {
  const BankReport predicted = analyze_ldmatrix({LdmNum::x4, false}, stride(80));
  std::array<std::uint32_t, kWarpSize> addrs{};
  for (int l = 0; l < kWarpSize; ++l) addrs[l] = predicted.lanes[l].byte_address + 1024;  // other base
  const BankReport measured = analyze_addresses({LdmNum::x4, false}, addrs);
  EXPECT_EQ(measured.wavefronts, predicted.wavefronts);
  addrs[3] += 2;
  EXPECT_TRUE(analyze_addresses({LdmNum::x4, false}, addrs).error.has_value());
}

TEST(Banks, BroadcastOfTheSameWordIsOneWavefront) {
  EXPECT_EQ(phase_wavefronts({0, 0, 0, 0, 0, 0, 0, 0}, 16), 1);
  EXPECT_EQ(phase_wavefronts({0, 128}, 16), 2);
  EXPECT_EQ(phase_wavefronts({0, 4}, 4), 1);
}

TEST(Banks, HugeNegativeAndZeroStridesAreRefusedWithoutAddresses) {
  // Found by trying to break the CLI: a stride near INT_MAX overflowed the address arithmetic.
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (Swizzle sw : {Swizzle::none, Swizzle::xor_row_mod8})
      for (int s : {std::numeric_limits<int>::max(), std::numeric_limits<int>::max() - 8, 2147483640,
                    1140850705, 1073741824, 7265, 7264 + 8, -8, -1, 0, 1, 7}) {
        const BankReport r = analyze_ldmatrix({num, false}, stride(s, sw));
        ASSERT_TRUE(r.error.has_value()) << s;
        EXPECT_FALSE(r.addresses_valid) << s;
        EXPECT_TRUE(r.phases.empty()) << s;
        EXPECT_EQ(validate(stride(s, sw), {num, false}), r.error) << s;
      }
  // The largest legal stride: 16 rows x 7264 halves x 2 bytes = 232448 bytes = 227 KB.
  const BankReport edge = analyze_ldmatrix({LdmNum::x4, false}, stride(7264));
  EXPECT_FALSE(edge.error.has_value());
  EXPECT_TRUE(edge.addresses_valid);
  EXPECT_EQ(edge.lanes[15].byte_address, 15u * 7264u * 2u);
  EXPECT_NE(validate(stride(7272), {LdmNum::x4, false})->find("227 KB"), std::string::npos);
  // A negative pad on a wide tile, and a pad that overflows int when added.
  TileGeometry t;
  t.width_halves = 64;
  t.pad_halves = std::numeric_limits<int>::max();
  EXPECT_FALSE(analyze_ldmatrix({LdmNum::x4, false}, t).addresses_valid);
}

TEST(Banks, MisalignedButSizedTileKeepsItsAddressesForTheView) {
  const BankReport r = analyze_ldmatrix({LdmNum::x4, false}, stride(65));
  EXPECT_TRUE(r.error.has_value());
  EXPECT_TRUE(r.addresses_valid);
}

// Trust finding 3: a tile narrower or shorter than the operand stored in it has no address for
// the cells that fall outside; the model says which.
TEST(OperandTile, NamesTheFirstColumnOrRowOutsideTheTile) {
  const fragviz::Instruction& k16 =
      *fragviz::find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  fragviz::TileGeometry t{8, 0, 16, fragviz::Swizzle::none};
  const auto a = fragviz::operand_tile_problem(k16, fragviz::Operand::A, t);  // A is 16 x 16
  ASSERT_TRUE(a.has_value());
  EXPECT_NE(a->find("8 halves wide cannot hold A (16 x 16): column 8"), std::string::npos) << *a;
  EXPECT_FALSE(fragviz::operand_tile_problem(k16, fragviz::Operand::B, t));  // B is 16 x 8
  t.width_halves = 16;
  EXPECT_FALSE(fragviz::operand_tile_problem(k16, fragviz::Operand::A, t));
  t.rows = 8;
  const auto rows = fragviz::operand_tile_problem(k16, fragviz::Operand::A, t);
  ASSERT_TRUE(rows.has_value());
  EXPECT_NE(rows->find("8 rows cannot hold A (16 x 16): row 8"), std::string::npos) << *rows;
  // s8 B is stored as its ldmatrix loads it, N x K: 8 rows of 32 bytes (not 32 rows of K).
  const fragviz::Instruction& s8 =
      *fragviz::find_instruction("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
  t = fragviz::TileGeometry{16, 0, 8, fragviz::Swizzle::none};
  EXPECT_FALSE(fragviz::operand_tile_problem(s8, fragviz::Operand::B, t));
  t.width_halves = 8;
  const auto narrow = fragviz::operand_tile_problem(s8, fragviz::Operand::B, t);
  ASSERT_TRUE(narrow.has_value());
  EXPECT_NE(narrow->find("8 halves wide cannot hold B (8 x 32 .s8, 32 bytes a row): byte 16"),
            std::string::npos)
      << *narrow;
}
