// The fragment query the CLI (`layout --where`, `--lane`) and the app's Find field share
// (fragment_query.hpp). Expected values worked out from the PTX ISA's m16n8k16 .f16 A layout
// (9.7.14.5.8): a2/a3 hold rows groupID + 8, cols 2*threadID_in_group + (0, 1); so A[9][3] is a3 of
// groupID 1, threadID_in_group 1: lane 5, the high half of register 1.
#include <gtest/gtest.h>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment_query.hpp"

using namespace fragviz;

namespace {
const char* kM16n8k16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
}

TEST(FragmentQuery, FindTakesLanesThreadsAndTheWhereForm) {
  std::string why;
  for (const char* text : {"lane 5", "LANE5", "T5", "t 5", "L5", " thread 5 "}) {
    const auto f = parse_find(text, why);
    ASSERT_TRUE(f) << text << ": " << why;
    EXPECT_EQ(f->thread, 5) << text;
    EXPECT_TRUE(why.empty());
  }
  const auto a = parse_find("a,9,3", why);
  ASSERT_TRUE(a) << why;
  EXPECT_EQ(a->thread, -1);
  EXPECT_EQ(a->where.op, Operand::A);
  EXPECT_EQ(a->where.row, 9);
  EXPECT_EQ(a->where.col, 3);
  EXPECT_EQ(a->where.product, -1);
  // Bad text: exactly the message `fragviz-cli layout --where` gives.
  std::string cli_why;
  EXPECT_FALSE(parse_where("Q,1,2", cli_why));
  EXPECT_FALSE(parse_find("Q,1,2", why));
  EXPECT_EQ(why, cli_why);
  EXPECT_EQ(why, "'Q,1,2' is not OPERAND,ROW,COL (operand A, B, C or D; e.g. A,9,3)");
  EXPECT_FALSE(parse_find("lane five", why));
  EXPECT_FALSE(parse_find("", why));
}

TEST(FragmentQuery, AnswersAsTheCliWordsThem) {
  const Instruction* in = find_instruction(kM16n8k16);
  ASSERT_NE(in, nullptr);
  const std::vector<FragmentOperand> ops = fragment_operands(*in);
  std::string why;
  const auto f = parse_find("A,9,3", why);
  ASSERT_TRUE(f);
  EXPECT_EQ(where_problem(ops, f->where), "");
  EXPECT_EQ(where_answer(kM16n8k16, ops, f->where, false),
            std::string(kM16n8k16) +
                "\nA[9][3]: lane 5 (groupID 1, threadID_in_group 1), element a3, register {a2,a3} (reg 1), "
                "high half, register bits 31..16\n");
  EXPECT_EQ(thread_problem(ops, 31), "");
  EXPECT_EQ(thread_problem(ops, 32), "a warp has lanes 0 to 31");
  const std::string lane5 = thread_answer(kM16n8k16, ops, 5, false);
  EXPECT_NE(lane5.find("lane 5 (groupID 1, threadID_in_group 1)\n"), std::string::npos) << lane5;
  EXPECT_NE(lane5.find("{a2,a3}    reg 1: a2 (9,2) low half, a3 (9,3) high half\n"), std::string::npos)
      << lane5;
}
