#include "fragviz/report/report.hpp"

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

int LdmatrixFedProbe::mismatches() const {
  int n = mma.mismatches();
  for (const ElementCheck& e : bytes) n += e.match() ? 0 : 1;
  return n;
}

int InstructionProbe::mismatches() const {
  int n = 0;
  for (const ElementCheck& e : elements) n += e.match() ? 0 : 1;
  return n;
}

int InstructionProbe::checked(Operand op) const {
  int n = 0;
  for (const ElementCheck& e : elements) n += e.operand == op ? 1 : 0;
  return n;
}

int InstructionProbe::matched(Operand op) const {
  int n = 0;
  for (const ElementCheck& e : elements) n += e.operand == op && e.match() ? 1 : 0;
  return n;
}

}  // namespace fragviz
