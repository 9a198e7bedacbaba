// Lane address patterns (lane_pattern.hpp): the presets against the loads the catalogue derives
// (fragment_load, which reads them off the PTX fragment tables) and against PTX-FACTS section 2's
// formulas, the expression language against C's rules worked by hand, and the table form.
#include <gtest/gtest.h>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "seed_instructions.hpp"

using namespace fragviz;

namespace {
LanePattern pattern(const std::string& text, LdmNum num = LdmNum::x4) {
  auto p = parse_lane_pattern(text, num);
  EXPECT_TRUE(p) << text << ": " << p.error.message;
  return p ? *p : LanePattern{};
}
std::string refusal(const std::string& text) {
  auto p = parse_lane_pattern(text);
  EXPECT_FALSE(p) << text;
  EXPECT_EQ(p.error.kind, ErrorKind::malformed);  // every such error is of the text: exit 64 in the CLI
  return p.error.message;
}
const Instruction& mma(const char* mnemonic) {
  const Instruction* in = find_instruction(mnemonic);
  EXPECT_NE(in, nullptr) << mnemonic;
  return *in;
}
}  // namespace

TEST(LanePattern, PresetsAreThePtxFormulas) {
  // PTX-FACTS 2: A of m16n8k16 from a row-major 16x16 tile, ldmatrix.x4, lane l at row l & 15, k 8 (l >> 4).
  const LanePattern a = pattern("a");
  const LanePattern b = pattern("b-tiles");
  const LanePattern pair = pattern("b-pair");
  const LanePattern rows = pattern("rows");
  for (int l = 0; l < 32; ++l) {
    EXPECT_EQ(a.at[l], (Coord{l & 15, 8 * (l >> 4)})) << l;
    EXPECT_EQ(b.at[l], (Coord{l % 8, 8 * (l / 8)})) << l;
    EXPECT_EQ(pair.at[l], (Coord{l % 16, 0})) << l;
    EXPECT_EQ(rows.at[l], (Coord{l, 0})) << l;
  }
  EXPECT_EQ(a.preset, "explorer");  // `a` is an old name of explorer (one preset, one expression)
  EXPECT_EQ(a.notation, "row=lane&15, col=8*(lane>>4)");
  EXPECT_EQ(lane_presets().size(), 4u);
}

TEST(LanePattern, NoTwoPresetsAreTheSameExpression) {
  // `a` and `explorer` were one expression under two names: the list offers each pattern once.
  const auto& all = lane_presets();
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j)
      EXPECT_NE(all[i].expression, all[j].expression) << all[i].name << " and " << all[j].name;
  // The removed name still parses, for every .num, as the kept one.
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
    const auto old = parse_lane_pattern("a", num), kept = parse_lane_pattern("explorer", num);
    ASSERT_TRUE(old && kept);
    EXPECT_EQ(old.value->at, kept.value->at);
    EXPECT_EQ(old.value->preset, "explorer");
  }
  EXPECT_EQ(canonical_lane_preset("a"), "explorer");
  EXPECT_EQ(canonical_lane_preset("b-pair"), "b-pair");
}

TEST(LanePattern, PresetsAreTheCataloguesLoads) {
  // fragment_load derives the seed's ldmatrix from the PTX fragment tables; address_coord is the row
  // start each address lane must pass. The presets must agree on every address lane.
  const Instruction& k16 = mma("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  const Instruction& k8 = mma("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  const auto a16 = fragment_load(k16, Operand::A);  // .x4
  const auto a8 = fragment_load(k8, Operand::A);    // .x2
  const auto b16 = fragment_load(k16, Operand::B);  // .x2.trans
  const auto b8 = fragment_load(k8, Operand::B);    // .x1.trans, one 8x8 tile
  ASSERT_TRUE(a16 && a8 && b16 && b8);
  ASSERT_EQ(a16->config.num, LdmNum::x4);
  ASSERT_EQ(b16->config.num, LdmNum::x2);
  ASSERT_TRUE(b16->config.trans);
  const LanePattern a = pattern("a"), pair = pattern("b-pair"), tiles = pattern("b-tiles");
  for (int l = 0; l < 32; ++l) EXPECT_EQ(a.at[l], address_coord(*a16, l)) << l;
  for (int l = 0; l < 16; ++l) EXPECT_EQ(a.at[l], address_coord(*a8, l)) << l;
  for (int l = 0; l < 16; ++l) EXPECT_EQ(pair.at[l], address_coord(*b16, l)) << l;
  // Four m16n8k8 B tiles side by side: tile j is the .x1 load shifted by 8j columns.
  for (int l = 0; l < 32; ++l) {
    const Coord one = address_coord(*b8, l % 8);
    EXPECT_EQ(tiles.at[l], (Coord{one.row, one.col + 8 * (l / 8)})) << l;
  }
}

TEST(LanePattern, ExplorerRepeatsLowerLanesLikeTheBankModel) {
  // analyze_ldmatrix: lanes beyond the .num's address lanes take lane % address_lanes's row, and
  // matrix j sits at explorer_matrix_origin(j).
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
    const LanePattern p = pattern("explorer", num);
    for (int l = 0; l < 32; ++l) {
      const int src = l % address_lanes(num);
      const Coord o = explorer_matrix_origin(address_matrix(src));
      EXPECT_EQ(p.at[l], (Coord{o.row + address_row(src), o.col})) << l;
    }
  }
}

TEST(LanePattern, EveryPresetIsAValidAccessAtEveryElementWidth) {
  // Issue 22 (s25b): the presets were written in halves, so `--elem b8` read explorer's second
  // matrix 8 bytes into a row and refused it as misaligned. Each address lane points at a 16-byte
  // row whatever the element: the same bytes at every width, by the PTX formulas in bytes.
  const auto byte_at = [](const std::string& name, LdmNum num, int l) -> Coord {
    if (name == "explorer" && num == LdmNum::x1) return {l & 7, 0};
    if (name == "explorer" && num == LdmNum::x2) return {l & 15, 0};
    if (name == "explorer") return {l & 15, 16 * (l >> 4)};
    if (name == "b-tiles") return {l & 7, 16 * (l >> 3)};
    if (name == "b-pair") return {l & 15, 0};
    return {l, 0};  // rows
  };
  ASSERT_EQ(lane_presets().size(), 4u);  // the four byte formulas above
  for (const LanePreset& preset : lane_presets()) {
    const std::string name(preset.name);
    for (const char* elem : {"b8", "b16", "b32", "b64"}) {
      const int eb = *parse_element_type(elem);
      // 32 rows of 64 bytes: room for every preset's rows and its four 16-byte matrix columns.
      const int cols = 64 / eb;
      const auto tile = parse_smem_layout(
          "(32," + std::to_string(cols) + "):(" + std::to_string(cols) + ",1)", LayoutUnits::elements, eb);
      ASSERT_TRUE(tile) << tile.error.message;
      for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
        const auto p = parse_lane_pattern(name, num, eb);
        ASSERT_TRUE(p) << name << " " << elem << ": " << p.error.message;
        EXPECT_EQ(p.value->preset, name);
        for (int l = 0; l < 32; ++l) {
          const Coord want = byte_at(name, num, l);
          EXPECT_EQ(p.value->at[l], (Coord{want.row, want.col / eb})) << name << " " << elem << " lane " << l;
        }
        AccessRequest req;
        req.ldmatrix = LdmatrixConfig{num, false};
        const AccessReport r = analyze_access(*tile, *p.value, req);
        EXPECT_FALSE(r.refused()) << name << " " << elem << " " << to_string(num) << ": " << r.error.message;
      }
    }
  }
  // The picker's text says the expression as it reads at the width.
  EXPECT_EQ(lane_preset_expression(lane_presets()[0], 1), "row=lane&15, col=16*(lane>>4)");
  EXPECT_EQ(lane_preset_expression(lane_presets()[0], 2), "row=lane&15, col=8*(lane>>4)");
  EXPECT_EQ(lane_preset_expression(lane_presets()[1], 8), "row=lane&7, col=2*(lane>>3)");
}

TEST(LanePattern, ExpressionsFollowC) {
  const auto v = [](const char* e, int lane) {
    auto r = eval_lane_expression(e, lane);
    EXPECT_TRUE(r) << e << ": " << r.error.message;
    return r ? *r.value : -999;
  };
  EXPECT_EQ(v("lane", 7), 7);
  EXPECT_EQ(v("1 + 2 * 3", 0), 7);  // * before +
  EXPECT_EQ(v("(1 + 2) * 3", 0), 9);
  EXPECT_EQ(v("1 << 2 + 1", 0), 8);                  // + before <<
  EXPECT_EQ(v("lane & 15 ^ 1", 20), (20 & 15) ^ 1);  // & before ^
  EXPECT_EQ(v("1 | 2 ^ 3", 0), 1 | (2 ^ 3));         // ^ before |
  EXPECT_EQ(v("lane >> 2 & 1", 12), (12 >> 2) & 1);  // >> before &
  EXPECT_EQ(v("-7 / 2", 0), -3);                     // C truncates toward zero
  EXPECT_EQ(v("-7 % 2", 0), -1);
  EXPECT_EQ(v("~0", 0), -1);
  EXPECT_EQ(v("- -lane", 5), 5);
  EXPECT_EQ(v("lane % 8 * 2 + lane / 8", 13), 13 % 8 * 2 + 13 / 8);
}

TEST(LanePattern, ExpressionErrorsNameColumnAndLane) {
  EXPECT_EQ(eval_lane_expression("8 / (lane - 3)", 3).error.message, "col 3: division by zero for lane 3");
  EXPECT_TRUE(eval_lane_expression("8 / (lane - 3)", 4));
  EXPECT_EQ(eval_lane_expression("lane +", 0).error.message,
            "col 7: expected a number, 'lane' or '(', found the end of the text");
  EXPECT_EQ(eval_lane_expression("(lane", 0).error.message, "col 6: expected ')', found the end of the text");
  EXPECT_EQ(eval_lane_expression("row", 0).error.message,
            "col 1: unknown name 'row': the only variable is 'lane'");
  EXPECT_EQ(eval_lane_expression("1 << 63", 0).error.message,
            "col 3: shift by 63 for lane 0 (0 to 62 allowed)");
  EXPECT_EQ(eval_lane_expression("lane < 3", 0).error.message.substr(0, 7), "col 6: ");
  EXPECT_EQ(eval_lane_expression("4611686018427387904 * 2", 0).error.message,
            "col 21: the value overflows 64 bits for lane 0");
  EXPECT_EQ(eval_lane_expression("2lane", 0).error.message.substr(0, 7), "col 2: ");
  // In a pattern the error also names the position in the whole text.
  const auto p = lane_expression("row=lane&15, col=8/(lane>>4)");
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error.message, "col 19: division by zero for lane 0");
  EXPECT_EQ(p.column, 19);
  EXPECT_EQ(lane_expression("row=lane").error.message,
            "col 9: expected ',' and the column, found the end of the text");
}

TEST(LanePattern, ExpressionPairSpellings) {
  for (const char* text : {"row=lane&15, col=8*(lane>>4)", "lane&15, 8*(lane>>4)",
                           "(lane & 15, 8 * (lane >> 4))", "row = lane & 15 , col = 8 * (lane >> 4)"}) {
    const LanePattern p = pattern(text);
    for (int l = 0; l < 32; ++l) EXPECT_EQ(p.at[l], (Coord{l & 15, 8 * (l >> 4)})) << text << " lane " << l;
  }
}

TEST(LanePattern, Tables) {
  const LanePattern t = pattern("0,0; 1,0; (2,8); 3,8\n4,16");
  EXPECT_EQ(t.at[0], (Coord{0, 0}));
  EXPECT_EQ(t.at[2], (Coord{2, 8}));
  EXPECT_EQ(t.at[4], (Coord{4, 16}));
  EXPECT_FALSE(t.at[5].has_value());
  EXPECT_EQ(t.notation, "0,0; 1,0; 2,8; 3,8; 4,16");
  const LanePattern gaps = pattern("0,0; -; 2,0;");
  EXPECT_FALSE(gaps.at[1].has_value());
  EXPECT_EQ(gaps.at[2], (Coord{2, 0}));
  std::string all;
  for (int l = 0; l < 33; ++l) all += std::to_string(l) + ",0;";
  EXPECT_EQ(refusal(all).substr(0, 8), "col 151:");
  EXPECT_NE(refusal(all).find("32 lanes"), std::string::npos);
  EXPECT_EQ(refusal("0,0; 1 0"), "col 8: expected ',' between lane 1's row and column");
  EXPECT_EQ(refusal("0,0; 1,0 x"), "col 10: expected ';' or a new line after lane 1's entry, found 'x'");
}

TEST(LanePattern, UnknownPresetIsNamed) {
  const std::string why = refusal("b-pairs");
  EXPECT_NE(why.find("unknown lane preset 'b-pairs'"), std::string::npos);
  EXPECT_NE(why.find("b-tiles"), std::string::npos);
}

// Newcomer round 22: the README's `--lanes a` was missing from every help text. The names the help
// texts list are the table's, the old name beside the one it means, and each of them parses.
TEST(LanePattern, PresetNamesListEveryNameTaken) {
  EXPECT_EQ(lane_preset_names(), "explorer (or a), b-tiles, b-pair, rows");
  for (const char* name : {"explorer", "a", "b-tiles", "b-pair", "rows"})
    EXPECT_TRUE(parse_lane_pattern(name)) << name;
}
