// The CTA tile's "Run on GPU" without a GPU (fragviz/viewmodel/cta_device_view.hpp, app_state.hpp):
// what is planned and run with a stand-in runner, the lines the window and `tiled --device` print,
// and when the window's button may run.
#include <gtest/gtest.h>

#include "app_state.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/viewmodel/cta_device_view.hpp"

namespace fragviz::app {
namespace {

tile::CtaTile preset(const char* name) {
  const tile::CtaPreset* p = tile::find_cta_preset(name);
  EXPECT_NE(p, nullptr) << name;
  const auto t = tile::make_cta_tile(p->spec);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TEST(CtaDeviceView, WithoutADeviceNothingRuns) {
  DeviceInfo none;
  none.error = Error{ErrorKind::no_device, "no CUDA device"};
  int calls = 0;
  const CtaDeviceResult r = measure_cta_copies(preset("sm80-gemm-128x128x32"), none, [&](const auto&) {
    ++calls;
    return CtaProbeOutcome{};
  });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(cta_no_device_text(none), "no usable GPU: no CUDA device");
  EXPECT_EQ(measured_line(r, 0, 128), "measured: not run: no usable GPU: no CUDA device");
  EXPECT_EQ(r.operands[0].instruction, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  EXPECT_EQ(measured_line(r, 2, 128), "measured: not probed: no copy for C");
}

TEST(CtaDeviceView, TheStoreOfCIsRunAndWorded) {
  DeviceInfo gpu;
  gpu.present = true;
  gpu.name = "Test GPU";
  std::vector<Operand> ran;
  const CtaDeviceResult r =
      measure_cta_copies(preset("sm90-wgmma-128x128x64"), gpu, [&](const tile::CtaCopyProbePlan& p) {
        ran.push_back(p.operand);
        // A device that does what the plan predicts: each value's label at the byte it lands on.
        std::vector<std::uint8_t> image = p.image;
        for (const tile::CopyProbeValue& v : p.values) {
          const auto label = static_cast<std::uint32_t>(v.expected.row * p.cols + v.expected.col + 1);
          image.at(static_cast<std::size_t>(v.model_byte)) = static_cast<std::uint8_t>(label);
          image.at(static_cast<std::size_t>(v.model_byte + 1)) = static_cast<std::uint8_t>(label >> 8);
        }
        std::vector<std::uint32_t> words(image.size() / 4);
        for (std::size_t i = 0; i < words.size(); ++i)
          words[i] = image[4 * i] | (image[4 * i + 1] << 8) | (image[4 * i + 2] << 16) |
                     (static_cast<std::uint32_t>(image[4 * i + 3]) << 24);
        CtaProbeOutcome run;
        auto judged = tile::judge_cta_copy_probe(p, words);
        EXPECT_TRUE(judged) << judged.message;
        if (judged) run.verdict = *judged.value;
        return run;
      });
  ASSERT_EQ(ran.size(), 1u);  // A and B are read through descriptors
  EXPECT_TRUE(ran[0] == Operand::C);
  EXPECT_TRUE(r.operands[2].store);
  EXPECT_EQ(
      measured_line(r, 0, 256),
      "measured: not probed: SM90_64x128x16_F32F16F16_SS reads A through a descriptor: no copy to probe");
  EXPECT_EQ(measured_line(r, 2, 256),
            "measured on Test GPU (stmatrix.sync.aligned.m8n8.x4.shared.b16, 8 per thread): all 16384 match "
            "(256 threads x 64 values), as the model predicted");
}

TEST(CtaDeviceView, TheTiledMmaLineFollowsTheOperands) {
  DeviceInfo none;
  none.error = Error{ErrorKind::no_device, "no CUDA device"};
  CtaDeviceResult r;
  r.device = none;
  EXPECT_EQ(mma_measured_line(r), "");  // not attempted: no line
  int calls = 0;
  r.mma = measure_cta_mma(preset("sm80-gemm-128x128x32"), none, [&](const auto&) {
    ++calls;
    return CtaMmaOutcome{};
  });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(mma_measured_line(r), "tiled MMA: not run: no usable GPU: no CUDA device");
  r.mma = measure_cta_mma(preset("sm90-wgmma-128x128x64"), none, [](const auto&) { return CtaMmaOutcome{}; });
  EXPECT_EQ(mma_measured_line(r), "tiled MMA: not run: no usable GPU: no CUDA device");
  EXPECT_EQ(r.mma.instruction, "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16");
  EXPECT_EQ(r.mma.per_thread, 4);  // K 64 in k16 steps
  // One warpgroup over two m64 atoms is planned too (no longer "not probed"): 2 atoms x 4 k16 steps.
  r.mma = measure_cta_mma(preset("gate-wgmma-tma"), none, [](const auto&) { return CtaMmaOutcome{}; });
  EXPECT_EQ(mma_measured_line(r), "tiled MMA: not run: no usable GPU: no CUDA device");
  EXPECT_EQ(r.mma.per_thread, 8);
  // A stand-in device whose C register 0 of thread 0 holds 1 more than A x B^T there.
  r.device.present = true;
  r.device.name = "Test GPU";
  r.mma = measure_cta_mma(preset("sm80-gemm-128x128x32"), r.device, [](const tile::CtaMmaProbePlan& p) {
    const auto c = tile::multiply_a_bt(p.a_tile, p.b_tile, p.m, p.n, p.k);
    std::vector<float> measured;
    for (const tile::Cell& x : p.c_cells) measured.push_back(static_cast<float>(c[x.row * p.n + x.col]));
    measured[0] += 1;
    CtaMmaOutcome run;
    run.verdict = *tile::judge_cta_mma_probe(p, measured).value;
    return run;
  });
  const std::string line = mma_measured_line(r);
  EXPECT_EQ(
      line.rfind("tiled MMA measured on Test GPU (mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32, 64 "
                 "per thread): thread 0 V0, (m,n) = (0,0) in the model: the GPU computed ",
                 0),
      0u)
      << line;
  EXPECT_NE(line.find("(1 of 16384 C values differ; the model predicted all would match)"), std::string::npos)
      << line;
}

TEST(CtaDeviceView, ARefusedRunSaysWhy) {
  DeviceInfo gpu;
  gpu.present = true;
  gpu.name = "Test GPU";
  const CtaDeviceResult r = measure_cta_copies(preset("sm80-gemm-128x128x32"), gpu, [](const auto&) {
    CtaProbeOutcome run;
    run.error = Error{ErrorKind::refused, "the image needs 8192 bytes"};
    return run;
  });
  EXPECT_EQ(measured_line(r, 1, 128), "measured: not run: the image needs 8192 bytes");
}

TEST(CtaDeviceView, WhenTheButtonMayRun) {
  AppState s;
  EXPECT_EQ(cta_device_blocked(s).value_or(""), "looking for a CUDA device");
  s.device_known = true;
  s.device.error = Error{ErrorKind::no_device, "disabled with --no-device"};
  EXPECT_EQ(cta_device_blocked(s).value_or(""), "no usable GPU: disabled with --no-device");
  s.device.present = true;
  EXPECT_FALSE(cta_device_blocked(s).has_value());
  s.gate_status = JobStatus::running;
  ASSERT_TRUE(cta_device_blocked(s));
  EXPECT_NE(cta_device_blocked(s)->find("the gate is running"), std::string::npos);
  // A result is shown only for the configuration it ran.
  EXPECT_FALSE(cta_device_current(s));
  s.cta_device.result = CtaDeviceResult{};
  s.cta_device.spec = s.cta_tile.spec;
  EXPECT_TRUE(cta_device_current(s));
  s.cta_tile.spec.smem[0] = "(128,32):(32,1)";
  EXPECT_FALSE(cta_device_current(s));
}

}  // namespace
}  // namespace fragviz::app
