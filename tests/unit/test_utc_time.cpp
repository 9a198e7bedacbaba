// Report time stamps: utc_text against dates worked out by hand, utc_now against the clock.
#include <gtest/gtest.h>

#include <ctime>

#include "fragviz/util/utc_time.hpp"

namespace fragviz {
namespace {

TEST(UtcTime, KnownInstants) {
  EXPECT_EQ(utc_text(0), "1970-01-01T00:00:00Z");
  // 1970..1999: 30 years, 7 of them leap (72 76 80 84 88 92 96): 10957 days = 946684800 s.
  EXPECT_EQ(utc_text(946684800), "2000-01-01T00:00:00Z");
  // + 31 (January) + 28 days = 29 February (2000 is a leap year: divisible by 400), one second
  // before its end.
  EXPECT_EQ(utc_text(946684800 + 59 * 86400 + 86399), "2000-02-29T23:59:59Z");
}

TEST(UtcTime, NowIsTheClockInTheSameForm) {
  const std::time_t before = std::time(nullptr);
  const std::string now = utc_now();
  const std::time_t after = std::time(nullptr);
  // ISO 8601 of one length sorts as time does.
  EXPECT_GE(now, utc_text(before));
  EXPECT_LE(now, utc_text(after));
  EXPECT_EQ(now.size(), 20u);
}

}  // namespace
}  // namespace fragviz
