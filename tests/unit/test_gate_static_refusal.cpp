// gate_static_refusal: the gate's rules judged without a CUDA call (what the app's UI thread uses,
// so that the first call creating the CUDA context never lands in a frame). Devices are described
// here; the expected sizes are worked out by hand from 12 bytes per element (A, B fp16; output and
// reference fp32) plus 96 MiB of slack.
#include <gtest/gtest.h>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"

using namespace fragviz;

namespace {

DeviceInfo described(int cc, std::uint64_t memory_bytes) {
  DeviceInfo d;
  d.present = true;
  d.name = "described";
  d.cc_major = cc / 10;
  d.cc_minor = cc % 10;
  d.global_mem_bytes = memory_bytes;
  return d;
}

GateRequest request(int n, GateVariant v = GateVariant::ldmatrix_k8) {
  GateRequest r;
  r.n = n;
  r.variant = v;
  return r;
}

constexpr std::uint64_t kGiB = 1ull << 30;

}  // namespace

TEST(GateStaticRefusal, NoDeviceIsNoDevice) {
  DeviceInfo none;
  none.error = Error{ErrorKind::no_device, "no CUDA-capable device is detected"};
  const auto e = gate_static_refusal(request(2048), none);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ErrorKind::no_device);
  EXPECT_EQ(e->message, "no CUDA-capable device is detected");
}

TEST(GateStaticRefusal, TheWholeMemoryBoundsTheSize) {
  // 16384^2 * 12 B = 3 GiB (+ 96 MiB): fits 8 GiB. 32768^2 * 12 B = 12 GiB: does not.
  const DeviceInfo eight = described(90, 8 * kGiB);
  EXPECT_FALSE(gate_static_refusal(request(16384), eight));
  const auto big = gate_static_refusal(request(32768), eight);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->kind, ErrorKind::refused);
  // 12 * 2^30 + 96 * 2^20 = 12985565184 bytes; 8 GiB = 8589934592 bytes.
  EXPECT_EQ(big->message, "n = 32768 needs 12.99 GB of device memory; the device has 8.59 GB in all");
  // An unknown memory size (0) leaves the memory rule to the gate's own free-memory check.
  EXPECT_FALSE(gate_static_refusal(request(32768), described(90, 0)));
}

TEST(GateStaticRefusal, SizeVariantAndRunRulesNeedNoDevice) {
  const DeviceInfo h200 = described(90, 141 * kGiB);
  EXPECT_EQ(gate_static_refusal(request(2000), h200)->kind, ErrorKind::refused);  // not a multiple of 64
  EXPECT_EQ(gate_static_refusal(request(128), h200)->kind, ErrorKind::refused);   // below 256
  GateRequest no_runs = request(2048);
  no_runs.timed_runs = 0;
  ASSERT_TRUE(gate_static_refusal(no_runs, h200));
  EXPECT_NE(gate_static_refusal(no_runs, h200)->message.find("timed runs must be at least 1"),
            std::string::npos);
  // The wgmma rungs: sm_90a code, refused on sm_80 (too old) and sm_100 (not sm_90).
  const auto old = gate_static_refusal(request(2048, GateVariant::wgmma_tma), described(80, 80 * kGiB));
  ASSERT_TRUE(old);
  EXPECT_NE(old->message.find("needs sm_90 or newer (device is sm_80)"), std::string::npos) << old->message;
  const auto newer = gate_static_refusal(request(2048, GateVariant::wgmma_tma), described(100, 80 * kGiB));
  ASSERT_TRUE(newer);
  EXPECT_NE(newer->message.find("runs on sm_90 (Hopper) only"), std::string::npos) << newer->message;
  EXPECT_FALSE(gate_static_refusal(request(2048, GateVariant::wgmma_tma), h200));
  // A user kernel without its source is refused; a built-in variant with one too.
  EXPECT_TRUE(gate_static_refusal(request(2048, GateVariant::user_kernel), h200));
  GateRequest mixed = request(2048);
  mixed.kernel = UserKernel{};
  EXPECT_TRUE(gate_static_refusal(mixed, h200));
}
