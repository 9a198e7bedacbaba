// Composed labels (app/label_text.hpp, report_view.hpp): a field with nothing recorded leaves no
// label and no separator behind. Expected strings written out by hand; every combination of
// present and missing fields checked for stray separators.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "label_text.hpp"
#include "report_view.hpp"

namespace fragviz::app {
namespace {

/// A separator with nothing on one side: a space before a comma ("recorded , driver"), two separators
/// or two spaces in a row, a separator or a space at either end.
bool has_stray_separator(const std::string& t) {
  static const std::regex bad(R"(^\s|\s$|\s{2,}|\s,|^[,/]|[,/]$|[,/]\s*[,/])");
  return std::regex_search(t, bad);
}

DeviceInfo h200() {
  DeviceInfo d;
  d.present = true;
  d.name = "NVIDIA H200";
  d.cc_major = 9;
  d.driver_version = 13000;
  d.runtime_version = 12080;
  d.driver_release = "580.65.06";
  d.sm_count = 132;
  d.global_mem_bytes = 150ull * 1024 * 1024 * 1024;
  d.clock_khz = 1980000;
  return d;
}

// Newcomer round 9: an int8 ldmatrix cell's tooltip said "bytes 4-4" for its one byte.
TEST(LabelText, AOneUnitRangeIsSingular) {
  EXPECT_EQ(unit_range("byte", 4, 4), "byte 4");
  EXPECT_EQ(unit_range("byte", 4, 7), "bytes 4-7");
  EXPECT_EQ(unit_range("byte", 0, 1), "bytes 0-1");
  EXPECT_EQ(unit_range("bank", "0x0010", "0x0010"), "bank 0x0010");
  EXPECT_EQ(unit_range("bank", "0x0010", "0x0013"), "banks 0x0010-0x0013");
}

TEST(LabelText, LabelledAndJoinLeaveEmptyFieldsOut) {
  EXPECT_EQ(labelled("driver", "13.0"), "driver 13.0");
  EXPECT_EQ(labelled("driver", ""), "");
  EXPECT_EQ(join_present({"a", "", "c"}), "a, c");
  EXPECT_EQ(join_present({"", "b", ""}), "b");
  EXPECT_EQ(join_present({"", ""}), "");
  EXPECT_EQ(join_present({"13.0", "580.65"}, " / "), "13.0 / 580.65");
}

TEST(LabelText, CudaVersionsAsCudaEncodesThem) {
  EXPECT_EQ(cuda_version(13000), "13.0");  // 1000 * 13 + 10 * 0
  EXPECT_EQ(cuda_version(12080), "12.8");
  EXPECT_EQ(cuda_version(11020), "11.2");
  EXPECT_EQ(cuda_version(0), "");  // not recorded
}

TEST(LabelText, DeviceLinesWithEverythingRecorded) {
  const DeviceInfo d = h200();
  EXPECT_EQ(driver_line(d), "driver 13.0 / 580.65.06, runtime 12.8");
  EXPECT_EQ(device_figures(d), "132 SMs, 150.0 GiB, 1980 MHz");
  EXPECT_EQ(recorded_line("2026-12-01T11:36:07Z", d), "recorded 2026-12-01 11:36 UTC, driver 13.0");
  EXPECT_EQ(measured_label(d), "measured on NVIDIA H200, sm_90");
}

TEST(LabelText, TheNewcomersReportWithoutADate) {
  // A report whose created_utc is empty showed "recorded , driver 13.0".
  EXPECT_EQ(recorded_line("", h200()), "driver 13.0");
  DeviceInfo no_driver = h200();
  no_driver.driver_version = 0;
  EXPECT_EQ(recorded_line("", no_driver), "");
  EXPECT_EQ(recorded_line("2026-12-01T11:36:07Z", no_driver), "recorded 2026-12-01 11:36 UTC");
}

TEST(LabelText, NoStraySeparatorForAnyMissingField) {
  // Every subset of the driver line's and figures' fields missing.
  for (int mask = 0; mask < 64; ++mask) {
    DeviceInfo d = h200();
    if (mask & 1) d.driver_version = 0;
    if (mask & 2) d.driver_release.clear();
    if (mask & 4) d.runtime_version = 0;
    if (mask & 8) d.sm_count = 0;
    if (mask & 16) d.global_mem_bytes = 0;
    if (mask & 32) d.clock_khz = 0;
    for (const std::string& t : {driver_line(d), device_figures(d), recorded_line(mask & 1 ? "" : "x", d)})
      EXPECT_FALSE(has_stray_separator(t)) << "mask " << mask << ": \"" << t << "\"";
  }
  EXPECT_EQ(driver_line(DeviceInfo{}), "");
  EXPECT_EQ(device_figures(DeviceInfo{}), "");
  DeviceInfo only_release;
  only_release.driver_release = "580.65.06";
  EXPECT_EQ(driver_line(only_release), "driver 580.65.06");
}

TEST(LabelText, MeasuredLabelWithoutNameOrCapability) {
  DeviceInfo d;
  d.present = true;
  d.cc_major = 8;
  EXPECT_EQ(measured_label(d), "measured on sm_80");  // was "measured on , sm_80"
  d.cc_major = 0;
  EXPECT_EQ(measured_label(d), "measured on an unnamed GPU");
  d.name = "Local GPU";
  EXPECT_EQ(measured_label(d), "measured on Local GPU");  // was "measured on Local GPU, sm_0"
}

TEST(LabelText, FileTextsOfAnyLengthGiveLabelsOfReadableLength) {
  // A report may name its GPU, driver release and date with 5000 characters; every label the views
  // repeat them in keeps what it says around them and stays a few lines at most.
  const std::string huge(5000, 'N');
  DeviceInfo d;
  d.present = true;
  d.cc_major = 9;
  d.name = huge;
  d.driver_version = 13000;
  d.driver_release = huge;
  constexpr std::size_t kReadable = 200;
  const std::string label = measured_label(d);
  EXPECT_LE(label.size(), kReadable);
  EXPECT_EQ(label.rfind("measured on NNN", 0), 0u) << label;
  EXPECT_NE(label.find("5000 characters"), std::string::npos) << label;  // says it is cut
  EXPECT_EQ(label.substr(label.size() - 7), ", sm_90");
  const std::string driver = driver_line(d);
  EXPECT_LE(driver.size(), kReadable);
  EXPECT_EQ(driver.rfind("driver 13.0 / NNN", 0), 0u) << driver;
  EXPECT_LE(report_date(huge).size(), kReadable);
  EXPECT_LE(recorded_line(huge, d).size(), kReadable);
  ReportFile f;
  f.probe = ProbeReport{};
  f.probe->device = d;
  f.probe->created_utc = huge;
  f.gate = GateReport{};
  f.gate->device = d;
  const std::string headline = report_headline("/tmp/" + huge + ".json", f);
  EXPECT_LE(headline.size(), 4 * kReadable);
  EXPECT_EQ(headline.rfind("Recorded report NNN", 0), 0u) << headline.substr(0, 100);
  EXPECT_NE(headline.find("gate run on NNN"), std::string::npos);
}

TEST(LabelText, StraySeparatorCheckItself) {
  // The checker must catch the newcomer's line, or the sweep above proves nothing.
  EXPECT_TRUE(has_stray_separator("recorded , driver 13.0"));
  EXPECT_TRUE(has_stray_separator("driver  / 580, runtime 12.8"));
  EXPECT_TRUE(has_stray_separator("132 SMs, "));
  EXPECT_FALSE(has_stray_separator("driver 13.0 / 580.65.06, runtime 12.8"));
}

}  // namespace
}  // namespace fragviz::app
