// utc_time.hpp: report time stamps.
#include "fragviz/util/utc_time.hpp"

namespace fragviz {

std::string utc_text(std::time_t t) {
  std::tm tm{};
#if defined(_WIN32)
  gmtime_s(&tm, &t);
#else
  gmtime_r(&t, &tm);
#endif
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string utc_now() { return utc_text(std::time(nullptr)); }

}  // namespace fragviz
