// A CTA tile's copy joins measured on a GPU (cta_device_view.hpp).
#include "fragviz/viewmodel/cta_device_view.hpp"

namespace fragviz::app {

CtaDeviceResult measure_cta_copies(const tile::CtaTile& t, const DeviceInfo& device,
                                   const CtaProbeRunner& run) {
  CtaDeviceResult r;
  r.device = device;
  for (std::size_t i = 0; i < 3; ++i) {
    CtaOperandMeasure& m = r.operands[i];
    const Operand op = i == 0 ? Operand::A : i == 1 ? Operand::B : Operand::C;
    const auto plan = tile::plan_cta_copy_probe(t, op);
    if (!plan) {
      m.skipped = plan.message;
      continue;
    }
    m.instruction = plan->instruction;
    m.store = plan->store;
    m.per_thread = plan->instructions;
    if (t.swap && t.swap->operand == op) m.swap_after = t.swap->text();
    if (r.device.present) m.run = run(*plan);
  }
  return r;
}

CtaMmaMeasure measure_cta_mma(const tile::CtaTile& t, const DeviceInfo& device, const CtaMmaRunner& run) {
  CtaMmaMeasure m;
  m.attempted = true;
  const auto plan = tile::plan_cta_mma_probe(t);
  if (!plan) {
    m.skipped = plan.message;
    return m;
  }
  m.instruction = plan->instruction;
  m.per_thread = plan->calls;
  if (device.present) m.run = run(*plan);
  return m;
}

std::string mma_measured_line(const CtaDeviceResult& r) {
  const CtaMmaMeasure& m = r.mma;
  if (!m.attempted) return "";
  if (!m.skipped.empty()) return "tiled MMA: not probed: " + m.skipped;
  if (!m.run) return "tiled MMA: not run: " + cta_no_device_text(r.device);
  if (!m.run->verdict) return "tiled MMA: not run: " + m.run->error.message;
  return "tiled MMA measured on " + r.device.name + " (" + m.instruction + ", " +
         std::to_string(m.per_thread) + " per thread): " + m.run->verdict->text();
}

std::string cta_no_device_text(const DeviceInfo& device) { return "no usable GPU: " + device.error.message; }

std::string measured_line(const CtaDeviceResult& r, std::size_t i, std::int64_t threads) {
  const CtaOperandMeasure& m = r.operands[i];
  if (!m.skipped.empty()) return "measured: not probed: " + m.skipped;
  if (!m.run) return "measured: not run: " + cta_no_device_text(r.device);
  if (!m.run->verdict) return "measured: not run: " + m.run->error.message;
  const tile::CtaCopyProbeVerdict& v = *m.run->verdict;
  const std::string where = "measured on " + r.device.name + " (" + m.instruction + ", " +
                            std::to_string(m.per_thread) + " per thread): ";
  const std::string swap = m.swap_after.empty()
                               ? ""
                               : " (the loads; the register swap " + m.swap_after + " after them is not run)";
  if (v.model_disagreements == 0)
    return where + v.measured.verdict(threads) + ", as the model predicted" + swap;
  return where + "THE MODEL DISAGREES: " + v.model_verdict() + "; the join on the GPU's " +
         (v.store ? "shared memory: " : "registers: ") + v.measured.verdict(threads);
}

}  // namespace fragviz::app
