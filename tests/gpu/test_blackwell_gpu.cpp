// The Blackwell probes added for issue 26 on whatever GPU there is: the tensor-memory loads and
// stores and the cta_group::2 accumulator probes, dense and sparse A (sm_100a), the block-scale probes
// (sm_120a) and the 8-bit matrix moves (sm_100a or sm_120a). On a device that cannot run one, it is refused
// before any launch, naming the SM it needs and the device's; on its own device (in a build with
// -DFRAGVIZ_SM100_PROBES / -DFRAGVIZ_SM120_PROBES) it runs and must agree with the model. Without a usable
// device every test is SKIPPED (never passed), with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fragviz/device/device.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

ProbeReport run_named(const std::vector<std::string>& names) {
  ProbeRequest req;
  req.cycles_table = false;
  req.instruction_probes = true;
  req.instructions = names;
  return run_probes(req);
}

const MatrixMoveProbe* find(const ProbeReport& r, const std::string& mnemonic) {
  for (const MatrixMoveProbe& p : r.moves)
    if (p.mnemonic == mnemonic) return &p;
  return nullptr;
}

TEST(BlackwellGpu, CtaPairAccumulatorRunsOnSm100aOrIsRefusedNamingTheSm) {
  SKIP_WITHOUT_DEVICE();
  const std::string m256 = "tcgen05.mma.cta_group::2.kind::f16.m256n64k16";
  const std::string m128 = "tcgen05.mma.cta_group::2.kind::f16.m128n64k16";
  const std::string sparse = "tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32";  // Layout C
  const ProbeReport r = run_named({m128, m256, sparse});
  ASSERT_TRUE(r.error.message.empty()) << r.error.message;
  for (const std::string& name : {m128, m256, sparse}) {
    const MatrixMoveProbe* p = find(r, name);
    ASSERT_NE(p, nullptr) << name;
    if (r.device.cc_major != 10 || r.device.cc_minor != 0) {
      EXPECT_FALSE(p->ran);
      EXPECT_EQ(p->skipped, "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_" +
                                std::to_string(r.device.sm()) + ")");
    } else if (p->ran) {
      EXPECT_EQ(p->mismatches(), 0) << name;
    } else {
      EXPECT_NE(p->skipped.find("no sm_100a code"), std::string::npos) << p->skipped;
    }
  }
}

TEST(BlackwellGpu, TensorMemoryLoadsAndStoresRunOnSm100aOrAreRefusedNamingTheSm) {
  SKIP_WITHOUT_DEVICE();
  // Every tcgen05.ld / tcgen05.st form: repeat counts up to 32 columns and the 16-bit packing.
  const ProbeReport r = run_named({"blackwell"});
  ASSERT_TRUE(r.error.message.empty()) << r.error.message;
  const bool sm100 = r.device.cc_major == 10 && r.device.cc_minor == 0;
  int stores = 0, loads = 0;
  for (const MatrixMoveProbe& p : r.moves) {
    if (p.kind != "tcgen05.st" && p.kind != "tcgen05.ld") continue;
    (p.kind == "tcgen05.st" ? stores : loads) += 1;
    if (!sm100) {
      EXPECT_FALSE(p.ran) << p.mnemonic;
      EXPECT_TRUE(p.cells.empty()) << p.mnemonic;
      EXPECT_EQ(p.skipped, "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_" +
                               std::to_string(r.device.sm()) + ")");
    } else if (p.ran) {
      EXPECT_EQ(p.mismatches(), 0) << p.mnemonic;
    } else {
      EXPECT_NE(p.skipped.find("no sm_100a code"), std::string::npos) << p.skipped;
    }
  }
  EXPECT_EQ(stores, 20);  // five shapes at .x1, .x2, their largest .num, and .x1 .unpack::16b
  EXPECT_EQ(loads, 20);   // the same with .pack::16b
}

TEST(BlackwellGpu, BlockScaleRunsOnSm120aOrIsRefusedNamingTheSm) {
  SKIP_WITHOUT_DEVICE();
  const ProbeReport r = run_named({"block-scale"});
  ASSERT_TRUE(r.error.message.empty()) << r.error.message;
  int seen = 0;
  for (const MatrixMoveProbe& p : r.moves) {
    if (p.kind != "block-scale") continue;
    ++seen;
    if (r.device.cc_major != 12 || r.device.cc_minor != 0) {
      EXPECT_FALSE(p.ran);
      EXPECT_EQ(p.skipped, "skipped: needs sm_120a, a compute capability 12.0 GPU (device is sm_" +
                               std::to_string(r.device.sm()) + ")");
    } else if (p.ran) {
      EXPECT_EQ(p.mismatches(), 0) << p.mnemonic;
    } else {
      EXPECT_NE(p.skipped.find("no sm_120a code"), std::string::npos) << p.skipped;
    }
  }
  EXPECT_EQ(seen, 16);  // four forms (1X, two 2X, 4X), A and B, two selector pairs each
}

TEST(BlackwellGpu, ByteMovesRunOnSm100aOrSm120aOrAreRefusedNamingTheSm) {
  SKIP_WITHOUT_DEVICE();
  const ProbeReport r = run_named(
      {"ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8", "stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"});
  ASSERT_TRUE(r.error.message.empty()) << r.error.message;
  const bool own = (r.device.cc_major == 10 || r.device.cc_major == 12) && r.device.cc_minor == 0;
  int seen = 0;
  for (const MatrixMoveProbe& p : r.moves) {
    ++seen;
    if (!own) {
      EXPECT_FALSE(p.ran);
      EXPECT_EQ(p.skipped,
                "skipped: needs sm_100a or sm_120a, a compute capability 10.0 or 12.0 GPU (device is sm_" +
                    std::to_string(r.device.sm()) + ")");
    } else if (p.ran) {
      EXPECT_EQ(p.mismatches(), 0) << p.mnemonic;
    } else {
      EXPECT_NE(p.skipped.find(r.device.cc_major == 12 ? "no sm_120a code" : "no sm_100a code"),
                std::string::npos)
          << p.skipped;
    }
  }
  EXPECT_EQ(seen, 2);
}

}  // namespace
}  // namespace fragviz
