// The runner's decision table (fragviz/probe/arch_probes.hpp) and where the mma.sync packer applies
// it, against the rule stated in the CUDA C++ Programming Guide ("Feature Availability": code for
// an arch-specific target sm_XXa runs only on compute capability XX, neither a later nor an earlier
// one) and PTX ISA 9.0 (the 8-bit ldmatrix / stmatrix forms: sm_100a, sm_101a and sm_120a). The
// expected sets are written here by hand, one device at a time, not taken from the code.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/mma_family.hpp"

namespace fragviz {
namespace {

ArchProbeSets sets(bool hopper, bool sm100a, bool sm120a, bool b8_moves) {
  ArchProbeSets s;
  s.hopper = hopper;
  s.sm100a = sm100a;
  s.sm120a = sm120a;
  s.b8_moves = b8_moves;
  return s;
}

TEST(ArchProbes, EachDeviceGetsItsOwnFamilyOnly) {
  //                                     hopper  sm100a  sm120a  b8 moves
  EXPECT_EQ(arch_probe_sets(9, 0), sets(true, false, false, false));   // H100 / H200: the Hopper set
  EXPECT_EQ(arch_probe_sets(10, 0), sets(false, true, false, true));   // B200: the sm_100a set
  EXPECT_EQ(arch_probe_sets(12, 0), sets(false, false, true, true));   // RTX 50x0 / PRO 6000: sm_120a
  EXPECT_EQ(arch_probe_sets(8, 0), sets(false, false, false, false));  // A100: none of the three
  EXPECT_EQ(arch_probe_sets(8, 9), sets(false, false, false, false));
  EXPECT_EQ(arch_probe_sets(7, 5), sets(false, false, false, false));
  // A later minor version runs none of the "a" code of its major version.
  EXPECT_EQ(arch_probe_sets(12, 1), sets(false, false, false, false));
  EXPECT_EQ(arch_probe_sets(10, 3), sets(false, false, false, false));
  EXPECT_EQ(arch_probe_sets(11, 0), sets(false, false, false, false));
}

TEST(ArchProbes, ArchSpecificCodeRunsOnItsOwnComputeCapabilityOnly) {
  EXPECT_TRUE(arch_code_runs(120, true, 120));
  EXPECT_FALSE(arch_code_runs(120, true, 121));
  EXPECT_FALSE(arch_code_runs(120, true, 100));
  EXPECT_FALSE(arch_code_runs(120, true, 90));
  // Code that is not arch-specific runs on every later device.
  EXPECT_TRUE(arch_code_runs(80, false, 120));
  EXPECT_TRUE(arch_code_runs(90, false, 121));
  EXPECT_FALSE(arch_code_runs(89, false, 80));
  EXPECT_EQ(arch_specific_refusal(120, 121),
            "needs sm_120a, a compute capability 12.0 GPU (device is sm_121)");
}

DeviceInfo device(int major, int minor) {
  DeviceInfo d;
  d.present = true;
  d.cc_major = major;
  d.cc_minor = minor;
  return d;
}

bool every_entry_has_code(int, int) { return true; }
bool no_entry_has_code(int, int) { return false; }

// The packer: an sm_120a entry launches on 12.0 where the build has its code, says "model only" on
// 12.0 where it has not, and is refused on 12.1 and below 12.0 naming the SM it needs.
TEST(ArchProbes, MmaPackerRunsTheSm120aEntriesOn120Only) {
  const std::string f8 = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32";
  const std::string mx4 =
      "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3";
  ASSERT_NE(find_instruction(f8), nullptr);
  ASSERT_NE(find_instruction(mx4), nullptr);
  ProbeRequest req;
  req.cycles_table = false;
  req.instructions = {f8, mx4};
  const MmaWork on120 = pack_mma(req, device(12, 0), every_entry_has_code);
  ASSERT_EQ(on120.instructions.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(on120.instr_plans[i].launch) << req.instructions[i];
    EXPECT_EQ(on120.instructions[i].skipped, "");
  }
  const MmaWork no_code = pack_mma(req, device(12, 0), no_entry_has_code);
  EXPECT_FALSE(no_code.instr_plans[0].launch);
  EXPECT_EQ(no_code.instructions[0].skipped,
            "model only: this build has no code for it on sm_120 (needs sm_120a)");
  const MmaWork on121 = pack_mma(req, device(12, 1), every_entry_has_code);
  EXPECT_FALSE(on121.instr_plans[1].launch);
  EXPECT_EQ(on121.instructions[1].skipped,
            "skipped: needs sm_120a, a compute capability 12.0 GPU (device is sm_121)");
  // sm_90: the message an H200 report has always carried.
  const MmaWork on90 = pack_mma(req, device(9, 0), every_entry_has_code);
  EXPECT_FALSE(on90.instr_plans[0].launch);
  EXPECT_EQ(on90.instructions[0].skipped, "skipped: needs sm_120a or newer (device is sm_90)");
  // An entry that is not arch-specific still runs on 12.0 and 12.1.
  req.instructions = {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"};
  EXPECT_TRUE(pack_mma(req, device(12, 1), every_entry_has_code).instr_plans[0].launch);
}

}  // namespace
}  // namespace fragviz
