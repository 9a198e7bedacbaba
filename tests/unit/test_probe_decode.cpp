// The probes' host side on the CPU: hand-made register values stand in for what the GPU returns.
// Correct registers (built from the model) must decode to zero mismatches; wrong ones (swapped
// registers, swapped halves, a lane's neighbour's values) must be named: lane, element, expected
// and received coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "fragviz/probe/probe_decode.hpp"
#include "seed_instructions.hpp"

namespace fragviz {
namespace {

/// Registers a correct ldmatrix of the seed's plan would return for the ownership tiles.
std::vector<std::uint32_t> model_registers(const Instruction& s, Operand op) {
  std::vector<std::uint32_t> regs;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int r = 0; r < registers_per_lane(s, op); ++r) {
      const std::uint16_t lo = fragment_cell_value(s, op, fragment_coord(s, op, lane, 2 * r));
      const std::uint16_t hi = fragment_cell_value(s, op, fragment_coord(s, op, lane, 2 * r + 1));
      regs.push_back(pack_halves(lo, hi));
    }
  }
  return regs;
}

/// D registers the accumulator probe would return if the hardware matches the C/D table.
std::vector<std::uint32_t> model_accumulator(const Instruction& s) {
  std::vector<std::uint32_t> regs;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < 4; ++i)
      regs.push_back(float_bits(accumulator_value(fragment_coord(s, Operand::C, lane, i))));
  }
  return regs;
}

int mismatches(const std::vector<ElementCheck>& v) {
  return static_cast<int>(
      std::count_if(v.begin(), v.end(), [](const ElementCheck& e) { return !e.match(); }));
}

TEST(FragmentValues, AreUniqueAndDecodeToTheirCell) {
  for (const Instruction& s : test::seeds()) {
    std::set<std::uint16_t> seen;
    for (Operand op : {Operand::A, Operand::B}) {
      for (int r = 0; r < operand_rows(s, op); ++r) {
        for (int c = 0; c < operand_cols(s, op); ++c) {
          const std::uint16_t v = fragment_cell_value(s, op, {r, c});
          EXPECT_TRUE(seen.insert(v).second) << "value reused";
          EXPECT_LT(half_to_float(v), 2048.0f);
          const auto back = decode_fragment_value(s, op, v);
          ASSERT_TRUE(back);
          EXPECT_EQ(*back, (Coord{r, c}));
          // An A value never names a B cell and vice versa.
          EXPECT_FALSE(decode_fragment_value(s, op == Operand::A ? Operand::B : Operand::A, v));
        }
      }
    }
  }
  EXPECT_FALSE(decode_fragment_value(test::seed8(), Operand::A, half_bits(0.5f)));
  EXPECT_FALSE(decode_fragment_value(test::seed8(), Operand::A, 0xFFFF));
}

TEST(CheckOperand, ModelRegistersMatchEverywhere) {
  for (const Instruction& s : test::seeds()) {
    for (Operand op : {Operand::A, Operand::B}) {
      const auto checks = check_operand(s, op, model_registers(s, op));
      EXPECT_EQ(checks.size(), static_cast<std::size_t>(kWarpSize * elements_per_lane(s, op)));
      EXPECT_EQ(mismatches(checks), 0) << s.mnemonic << " " << to_string(op);
    }
    EXPECT_EQ(mismatches(check_operand(s, Operand::C, model_accumulator(s))), 0);
  }
}

TEST(CheckOperand, SeedLanesZeroAndFive) {
  FragmentProbe p;
  const Instruction& s = test::seed8();
  p.mnemonic = s.mnemonic;
  p.elements = check_operand(s, Operand::A, model_registers(s, Operand::A));
  const auto b = check_operand(s, Operand::B, model_registers(s, Operand::B));
  p.elements.insert(p.elements.end(), b.begin(), b.end());
  EXPECT_EQ(describe_lane(p, 0), "lane 0: A (0,0) (0,1) (8,0) (8,1)  B (0,0) (1,0)");
  EXPECT_EQ(describe_lane(p, 5), "lane 5: A (1,2) (1,3) (9,2) (9,3)  B (2,1) (3,1)");
}

TEST(CheckOperand, SwappedARegistersAreNamed) {
  // A deliberately wrong register order: a0a1 and a2a3 swapped in every lane.
  auto regs = model_registers(test::seed8(), Operand::A);
  for (int lane = 0; lane < kWarpSize; ++lane) std::swap(regs[lane * 2], regs[lane * 2 + 1]);
  const auto checks = check_operand(test::seed8(), Operand::A, regs);
  EXPECT_EQ(mismatches(checks), 128);
  // Lane 5, element 2 should be (9,2) and now holds a0's value (1,2).
  const auto it = std::find_if(checks.begin(), checks.end(),
                               [](const ElementCheck& e) { return e.lane == 5 && e.element == 2; });
  ASSERT_NE(it, checks.end());
  EXPECT_FALSE(it->match());
  EXPECT_EQ(it->expected, (Coord{9, 2}));
  ASSERT_TRUE(it->measured);
  EXPECT_EQ(*it->measured, (Coord{1, 2}));
  EXPECT_EQ(describe_mismatch(*it), "A lane 5 element 2: expected (9,2), received (1,2) (raw 0x4900)");
}

TEST(CheckOperand, SwappedHalvesAndWrongLaneAreNamed) {
  auto regs = model_registers(test::seed16(), Operand::B);
  regs[3 * 2 + 1] = (regs[3 * 2 + 1] >> 16) | (regs[3 * 2 + 1] << 16);  // lane 3, b2b3 halves swapped
  regs[7 * 2 + 0] = regs[6 * 2 + 0];                                    // lane 7 got lane 6's b0b1
  const auto checks = check_operand(test::seed16(), Operand::B, regs);
  EXPECT_EQ(mismatches(checks), 4);
  for (const ElementCheck& e : checks) {
    if (e.match()) continue;
    EXPECT_TRUE((e.lane == 3 && (e.element == 2 || e.element == 3)) || (e.lane == 7 && e.element < 2))
        << describe_mismatch(e);
  }
}

TEST(CheckOperand, GarbageNamesNoCell) {
  std::vector<std::uint32_t> regs(static_cast<std::size_t>(kWarpSize * 4), 0x7E007E00u);  // NaN halves
  const auto checks = check_operand(test::seed16(), Operand::A, regs);
  EXPECT_EQ(mismatches(checks), 256);
  EXPECT_FALSE(checks[0].measured);
  EXPECT_EQ(describe_mismatch(checks[0]), "A lane 0 element 0: expected (0,0), received (none) (raw 0x7e00)");
}

TEST(Accumulator, InputsGiveDistinctNamedCells) {
  for (const Instruction& s : test::seeds()) {
    const MmaTile t = accumulator_inputs(s);
    const std::vector<double> d = reference_d(t);
    std::set<double> seen;
    for (int r = 0; r < 16; ++r) {
      for (int c = 0; c < 8; ++c) {
        const double v = d[static_cast<std::size_t>(r * 8 + c)];
        EXPECT_EQ(v, accumulator_value({r, c}));
        EXPECT_TRUE(seen.insert(v).second);
        const auto back = decode_accumulator_value(float_bits(static_cast<float>(v)));
        ASSERT_TRUE(back);
        EXPECT_EQ(*back, (Coord{r, c}));
      }
    }
    // Inputs are exact in half.
    for (float v : t.a) EXPECT_EQ(half_to_float(half_bits(v)), v);
    for (float v : t.b) EXPECT_EQ(half_to_float(half_bits(v)), v);
  }
  EXPECT_FALSE(decode_accumulator_value(float_bits(0.0f)));
  EXPECT_FALSE(decode_accumulator_value(float_bits(1000.5f)));
  EXPECT_FALSE(decode_accumulator_value(float_bits(1128.0f)));
}

TEST(Accumulator, RowSwapIsCaught) {
  // A wrong C/D map (c0c1 and c2c3 swapped) decodes to rows 8 apart.
  auto regs = model_accumulator(test::seed8());
  for (int lane = 0; lane < kWarpSize; ++lane) {
    std::swap(regs[lane * 4 + 0], regs[lane * 4 + 2]);
    std::swap(regs[lane * 4 + 1], regs[lane * 4 + 3]);
  }
  const auto checks = check_operand(test::seed8(), Operand::C, regs);
  EXPECT_EQ(mismatches(checks), 128);
  EXPECT_EQ(describe_mismatch(checks[0]), "C lane 0 element 0: expected (0,0), received (8,0) (raw 1064)");
}

TEST(Tile, RandomInputsAreQuartersAndReferenceIsExact) {
  for (const Instruction& s : test::seeds()) {
    const MmaTile t = random_tile(s, 73);
    EXPECT_EQ(t.a.size(), static_cast<std::size_t>(16 * s.k));
    for (const auto* v : {&t.a, &t.b, &t.c}) {
      for (float x : *v) {
        EXPECT_LE(std::abs(x), 2.0f);
        EXPECT_EQ(x * 4.0f, std::floor(x * 4.0f));
      }
    }
    EXPECT_EQ(random_tile(s, 73).a, t.a);  // seeded
    EXPECT_NE(random_tile(s, 74).a, t.a);
    const std::vector<double> ref = reference_d(t);
    // D registers built from the reference by the C/D table compare exact; one flipped bit does not.
    std::vector<std::uint32_t> d;
    for (int lane = 0; lane < kWarpSize; ++lane) {
      for (int i = 0; i < 4; ++i) {
        const Coord at = fragment_coord(s, Operand::C, lane, i);
        d.push_back(float_bits(static_cast<float>(ref[static_cast<std::size_t>(at.row * 8 + at.col)])));
      }
    }
    EXPECT_TRUE(compare_tile(s, d, ref).exact);
    d[5 * 4 + 2] ^= 1u;
    const TileCompare bad = compare_tile(s, d, ref);
    EXPECT_FALSE(bad.exact);
    EXPECT_EQ(bad.mismatches, 1);
    EXPECT_EQ(bad.first.rfind("D(9,2): got ", 0), 0u) << bad.first;
  }
}

TEST(Tile, CRegistersFollowTheTable) {
  const MmaTile t = random_tile(test::seed8(), 1);
  const std::vector<float> c = c_registers(t);
  ASSERT_EQ(c.size(), 128u);
  EXPECT_EQ(c[5 * 4 + 2], t.c[9 * 8 + 2]);  // lane 5 c2 is (9,2)
}

TEST(FragmentOffsets, FollowTheSeedsPlanAndSm75CopyRule) {
  // m16n8k8 B: .x1.trans, lanes 0-7 address rows 0-7 of the KxN tile (stride 16 halves).
  const auto b = fragment_lane_offsets(test::seed8(), Operand::B);
  ASSERT_TRUE(b) << b.error.message;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    EXPECT_EQ((*b.value)[lane], static_cast<std::uint32_t>((lane % 8) * 16 * 2)) << lane;
    EXPECT_EQ((*b.value)[lane] % 16, 0u);
  }
  // m16n8k8 A: .x2, lanes 0-15 address rows 0-15 (stride 16 halves); 16-31 repeat them.
  const auto a = fragment_lane_offsets(test::seed8(), Operand::A);
  ASSERT_TRUE(a);
  for (int lane = 0; lane < kWarpSize; ++lane) EXPECT_EQ((*a.value)[lane], (*a.value)[lane % 16]);
  EXPECT_EQ(fragment_lane_offsets(test::seed8(), Operand::C).error.kind, ErrorKind::refused);
  // m16n8k16: every offset 16-byte aligned and inside the padded tile.
  for (Operand op : {Operand::A, Operand::B}) {
    const auto o = fragment_lane_offsets(test::seed16(), op);
    ASSERT_TRUE(o);
    const int bytes = operand_rows(test::seed16(), op) * fragment_stride_halves(test::seed16(), op) * 2;
    for (std::uint32_t v : *o.value) {
      EXPECT_EQ(v % 16, 0u);
      EXPECT_LE(v + 16, static_cast<std::uint32_t>(bytes));
    }
  }
}

/// ldmatrix emulated from the PTX ISA's description, independently of the model's
/// ldmatrix_element: matrix r takes its 8 row addresses from lanes 8r..8r+7; without .trans lane l
/// receives row l/4, columns 2(l%4) and 2(l%4)+1; with .trans it receives column l/4 of rows
/// 2(l%4) and 2(l%4)+1. `image` is shared memory as halves, `offsets` the byte address per lane.
std::array<std::array<std::uint32_t, 4>, kWarpSize> emulate_ldmatrix(
    LdmatrixConfig c, const std::vector<std::uint16_t>& image,
    const std::array<std::uint32_t, kWarpSize>& offsets) {
  std::array<std::array<std::uint32_t, 4>, kWarpSize> regs{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int r = 0; r < matrices(c.num); ++r) {
      std::uint16_t h[2];
      for (int half = 0; half < 2; ++half) {
        const int row = c.trans ? 2 * (lane % 4) + half : lane / 4;
        const int col = c.trans ? lane / 4 : 2 * (lane % 4) + half;
        h[half] = image.at(offsets[8 * r + row] / 2 + static_cast<std::uint32_t>(col));
      }
      regs[lane][r] = pack_halves(h[0], h[1]);
    }
  }
  return regs;
}

/// The explorer's registers as a correct ldmatrix would return them.
std::array<std::array<std::uint32_t, 4>, kWarpSize> explorer_registers(LdmatrixConfig c, const TileGeometry&,
                                                                       const ExplorerPlan& plan) {
  return emulate_ldmatrix(c, plan.tile, plan.lane_offsets);
}

TEST(EmulatedProbe, OwnershipPlanDecodesToTheFragmentTables) {
  // The whole host pipeline on the CPU: padded tiles as the kernel stores them, the model's
  // per-lane addresses, an ldmatrix emulated from the PTX text, then the decoder.
  for (const Instruction& s : test::seeds()) {
    for (Operand op : {Operand::A, Operand::B}) {
      const int rows = operand_rows(s, op), cols = operand_cols(s, op), ld = fragment_stride_halves(s, op);
      const std::vector<std::uint16_t> dense = ownership_tile(s, op);
      std::vector<std::uint16_t> image(static_cast<std::size_t>(rows * ld), 0xFFFF);
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c)
          image[static_cast<std::size_t>(r * ld + c)] = dense[static_cast<std::size_t>(r * cols + c)];
      }
      const auto offsets = fragment_lane_offsets(s, op);
      ASSERT_TRUE(offsets) << offsets.error.message;
      const auto load = fragment_load(s, op);
      ASSERT_TRUE(load);
      const auto regs = emulate_ldmatrix(load->config, image, *offsets.value);
      std::vector<std::uint32_t> flat;
      for (int lane = 0; lane < kWarpSize; ++lane) {
        for (int j = 0; j < registers_per_lane(s, op); ++j) flat.push_back(regs[lane][j]);
      }
      const auto checks = check_operand(s, op, flat);
      for (const ElementCheck& e : checks)
        EXPECT_TRUE(e.match()) << s.mnemonic << " " << describe_mismatch(e);
    }
  }
}

TEST(Explorer, PlanHoldsIndicesAndRowStarts) {
  for (Swizzle sw : {Swizzle::none, Swizzle::xor_row_mod8}) {
    for (LdmNum n : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
      for (bool trans : {false, true}) {
        const LdmatrixConfig c{n, trans};
        const TileGeometry t{64, sw == Swizzle::none ? 8 : 0, 16, sw};
        const auto plan = plan_explorer(c, t);
        ASSERT_TRUE(plan) << plan.error.message;
        EXPECT_EQ(plan.value->tile_bytes % 16, 0);
        for (int lane = 0; lane < kWarpSize; ++lane) {
          const std::uint32_t off = plan.value->lane_offsets[lane];
          EXPECT_EQ(off % 16, 0u);
          // The row start's first half names (row, matrix column origin).
          const int src = lane % address_lanes(n);
          const Coord o = explorer_matrix_origin(address_matrix(src));
          const auto cell = decode_explorer_value(t, plan.value->tile[off / 2]);
          ASSERT_TRUE(cell);
          EXPECT_EQ(*cell, (Coord{o.row + address_row(src), o.col}));
        }
        const auto checks = check_explorer(c, t, explorer_registers(c, t, *plan.value));
        EXPECT_EQ(checks.size(), static_cast<std::size_t>(kWarpSize * matrices(n) * 2));
        for (const LdmatrixCheck& e : checks) EXPECT_TRUE(e.match()) << describe_mismatch(e, 0);
      }
    }
  }
}

TEST(Explorer, TransposedDataIsCaughtAsAMismatch) {
  // Registers of a plain load judged as .trans: everything off the diagonal is named.
  const TileGeometry t{64, 8, 16, Swizzle::none};
  const auto plan = plan_explorer({LdmNum::x4, false}, t);
  ASSERT_TRUE(plan);
  const auto regs = explorer_registers({LdmNum::x4, false}, t, *plan.value);
  const auto checks = check_explorer({LdmNum::x4, true}, t, regs);
  int bad = 0;
  for (const LdmatrixCheck& e : checks) bad += !e.match();
  EXPECT_EQ(bad, 4 * (64 - 8));  // 8 diagonal elements per 8x8 matrix survive a transpose
  const LdmatrixCheck& lane1 = checks[static_cast<std::size_t>(1 * 4 * 2)];  // lane 1, reg 0, half 0
  EXPECT_EQ(lane1.expected, (Coord{2, 0}));
  ASSERT_TRUE(lane1.measured);
  EXPECT_EQ(*lane1.measured, (Coord{0, 2}));
  EXPECT_EQ(describe_mismatch(lane1, 2), "lane 1 reg 0 half 0: expected (2,0), received (0,2) (raw 0x0002)");
}

TEST(Explorer, IllegalGeometriesAreRefused) {
  const auto misaligned = plan_explorer({LdmNum::x4, false}, TileGeometry{64, 1, 16, Swizzle::none});
  EXPECT_FALSE(misaligned);
  EXPECT_NE(misaligned.error.message.find("16-byte"), std::string::npos) << misaligned.error.message;
  EXPECT_EQ(misaligned.error.kind, ErrorKind::refused);
  EXPECT_FALSE(plan_explorer({LdmNum::x4, false}, TileGeometry{8, 0, 16, Swizzle::none}));  // too narrow
  EXPECT_FALSE(plan_explorer({LdmNum::x2, false}, TileGeometry{64, 8, 8, Swizzle::none}));  // too few rows
  EXPECT_FALSE(
      plan_explorer({LdmNum::x4, false}, TileGeometry{4096, 0, 16, Swizzle::none}));  // > 65535 cells
  EXPECT_FALSE(plan_explorer({LdmNum::x4, false}, TileGeometry{64, 8, 16, Swizzle::xor_row_mod8}));
  EXPECT_TRUE(plan_explorer({LdmNum::x1, false}, TileGeometry{8, 0, 8, Swizzle::none}));
  EXPECT_TRUE(plan_explorer({LdmNum::x4, false}, TileGeometry{32, 8, 16, Swizzle::none}));
}

TEST(Explorer, PadHalvesNameNoCell) {
  const TileGeometry t{32, 8, 16, Swizzle::none};
  const auto plan = plan_explorer({LdmNum::x4, false}, t);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan.value->tile[32], kPadSentinel);  // row 0, first pad half
  EXPECT_FALSE(decode_explorer_value(t, kPadSentinel));
  EXPECT_FALSE(decode_explorer_value(t, static_cast<std::uint16_t>(16 * 32)));
}

}  // namespace
}  // namespace fragviz
