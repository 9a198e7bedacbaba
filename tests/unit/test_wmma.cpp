// WMMA probe tiles, their decoding and the relation to the mma.sync catalogue, on synthetic bytes.
//
// There is no published WMMA map to test against, so every map here is made up independently of
// fragviz/isa/wmma.hpp (a random permutation with duplicates and holes, or an mma.sync fragment
// written out from the PTX ISA text's formulas) and a software stand-in for load_matrix_sync
// reads the probe tiles through it. The decode must give the made-up map back; the relation must
// name the catalogue fragment the map was built from. Sizes and pass counts are worked out by hand
// from crt/mma.h's fragment declarations and the digit widths (wmma.hpp).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/wmma.hpp"
#include "wmma_stand_in.hpp"

using namespace fragviz;
using namespace wmma_test;

TEST(Wmma, TableNamesAreUniqueAndFoundBothWays) {
  std::set<std::string> names;
  for (int i = 0; i < wmma_kind_count(); ++i) {
    const WmmaKind& w = wmma_kinds()[i];
    const std::string name = wmma_name(w);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(find_wmma_kind(name), &w);
    EXPECT_EQ(find_wmma_kind(name.substr(5)), &w) << "without 'wmma.'";
    EXPECT_EQ(wmma_kind_index(&w), i);
    EXPECT_TRUE(is_wmma_probe_name(name));
  }
  // f16 24, bf16 12, tf32 6, s8/u8 30, f64 6, s4/u4 6, b1 4: every declaration in crt/mma.h.
  EXPECT_EQ(wmma_kind_count(), 88);
  EXPECT_EQ(find_wmma_kind("wmma.m16n16k16.matrix_a.row.f15"), nullptr);
  EXPECT_EQ(find_wmma_kind("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"), nullptr);
  EXPECT_TRUE(is_wmma_probe_name("wmma"));
  EXPECT_FALSE(is_wmma_probe_name("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16"));
}

TEST(Wmma, SpellingsFollowPtxAndTheCxxApi) {
  const WmmaKind& a = kind("wmma.m16n16k16.matrix_a.row.f16");
  EXPECT_EQ(wmma_ptx(a), "wmma.load.a.sync.aligned.row.m16n16k16.f16");
  EXPECT_EQ(wmma_cxx(a), "fragment<matrix_a, 16, 16, 16, __half, row_major>");
  const WmmaKind& c = kind("wmma.m32n8k16.accumulator.col.f32");
  EXPECT_EQ(wmma_ptx(c), "wmma.load.c.sync.aligned.col.m32n8k16.f32");
  EXPECT_EQ(wmma_cxx(c), "fragment<accumulator, 32, 8, 16, float>, mem_col_major");
  EXPECT_EQ(wmma_ptx(kind("wmma.m8n8k128.matrix_b.col.b1")), "wmma.load.b.sync.aligned.col.m8n8k128.b1");
  EXPECT_EQ(wmma_cxx(kind("wmma.m16n16k8.matrix_b.col.tf32")),
            "fragment<matrix_b, 16, 16, 8, precision::tf32, col_major>");
}

TEST(Wmma, SizesAndPassesWorkedOutByHand) {
  // f16 A 16x16: 16 halves (32 bytes) per lane, 256 cells need 9 label bits, one 11-bit digit.
  const WmmaKind& a = kind("wmma.m16n16k16.matrix_a.row.f16");
  EXPECT_EQ(wmma_rows(a) * 100 + wmma_cols(a), 1616);
  EXPECT_EQ(wmma_lane_bytes(a), 32);
  EXPECT_EQ(wmma_index_bits(a), 9);
  EXPECT_EQ(wmma_passes(a), 2);
  EXPECT_EQ(wmma_ldm(a), 16);
  // bf16 A 32x16: 512 cells, 10 bits, two 8-bit digits per labelling.
  EXPECT_EQ(wmma_passes(kind("wmma.m32n8k16.matrix_a.row.bf16")), 4);
  // s8 B 16x32 (m8n32k16): 16 bytes per lane; 512 cells, two digits.
  const WmmaKind& b = kind("wmma.m8n32k16.matrix_b.row.s8");
  EXPECT_EQ(wmma_rows(b) * 100 + wmma_cols(b), 1632);
  EXPECT_EQ(wmma_lane_bytes(b), 16);
  EXPECT_EQ(wmma_passes(b), 4);
  // s8 A of m8n32k16 stored column-major: 8 rows are 8 bytes, rounded up to 16 for ldm.
  EXPECT_EQ(wmma_ldm(kind("wmma.m8n32k16.matrix_a.col.s8")), 16);
  EXPECT_EQ(wmma_tile_bytes(kind("wmma.m8n32k16.matrix_a.col.s8")), 16 * 16);
  // s4 A 8x32: 8 nibbles in one word; 256 cells, 9 bits, three 4-bit digits.
  const WmmaKind& s4 = kind("wmma.m8n8k32.matrix_a.row.s4");
  EXPECT_EQ(wmma_lane_bytes(s4), 4);
  EXPECT_EQ(wmma_passes(s4), 6);
  EXPECT_EQ(wmma_tile_bytes(s4), 8 * 32 / 2);
  // b1 A 8x128: 32 bits in one word; 1024 cells, 11 bits, one bit per digit.
  const WmmaKind& b1 = kind("wmma.m8n8k128.matrix_a.row.b1");
  EXPECT_EQ(wmma_lane_bytes(b1), 4);
  EXPECT_EQ(wmma_passes(b1), 22);
  EXPECT_EQ(wmma_ldm(b1), 128);
  // f64 accumulator 8x8: two doubles per lane; 64 cells, 7 bits.
  const WmmaKind& d = kind("wmma.m8n8k4.accumulator.col.f64");
  EXPECT_EQ(wmma_lane_bytes(d), 16);
  EXPECT_EQ(wmma_passes(d), 2);
  for (int i = 0; i < wmma_kind_count(); ++i) {
    const WmmaKind& w = wmma_kinds()[i];
    EXPECT_EQ(wmma_cells(w) % 32, 0) << wmma_name(w);
    EXPECT_EQ(wmma_ldm(w) * element_bits(w.type) % 128, 0) << wmma_name(w) << ": ldm a multiple of 16 bytes";
    EXPECT_EQ(wmma_tile_stride(w) % 256, 0);
    EXPECT_GE(wmma_tile_stride(w), wmma_tile_bytes(w));
  }
}

TEST(Wmma, TilesHoldEveryCellsLabelAsANumberOfTheType) {
  // f16 A row-major: cell (1, 2) is element 18; pass 0 holds 18.0 (0x4c80), pass 1 its complement
  // within 9 bits, 511 - 18 = 493 (0x5fb4).
  const WmmaKind& a = kind("wmma.m16n16k16.matrix_a.row.f16");
  const auto t0 = wmma_tile(a, 0), t1 = wmma_tile(a, 1);
  ASSERT_EQ(t0.size(), 512u);
  EXPECT_EQ(read_bits(t0, 18 * 16, 16), 0x4c80u);
  EXPECT_EQ(read_bits(t1, 18 * 16, 16), 0x5fb4u);
  EXPECT_EQ(read_bits(t0, 0, 16), 0u);  // cell 0 is +0.0
  // Column-major B: cell (row 3, col 1) of 16x16 is element 1 * 16 + 3.
  const WmmaKind& b = kind("wmma.m16n16k16.matrix_b.col.f16");
  EXPECT_EQ(read_bits(wmma_tile(b, 0), (16 + 3) * 16, 16), *encode_element(ElemType::f16, 3 * 16 + 1));
  // bf16 holds whole numbers only to 256: digit 0 is the low 8 bits, digit 1 the rest.
  const WmmaKind& bf = kind("wmma.m32n8k16.matrix_a.row.bf16");
  const int cell = 31 * 16 + 15;  // 511
  EXPECT_EQ(read_bits(wmma_tile(bf, 0), cell * 16, 16), *encode_element(ElemType::bf16, 511 & 255));
  EXPECT_EQ(read_bits(wmma_tile(bf, 1), cell * 16, 16), *encode_element(ElemType::bf16, 511 >> 8));
  EXPECT_EQ(read_bits(wmma_tile(bf, 2), cell * 16, 16), *encode_element(ElemType::bf16, (1023 - 511) & 255));
  // tf32: a float whose low 13 bits are zero.
  const auto tf = wmma_tile(kind("wmma.m16n16k8.matrix_a.row.tf32"), 0);
  EXPECT_EQ(read_bits(tf, 100 * 32, 32), 0x42c80000u);  // 100.0f
  // s4: element e is nibble e, low nibble first; 3 digits of 9 bits.
  const WmmaKind& s4 = kind("wmma.m8n8k32.matrix_a.row.s4");
  const int c = 5 * 32 + 7;  // 167 = 0b010'100'111... in 4-bit digits: 7, 10, 0
  EXPECT_EQ(read_bits(wmma_tile(s4, 0), c * 4, 4), 167u & 15);
  EXPECT_EQ(read_bits(wmma_tile(s4, 1), c * 4, 4), (167u >> 4) & 15);
  EXPECT_EQ(read_bits(wmma_tile(s4, 2), c * 4, 4), 167u >> 8);
  EXPECT_EQ(read_bits(wmma_tile(s4, 3), c * 4, 4), (511u - 167) & 15);
  // b1: bit p of the index in pass p; cell 1023 (row 7, col 127) is the last bit of the tile.
  const WmmaKind& b1 = kind("wmma.m8n8k128.matrix_a.row.b1");
  for (int p = 0; p < 11; ++p) {
    EXPECT_EQ(read_bits(wmma_tile(b1, p), 1023, 1), (1023u >> p) & 1) << p;
    EXPECT_EQ(read_bits(wmma_tile(b1, 11 + p), 1023, 1), ((2047u - 1023) >> p) & 1) << p;
  }
  // Padding (s8 A col-major of m8n32k16: ldm 16, rows 8..15 of each column are padding) names
  // 255, no cell of 128 (8 label bits, one digit): all ones in labelling 0, zero in labelling 1.
  const WmmaKind& pad = kind("wmma.m8n32k16.matrix_a.col.s8");
  ASSERT_EQ(wmma_passes(pad), 2);
  EXPECT_EQ(read_bits(wmma_tile(pad, 0), 8 * 8, 8), 255u);
  EXPECT_EQ(read_bits(wmma_tile(pad, 1), 8 * 8, 8), 0u);
  EXPECT_EQ(read_bits(wmma_tile(pad, 0), 7 * 8, 8), 7u * 16);  // cell (7, 0)
  EXPECT_EQ(read_bits(wmma_tile(pad, 0), 16 * 8 + 2 * 8, 8),
            2u * 16 + 1);  // cell (2, 1): column 1 starts at 16
}

TEST(Wmma, DecodeRecoversARandomMapOfEveryKind) {
  std::mt19937 rng(20261204);
  int padded_kinds = 0;
  for (int k = 0; k < wmma_kind_count(); ++k) {
    const WmmaKind& w = wmma_kinds()[k];
    // A permutation of the cells repeated to fill every slot, then some slots given another
    // slot's cell (duplicates) and some the padding (no cell).
    std::vector<int> cells(static_cast<std::size_t>(wmma_cells(w)));
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int>(i);
    std::shuffle(cells.begin(), cells.end(), rng);
    std::vector<int> map(static_cast<std::size_t>(32 * w.elements));
    for (std::size_t s = 0; s < map.size(); ++s) map[s] = cells[s % cells.size()];
    map[3] = map[5];
    if (padded(w)) map[map.size() - 1] = -1;
    padded_kinds += padded(w) ? 1 : 0;
    const WmmaMap got = decode_wmma(w, load_through(w, map));
    ASSERT_EQ(got.cells.size(), map.size()) << wmma_name(w);
    for (std::size_t s = 0; s < map.size(); ++s)
      ASSERT_EQ(got.cells[s], map[s] < 0 ? kWmmaNoCell : map[s]) << wmma_name(w) << " slot " << s;
    EXPECT_EQ(got.no_cell(), padded(w) ? 1 : 0);
    EXPECT_EQ(got.disagreeing(), 0);
  }
  EXPECT_GT(padded_kinds, 0) << "some slot must read padding";
}

TEST(Wmma, SlotsAreReadLowBitsFirstAndStrayValuesAreNoMeasurement) {
  const WmmaKind& s4 = kind("wmma.m8n8k32.matrix_a.row.s4");
  // Lane 0's word: nibble i holds digit i of cell 200 + i; every other lane holds cell 0.
  std::vector<std::vector<std::uint8_t>> raw(6, std::vector<std::uint8_t>(32 * 4, 0));
  for (int p = 0; p < 6; ++p) {
    for (int i = 0; i < 8; ++i) {
      const int label = p < 3 ? 200 + i : (200 + i) ^ 511;
      write_bits(raw[static_cast<std::size_t>(p)], static_cast<std::size_t>(i * 4), 4,
                 (label >> (4 * (p % 3))) & 15);
    }
    if (p >= 3)  // cell 0's complement, 511, in the other lanes
      for (int lane = 1; lane < 32; ++lane)
        for (int i = 0; i < 8; ++i)
          write_bits(raw[static_cast<std::size_t>(p)], static_cast<std::size_t>((lane * 8 + i) * 4), 4,
                     (511 >> (4 * (p % 3))) & 15);
  }
  WmmaMap m = decode_wmma(s4, raw);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(m.at(s4, 0, i), 200 + i);
  EXPECT_EQ(m.at(s4, 31, 7), 0);
  // One flipped bit in labelling 1: the two labellings disagree, and the slot says so.
  raw[4][0] ^= 0x10;  // lane 0, x[1], digit 1 of the complement
  m = decode_wmma(s4, raw);
  EXPECT_EQ(m.at(s4, 0, 1), kWmmaDisagree);
  EXPECT_EQ(m.disagreeing(), 1);

  // f16: a NaN, -0.0, 0.5 and a value past the digit's range are no digit the tile wrote.
  EXPECT_FALSE(wmma_digit_value(ElemType::f16, 0x7e00));
  EXPECT_FALSE(wmma_digit_value(ElemType::f16, 0x8000));
  EXPECT_FALSE(wmma_digit_value(ElemType::f16, 0x3800));
  EXPECT_FALSE(wmma_digit_value(ElemType::f16, *encode_element(ElemType::f16, 2048)));
  EXPECT_EQ(wmma_digit_value(ElemType::f16, 0x4c80), 18);
  // tf32: 100.0f with a bit below the 19 the format keeps is not what the tile held.
  EXPECT_EQ(wmma_digit_value(ElemType::tf32, 0x42c80000u), 100);
  EXPECT_FALSE(wmma_digit_value(ElemType::tf32, 0x42c80001u));
  // bf16: 256 is past an 8-bit digit; s8 raw bits 0xff are the digit 255.
  EXPECT_FALSE(wmma_digit_value(ElemType::bf16, *encode_element(ElemType::bf16, 256)));
  EXPECT_EQ(wmma_digit_value(ElemType::s8, 0xff), 255);
  EXPECT_EQ(wmma_digit_value(ElemType::b1, 1), 1);
  EXPECT_EQ(wmma_digit_value(ElemType::f64, *encode_element(ElemType::f64, 63)), 63);
}

TEST(Wmma, HoldersCountDuplicatesAndHoles) {
  const WmmaKind& w = kind("wmma.m8n8k4.matrix_a.row.f64");  // 8x4 = 32 cells, one per lane
  WmmaMap m;
  for (int lane = 0; lane < 32; ++lane) m.cells.push_back(lane);
  EXPECT_EQ(describe_wmma_map(w, m), "1 x .f64 per lane (32 slots): 32 of 32 cells held, each once");
  m.cells[31] = 30;
  m.cells[0] = kWmmaDisagree;
  const auto n = m.holders(w);
  EXPECT_EQ(n[30], 2);
  EXPECT_EQ(n[31], 0);
  EXPECT_EQ(n[0], 0);
  EXPECT_EQ(describe_wmma_map(w, m),
            "1 x .f64 per lane (32 slots): 30 of 32 cells held, by 1 to 2 slots; 1 slot whose passes "
            "DISAGREE (not measured)");
  EXPECT_EQ(wmma_cell_text(w, 13), "(3, 1)");
  EXPECT_EQ(wmma_cell_text(w, kWmmaNoCell), "no cell");
}

namespace {

// PTX ISA 9.0, "Matrix Fragments for mma.m16n8k16 with floating point type", written out here:
// groupID = lane >> 2, threadID_in_group = lane % 4;
//   C/D (f32): c0,c1 row groupID, c2,c3 row groupID + 8; col threadID_in_group * 2 + (i & 1).
//   A (f16): a0,a1,a4,a5 row groupID, the others + 8; col threadID_in_group * 2 + (i & 1), + 8
//   for a4..a7.
int ptx_c(int lane, int i, int col0) {
  const int row = (lane >> 2) + (i >= 2 ? 8 : 0);
  const int col = col0 + (lane % 4) * 2 + (i & 1);
  return row * 16 + col;  // in a 16-wide matrix
}
int ptx_a(int lane, int i) {
  const int row = (lane >> 2) + ((i == 2 || i == 3 || i == 6 || i == 7) ? 8 : 0);
  const int col = (lane % 4) * 2 + (i & 1) + (i >= 4 ? 8 : 0);
  return row * 16 + col;
}

}  // namespace

TEST(WmmaRelation, AnF32AccumulatorAsTwoM16n8k16CTilesSideBySide) {
  const WmmaKind& w = kind("wmma.m16n16k16.accumulator.row.f32");
  WmmaMap m;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 8; ++i) m.cells.push_back(ptx_c(lane, i % 4, i < 4 ? 0 : 8));
  const WmmaRelation r = relate_to_mma(w, m);
  ASSERT_TRUE(r.complete());
  EXPECT_STREQ(r.instr->mnemonic, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  EXPECT_EQ(r.operand, Operand::C);
  ASSERT_EQ(r.origins.size(), 2u);
  EXPECT_EQ(r.origins[1], (Coord{0, 8}));
  EXPECT_EQ(describe_relation(w, r),
            "equals mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 C tiled 1 x 2: x[0..3] = c0..c3 at "
            "(0, 0), x[4..7] = c0..c3 at (0, 8)");
}

TEST(WmmaRelation, AnF16AWithEveryElementTwiceAndAPartialMatch) {
  const WmmaKind& w = kind("wmma.m16n16k16.matrix_a.row.f16");
  WmmaMap m;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 16; ++i) m.cells.push_back(ptx_a(lane, i % 8));
  WmmaRelation r = relate_to_mma(w, m);
  ASSERT_TRUE(r.complete());
  EXPECT_EQ(shape_name(*r.instr), "m16n8k16");  // the 16x16 fragment, not two m16n8k8 halves
  EXPECT_EQ(describe_relation(w, r).substr(describe_relation(w, r).find(':')),
            ": x[0..7] = a0..a7, x[8..15] = a0..a7");
  // x[15] moved to another lane's cell: 15 of 16 x[i] are explained, x[15] by nothing.
  m.cells[15] = ptx_a(1, 7);
  r = relate_to_mma(w, m);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.explained, 15);
  EXPECT_NE(describe_relation(w, r).find("x[15] no catalogue fragment"), std::string::npos)
      << describe_relation(w, r);
}

TEST(WmmaRelation, ARandomPermutationIsExplainedByNothing) {
  const WmmaKind& w = kind("wmma.m16n16k16.accumulator.row.f32");
  std::vector<int> cells(256);
  for (int i = 0; i < 256; ++i) cells[static_cast<std::size_t>(i)] = i;
  std::shuffle(cells.begin(), cells.end(), std::mt19937(7));
  WmmaMap m;
  m.cells = cells;
  const WmmaRelation r = relate_to_mma(w, m);
  EXPECT_EQ(r.instr, nullptr);
  EXPECT_EQ(
      describe_relation(w, r),
      "no mma.sync fragment of the catalogue explains any x[i] (none of type .f32 tiles it lane for lane)");
}
