// Output options that take a path (fragviz-cli's --json, --csv, --svg, --png, --pdf, --tikz; the
// app's --bench, --dump-state, --screenshot): "-" is standard output, anything else a file, and
// every one is judged before any work is done, so an unwritable path costs no GPU time and leaves
// no earlier file written.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fragviz::cli {

/// The spelling of standard output for every output option.
inline constexpr const char* kStdoutPath = "-";

/// One output option as the user gave it: its name ("--json") and its value (a path or "-").
struct OutputOption {
  std::string option;
  std::string path;
};

/// Why `path` cannot be written, or nothing: "-" is always writable; otherwise the path must not
/// name a folder, nor anything in the kernel's pseudo file systems (/proc, /sys, ...: statfs(2)),
/// nor a device other than /dev/null and this process's own standard output or error (/dev/stdout,
/// /dev/stderr); an existing file must be writable, and a new file's parent folder must exist,
/// be a folder and be writable (access(2), so the answer is the one open(2) will give). A FIFO
/// must have a reader now (opening it would block forever otherwise); it is then held open to
/// the end of the process, so that the reader does not see the end before the output. A symbolic
/// link is judged by what it leads to; one that leads to no file is refused (write_whole_file
/// would refuse it after the work). Nothing is created or truncated. The message names the
/// option: "cannot write --json /x/r.json: folder /x does not exist".
std::optional<std::string> output_path_problem(const OutputOption& o);

/// Whether two output paths (neither "-") name one file: the same device and inode where both
/// exist, else the same absolute path with "." and ".." resolved (std::filesystem's
/// weakly_canonical, so "./b.svg" and "b.svg", or a symlink and its target, are one file).
bool same_output_file(const std::string& a, const std::string& b);

/// The first problem among `outputs` (empty paths are options not given): a path that cannot be
/// written, the same file given twice, or "-" given for more than one option.
std::optional<std::string> outputs_problem(const std::vector<OutputOption>& outputs);

}  // namespace fragviz::cli
