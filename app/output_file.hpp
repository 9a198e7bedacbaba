// The files a run of the app writes besides its settings (--dump-state, --bench): whole or not at
// all, through fragviz-cli's write_whole_file.
#pragma once

#include <string>

namespace fragviz::app {

/// Writes `text` and a newline to `path`, whole or not at all (whole_file.hpp: links written
/// through, a device or FIFO in place). A failure is said on stderr, once per path in a row;
/// returns whether the write succeeded.
bool write_output(const std::string& path, const std::string& text);

}  // namespace fragviz::app
