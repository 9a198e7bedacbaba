// Writing a file whole or not at all: every file fragviz-cli and the app write (export's
// SVG/PNG/PDF/TikZ, --json reports, the app's --screenshot, --dump-state, --bench and
// settings.json) goes through write_whole_file, so a write that fails half-way (a full disk) never
// leaves a truncated file, nor replaces a good one; and a link or a device is never replaced by a
// plain file.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz::cli {

/// What write_whole_file does where the path (after links) exists and is not a regular file.
enum class NotRegular {
  /// Write into it (/dev/null, /dev/stdout, a FIFO with a reader): output options, whose paths
  /// output_path.hpp judged before any work.
  write_in_place,
  /// Write nothing (settings.json: a file the app keeps for itself, never a device).
  refuse,
};

/// Why write_whole_file wrote nothing.
struct WriteProblem {
  /// True where the path is nothing the writer writes; `why` then says what it is, in words that
  /// follow the path ("is a link that leads to no file"). False for a failure the system reported
  /// (`why` in its words: "No space left on device").
  bool refused = false;
  std::string why;
};

/// Writes `bytes` to `path`, whole or not at all. Its rules:
/// - a regular file, or a name where none exists yet, is written to a temporary file beside it
///   ("PATH.fragviz-tmp-PID"), flushed to disk and renamed over it, keeping an existing file's
///   permission bits (a new file: 0666 less the umask);
/// - a symbolic link is written through: its target is replaced, the link kept; a link that leads
///   to no file is refused ("is a link that leads to no file") and nothing is created;
/// - anything else (a device, a FIFO) is never renamed over (as root that turned /dev/full into a
///   plain file): per `not_regular` it is written in place or refused ("is not a regular file").
///   In place, a FIFO no process reads is refused ("is a FIFO that no process is reading"), never
///   waited on.
/// Returns nothing on success. After a failure the temporary file is gone and an existing file is
/// as it was.
std::optional<WriteProblem> write_whole_file(const std::string& path, std::string_view bytes,
                                             NotRegular not_regular = NotRegular::write_in_place);

}  // namespace fragviz::cli
