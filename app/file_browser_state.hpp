// A small file browser's state and the folder listing behind it: plain C++ and std::filesystem, no
// ImGui, so the unit tests check it directly (tests/app/test_file_browser.cpp). The modal that
// draws it is app/panels/file_browser.hpp. Debian 12 packages no Dear ImGui file dialog (apt-cache
// search finds only libimgui-dev itself), so this is the app's own.
//
// One FileBrowserState per use: File > Open report and File > Compare browse for *.json, Load
// kernel's Browse... for {"CUDA sources (*.cu, *.cuh)", {".cu", ".cuh"}}. Nothing here throws: an unreadable
// or missing folder becomes DirListing::error, a path that leads nowhere becomes FileBrowserState::message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fragviz::app {

/// The longest gap between the two presses of a double click, in seconds: the desktops' defaults
/// (GNOME 400 ms, Windows 500 ms), not ImGui's 0.30 s (window.cpp sets io.MouseDoubleClickTime).
inline constexpr float kDoubleClickSeconds = 0.5f;

/// Which files a listing shows: those whose name ends in one of `extensions` (".json", any case);
/// no extensions means every file. Folders are always shown.
struct FileFilter {
  std::string label;                    ///< "Reports (*.json)"
  std::vector<std::string> extensions;  ///< with the dot
};

/// One entry of a folder.
struct DirEntry {
  std::string name;         ///< the file or folder name alone
  bool is_dir = false;      ///< a folder, or a link to one
  std::uintmax_t size = 0;  ///< bytes, for files (0 when it cannot be read)
  friend bool operator==(const DirEntry& a, const DirEntry& b) {
    return a.name == b.name && a.is_dir == b.is_dir;
  }
};

/// A folder as the browser shows it: folders first, then files, each by name ignoring case.
struct DirListing {
  std::string dir;                ///< absolute and normalised
  std::vector<DirEntry> entries;  ///< what the filter lets through
  std::string error;              ///< why the folder could not be read; "" when it could
  int hidden = 0;                 ///< entries left out because their name starts with a dot
  int filtered = 0;               ///< files left out by the filter
};

/// Whether file `name` passes `filter`.
bool matches_filter(std::string_view name, const FileFilter& filter);

/// Lists folder `dir` (absolute). Dot files are left out unless `show_hidden`.
DirListing list_directory(const std::string& dir, const FileFilter& filter, bool show_hidden);

/// The folder above `dir`; "/" stays "/".
std::string parent_folder(const std::string& dir);

/// `typed` as an absolute, normalised path: "~" and "~/..." from $HOME, a relative path from
/// `base`. No trailing slash except for "/". "" for an empty `typed`.
std::string resolve_path(const std::string& base, const std::string& typed);

/// The browser: which folder it shows, what is typed, what was picked.
struct FileBrowserState {
  std::string title;                ///< the modal's title (also its ImGui id)
  std::vector<FileFilter> filters;  ///< the first is the default
  int filter = 0;                   ///< index into filters
  bool show_hidden = false;
  bool picker_open = false;     ///< the filter list was open last frame (escape_closes_dialog)
  DirListing listing;           ///< the folder shown, read when it changes (not every frame)
  int selected = -1;            ///< index into listing.entries
  std::string typed;            ///< the path field: a folder to go to or a file to open
  std::string message;          ///< why the last request did nothing; "" when it did
  bool open_requested = false;  ///< the modal opens in the next frame
  bool visible = false;         ///< the modal was drawn this frame
  std::string chosen;           ///< the file picked; the caller takes it (and clears it)
  /// A typed relative path's second base (the app's working directory when the browser opened):
  /// tried when the path is not in the folder shown. "" for none.
  std::string working_dir;
};

/// A browser titled `title` with `filters` (the first is the default).
FileBrowserState make_file_browser(std::string title, std::vector<FileFilter> filters);
/// Opens the browser on folder `dir` (the current folder when "" or unreadable as a path).
void open_browser(FileBrowserState& b, const std::string& dir);
/// Shows folder `dir` (absolute or relative to the folder shown); an unreadable one is shown with
/// its error and no entries.
void browse(FileBrowserState& b, const std::string& dir);
/// The folder above the one shown.
void go_up(FileBrowserState& b);
/// Reads the folder shown again (after the filter or show_hidden changed).
void refresh(FileBrowserState& b);
/// Uses filter `i` (ignored when out of range).
void set_filter(FileBrowserState& b, int i);
/// A single click: selects entry `i`; a file's path goes into the path field.
void select_entry(FileBrowserState& b, int i);
/// A double click: a folder is shown, a file is chosen.
void activate_entry(FileBrowserState& b, int i);
/// Enter in the path field, or Open: a folder is shown, an existing file (or the selected one when
/// nothing is typed) is chosen; a path that does not exist sets `message`. A relative path is
/// taken from the folder shown, else (when it is not there) from `working_dir`.
void submit(FileBrowserState& b);

}  // namespace fragviz::app
