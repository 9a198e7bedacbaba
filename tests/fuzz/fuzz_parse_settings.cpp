// libFuzzer target for the settings parser (parse_settings, app/settings.cpp): any bytes must give
// settings and messages, never a crash, a hang or undefined behaviour (the fuzz build has ASan and
// UBSan). Whatever it returns is within the app's ranges (app_state.hpp, gate_host.hpp); a file it
// refuses to save over always says why; and what it returns, written by settings_json, reads back
// unchanged and without a message: the app never saves a file it would then complain about.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fragviz/gate/gate_host.hpp"
#include "settings.hpp"

namespace {

[[noreturn]] void fail(const char* why) {
  std::fprintf(stderr, "fuzz_settings: %s\n", why);
  __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fragviz;
  using namespace fragviz::app;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParsedSettings p = parse_settings(text);
  const Settings& s = p.settings;
  const Controls& c = s.controls;
  if (c.width_halves < kMinWidthHalves || c.width_halves > kMaxWidthHalves)
    fail("width outside the views' range");
  if (c.pad_halves < 0 || c.pad_halves > kMaxPadHalves) fail("pad outside the views' range");
  if (s.selected_lane < -1 || s.selected_lane >= kWarpSize) fail("selected lane outside the warp");
  if (s.gate_n < kGateMinN || s.gate_n > kGateMaxN) fail("gate n outside the gate's range");
  if (!find_instruction(c.instruction)) fail("instruction not in the catalogue");
  if (p.keep_file && p.messages.empty()) fail("a file kept as it is must say why");
  for (const std::string& m : p.messages)
    if (m.empty() || m.size() > 400) fail("a message is empty or unbounded");

  const std::string written = settings_json(s);
  const ParsedSettings again = parse_settings(written);
  if (!again.messages.empty()) {
    std::fprintf(stderr, "fuzz_settings: written settings read back with: %s\n", again.messages[0].c_str());
    __builtin_trap();
  }
  if (again.keep_file || !again.instruction_notice.empty()) fail("written settings are not the app's own");
  if (settings_json(again.settings) != written) fail("settings change when written and read back");
  return 0;
}
