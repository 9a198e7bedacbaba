#include "unexpected_options.hpp"

#include <algorithm>

namespace fragviz::cli {
namespace {

/// Where two commands name the same thing differently: `command` given `typed` says it `instead`.
/// banks judges a row-major tile by its row stride alone; export and probe draw and fill the tile,
/// so they need its width and pad apart.
struct OptionSynonym {
  const char* command;
  const char* typed;
  const char* instead;
};
constexpr OptionSynonym kOptionSynonyms[] = {
    {"banks", "--width", "--stride-halves N, the row stride in halves (width + pad)"},
    {"banks", "--pad", "--stride-halves N, the row stride in halves (width + pad)"},
    {"export", "--stride-halves", "--width W --pad P (the row stride is W + P)"},
    {"probe", "--stride-halves", "--width W --pad P (the row stride is W + P)"},
};

}  // namespace

std::string explain_unexpected_options(CLI::App& root, const std::string& command,
                                       const std::vector<std::string>& words) {
  const CLI::App* cmd = nullptr;
  for (CLI::App* c : root.get_subcommands([](CLI::App*) { return true; }))
    if (c->get_name() == command) cmd = c;
  if (cmd == nullptr) return {};
  // Options with the same takers and the same other way are said in one line.
  struct Unknown {
    std::vector<std::string> names;
    std::vector<std::string> takers;
    std::string instead;
  };
  std::vector<Unknown> groups;
  std::vector<std::string> seen;
  for (const std::string& w : words) {
    if (w.rfind("--", 0) != 0 || w.size() < 3) continue;
    const std::string name = w.substr(0, w.find('='));
    if (cmd->get_option_no_throw(name) != nullptr) continue;
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
    seen.push_back(name);
    Unknown u{{name}, {}, {}};
    for (CLI::App* c : root.get_subcommands([](CLI::App*) { return true; }))
      if (c != cmd && c->get_option_no_throw(name) != nullptr) u.takers.push_back(c->get_name());
    for (const OptionSynonym& s : kOptionSynonyms)
      if (command == s.command && name == s.typed) u.instead = s.instead;
    if (u.takers.empty() && u.instead.empty()) continue;  // a typo: CLI11's line says it
    auto same = std::find_if(groups.begin(), groups.end(), [&](const Unknown& g) {
      return g.takers == u.takers && g.instead == u.instead;
    });
    if (same != groups.end())
      same->names.push_back(name);
    else
      groups.push_back(u);
  }
  const auto join = [](const std::vector<std::string>& v, const char* last) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? last : ", ") + v[i];
    return s;
  };
  std::string out;
  for (const Unknown& g : groups) {
    out += command + " takes no " + join(g.names, " or ");
    if (!g.takers.empty())
      out += " (" + join(g.takers, " and ") +
             (g.takers.size() == 1 && g.names.size() == 1 ? " takes it)"
              : g.names.size() == 1                       ? " take it)"
              : g.takers.size() == 1                      ? " takes them)"
                                                          : " take them)");
    if (!g.instead.empty()) out += "; it says this as " + g.instead;
    out += "\n";
  }
  return out;
}

}  // namespace fragviz::cli
