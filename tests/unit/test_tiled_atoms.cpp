// The MMA and copy atoms of model/tile/ against the PTX ISA's own formulas, written out here
// (tests/cute/test_cute_tiled.cpp holds them against CuTe's MMA_Traits and Copy_Traits):
//  - m16n8k16 (PTX ISA 9.0, "Matrix Fragments for mma.m16n8k16 with floating point type"):
//    groupID g = lane >> 2, threadID_in_group t = lane % 4; A a_i at row g + 8*((i>>1)&1), col
//    2t + (i&1) + 8*(i>>2); B b_i at row (k) 2t + (i&1) + 8*(i>>1), col (n) g; C c_i at row
//    g + 8*(i>>1), col 2t + (i&1). CuTe's offsets: A m + 16k, B n + 8k, C m + 16n.
//  - ldmatrix ("Warp Level Matrix Load Instruction: ldmatrix"): lane l's register j holds bytes
//    4(l%4)..4(l%4)+3 of row l/4 of matrix j, the row whose address lane 8j + l/4 gives; with .trans
//    the 16-bit element (row 2(l%4) + half, column l/4). So in CuTe's bit order a destination bit is
//    the source bit of that row: Src(8j + row, bit in row) == Dst(l, bit) for every lane and bit.
#include <gtest/gtest.h>

#include <regex>

#include "fragviz/isa/wgmma.hpp"
#include "fragviz/tile/copy_atoms.hpp"
#include "fragviz/tile/mma_atoms.hpp"

namespace {

using fragviz::tile::CopyAtom;
using fragviz::tile::CopyKind;
using fragviz::tile::find_copy_atom;
using fragviz::tile::find_mma_atom;
using fragviz::tile::Layout;

std::int64_t at(const Layout& l, std::int64_t thread, std::int64_t value) {
  return fragviz::algebra::evaluate(l, thread + fragviz::algebra::size(l.mode(0)) * value);
}

TEST(TiledAtoms, EveryMmaSyncNameResolves) {
  for (const auto& n : fragviz::tile::mma_sync_atom_names()) {
    const auto* a = find_mma_atom(n.name);
    ASSERT_NE(a, nullptr) << n.name << " (" << n.mnemonic << ") is no atom: its catalogue entry is missing";
    EXPECT_EQ(a->mnemonic, n.mnemonic);
    EXPECT_EQ(fragviz::algebra::to_string(a->thr_id), "32:1");
  }
  EXPECT_EQ(fragviz::tile::mma_sync_atom_names().size(), 34u);
}

TEST(TiledAtoms, M16n8k16IsThePtxFragment) {
  const auto* a = find_mma_atom("SM80_16x8x16_F32F16F16F32_TN");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->m, 16);
  EXPECT_EQ(a->n, 8);
  EXPECT_EQ(a->k, 16);
  for (int lane = 0; lane < 32; ++lane) {
    const int g = lane >> 2, t = lane % 4;
    for (int i = 0; i < 8; ++i) {
      const int m = g + 8 * ((i >> 1) & 1), k = 2 * t + (i & 1) + 8 * (i >> 2);
      EXPECT_EQ(at(a->a, lane, i), m + 16 * k) << "A lane " << lane << " a" << i;
    }
    for (int i = 0; i < 4; ++i) {
      const int k = 2 * t + (i & 1) + 8 * (i >> 1), n = g;
      EXPECT_EQ(at(a->b, lane, i), n + 8 * k) << "B lane " << lane << " b" << i;
      const int m = g + 8 * (i >> 1), col = 2 * t + (i & 1);
      EXPECT_EQ(at(a->c, lane, i), m + 16 * col) << "C lane " << lane << " c" << i;
    }
  }
}

// The catalogue's B is K x N (k + K*n); CuTe's is (N,K) (n + N*k): each stride converted. For the
// s8 m16n8k32 B (PTX: b_i at row (k) 4t + (i&3) + 16*(i>>2), col (n) g), n + 8k.
TEST(TiledAtoms, BIsConvertedToCutesNK) {
  const auto* a = find_mma_atom("SM80_16x8x32_S32S8S8S32_TN");
  ASSERT_NE(a, nullptr);
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 8; ++i) {
      const int k = 4 * (lane % 4) + (i & 3) + 16 * (i >> 2), n = lane >> 2;
      EXPECT_EQ(at(a->b, lane, i), n + 8 * k) << "lane " << lane << " b" << i;
    }
}

TEST(TiledAtoms, GmmaOperands) {
  const auto* ss = find_mma_atom("SM90_64x128x16_F32BF16BF16_SS");
  const auto* rs = find_mma_atom("SM90_64x128x16_F32BF16BF16_RS");
  ASSERT_TRUE(ss && rs);
  EXPECT_EQ(ss->mnemonic, "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16");
  EXPECT_EQ(ss->a_source, fragviz::tile::OperandSource::descriptor);
  EXPECT_EQ(rs->a_source, fragviz::tile::OperandSource::registers);
  // A descriptor operand: every one of the 128 threads "holds" all 64 x 16 (m + 64k) cells.
  for (int t : {0, 77, 127})
    for (int v = 0; v < 64 * 16; v += 97) EXPECT_EQ(at(ss->a, t, v), v);
  // D: row 16w + l/4 + 8*((i>>1)&1), col 8*(i>>2) + 2*(l%4) + (i&1) (PTX ISA's wgmma D figure).
  for (int thread : {0, 5, 37, 100, 127})
    for (int i = 0; i < 64; ++i) {
      const int w = thread / 32, l = thread % 32;
      const int row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
      EXPECT_EQ(at(ss->c, thread, i), row + 64 * col) << "thread " << thread << " d" << i;
    }
  // Every N of the f16/bf16 wgmma entries, _SS and _RS.
  int gmma = 0;
  for (const auto& a : fragviz::tile::mma_atoms()) gmma += a.warpgroup;
  EXPECT_EQ(gmma, 3 * 32 * 2);
}

TEST(TiledAtoms, UnknownNames) {
  EXPECT_EQ(find_mma_atom("SM80_16x8x16_F32F16F16F32"), nullptr);
  EXPECT_EQ(find_copy_atom("SM75_U32x3_LDSM_N"), nullptr);
}

// ldmatrix and stmatrix atoms at every (lane, register bit), against the PTX ISA's delivery.
TEST(TiledCopyAtoms, MatrixMovesAreThePtxIsa) {
  int checked = 0;
  for (const CopyAtom& a : fragviz::tile::copy_atoms()) {
    if (a.kind == CopyKind::universal) continue;
    SCOPED_TRACE(a.name);
    const bool load = a.kind == CopyKind::ldmatrix;
    const Layout& regs = load ? a.dst : a.src;  // the register side
    const Layout& rows = load ? a.src : a.dst;  // the 128-bit rows addressed by the lanes
    ASSERT_EQ(fragviz::algebra::size(regs.mode(1)), 32 * a.matrices);
    for (int lane = 0; lane < 32; ++lane)
      for (int bit = 0; bit < 32 * a.matrices; ++bit) {
        const int reg = bit / 32, in_reg = bit % 32;
        int row, bit_in_row;
        if (!a.trans) {  // bytes 4(l%4).. of row l/4
          row = lane / 4;
          bit_in_row = 32 * (lane % 4) + in_reg;
        } else {  // the 16-bit element (2(l%4) + half, l/4)
          row = 2 * (lane % 4) + in_reg / 16;
          bit_in_row = 16 * (lane / 4) + in_reg % 16;
        }
        EXPECT_EQ(at(regs, lane, bit), at(rows, 8 * reg + row, bit_in_row))
            << "lane " << lane << " register " << reg << " bit " << in_reg;
        ++checked;
      }
    // Lanes past the .num's 8 * num address lanes repeat the first ones (CuTe's stride 0).
    for (int lane = 8 * a.matrices; lane < 32; ++lane)
      EXPECT_EQ(at(rows, lane, 0), at(rows, lane % (8 * a.matrices), 0)) << "lane " << lane;
  }
  EXPECT_EQ(checked, 2 * 32 * 32 * (1 + 2 + 4) * 2);
}

// PTX ISA 9.0 "ldmatrix" / "stmatrix" syntax: ldmatrix.sync.aligned.shape.num{.trans}{.ss}.type,
// stmatrix.sync.aligned.shape.num{.trans}{.ss}.type: the shape comes before .num (issue 22).
TEST(TiledCopyAtoms, InstructionNames) {
  const std::regex ptx(R"(^(ldmatrix|stmatrix)\.sync\.aligned\.m8n8\.x([124])(\.trans)?\.shared\.b16$)");
  int matrix_moves = 0;
  for (const CopyAtom& a : fragviz::tile::copy_atoms()) {
    if (a.kind == CopyKind::universal) continue;
    SCOPED_TRACE(a.name);
    std::smatch m;
    ASSERT_TRUE(std::regex_match(a.instruction, m, ptx)) << a.instruction;
    EXPECT_EQ(m[1].str(), a.kind == CopyKind::ldmatrix ? "ldmatrix" : "stmatrix");
    EXPECT_EQ(std::stoi(m[2].str()), a.matrices);
    EXPECT_EQ(m[3].matched, a.trans);
    ++matrix_moves;
  }
  EXPECT_EQ(matrix_moves, 12);  // x1, x2, x4, each plain and .trans, of ldmatrix and stmatrix
  EXPECT_EQ(find_copy_atom("SM75_U16x8_LDSM_T")->instruction,
            "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
  EXPECT_EQ(find_copy_atom("UniversalCopy<uint128_t>")->src_register_bits, 128);
}

// Copy_Atom<Op, ValType>: upcast<bits> of each layout.
TEST(TiledCopyAtoms, ValueLayouts) {
  // (32,(32,4)):(32,(1,1024)) in 16-bit values: thread stride 32/16 = 2; 32 bits are 2 values of
  // stride 1; 1024 bits are 64 values.
  const auto v = fragviz::tile::value_layouts(*find_copy_atom("SM75_U32x4_LDSM_N"), 16);
  ASSERT_TRUE(v) << v.message;
  EXPECT_EQ(fragviz::algebra::to_string(v->dst), "(32,(2,4)):(2,(1,64))");
  EXPECT_EQ(fragviz::algebra::to_string(v->src), "(32,8):(8,1)");
  EXPECT_EQ(v->num_val_src, 8);
  EXPECT_EQ(v->num_val_dst, 8);
  // UniversalCopy<uint128_t> of 16-bit values: one thread, 8 values.
  const auto u = fragviz::tile::value_layouts(*find_copy_atom("UniversalCopy<uint128_t>"), 16);
  ASSERT_TRUE(u);
  EXPECT_EQ(fragviz::algebra::to_string(u->src), "(1,8):(0,1)");
  // stmatrix .x2.trans in 32-bit values: its threads' stride 16 bits halves them to 16 threads,
  // which CuTe's Copy_Atom refuses.
  const auto t = fragviz::tile::value_layouts(*find_copy_atom("SM90_U16x4_STSM_T"), 32);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.refusal, fragviz::algebra::Refusal::cute_refuses);
  EXPECT_NE(t.message.find("CopyOperation is not valid for Src of ValType."), std::string::npos) << t.message;
}

TEST(TiledCopyAtoms, Upcast) {
  using fragviz::algebra::to_string;
  const auto l = [](std::int64_t s, std::int64_t d) { return Layout::leaf(s, d); };
  EXPECT_EQ(to_string(*fragviz::tile::upcast(l(8, 1), 4).value), "2:1");    // 8 values of 1 -> 2 of 4
  EXPECT_EQ(to_string(*fragviz::tile::upcast(l(6, 8), 2).value), "6:4");    // stride 8 -> 4
  EXPECT_EQ(to_string(*fragviz::tile::upcast(l(5, 0), 16).value), "5:0");   // stride 0 kept
  EXPECT_EQ(to_string(*fragviz::tile::upcast(l(4, -2), 2).value), "4:-1");  // the sign kept
  const auto bad = fragviz::tile::upcast(l(4, 3), 2);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message.find("Divisibility condition"), std::string::npos);
}

}  // namespace
