// `fragviz-cli bench`: every working gate variant (the seed's kernels and the ladder) and cuBLAS at
// several sizes, one table, optionally as CSV. Each row is a full gate run (verdict first, then
// timing), so a fast wrong kernel cannot look good.
//
// CSV (`--csv PATH`, or `-` for standard output instead of the table): a "# gpu: NAME (sm_XX)" line,
// one header line, then per size
// one cuBLAS row and one row per variant:
//   variant,n,ms,tflops,ratio_to_cublas,exact,registers,smem_bytes,spill_bytes
// exact is yes/no for a run, refused/error for one that did not run (figures empty); cuBLAS rows
// leave exact and the resource columns empty. smem_bytes = static + dynamic shared bytes per block.
//
// Exit codes: 0 every run exact; 1 some run mismatched; 2 no usable GPU; 3 a size was refused;
// 4 a CUDA error stopped a run; 5 the CSV could not be written.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/device/gate_sweep.hpp"
#include "fragviz/gate/bench_csv.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/stream_k.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {
namespace {

std::string cell(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

void print_row(const std::string& variant, int n, const std::string& ms, const std::string& gflops,
               const std::string& ratio, const std::string& verdict, const std::string& regs,
               const std::string& smem, const std::string& spills) {
  std::printf("%-15s %6d %10s %11s %9s  %-28s %5s %6s %7s\n", variant.c_str(), n, ms.c_str(), gflops.c_str(),
              ratio.c_str(), verdict.c_str(), regs.c_str(), smem.c_str(), spills.c_str());
}

/// The CSV's columns, in order (bench_csv.hpp reads them back).
constexpr const char* kCsvHeader = kBenchCsvHeader;

/// One CSV row; empty strings are empty fields.
struct CsvRow {
  std::string variant;
  int n = 0;
  std::string ms, tflops, ratio, exact, registers, smem, spills;
  std::string line() const {
    return variant + "," + std::to_string(n) + "," + ms + "," + tflops + "," + ratio + "," + exact + "," +
           registers + "," + smem + "," + spills;
  }
};

/// The figures of one run as a CSV row (ratio against cuBLAS's time, 0 for none).
CsvRow run_row(const std::string& name, int n, const GateReport& r, double cublas_ms) {
  const double ratio = cublas_ms > 0 && r.kernel_ms > 0 ? cublas_ms / r.kernel_ms : 0;
  const int smem = r.resources.static_shared_bytes + r.resources.dynamic_shared_bytes;
  return CsvRow{name,
                n,
                cell("%.5f", r.kernel_ms),
                cell("%.2f", r.gflops / 1000.0),
                ratio > 0 ? cell("%.3f", ratio) : "",
                r.exact && r.spot_check_failures == 0 ? "yes" : "no",
                std::to_string(r.resources.registers),
                std::to_string(smem),
                std::to_string(r.resources.local_bytes)};
}

/// The sweep's CSV (`--sweep`): the stream-k candidates' runs, cuBLAS's per size, and which
/// candidate was best (the one the stream-k rows of the bench CSV report).
constexpr const char* kSweepHeader =
    "candidate,block_m,block_n,block_k,stages,raster_group,stream_k,n,ms,tflops,ratio_to_cublas,exact,"
    "registers,smem_bytes,spill_bytes,best";

/// The best candidate: exact at every size, the highest geometric mean of x cuBLAS (of TFLOP/s
/// where a size had no cuBLAS), over the sizes; -1 when none ran exact everywhere.
int best_candidate(const std::vector<std::vector<GateReport>>& runs, const std::vector<double>& cublas_ms) {
  int best = -1;
  double best_score = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    double log_sum = 0;
    bool ok = !runs[i].empty();
    for (std::size_t k = 0; k < runs[i].size() && ok; ++k) {
      const GateReport& r = runs[i][k];
      ok = r.ran && r.exact && r.spot_check_failures == 0 && r.kernel_ms > 0;
      if (ok) log_sum += std::log(cublas_ms[k] > 0 ? cublas_ms[k] / r.kernel_ms : r.gflops);
    }
    const double score = std::exp(log_sum / static_cast<double>(runs[i].size()));
    if (ok && (best < 0 || score > best_score)) {
      best = static_cast<int>(i);
      best_score = score;
    }
  }
  return best;
}

/// The variants bench runs: all but the deliberately wrong one, in ladder order.
std::vector<GateVariant> bench_variants() {
  std::vector<GateVariant> vs;
  for (const GateVariantInfo& i : gate_variants())
    if (!i.deliberately_wrong) vs.push_back(i.variant);
  return vs;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::vector<std::string> sizes;  ///< as given: comma-separated lists, each judged by kSizes
    std::uint64_t seed = 1;
    int runs = 20;
    std::string csv;
    std::string sweep;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("bench",
                                 "Every gate variant (the seed's kernels and the mma.sync ladder, except the "
                                 "deliberately broken one) and cuBLAS at each size: time, TFLOP/s, ratio to "
                                 "cuBLAS, exact verdict, registers, shared memory, spills");
  // Whole numbers in the gate's range here, as `gate --n` takes them (else exit 64); the variants'
  // tiles below, as `gate --n` applies them (exit 3).
  const CLI::Validator sizes = int_list_validator(
      kGateMinN, kGateMaxN,
      "--sizes takes whole numbers, comma-separated, e.g. --sizes 1024,2048 (the gate runs " +
          std::to_string(kGateMinN) + " to " + std::to_string(kGateMaxN) + ")");
  cmd->add_option("--sizes", opts->sizes,
                  "comma-separated sizes from 256 (default 1024,2048,4096,8192); each variant runs the sizes "
                  "its block tile divides")
      ->check(sizes);
  cmd->add_option("--seed", opts->seed, "input seed")->check(kUnsignedDecimal)->capture_default_str();
  cmd->add_option("--runs", opts->runs, "timed runs per kernel; the median is reported")
      ->check(whole_range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--csv", opts->csv,
                  "also write the results as CSV to this file, or '-' for standard output (instead of the "
                  "table): a line '# gpu: NAME (sm_XX)', then " +
                      std::string(kCsvHeader))
      ->check(kNonEmpty);
  cmd->add_option("--sweep", opts->sweep,
                  "also time every candidate instantiation of the stream-k rung (sm_90) at each size, write "
                  "them to this CSV, and report the best exact one (highest geometric mean of x cuBLAS) in "
                  "the stream-k rows: " +
                      std::string(kSweepHeader))
      ->check(kNonEmpty);
  cmd->callback([opts, &exit_code] {
    // The CSV path is judged before anything else (an unwritable one costs no GPU time) without
    // creating or emptying it: an existing file is emptied only once a device is there to fill it.
    if (refuse_unwritable("bench", {{"--csv", opts->csv}, {"--sweep", opts->sweep}})) {
      exit_code = finish_output(kExitJson);
      return;
    }
    // Sizes are judged before looking for a GPU, as `gate` does: the same refusal everywhere. A size
    // is refused when no variant takes it (a variant whose tile does not divide it is listed refused).
    const std::vector<GateVariant> variants = bench_variants();
    std::vector<int> ns;
    for (const std::string& list : opts->sizes)
      for (int n : int_list(list))
        if (std::find(ns.begin(), ns.end(), n) == ns.end()) ns.push_back(n);  // a repeat runs once
    if (ns.empty()) ns = {1024, 2048, 4096, 8192};
    for (int n : ns) {
      std::optional<std::string> why;
      bool any = false;
      for (GateVariant v : variants) {
        auto p = gate_size_problem(n, 0, v);
        if (!p)
          any = true;
        else if (!why)
          why = p;
      }
      if (!any) {
        std::cerr << "bench refused: " << *why << "\n";
        exit_code = finish_output(kExitRefused);
        return;
      }
    }
    const bool csv_stdout = opts->csv == kStdoutPath;
    std::ofstream csv_file;
    std::ostream* csv = csv_stdout ? &std::cout : !opts->csv.empty() ? &csv_file : nullptr;
    const bool table = !csv_stdout;
    std::ostream& notes = csv_stdout ? std::cerr : std::cout;

    const DeviceInfo dev = query_device();
    if (!dev.present) {
      std::cerr << "bench: " << (dev.error.message.empty() ? "no CUDA device" : dev.error.message) << "\n";
      exit_code = finish_output(kExitNoDevice);
      return;
    }
    if (!opts->csv.empty() && !csv_stdout) {
      csv_file.open(opts->csv, std::ios::binary | std::ios::trunc);
      if (!csv_file) {
        std::cerr << "bench: cannot write the CSV to " << opts->csv << "\n";
        exit_code = finish_output(kExitJson);
        return;
      }
    }
    notes << "device: " << dev.name << " (sm_" << dev.sm() << "), seed " << opts->seed << ", median of "
          << plural(opts->runs, "run") << "\n";
    if (table) print_row("variant", 0, "ms", "GFLOP/s", "x cuBLAS", "verdict", "regs", "smem", "spills");
    // The GPU first, so a bench opened elsewhere (the app's ladder) says where it was measured.
    if (csv) *csv << kBenchCsvGpuPrefix << dev.name << " (sm_" << dev.sm() << ")\n" << kCsvHeader << "\n";
    bool mismatch = false, refused = false;
    int failure = 0;  // exit code of the first run that stopped (by its error's kind)
    // --sweep: every candidate's run per size (sweep_runs[i][size index]), cuBLAS's time per size,
    // and where each size's stream-k row waits for the best candidate's figures.
    const bool sweep = !opts->sweep.empty();
    std::vector<std::vector<GateReport>> sweep_runs(static_cast<std::size_t>(gate::kStreamKCandidateCount));
    std::vector<double> sweep_cublas;
    std::vector<int> sweep_ns;  // the sizes the candidates ran at, in order
    std::vector<CsvRow> all_rows;
    for (int n : ns) {
      bool cublas_done = false;
      double cublas_ms = 0;
      std::vector<CsvRow> rows;
      for (GateVariant v : variants) {
        GateRequest req;
        req.n = n;
        req.variant = v;
        req.seed = opts->seed;
        req.timed_runs = opts->runs;
        req.with_cublas = !cublas_done;  // one yardstick per size, from the first variant that runs
        const std::string name(to_string(v));
        auto not_run = [&](bool was_refused, const std::string& message) {
          if (table) {
            print_row(name, n, "-", "-", "-", was_refused ? "refused" : "error", "-", "-", "-");
            std::cout << "  (" << message << ")\n";
          } else {
            std::cerr << name << " at n = " << n << ": " << message << "\n";
          }
          rows.push_back(CsvRow{name, n, "", "", "", was_refused ? "refused" : "error", "", "", ""});
        };
        if (auto why = gate_refusal(req, dev)) {
          const bool was_refused = why->kind == ErrorKind::refused;
          not_run(was_refused, why->message);
          // A variant this GPU lacks, or whose tile does not divide n, is waived; a size that does
          // not fit in memory is the user's error.
          if (!was_refused && failure == 0) failure = exit_code_for(why->kind);
          if (was_refused && dev.sm() >= min_sm(v) && !gate_variant_size_problem(v, n)) refused = true;
          continue;
        }
        if (sweep && v == GateVariant::stream_k) {
          for (int i = 0; i < gate::kStreamKCandidateCount; ++i) {
            req.with_cublas = !cublas_done;
            GateReport c = run_gate_stream_k_candidate(req, i);
            const std::string cname = std::string("  ") + gate::kStreamKCandidates[i].name;
            if (!cublas_done && c.cublas_ms > 0) {
              cublas_done = true;
              cublas_ms = c.cublas_ms;
              if (table)
                print_row("cuBLAS", n, cell("%.4f", c.cublas_ms), cell("%.1f", c.cublas_gflops), "1.000",
                          "(yardstick)", "-", "-", "-");
              rows.insert(rows.begin(),
                          CsvRow{"cublas", n, cell("%.5f", c.cublas_ms),
                                 cell("%.2f", c.cublas_gflops / 1000.0), "1.000", "", "", "", ""});
            }
            if (!c.ran) {
              if (table) print_row(cname, n, "-", "-", "-", "error", "-", "-", "-");
              notes << "  (" << gate::kStreamKCandidates[i].name << " at n = " << n << ": " << c.error.message
                    << ")\n";
              if (failure == 0 && c.error.kind != ErrorKind::refused) failure = exit_code_for(c.error.kind);
            } else {
              if (!c.exact || c.spot_check_failures != 0) mismatch = true;
              const CsvRow cr = run_row(cname, n, c, cublas_ms);
              if (table)
                print_row(cname, n, cell("%.4f", c.kernel_ms), cell("%.1f", c.gflops),
                          cr.ratio.empty() ? "-" : cr.ratio,
                          c.exact ? "exact" : "MISMATCH x" + std::to_string(c.mismatch_count), cr.registers,
                          cr.smem, cr.spills);
            }
            sweep_runs[static_cast<std::size_t>(i)].push_back(std::move(c));
          }
          sweep_cublas.push_back(cublas_ms);
          sweep_ns.push_back(n);
          rows.push_back(CsvRow{name, n, "", "", "", "error", "", "", ""});
          continue;
        }
        const GateReport r = run_gate(req);
        if (!r.ran) {
          const bool was_refused = r.error.kind == ErrorKind::refused;
          not_run(was_refused, r.error.message);
          if (was_refused)
            refused = true;
          else if (failure == 0)
            failure = exit_code_for(r.error.kind);
          continue;
        }
        if (!cublas_done && r.cublas_ms > 0) {
          cublas_done = true;
          cublas_ms = r.cublas_ms;
          if (table)
            print_row("cuBLAS", n, cell("%.4f", r.cublas_ms), cell("%.1f", r.cublas_gflops), "1.000",
                      "(yardstick)", "-", "-", "-");
          rows.insert(rows.begin(), CsvRow{"cublas", n, cell("%.5f", r.cublas_ms),
                                           cell("%.2f", r.cublas_gflops / 1000.0), "1.000", "", "", "", ""});
        }
        const double ratio = cublas_done && r.kernel_ms > 0 ? cublas_ms / r.kernel_ms : 0;
        std::string verdict = r.exact ? "exact" : "MISMATCH x" + std::to_string(r.mismatch_count);
        if (r.spot_check_failures != 0) verdict += ", REFERENCE SPOT CHECK FAILED";
        if (!r.exact || r.spot_check_failures != 0) mismatch = true;
        const int smem = r.resources.static_shared_bytes + r.resources.dynamic_shared_bytes;
        if (table)
          print_row(name, n, cell("%.4f", r.kernel_ms), cell("%.1f", r.gflops),
                    ratio > 0 ? cell("%.3f", ratio) : "-", verdict, std::to_string(r.resources.registers),
                    std::to_string(smem), std::to_string(r.resources.local_bytes));
        rows.push_back(CsvRow{name, n, cell("%.5f", r.kernel_ms), cell("%.2f", r.gflops / 1000.0),
                              ratio > 0 ? cell("%.3f", ratio) : "",
                              r.exact && r.spot_check_failures == 0 ? "yes" : "no",
                              std::to_string(r.resources.registers), std::to_string(smem),
                              std::to_string(r.resources.local_bytes)});
      }
      all_rows.insert(all_rows.end(), rows.begin(), rows.end());
    }
    if (sweep) {
      // The best exact candidate's figures become the stream-k rows; every candidate goes to --sweep.
      const int best = best_candidate(sweep_runs, sweep_cublas);
      const std::string stream_k_name(to_string(GateVariant::stream_k));
      for (std::size_t k = 0; k < sweep_ns.size() && best >= 0; ++k)
        for (CsvRow& row : all_rows)
          if (row.variant == stream_k_name && row.n == sweep_ns[k])
            row = run_row(row.variant, row.n, sweep_runs[static_cast<std::size_t>(best)][k], sweep_cublas[k]);
      std::ofstream out(opts->sweep, std::ios::binary | std::ios::trunc);
      out << kSweepHeader << "\n";
      for (std::size_t k = 0; k < sweep_cublas.size(); ++k) {
        const int n = sweep_ns[k];
        if (sweep_cublas[k] > 0)
          out << "cublas,,,,,,," << n << "," << cell("%.5f", sweep_cublas[k]) << ","
              << cell("%.2f", 2.0 * n * double(n) * n / (sweep_cublas[k] * 1e9)) << ",1.000,,,,,\n";
        for (int i = 0; i < gate::kStreamKCandidateCount; ++i) {
          const gate::StreamKConfig& cfg = gate::kStreamKCandidates[i];
          const GateReport& r = sweep_runs[static_cast<std::size_t>(i)][k];
          const std::string config =
              std::string(cfg.name) + "," + std::to_string(cfg.tile.block_m) + "," +
              std::to_string(cfg.tile.block_n) + "," + std::to_string(cfg.tile.block_k) + "," +
              std::to_string(cfg.tile.stages) + "," + std::to_string(cfg.tile.raster_group) + "," +
              (cfg.stream_k ? "yes" : "no");
          if (!r.ran) {
            out << config << "," << n << ",,,,error,,,," << (i == best ? "yes" : "no") << "\n";
            continue;
          }
          const CsvRow cr = run_row(cfg.name, n, r, sweep_cublas[k]);
          out << config << "," << n << "," << cr.ms << "," << cr.tflops << "," << cr.ratio << "," << cr.exact
              << "," << cr.registers << "," << cr.smem << "," << cr.spills << ","
              << (i == best ? "yes" : "no") << "\n";
        }
      }
      out.close();
      if (!out) {
        std::cerr << "bench: writing the sweep CSV to " << opts->sweep << " failed\n";
        if (failure == 0) failure = kExitJson;
      }
      notes << "sweep: "
            << (best < 0 ? std::string("no candidate was exact at every size")
                         : std::string("best ") + gate::kStreamKCandidates[best].name + " (candidate " +
                               std::to_string(best) + "); the stream-k rows report it")
            << "; the rung ships candidate " << gate::kStreamKShipped << " ("
            << gate::kStreamKCandidates[gate::kStreamKShipped].name
            << ", kStreamKShipped in gate/stream_k.hpp)\n";
    }
    if (csv)
      for (const CsvRow& row : all_rows) *csv << row.line() << "\n";
    if (table)
      std::cout
          << "x cuBLAS = cuBLAS time / kernel time (1.000 = as fast as cuBLAS; cuBLAS timed once per size, "
             "in the first variant's run); smem = static + dynamic bytes per block; spills = local bytes "
             "per thread\n";
    int code = mismatch ? kExitMismatch : failure != 0 ? failure : refused ? kExitRefused : 0;
    if (csv_file.is_open()) {
      csv_file.close();
      if (!csv_file) {
        std::cerr << "bench: writing the CSV to " << opts->csv << " failed\n";
        code = kExitJson;
      }
    }
    // A mismatch outranks a refusal or an error in the exit code: it is the finding.
    exit_code = finish_output(code);
  });
}

}  // namespace fragviz::cli
