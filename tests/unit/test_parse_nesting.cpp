// Every parser of user text bounds its nesting: 10000 nested parentheses once overflowed the
// stack (fragviz-cli banks --lanes/--layout exited 139). 200 levels are accepted, 201 refused with
// the message, and 100000 refused the same way instead of crashing. Values by hand: (((lane)))
// is lane; a tuple nested k levels around 16 has the size 16.
#include <gtest/gtest.h>

#include <string>

#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/util/parse_limits.hpp"

namespace fragviz {
namespace {

std::string nested(int levels, const std::string& inner) {
  return std::string(levels, '(') + inner + std::string(levels, ')');
}

bool says_too_deep(const std::string& message) { return message.find("levels deep") != std::string::npos; }

TEST(ParseNesting, LaneExpressions) {
  const auto ok = eval_lane_expression(nested(200, "lane"), 7);
  ASSERT_TRUE(ok) << ok.error.message;
  EXPECT_EQ(*ok, 7);
  for (int levels : {201, 10000, 100000}) {
    const auto deep = eval_lane_expression(nested(levels, "lane"), 7);
    ASSERT_FALSE(deep);
    EXPECT_TRUE(says_too_deep(deep.error.message)) << deep.error.message.substr(0, 200);
  }
  // Unary operators nest too: 200 minus signs are lane, 100000 are refused.
  const auto minus = eval_lane_expression(std::string(200, '-') + "lane", 5);
  ASSERT_TRUE(minus) << minus.error.message;
  EXPECT_EQ(*minus, 5);
  const auto many = eval_lane_expression(std::string(100000, '~') + "lane", 5);
  ASSERT_FALSE(many);
  EXPECT_TRUE(says_too_deep(many.error.message));
  // Through the whole pattern (what --lanes reads).
  const auto pattern = parse_lane_pattern("row=" + nested(10000, "lane") + ", col=0");
  ASSERT_FALSE(pattern);
  EXPECT_TRUE(says_too_deep(pattern.error.message));
}

TEST(ParseNesting, CuteLayouts) {
  // (rows, columns) at the top, the rows' mode nested 199 more levels: 200 in all.
  const auto ok = parse_smem_layout("(" + nested(199, "16") + ",64):(" + nested(199, "64") + ",1)");
  ASSERT_TRUE(ok) << ok.error.message.substr(0, 200);
  EXPECT_EQ(ok->rows(), 16);
  EXPECT_EQ(ok->cols(), 64);
  for (int levels : {200, 30000}) {
    const auto deep = parse_smem_layout("(" + nested(levels, "16") + ",64):(64,1)");
    ASSERT_FALSE(deep);
    EXPECT_TRUE(says_too_deep(deep.error.message)) << deep.error.message.substr(0, 200);
    const auto stride = parse_smem_layout("(16,64):(" + nested(levels, "64") + ",1)");
    ASSERT_FALSE(stride);
    EXPECT_TRUE(says_too_deep(stride.error.message)) << stride.error.message.substr(0, 200);
  }
}

TEST(ParseNesting, LaunchExpressions) {
  const auto ok = eval_n_expression(nested(200, "n/64"), 2048);
  ASSERT_TRUE(ok) << ok.error.message;
  EXPECT_EQ(*ok, 32);
  for (int levels : {201, 100000}) {
    const auto deep = eval_n_expression(nested(levels, "n"), 2048);
    ASSERT_FALSE(deep);
    EXPECT_TRUE(says_too_deep(deep.error.message)) << deep.error.message.substr(0, 200);
  }
  const auto minus = eval_n_expression(std::string(100000, '-') + "n", 2048);
  ASSERT_FALSE(minus);
  EXPECT_TRUE(says_too_deep(minus.error.message));
}

}  // namespace
}  // namespace fragviz
