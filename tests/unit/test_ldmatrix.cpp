// ldmatrix against the PTX ISA text, and the seed's loads against the mma fragment tables: two
// independently stated rules that must agree element for element.
#include <gtest/gtest.h>

#include "fragviz/ldmatrix.hpp"
#include "seed_instructions.hpp"

using namespace fragviz;

TEST(Ldmatrix, AddressLanesPerNum) {
  // "The eight addresses required for each matrix are provided by eight threads": x1 uses lanes
  // 0-7, x2 0-15, x4 all 32.
  EXPECT_EQ(address_lanes(LdmNum::x1), 8);
  EXPECT_EQ(address_lanes(LdmNum::x2), 16);
  EXPECT_EQ(address_lanes(LdmNum::x4), 32);
  EXPECT_TRUE(supplies_address(LdmNum::x1, 7));
  EXPECT_FALSE(supplies_address(LdmNum::x1, 8));
  EXPECT_FALSE(supplies_address(LdmNum::x2, 16));
  EXPECT_EQ(address_matrix(13), 1);
  EXPECT_EQ(address_row(13), 5);
}

TEST(Ldmatrix, PlainFragmentLayoutPerPtx) {
  // Each lane receives two consecutive elements of one row: row lane/4, cols (lane%4)*2, +1.
  for (int lane = 0; lane < 32; ++lane)
    for (int h = 0; h < 2; ++h)
      EXPECT_EQ(ldmatrix_element(false, lane, h), (Coord{lane / 4, (lane % 4) * 2 + h}));
}

TEST(Ldmatrix, TransIsTransposeOfEachMatrixOnItsOwn) {
  // .trans transposes each 8x8 matrix, not the 16x16 four of them look like: every received
  // position stays inside its own matrix and is the transpose of the plain position.
  FragmentLoad x4{Operand::A, {LdmNum::x4, true}, {{{0, 0}, {8, 0}, {0, 8}, {8, 8}}}};
  FragmentLoad plain = x4;
  plain.config.trans = false;
  for (int reg = 0; reg < 4; ++reg)
    for (int lane = 0; lane < 32; ++lane)
      for (int h = 0; h < 2; ++h) {
        const Coord t = loaded_coord(x4, lane, reg, h);
        const Coord p = loaded_coord(plain, lane, reg, h);
        const Coord o = x4.matrix_origin[reg];
        EXPECT_EQ(t.row - o.row, p.col - o.col);
        EXPECT_EQ(t.col - o.col, p.row - o.row);
        EXPECT_GE(t.row, o.row);
        EXPECT_LT(t.row, o.row + 8);
        EXPECT_GE(t.col, o.col);
        EXPECT_LT(t.col, o.col + 8);
      }
  // The 16x16 transpose would send lane 1's high half of register 1 (plain (8,3)) to (3,8) in
  // matrix 2; per-matrix .trans keeps it in matrix 1 at (8+3, 0).
  EXPECT_EQ(loaded_coord(x4, 1, 1, 1), (Coord{11, 0}));
}

TEST(Ldmatrix, SeedLoadsProduceTheMmaFragments) {
  // For every shape, operand, lane and element: the element the seed's ldmatrix puts in register
  // slot (reg, half) is the element the PTX fragment table says that slot holds.
  for (const Instruction& s : test::seeds())
    for (Operand op : {Operand::A, Operand::B}) {
      const auto load = fragment_load(s, op);
      ASSERT_TRUE(load.has_value());
      EXPECT_EQ(matrices(load->config.num), registers_per_lane(s, op));
      EXPECT_EQ(load->config.trans, op == Operand::B);  // B stored KxN row-major needs .trans
      for (int lane = 0; lane < kWarpSize; ++lane)
        for (int e = 0; e < elements_per_lane(s, op); ++e) {
          const RegisterSlot slot = register_slot(s, op, e);
          EXPECT_EQ(loaded_coord(*load, lane, slot.reg, slot.bit / 16), fragment_coord(s, op, lane, e))
              << s.mnemonic << " " << to_string(op) << " lane " << lane << " element " << e;
        }
    }
  EXPECT_FALSE(fragment_load(test::seed8(), Operand::C).has_value());
}

TEST(Ldmatrix, NoLoadWhereNoneDeliversTheFragment) {
  // Exactly the 16-bit A/B operands of m16n8k8 and m16n8k16 have one ldmatrix that fills them;
  // 8-bit, 4-bit, 1-bit, tf32 and f64 operands, and m8n8k4's quad pairs, have none.
  int with_load = 0;
  for (const Instruction& in : catalogue()) {
    for (Operand op : {Operand::A, Operand::B}) {
      const bool expect = in.products == 1 && element_bits(operand_spec(in, op).type) == 16 &&
                          (shape_name(in) == "m16n8k8" || shape_name(in) == "m16n8k16");
      EXPECT_EQ(fragment_load(in, op).has_value(), expect) << in.mnemonic << " " << to_string(op);
      with_load += expect ? 1 : 0;
    }
  }
  EXPECT_EQ(with_load, 2 * 6);  // f16 (f32 and f16 accumulators) and bf16, k8 and k16: A and B each
}

TEST(Ldmatrix, SeedAddressLanesSupplyRowStarts) {
  // m16n8k8 A with .x2: lane l (l < 16) passes the start of row l; B .x1.trans: lane l < 8 passes
  // k-row l.
  const auto a = *fragment_load(test::seed8(), Operand::A);
  for (int lane = 0; lane < 16; ++lane) EXPECT_EQ(address_coord(a, lane), (Coord{lane, 0}));
  const auto a16 = *fragment_load(test::seed16(), Operand::A);
  EXPECT_EQ(address_coord(a16, 16), (Coord{0, 8}));
  EXPECT_EQ(address_coord(a16, 31), (Coord{15, 8}));
  const auto b = *fragment_load(test::seed8(), Operand::B);
  for (int lane = 0; lane < 8; ++lane) EXPECT_EQ(address_coord(b, lane), (Coord{lane, 0}));
}

TEST(Ldmatrix, Mnemonics) {
  EXPECT_EQ(ldmatrix_mnemonic({LdmNum::x4, true}), "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
  EXPECT_EQ(ldmatrix_mnemonic({LdmNum::x1, false}), "ldmatrix.sync.aligned.m8n8.x1.shared.b16");
  EXPECT_EQ(parse_num("x2"), LdmNum::x2);
  EXPECT_FALSE(parse_num("x3").has_value());
}
