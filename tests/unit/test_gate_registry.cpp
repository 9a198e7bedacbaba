// The gate's variants have two halves: the model's row (gate_variants(), gate_ladder.hpp) and the
// device's GateKernel record registered beside each kernel (gpu/cuda/gate_kernel.cuh). In a CUDA
// build every row has exactly one record and every record a row, and they agree on what the launch
// asks for; a build without CUDA registers none. Needs no GPU.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "fragviz/device/device.hpp"
#include "fragviz/device/gate_kernels.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/wgmma_gate.hpp"

using namespace fragviz;

namespace {

/// "reg-db-128x256" -> "reg_db_128x256": how every gate kernel's symbol ends (fragviz_gate_NAME,
/// gate_NAME for the Hopper rungs), so a record registered under the wrong variant shows.
std::string symbol_tail(std::string_view name) {
  std::string s(name);
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

}  // namespace

TEST(GateRegistry, EveryModelVariantHasOneDeviceRecordAndViceVersa) {
  const std::vector<GateKernelInfo> records = gate_kernel_registry();
  if (!built_with_cuda()) {
    EXPECT_TRUE(records.empty()) << "a build without CUDA registered a gate kernel";
    return;
  }
  std::map<GateVariant, const GateKernelInfo*> by_variant;
  std::set<std::string> names;
  for (const GateKernelInfo& r : records) {
    const GateVariantInfo* row = find_gate_variant(r.variant);
    EXPECT_NE(row, nullptr) << "kernel " << r.kernel_name
                            << " is registered for a variant the model table lacks ("
                            << static_cast<int>(r.variant) << ")";
    EXPECT_TRUE(by_variant.emplace(r.variant, &r).second)
        << "two kernels registered for " << to_string(r.variant);
    EXPECT_TRUE(names.insert(r.kernel_name).second) << r.kernel_name << " registered twice";
  }
  for (const GateVariantInfo& v : gate_variants()) {
    SCOPED_TRACE(std::string(v.name));
    const auto it = by_variant.find(v.variant);
    ASSERT_NE(it, by_variant.end()) << "no kernel registered for the model's variant " << v.name;
    const GateKernelInfo& k = *it->second;
    const std::string tail = "_" + symbol_tail(v.name);
    EXPECT_TRUE(k.kernel_name.size() > tail.size() &&
                k.kernel_name.compare(k.kernel_name.size() - tail.size(), tail.size(), tail) == 0)
        << k.kernel_name << " is not " << v.name << "'s kernel";
    EXPECT_EQ(k.dynamic_shared_bytes, v.dynamic_shared_bytes);
    const int threads =
        v.wgmma_rung >= 0 ? wgmma_gate_threads(kWgmmaGateRungs[v.wgmma_rung]) : v.tile.threads();
    EXPECT_EQ(k.threads, threads);
  }
  EXPECT_EQ(records.size(), gate_variants().size());
}
