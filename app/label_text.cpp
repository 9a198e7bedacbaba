#include "label_text.hpp"

#include <cstdio>

#include "fragviz/util/words.hpp"
#include "report_view.hpp"

namespace fragviz::app {

std::string labelled(std::string_view label, std::string_view value) {
  if (value.empty()) return {};
  return std::string(label) + " " + std::string(value);
}

std::string unit_range(std::string_view unit, std::string_view first, std::string_view last) {
  if (first == last) return std::string(unit) + " " + std::string(first);
  return std::string(unit) + "s " + std::string(first) + "-" + std::string(last);
}

std::string unit_range(std::string_view unit, long long first, long long last) {
  return unit_range(unit, std::to_string(first), std::to_string(last));
}

std::string join_present(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

std::string cuda_version(int v) {
  if (v <= 0) return {};
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string sm_name(const DeviceInfo& d) { return d.sm() > 0 ? "sm_" + std::to_string(d.sm()) : ""; }

std::string driver_line(const DeviceInfo& d) {
  return join_present(
      {labelled("driver", join_present({cuda_version(d.driver_version), echo_text(d.driver_release)}, " / ")),
       labelled("runtime", cuda_version(d.runtime_version))});
}

std::string device_figures(const DeviceInfo& d) {
  char mem[32] = "", clock[32] = "";
  if (d.global_mem_bytes > 0)
    std::snprintf(mem, sizeof mem, "%.1f GiB",
                  static_cast<double>(d.global_mem_bytes) / (1024.0 * 1024 * 1024));
  if (d.clock_khz > 0) std::snprintf(clock, sizeof clock, "%.0f MHz", d.clock_khz / 1000.0);
  return join_present({d.sm_count > 0 ? std::to_string(d.sm_count) + " SMs" : "", mem, clock});
}

std::string recorded_line(const std::string& created_utc, const DeviceInfo& d) {
  return join_present({labelled("recorded", created_utc.empty() ? "" : report_date(created_utc)),
                       labelled("driver", cuda_version(d.driver_version))});
}

}  // namespace fragviz::app
