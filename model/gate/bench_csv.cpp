// Reading the ladder bench's CSV back (bench_csv.hpp).
#include "fragviz/gate/bench_csv.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <utility>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

std::string_view to_string(BenchVerdict v) {
  switch (v) {
    case BenchVerdict::exact:
      return "exact";
    case BenchVerdict::mismatch:
      return "mismatch";
    case BenchVerdict::refused:
      return "refused";
    case BenchVerdict::error:
      return "error";
  }
  return "?";
}

const BenchCublas* BenchTable::cublas_at(int n) const {
  for (const BenchCublas& c : cublas)
    if (c.n == n) return &c;
  return nullptr;
}

namespace {

/// A refusal of line `line` (1-based), column `column` (the field's name).
struct Bad : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr const char* kColumns[] = {"variant", "n",         "ms",         "tflops",     "ratio_to_cublas",
                                    "exact",   "registers", "smem_bytes", "spill_bytes"};

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i)
    if (i == line.size() || line[i] == ',') {
      out.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

std::optional<double> number(std::string_view field, const char* column, bool positive) {
  if (field.empty()) return std::nullopt;
  const std::string text(field);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v) || v < 0 ||
      (positive && v == 0))
    throw Bad(std::string(column) + " \"" + echo_text(text) + "\" is no " +
              (positive ? "positive" : "non-negative") + " number");
  return v;
}

std::optional<int> whole(std::string_view field, const char* column, long long lo, long long hi) {
  if (field.empty()) return std::nullopt;
  const std::string text(field);
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (end != text.c_str() + text.size() || errno == ERANGE || text[0] == '+' || text[0] == '-' || v < lo ||
      v > hi)
    throw Bad(std::string(column) + " \"" + echo_text(text) + "\" is no whole number in [" +
              std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return static_cast<int>(v);
}

}  // namespace

Outcome<BenchTable> parse_bench_csv(std::string_view text) {
  const auto refused = [](std::string message) {
    return Outcome<BenchTable>::fail(ErrorKind::refused, "not a ladder bench CSV: " + std::move(message));
  };
  if (text.size() > kMaxBenchCsvBytes)
    return refused(std::to_string(text.size()) + " bytes; a bench CSV is at most " +
                   std::to_string(kMaxBenchCsvBytes >> 10) + " KiB");
  BenchTable t;
  std::set<std::pair<int, int>> seen;  // (n, variant)
  int line_no = 0;
  bool header = false;
  std::size_t pos = 0;
  try {
    while (pos < text.size()) {
      std::size_t eol = text.find('\n', pos);
      if (eol == std::string_view::npos) eol = text.size();
      std::string_view line = text.substr(pos, eol - pos);
      pos = eol + 1;
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const std::string at = "line " + std::to_string(line_no) + ": ";
      if (!header) {
        // Comments before the header: the GPU's line is kept, others (provenance notes) skipped.
        if (!line.empty() && line.front() == '#') {
          const std::string_view prefix = kBenchCsvGpuPrefix;
          if (line.substr(0, prefix.size()) == prefix) {
            const std::string_view gpu = line.substr(prefix.size());
            if (gpu.empty() || gpu.size() > 200)
              return refused(at + "the GPU line names " + (gpu.empty() ? "no GPU" : "over 200 characters"));
            if (!t.gpu.empty()) return refused(at + "a second \"" + std::string(prefix) + "\" line");
            t.gpu = echo_text(std::string(gpu));
          }
          const std::string_view note_prefix = kBenchCsvNotePrefix;
          if (line.substr(0, note_prefix.size()) == note_prefix) {
            const std::string_view note = line.substr(note_prefix.size());
            if (note.empty() || note.size() > 400)
              return refused(at + "the note " + (note.empty() ? "is empty" : "runs over 400 characters"));
            if (t.notes.size() == 8) return refused(at + "a ninth note; a bench CSV has at most 8");
            t.notes.push_back(escape_controls(note));  // whole: at most 400 characters
          }
          continue;
        }
        if (line != kBenchCsvHeader)
          return refused(at + "the header is \"" + echo_text(std::string(line)) + "\", not \"" +
                         kBenchCsvHeader + "\" (fragviz-cli bench --csv)");
        header = true;
        continue;
      }
      if (line.empty()) continue;
      const std::vector<std::string_view> f = split(line);
      if (f.size() != 9) return refused(at + std::to_string(f.size()) + " fields, not the 9 of the header");
      try {
        if (f[1].empty()) throw Bad("n is empty");
        const int n = *whole(f[1], "n", kGateMinN, kGateMaxN);
        if (f[0] == "cublas") {
          for (std::size_t i = 5; i < 9; ++i)
            if (!f[i].empty()) throw Bad(std::string(kColumns[i]) + " is given for cuBLAS, which has none");
          const auto ms = number(f[2], "ms", true), tflops = number(f[3], "tflops", true);
          if (!ms || !tflops) throw Bad("a cuBLAS row needs ms and tflops");
          if (t.cublas_at(n)) throw Bad("a second cuBLAS row for n = " + std::to_string(n));
          t.cublas.push_back(BenchCublas{n, *ms, *tflops});
          continue;
        }
        BenchRow r;
        const auto v = parse_variant(f[0]);
        if (!v || *v == GateVariant::user_kernel)
          throw Bad("variant \"" + echo_text(std::string(f[0])) + "\" is no gate variant");
        r.variant = *v;
        r.n = n;
        if (f[5] == "yes")
          r.verdict = BenchVerdict::exact;
        else if (f[5] == "no")
          r.verdict = BenchVerdict::mismatch;
        else if (f[5] == "refused")
          r.verdict = BenchVerdict::refused;
        else if (f[5] == "error")
          r.verdict = BenchVerdict::error;
        else
          throw Bad("exact \"" + echo_text(std::string(f[5])) + "\" is none of yes, no, refused, error");
        if (!r.ran()) {
          for (std::size_t i : {2u, 3u, 4u, 6u, 7u, 8u})
            if (!f[i].empty())
              throw Bad(std::string(kColumns[i]) + " is given for a run that is " +
                        std::string(to_string(r.verdict)));
        } else {
          r.ms = number(f[2], "ms", true);
          r.tflops = number(f[3], "tflops", true);
          if (!r.ms || !r.tflops) throw Bad("a run needs ms and tflops");
          r.ratio_to_cublas = number(f[4], "ratio_to_cublas", true);
          r.registers = whole(f[6], "registers", 0, 255);
          r.smem_bytes = whole(f[7], "smem_bytes", 0, 1 << 30);
          r.spill_bytes = whole(f[8], "spill_bytes", 0, 1 << 30);
        }
        if (!seen.insert({n, static_cast<int>(r.variant)}).second)
          throw Bad(std::string(f[0]) + " at n = " + std::to_string(n) + " is listed twice");
        t.rows.push_back(std::move(r));
      } catch (const Bad& e) {
        return refused(at + e.what());
      }
    }
  } catch (const Bad& e) {
    return refused(e.what());
  }
  if (!header) return refused("the file is empty");
  if (t.rows.empty()) return refused("no variant rows after the header");
  return Outcome<BenchTable>::ok(std::move(t));
}

}  // namespace fragviz
