// The fragment query the CLI (`layout --where`, `--lane`) and the app's Find field share
// (fragment_query.hpp). Expected values worked out from the PTX ISA's m16n8k16 .f16 A layout
// (9.7.14.5.8): a2/a3 hold rows groupID + 8, cols 2*threadID_in_group + (0, 1); so A[9][3] is a3 of
// groupID 1, threadID_in_group 1: lane 5, the high half of register 1.
#include <gtest/gtest.h>

#include <optional>

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
    EXPECT_EQ(f->thread, std::optional<int>(5)) << text;
    EXPECT_TRUE(why.empty());
  }
  const auto a = parse_find("a,9,3", why);
  ASSERT_TRUE(a) << why;
  EXPECT_FALSE(a->thread);
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

// Newcomer round 26: Find rejected "T5 V3", the label the cells themselves show. A cell's label is
// a lane's value: with an operand letter that element (A's a3 of lane 5 is A[9][3], see the top;
// a5 sits 8 columns right of a1: A[1][11]); without one, the only operand holding that many values
// (V5: A alone, B and C/D hold 4 per lane), else Find asks which.
TEST(FragmentQuery, FindTakesACellsLabel) {
  const Instruction* in = find_instruction(kM16n8k16);
  ASSERT_NE(in, nullptr);
  const std::vector<FragmentOperand> ops = fragment_operands(*in);
  std::string why;
  for (const char* text : {"A T5 V3", "a t5 v3", " A  T5V3 ", "A\tT 5 V 3"}) {
    const auto f = parse_find(text, why);
    ASSERT_TRUE(f && f->value) << text << ": " << why;
    EXPECT_FALSE(f->thread) << text;
    const auto w = value_where(ops, *f->value, why);
    ASSERT_TRUE(w) << text << ": " << why;
    EXPECT_EQ(w->op, Operand::A);
    EXPECT_EQ(w->row, 9);
    EXPECT_EQ(w->col, 3);
    EXPECT_EQ(w->product, -1);
  }
  const auto five = parse_find("T5 V5", why);
  ASSERT_TRUE(five && five->value) << why;
  const auto a5 = value_where(ops, *five->value, why);
  ASSERT_TRUE(a5) << why;
  EXPECT_EQ(a5->op, Operand::A);
  EXPECT_EQ(a5->row, 1);
  EXPECT_EQ(a5->col, 11);

  const auto three = parse_find("T5 V3", why);
  ASSERT_TRUE(three && three->value) << why;
  EXPECT_FALSE(value_where(ops, *three->value, why));
  EXPECT_EQ(why, "T5 V3 is in A, B and C/D: name the operand, e.g. A T5 V3");
  // C/D's c3 of lane 5: row groupID + 8, col 2 * threadID_in_group + 1.
  const auto d = parse_find("D T5 V3", why);
  ASSERT_TRUE(d && d->value) << why;
  const auto c3 = value_where(ops, *d->value, why);
  ASSERT_TRUE(c3) << why;
  EXPECT_EQ(c3->op, Operand::C);
  EXPECT_EQ(c3->row, 9);
  EXPECT_EQ(c3->col, 3);

  const auto eight = parse_find("T5 V8", why);
  ASSERT_TRUE(eight && eight->value) << why;
  EXPECT_FALSE(value_where(ops, *eight->value, why));
  EXPECT_EQ(why, "T5 V8 is in no operand: a lane holds A V0 to V7, B V0 to V3, C/D V0 to V3");
  const auto b4 = parse_find("B T5 V4", why);
  ASSERT_TRUE(b4 && b4->value) << why;
  EXPECT_FALSE(value_where(ops, *b4->value, why));
  EXPECT_EQ(why, "T5 V4 is not in B: a lane holds B V0 to V3");
  const auto lane40 = parse_find("T40 V0", why);
  ASSERT_TRUE(lane40 && lane40->value) << why;
  EXPECT_FALSE(value_where(ops, *lane40->value, why));
  EXPECT_EQ(why, "a warp has lanes 0 to 31");
  // Still a lane alone, and not a label: "T5 V", "X T5 V3".
  const auto t5 = parse_find("T5", why);
  ASSERT_TRUE(t5 && t5->thread);
  EXPECT_FALSE(t5->value);
  EXPECT_FALSE(parse_find("T5 V", why));
  EXPECT_FALSE(parse_find("X T5 V3", why));
}

// Newcomer round 13: `A,99,-3` is the right form with values out of range; it said "is not
// OPERAND,ROW,COL". Now each coordinate outside is named with the range (A of m16n8k16 is 16 x 16).
TEST(FragmentQuery, OutOfRangeIsNotBadForm) {
  const Instruction* in = find_instruction(kM16n8k16);
  ASSERT_NE(in, nullptr);
  const std::vector<FragmentOperand> ops = fragment_operands(*in);
  std::string why;
  const auto both = parse_find("A,99,-3", why);
  ASSERT_TRUE(both) << why;
  EXPECT_EQ(both->where.row, 99);
  EXPECT_EQ(both->where.col, -3);
  EXPECT_EQ(where_problem(ops, both->where),
            "row 99 is outside A (16 x 16: rows 0 to 15); col -3 is outside A (16 x 16: cols 0 to 15)");
  const auto col = parse_where("B,2,-1", why);
  ASSERT_TRUE(col) << why;
  EXPECT_EQ(where_problem(ops, *col), "col -1 is outside B (16 x 8: cols 0 to 7)");
  const auto row = parse_where("c,-16,0", why);
  ASSERT_TRUE(row) << why;
  EXPECT_EQ(where_problem(ops, *row), "row -16 is outside C/D (16 x 8: rows 0 to 15)");
  // A part that is no number is named; a negative product is refused, as -1 means "every".
  EXPECT_FALSE(parse_where("A,9,x", why));
  EXPECT_EQ(why,
            "col 'x' in 'A,9,x' is not a whole number of at most 6 digits (OPERAND,ROW,COL; e.g. A,9,3)");
  EXPECT_FALSE(parse_where("A,-,3", why));
  EXPECT_EQ(why,
            "row '-' in 'A,-,3' is not a whole number of at most 6 digits (OPERAND,ROW,COL; e.g. A,9,3)");
  EXPECT_FALSE(parse_where("A,1,2,-1", why));
  EXPECT_EQ(why, "product -1 is not a quad pair: give 0 to 3 (m8n8k4 .f16), or leave it out");
}

// Issue 22: `lane 99999999999999999999` was "not OPERAND,ROW,COL" in Find and "too large" in the
// CLI, while `lane 32` got the range. Any number of digits is a lane, held at int's end when too
// large (or too small), so thread_problem names the range; the CLI's --lane parses the same way.
TEST(FragmentQuery, LaneTooLargeIsOutOfRange) {
  EXPECT_EQ(parse_thread_number("0"), std::optional<int>(0));
  EXPECT_EQ(parse_thread_number("31"), std::optional<int>(31));
  EXPECT_EQ(parse_thread_number("-1"), std::optional<int>(-1));
  EXPECT_EQ(parse_thread_number("2147483647"), std::optional<int>(2147483647));
  EXPECT_EQ(parse_thread_number("2147483648"), std::optional<int>(2147483647));
  EXPECT_EQ(parse_thread_number("99999999999999999999"), std::optional<int>(2147483647));
  EXPECT_EQ(parse_thread_number("-99999999999999999999"), std::optional<int>(-2147483647 - 1));
  for (const char* bad : {"", "-", "x5", "5x", "1e9", " 5", "+5"})
    EXPECT_FALSE(parse_thread_number(bad)) << bad;

  const Instruction* in = find_instruction(kM16n8k16);
  ASSERT_NE(in, nullptr);
  const std::vector<FragmentOperand> ops = fragment_operands(*in);
  std::string why;
  for (const char* text : {"lane 32", "lane 99999999999999999999", "T4294967333", "lane -1"}) {
    const auto f = parse_find(text, why);
    ASSERT_TRUE(f) << text << ": " << why;
    ASSERT_TRUE(f->thread) << text;
    EXPECT_EQ(thread_problem(ops, *f->thread), "a warp has lanes 0 to 31") << text;
  }
}

// Newcomer round 14: "A , 9 , 3" (spaces around the commas) was refused by Find and --where. Spaces
// and tabs around a part are now dropped; a part that is still no number is named as before.
TEST(FragmentQuery, SpacesAroundCommasAreTaken) {
  std::string why;
  for (const char* text : {"A , 9 , 3", " a,9 ,3 ", "A,\t9,3\t", "A , 9 , 3 , 0"}) {
    const auto w = parse_where(text, why);
    ASSERT_TRUE(w) << text << ": " << why;
    EXPECT_EQ(w->op, Operand::A) << text;
    EXPECT_EQ(w->row, 9) << text;
    EXPECT_EQ(w->col, 3) << text;
    EXPECT_TRUE(why.empty()) << text;
  }
  const auto f = parse_find("B , 2 , 1", why);
  ASSERT_TRUE(f) << why;
  EXPECT_EQ(f->where.op, Operand::B);
  EXPECT_EQ(f->where.row, 2);
  EXPECT_EQ(f->where.col, 1);
  // Inside a number a space is no separator: the part is named as not a number.
  EXPECT_FALSE(parse_where("A, 9 1, 3", why));
  EXPECT_EQ(why,
            "row '9 1' in 'A, 9 1, 3' is not a whole number of at most 6 digits (OPERAND,ROW,COL; e.g. "
            "A,9,3)");
  EXPECT_FALSE(parse_where("A, ,3", why));
  EXPECT_EQ(why, "row '' in 'A, ,3' is not a whole number of at most 6 digits (OPERAND,ROW,COL; e.g. A,9,3)");
}
