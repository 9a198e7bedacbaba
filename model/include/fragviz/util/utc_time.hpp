// The time stamps reports carry (report.hpp's created_utc): UTC, to the second, in ISO 8601.
#pragma once

#include <ctime>
#include <string>

namespace fragviz {

/// `t` (seconds since 1970-01-01 00:00:00 UTC) as "YYYY-MM-DDTHH:MM:SSZ" (ISO 8601, UTC).
std::string utc_text(std::time_t t);

/// The current time as utc_text writes it: what every report's created_utc holds.
std::string utc_now();

}  // namespace fragviz
