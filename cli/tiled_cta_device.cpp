// `fragviz-cli tiled --device` (tiled_cta_device.hpp).
#include "tiled_cta_device.hpp"

#include <sstream>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "tiled_cta.hpp"

namespace fragviz::cli {
namespace {

std::string q(const std::string& s) { return json_string(s); }

std::string cell_json(const std::optional<tile::Cell>& c) {
  return c ? "[" + std::to_string(c->row) + "," + std::to_string(c->col) + "]" : "null";
}

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

CtaDeviceResult measure_cta_copies(const tile::CtaTile& t) {
  return app::measure_cta_copies(t, query_device(), [](const tile::CtaCopyProbePlan& p) {
    CtaCopyProbeRun run = run_cta_copy_probe(p);
    return app::CtaProbeOutcome{std::move(run.verdict), std::move(run.error)};
  });
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
  return !measured ? kExitRefused : differs ? kExitMismatch : kExitOk;
}

std::string measured_json(const CtaDeviceResult& r, std::size_t i, std::int64_t threads) {
  const CtaOperandMeasure& m = r.operands[i];
  std::ostringstream s;
  if (!m.skipped.empty()) return "{\"skipped\": " + q(m.skipped) + "}";
  s << "{\"instruction\": " << q(m.instruction) << ", \"instructions_per_thread\": " << m.per_thread
    << ", \"store\": " << (m.store ? "true" : "false");
  if (!m.run) return s.str() + ", \"error\": \"no_device\", \"message\": " + q(r.device.error) + "}";
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

std::string device_json(const DeviceInfo& d) {
  return "{\"present\": " + std::string(d.present ? "true" : "false") + ", \"name\": " + q(d.name) +
         ", \"error\": " + q(d.error) + "}";
}

}  // namespace fragviz::cli
