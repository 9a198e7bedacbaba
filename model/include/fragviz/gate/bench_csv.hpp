// The ladder bench's CSV (`fragviz-cli bench --csv`, e.g. docs/device-runs/*/bench.csv) read back, so
// a bench recorded on a GPU box shows beside the rungs' geometry anywhere. Pure model: text in,
// plain rows out; no files.
//
// The format: comment lines starting with '#' (since 2026-12-07 `# gpu: NAME (sm_XX)`, the GPU it ran
// on; older files lack it), one header line (kBenchCsvHeader), then per size one cuBLAS row ("cublas": ms,
// TFLOP/s, ratio 1.000, the rest empty) and one row per variant:
//   variant,n,ms,tflops,ratio_to_cublas,exact,registers,smem_bytes,spill_bytes
// exact is yes/no for a run, refused/error for one that did not run (then every figure is empty).
// ratio_to_cublas = cuBLAS time / kernel time (1.0 = as fast as cuBLAS), empty without a yardstick;
// smem_bytes = static + dynamic shared bytes per block; spill_bytes = local bytes per thread.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/report/report.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// The CSV's columns, in order: the header line `fragviz-cli bench --csv` writes.
inline constexpr const char* kBenchCsvHeader =
    "variant,n,ms,tflops,ratio_to_cublas,exact,registers,smem_bytes,spill_bytes";

/// The comment line that names the GPU a bench ran on: "# gpu: NVIDIA H200 (sm_90)".
inline constexpr const char* kBenchCsvGpuPrefix = "# gpu: ";

/// A comment line that says what a reader of the figures must know ("# note: cuBLAS at 4096 ran
/// slow in this run ..."): the ladder shows each under the recorded bench's line.
inline constexpr const char* kBenchCsvNotePrefix = "# note: ";

/// Largest bench CSV parse_bench_csv reads (a full ladder at four sizes is about 3 KB).
inline constexpr std::size_t kMaxBenchCsvBytes = 1u << 20;

/// How one variant's run at one size ended.
enum class BenchVerdict { exact, mismatch, refused, error };
std::string_view to_string(BenchVerdict v);

/// One variant at one size, as recorded.
struct BenchRow {
  GateVariant variant{};
  int n = 0;
  BenchVerdict verdict = BenchVerdict::exact;
  /// The figures of a run (exact or mismatch); absent for refused and error rows.
  std::optional<double> ms, tflops;
  std::optional<double> ratio_to_cublas;  ///< absent when the size had no cuBLAS yardstick
  std::optional<int> registers, smem_bytes, spill_bytes;
  bool ran() const { return verdict == BenchVerdict::exact || verdict == BenchVerdict::mismatch; }
};

/// cuBLAS at one size: the yardstick the ratios are against.
struct BenchCublas {
  int n = 0;
  double ms = 0, tflops = 0;
};

/// A bench CSV as read: rows in file order (sizes ascending, variants in ladder order as written).
struct BenchTable {
  std::vector<BenchRow> rows;
  std::vector<BenchCublas> cublas;  ///< one per size that had a yardstick, file order
  std::string gpu;                  ///< from the "# gpu: " line ("NVIDIA H200 (sm_90)"); "" without one
  std::vector<std::string> notes;   ///< the "# note: " lines' text, file order
  /// The cuBLAS row of size `n`, or null.
  const BenchCublas* cublas_at(int n) const;
};

/// Parses bench CSV text (a trailing newline, CRLF line ends and blank lines are accepted; '#'
/// lines before the header are comments, the "# gpu: " one read into `gpu`, at most 200 characters,
/// and each "# note: " one into `notes`, at most 400 characters and 8 notes).
/// Refused (kind refused), naming the line and the column: another header, a line without nine
/// fields, an unknown variant, n outside [kGateMinN, kGateMaxN], a figure that is no finite number
/// >= 0 (ms and TFLOP/s > 0), a verdict other than yes/no/refused/error, a refused or error row
/// with figures, a run without ms or TFLOP/s, a size with two cuBLAS rows or a variant twice, more
/// than kMaxBenchCsvBytes, no rows at all.
Outcome<BenchTable> parse_bench_csv(std::string_view text);

}  // namespace fragviz
