// Inputs that name a file (diff's reports, export --report, gate --kernel, banks --lanes @FILE):
// judged by one rule before anything is read or run, so every command says the same about a
// folder, a FIFO or a missing file.
#pragma once

#include <optional>
#include <string>

namespace fragviz::cli {

/// Why `path`, given as `what` (an option such as "--kernel", or an argument such as "A"), cannot
/// be read as a file, or nothing. It must exist, be a regular file (a FIFO would block, /dev/zero
/// never end) and be readable (access(2) R_OK). Nothing is opened. The message names both:
/// "cannot read --kernel src: is a directory, not a file".
std::optional<std::string> input_file_problem(const std::string& what, const std::string& path);

}  // namespace fragviz::cli
