// `fragviz-cli tiled --device --ncu` (issue 25): the CTA tile's copy probes (cta_copy_probe.hpp's
// loads and C's store, cta_fill_probe.hpp's cp.async fills) rerun under Nsight Compute, their
// shared-memory counters beside the bank table's totals for the whole tile.
//
// Isolating a copy's own counts: every probe kernel also touches shared memory for its set-up (the
// image copied in, a store's or fill's image read back). The child process launches each probe
// twice, first with its copies off (CtaCopyProbePlan::run_copies, CtaFillProbePlan::run_copies: the same
// kernel, the same set-up at the same addresses, no copy instruction), then as planned; the copy's
// count of each metric is the second launch's minus the first's. Both launches run the same SASS
// with the same set-up addresses, so the set-up counts the same in both and cancels exactly; a
// kernel variant without set-up would need its own image, which the copy needs to read.
//
// The child prints a marker line after each launch (ncu_launch_marker), and ncu numbers the
// launches it profiles in launch order ("ID"), so the n-th marker names the n-th launch. Pure
// model: text in, figures out; the CLI runs the processes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile {

/// Shared-memory wavefronts and bank conflicts of loads and of stores (Nsight Compute's names,
/// smem_access.hpp's wavefronts_metric and bank_conflicts_metric), the metrics `tiled --ncu` asks for.
std::vector<std::string> cta_ncu_metrics();

/// The same over every shared-memory access ("..._mem_shared.sum"), and LDGSTS's bank conflicts
/// (op_ldgsts, a .ca fill's): asked for too where `ncu --query-metrics` lists them.
std::vector<std::string> cta_ncu_total_metrics();

/// The metrics of `candidates` that `query` (`ncu --query-metrics` output: one metric's base name,
/// without ".sum", at the start of each line, then spaces) lists.
std::vector<std::string> listed_ncu_metrics(std::string_view query,
                                            const std::vector<std::string>& candidates);

/// The line the `--ncu-child` process prints after each probe launch: "fragviz-ncu-launch A load on".
std::string ncu_launch_marker(const std::string& copy, bool copies_on);

/// One copy of the tile measured under Nsight Compute, beside the model's totals.
struct CtaNcuCopy {
  std::string copy;         ///< "A load", "B load", "C store", "A fill", "B fill"
  std::string instruction;  ///< the PTX the probe issued
  bool store = false;       ///< counted by the op_st metrics (C's store, a fill's cp.async)
  bool modelled = false;    ///< the bank table counts it (a .cg fill: no model count, measured only)
  /// A cp.async.ca fill: its conflicts (op_ldgsts) are compared exactly; its wavefronts metric is
  /// the kernel's all-ops count, which holds more than the copies' writes (every cp.async kernel of
  /// the H100 sweep counted 4 beyond them, and the copies-off baseline issues no cp.async), so the
  /// wavefronts are shown beside the model's with the difference, not judged.
  bool cp_async = false;
  std::string not_modelled;  ///< why the model has no count where !modelled ("" : the default words)
  std::int64_t model_wavefronts = 0, model_conflicts = 0, model_instructions = 0;  ///< the table's totals
  std::int64_t probe_instructions = 0;     ///< warp-wide copy instructions the probe ran
  std::map<std::string, double> measured;  ///< per metric: the copies-on launch minus the copies-off one
  std::string error;                       ///< why nothing was measured; "" when measured
  /// The metric compared with the model's wavefronts (op_ld for a load, op_st for a store, every
  /// shared wavefront for a cp.async fill).
  std::string wavefronts_metric() const;
  /// The metric compared with the model's bank conflicts.
  std::string conflicts_metric() const;
  /// Whether the figures were compared: measured, modelled, and the probe ran the instructions the
  /// table counts (a cp.async fill: its conflicts measured).
  bool compared() const;
  /// Whether a compared figure differs from the model's.
  bool differs() const;
  /// "as the model predicted", or each difference named ("wavefronts: ncu 1024, the model 512"),
  /// or why not compared.
  std::string verdict() const;
};

/// A load's or store's copy as the bank table (CtaOperandReport::banks) counts it, for operand `op`,
/// the probe having run `probe_instructions` warp-wide instructions (threads / 32 x per thread).
CtaNcuCopy ncu_copy_from_banks(Operand op, const CtaBanks& banks, std::int64_t probe_instructions);

/// A cp.async fill of `op`: modelled from `banks` (a .ca fill's count_fill_banks), else measured
/// only, for the reason `not_modelled` (kCpAsyncCgNotModelled for a .cg fill).
CtaNcuCopy ncu_fill_copy(Operand op, const std::string& instruction, std::int64_t probe_instructions,
                         const CtaBanks* banks, const std::string& not_modelled);

/// Fills each copy's `measured` (or `error`) from the child's output under ncu `text`: its marker
/// lines paired with ncu's launches in order, each copy's counts its "on" launch minus its "off"
/// launch, per metric. A copy without its two markers: "not launched"; markers and launches that do
/// not pair up, or no metric rows: every copy's error says so.
void take_ncu_output(std::vector<CtaNcuCopy>& copies, std::string_view text);

}  // namespace fragviz::tile
