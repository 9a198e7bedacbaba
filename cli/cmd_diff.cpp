// `fragviz-cli diff A.json B.json`: every difference between two fragviz reports (versions 1 and 2),
// one plain line each, from the model's comparison (report_diff.hpp).
//
// Exit codes: 0 the reports agree (times and timestamps aside, unless --timings); 1 they differ, each
// difference listed; 3 a file is not a fragviz report the loader accepts (named, with why); 5 a file
// cannot be read.
#include <iostream>

#include "commands.hpp"
#include "fragviz/report/report_diff.hpp"
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
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("diff", "Every difference between two fragviz reports (probe and gate JSON)");
  cmd->add_option("A", opts->a, "first report (.json)")->required()->check(kNonEmpty);
  cmd->add_option("B", opts->b, "second report (.json)")->required()->check(kNonEmpty);
  cmd->add_flag("--timings", opts->timings,
                "also list timestamps and times (ms, GFLOP/s, cycles), and count them as differences");
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
    const ReportDiff d = diff_reports(files[0], files[1]);
    std::cout << "A: " << paths[0] << " (" << holds(files[0]) << ")\nB: " << paths[1] << " ("
              << holds(files[1]) << ")\n";
    for (const ReportDifference& x : d.differences)
      if (!x.timing || opts->timings) std::cout << x.line() << (x.timing ? "  [time]" : "") << "\n";
    if (!d.absent_in_both.empty()) {
      std::cout << "absent in both:";
      for (const std::string& part : d.absent_in_both) std::cout << " " << part;
      std::cout << "\n";
    }
    const std::size_t counted = d.content() + (opts->timings ? d.timings() : 0);
    if (counted == 0)
      std::cout << "the reports agree";
    else
      std::cout << plural(static_cast<long long>(counted), "difference");
    if (!opts->timings && d.timings() > 0)
      std::cout << " ("
                << plural(static_cast<long long>(d.timings()), "time or timestamp", "times or timestamps")
                << " also " << agree(static_cast<long long>(d.timings()), "differs", "differ")
                << "; --timings lists them)";
    std::cout << "\n";
    exit_code = finish_output(counted == 0 ? kExitOk : kExitMismatch);
  });
}

}  // namespace fragviz::cli
