// Judging a path before anything reads or writes it, one rule for the CLI, the kernel runner's
// parent and the app: what the path is (a directory, a FIFO, a device, a file in /proc) is said in
// the same words everywhere. POSIX only (stat(2), statfs(2), access(2)); nothing is opened.
#pragma once

#include <optional>
#include <string>

namespace fragviz {

/// The name of the kernel pseudo file system `path` lies in ("proc", "sysfs", "debugfs", "cgroup",
/// ...: statfs(2) f_type, <linux/magic.h>), or null for an ordinary one or a path statfs cannot
/// reach. Their "files" are kernel interfaces (writing one as root can change the system, reading
/// one gives what the kernel says now), never a report, a picture or a kernel source.
const char* pseudo_file_system(const std::string& path);

/// Why `path` cannot be read as an input file, or nothing: it must exist, be a regular file (a FIFO
/// would block, /dev/zero never end), lie outside the kernel's pseudo file systems and be readable
/// (access(2) R_OK). The reason alone, for the caller to lead with what the path is for: "no such
/// file", "is a directory, not a file", "is a FIFO, not a regular file", "the name is too long",
/// "is in the kernel's proc file system, not an ordinary file", "not readable (...)".
std::optional<std::string> input_file_problem(const std::string& path);

}  // namespace fragviz
