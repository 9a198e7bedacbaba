// Which selection the Lane inspector shows: the lane selected in the mma.sync views (fragments,
// ldmatrix, banks) or the thread selected in the Warpgroup (wgmma) view, whichever the user chose
// last, as selecting a lane in the fragments view already did for that lane. Window-free.
#pragma once

#include <optional>
#include <string_view>

namespace fragviz::app {

class InspectorSubject {
 public:
  /// What the inspector shows.
  enum class Kind { lane, warpgroup_thread };

  /// Notes this frame's selections (-1: none; `thread` -1 too while the Warpgroup view is closed)
  /// and follows the one that changed since the last call: a newly selected thread, else a newly
  /// selected lane. Where the one it follows is gone (deselected, its view closed), the other.
  /// The first call (selections restored from settings) shows the restored kind (restore), else the
  /// lane, where its selection came back.
  void update(int lane, int thread);
  /// The selection chosen last at the last quit (settings.json "inspector"): the first update shows
  /// it again (issue 22: a restart showed the lane where the thread was chosen last).
  void restore(Kind k) { restored_ = k; }
  /// What it shows.
  Kind kind() const { return seen_ ? kind_ : restored_; }
  /// The selection chosen last, shown unless it is gone (then kind() is the other): what settings
  /// save, so a fallback is not a choice (a thread gone at start would rewrite the file).
  Kind chosen() const { return seen_ ? chosen_ : restored_; }
  /// The warpgroup thread shown (0..127), -1 unless kind() is warpgroup_thread.
  int thread() const { return seen_ && kind_ == Kind::warpgroup_thread ? thread_ : -1; }

 private:
  Kind kind_ = Kind::lane;
  Kind chosen_ = Kind::lane;
  Kind restored_ = Kind::lane;
  bool seen_ = false;
  int lane_ = -1, thread_ = -1;
};

/// settings.json's words for a Kind: "lane", "warpgroup_thread".
const char* to_string(InspectorSubject::Kind k);
/// The Kind a word of to_string names; nullopt for any other text.
std::optional<InspectorSubject::Kind> parse_inspector_subject(std::string_view word);

}  // namespace fragviz::app
