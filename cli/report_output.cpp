// What every subcommand shares at its end: writing the --json report, checking that standard output
// was written, and the exit code of an error's kind.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/whole_file.hpp"

namespace fragviz::cli {

int exit_code_for(ErrorKind k) {
  switch (k) {
    case ErrorKind::none:
      return kExitOk;
    case ErrorKind::refused:
      return kExitRefused;
    case ErrorKind::malformed:  // text not of its option's form: a bad command line (docs/cli.md)
      return kExitUsage;
    case ErrorKind::no_device:
      return kExitNoDevice;
    case ErrorKind::io:
      return kExitJson;
    case ErrorKind::cuda:
    case ErrorKind::internal:
    case ErrorKind::cancelled:  // the CLI never cancels; a run that stopped did not finish
    case ErrorKind::unrecorded:
      return kExitCudaError;
    case ErrorKind::compile:
      return kExitCompile;
  }
  return kExitCudaError;
}

int finish_output(int code) {
  static bool reported = false;  // main() calls this again after the subcommand did
  std::cout.flush();
  if (std::cout) return code;
  if (!reported) std::cerr << "fragviz-cli: standard output could not be written\n";
  reported = true;
  return code == kExitOk || code == kExitMismatch || code == kExitRefused ? exit_code_for(ErrorKind::io)
                                                                          : code;
}

void write_report_if_asked(const ReportFile& file, const std::string& path, int& code) {
  if (path.empty()) return;
  if (path == kStdoutPath) {
    // C stdout: std::cout may be on standard error meanwhile (TextOnStderr).
    const std::string text = to_json_text(file);
    const bool ok =
        std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0;
    if (!ok) {
      std::cerr << "could not write the report to standard output\n";
      if (code == kExitOk) code = exit_code_for(ErrorKind::io);
    }
    return;
  }
  if (const auto problem = write_whole_file(path, to_json_text(file))) {  // whole or not at all
    std::cerr << "could not write " << path << ": " << problem->why << "\n";
    if (code == kExitOk) code = exit_code_for(ErrorKind::io);
  } else {
    std::cout << "report written to " << path << "\n";
  }
}

bool refuse_unwritable(const char* command, const std::vector<OutputOption>& outputs) {
  const auto why = outputs_problem(outputs);
  if (why) std::cerr << command << ": " << *why << "\n";
  return why.has_value();
}

}  // namespace fragviz::cli
