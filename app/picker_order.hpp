// The instruction picker's order: the mma.sync catalogue grouped by architecture (the target each
// entry needs, from its min_sm and arch_specific fields: sm_70, sm_75, ..., sm_120a, oldest first),
// then within one architecture by the catalogue's groups in order of first appearance, each group's
// entries by shape (M, N, K), then catalogue order. Plain C++, no ImGui: tests/app/test_picker_order.cpp.
#pragma once

#include <string>
#include <vector>

namespace fragviz::app {

/// Catalogue indices as the picker lists them.
struct PickerOrder {
  struct Group {
    std::string name;          ///< the catalogue's group ("f16", "e4m3/e5m2", ...)
    std::vector<int> entries;  ///< catalogue() indices
  };
  struct Arch {
    std::string name;  ///< "sm_80", "sm_120a": target_name of its entries
    int sm = 0;        ///< min_sm of its entries
    bool arch_specific = false;
    std::vector<Group> groups;
  };
  std::vector<Arch> archs;  ///< by (sm, arch_specific)
};

/// The order for catalogue(), built once.
const PickerOrder& picker_order();

}  // namespace fragviz::app
