// note_report_error: the Messages window's failed opens are kept newest first and bounded (newcomer
// round 14: three bad files in a row left only the last one listed).
#include <gtest/gtest.h>

#include <string>

#include "app_state.hpp"

namespace fragviz::app {
namespace {

TEST(ReportErrors, KeepsEveryRecentOneNewestFirst) {
  AppState s;
  note_report_error(s, "random.json: not a JSON document");
  note_report_error(s, "fifo.json: not a regular file");
  note_report_error(s, "big.json: larger than 64 MiB");
  EXPECT_EQ(s.report_error, "big.json: larger than 64 MiB");
  ASSERT_EQ(s.recent_report_errors.size(), 3u);
  EXPECT_EQ(s.recent_report_errors[0], "big.json: larger than 64 MiB");
  EXPECT_EQ(s.recent_report_errors[1], "fifo.json: not a regular file");
  EXPECT_EQ(s.recent_report_errors[2], "random.json: not a JSON document");
}

// The strip cuts a long error; the Messages window, which shows it whole, opens by itself and is
// left open for the user to close (issue 22).
TEST(ReportErrors, OpenTheMessagesWindow) {
  AppState s;
  ASSERT_FALSE(s.messages_open);
  note_report_error(s, "truncated.json: not a JSON document: unexpected end of input");
  EXPECT_TRUE(s.messages_open);
}

TEST(ReportErrors, BoundedAtTwentyDroppingTheOldest) {
  AppState s;
  for (int i = 0; i < 25; ++i) note_report_error(s, "file" + std::to_string(i));
  ASSERT_EQ(s.recent_report_errors.size(), 20u);
  EXPECT_EQ(s.recent_report_errors.front(), "file24");
  EXPECT_EQ(s.recent_report_errors.back(), "file5");
}

}  // namespace
}  // namespace fragviz::app
