// ldmatrix against the PTX ISA text, and the seed's loads against the mma fragment tables: two
// independently stated rules that must agree element for element.
#include <gtest/gtest.h>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/smem/lane_pattern.hpp"
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

TEST(Ldmatrix, HolderIsTheInverseOfTheFragmentMap) {
  // Position (r, c) of a plain matrix is in lane 4r + c/2, half c%2 (row l/4, cols 2(l%4), +1);
  // with .trans, (r, c) is where the plain map puts (c, r).
  EXPECT_EQ(ldmatrix_holder(false, Coord{0, 0}), (LaneHalf{0, 0}));
  EXPECT_EQ(ldmatrix_holder(false, Coord{0, 1}), (LaneHalf{0, 1}));
  EXPECT_EQ(ldmatrix_holder(false, Coord{2, 5}), (LaneHalf{10, 1}));
  EXPECT_EQ(ldmatrix_holder(false, Coord{7, 6}), (LaneHalf{31, 0}));
  EXPECT_EQ(ldmatrix_holder(true, Coord{5, 2}), (LaneHalf{10, 1}));
  EXPECT_EQ(ldmatrix_holder(true, Coord{1, 0}), (LaneHalf{0, 1}));
  EXPECT_EQ(ldmatrix_holder(false, Coord{8, 0}), (LaneHalf{-1, -1}));
  for (bool trans : {false, true})
    for (int lane = 0; lane < 32; ++lane)
      for (int h = 0; h < 2; ++h)
        EXPECT_EQ(ldmatrix_holder(trans, ldmatrix_element(trans, lane, h)), (LaneHalf{lane, h}));
}

TEST(Ldmatrix, LaneNotationOfTheLowHalfIsTheFragmentMap) {
  // The notation the gate's geometry strings use, evaluated by the lane-pattern parser.
  for (bool trans : {false, true}) {
    const auto p = lane_expression(ldmatrix_element_lanes(trans));
    ASSERT_TRUE(p) << p.error.message;
    for (int lane = 0; lane < 32; ++lane) {
      ASSERT_TRUE(p->at[lane].has_value()) << lane;
      EXPECT_EQ(p->at[lane]->row, ldmatrix_element(trans, lane, 0).row) << trans << " lane " << lane;
      EXPECT_EQ(p->at[lane]->col, ldmatrix_element(trans, lane, 0).col) << trans << " lane " << lane;
    }
  }
  // By hand, .trans: lane 13 (13 % 4 = 1, 13 / 4 = 3) holds (2, 3).
  EXPECT_EQ(lane_expression(ldmatrix_element_lanes(true))->at[13], (Coord{2, 3}));
}

TEST(Ldmatrix, BytesPerPtx) {
  // "A group of four consecutive threads loads 16 bytes": lane l gets bytes 4(l%4)..4(l%4)+3 of
  // row l/4, byte 0 in the least significant bits. .trans moves halves: each half's two bytes
  // stay together and sit where ldmatrix_element puts the half.
  for (int lane = 0; lane < 32; ++lane)
    for (int b = 0; b < 4; ++b) {
      EXPECT_EQ(ldmatrix_byte(false, lane, b), (Coord{lane / 4, 4 * (lane % 4) + b}));
      const Coord half = ldmatrix_element(true, lane, b / 2);
      EXPECT_EQ(ldmatrix_byte(true, lane, b), (Coord{half.row, 2 * half.col + b % 2}));
    }
}

TEST(Ldmatrix, TransIsTransposeOfEachMatrixOnItsOwn) {
  // .trans transposes each 8x8 matrix, not the 16x16 four of them look like: every received
  // position stays inside its own matrix and is the transpose of the plain position.
  FragmentLoad x4{Operand::A, {LdmNum::x4, true}, {{{0, 0}, {8, 0}, {0, 8}, {8, 8}}}};
  x4.storage = LdmStorage::k_contiguous;  // stored as the operand: positions read directly
  x4.stored_rows = x4.stored_cols = 16;
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

namespace {

/// The operand cell a stored (row, element column) is, written out per storage from the
/// catalogue's convention (A is M x K, B is K x N): K contiguous stores A as M x K and B as N x K;
/// M/N contiguous stores A as K x M and B as K x N.
Coord cell_of_stored(Operand op, LdmStorage s, int row, int col) {
  const bool k = s == LdmStorage::k_contiguous;
  if (op == Operand::A) return k ? Coord{row, col} : Coord{col, row};
  return k ? Coord{col, row} : Coord{row, col};
}

/// What ldmatrix puts in byte `b` of register `j` of `lane`, as (stored row, byte column), from
/// the PTX text and the lanes' addresses alone: matrix j's 8 row addresses are lanes 8j..8j+7;
/// plain, lane l reads bytes 4(l%4)..+3 of row l/4; .trans, the half holding byte b is element
/// (row 2(l%4) + b/2, column l/4) of the matrix loaded column-major.
Coord delivered(const FragmentLoad& load, int lane, int j, int b) {
  if (!load.config.trans) {
    const Coord row = address_byte(load, 8 * j + lane / 4);
    return Coord{row.row, row.col + 4 * (lane % 4) + b};
  }
  const Coord row = address_byte(load, 8 * j + 2 * (lane % 4) + b / 2);
  return Coord{row.row, row.col + 2 * (lane / 4) + b % 2};
}

}  // namespace

TEST(Ldmatrix, EveryPlanComposedWithLdmatrixIsTheFragment) {
  // For every catalogue entry, operand and storage with a plan: every lane's every element, taken
  // from the bytes ldmatrix delivers with the plan's lane addresses (stored row, byte column), is
  // the cell the catalogue (checked against the PTX ISA fragment tables in test_catalogue.cpp)
  // says that lane and element hold. Row addresses are 16-byte aligned and inside the stored rows.
  int plans = 0;
  for (const Instruction& in : catalogue())
    for (Operand op : {Operand::A, Operand::B})
      for (LdmStorage st : {LdmStorage::k_contiguous, LdmStorage::mn_contiguous}) {
        const LdmatrixFit fit = plan_ldmatrix(in, op, st);
        if (!fit.load) {
          EXPECT_FALSE(fit.problem.empty()) << in.mnemonic;
          continue;
        }
        ++plans;
        const FragmentLoad& load = *fit.load;
        const int bits = slot_bits(operand_spec(in, op));  // a container's bits: 4 for .kind::mxf4's .e2m1
        ASSERT_EQ(matrices(load.config.num), registers_per_lane(in, op)) << in.mnemonic;
        for (int lane = 0; lane < address_lanes(load.config.num); ++lane) {
          const Coord a = address_byte(load, lane);
          EXPECT_EQ(a.col % 16, 0) << in.mnemonic << " lane " << lane;
          EXPECT_LE(a.col + 16, load.row_bytes()) << in.mnemonic << " lane " << lane;
          EXPECT_GE(a.row, 0);
          EXPECT_LT(a.row, load.stored_rows) << in.mnemonic << " lane " << lane;
        }
        for (int lane = 0; lane < kWarpSize; ++lane)
          for (int e = 0; e < elements_per_lane(in, op); ++e) {
            const RegisterSlot slot = register_slot(in, op, e);
            const Coord byte = delivered(load, lane, slot.reg, slot.bit / 8);
            const Coord got = cell_of_stored(op, st, byte.row, (byte.col * 8 + slot.bit % 8) / bits);
            ASSERT_EQ(got, fragment_coord(in, op, lane, e))
                << in.mnemonic << " " << to_string(op) << " " << to_string(st) << " lane " << lane
                << " element " << e;
            EXPECT_EQ(loaded_coord(load, lane, slot.reg, slot.bit / bits), got);
          }
      }
  // 58 entries have K-contiguous A and B, and the 74 sm_120a ones added to the four .kind::f8f6f4
  // among them (8-bit containers and packed .e2m1 load as the 8- and 4-bit fragments do); the six
  // 16-bit m16n8k8/k16 ones also M/N-contiguous.
  EXPECT_EQ(plans, 2 * (58 + 74) + 2 * 6);
}

namespace {

/// Which ldmatrix fills A and B with K contiguous (0: none), typed from the PTX ISA fragment
/// tables' register counts ("a vector expression of two .b32 registers, each containing four .s8
/// elements": .x2), and whether the 16-bit M/N-contiguous .trans forms exist. f64: an element is
/// a 64-bit register; m8n8k4 .f16: a row of A (B) is four halves, 8 bytes, and the four lanes of a
/// group hold four rows.
struct FormRow {
  const char* family;  ///< picked by shape and A type
  const char* shape;
  int a_num, b_num;  ///< K contiguous, plain
  bool trans_16;     ///< 16-bit A and B also load with .trans (A stored K x M, B K x N)
};
constexpr FormRow kForms[] = {
    {"f16", "m8n8k4", 0, 0, false},
    {"f16", "m16n8k8", 2, 1, true},
    {"f16", "m16n8k16", 4, 2, true},
    {"bf16", "m16n8k8", 2, 1, true},
    {"bf16", "m16n8k16", 4, 2, true},
    {"tf32", "m16n8k4", 2, 1, false},
    {"tf32", "m16n8k8", 4, 2, false},
    {"f64", "m8n8k4", 0, 0, false},
    {"f64", "m16n8k4", 0, 0, false},
    {"f64", "m16n8k8", 0, 0, false},
    {"f64", "m16n8k16", 0, 0, false},
    {"s8", "m8n8k16", 1, 1, false},
    {"s8", "m16n8k16", 2, 1, false},
    {"s8", "m16n8k32", 4, 2, false},
    {"u8", "m8n8k16", 1, 1, false},
    {"u8", "m16n8k16", 2, 1, false},
    {"u8", "m16n8k32", 4, 2, false},
    {"e4m3", "m16n8k16", 2, 1, false},
    {"e4m3", "m16n8k32", 4, 2, false},
    {"e5m2", "m16n8k16", 2, 1, false},
    {"e5m2", "m16n8k32", 4, 2, false},
    {"s4", "m8n8k32", 1, 1, false},
    {"s4", "m16n8k32", 2, 1, false},
    {"s4", "m16n8k64", 4, 2, false},
    {"u4", "m8n8k32", 1, 1, false},
    {"u4", "m16n8k32", 2, 1, false},
    {"u4", "m16n8k64", 4, 2, false},
    {"b1", "m8n8k128", 1, 1, false},
    {"b1", "m16n8k128", 2, 1, false},
    {"b1", "m16n8k256", 4, 2, false},
    // .kind::f8f6f4: fp6/fp4 in 8-bit containers, the 8-bit m16n8k32 fragment.
    {"e2m1", "m16n8k32", 4, 2, false},
    {"e3m2", "m16n8k32", 4, 2, false},
    {"e2m3", "m16n8k32", 4, 2, false},
    // .kind::mxf4/mxf4nvf4: .e2m1 packed, the 4-bit m16n8k64 fragment (like .s4/.u4).
    {"e2m1", "m16n8k64", 4, 2, false},
};

const FormRow* form_of(const Instruction& in) {
  for (const FormRow& r : kForms)
    if (to_string(in.a.type) == r.family && shape_name(in) == r.shape) return &r;
  return nullptr;
}

}  // namespace

TEST(Ldmatrix, WhichOperandsHaveFormsPerPtxRules) {
  for (const Instruction& in : catalogue()) {
    const FormRow* row = form_of(in);
    ASSERT_NE(row, nullptr) << in.mnemonic << ": no row in the table";
    for (Operand op : {Operand::A, Operand::B}) {
      const int num = op == Operand::A ? row->a_num : row->b_num;
      const LdmatrixFit k = plan_ldmatrix(in, op, LdmStorage::k_contiguous);
      const LdmatrixFit mn = plan_ldmatrix(in, op, LdmStorage::mn_contiguous);
      const std::string what = std::string(in.mnemonic) + " " + std::string(to_string(op));
      ASSERT_EQ(k.load.has_value(), num > 0) << what << ": " << k.problem;
      if (k.load) {
        EXPECT_EQ(matrices(k.load->config.num), num) << what;
        EXPECT_FALSE(k.load->config.trans) << what;
      }
      ASSERT_EQ(mn.load.has_value(), row->trans_16) << what << ": " << mn.problem;
      if (mn.load) {
        EXPECT_EQ(matrices(mn.load->config.num), num) << what;
        EXPECT_TRUE(mn.load->config.trans) << what;
      }
      // The views' load: the seed's .trans B for 16-bit B, else K contiguous.
      const auto load = fragment_load(in, op);
      ASSERT_EQ(load.has_value(), num > 0) << what;
      EXPECT_EQ(ldmatrix_problem(in, op).empty(), num > 0) << what;
      if (load)
        EXPECT_EQ(load->storage,
                  op == Operand::B && row->trans_16 ? LdmStorage::mn_contiguous : LdmStorage::k_contiguous)
            << what;
    }
  }
}

TEST(Ldmatrix, KContiguousLaneAddresses) {
  // The H200 finding and CUTLASS's SM75_U32x4_LDSM_N use with int8: lane L addresses
  // row L % 16, byte column 16 * (L / 16) of A stored M x K; B stored N x K (8 rows) takes row
  // L % 8, byte column 16 * (L / 8). Every K-contiguous form follows that pattern.
  for (const Instruction& in : catalogue())
    for (Operand op : {Operand::A, Operand::B}) {
      const auto fit = plan_ldmatrix(in, op, LdmStorage::k_contiguous);
      if (!fit.load) continue;
      const int lanes = address_lanes(fit.load->config.num);
      const int rows = op == Operand::A ? in.m : in.n;
      for (int lane = 0; lane < lanes; ++lane)
        EXPECT_EQ(address_byte(*fit.load, lane), (Coord{lane % rows, 16 * (lane / rows)}))
            << in.mnemonic << " " << to_string(op) << " lane " << lane;
    }
}

TEST(Ldmatrix, ReasonsInThePtxWords) {
  const Instruction* f64 = find_instruction("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64");
  const Instruction* s8 = find_instruction("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
  const Instruction* k4 = find_instruction("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32");
  ASSERT_TRUE(f64 && s8 && k4);
  EXPECT_NE(ldmatrix_problem(*f64, Operand::A).find("64-bit register"), std::string::npos);
  EXPECT_NE(ldmatrix_problem(*k4, Operand::A).find("8 bytes"), std::string::npos);
  EXPECT_NE(ldmatrix_problem(*f64, Operand::C).find("C/D lives in registers"), std::string::npos);
  // s8 has a K-contiguous form; stored M/N contiguous it would need .trans on 8-bit data.
  const std::string trans8 = plan_ldmatrix(*s8, Operand::B, LdmStorage::mn_contiguous).problem;
  EXPECT_NE(trans8.find("16-bit"), std::string::npos) << trans8;
  EXPECT_NE(trans8.find(".trans"), std::string::npos) << trans8;
  EXPECT_TRUE(ldmatrix_problem(*s8, Operand::B).empty());
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
