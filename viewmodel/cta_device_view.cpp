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

std::array<CtaFillMeasure, 2> measure_cta_fills(const tile::CtaTile& t, const DeviceInfo& device,
                                                const CtaFillRunner& run) {
  std::array<CtaFillMeasure, 2> out;
  for (std::size_t i = 0; i < 2; ++i) {
    if (!t.gmem_copy[i]) continue;  // no cp.async to run: no line at all
    CtaFillMeasure& m = out[i];
    m.attempted = true;
    const auto plan = tile::plan_cta_fill_probe(t, i == 0 ? Operand::A : Operand::B);
    if (!plan) {
      m.skipped = plan.message;
      continue;
    }
    m.instruction = plan->instruction;
    m.per_thread = plan->instructions;
    if (device.present) m.run = run(*plan);
  }
  return out;
}

std::string fill_measured_line(const CtaDeviceResult& r, std::size_t i) {
  const CtaFillMeasure& m = r.fills[i];
  if (!m.attempted) return "";
  if (!m.skipped.empty()) return "cp.async: not probed: " + m.skipped;
  if (!m.run) return "cp.async: not run: " + cta_no_device_text(r.device);
  if (!m.run->verdict) return "cp.async: not run: " + m.run->error.message;
  const tile::CtaFillProbeVerdict& v = *m.run->verdict;
  const std::string where = "cp.async measured on " + r.device.name + " (" + m.instruction + ", " +
                            std::to_string(m.per_thread) + " per thread): ";
  if (v.model_disagreements == 0) return where + v.measured.verdict() + ", as the model predicted";
  return where + "THE MODEL DISAGREES: " + v.model_verdict() +
         "; the fill in the GPU's shared memory: " + v.measured.verdict();
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
