#include "fragviz/util/csv.hpp"

namespace fragviz {

std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out;
  std::string f;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        f += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        f += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(std::move(f));
      f.clear();
    } else if (c != '\r') {
      f += c;
    }
  }
  out.push_back(std::move(f));
  return out;
}

}  // namespace fragviz
