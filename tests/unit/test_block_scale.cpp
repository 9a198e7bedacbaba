// The sm_120 block-scaled mma.sync and .kind::f8f6f4 containers against values worked out by hand
// from the PTX ISA 9.2 text:
// - 9.7.14.3 "Block Scaling for mma.sync": Tables 35/36 (scale_A M x vec, scale_B vec x N), the
//   thread selector ("thread-id-a set to 0, thread-pair satisfying %laneid % 4 == 0 or 1 provides
//   the SF_A"; "each thread satisfying %laneid % 4 == thread-id-b provides the SF_B"), the byte
//   selector (1X one byte, 2X "value of 0 selects lower two bytes whereas value of 2 selects upper
//   two bytes", 4X all four, byte-id 0) and the table of valid selector values.
// - mma "Semantics": ".e2m1 resides in central 4 bits of the 8-bit container", ".e3m2 or .e2m3
//   ... in the lower 6 bits"; .kind::mxf4/mxf4nvf4 need no padding.
// Which lane of A's thread pair holds row g and which g + 8 is drawn in Figure 43 only; the cases
// below take the lower lane for row g (block_scale.hpp says why).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fragviz/isa/block_scale.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/fragment_names.hpp"
#include "fragviz/probe/mma_probe.hpp"

namespace {

using fragviz::Instruction;
using fragviz::ScaleCell;
using fragviz::ScaleOperand;
using fragviz::ScaleSelector;

const Instruction& named(const char* name) {
  const Instruction* in = fragviz::find_instruction_named(name);
  EXPECT_NE(in, nullptr) << name;
  return *in;
}
const Instruction& mxf8() {
  return named("m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e2m1.f32.ue8m0");
}
const Instruction& mxf4() {
  return named("m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0");
}
const Instruction& nvf4_4x() {
  return named("m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3");
}

std::optional<ScaleCell> cell(const Instruction& in, ScaleOperand op, ScaleSelector s, int lane, int byte) {
  return fragviz::scale_factor_cell(in, op, s, lane, byte);
}

TEST(BlockScale, EntriesCarryTable36) {
  EXPECT_EQ(mxf8().kind, fragviz::MmaKind::mxf8f6f4);
  EXPECT_EQ(mxf8().scale.vec, 1);
  EXPECT_EQ(mxf8().scale.type, fragviz::ScaleType::ue8m0);
  EXPECT_EQ(mxf4().scale.vec, 2);
  EXPECT_EQ(nvf4_4x().scale.vec, 4);
  EXPECT_EQ(nvf4_4x().scale.type, fragviz::ScaleType::ue4m3);
  // K / vec: 32 / 1, 64 / 2, 64 / 4.
  EXPECT_EQ(fragviz::scale_chunk_k(mxf8()), 32);
  EXPECT_EQ(fragviz::scale_chunk_k(mxf4()), 32);
  EXPECT_EQ(fragviz::scale_chunk_k(nvf4_4x()), 16);
  EXPECT_EQ(fragviz::scale_chunk_k(named("m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32")), 0);
}

TEST(BlockScale, OneX_ThreadPairAndByteOfA) {
  const ScaleSelector s{2, 1};  // byte 2, the upper thread pair (lanes 4g + 2, 4g + 3)
  // Lane 6: group 1, threadID_in_group 2 -> the pair's lower lane -> row 1, byte 2 -> k-block 0.
  EXPECT_EQ(cell(mxf8(), ScaleOperand::A, s, 6, 2), (ScaleCell{1, 0}));
  EXPECT_EQ(cell(mxf8(), ScaleOperand::A, s, 7, 2), (ScaleCell{9, 0}));    // upper lane -> row 9
  EXPECT_EQ(cell(mxf8(), ScaleOperand::A, s, 31, 2), (ScaleCell{15, 0}));  // group 7, upper -> 15
  EXPECT_FALSE(cell(mxf8(), ScaleOperand::A, s, 4, 2));                    // lower pair: not read
  EXPECT_FALSE(cell(mxf8(), ScaleOperand::A, s, 6, 1));                    // another byte
  EXPECT_FALSE(cell(mxf8(), ScaleOperand::A, s, 6, 3));
}

TEST(BlockScale, OneX_OneThreadOfB) {
  const ScaleSelector s{3, 2};
  // Lane 10: group 2, threadID_in_group 2 == thread-id-b -> column 2; byte 3 -> k-block 0.
  EXPECT_EQ(cell(mxf8(), ScaleOperand::B, s, 10, 3), (ScaleCell{2, 0}));
  EXPECT_EQ(cell(mxf8(), ScaleOperand::B, s, 30, 3), (ScaleCell{7, 0}));
  EXPECT_FALSE(cell(mxf8(), ScaleOperand::B, s, 9, 3));
  EXPECT_FALSE(cell(mxf8(), ScaleOperand::B, s, 10, 0));
}

TEST(BlockScale, TwoX_BytePair) {
  const ScaleSelector s{2, 0};  // the upper two bytes, the lower thread pair
  // Lane 1: group 0, threadID_in_group 1 -> row 8; byte 2 -> K 0-31, byte 3 -> K 32-63.
  EXPECT_EQ(cell(mxf4(), ScaleOperand::A, s, 1, 2), (ScaleCell{8, 0}));
  EXPECT_EQ(cell(mxf4(), ScaleOperand::A, s, 1, 3), (ScaleCell{8, 1}));
  EXPECT_FALSE(cell(mxf4(), ScaleOperand::A, s, 1, 0));
  EXPECT_FALSE(cell(mxf4(), ScaleOperand::A, s, 1, 1));
  // byte-id 0: bytes 0 and 1.
  EXPECT_EQ(cell(mxf4(), ScaleOperand::B, {0, 3}, 15, 1), (ScaleCell{3, 1}));  // lane 15: group 3, tig 3
}

TEST(BlockScale, FourX_AllBytes) {
  // Lane 29: group 7, threadID_in_group 1 -> row 15; byte 3 -> k-block 3, K 48-63.
  EXPECT_EQ(cell(nvf4_4x(), ScaleOperand::A, {0, 0}, 29, 3), (ScaleCell{15, 3}));
  EXPECT_EQ(cell(nvf4_4x(), ScaleOperand::A, {0, 0}, 29, 0), (ScaleCell{15, 0}));
  EXPECT_EQ(cell(nvf4_4x(), ScaleOperand::B, {0, 1}, 5, 2), (ScaleCell{1, 2}));
}

TEST(BlockScale, SelectorRefusals) {
  using fragviz::scale_selector_problem;
  EXPECT_EQ(scale_selector_problem(mxf8(), ScaleOperand::A, {3, 1}), "");
  EXPECT_NE(scale_selector_problem(mxf8(), ScaleOperand::A, {4, 0}), "");  // 1X: byte-id 0-3
  EXPECT_NE(scale_selector_problem(mxf8(), ScaleOperand::A, {0, 2}), "");  // thread-id-a 0-1
  EXPECT_EQ(scale_selector_problem(mxf8(), ScaleOperand::B, {0, 3}), "");  // thread-id-b 0-3
  EXPECT_NE(scale_selector_problem(mxf8(), ScaleOperand::B, {0, 4}), "");
  EXPECT_NE(scale_selector_problem(mxf4(), ScaleOperand::A, {1, 0}), "");  // 2X: 0 or 2
  EXPECT_EQ(scale_selector_problem(mxf4(), ScaleOperand::A, {2, 0}), "");
  EXPECT_NE(scale_selector_problem(nvf4_4x(), ScaleOperand::B, {2, 0}), "");  // 4X: 0 only
  EXPECT_NE(scale_selector_problem(named("m16n8k16.row.col.f32.f16.f16.f32"), ScaleOperand::A, {0, 0}), "");
  EXPECT_FALSE(cell(mxf4(), ScaleOperand::A, {1, 0}, 0, 1));  // an invalid selector reads nothing
}

// Under every valid selector each scale (row or column, k-block) has exactly one holder: A 16 rows
// x vec bytes, B 8 columns x vec, and scale_factor_holder names it.
TEST(BlockScale, EveryScaleHasOneHolder) {
  for (const Instruction* in : {&mxf8(), &mxf4(), &nvf4_4x()})
    for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B})
      for (int byte_id = 0; byte_id < 4; ++byte_id)
        for (int tid = 0; tid < 4; ++tid) {
          const ScaleSelector s{byte_id, tid};
          if (!fragviz::scale_selector_problem(*in, op, s).empty()) continue;
          int read = 0;
          for (int lane = 0; lane < 32; ++lane)
            for (int byte = 0; byte < 4; ++byte)
              if (const auto c = cell(*in, op, s, lane, byte)) {
                ++read;
                const auto h = fragviz::scale_factor_holder(*in, op, s, c->index, c->k_block);
                ASSERT_TRUE(h);
                EXPECT_EQ(h->lane, lane);
                EXPECT_EQ(h->byte, byte);
              }
          EXPECT_EQ(read, (op == ScaleOperand::A ? 16 : 8) * in->scale.vec) << in->mnemonic;
        }
}

// PTX ISA 9.2, 9.7.14.3, the table of valid values for the selector components, transcribed:
//   .scale_vec_size  byte-id-a     thread-id-a  byte-id-b     thread-id-b
//   scale_vec::1X    [0, 1, 2, 3]  [0, 1]       [0, 1, 2, 3]  [0, 1, 2, 3]
//   scale_vec::2X    [0, 2]        [0, 1]       [0, 2]        [0, 1, 2, 3]
//   scale_vec::4X    0             [0, 1]       0             [0, 1, 2, 3]
// Every pair of byte-id and thread-id from -1 to 4 is valid exactly where the table says.
TEST(BlockScale, ValidSelectorsAreTheTablesExactly) {
  struct Row {
    const Instruction* in;
    std::vector<int> bytes;
  };
  const Row rows[] = {{&mxf8(), {0, 1, 2, 3}}, {&mxf4(), {0, 2}}, {&nvf4_4x(), {0}}};
  const auto listed = [](const std::vector<int>& v, int x) {
    for (int e : v)
      if (e == x) return true;
    return false;
  };
  for (const Row& r : rows)
    for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B}) {
      const std::vector<int> threads =
          op == ScaleOperand::A ? std::vector<int>{0, 1} : std::vector<int>{0, 1, 2, 3};
      for (int byte_id = -1; byte_id <= 4; ++byte_id)
        for (int tid = -1; tid <= 4; ++tid) {
          const bool valid = listed(r.bytes, byte_id) && listed(threads, tid);
          EXPECT_EQ(fragviz::scale_selector_problem(*r.in, op, {byte_id, tid}).empty(), valid)
              << r.in->mnemonic << " " << fragviz::to_string(op) << " {" << byte_id << ", " << tid << "}";
        }
    }
}

// .scale_vec::2X and 4X at every lane and byte, from the text: scale_A is M x vec, scale_B vec x N
// (Table 35), each row of A / column of B cut into vec chunks of K / vec; thread-id-a picks the
// pair lane % 4 in {2t, 2t + 1}, thread-id-b the lane lane % 4 == t; 2X reads the byte pair at
// byte-id ("0 selects lower two bytes whereas 2 selects upper two bytes"), 4X all four. Figure 45
// draws which byte of the pair or word is which chunk; read here as the lower byte for the lower
// chunk, and the pair's lower lane for row m < 8 (block_scale.hpp says why).
TEST(BlockScale, TwoXAndFourXEveryLaneAndByte) {
  for (const Instruction* in : {&mxf4(), &nvf4_4x()}) {
    const int vec = in->scale.vec;
    for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B})
      for (int byte_id : {0, 2})
        for (int tid = 0; tid < 4; ++tid) {
          const ScaleSelector s{byte_id, tid};
          if (vec == 4 && byte_id != 0) continue;
          if (op == ScaleOperand::A && tid > 1) continue;
          for (int lane = 0; lane < 32; ++lane)
            for (int byte = 0; byte < 4; ++byte) {
              const int quad = lane % 4, group = lane / 4;
              const bool thread = op == ScaleOperand::A ? quad / 2 == tid : quad == tid;
              const bool in_bytes = byte >= byte_id && byte < byte_id + vec;
              const auto c = cell(*in, op, s, lane, byte);
              if (!thread || !in_bytes) {
                EXPECT_FALSE(c) << lane << " " << byte;
                continue;
              }
              ASSERT_TRUE(c) << in->mnemonic << " lane " << lane << " byte " << byte;
              EXPECT_EQ(c->index, op == ScaleOperand::A ? group + 8 * (quad % 2) : group);
              EXPECT_EQ(c->k_block, byte - byte_id);
            }
        }
  }
  // K per chunk: 64 / 2 = 32 and 64 / 4 = 16 (Table 35 with K 64).
  EXPECT_EQ(fragviz::scale_chunk_k(mxf4()), 32);
  EXPECT_EQ(fragviz::scale_chunk_k(nvf4_4x()), 16);
}

// Table 36's kinds against the catalogue: .kind::mxf4 .ue8m0 .scale_vec::2X, .kind::mxf4nvf4 .ue8m0
// .scale_vec::2X and .ue4m3 .scale_vec::4X (the table's .ue8m0 4X is refused by ptxas 13.0 and left
// out, docs/guide/blackwell.md), .kind::mxf8f6f4 .ue8m0 .scale_vec::1X.
TEST(BlockScale, ScaleKindsAreTable36s) {
  int mxf4 = 0, nvf4_2x = 0, nvf4_4x = 0, mxf8 = 0;
  for (const Instruction& in : fragviz::catalogue()) {
    if (in.kind == fragviz::MmaKind::mxf4) {
      ++mxf4;
      EXPECT_EQ(in.scale.vec, 2);
      EXPECT_EQ(in.scale.type, fragviz::ScaleType::ue8m0);
    } else if (in.kind == fragviz::MmaKind::mxf4nvf4) {
      EXPECT_EQ(in.scale.type, in.scale.vec == 2 ? fragviz::ScaleType::ue8m0 : fragviz::ScaleType::ue4m3);
      (in.scale.vec == 2 ? nvf4_2x : nvf4_4x) += 1;
    } else if (in.kind == fragviz::MmaKind::mxf8f6f4) {
      ++mxf8;
      EXPECT_EQ(in.scale.vec, 1);
    }
  }
  EXPECT_EQ(mxf4, 1);
  EXPECT_EQ(nvf4_2x, 1);
  EXPECT_EQ(nvf4_4x, 1);
  EXPECT_EQ(mxf8, 25);
}

TEST(BlockScale, ScaleOperandNames) {
  EXPECT_EQ(fragviz::parse_scale_operand("sfa"), ScaleOperand::A);
  EXPECT_EQ(fragviz::parse_scale_operand("SFB"), ScaleOperand::B);
  EXPECT_FALSE(fragviz::parse_scale_operand("a"));
  EXPECT_EQ(fragviz::to_string(ScaleOperand::B), "sfb");
}

// Containers: .kind::f8f6f4 .e2m1 1.0 (0b0010) is the byte 0b00'0010'00 = 0x08; .e3m2 1.0
// (exponent 3 = bias, 0b0'011'00 = 0x0C) sits in bits 0-5 of its byte; .kind::mxf4 packs .e2m1
// eight to a register, 1.0 in every nibble of a0..a7 = 0x22222222.
TEST(BlockScale, ContainersOfFp4AndFp6) {
  const Instruction& f4 = named("m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32");
  const fragviz::RegisterSlot a1 = fragviz::register_slot(f4, fragviz::Operand::A, 1);
  EXPECT_EQ(a1.reg, 0);
  EXPECT_EQ(a1.bit, 10);  // byte 1, bits 2-5
  EXPECT_EQ(a1.bits, 4);
  EXPECT_EQ(fragviz::register_part(a1), "bits 5..2 of byte 1");
  const fragviz::RegisterSlot b5 = fragviz::register_slot(f4, fragviz::Operand::B, 5);
  EXPECT_EQ(b5.reg, 1);
  EXPECT_EQ(b5.bit, 8);  // byte 1 of b1, bits 0-5
  EXPECT_EQ(b5.bits, 6);
  EXPECT_EQ(fragviz::register_part(b5), "bits 5..0 of byte 1");

  std::vector<std::uint64_t> ones_a(16 * 32, *fragviz::encode_element(fragviz::ElemType::e2m1, 1.0));
  const std::vector<std::uint32_t> wa = fragviz::pack_operand(f4, fragviz::Operand::A, ones_a);
  EXPECT_EQ(wa.at(0), 0x08080808u);
  std::vector<std::uint64_t> ones_b(32 * 8, *fragviz::encode_element(fragviz::ElemType::e3m2, 1.0));
  const std::vector<std::uint32_t> wb = fragviz::pack_operand(f4, fragviz::Operand::B, ones_b);
  EXPECT_EQ(wb.at(0), 0x0C0C0C0Cu);

  const std::vector<std::uint32_t> w4 = fragviz::pack_operand(
      mxf4(), fragviz::Operand::A,
      std::vector<std::uint64_t>(16 * 64, *fragviz::encode_element(fragviz::ElemType::e2m1, 1.0)));
  ASSERT_EQ(w4.size(), 32u * 4u);  // four registers per lane, eight .e2m1 each
  EXPECT_EQ(w4.at(0), 0x22222222u);
  EXPECT_EQ(fragviz::register_slot(mxf4(), fragviz::Operand::A, 3).bit, 12);
}

}  // namespace
