// libFuzzer target for the report loader: any bytes into parse_report must give a report or a
// message, never a crash, a hang or undefined behaviour (the fuzz build has ASan and UBSan). A
// report it accepts must also survive being written and read back unchanged: what the loader lets
// through is what the app shows and may save.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fragviz/report/report_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const fragviz::Outcome<fragviz::ReportFile> r = fragviz::parse_report(text);
  if (!r) {
    if (r.error.message.empty() || r.error.kind == fragviz::ErrorKind::none)
      __builtin_trap();  // a refusal says why
    return 0;
  }
  const std::string written = fragviz::to_json_text(*r.value);
  const auto again = fragviz::parse_report(written);
  if (!again) {
    std::fprintf(stderr, "accepted report does not read back: %s\n", again.error.message.c_str());
    __builtin_trap();
  }
  if (fragviz::to_json_text(*again.value) != written) {
    std::fprintf(stderr, "accepted report changes when written and read back\n");
    __builtin_trap();
  }
  return 0;
}
