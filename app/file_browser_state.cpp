#include "file_browser_state.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "fragviz/util/words.hpp"

namespace fragviz::app {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// "a/b/" -> "a/b"; "/" stays.
std::string without_trailing_slash(std::string p) {
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  return p;
}

/// Why `path` cannot be looked at ("" when it exists), from fs::status's answer.
std::string missing(const std::string& path, const fs::file_status& st, const std::error_code& ec) {
  if (st.type() == fs::file_type::not_found || ec == std::errc::no_such_file_or_directory ||
      ec == std::errc::not_a_directory)
    return echo_text(path) + " does not exist";
  // A typed path is echoed clipped (words.hpp): 5000 characters filled the dialog.
  if (ec) return "cannot read " + echo_text(path) + ": " + ec.message();
  return {};
}

}  // namespace

bool matches_filter(std::string_view name, const FileFilter& filter) {
  if (filter.extensions.empty()) return true;
  const std::string n = lower(name);
  for (const std::string& e : filter.extensions) {
    const std::string x = lower(e);
    if (n.size() > x.size() && n.compare(n.size() - x.size(), x.size(), x) == 0) return true;
  }
  return false;
}

DirListing list_directory(const std::string& dir, const FileFilter& filter, bool show_hidden) {
  DirListing l;
  l.dir = dir;
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (const std::string why = missing(dir, st, ec); !why.empty()) {
    l.error = why;
    return l;
  }
  if (!fs::is_directory(st)) {
    l.error = echo_text(dir) + " is not a folder";
    return l;
  }
  fs::directory_iterator it(dir, ec);
  if (ec) {
    l.error = "cannot read " + echo_text(dir) + ": " + ec.message();
    return l;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (!show_hidden && !name.empty() && name[0] == '.') {
      ++l.hidden;
      continue;
    }
    std::error_code e2;
    DirEntry d{name, it->is_directory(e2), 0};  // follows links; a broken one is a file
    if (!d.is_dir) {
      if (!matches_filter(name, filter)) {
        ++l.filtered;
        continue;
      }
      const std::uintmax_t size = it->file_size(e2);
      d.size = e2 ? 0 : size;
    }
    l.entries.push_back(std::move(d));
  }
  if (ec) l.error = "could not read all of " + echo_text(dir) + ": " + ec.message();
  std::sort(l.entries.begin(), l.entries.end(), [](const DirEntry& a, const DirEntry& b) {
    if (a.is_dir != b.is_dir) return a.is_dir;
    const std::string la = lower(a.name), lb = lower(b.name);
    return la != lb ? la < lb : a.name < b.name;
  });
  return l;
}

std::string parent_folder(const std::string& dir) {
  const fs::path p = fs::path(without_trailing_slash(dir));
  const fs::path up = p.parent_path();
  return up.empty() ? std::string("/") : up.string();
}

std::string resolve_path(const std::string& base, const std::string& typed) {
  if (typed.empty()) return {};
  std::string t = typed;
  if (t == "~" || t.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home && *home) t = std::string(home) + t.substr(1);
  }
  fs::path p(t);
  if (p.is_relative()) p = fs::path(base.empty() ? std::string("/") : base) / p;
  return without_trailing_slash(p.lexically_normal().string());
}

void refresh(FileBrowserState& b) {
  static const FileFilter kAll{"All files", {}};
  const FileFilter& f = b.filter >= 0 && static_cast<std::size_t>(b.filter) < b.filters.size()
                            ? b.filters[static_cast<std::size_t>(b.filter)]
                            : kAll;
  b.listing = list_directory(b.listing.dir, f, b.show_hidden);
  b.selected = -1;
}

void browse(FileBrowserState& b, const std::string& dir) {
  b.listing.dir = resolve_path(b.listing.dir, dir);
  b.message.clear();
  refresh(b);
}

FileBrowserState make_file_browser(std::string title, std::vector<FileFilter> filters) {
  FileBrowserState b;
  b.title = std::move(title);
  b.filters = std::move(filters);
  return b;
}

void open_browser(FileBrowserState& b, const std::string& dir) {
  std::string start = dir;
  if (start.empty()) {
    std::error_code ec;
    start = fs::current_path(ec).string();
    if (ec) start = "/";
  }
  std::error_code cwd_ec;
  b.working_dir = fs::current_path(cwd_ec).string();
  if (cwd_ec) b.working_dir.clear();
  b.listing.dir.clear();
  b.typed.clear();
  b.chosen.clear();
  browse(b, resolve_path("/", start));
  b.open_requested = true;
}

void go_up(FileBrowserState& b) { browse(b, parent_folder(b.listing.dir)); }

void set_filter(FileBrowserState& b, int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= b.filters.size()) return;
  b.filter = i;
  refresh(b);
}

void select_entry(FileBrowserState& b, int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= b.listing.entries.size()) return;
  b.selected = i;
  const DirEntry& e = b.listing.entries[static_cast<std::size_t>(i)];
  if (!e.is_dir) b.typed = resolve_path(b.listing.dir, e.name);
  b.message.clear();
}

void activate_entry(FileBrowserState& b, int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= b.listing.entries.size()) return;
  const DirEntry e = b.listing.entries[static_cast<std::size_t>(i)];
  if (e.is_dir) {
    browse(b, e.name);
  } else {
    b.typed = resolve_path(b.listing.dir, e.name);
    b.chosen = b.typed;
    b.message.clear();
  }
}

void submit(FileBrowserState& b) {
  std::string text = b.typed;
  if (text.empty() && b.selected >= 0 && static_cast<std::size_t>(b.selected) < b.listing.entries.size())
    text = b.listing.entries[static_cast<std::size_t>(b.selected)].name;
  if (text.empty()) {
    b.message = "type a path, or pick a file in the list";
    return;
  }
  std::string path = resolve_path(b.listing.dir, text);
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  // A relative path that is not in the folder shown may be one from the working directory (typed
  // as in a shell started there: "docs/device-runs/x.json" from the clone).
  if (!missing(path, st, ec).empty() && !b.working_dir.empty() && fs::path(text).is_relative() &&
      text.front() != '~') {
    const std::string from_cwd = resolve_path(b.working_dir, text);
    std::error_code ec2;
    const fs::file_status st2 = fs::status(from_cwd, ec2);
    if (missing(from_cwd, st2, ec2).empty()) {
      path = from_cwd;
      st = st2;
      ec = ec2;
    }
  }
  if (const std::string why = missing(path, st, ec); !why.empty()) {
    b.message = why;
    return;
  }
  if (fs::is_directory(st)) {
    b.typed.clear();
    browse(b, path);
    return;
  }
  b.typed = path;
  b.chosen = path;
  b.message.clear();
}

}  // namespace fragviz::app
