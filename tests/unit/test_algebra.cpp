// The layout algebra's expressions (algebra/expression.hpp): CuTe documentation's worked examples
// (media/docs/cpp/cute/02_layout_algebra.md: their results as the document states them), and
// refusals with their columns and what CuTe does there. These run without the CUTLASS headers;
// tests/cute/test_cute_algebra.cpp holds thousands of cases against CuTe itself.
#include <gtest/gtest.h>

#include "fragviz/algebra/expression.hpp"
#include "fragviz/algebra/table.hpp"

using namespace fragviz::algebra;

namespace {

std::string value(const std::string& text) {
  const auto v = evaluate_expression(text);
  EXPECT_TRUE(v) << text << ": " << v.message;
  return v ? to_string(*v) : std::string();
}

Result<Value> refused(const std::string& text) {
  auto v = evaluate_expression(text);
  EXPECT_FALSE(v) << text << " gave " << (v ? to_string(*v) : "");
  return v;
}

}  // namespace

TEST(Algebra, CuteDocumentationExamples) {
  EXPECT_EQ(value("coalesce((2,(1,6)):(1,(6,2)))"), "12:1");
  EXPECT_EQ(value("coalesce((2,(1,6)):(1,(6,2)), (1,1))"), "(2,6):(1,2)");
  EXPECT_EQ(value("composition((6,2):(8,2), (4,3):(3,1))"), "((2,2),3):((24,2),8)");
  EXPECT_EQ(value("composition(20:2, (5,4):(4,1))"), "(5,4):(8,2)");
  EXPECT_EQ(value("composition((10,2):(16,4), (5,4):(1,5))"), "(5,(2,2)):(16,(80,4))");
  EXPECT_EQ(value("composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)"), "(3,(2,4)):(236,(26,1))");
  EXPECT_EQ(value("composition((12,(4,8)):(59,(13,1)), (3,8))"), "(3,(4,2)):(59,(13,1))");
  EXPECT_EQ(value("complement(4:1, 24)"), "6:4");
  EXPECT_EQ(value("complement(6:4, 24)"), "4:1");
  EXPECT_EQ(value("complement((4,6):(1,4), 24)"), "1:0");
  EXPECT_EQ(value("complement(4:2, 24)"), "(2,3):(1,8)");
  EXPECT_EQ(value("complement((2,4):(1,6), 24)"), "3:2");
  EXPECT_EQ(value("complement((2,2):(1,6), 24)"), "(3,2):(2,12)");
  EXPECT_EQ(value("logical_divide((4,2,3):(2,1,8), 4:2)"), "((2,2),(2,3)):((4,1),(2,8))");
  // The 2-D divide's tile is (3,(2,4)):(177,(13,2)); zipped_divide gathers tiles and rests.
  EXPECT_EQ(value("get(zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>), 0)"),
            "(3,(2,4)):(177,(13,2))");
  EXPECT_EQ(value("logical_product((2,2):(4,1), 6:1)"), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(value("size(logical_product((2,2):(4,1), (4,2):(2,1)))"), "32");
}

TEST(Algebra, Queries) {
  EXPECT_EQ(value("size(((4,8),(2,2)):((32,1),(16,8)))"), "128");
  EXPECT_EQ(value("rank(((4,8),(2,2)):((32,1),(16,8)))"), "2");
  EXPECT_EQ(value("depth(((4,8),(2,2)):((32,1),(16,8)))"), "2");
  // cosize: 1 + 3*32 + 7*1 + 1*16 + 1*8
  EXPECT_EQ(value("cosize(((4,8),(2,2)):((32,1),(16,8)))"), "128");
  EXPECT_EQ(value("get(((4,8),(2,2)):((32,1),(16,8)), 0, 1)"), "8:1");
  EXPECT_EQ(value("select(((4,8),(2,2)):((32,1),(16,8)), 1)"), "((2,2)):((16,8))");
  EXPECT_EQ(value("flatten(((4,8),(2,2)):((32,1),(16,8)))"), "(4,8,2,2):(32,1,16,8)");
  EXPECT_EQ(value("((4,8),(2,2)):((32,1),(16,8))"), "((4,8),(2,2)):((32,1),(16,8))");
  EXPECT_EQ(value("make_layout((4,(2,3)))"), "(4,(2,3)):(1,(4,8))");
}

TEST(Algebra, SwizzleSpellings) {
  EXPECT_EQ(value("Swizzle<3,3,3> o (8,64):(64,1)"), "Swizzle<3,3,3> o (8,64):(64,1)");
  EXPECT_EQ(value("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"), "Swizzle<3,3,3> o (8,64):(64,1)");
  EXPECT_EQ(value("Swizzle<2,4,2> \xE2\x88\x98 16 \xE2\x88\x98 (8,8):(8,1)"),
            "Swizzle<2,4,2> o 16 o (8,8):(8,1)");
  // B = (8,8):(8,1) sends (i, j) to 8i + j, which A = (8,64):(64,1) sends to 64j + i: (8,8):(1,64).
  EXPECT_EQ(value("composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))"),
            "Swizzle<3,3,3> o (8,8):(1,64)");
}

TEST(Algebra, ParseErrorsNameTheirColumn) {
  auto v = refused("logical_divide((16,64):(64,1), (8,8)");  // 36 characters: the end is column 37
  EXPECT_EQ(v.refusal, Refusal::bad_input);
  EXPECT_EQ(v.column, 37) << v.message;
  v = refused("logical_divid((16,64):(64,1), 8)");
  EXPECT_EQ(v.column, 1) << v.message;
  EXPECT_NE(v.message.find("no operation is named 'logical_divid'"), std::string::npos) << v.message;
  v = refused("((4,8),(2,2)):((32,1),16)");
  EXPECT_EQ(v.column, 23) << v.message;
  EXPECT_NE(v.message.find("congruent"), std::string::npos) << v.message;
  v = refused("composition((4,8):(1,4), Swizzle<3,4,2>)");  // at S
  EXPECT_EQ(v.column, 38) << v.message;
  v = refused("size(8:1, 2)");
  EXPECT_EQ(v.column, 1) << v.message;
  v = refused("logical_divide(8:1, Swizzle<1,1,1>)");
  EXPECT_EQ(v.column, 21) << v.message;
  EXPECT_NE(v.message.find("argument 2 must be a tiler"), std::string::npos) << v.message;
  v = refused(std::string(300, '(') + "1" + std::string(300, ')'));
  EXPECT_NE(v.message.find("nested more than"), std::string::npos) << v.message;
  v = refused("");
  EXPECT_NE(v.message.find("empty expression"), std::string::npos) << v.message;
}

TEST(Algebra, RefusalsSayWhatCuteDoes) {
  // CuTe's static_asserts, quoted.
  auto v = refused("composition((4,3):(1,10), 6:5)");
  EXPECT_EQ(v.refusal, Refusal::cute_refuses);
  EXPECT_NE(v.message.find("Stride Divisibility Condition"), std::string::npos) << v.message;
  EXPECT_EQ(v.column, 1);
  v = refused("complement((2,2):(2,3))");
  EXPECT_EQ(v.refusal, Refusal::cute_refuses);
  EXPECT_NE(v.message.find("Non-injective Layout detected in complement."), std::string::npos) << v.message;
  v = refused("logical_divide((8,8):(1,8), (2,2,2))");
  EXPECT_EQ(v.refusal, Refusal::cute_refuses);
  EXPECT_NE(v.message.find("Too many modes in tiler"), std::string::npos) << v.message;
  v = refused("  left_inverse((2,3):(3,2))");
  EXPECT_EQ(v.column, 3);
  EXPECT_NE(v.message.find("Left inverse divisibility condition"), std::string::npos) << v.message;
  // Where CuTe's answer is wrong: A o B that is not A(B(i)), a Layout o Swizzle that is not one.
  v = refused("composition((4,3):(1,10), 4:3)");
  EXPECT_EQ(v.refusal, Refusal::cute_wrong);
  EXPECT_NE(v.message.find("A(B(2)) = A(6) = 12"), std::string::npos) << v.message;
  v = refused("composition((6,8):(1,16), Swizzle<1,1,1>)");
  EXPECT_EQ(v.refusal, Refusal::cute_wrong);
  // Beyond fragviz: negative strides where CuTe's result has negative shapes, 64-bit overflow.
  v = refused("right_inverse(4:-1)");
  EXPECT_EQ(v.refusal, Refusal::beyond_fragviz);
  v = refused("size((2147483647,2147483647,2147483647):(1,1,1))");
  EXPECT_EQ(v.refusal, Refusal::beyond_fragviz) << v.message;
}

TEST(Algebra, StepsAreEveryOperationInnermostFirst) {
  // What the app's Algebra view draws: each operation's operands and result.
  const auto e = evaluate_steps("coalesce(composition((4,8):(8,1), (8,4):(4,1)))");
  ASSERT_TRUE(e) << e.message;
  ASSERT_EQ(e->steps.size(), 2u);
  EXPECT_EQ(e->steps[0].operation, "composition");
  EXPECT_EQ(e->steps[0].column, 10);
  ASSERT_EQ(e->steps[0].args.size(), 2u);
  EXPECT_EQ(to_string(e->steps[0].args[0]), "(4,8):(8,1)");
  EXPECT_EQ(to_string(e->steps[0].args[1]), "(8,4):(4,1)");
  EXPECT_EQ(e->steps[1].operation, "coalesce");
  EXPECT_EQ(e->steps[1].column, 1);
  EXPECT_EQ(to_string(e->steps[1].result), to_string(e->value));
  EXPECT_EQ(to_string(e->steps[1].args[0]), to_string(e->steps[0].result));
  // A plain layout applies no operation; a refusal is the same as evaluate_expression's.
  const auto plain = evaluate_steps("(4,8):(8,1)");
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->steps.empty());
  const auto bad = evaluate_steps("complement((2,2):(2,3))");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message, evaluate_expression("complement((2,2):(2,3))").message);
}

TEST(Algebra, TableIsPrintLayoutsAndCoordinatesAreIdx2crds) {
  // (4,8):(8,1) is row-major 4x8: cell (r, c) holds 8r + c (CuTe's print_layout of it).
  const auto v = evaluate_expression("(4,8):(8,1)");
  ASSERT_TRUE(v) << v.message;
  const LayoutTable t = layout_table(v->layout);
  EXPECT_EQ(t.extent.rows, 4);
  EXPECT_EQ(t.extent.cols, 8);
  EXPECT_EQ(t.at(1, 2), 10);
  EXPECT_EQ(t.at(3, 7), 31);
  // Rank 1: one row. Rank 3: mode 0 down, modes 1 and 2 across, colexicographic.
  const auto r1 = evaluate_expression("8:2");
  ASSERT_TRUE(r1);
  EXPECT_EQ(table_extent(r1->layout.layout).rows, 1);
  EXPECT_EQ(table_extent(r1->layout.layout).cols, 8);
  const auto r3 = evaluate_expression("(2,3,4):(1,2,6)");
  ASSERT_TRUE(r3);
  const LayoutTable t3 = layout_table(r3->layout);
  EXPECT_EQ(t3.extent.rows, 2);
  EXPECT_EQ(t3.extent.cols, 12);
  EXPECT_EQ(t3.at(1, 4), 1 + 2 * 1 + 6 * 1);  // column 4 = (1, 1) of (3,4)
  // Swizzled: Swizzle<1,0,1> o 4:1 sends 2 -> 3, 3 -> 2.
  const auto sw = evaluate_expression("Swizzle<1,0,1> o 4:1");
  ASSERT_TRUE(sw);
  EXPECT_EQ(layout_table(sw->layout).offsets, (std::vector<std::int64_t>{0, 1, 3, 2}));
  // idx2crd: 23 = 3 + 4 * (1 + 2 * 2) in (4,(2,3)).
  const IntTuple s =
      IntTuple::tuple({IntTuple::number(4), IntTuple::tuple({IntTuple::number(2), IntTuple::number(3)})});
  EXPECT_EQ(natural_coordinate(s, 23), "(3,(1,2))");
  EXPECT_EQ(natural_coordinate(s, 0), "(0,(0,0))");
  EXPECT_EQ(natural_coordinate(IntTuple::number(8), 5), "5");
}

// Divides whose tiles overhang a mode. CuTe's logical_divide is composition(A, (T, complement(T,
// shape(A)))) and complement rounds its rest up with ceil_div (cute/layout.hpp:1218); composing a
// one-mode A takes the integral shortcut (layout.hpp:1048), which checks no divisibility. So CuTe
// accepts these with static shapes too (g++ on CUTLASS 4.2's headers prints the same layout), and
// fragviz notes them. The numbers are worked out by hand below, not taken from the code.
TEST(Algebra, OverhangingDividesAreNoted) {
  // Mode 0: 16 % 7 = 2, so ceil(16/7) = 3 tiles: (7,3):(1,7), 21 coordinates. Mode 1: 64 % 9 = 1,
  // ceil(64/9) = 8: (9,8):(1,9), 72. The largest offset: 6*64 + 2*448 + 8*1 + 7*9 = 1351, and
  // cosize((16,64):(64,1)) = 1 + 15*64 + 63 = 1024.
  const auto e = evaluate_steps("logical_divide((16,64):(64,1), (7,9))");
  ASSERT_TRUE(e) << e.message;
  EXPECT_EQ(to_string(e->value), "((7,3),(9,8)):((64,448),(1,9))");
  const std::vector<std::string> notes = e->notes();
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0],
            "note: 7 does not divide 16 (mode 0): CuTe rounds the rest mode up (complement's ceil_div, "
            "cute/layout.hpp:1218) and checks no divisibility here, with static shapes or dynamic; that "
            "mode of the result has 21 coordinates, not 16, and its offsets reach 1351 beyond the 1024 of "
            "(16,64):(64,1)");
  EXPECT_EQ(notes[1].rfind("note: 9 does not divide 64 (mode 1): ", 0), 0u) << notes[1];
  EXPECT_NE(notes[1].find("has 72 coordinates, not 64, and its offsets reach 1351 beyond the 1024"),
            std::string::npos)
      << notes[1];

  // A whole-layout tile whose size divides but whose complement does not: 2:3 in 16 leaves
  // complement (3,3):(1,6) (3 = 3/1 below the stride, ceil(16/6) = 3 above), 2*3*3 = 18
  // coordinates; offsets up to 1*3 + 2*1 + 2*6 = 17 of 16:1's 16.
  const std::vector<std::string> whole = divide_notes(Layout::leaf(16, 1), Tiler::of(Layout::leaf(2, 3)));
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].rfind("note: the tile 2:3 and its complement overhang 16 (the whole layout): ", 0), 0u)
      << whole[0];
  EXPECT_NE(
      whole[0].find("the result has 18 coordinates, not 16, and its offsets reach 17 beyond the 16 of 16:1"),
      std::string::npos)
      << whole[0];

  // 4 in mode 0 of (6,2):(0,1): 8 coordinates for 6, but stride 0 keeps every offset at most 1,
  // inside cosize 2: no reach is claimed.
  const auto flat = evaluate_steps("logical_divide((6,2):(0,1), (4,2))");
  ASSERT_TRUE(flat) << flat.message;
  ASSERT_EQ(flat->notes().size(), 1u);
  const std::string n = flat->notes()[0];
  EXPECT_EQ(n.rfind("note: 4 does not divide 6 (mode 0): ", 0), 0u) << n;
  const std::string tail = "that mode of the result has 8 coordinates, not 6";
  ASSERT_GE(n.size(), tail.size());
  EXPECT_EQ(n.substr(n.size() - tail.size()), tail) << n;

  // A two-mode A that CuTe's composition checks and lets through: 16 into 24 elements, complement
  // 2:16, composed ((4,4),2):((1,8),32) (CuTe's own print, g++ on CUTLASS 4.2): 32 coordinates,
  // offsets up to 3*1 + 3*8 + 1*32 = 59 of cosize 1 + 3 + 5*8 = 44.
  const auto two = evaluate_steps("logical_divide((4,6):(1,8), 16)");
  ASSERT_TRUE(two) << two.message;
  EXPECT_EQ(to_string(two->value), "((4,4),2):((1,8),32)");
  ASSERT_EQ(two->notes().size(), 1u);
  const std::string t = two->notes()[0];
  EXPECT_EQ(t.rfind("note: 16 does not divide 24 (the whole layout): ", 0), 0u) << t;
  EXPECT_NE(
      t.find("the result has 32 coordinates, not 24, and its offsets reach 59 beyond the 44 of (4,6):(1,8)"),
      std::string::npos)
      << t;

  // Notes of an inner divide reach the whole expression: 21 * 72 = 1512.
  const auto nested = evaluate_steps("size(zipped_divide((16,64):(64,1), (7,9)))");
  ASSERT_TRUE(nested) << nested.message;
  EXPECT_EQ(to_string(nested->value), "1512");
  EXPECT_EQ(nested->notes().size(), 2u);
}

TEST(Algebra, CleanAndRefusedDividesHaveNoNote) {
  // 8 divides 16 and 64: the default example of the app's Algebra view.
  for (const char* text : {"logical_divide((16,64):(64,1), (8,8))", "zipped_divide((16,64):(64,1), (8,8))",
                           "tiled_divide((16,64):(64,1), (8,8))", "logical_divide((4,2,3):(2,1,8), 4:2)"}) {
    const auto e = evaluate_steps(text);
    ASSERT_TRUE(e) << text << ": " << e.message;
    EXPECT_TRUE(e->notes().empty()) << text << ": " << e->notes().front();
  }
  // 6 in (4,4):(1,8): complement(6:1, (4,4)) = 2:6 and composing A's two modes with 6:1 takes 4 of
  // the 6 (min(ceil(4/1), 6)), which 6 is no multiple of: CuTe's static_assert "Shape
  // Divisibility Condition" (layout.hpp:1101). fragviz refuses it as CuTe does, so no note.
  const auto r = refused("logical_divide((4,4):(1,8), 6)");
  EXPECT_EQ(r.refusal, Refusal::cute_refuses) << r.message;
  EXPECT_NE(r.message.find("Shape Divisibility Condition"), std::string::npos) << r.message;
  EXPECT_TRUE(divide_notes(Layout::tuple({Layout::leaf(4, 1), Layout::leaf(4, 8)}), Tiler::of(6)).empty());
}
