#include "fragviz/report.hpp"

#include <algorithm>

namespace fragviz {

int FragmentProbe::mismatches() const {
  return static_cast<int>(
      std::count_if(elements.begin(), elements.end(), [](const ElementCheck& e) { return !e.match(); }));
}

int LdmatrixProbe::mismatches() const {
  return static_cast<int>(
      std::count_if(elements.begin(), elements.end(), [](const LdmatrixCheck& e) { return !e.match(); }));
}

}  // namespace fragviz
