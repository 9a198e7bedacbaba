#include <iostream>

#include "commands.hpp"
#include "fragviz/report_json.hpp"

namespace fragviz::cli {

int finish_output(int code) {
  std::cout.flush();
  if (std::cout) return code;
  std::cerr << "fragviz-cli: standard output could not be written\n";
  return code == kExitOk || code == kExitMismatch || code == kExitRefused ? kExitJson : code;
}

void write_report_if_asked(const ReportFile& file, const std::string& path, int& code) {
  if (path.empty()) return;
  const std::string why = save_report(file, path);
  if (!why.empty()) {
    std::cerr << "could not write " << path << ": " << why << "\n";
    if (code == kExitOk) code = kExitJson;
  } else {
    std::cout << "report written to " << path << "\n";
  }
}

}  // namespace fragviz::cli
