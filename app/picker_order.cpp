#include "picker_order.hpp"

#include <algorithm>
#include <tuple>

#include "fragviz/isa/catalogue.hpp"
#include "run_status.hpp"

namespace fragviz::app {

const PickerOrder& picker_order() {
  static const PickerOrder order = [] {
    PickerOrder o;
    const std::vector<Instruction>& cat = catalogue();
    for (int i = 0; i < static_cast<int>(cat.size()); ++i) {
      const Instruction& in = cat[static_cast<std::size_t>(i)];
      auto a = std::find_if(o.archs.begin(), o.archs.end(), [&](const PickerOrder::Arch& x) {
        return x.sm == in.min_sm && x.arch_specific == in.arch_specific;
      });
      if (a == o.archs.end())
        a = o.archs.insert(o.archs.end(),
                           PickerOrder::Arch{target_name(in), in.min_sm, in.arch_specific, {}});
      const std::string g = in.group;
      auto it = std::find_if(a->groups.begin(), a->groups.end(), [&](const auto& x) { return x.name == g; });
      if (it == a->groups.end()) it = a->groups.insert(a->groups.end(), PickerOrder::Group{g, {}});
      it->entries.push_back(i);
    }
    std::stable_sort(o.archs.begin(), o.archs.end(),
                     [](const PickerOrder::Arch& x, const PickerOrder::Arch& y) {
                       return std::make_tuple(x.sm, x.arch_specific) < std::make_tuple(y.sm, y.arch_specific);
                     });
    for (auto& a : o.archs)
      for (auto& g : a.groups)
        std::stable_sort(g.entries.begin(), g.entries.end(), [&](int p, int q) {
          const Instruction &x = cat[static_cast<std::size_t>(p)], &y = cat[static_cast<std::size_t>(q)];
          return std::make_tuple(x.m, x.n, x.k) < std::make_tuple(y.m, y.n, y.k);
        });
    return o;
  }();
  return order;
}

}  // namespace fragviz::app
