// The Hopper views' tables (viewmodel/include/fragviz/viewmodel/hopper_derived.hpp), without a window: the
// warpgroup grids and registers against the PTX ISA's formulas written out by hand, the descriptor view's
// addresses, chunks and banks against a hand computation of the 128B swizzle, the stmatrix / movmatrix /
// epilogue maps, and what the views say about a report (measured against the model, planted faults
// included, or "model only").
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fragviz/viewmodel/hopper_derived.hpp"

namespace fragviz::app {
namespace {

constexpr const char* kBf16 = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16";

const WgmmaInstruction& entry(const char* m) {
  const WgmmaInstruction* in = find_wgmma(m);
  EXPECT_NE(in, nullptr) << m;
  return *in;
}

// [SECTION] picker

TEST(HopperPicker, GroupsTypesAndNInCatalogueOrder) {
  const WgmmaPickerOrder& o = wgmma_picker_order();
  std::vector<std::string> groups;
  std::size_t entries = 0;
  std::set<int> seen;
  for (const auto& g : o.groups) {
    groups.push_back(g.name);
    for (const auto& t : g.types) {
      for (std::size_t i = 0; i < t.entries.size(); ++i) {
        const WgmmaInstruction& in = wgmma_catalogue()[static_cast<std::size_t>(t.entries[i])];
        EXPECT_EQ(in.group, g.name);
        if (i) {
          EXPECT_LT(wgmma_catalogue()[static_cast<std::size_t>(t.entries[i - 1])].n, in.n);
        }
        EXPECT_TRUE(seen.insert(t.entries[i]).second);
      }
      entries += t.entries.size();
    }
  }
  EXPECT_EQ(groups, (std::vector<std::string>{"f16", "bf16", "tf32", "fp8", "s8/u8"}));
  EXPECT_EQ(entries, wgmma_catalogue().size());
  ASSERT_EQ(o.groups[1].types.size(), 1u);
  EXPECT_EQ(o.groups[1].types[0].name, ".f32.bf16.bf16");
  EXPECT_EQ(o.groups[1].types[0].entries.size(), 32u);  // N = 8..256 step 8
}

TEST(HopperPicker, UnknownMnemonicFallsBackToTheDefault) {
  EXPECT_EQ(wgmma_or_default("wgmma.nonsense").mnemonic, kDefaultWgmma);
  EXPECT_EQ(short_wgmma(entry(kBf16)), "m64n64k16.f32.bf16.bf16");
}

// [SECTION] warpgroup grids and registers

TEST(HopperWarpgroup, DAndAFollowThePtxFormulasAtEveryThreadAndElement) {
  const WgmmaInstruction& in = entry(kBf16);
  const WarpgroupTable t = make_warpgroup_table(in);
  ASSERT_EQ(t.d.cols, 64);
  ASSERT_EQ(t.a.cols, 16);
  ASSERT_EQ(t.d.per_thread, 32);
  ASSERT_EQ(t.a.per_thread, 8);
  std::set<std::pair<int, int>> d_cells, a_cells;
  for (int thread = 0; thread < 128; ++thread) {
    const int w = thread / 32, l = thread % 32;
    for (int i = 0; i < 32; ++i) {
      // PTX ISA, wgmma D fragment: row = 16w + l/4 + 8((i>>1)&1), col = 8(i>>2) + 2(l%4) + (i&1).
      const int row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
      EXPECT_EQ(t.d.thread_cells[static_cast<std::size_t>(thread)][static_cast<std::size_t>(i)],
                (Coord{row, col}));
      EXPECT_EQ(t.d.at(row, col).lane, thread);
      EXPECT_EQ(t.d.at(row, col).element, i);
      d_cells.insert({row, col});
    }
    for (int i = 0; i < 8; ++i) {
      // 16-bit A from registers: row = 16w + l/4 + 8((i>>1)&1), k = 2(l%4) + (i&1) + 8(i>>2).
      const int row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), k = 2 * (l % 4) + (i & 1) + 8 * (i >> 2);
      EXPECT_EQ(t.a.at(row, k).lane, thread);
      EXPECT_EQ(t.a.at(row, k).element, i);
      a_cells.insert({row, k});
    }
  }
  EXPECT_EQ(d_cells.size(), 64u * 64u);
  EXPECT_EQ(a_cells.size(), 64u * 16u);
}

TEST(HopperWarpgroup, ThreadRegistersOfF32DAndBf16A) {
  const std::vector<WgmmaRegister> regs = thread_registers(entry(kBf16), 37);  // warp 1, lane 5
  ASSERT_EQ(regs.size(), 32u + 4u);
  for (int r = 0; r < 32; ++r) {
    const WgmmaRegister& reg = regs[static_cast<std::size_t>(r)];
    EXPECT_EQ(reg.operand, Operand::C);
    EXPECT_EQ(reg.name, "{d" + std::to_string(r) + "}");  // one f32 element per register
    ASSERT_EQ(reg.fields.size(), 1u);
    EXPECT_EQ(reg.fields[0].bits, 32);
    EXPECT_EQ(reg.fields[0].coord, (Coord{17 + 8 * ((r >> 1) & 1), 8 * (r >> 2) + 2 + (r & 1)}));
  }
  for (int r = 0; r < 4; ++r) {
    const WgmmaRegister& reg = regs[static_cast<std::size_t>(32 + r)];
    EXPECT_EQ(reg.operand, Operand::A);
    // Two bf16 per register, PTX's a0..a7 (never a register named a0..a3).
    EXPECT_EQ(reg.name, "{a" + std::to_string(2 * r) + ",a" + std::to_string(2 * r + 1) + "}");
    ASSERT_EQ(reg.fields.size(), 2u);
    for (int h = 0; h < 2; ++h) {
      const int i = 2 * r + h;
      EXPECT_EQ(reg.fields[static_cast<std::size_t>(h)].bit, 16 * h);
      EXPECT_EQ(reg.fields[static_cast<std::size_t>(h)].bits, 16);
      EXPECT_EQ(reg.fields[static_cast<std::size_t>(h)].coord,
                (Coord{17 + 8 * ((i >> 1) & 1), 2 + (i & 1) + 8 * (i >> 2)}));
    }
  }
}

TEST(HopperWarpgroup, PackedF16DAnd8BitAndTf32A) {
  const auto f16 = thread_registers(entry("wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16"), 0);
  ASSERT_EQ(f16.size(), 16u + 4u);  // N/4 packed f16x2 D registers
  EXPECT_EQ(f16[3].fields.size(), 2u);
  EXPECT_EQ(f16[3].fields[1].element, 7);
  EXPECT_EQ(f16[3].fields[1].bit, 16);
  const auto s8 = thread_registers(entry("wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8"), 0);
  ASSERT_EQ(s8.size(), 32u + 4u);
  EXPECT_EQ(s8[32 + 1].fields.size(), 4u);  // four bytes per A register
  EXPECT_EQ(s8[32 + 1].fields[3].bit, 24);
  EXPECT_EQ(s8[32 + 1].fields[3].element, 7);
  const auto tf32 = thread_registers(entry("wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32"), 0);
  ASSERT_EQ(tf32.size(), 32u + 4u);
  EXPECT_EQ(tf32[32 + 2].fields.size(), 1u);
  EXPECT_EQ(tf32[32 + 2].fields[0].bits, 32);
  EXPECT_TRUE(thread_registers(entry(kBf16), 128).empty());
}

TEST(HopperWarpgroup, ThreadColoursFollowWarpAndDifferBetweenNeighbours) {
  const Palette p = load_assets("").palette;
  for (int t = 0; t < 128; ++t) {
    if (t % 32 != 31) {
      EXPECT_FALSE(warpgroup_thread_rgb(p, t) == warpgroup_thread_rgb(p, t + 1)) << t;
    }
    for (int w = 1; w < 4; ++w)
      EXPECT_FALSE(warpgroup_thread_rgb(p, t % 32) == warpgroup_thread_rgb(p, t % 32 + 32 * w)) << t;
  }
}

// [SECTION] descriptor view

TEST(HopperDescriptor, BKMajor128BByHand) {
  const WgmmaInstruction& in = entry(kBf16);
  DescriptorControls c;  // B, K-major, 128B, canonical, start 0
  const DescriptorTable t = make_descriptor_table(in, c);
  ASSERT_FALSE(t.refusal) << *t.refusal;
  EXPECT_EQ(t.layout.lbo, 16u);
  EXPECT_EQ(t.layout.sbo, 1024u);
  EXPECT_EQ(t.layout.mn, 64);
  EXPECT_EQ(t.layout.k, 16);
  // B(k=9, n=3): row n%8 = 3 of the 1024-byte atom (byte 3*128), 16-byte unit k/8 = 1 XOR (n%8) = 2,
  // (k%8)*2 = 2 bytes into it: 384 + 32 + 2 = 418, bank 418/4 % 32 = 8.
  const SmemElement& e = t.at(3, 9);
  EXPECT_EQ(e.address, 418u);
  EXPECT_EQ(e.place.chunk, 2);
  EXPECT_EQ(e.place.core_mn, 0);
  EXPECT_EQ(e.place.core_k, 1);
  EXPECT_EQ(e.place.row, 3);
  EXPECT_EQ(e.bank, 8);
  EXPECT_EQ(t.rows, 64);  // 8 atoms of 1024 bytes
  const SmemChunk& ch = t.chunks[3 * 8 + 2];
  EXPECT_EQ(ch.elements, 8);
  EXPECT_EQ(std::make_tuple(ch.mn0, ch.mn1, ch.k0, ch.k1), std::make_tuple(3, 3, 8, 15));
  // K = 16 fills two of each row's eight chunks: units 0 and 1, XOR 3 in row 3.
  EXPECT_EQ(std::make_tuple(t.chunks[3 * 8 + 3].k0, t.chunks[3 * 8 + 3].k1), std::make_tuple(0, 7));
  for (int c : {0, 1, 4, 5, 6, 7}) EXPECT_EQ(t.chunks[static_cast<std::size_t>(3 * 8 + c)].elements, 0) << c;
  EXPECT_EQ(t.byte_element[418], 3 * 16 + 9);
  EXPECT_EQ(t.byte_element[419], 3 * 16 + 9);
  EXPECT_EQ(t.bits, encode_descriptor(descriptor_for(t.layout, 0)));
  EXPECT_EQ(t.described.size(), 6u);
  EXPECT_EQ(layout_name(t.layout), "K-major 128B");
}

TEST(HopperDescriptor, CustomFieldsAndRefusals) {
  const WgmmaInstruction& in = entry(kBf16);
  DescriptorControls c;
  c.custom = true;
  c.lbo = 16;
  c.sbo = 16;  // core matrices on top of each other
  DescriptorTable t = make_descriptor_table(in, c);
  ASSERT_TRUE(t.refusal);
  EXPECT_NE(t.refusal->find("overlap"), std::string::npos) << *t.refusal;
  EXPECT_TRUE(t.elements.empty());
  EXPECT_EQ(t.rows, 0);
  c = DescriptorControls{};
  c.start = 128;  // a row into a 128B pattern: base offset 0 cannot say so
  EXPECT_TRUE(make_descriptor_table(in, c).refusal);
  c.start = 8;  // not 16-byte aligned
  EXPECT_TRUE(make_descriptor_table(in, c).refusal);
  c.start = 32;  // a K step inside the first row: allowed
  EXPECT_FALSE(make_descriptor_table(in, c).refusal);
  c = DescriptorControls{};
  c.major = Major::MN;
  EXPECT_FALSE(make_descriptor_table(in, c).refusal);
  EXPECT_TRUE(make_descriptor_table(entry("wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32"), c).refusal);
  // Canonical fields follow the layout while not custom.
  c = DescriptorControls{};
  c.swizzle = SmemSwizzle::none;
  t = make_descriptor_table(in, c);
  EXPECT_EQ(t.layout.lbo, 128u);
  EXPECT_EQ(t.layout.sbo, 256u);
}

/// A report holding `in`'s probe with model-exact results and one descriptor probe of `c`'s layout
/// at 10240 bytes (as the H200 run did).
ProbeReport model_report(const WgmmaInstruction& in, const DescriptorControls& c) {
  ProbeReport r;
  r.device.present = true;
  r.device.name = "NVIDIA H200";
  WgmmaProbe p;
  p.mnemonic = in.mnemonic;
  p.ran = true;
  p.tile_exact = true;
  for (int t = 0; t < 128; ++t) {
    for (int i = 0; i < wgmma_d_elements(in); ++i) {
      const Coord x = wgmma_d_coord(in, t, i);
      p.d.push_back(ElementCheck{Operand::C, t, i, x, x, 0});
    }
    for (int i = 0; i < wgmma_a_elements(in); ++i) {
      const Coord x = wgmma_a_coord(in, t, i);
      p.a.push_back(ElementCheck{Operand::A, t, i, x, x, 0});
    }
  }
  DescriptorProbe d;
  d.operand = c.operand;
  d.layout = descriptor_layout(in, c);
  d.start = 10240;
  d.descriptor = encode_descriptor(descriptor_for(d.layout, d.start));
  for (int mn = 0; mn < d.layout.mn; ++mn)
    for (int k = 0; k < d.layout.k; ++k) {
      d.expected.push_back(smem_operand_address(d.layout, d.start, mn, k));
      d.measured.push_back(d.expected.back());
    }
  p.descriptors.push_back(d);
  r.wgmma.push_back(p);
  return r;
}

TEST(HopperMeasured, ModelExactReportCountsEverything) {
  const WgmmaInstruction& in = entry(kBf16);
  const DescriptorControls c;
  const ProbeReport r = model_report(in, c);
  const WarpgroupTable t = make_warpgroup_table(in);
  const WarpgroupMeasured m = measure_warpgroup(t, &r);
  EXPECT_EQ(m.d_checked, 4096);
  EXPECT_EQ(m.d_matched, 4096);
  EXPECT_EQ(m.a_checked, 1024);
  EXPECT_EQ(m.a_matched, 1024);
  DescriptorTable d = make_descriptor_table(in, c);
  measure_descriptor(d, &r);
  ASSERT_NE(d.probe, nullptr);
  EXPECT_EQ(d.checked, 1024);
  EXPECT_EQ(d.matching, 1024);
  EXPECT_EQ(d.measured_offset[3 * 16 + 9], 418);
  EXPECT_EQ(
      warpgroup_measured_text("measured on NVIDIA H200, sm_90", t, m, &d),
      "measured on NVIDIA H200, sm_90: 4096 of 4096 D elements, 1024 of 1024 A, descriptor B K-major 128B: "
      "1024 of 1024 elements match the model");
  EXPECT_EQ(
      descriptor_measured_text("measured on NVIDIA H200, sm_90", d, true, true),
      "measured on NVIDIA H200, sm_90: B K-major 128B at start 0x2800: 1024 of 1024 element addresses match "
      "the model");
}

TEST(HopperMeasured, PlantedFaultsAreCountedAndMarked) {
  const WgmmaInstruction& in = entry(kBf16);
  const DescriptorControls c;
  ProbeReport r = model_report(in, c);
  WgmmaProbe& p = r.wgmma[0];
  p.d[37 * 32 + 0].measured = Coord{0, 0};  // thread 37's d0 named the wrong cell
  p.a[5].measured.reset();                  // thread 0's a5 named no cell
  p.descriptors[0].measured[3 * 16 + 9] = 10240 + 420;
  const WarpgroupTable t = make_warpgroup_table(in);
  const WarpgroupMeasured m = measure_warpgroup(t, &r);
  EXPECT_EQ(m.d_matched, 4095);
  EXPECT_EQ(m.a_matched, 1023);
  EXPECT_EQ(m.d_state[17 * 64 + 2], 2);  // D(17, 2) is thread 37's V0
  EXPECT_EQ(m.d_state[17 * 64 + 3], 1);
  DescriptorTable d = make_descriptor_table(in, c);
  measure_descriptor(d, &r);
  EXPECT_EQ(d.matching, 1023);
  EXPECT_EQ(d.state[3 * 16 + 9], 2);
  EXPECT_NE(warpgroup_measured_text("L", t, m, &d).find("(2 differ: red X)"), std::string::npos);
}

TEST(HopperMeasured, OtherLayoutsStartsAndReportsAreModelOnly) {
  const WgmmaInstruction& in = entry(kBf16);
  const DescriptorControls c;
  const ProbeReport r = model_report(in, c);
  DescriptorControls other = c;
  other.swizzle = SmemSwizzle::b64;
  DescriptorTable d = make_descriptor_table(in, other);
  measure_descriptor(d, &r);
  EXPECT_EQ(d.probe, nullptr);
  EXPECT_EQ(d.probed.size(), 1u);
  EXPECT_EQ(
      descriptor_measured_text("L", d, true, true).rfind("model only: L did not probe B K-major 64B", 0), 0u);
  other = c;
  other.start = 32;  // another place in the swizzle pattern than the probe's 10240
  d = make_descriptor_table(in, other);
  measure_descriptor(d, &r);
  EXPECT_EQ(d.probe, nullptr);
  other.start = 1024;  // the same place: the probe's offsets apply
  d = make_descriptor_table(in, other);
  measure_descriptor(d, &r);
  EXPECT_NE(d.probe, nullptr);
  EXPECT_EQ(d.matching, 1024);

  const WarpgroupTable t =
      make_warpgroup_table(entry("wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16"));
  EXPECT_EQ(warpgroup_measured_text("L", t, measure_warpgroup(t, &r), nullptr),
            "model only: the open report (L) holds no measurement of m64n128k16.f32.bf16.bf16");
  EXPECT_EQ(warpgroup_measured_text("L", t, measure_warpgroup(t, nullptr), nullptr).rfind("model only:", 0),
            0u);
  const ProbeReport v2;  // no Hopper results at all
  EXPECT_NE(warpgroup_measured_text("L", t, measure_warpgroup(t, &v2), nullptr).find("holds no Hopper"),
            std::string::npos);
}

// [SECTION] stmatrix, movmatrix, epilogue

TEST(HopperMoves, StmatrixCellsAndAddressLanes) {
  const StmatrixTable x4 = make_stmatrix_table(LdmatrixConfig{LdmNum::x4, false}, nullptr);
  EXPECT_EQ(x4.mnemonic, "stmatrix.sync.aligned.m8n8.x4.shared.b16");
  ASSERT_EQ(x4.rows, 16);
  ASSERT_EQ(x4.cols, 16);
  // Lane 5's register 2 (matrix 2 at rows 0-7, cols 8-15), high half: row 5/4 = 1, col 2(5%4)+1 = 3.
  EXPECT_EQ(x4.at(1, 8 + 3).lane, 5);
  EXPECT_EQ(x4.at(1, 8 + 3).reg, 2);
  EXPECT_EQ(x4.at(1, 8 + 3).half, 1);
  // Lanes 8j..8j+7 address matrix j's rows: matrix 1 (rows 8-15, cols 0-7) row 3 comes from lane 11.
  EXPECT_EQ(x4.at(8 + 3, 5).address_lane, 11);
  const StmatrixTable t1 = make_stmatrix_table(LdmatrixConfig{LdmNum::x1, true}, nullptr);
  ASSERT_EQ(t1.rows, 8);
  ASSERT_EQ(t1.cols, 8);
  // .trans: lane 5's low half goes to the transposed position (2, 1).
  EXPECT_EQ(t1.at(2, 1).lane, 5);
  EXPECT_EQ(t1.at(2, 1).half, 0);
  for (const auto& cell : x4.cells) EXPECT_GE(cell.lane, 0);
}

TEST(HopperMoves, MovmatrixBeforeAndAfter) {
  const MovmatrixTable t = make_movmatrix_table(nullptr);
  // Destination lane 1, low half: the transpose's (0, 2) = M(2, 0), which source lane 8 holds low.
  const auto& h = t.lanes[1][0];
  EXPECT_EQ(h.source.lane, 8);
  EXPECT_EQ(h.source.half, 0);
  EXPECT_EQ(h.before, (Coord{0, 2}));
  EXPECT_EQ(h.after, (Coord{2, 0}));
  for (int l = 0; l < 32; ++l)
    for (int half = 0; half < 2; ++half) {
      const auto& x = t.lanes[static_cast<std::size_t>(l)][static_cast<std::size_t>(half)];
      EXPECT_EQ(x.after, (Coord{x.before.col, x.before.row}));
    }
}

TEST(HopperMoves, EpiloguePresetsFlagMisplacedCells) {
  EXPECT_EQ(make_epilogue_table("x2", nullptr).order_differences, 0);
  EXPECT_EQ(make_epilogue_table("x4", nullptr).order_differences, 0);
  EXPECT_EQ(make_epilogue_table("x2.trans", nullptr).order_differences, 0);
  const EpilogueTable sw = make_epilogue_table("x4-swapped", nullptr);
  ASSERT_EQ(sw.cols, 16);
  // Matrices 1 and 2 trade places: tile 1's c0c1 lands at rows 8-15 of tile 0 and tile 0's c2c3 at
  // rows 0-7 of tile 1, 2 x 64 elements.
  EXPECT_EQ(sw.order_differences, 128);
  EXPECT_TRUE(sw.at(8, 0).moved);
  EXPECT_EQ(sw.at(8, 0).fragment, (Coord{0, 8}));
  EXPECT_FALSE(sw.at(0, 0).moved);
}

TEST(HopperMoves, MeasuredMovesFromAReport) {
  ProbeReport r;
  MatrixMoveProbe p;
  p.kind = "stmatrix";
  p.mnemonic = "stmatrix.sync.aligned.m8n8.x2.shared.b16";
  p.ran = true;
  const StmatrixTable model = make_stmatrix_table(LdmatrixConfig{LdmNum::x2, false}, nullptr);
  for (int row = 0; row < model.rows; ++row)
    for (int col = 0; col < model.cols; ++col) {
      const auto& c = model.at(row, col);
      MoveCheck m{c.lane, c.reg, c.half, Coord{row, col}, Coord{row, col}, Coord{}};
      if (row == 9 && col == 4) m.measured = Coord{0, 0};
      p.cells.push_back(m);
    }
  r.moves.push_back(p);
  const StmatrixTable t = make_stmatrix_table(LdmatrixConfig{LdmNum::x2, false}, &r);
  EXPECT_EQ(t.checked, 128);
  EXPECT_EQ(t.matching, 127);
  EXPECT_EQ(t.at(9, 4).measured, 2);
  EXPECT_EQ(t.at(9, 5).measured, 1);
  EXPECT_EQ(
      move_measured_text("L", t.probe, t.checked, t.matching, true, true, t.mnemonic),
      "L: stmatrix.sync.aligned.m8n8.x2.shared.b16: 127 of 128 register halves where the model puts them "
      "(1 differ: red X)");
  // Another form of the same report: model only.
  const StmatrixTable x4 = make_stmatrix_table(LdmatrixConfig{LdmNum::x4, false}, &r);
  EXPECT_EQ(x4.probe, nullptr);
  EXPECT_EQ(move_measured_text("L", x4.probe, 0, 0, true, true, x4.mnemonic).rfind("model only:", 0), 0u);
}

}  // namespace
}  // namespace fragviz::app
