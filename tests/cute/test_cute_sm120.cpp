// The sm_120 mma.sync model against CuTe 4.2, host only (g++), one translation unit:
//   every .kind::f8f6f4 entry against MMA_Traits<SM120_16x8x32_TN<A, B, C>>, every block-scaled
//   entry CuTe has against MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS / 16x8x64_TN_VS>:
//   ALayout, BLayout, CLayout at every (thread, value), and SFALayout / SFBLayout against the
//   scale-factor model (fragviz/isa/block_scale.hpp) at every (thread, value);
//   each entry's mnemonic against the asm CuTe's cute/arch/mma_sm120.hpp issues (CuTe writes
//   .kind... right after .aligned, the PTX syntax after .row.col: compared with the .kind,
//   .block_scale and .scale_vec tokens moved).
// CuTe's conventions (as in test_cute_mma_traits.cpp): ALayout (t, v) -> m + M*k, BLayout
// (t, v) -> n + N*k, CLayout (t, v) -> m + M*n, SFALayout (t, v) -> m + M*k over A's (M, K),
// SFBLayout (t, v) -> n + N*k over B's (N, K): a thread's scale values run over every k, the scale
// of k being that of its k-block k / SFVecSize. CuTe issues every block-scaled mma with byte-id 0
// and thread-id 0 (its arch header's bidA/tidA/bidB/tidB), so the model is asked for selector
// {0, 0}. Where CuTe and the model differ, the difference is asserted to be exactly the one
// docs/guide/blackwell.md ("sm_120") names, so this test fails when either side changes.
#include <gtest/gtest.h>

#include <cute/atom/mma_traits_sm120.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fragviz/isa/block_scale.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"

#ifndef FRAGVIZ_CUTLASS_INCLUDE
#error "FRAGVIZ_CUTLASS_INCLUDE (the CUTLASS include folder) must be defined by the build"
#endif

namespace {

using fragviz::Coord;
using fragviz::Instruction;
using fragviz::Operand;
using fragviz::ScaleOperand;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The PTX syntax's order: .kind, .block_scale and .scale_vec moved from after .aligned (CuTe) to
/// after .row.col; everything else as written.
std::string syntax_order(const std::string& mnemonic) {
  std::vector<std::string> tokens, moved;
  std::stringstream ss(mnemonic);
  for (std::string t; std::getline(ss, t, '.');) {
    if (t.rfind("kind::", 0) == 0 || t == "block_scale" || t.rfind("scale_vec::", 0) == 0)
      moved.push_back(t);
    else
      tokens.push_back(t);
  }
  std::string out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    out += (i ? "." : "") + tokens[i];
    if (tokens[i] == "col" && i > 0 && (tokens[i - 1] == "row" || tokens[i - 1] == "col"))
      for (const std::string& m : moved) out += "." + m;
  }
  return out;
}

/// Every mnemonic the asm strings of cute/arch/mma_sm120.hpp issue, in the PTX syntax's order.
const std::set<std::string>& cute_mnemonics() {
  static const std::set<std::string> all = [] {
    const std::string text = read_file(std::string(FRAGVIZ_CUTLASS_INCLUDE) + "/cute/arch/mma_sm120.hpp");
    std::set<std::string> out;
    for (std::size_t at = text.find("\"mma.sync."); at != std::string::npos;
         at = text.find("\"mma.sync.", at + 1)) {
      const std::size_t end = text.find_first_of(" \"", at + 1);
      out.insert(syntax_order(text.substr(at + 1, end - at - 1)));
    }
    return out;
  }();
  return all;
}

/// (thread, value) -> offset of one of CuTe's layouts.
template <class L>
std::vector<int> evaluate(const L& l, int& threads, int& values) {
  threads = int(cute::size<0>(l));
  values = int(cute::size<1>(l));
  std::vector<int> out(std::size_t(threads) * values);
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) out[std::size_t(t) * values + v] = int(l(t, v));
  return out;
}

/// A, B and C/D of `in` against CuTe's ALayout, BLayout, CLayout: the count of (thread, value)
/// pairs that differ (0 expected).
template <class Traits>
int operand_mismatches(const Instruction& in) {
  int bad = 0, threads = 0, values = 0;
  const int M = in.m, N = in.n;
  const std::vector<int> a = evaluate(typename Traits::ALayout{}, threads, values);
  EXPECT_EQ(values, fragviz::elements_per_lane(in, Operand::A)) << in.mnemonic;
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) {
      const int o = a[std::size_t(t) * values + v];
      bad += fragviz::fragment_coord(in, Operand::A, t, v) != Coord{o % M, o / M, 0};
    }
  const std::vector<int> b = evaluate(typename Traits::BLayout{}, threads, values);
  EXPECT_EQ(values, fragviz::elements_per_lane(in, Operand::B)) << in.mnemonic;
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) {
      const int o = b[std::size_t(t) * values + v];  // n + N*k; the catalogue's B is K x N
      bad += fragviz::fragment_coord(in, Operand::B, t, v) != Coord{o / N, o % N, 0};
    }
  const std::vector<int> c = evaluate(typename Traits::CLayout{}, threads, values);
  EXPECT_EQ(values, fragviz::elements_per_lane(in, Operand::C)) << in.mnemonic;
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) {
      const int o = c[std::size_t(t) * values + v];
      bad += fragviz::fragment_coord(in, Operand::C, t, v) != Coord{o % M, o / M, 0};
    }
  return bad;
}

/// What CuTe's SFALayout/SFBLayout says against the model, value by value. CuTe's thread (t, v)
/// holds the scale of row/column `index` at k, k-block k / vec_size. `read`: pairs where the mma
/// with CuTe's selector {0, 0} reads that byte and the model agrees; `copies`: pairs in lanes that
/// selector ignores, which the model gives the same row/column under another thread-id (CuTe's
/// stride-0 thread modes); `bad`: anything else.
struct ScaleComparison {
  int read = 0, copies = 0, bad = 0;
  std::set<int> lanes_read;
};
template <class Layout>
ScaleComparison compare_scales(const Instruction& in, ScaleOperand op, int vec_size) {
  ScaleComparison out;
  int threads = 0, values = 0;
  const std::vector<int> l = evaluate(Layout{}, threads, values);
  const int rows = op == ScaleOperand::A ? in.m : in.n;
  EXPECT_EQ(values, in.k) << in.mnemonic << ": CuTe's scale values run over K";
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) {
      const int o = l[std::size_t(t) * values + v];
      const fragviz::ScaleCell cute{o % rows, (o / rows) / vec_size};
      const int byte = cute.k_block;  // byte-id 0: k-block j in byte j
      const auto model = fragviz::scale_factor_cell(in, op, {0, 0}, t, byte);
      if (model) {
        if (*model == cute) {
          ++out.read;
          out.lanes_read.insert(t);
        } else {
          ++out.bad;
        }
        continue;
      }
      bool copy = false;
      for (int tid = 1; tid < (op == ScaleOperand::A ? 2 : 4); ++tid) {
        const auto other = fragviz::scale_factor_cell(in, op, {0, tid}, t, byte);
        copy = copy || (other && *other == cute);
      }
      (copy ? out.copies : out.bad) += 1;
    }
  return out;
}

const char* const kTypeNames[] = {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"};

template <int I>
using TypeAt = std::conditional_t<
    I == 0, cutlass::float_e4m3_t,
    std::conditional_t<
        I == 1, cutlass::float_e5m2_t,
        std::conditional_t<I == 2, cutlass::float_e3m2_t,
                           std::conditional_t<I == 3, cutlass::float_e2m3_t, cutlass::float_e2m1_t>>>>;

/// One .kind::f8f6f4 entry (A type I, B type J, C/D TC named `c`) against SM120_16x8x32_TN.
template <int I, int J, class TC>
void check_dense(const char* c, int& checked) {
  const std::string name = std::string("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.") + c + "." +
                           kTypeNames[I] + "." + kTypeNames[J] + "." + c;
  const Instruction* in = fragviz::find_instruction(name);
  ASSERT_NE(in, nullptr) << name;
  EXPECT_TRUE(cute_mnemonics().count(name)) << name << ": not among the asm of cute/arch/mma_sm120.hpp";
  using Traits = cute::MMA_Traits<cute::SM120_16x8x32_TN<TypeAt<I>, TypeAt<J>, TC>>;
  EXPECT_EQ(operand_mismatches<Traits>(*in), 0) << name;
  ++checked;
}
template <int I, class TC>
void check_dense_row(const char* c, int& checked) {
  check_dense<I, 0, TC>(c, checked);
  check_dense<I, 1, TC>(c, checked);
  check_dense<I, 2, TC>(c, checked);
  check_dense<I, 3, TC>(c, checked);
  check_dense<I, 4, TC>(c, checked);
}

TEST(CuteSm120, EveryKindF8f6f4EntryEqualsCute) {
  int checked = 0;
  check_dense_row<0, float>("f32", checked);
  check_dense_row<1, float>("f32", checked);
  check_dense_row<2, float>("f32", checked);
  check_dense_row<3, float>("f32", checked);
  check_dense_row<4, float>("f32", checked);
  check_dense_row<0, cutlass::half_t>("f16", checked);
  check_dense_row<1, cutlass::half_t>("f16", checked);
  check_dense_row<2, cutlass::half_t>("f16", checked);
  check_dense_row<3, cutlass::half_t>("f16", checked);
  check_dense_row<4, cutlass::half_t>("f16", checked);
  EXPECT_EQ(checked, 50);
}

/// One .kind::mxf8f6f4 entry against SM120_16x8x32_TN_VS<A, B, float, ue8m0, 32>.
template <int I, int J>
void check_mxf8f6f4(int& checked) {
  const std::string name =
      std::string("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.") +
      kTypeNames[I] + "." + kTypeNames[J] + ".f32.ue8m0";
  const Instruction* in = fragviz::find_instruction(name);
  ASSERT_NE(in, nullptr) << name;
  EXPECT_TRUE(cute_mnemonics().count(name)) << name << ": not among the asm of cute/arch/mma_sm120.hpp";
  using Op =
      cute::SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<TypeAt<I>, TypeAt<J>, float, cutlass::float_ue8m0_t, 32>;
  using Traits = cute::MMA_Traits<Op>;
  EXPECT_EQ(operand_mismatches<Traits>(*in), 0) << name;
  EXPECT_EQ(Traits::SFVecSize, fragviz::scale_chunk_k(*in)) << name;
  // One scale byte per lane: 1X.
  EXPECT_EQ(sizeof(typename Op::SFARegisters), 1u) << name;
  const ScaleComparison a =
      compare_scales<typename Traits::SFALayout>(*in, ScaleOperand::A, Traits::SFVecSize);
  const ScaleComparison b =
      compare_scales<typename Traits::SFBLayout>(*in, ScaleOperand::B, Traits::SFVecSize);
  EXPECT_EQ(a.bad, 0) << name;
  EXPECT_EQ(b.bad, 0) << name;
  // thread-id-a 0 reads lanes 4g and 4g + 1 (16 lanes), thread-id-b 0 lane 4g (8); CuTe also puts
  // the scale in the other lanes of the pair / quad, which the mma ignores.
  EXPECT_EQ(a.lanes_read.size(), 16u) << name;
  EXPECT_EQ(b.lanes_read.size(), 8u) << name;
  EXPECT_EQ(a.copies, a.read) << name;
  EXPECT_EQ(b.copies, 3 * b.read) << name;
  ++checked;
}
template <int I>
void check_mxf8f6f4_row(int& checked) {
  check_mxf8f6f4<I, 0>(checked);
  check_mxf8f6f4<I, 1>(checked);
  check_mxf8f6f4<I, 2>(checked);
  check_mxf8f6f4<I, 3>(checked);
  check_mxf8f6f4<I, 4>(checked);
}

TEST(CuteSm120, EveryMxf8f6f4EntryEqualsCuteScalesIncluded) {
  int checked = 0;
  check_mxf8f6f4_row<0>(checked);
  check_mxf8f6f4_row<1>(checked);
  check_mxf8f6f4_row<2>(checked);
  check_mxf8f6f4_row<3>(checked);
  check_mxf8f6f4_row<4>(checked);
  EXPECT_EQ(checked, 25);
}

/// One m16n8k64 block-scaled entry against SM120_16x8x64_TN_VS<e2m1, e2m1, float, SF, VS>.
template <class SF, int VS>
void check_k64(const std::string& name) {
  const Instruction* in = fragviz::find_instruction(name);
  ASSERT_NE(in, nullptr) << name;
  using Op = cute::SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<cutlass::float_e2m1_t, cutlass::float_e2m1_t,
                                                           float, SF, VS>;
  using Traits = cute::MMA_Traits<Op>;
  EXPECT_EQ(operand_mismatches<Traits>(*in), 0) << name;
  EXPECT_EQ(Traits::SFVecSize, fragviz::scale_chunk_k(*in)) << name;
  EXPECT_EQ(sizeof(typename Op::SFARegisters), std::size_t(in->scale.vec))
      << name << ": one byte per k-block";
  const ScaleComparison a = compare_scales<typename Traits::SFALayout>(*in, ScaleOperand::A, VS);
  const ScaleComparison b = compare_scales<typename Traits::SFBLayout>(*in, ScaleOperand::B, VS);
  EXPECT_EQ(a.bad, 0) << name;
  EXPECT_EQ(b.bad, 0) << name;
  EXPECT_EQ(a.lanes_read.size(), 16u) << name;
  EXPECT_EQ(b.lanes_read.size(), 8u) << name;
  EXPECT_EQ(a.copies, a.read) << name;
  EXPECT_EQ(b.copies, 3 * b.read) << name;
}

TEST(CuteSm120, Mxf4nvf4EntriesEqualCuteScalesIncluded) {
  const std::string k64 = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.";
  const std::string scaled_2x = k64 + "scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0";
  const std::string scaled_4x = k64 + "scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3";
  EXPECT_TRUE(cute_mnemonics().count(scaled_2x)) << scaled_2x;
  EXPECT_TRUE(cute_mnemonics().count(scaled_4x)) << scaled_4x;
  check_k64<cutlass::float_ue8m0_t, 32>(scaled_2x);
  check_k64<cutlass::float_ue4m3_t, 16>(scaled_4x);
}

// Named in docs/guide/blackwell.md ("sm_120", CuTe): asserted to be still so.
TEST(CuteSm120, KnownDifferencesStillDiffer) {
  // CuTe has no atom issuing .kind::mxf4: its ue8m0 m16n8k64 atom issues .kind::mxf4nvf4
  // .scale_vec::2X (the same operands), so the catalogue's mxf4 entry is checked against the PTX
  // text only.
  const std::string mxf4 =
      "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0";
  ASSERT_NE(fragviz::find_instruction(mxf4), nullptr);
  EXPECT_FALSE(cute_mnemonics().count(mxf4));
  for (const std::string& m : cute_mnemonics()) EXPECT_EQ(m.find("kind::mxf4."), std::string::npos) << m;
  // SM120_16x8x64_TN_VS takes VS 16 or 32 for either scale type, but its register width follows VS
  // while its asm does not: ue8m0 with VS 16 passes a 32-bit scale register (4 scales) to
  // .scale_vec::2X, which reads 2; ue4m3 with VS 32 passes 16 bits to .scale_vec::4X, which reads 4.
  using Ue8m0Vs16 =
      cute::SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<cutlass::float_e2m1_t, cutlass::float_e2m1_t, float,
                                                    cutlass::float_ue8m0_t, 16>;
  using Ue4m3Vs32 =
      cute::SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<cutlass::float_e2m1_t, cutlass::float_e2m1_t, float,
                                                    cutlass::float_ue4m3_t, 32>;
  EXPECT_EQ(sizeof(Ue8m0Vs16::SFARegisters), 4u);
  EXPECT_EQ(sizeof(Ue4m3Vs32::SFARegisters), 2u);
  // CuTe issues no mxf4nvf4 .ue8m0 .scale_vec::4X (PTX ISA 9.2 Table 36 lists it; ptxas 13.0
  // refuses it), and neither does the catalogue.
  const std::string x4_ue8m0 =
      "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0";
  EXPECT_FALSE(cute_mnemonics().count(x4_ue8m0));
  EXPECT_EQ(fragviz::find_instruction(x4_ue8m0), nullptr);
  // CuTe's selectors: every block-scaled atom passes {byte-id, thread-id} as 16-bit registers
  // ("h", the text's "unsigned 16-bit integer values") holding the constant 0, never another
  // selector; so the upper byte pair of 2X and thread-id 1 are checked against the PTX text only.
  const std::string text = read_file(std::string(FRAGVIZ_CUTLASS_INCLUDE) + "/cute/arch/mma_sm120.hpp");
  int selectors = 0, scaled = 0;
  for (const char* name : {"bidA", "tidA", "bidB", "tidB"})
    for (std::size_t at = text.find(std::string("uint16_t ") + name + " = "); at != std::string::npos;
         at = text.find(std::string("uint16_t ") + name + " = ", at + 1)) {
      ++selectors;
      EXPECT_EQ(text.compare(at + 16, 2, "0;"), 0) << text.substr(at, 24);  // "uint16_t bidA = " is 16
    }
  for (std::size_t at = text.find("\"h\"(bidA)"); at != std::string::npos;
       at = text.find("\"h\"(bidA)", at + 1))
    ++scaled;
  EXPECT_GT(scaled, 0);
  EXPECT_EQ(selectors, 4 * scaled);
}

// Every sm_120a entry is one of those compared above or the named mxf4 one.
TEST(CuteSm120, EverySm120aEntryIsCovered) {
  int in_cute = 0, not_in_cute = 0;
  for (const Instruction& in : fragviz::catalogue()) {
    if (!in.arch_specific) continue;
    const bool compared = cute_mnemonics().count(in.mnemonic) > 0;
    (compared ? in_cute : not_in_cute) += 1;
    // What the CLI and the views say of the entry is what this test found.
    const std::string status = fragviz::model_status(in);
    EXPECT_EQ(status.find("PTX ISA 9.2 and CuTe 4.2 agree") != std::string::npos, compared) << in.mnemonic;
    EXPECT_NE(status.find("not yet run on a GPU"), std::string::npos) << in.mnemonic;
  }
  EXPECT_EQ(in_cute, 50 + 25 + 2);
  EXPECT_EQ(not_in_cute, 1);  // .kind::mxf4
}

}  // namespace
