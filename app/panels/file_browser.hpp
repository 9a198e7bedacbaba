// The file browser's modal (state and listing: app/file_browser_state.hpp), for File > Open report,
// File > Compare and Load kernel's Browse...: the folder shown, an Up button, a filter by extension,
// the folder's entries (click selects, double click opens a folder or picks a file), a path field
// that still takes a typed path (Enter), and Open / Cancel. Reading a folder happens when it
// changes, never every frame.
#pragma once

#include "../app_state.hpp"
#include "../file_browser_state.hpp"

namespace fragviz::app {

/// Draws `b`'s modal when it is open (opening it the frame after open_browser()). What went wrong
/// (an unreadable folder, a typed path that leads nowhere) is said above the list, wrapped. Records
/// its widgets in s.frame.widgets: "browser_window" (the modal), "browser_up", "browser_filter",
/// "browser_error", "browser_message", "browser_list", "browser:NAME" for each entry shown,
/// "open_path" (the path field), "open_ok", "open_cancel". Returns true in the
/// frame a file was picked; the path is in b.chosen (the caller clears it).
bool draw_file_browser(FileBrowserState& b, AppState& s);

}  // namespace fragviz::app
