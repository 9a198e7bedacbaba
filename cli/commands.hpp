// fragviz-cli subcommands. Each lives in its own file and registers itself on the CLI11 app;
// its callback sets the process exit code through `exit_code`.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "fragviz/isa/tmem_accumulator.hpp"
#include "fragviz/isa/tmem_cp.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/util/cli_checks.hpp"
#include "fragviz/util/output_path.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {

/// Exit codes shared by every subcommand: the one table, documented in docs/cli.md ("Exit codes").
/// An error's kind maps onto it through exit_code_for; user text that does not parse is a bad
/// command line (kExitUsage), a well-formed request the model refuses is kExitRefused.
inline constexpr int kExitOk = 0;
inline constexpr int kExitMismatch = 1;   ///< a probe or the gate found a difference (named)
inline constexpr int kExitNoDevice = 2;   ///< no usable GPU, or a build without CUDA
inline constexpr int kExitRefused = 3;    ///< request refused before launch (illegal geometry, size)
inline constexpr int kExitCudaError = 4;  ///< a CUDA error stopped the run
inline constexpr int kExitJson = 5;       ///< the --json report, or standard output, could not be written
inline constexpr int kExitCompile = 6;    ///< a user kernel (gate --kernel) did not compile
inline constexpr int kExitUsage = 64;     ///< bad command line, or text not of its option's form (EX_USAGE)

/// Prints, on standard error, the part of `text` around its 1-based `column` (a parse error's
/// position) and a caret under it; text over kEchoChars is clipped around the column
/// (words.hpp's echo_at) and the column named: "(column 10015 of 10014)".
inline void print_caret(const std::string& text, int column) {
  const EchoExcerpt e = echo_at(text, column);
  std::cerr << "  " << e.text << "\n  " << std::string(e.caret, ' ') << "^";
  if (text.size() > kEchoChars) std::cerr << " (column " << column << " of " << text.size() << ")";
  std::cerr << "\n";
}

/// Splits a comma-separated list at every comma, empty entries kept: "1,,2" is {"1", "", "2"}.
inline std::vector<std::string> list_entries(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

/// A comma-separated list of whole numbers from `lo` to `hi` (CLI11 splitting on ',' would drop
/// empty entries, and its conversion error names no range). Each refusal names the entry and ends
/// with `accepted` (what the option takes): "--sizes: entry 2 of '256,,512' is empty; --sizes
/// takes ...". For an option of std::vector<std::string>: each occurrence is one list.
inline CLI::Validator int_list_validator(int lo, int hi, std::string accepted) {
  return CLI::Validator(
      [lo, hi, accepted](std::string& v) -> std::string {
        const std::vector<std::string> entries = list_entries(v);
        for (std::size_t i = 0; i < entries.size(); ++i) {
          const std::string& e = entries[i];
          const std::string which = entries.size() == 1
                                        ? "'" + echo_text(e) + "'"
                                        : "entry " + std::to_string(i + 1) + " of '" + echo_text(v) + "'" +
                                              (e.empty() ? "" : ", '" + echo_text(e) + "',");
          const bool digits =
              !e.empty() && e.size() <= 9 && e.find_first_not_of("0123456789") == std::string::npos;
          if (e.empty()) return which + " is empty; " + accepted;
          if (!digits)
            return which + " is not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                   "; " + accepted;
          const int n = std::stoi(e);
          if (n < lo || n > hi)
            return which + " is not from " + std::to_string(lo) + " to " + std::to_string(hi) + "; " +
                   accepted;
        }
        return {};
      },
      "LIST");
}

/// The numbers of a list int_list_validator accepted.
inline std::vector<int> int_list(const std::string& text) {
  std::vector<int> out;
  for (const std::string& e : list_entries(text)) out.push_back(std::stoi(e));
  return out;
}

/// `s` as one POSIX shell word: single-quoted, each ' written as '\''. Hints that print a command
/// line quote the user's values with it, so the line can be pasted back as it is.
inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// The exit code for an error of kind `k`: the one place the CLI turns errors into exit codes
/// (never by reading the message). none 0, refused 3, no_device 2, io 5; a CUDA error, anything
/// internal, a cancellation or a kind a version 1 report did not record 4; compile 6.
int exit_code_for(ErrorKind k);

/// Flushes standard output and returns `code`, or kExitJson with a message on standard error
/// when the output could not be written (a full disk, a closed pipe, /dev/full); codes that say the
/// work could not be done (2, 4, 64) are kept. Every subcommand ends with it, and main() calls it
/// once more for help text and for any subcommand that does not; the message is printed once.
int finish_output(int code);

/// Writes `file` to `path` (if non-empty; "-" is standard output), prints where, and on failure
/// prints why and sets `code` to kExitJson unless it already holds a failure.
void write_report_if_asked(const ReportFile& file, const std::string& path, int& code);

/// Refuses, before any work, output paths that cannot be written (output_path.hpp): prints
/// "COMMAND: why" on standard error and returns true (the caller exits kExitJson).
bool refuse_unwritable(const char* command, const std::vector<OutputOption>& outputs);

/// While alive and `on`, what a command prints through std::cout goes to standard error, so that
/// standard output carries only the file asked for with "-" (`--json -`).
class TextOnStderr {
 public:
  explicit TextOnStderr(bool on) : saved_(on ? std::cout.rdbuf(std::cerr.rdbuf()) : nullptr) {}
  ~TextOnStderr() {
    if (saved_) std::cout.rdbuf(saved_);
  }
  TextOnStderr(const TextOnStderr&) = delete;
  TextOnStderr& operator=(const TextOnStderr&) = delete;

 private:
  std::streambuf* saved_;
};

/// `layout`: PTX fragment tables as CSV or text (cmd_layout.cpp).
void add_layout_command(CLI::App& app, int& exit_code);
/// `banks`: ldmatrix / stmatrix / LDS addresses, banks and wavefronts for a row stride or a CuTe layout,
/// and the write/read round trip (cmd_banks.cpp).
void add_banks_command(CLI::App& app, int& exit_code);
/// `probe`: run the probes on the GPU and print the gate lines (cmd_probe.cpp).
void add_probe_command(CLI::App& app, int& exit_code);
/// `gate`: the exact 2048 matmul gate (cmd_gate.cpp).
void add_gate_command(CLI::App& app, int& exit_code);
/// `bench`: every variant and cuBLAS at 1024, 2048, 4096 (cmd_bench.cpp).
void add_bench_command(CLI::App& app, int& exit_code);
/// `device`: what GPU (if any) this build sees (cmd_probe.cpp).
void add_device_command(CLI::App& app, int& exit_code);
/// `descriptor`: a wgmma shared-memory descriptor and its operand's addresses (cmd_descriptor.cpp).
void add_descriptor_command(CLI::App& app, int& exit_code);
/// `tcgen05-desc`: sm_100 tcgen05 shared-memory and instruction descriptors, model only (cmd_tcgen05.cpp).
void add_tcgen05_desc_command(CLI::App& app, int& exit_code);
/// `tmem`: tcgen05.ld/st (thread, register) -> (TMEM lane, column), model only (cmd_tcgen05.cpp).
void add_tmem_command(CLI::App& app, int& exit_code);
/// Prints the fields of a 64-bit sm_100 shared-memory descriptor given as hex and its verdict;
/// returns the exit code (0 readable, 3 refused, 64 not hex). `command` prefixes messages and `flag`
/// (--decode, --smem) names the option the user gave the value with.
int decode_sm100_smem_descriptor(const std::string& hex, const char* command, const char* flag);
/// `tmem --accumulator`: prints where each element of tcgen05.mma's D lives (rows, columns ->
/// CTA, TMEM lanes, columns, warp), or with `csv` one row,column,cta,lane,tmem_column,warp line per
/// element; `a` must pass umma_accumulator_refusal. Returns the exit code (cmd_tmem_accumulator.cpp).
int print_tmem_accumulator(const UmmaAccumulator& a, bool csv);
/// `tmem --cp`: prints where each 128-bit chunk of each source row of tcgen05.cp lands (TMEM lanes,
/// multicast copies included, and columns), or with `csv` one row,chunk,copy,lane,first_column,
/// last_column line per chunk and copy. Returns the exit code (cmd_tmem_cp.cpp).
int print_tmem_cp(TmemCpShape s, int cta_group, TmemCpDecompress d, bool csv, int taddr_lane = 0,
                  int taddr_column = 0);
/// `layout --instr` of an 8-bit or sub-byte ldmatrix/stmatrix of sm_100a (matrix_move_b8.hpp): prints
/// its per-lane table (or CSV), or with `only_lane` 0-31 that lane's registers byte by byte, and
/// returns true, or returns false when `name` is not one of them (matrix_move_b8_print.cpp).
bool print_matrix_move_b8(const std::string& name, bool csv, int only_lane = -1);
/// `relations`: K splits and accumulators as A, the model and the GPU (cmd_relations.cpp).
void add_relations_command(CLI::App& app, int& exit_code);
/// `diff`: every difference between two reports (cmd_diff.cpp).
void add_diff_command(CLI::App& app, int& exit_code);
/// `export`: any view as SVG, PNG, PDF or TikZ (cmd_export.cpp).
void add_export_command(CLI::App& app, int& exit_code);
/// `algebra`: an expression of CuTe's layout algebra, its result and table (cmd_algebra.cpp).
void add_algebra_command(CLI::App& app, int& exit_code);
/// `tiled`: CuTe's TiledMMA and TiledCopy, their layouts and their join (cmd_tiled.cpp).
void add_tiled_command(CLI::App& app, int& exit_code);

}  // namespace fragviz::cli
