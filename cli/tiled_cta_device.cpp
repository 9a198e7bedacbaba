// `fragviz-cli tiled --device` (tiled_cta_device.hpp).
#include "tiled_cta_device.hpp"

#include <sstream>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "tiled_cta.hpp"

namespace fragviz::cli {
namespace {

std::string q(const std::string& s) { return json_string(s); }

const char* kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::refused:
      return "refused";
    case ErrorKind::no_device:
      return "no_device";
    case ErrorKind::cuda:
      return "cuda";
    default:
      return "internal";
  }
}

}  // namespace

std::string cell_json(const std::optional<tile::Cell>& c) {
  return c ? "[" + std::to_string(c->row) + "," + std::to_string(c->col) + "]" : "null";
}

CtaDeviceResult measure_cta_copies(const tile::CtaTile& t) {
  CtaDeviceResult r = app::measure_cta_copies(t, query_device(), [](const tile::CtaCopyProbePlan& p) {
    CtaCopyProbeRun run = run_cta_copy_probe(p);
    return app::CtaProbeOutcome{std::move(run.verdict), std::move(run.error)};
  });
  r.mma = app::measure_cta_mma(t, r.device, [](const tile::CtaMmaProbePlan& p) {
    CtaMmaProbeRun run = run_cta_mma_probe(p);
    return app::CtaMmaOutcome{std::move(run.verdict), std::move(run.error)};
  });
  r.fills = app::measure_cta_fills(t, r.device, [](const tile::CtaFillProbePlan& p) {
    CtaFillProbeRun run = run_cta_fill_probe(p);
    return app::CtaFillOutcome{std::move(run.verdict), std::move(run.error)};
  });
  return r;
}

int cta_device_exit_code(const CtaDeviceResult& r) {
  if (!r.device.present) return kExitNoDevice;
  bool measured = false, differs = false;
  for (const CtaOperandMeasure& m : r.operands) {
    if (!m.run) continue;
    if (m.run->error.kind == ErrorKind::cuda) return kExitCudaError;
    if (!m.run->verdict) continue;
    measured = true;
    differs = differs || m.run->verdict->model_disagreements > 0;
  }
  if (r.mma.run) {  // C by value: the GPU's C where the model did not predict it
    if (r.mma.run->error.kind == ErrorKind::cuda) return kExitCudaError;
    if (r.mma.run->verdict) {
      measured = true;
      differs = differs || !r.mma.run->verdict->agrees_with_model();
    }
  }
  for (const app::CtaFillMeasure& m : r.fills) {  // the cp.async fills: bytes the model did not predict
    if (!m.run) continue;
    if (m.run->error.kind == ErrorKind::cuda) return kExitCudaError;
    if (!m.run->verdict) continue;
    measured = true;
    differs = differs || m.run->verdict->model_disagreements > 0;
  }
  return !measured ? kExitRefused : differs ? kExitMismatch : kExitOk;
}

std::string fill_cell_json(const tile::CtaFillCell& c) {
  return "{\"thread\": " + std::to_string(c.thread) + ", \"cp_async\": " + std::to_string(c.instruction) +
         ", \"value\": " + std::to_string(c.value) + ", \"byte\": " + std::to_string(c.byte) +
         ", \"landed\": " + cell_json(c.landed) + ", \"expected\": " + cell_json(c.expected) + "}";
}

std::string fill_json(const tile::CtaFill& f) {
  std::ostringstream s;
  s << "{\"cells\": " << f.cells << ", \"mismatches\": " << f.mismatches
    << ", \"misaligned\": " << f.misaligned << ", \"verdict\": " << q(f.verdict());
  if (f.first) s << ", \"first_mismatch\": " << fill_cell_json(*f.first);
  return s.str() + "}";
}

std::string fill_device_json(const CtaDeviceResult& r, std::size_t i) {
  const app::CtaFillMeasure& m = r.fills[i];
  std::ostringstream s;
  if (!m.skipped.empty()) return "{\"skipped\": " + q(m.skipped) + "}";
  s << "{\"instruction\": " << q(m.instruction) << ", \"cp_async_per_thread\": " << m.per_thread;
  if (!m.run) return s.str() + ", \"error\": \"no_device\", \"message\": " + q(r.device.error.message) + "}";
  if (!m.run->verdict)
    return s.str() + ", \"error\": " + q(kind_name(m.run->error.kind)) +
           ", \"message\": " + q(m.run->error.message) + "}";
  const tile::CtaFillProbeVerdict& v = *m.run->verdict;
  s << ", \"gpu\": " << q(r.device.name) << ", \"model_disagreements\": " << v.model_disagreements
    << ", \"model_verdict\": " << q(v.model_verdict());
  if (v.first)
    s << ", \"first_disagreement\": {\"where\": " << fill_cell_json(v.first->cell)
      << ", \"raw\": " << v.first->raw << ", \"predicted_raw\": " << v.first->predicted << "}";
  s << ", \"fill\": " << fill_json(v.measured) << "}";
  return s.str();
}

std::string measured_json(const CtaDeviceResult& r, std::size_t i, std::int64_t threads) {
  const CtaOperandMeasure& m = r.operands[i];
  std::ostringstream s;
  if (!m.skipped.empty()) return "{\"skipped\": " + q(m.skipped) + "}";
  s << "{\"instruction\": " << q(m.instruction) << ", \"instructions_per_thread\": " << m.per_thread
    << ", \"store\": " << (m.store ? "true" : "false");
  if (!m.run) return s.str() + ", \"error\": \"no_device\", \"message\": " + q(r.device.error.message) + "}";
  if (!m.run->verdict)
    return s.str() + ", \"error\": " + q(kind_name(m.run->error.kind)) +
           ", \"message\": " + q(m.run->error.message) + "}";
  const tile::CtaCopyProbeVerdict& v = *m.run->verdict;
  s << ", \"gpu\": " << q(r.device.name) << ", \"cells\": " << v.cells
    << ", \"model_disagreements\": " << v.model_disagreements
    << ", \"model_verdict\": " << q(v.model_verdict());
  if (v.first) {
    const tile::CopyProbeValue& x = v.first->value;
    s << ", \"first_disagreement\": {\"thread\": " << x.thread << ", \"value\": " << x.reg
      << ", \"instruction\": " << x.instruction << ", \"register\": " << x.register_byte / 4
      << ", \"byte\": " << x.register_byte % 4 << ", \"delivered\": " << cell_json(v.first->delivered)
      << ", \"predicted\": " << cell_json(v.store ? std::optional<tile::Cell>(x.expected) : x.moved)
      << ", \"raw\": " << v.first->raw << ", \"predicted_raw\": " << v.first->predicted << "}";
  }
  s << ", \"join\": {\"cells\": " << v.measured.cells << ", \"mismatches\": " << v.measured.mismatches
    << ", \"verdict\": " << q(v.measured.verdict(threads)) << "}}";
  return s.str();
}

std::string mma_json(const CtaDeviceResult& r) {
  const app::CtaMmaMeasure& m = r.mma;
  std::ostringstream s;
  if (!m.skipped.empty()) return "{\"skipped\": " + q(m.skipped) + "}";
  s << "{\"instruction\": " << q(m.instruction) << ", \"mma_per_thread\": " << m.per_thread;
  if (!m.run) return s.str() + ", \"error\": \"no_device\", \"message\": " + q(r.device.error.message) + "}";
  if (!m.run->verdict)
    return s.str() + ", \"error\": " + q(kind_name(m.run->error.kind)) +
           ", \"message\": " + q(m.run->error.message) + "}";
  const tile::CtaMmaVerdict& v = *m.run->verdict;
  s << ", \"gpu\": " << q(r.device.name) << ", \"c_values\": " << v.cells
    << ", \"mismatches\": " << v.mismatches
    << ", \"model_predicts_match\": " << (v.model_predicts_match ? "true" : "false")
    << ", \"agrees_with_model\": " << (v.agrees_with_model() ? "true" : "false")
    << ", \"verdict\": " << q(v.text());
  if (v.first) {
    const tile::CMismatch& x = *v.first;
    s << ", \"first_mismatch\": {\"thread\": " << x.thread << ", \"value\": " << x.reg
      << ", \"cell\": " << cell_json(x.cell) << ", \"measured\": ";
    if (x.measured == x.measured)
      s << x.measured;
    else
      s << "null";
    s << ", \"expected\": " << x.expected << ", \"cells_with_measured\": " << x.holders_total << "}";
  }
  return s.str() + "}";
}

std::string device_json(const DeviceInfo& d) {
  return "{\"present\": " + std::string(d.present ? "true" : "false") + ", \"name\": " + q(d.name) +
         ", \"error\": " + q(d.error.message) + "}";
}

}  // namespace fragviz::cli
