// Issue 11: counts agree with their nouns in every message the model and the report describers
// print, the one tile range is one the probes can hold, and error kinds have stable names.
#include <gtest/gtest.h>

#include <regex>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/words.hpp"
#include "seed_instructions.hpp"

using namespace fragviz;

namespace {
/// "1 wavefronts", "1 rows", "-1 halves": a count of one before a plural noun.
bool has_plural_after_one(const std::string& s) {
  static const std::regex one_plural(
      R"((^|[^0-9.,])-?1 (wavefronts|elements|rows|halves|columns|bytes|registers|runs|instructions|passes|D words|entries)\b)");
  return std::regex_search(s, one_plural);
}
}  // namespace

TEST(Words, PluralAndAgreement) {
  EXPECT_EQ(plural(1, "wavefront"), "1 wavefront");
  EXPECT_EQ(plural(0, "wavefront"), "0 wavefronts");
  EXPECT_EQ(plural(4, "wavefront"), "4 wavefronts");
  EXPECT_EQ(plural(-1, "half", "halves"), "-1 half");
  EXPECT_EQ(plural(2, "matrix", "matrices"), "2 matrices");
  EXPECT_EQ(agree(1, "differs", "differ"), "differs");
  EXPECT_EQ(agree(3, "differs", "differ"), "differ");
  EXPECT_TRUE(has_plural_after_one("tile has 1 rows"));
  EXPECT_FALSE(has_plural_after_one("tile has 11 rows; 0.1 halves"));
}

TEST(Words, ModelRefusalsCountInTheRightNumber) {
  const TileGeometry one_row{64, 8, 1, Swizzle::none};
  EXPECT_NE(validate(one_row, {LdmNum::x4, false})->find("tile has 1 row;"), std::string::npos);
  const TileGeometry one_wide{1, 7, 16, Swizzle::none};
  EXPECT_NE(validate(one_wide, {LdmNum::x1, false})->find("tile width 1 half is"), std::string::npos);
  const TileGeometry minus_one_pad{64, -1, 16, Swizzle::none};
  EXPECT_NE(validate(minus_one_pad, {LdmNum::x1, false})->find("(got -1 half)"), std::string::npos);
  // Every refusal over small geometries: no "1 <plural>".
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (int width : {-1, 0, 1, 2, 9, 17})
      for (int pad : {-1, 0, 1})
        for (int rows : {-1, 0, 1, 2, 16}) {
          const TileGeometry t{width, pad, rows, Swizzle::none};
          if (auto why = validate(t, {num, false})) EXPECT_FALSE(has_plural_after_one(*why)) << *why;
          if (auto why = tile_range_problem(t)) EXPECT_FALSE(has_plural_after_one(*why)) << *why;
          if (auto plan = plan_explorer({num, false}, t); !plan)
            EXPECT_FALSE(has_plural_after_one(plan.error.message)) << plan.error.message;
        }
}

TEST(Words, DescribersCountInTheRightNumber) {
  GateReport g;
  g.request.n = 2048;
  g.ran = true;
  g.mismatch_count = 1;
  g.first = Mismatch{0, 8, 1.25f, -0.5f};
  EXPECT_NE(gate_verdict_line(g).find("(1 of 4194304 elements differs)"), std::string::npos)
      << gate_verdict_line(g);
  InstructionProbe p;
  p.mnemonic = test::seed8().mnemonic;
  p.ran = true;
  p.passes = 1;
  p.elements.push_back({Operand::A, 0, 0, Coord{0, 0}, Coord{0, 1}, 0});
  p.tile_exact = true;
  const std::string line = describe_instruction_probe(p);
  EXPECT_NE(line.find("1 of 1 element differs"), std::string::npos) << line;
  EXPECT_NE(line.find(", 1 pass"), std::string::npos) << line;
  EXPECT_FALSE(has_plural_after_one(line)) << line;
}

TEST(TileRange, OneRangeAndEveryTileInItFitsTheProbe) {
  EXPECT_EQ(kMaxTileStrideHalves, kMaxTileWidthHalves + kMaxTilePadHalves);
  EXPECT_FALSE(tile_range_problem({kMinTileWidthHalves, 0, 16, Swizzle::none}));
  EXPECT_FALSE(tile_range_problem({kMaxTileWidthHalves, kMaxTilePadHalves, 16, Swizzle::none}));
  for (const TileGeometry& t :
       {TileGeometry{kMinTileWidthHalves - 1, 0, 16, Swizzle::none},
        TileGeometry{kMaxTileWidthHalves + 1, 0, 16, Swizzle::none}, TileGeometry{64, -1, 16, Swizzle::none},
        TileGeometry{64, kMaxTilePadHalves + 1, 16, Swizzle::none}}) {
    const auto why = tile_range_problem(t);
    ASSERT_TRUE(why) << t.width_halves << " " << t.pad_halves;
    EXPECT_NE(why->find("8 to 512 halves and pads of 0 to 64"), std::string::npos) << *why;
  }
  // The shared-memory reason for the range: every legal 16-row tile in it can be probed (its image
  // fits the 48 KiB the explorer kernel's block may use without opting in).
  int planned = 0;
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (Swizzle sw : {Swizzle::none, Swizzle::xor_row_mod8})
      for (int width = kMinTileWidthHalves; width <= kMaxTileWidthHalves; width += 8)
        for (int pad = 0; pad <= kMaxTilePadHalves; pad += 8) {
          const TileGeometry t{width, pad, 16, sw};
          if (validate(t, {num, false})) continue;
          const auto plan = plan_explorer({num, false}, t);
          ASSERT_TRUE(plan) << width << " + " << pad << ": " << plan.error.message;
          ++planned;
        }
  EXPECT_GT(planned, 1000);
}

TEST(ErrorKinds, NamesRoundTrip) {
  for (ErrorKind k : {ErrorKind::none, ErrorKind::refused, ErrorKind::no_device, ErrorKind::cuda,
                      ErrorKind::internal, ErrorKind::io, ErrorKind::cancelled, ErrorKind::unrecorded,
                      ErrorKind::compile, ErrorKind::malformed}) {
    ASSERT_TRUE(parse_error_kind(to_string(k))) << to_string(k);
    EXPECT_EQ(*parse_error_kind(to_string(k)), k);
  }
  EXPECT_FALSE(parse_error_kind("CUDA"));
}

// User text in messages: whole up to 80 bytes, else clipped with its length; the excerpt around an
// error's column keeps the column's character under the caret (values worked out by hand).
TEST(Words, EchoedTextIsClipped) {
  const std::string eighty(80, 'a');
  EXPECT_EQ(echo_text(eighty), eighty);
  const std::string long_text = std::string(77, 'b') + std::string(9923, 'c');  // 10000 bytes
  EXPECT_EQ(echo_text(long_text), std::string(77, 'b') + "... (10000 characters)");
  // A two-byte UTF-8 character across byte 77 is not cut: the clip ends before it.
  const std::string utf8 = std::string(76, 'd') + "\xc3\xa9" + std::string(100, 'e');
  EXPECT_EQ(echo_text(utf8), std::string(76, 'd') + "... (178 characters)");

  // Short text: as it is, the caret at column - 1.
  EchoExcerpt e = echo_at("(16,64):(64,1)x", 15);
  EXPECT_EQ(e.text, "(16,64):(64,1)x");
  EXPECT_EQ(e.caret, 14u);
  // 10000 x's with a 'Y' at column 5000: a window of 74 from byte 4999 - 37 = 4962, "..." both sides.
  std::string x(10000, 'x');
  x[4999] = 'Y';
  e = echo_at(x, 5000);
  EXPECT_EQ(e.text.size(), 80u);
  EXPECT_EQ(e.text.substr(0, 3), "...");
  EXPECT_EQ(e.text.substr(77), "...");
  EXPECT_EQ(e.caret, 3u + 37u);
  EXPECT_EQ(e.text[e.caret], 'Y');
  // The error at the end (column 10001, after the last byte): the last 74 bytes, no trailing "...".
  e = echo_at(x, 10001);
  EXPECT_EQ(e.text, "..." + std::string(74, 'x'));
  EXPECT_EQ(e.caret, 77u);
  // Near the start: no leading "...".
  e = echo_at(x, 3);
  EXPECT_EQ(e.text, std::string(74, 'x') + "...");
  EXPECT_EQ(e.caret, 2u);
}
