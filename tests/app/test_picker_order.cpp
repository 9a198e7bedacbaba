// The instruction picker's architecture grouping (app/picker_order.hpp). Which target each entry
// needs is the PTX ISA's (the mma.sync target-ISA notes), named here by hand: m8n8k4 f16 sm_70,
// m16n8k8 f16 sm_75, m16n8k16 bf16 sm_80, e4m3 sm_89, f64 m16n8k16 sm_90, .kind::f8f6f4 sm_120a.
#include <gtest/gtest.h>

#include <set>

#include "fragviz/isa/catalogue.hpp"
#include "picker_order.hpp"

namespace fragviz::app {
namespace {

/// The architecture heading the picker lists `mnemonic` under, or "".
std::string arch_of(const std::string& mnemonic) {
  const std::vector<Instruction>& cat = catalogue();
  for (const PickerOrder::Arch& a : picker_order().archs)
    for (const PickerOrder::Group& g : a.groups)
      for (int i : g.entries)
        if (cat[static_cast<std::size_t>(i)].mnemonic == mnemonic) return a.name;
  return "";
}

TEST(PickerOrder, EntriesUnderTheArchitectureTheyNeed) {
  EXPECT_EQ(arch_of("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32"), "sm_70");
  EXPECT_EQ(arch_of("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"), "sm_75");
  EXPECT_EQ(arch_of("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"), "sm_80");
  EXPECT_EQ(arch_of("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"), "sm_89");
  EXPECT_EQ(arch_of("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"), "sm_90");
  EXPECT_EQ(arch_of("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32"), "sm_120a");
}

TEST(PickerOrder, OldestFirstEveryEntryOnce) {
  const auto& archs = picker_order().archs;
  ASSERT_GE(archs.size(), 6u);
  EXPECT_EQ(archs.front().name, "sm_70");
  for (std::size_t i = 1; i < archs.size(); ++i)
    EXPECT_LT(std::make_pair(archs[i - 1].sm, archs[i - 1].arch_specific),
              std::make_pair(archs[i].sm, archs[i].arch_specific));
  std::multiset<int> seen;
  for (const auto& a : archs)
    for (const auto& g : a.groups) seen.insert(g.entries.begin(), g.entries.end());
  EXPECT_EQ(seen.size(), catalogue().size());
  EXPECT_EQ(std::set<int>(seen.begin(), seen.end()).size(), catalogue().size());
}

}  // namespace
}  // namespace fragviz::app
