// `fragviz-cli tiled --device --ncu` (tiled_cta_ncu.hpp).
#include "tiled_cta_ncu.hpp"

#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "probe_layout.hpp"
#include "tiled_cta.hpp"

namespace fragviz::cli {
namespace {

constexpr std::size_t kMaxOutput = 4u << 20;  // ncu's CSV of every probe launch, twice

std::int64_t warps(const tile::CtaTile& t) { return (t.mma.threads() + kWarpSize - 1) / kWarpSize; }

std::string count_text(double v) {
  std::ostringstream s;
  s << static_cast<long long>(v < 0 ? v - 0.5 : v + 0.5);
  return s.str();
}

}  // namespace

std::vector<tile::CtaNcuCopy> measure_under_ncu(const std::string& ncu_path,
                                                const std::vector<std::string>& flag_args,
                                                const tile::CtaTile& t, const tile::CtaReport& report,
                                                const CtaDeviceResult& measured) {
  std::vector<tile::CtaNcuCopy> copies;
  for (std::size_t i = 0; i < 3; ++i) {
    const CtaOperandMeasure& m = measured.operands[i];
    const auto& banks = report.operands[i].banks;
    if (!m.run || !m.run->verdict || !banks) continue;
    copies.push_back(tile::ncu_copy_from_banks(report.operands[i].operand, *banks, warps(t) * m.per_thread));
  }
  for (std::size_t i = 0; i < 2; ++i) {
    const app::CtaFillMeasure& m = measured.fills[i];
    if (!m.run || !m.run->verdict) continue;
    const tile::CtaOperandReport& o = report.operands[i];
    copies.push_back(tile::ncu_fill_copy(i == 0 ? Operand::A : Operand::B, m.instruction,
                                         warps(t) * m.per_thread, o.fill_banks ? &*o.fill_banks : nullptr,
                                         o.fill_no_banks));
  }
  if (copies.empty()) return copies;
  const auto fail_all = [&](const std::string& why) {
    for (tile::CtaNcuCopy& c : copies) c.error = why;
    return copies;
  };
  if (ncu_path.empty()) return fail_all("ncu (Nsight Compute) is not on PATH");
  const std::string self = self_path();
  if (self.empty()) return fail_all("cannot find this program's path (/proc/self/exe)");
  // The totals over every shared access only where this ncu has them: an unknown metric fails the run.
  int status = 0;
  const std::string query =
      run_capture(shell_quote(ncu_path) + " --query-metrics 2>/dev/null", status, kMaxOutput);
  std::vector<std::string> metrics = tile::cta_ncu_metrics();
  for (const std::string& m : tile::listed_ncu_metrics(query, tile::cta_ncu_total_metrics()))
    metrics.push_back(m);
  std::string list;
  for (const std::string& m : metrics) list += (list.empty() ? "" : ",") + m;
  std::string cmd = shell_quote(ncu_path) + " --metrics " + list +
                    " --csv --kernel-name regex:'cta_(copy|store|fill)_probe_kernel' " + shell_quote(self) +
                    " tiled";
  for (const std::string& a : flag_args) cmd += " " + shell_quote(a);
  cmd += " --ncu-child 2>&1";
  const std::string text = run_capture(cmd, status, kMaxOutput);
  if (status == -1 && text.empty()) return fail_all("cannot start " + ncu_path);
  tile::take_ncu_output(copies, text);
  for (tile::CtaNcuCopy& c : copies)
    if (!c.error.empty() && c.error.find("no metric rows") != std::string::npos) {
      const std::string tail = text.size() > 400 ? text.substr(text.size() - 400) : text;
      c.error += " (ncu's exit status " + std::to_string(status) + "): " + tail;
    }
  return copies;
}

void print_ncu_section(const std::vector<tile::CtaNcuCopy>& copies) {
  if (copies.empty()) return;
  const std::vector<std::string> m = tile::cta_ncu_metrics();
  std::cout << "\nNsight Compute, each copy's own shared-memory counters over the whole tile (its probe's\n"
            << "launch minus the same kernel's with the copies off):\n"
            << "  loads  " << m[0] << ", " << m[1] << "\n"
            << "  stores " << m[2] << ", " << m[3] << "\n"
            << "  cp.async.ca fills " << bank_conflicts_metric(SharedOp::cpasync16) << " (judged), "
            << wavefronts_metric(SharedOp::cpasync16) << " (shown)\n";
  for (const tile::CtaNcuCopy& c : copies) {
    std::cout << "  " << c.copy << " (" << c.instruction << ", " << c.probe_instructions
              << " warp instructions)";
    if (!c.error.empty()) {
      std::cout << ": " << c.verdict() << "\n";
      continue;
    }
    std::cout << ":";
    const auto w = c.measured.find(c.wavefronts_metric());
    const auto b = c.measured.find(c.conflicts_metric());
    std::cout << " wavefronts " << (w == c.measured.end() ? std::string("absent") : count_text(w->second));
    if (c.modelled) std::cout << " (model " << c.model_wavefronts << ")";
    std::cout << ", bank conflicts "
              << (b == c.measured.end() ? std::string("absent") : count_text(b->second));
    if (c.modelled) std::cout << " (model " << c.model_conflicts << ")";
    std::cout << ": " << c.verdict() << "\n";
    // The other counters the copy moved (a fill's writes wherever ncu counts them, a load's stores).
    for (const auto& [name, value] : c.measured)
      if (name != c.wavefronts_metric() && name != c.conflicts_metric() && count_text(value) != "0")
        std::cout << "    also " << name << " " << count_text(value) << "\n";
  }
}

std::string ncu_json(const tile::CtaNcuCopy& c) {
  std::ostringstream s;
  s << "{\"copy\": " << json_string(c.copy) << ", \"instruction\": " << json_string(c.instruction)
    << ", \"probe_instructions\": " << c.probe_instructions;
  if (c.modelled)
    s << ", \"model_instructions\": " << c.model_instructions
      << ", \"model_wavefronts\": " << c.model_wavefronts
      << ", \"model_bank_conflicts\": " << c.model_conflicts;
  if (!c.error.empty()) s << ", \"error\": " << json_string(c.error);
  s << ", \"wavefronts_metric\": " << json_string(c.wavefronts_metric())
    << ", \"bank_conflicts_metric\": " << json_string(c.conflicts_metric()) << ", \"measured\": {";
  bool first = true;
  for (const auto& [name, value] : c.measured) {
    s << (first ? "" : ", ") << json_string(name) << ": " << count_text(value);
    first = false;
  }
  s << "}, \"verdict\": " << json_string(c.verdict()) << "}";
  return s.str();
}

int run_ncu_child(const tile::CtaTile& t) {
  const DeviceInfo device = query_device();
  if (!device.present) return kExitNoDevice;
  // Each plan twice: copies off (the baseline), then as planned; a marker after each launch that ran.
  const auto mark = [](const std::string& copy, bool on, const Error& e) {
    if (e.kind == ErrorKind::none) std::cout << tile::ncu_launch_marker(copy, on) << std::endl;
    return e.kind == ErrorKind::none;
  };
  CtaDeviceResult r;
  r.device = device;
  r.operands = app::measure_cta_copies(t, device, [&](const tile::CtaCopyProbePlan& p) {
                 const std::string copy = std::string(to_string(p.operand)) + (p.store ? " store" : " load");
                 tile::CtaCopyProbePlan off = p;
                 off.run_copies = false;
                 CtaCopyProbeRun base = run_cta_copy_probe(off);
                 if (!mark(copy, false, base.error)) return app::CtaProbeOutcome{std::nullopt, base.error};
                 CtaCopyProbeRun run = run_cta_copy_probe(p);
                 mark(copy, true, run.error);
                 return app::CtaProbeOutcome{std::move(run.verdict), std::move(run.error)};
               }).operands;
  r.fills = app::measure_cta_fills(t, device, [&](const tile::CtaFillProbePlan& p) {
    const std::string copy = std::string(to_string(p.operand)) + " fill";
    tile::CtaFillProbePlan off = p;
    off.run_copies = false;
    CtaFillProbeRun base = run_cta_fill_probe(off);
    if (!mark(copy, false, base.error)) return app::CtaFillOutcome{std::nullopt, base.error};
    CtaFillProbeRun run = run_cta_fill_probe(p);
    mark(copy, true, run.error);
    return app::CtaFillOutcome{std::move(run.verdict), std::move(run.error)};
  });
  const int code = cta_device_exit_code(r);
  return finish_output(code == kExitMismatch ? kExitOk : code);
}

}  // namespace fragviz::cli
