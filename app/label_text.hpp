// Labels composed of fields ("driver 13.0 / 580.65, runtime 13.0"): a field with nothing recorded
// is left out together with its label and separator, so no view ever shows "recorded , driver".
// Pure functions: no ImGui, so tests/app/test_label_text.cpp checks them directly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz::app {

/// "label value", or "" when `value` is empty.
std::string labelled(std::string_view label, std::string_view value);

/// The non-empty `parts` joined by `sep` ("a, c" for {"a", "", "c"}); "" when every part is empty.
std::string join_present(const std::vector<std::string>& parts, std::string_view sep = ", ");

/// A range of `unit`s ("byte", "bank") from `first` to `last`, as the caller formatted them: "byte 4"
/// when they are equal, else "bytes 4-7" (the plural adds an "s"), so a one-unit range never reads
/// "bytes 4-4".
std::string unit_range(std::string_view unit, std::string_view first, std::string_view last);

/// unit_range of two integers in decimal: "byte 4", "bytes 4-7".
std::string unit_range(std::string_view unit, long long first, long long last);

/// "13.0" from a CUDA version number such as 13000 (cudaDriverGetVersion's encoding: 1000 * major
/// + 10 * minor); "" for 0 or less (not recorded).
std::string cuda_version(int v);

/// "sm_90" for a device of compute capability 9.0; "" when none is recorded.
std::string sm_name(const DeviceInfo& d);

/// The Device panel's driver line: "driver 13.0 / 580.65, runtime 13.0", each part only where
/// recorded (the release as a file gave it, clipped by echo_text); "" when none is.
std::string driver_line(const DeviceInfo& d);

/// "132 SMs, 139.8 GiB, 1980 MHz", each part only where recorded (non-zero); "" when none is.
std::string device_figures(const DeviceInfo& d);

/// A recorded report's provenance: "recorded 2026-12-01 11:36 UTC, driver 13.0", each part only
/// where recorded; "" when neither is.
std::string recorded_line(const std::string& created_utc, const DeviceInfo& d);

}  // namespace fragviz::app
