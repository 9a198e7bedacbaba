// `fragviz-cli diff A.json B.json [--timings] [--limit N]`: every difference between two fragviz
// reports (versions 1 to 3), from the comparison the app's File > Compare with report uses
// (report_compare.hpp), so both count alike; or between two tiled reports (`tiled --json`, format
// versions 1 and 2: tiled_report.hpp), listed the same way. First the counts by kind, then one plain line
// each: the real disagreements, the fields missing from an older report format version, the parts not run
// (not compared) and, with --timings, the times; --limit N stops the listing after N lines.
//
// Exit codes: 0 the reports agree (times, timestamps, fields absent in the older format and parts
// not run, probe entries one report never ran included, aside; times count with --timings; the verdict
// then says "what both hold agrees (...); 5 entries only in A, not compared"); 1 they differ,
// each difference listed, or no part ran on both sides (nothing compared); 3 a file is not a fragviz report
// the loader accepts (named, with why), or one is a tiled report and the other not; 5 a file cannot be read.
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "fragviz/report/report_compare.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/report/tiled_report.hpp"
#include "fragviz/util/outcome.hpp"
#include "fragviz/util/words.hpp"
#include "input_path.hpp"

namespace fragviz::cli {
namespace {

/// One side: a probe or gate report, or a tiled report (`tiled --json`).
struct Side {
  std::optional<ReportFile> report;
  std::optional<TiledReportFile> tiled;
};

/// Loads side `name` ("A" or "B"); an unreadable file is kind io (the message names the side and
/// the path), one the loader refuses kind refused (the loader's message, which names the path and
/// carries the kind). The text says which reader: a tiled report's format, or fragviz-report's.
Outcome<Side> load_side(const char* name, const std::string& path) {
  using R = Outcome<Side>;
  if (auto why = input_file_problem(name, path)) return R::fail(ErrorKind::io, *why);
  const auto text = read_report_text(path);
  if (!text) return R::fail(text.error.kind, std::string(name) + ": " + text.error.message);
  Side side;
  if (is_tiled_report_text(*text.value)) {
    auto t = parse_tiled_report(*text.value);
    if (!t) return R::fail(t.error.kind, std::string(name) + ": " + path + ": " + t.error.message);
    side.tiled = std::move(*t.value);
  } else {
    auto r = parse_report(*text.value);
    if (!r) return R::fail(r.error.kind, std::string(name) + ": " + path + ": " + r.error.message);
    side.report = std::move(*r.value);
  }
  return R::ok(std::move(side));
}

std::string holds(const Side& s) {
  if (s.tiled) return "tiled, format version " + std::to_string(s.tiled->version);
  const ReportFile& f = *s.report;
  if (f.probe && f.gate) return "probe and gate";
  return f.probe ? "probe" : "gate";
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string a, b;
    bool timings = false;
    std::int64_t limit = -1;  ///< lines listed after the counts; -1 = all
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("diff",
                                 "Every difference between two fragviz reports (probe and gate JSON, or two "
                                 "tiled --json reports)");
  cmd->add_option("A", opts->a, "first report (.json)")->required()->check(kNonEmpty);
  cmd->add_option("B", opts->b, "second report (.json)")->required()->check(kNonEmpty);
  cmd->add_flag("--timings", opts->timings,
                "also list timestamps and times (ms, GFLOP/s, cycles), and count them as differences");
  cmd->add_option("--limit", opts->limit,
                  "list at most N lines after the counts (the counts and the verdict always print)")
      ->check(whole_range(0, 1000000000));
  cmd->callback([opts, &exit_code] {
    Side files[2];
    const std::string paths[2] = {opts->a, opts->b};
    for (int i = 0; i < 2; ++i) {
      auto f = load_side(i == 0 ? "A" : "B", paths[i]);
      if (!f) {
        std::cerr << "fragviz-cli diff: " << f.error.message << "\n";
        exit_code = finish_output(exit_code_for(f.error.kind));
        return;
      }
      files[i] = std::move(*f.value);
    }
    if (files[0].tiled.has_value() != files[1].tiled.has_value()) {
      std::cerr << "fragviz-cli diff: A is " << (files[0].tiled ? "a tiled report" : "a probe or gate report")
                << ", B " << (files[1].tiled ? "a tiled report" : "a probe or gate report")
                << ": only reports of one kind compare\n";
      exit_code = finish_output(kExitRefused);
      return;
    }
    std::cout << "A: " << paths[0] << " (" << holds(files[0]) << ")\nB: " << paths[1] << " ("
              << holds(files[1]) << ")\n";
    const ReportComparison c =
        files[0].tiled ? compare_tiled_reports(*files[0].tiled, *files[1].tiled)
                       : compare_report_files(std::move(*files[0].report), std::move(*files[1].report));
    const DiffCounts counts = c.counts();
    std::cout << "counts: " << counts_text(counts) << "\n";
    if (!c.compared.empty()) std::cout << compared_text(c.compared) << "\n";
    // The listing, kind by kind, cut after --limit lines.
    std::size_t listed = 0, held_back = 0;
    const auto list = [&](const std::string& line) {
      if (opts->limit >= 0 && listed >= static_cast<std::size_t>(opts->limit)) {
        ++held_back;
        return;
      }
      std::cout << line << "\n";
      ++listed;
    };
    for (const DiffLine& line : diff_listing(c.diff, c.not_run, opts->timings)) list(line.text);
    if (held_back > 0)
      std::cout << "... " << plural(static_cast<long long>(held_back), "more line") << " (--limit "
                << opts->limit << ")\n";
    if (!c.diff.absent_in_both.empty()) {
      std::cout << "absent in both:";
      for (const std::string& part : c.diff.absent_in_both) std::cout << " " << part;
      std::cout << "\n";
    }
    const std::size_t counted = counts.differ + (opts->timings ? counts.timings : 0);
    const std::string only = only_in_one_text(c.only_in_a, c.only_in_b);
    if (c.nothing_compared)
      std::cout << "nothing compared: no part ran on both sides";
    else if (counted == 0)
      std::cout << (only.empty() ? "the reports agree" : "what both hold agrees");
    else
      std::cout << plural(static_cast<long long>(counted), "difference");
    if (!opts->timings && counts.timings > 0)
      std::cout << " ("
                << plural(static_cast<long long>(counts.timings), "time or timestamp", "times or timestamps")
                << " also " << agree(static_cast<long long>(counts.timings), "differs", "differ")
                << "; --timings lists them)";
    // Entries one report holds alone were not compared: said, not called agreement (newcomer round 30).
    if (!c.nothing_compared && !only.empty()) std::cout << "; " << only << ", not compared";
    std::cout << "\n";
    // Nothing compared is no agreement: exit 1, as for differences.
    exit_code = finish_output(counted == 0 && !c.nothing_compared ? kExitOk : kExitMismatch);
  });
}

}  // namespace fragviz::cli
