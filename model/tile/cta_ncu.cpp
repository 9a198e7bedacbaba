// The CTA tile's copies under Nsight Compute (cta_ncu.hpp).
#include "fragviz/tile/cta_ncu.hpp"

#include <algorithm>
#include <cmath>

#include "fragviz/probe/layout_probe.hpp"

namespace fragviz::tile {
namespace {

constexpr std::string_view kMarker = "fragviz-ncu-launch ";

std::string count_text(double v) { return std::to_string(std::llround(v)); }

/// The op whose Nsight Compute metrics a copy reads.
SharedOp metrics_op(const CtaNcuCopy& c) {
  return c.cp_async ? SharedOp::cpasync16 : c.store ? SharedOp::sts32 : SharedOp::lds32;
}

/// A compared cp.async.ca fill's verdict (CtaNcuCopy::cp_async says why only conflicts are judged).
std::string cp_async_verdict(const CtaNcuCopy& x) {
  const auto c = x.measured.find(x.conflicts_metric());
  if (c == x.measured.end()) return "not compared: ncu gave no " + x.conflicts_metric();
  std::string out = std::llround(c->second) == x.model_conflicts
                        ? std::string("bank conflicts as the model predicted")
                        : "THE MODEL DIFFERS: bank conflicts: ncu " + count_text(c->second) + ", the model " +
                              std::to_string(x.model_conflicts);
  const auto w = x.measured.find(x.wavefronts_metric());
  if (w == x.measured.end()) return out;
  const long long more = std::llround(w->second) - x.model_wavefronts;
  out += "; wavefronts not judged: ncu " + count_text(w->second) + " over every shared access, the model " +
         std::to_string(x.model_wavefronts);
  if (more != 0)
    out += " (" + std::to_string(more < 0 ? -more : more) + (more < 0 ? " fewer" : " more") +
           ": a cp.async kernel counts wavefronts beyond its writes, 4 in every kernel of the H100 sweep, "
           "which the copies-off baseline does not remove)";
  return out;
}

}  // namespace

std::vector<std::string> cta_ncu_metrics() {
  return {
      std::string(wavefronts_metric(SharedOp::lds32)), std::string(bank_conflicts_metric(SharedOp::lds32)),
      std::string(wavefronts_metric(SharedOp::sts32)), std::string(bank_conflicts_metric(SharedOp::sts32))};
}

std::vector<std::string> cta_ncu_total_metrics() {
  return {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
          std::string(bank_conflicts_metric(SharedOp::cpasync16))};
}

std::vector<std::string> listed_ncu_metrics(std::string_view query,
                                            const std::vector<std::string>& candidates) {
  std::vector<std::string> out;
  for (const std::string& m : candidates) {
    const std::string base =
        m.size() > 4 && m.compare(m.size() - 4, 4, ".sum") == 0 ? m.substr(0, m.size() - 4) : m;
    std::size_t at = 0;
    while (at < query.size()) {
      const std::size_t end = std::min(query.find('\n', at), query.size());
      const std::string_view line = query.substr(at, end - at);
      at = end + 1;
      if (line.size() > base.size() && line.compare(0, base.size(), base) == 0 &&
          (line[base.size()] == ' ' || line[base.size()] == '\t')) {
        out.push_back(m);
        break;
      }
    }
  }
  return out;
}

std::string ncu_launch_marker(const std::string& copy, bool copies_on) {
  return std::string(kMarker) + copy + (copies_on ? " on" : " off");
}

std::string CtaNcuCopy::wavefronts_metric() const {
  return std::string(fragviz::wavefronts_metric(metrics_op(*this)));
}

std::string CtaNcuCopy::conflicts_metric() const {
  return std::string(bank_conflicts_metric(metrics_op(*this)));
}

bool CtaNcuCopy::compared() const {
  return error.empty() && modelled && probe_instructions == model_instructions &&
         measured.count(cp_async ? conflicts_metric() : wavefronts_metric()) != 0;
}

bool CtaNcuCopy::differs() const {
  if (!compared()) return false;
  const auto conflicts = measured.find(conflicts_metric());
  if (cp_async) return std::llround(conflicts->second) != model_conflicts;
  return std::llround(measured.at(wavefronts_metric())) != model_wavefronts ||
         (conflicts != measured.end() && std::llround(conflicts->second) != model_conflicts);
}

std::string CtaNcuCopy::verdict() const {
  if (!error.empty()) return "not measured: " + error;
  if (!modelled)
    return "measured only (" +
           (not_modelled.empty() ? std::string("the model has no bank count for it") : not_modelled) + ")";
  if (probe_instructions != model_instructions)
    return "not compared: the probe ran " + std::to_string(probe_instructions) +
           " warp instructions, the bank table counts " + std::to_string(model_instructions);
  if (cp_async) return cp_async_verdict(*this);
  const auto w = measured.find(wavefronts_metric());
  if (w == measured.end()) return "not compared: ncu gave no " + wavefronts_metric();
  std::string out;
  if (std::llround(w->second) != model_wavefronts)
    out += "wavefronts: ncu " + count_text(w->second) + ", the model " + std::to_string(model_wavefronts);
  const auto c = measured.find(conflicts_metric());
  if (c != measured.end() && std::llround(c->second) != model_conflicts)
    out += (out.empty() ? "" : "; ") + std::string("bank conflicts: ncu ") + count_text(c->second) +
           ", the model " + std::to_string(model_conflicts);
  if (!out.empty()) return "THE MODEL DIFFERS: " + out;
  return c == measured.end() ? "wavefronts as the model predicted (ncu gave no bank-conflict count)"
                             : "as the model predicted";
}

CtaNcuCopy ncu_copy_from_banks(Operand op, const CtaBanks& banks, std::int64_t probe_instructions) {
  CtaNcuCopy c;
  c.store = is_store(banks.op);
  c.copy = std::string(to_string(op)) + (c.store ? " store" : " load");
  c.instruction = banks.instruction;
  c.modelled = banks.misaligned == 0 && banks.note.empty();
  c.model_wavefronts = banks.wavefronts;
  c.model_conflicts = banks.conflicts;
  c.model_instructions = banks.instructions;
  c.probe_instructions = probe_instructions;
  return c;
}

CtaNcuCopy ncu_fill_copy(Operand op, const std::string& instruction, std::int64_t probe_instructions,
                         const CtaBanks* banks, const std::string& not_modelled) {
  CtaNcuCopy c;
  c.copy = std::string(to_string(op)) + " fill";
  c.instruction = instruction;
  c.store = true;
  c.probe_instructions = probe_instructions;
  c.not_modelled = not_modelled;
  if (banks) {
    c.cp_async = true;
    c.modelled = banks->misaligned == 0 && banks->note.empty() && !banks->rows.empty();
    if (!c.modelled && c.not_modelled.empty())
      c.not_modelled = banks->note.empty() ? "the model leaves misaligned cp.async out" : banks->note;
    c.model_wavefronts = banks->wavefronts;
    c.model_conflicts = banks->conflicts;
    c.model_instructions = banks->instructions;
  }
  return c;
}

void take_ncu_output(std::vector<CtaNcuCopy>& copies, std::string_view text) {
  std::vector<std::string> markers;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.rfind(kMarker, 0) == 0) markers.emplace_back(line);
  }
  const auto launches = parse_ncu_csv_launches(text);
  std::string all_error;
  if (!launches)
    all_error = launches.error.message;
  else if (launches->size() != markers.size())
    all_error = "ncu profiled " + std::to_string(launches->size()) + " launches, the probe made " +
                std::to_string(markers.size());
  for (CtaNcuCopy& c : copies) {
    c.measured.clear();
    c.error = all_error;
    if (!all_error.empty()) continue;
    int off = -1, on = -1;
    for (std::size_t i = 0; i < markers.size(); ++i) {
      if (markers[i] == ncu_launch_marker(c.copy, false)) off = static_cast<int>(i);
      if (markers[i] == ncu_launch_marker(c.copy, true)) on = static_cast<int>(i);
    }
    if (off < 0 || on < 0) {
      c.error = "not launched under ncu";
      continue;
    }
    const auto& with = (*launches)[static_cast<std::size_t>(on)];
    const auto& without = (*launches)[static_cast<std::size_t>(off)];
    for (const auto& [name, value] : with) {
      const auto base = without.find(name);
      if (base != without.end()) c.measured[name] = value - base->second;
    }
  }
}

}  // namespace fragviz::tile
