// Writing an output file whole or not at all: every file fragviz-cli and the app write (export's
// SVG/PNG/PDF/TikZ, --json reports, the app's --screenshot) goes through write_whole_file, so a
// write that fails half-way (a full disk) never leaves a truncated file, nor replaces a good one.
#pragma once

#include <string>
#include <string_view>

namespace fragviz::cli {

/// Writes `bytes` to `path`. A regular file, or a name where none exists yet, is written to a
/// temporary file beside it ("PATH.fragviz-tmp-PID"), flushed and renamed over it, keeping an
/// existing file's permission bits; a link is written through (its target replaced, the link
/// kept). Anything else (/dev/null, /dev/stdout, a FIFO: output_path.hpp judged it) is written in
/// place. Returns "" or why not, in the system's words ("No space left on device"); after a
/// failure the temporary file is gone and an existing file is as it was.
std::string write_whole_file(const std::string& path, std::string_view bytes);

}  // namespace fragviz::cli
