// What to say when a command is given another command's option (`banks --width`): CLI11 says only
// "The following arguments were not expected", listing the words in reverse order.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace fragviz::cli {

/// For each `--option` among `words` (the command line after the command's name) that `command`
/// does not take: a line naming the commands that do and, where the command says the same thing
/// another way (one table, unexpected_options.cpp), that way. Empty when every option is the
/// command's own (CLI11's message then stands alone).
std::string explain_unexpected_options(CLI::App& root, const std::string& command,
                                       const std::vector<std::string>& words);

}  // namespace fragviz::cli
