// `fragviz-cli diff A.json B.json [--timings] [--limit N]`: every difference between two fragviz
// reports (versions 1 to 3), from the comparison the app's File > Compare with report uses
// (report_compare.hpp), so both count alike. First the counts by kind, then one plain line each:
// the real disagreements, the fields missing from an older report format version, the parts not run (not
// compared) and, with --timings, the times; --limit N stops the listing after N lines.
//
// Exit codes: 0 the reports agree (times, timestamps, fields absent in the older format and parts
// not run, probe entries one report never ran included, aside; times count with --timings); 1 they differ,
// each difference listed, or no part ran on both sides (nothing compared); 3 a file is not a fragviz report
// the loader accepts (named, with why); 5 a file cannot be read.
#include <iostream>

#include "commands.hpp"
#include "fragviz/report/report_compare.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/outcome.hpp"
#include "fragviz/util/words.hpp"
#include "input_path.hpp"

namespace fragviz::cli {
namespace {

/// Loads side `name` ("A" or "B"); an unreadable file is kind io (the message names the side and
/// the path), one the loader refuses kind refused (the loader's message, which names the path and
/// carries the kind).
Outcome<ReportFile> load_side(const char* name, const std::string& path) {
  if (auto why = input_file_problem(name, path)) return Outcome<ReportFile>::fail(ErrorKind::io, *why);
  auto r = load_report(path);
  if (!r) r.error.message = std::string(name) + ": " + r.error.message;
  return r;
}

std::string holds(const ReportFile& f) {
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
  auto* cmd =
      app.add_subcommand("diff", "Every difference between two fragviz reports (probe and gate JSON)");
  cmd->add_option("A", opts->a, "first report (.json)")->required()->check(kNonEmpty);
  cmd->add_option("B", opts->b, "second report (.json)")->required()->check(kNonEmpty);
  cmd->add_flag("--timings", opts->timings,
                "also list timestamps and times (ms, GFLOP/s, cycles), and count them as differences");
  cmd->add_option("--limit", opts->limit,
                  "list at most N lines after the counts (the counts and the verdict always print)")
      ->check(whole_range(0, 1000000000));
  cmd->callback([opts, &exit_code] {
    ReportFile files[2];
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
    std::cout << "A: " << paths[0] << " (" << holds(files[0]) << ")\nB: " << paths[1] << " ("
              << holds(files[1]) << ")\n";
    const ReportComparison c = compare_report_files(std::move(files[0]), std::move(files[1]));
    const DiffCounts counts = c.counts();
    std::cout << "counts: " << counts_text(counts) << "\n";
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
    if (c.nothing_compared)
      std::cout << "nothing compared: no part ran on both sides";
    else if (counted == 0)
      std::cout << "the reports agree";
    else
      std::cout << plural(static_cast<long long>(counted), "difference");
    if (!opts->timings && counts.timings > 0)
      std::cout << " ("
                << plural(static_cast<long long>(counts.timings), "time or timestamp", "times or timestamps")
                << " also " << agree(static_cast<long long>(counts.timings), "differs", "differ")
                << "; --timings lists them)";
    std::cout << "\n";
    // Nothing compared is no agreement: exit 1, as for differences.
    exit_code = finish_output(counted == 0 && !c.nothing_compared ? kExitOk : kExitMismatch);
  });
}

}  // namespace fragviz::cli
