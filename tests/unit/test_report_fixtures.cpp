// Every pinned report fixture (tests/fixtures/reports/, the packed broken-gate pair) is written back
// exactly as it was read: the JSON format is a promise to files already on disk. docs/device-runs/ is
// left out on purpose: no test reads it, so committing a run never changes what is tested.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "fragviz/report/report_json.hpp"

using namespace fragviz;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// FNV-1a, 64 bits: a fingerprint of a written text too long to pin as a literal.
std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

/// Every report file committed in the tree, by path relative to the source folder (or "unpacked/"
/// for the archive's members).
std::map<std::string, fs::path> committed_reports() {
  std::map<std::string, fs::path> out;
  const fs::path src(FRAGVIZ_SOURCE_DIR);
  const auto add_from = [&](const fs::path& dir, const fs::path& base, const std::string& prefix) {
    if (!fs::is_directory(dir)) return;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      if (!e.is_regular_file() || e.path().extension() != ".json") continue;
      if (read_file(e.path()).find("\"fragviz-report\"") == std::string::npos) continue;
      out[prefix + fs::relative(e.path(), base).generic_string()] = e.path();
    }
  };
  add_from(src / "tests/fixtures/reports", src, "");
  add_from(fs::path(FRAGVIZ_UNPACKED_FIXTURES_DIR), fs::path(FRAGVIZ_UNPACKED_FIXTURES_DIR), "unpacked/");
  return out;
}

/// Reports this build cannot write back as they were read: older versions (written back in the
/// current one), version 3 files recorded before a field was added within it, and fixtures trimmed
/// onto one line by tests/fixtures/trim.py (Python's spacing). For each, the fingerprint of what
/// this build wrote when the test was added, before the report fields became one list (issue 23):
/// a change of format shows as a different fingerprint.
const std::map<std::string, std::uint64_t> kRewritten = {
    {"tests/fixtures/reports/h200-2026-11-29-gate.json", 0x5202265f5723f536ull},
    {"tests/fixtures/reports/h200-2026-11-29-probe.json", 0x56af38d0df934117ull},
    {"tests/fixtures/reports/h200-2026-12-01-gate.json", 0x4e03a03ff6615b44ull},
    {"tests/fixtures/reports/h200-2026-12-01-hopper-probe.json", 0x80c1cbca80b08652ull},
    {"tests/fixtures/reports/h200-2026-12-01-layout.json", 0xb16a5ae95c3f0b3full},
    {"tests/fixtures/reports/h200-2026-12-01-probe.json", 0xf4cdc269e37f7133ull},
    {"unpacked/h200-2026-11-29-gate-broken.json", 0xe03dcdfa9abc836full},
    {"unpacked/h200-2026-12-01-gate-broken.json", 0x41522a80c5d03737ull},
};

}  // namespace

TEST(ReportFixtures, EveryCommittedReportIsWrittenBackExactly) {
  const auto files = committed_reports();
  // The pinned fixtures alone are 9 reports: finding fewer means the walk went wrong.
  ASSERT_GE(files.size(), 9u);
  std::size_t exact = 0;
  for (const auto& [name, path] : files) {
    SCOPED_TRACE(name);
    const std::string text = read_file(path);
    const auto report = parse_report(text);
    ASSERT_TRUE(report) << report.error.message;
    const std::string written = to_json_text(*report.value);
    if (written == text) {
      ++exact;
      continue;
    }
    // What is written reads back and is written again unchanged.
    const auto again = parse_report(written);
    ASSERT_TRUE(again) << again.error.message;
    EXPECT_EQ(to_json_text(*again.value), written);
    const auto pinned = kRewritten.find(name);
    if (pinned == kRewritten.end())
      ADD_FAILURE() << "written back differently, and no pinned fingerprint: 0x" << std::hex
                    << fnv1a(written);
    else
      EXPECT_EQ(fnv1a(written), pinned->second) << "written back as 0x" << std::hex << fnv1a(written);
  }
  // At least the version 3 gate fixture comes back as read.
  EXPECT_GE(exact, 1u);
}
