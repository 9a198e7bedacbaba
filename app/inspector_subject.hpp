// Which selection the Lane inspector shows: the lane selected in the mma.sync views (fragments,
// ldmatrix, banks) or the thread selected in the Warpgroup (wgmma) view, whichever the user chose
// last, as selecting a lane in the fragments view already did for that lane. Window-free.
#pragma once

namespace fragviz::app {

class InspectorSubject {
 public:
  /// What the inspector shows.
  enum class Kind { lane, warpgroup_thread };

  /// Notes this frame's selections (-1: none; `thread` -1 too while the Warpgroup view is closed)
  /// and follows the one that changed since the last call: a newly selected thread, else a newly
  /// selected lane. Where the one it follows is gone (deselected, its view closed), the other.
  /// The first call (selections restored from settings) prefers the lane.
  void update(int lane, int thread);
  Kind kind() const { return kind_; }
  /// The warpgroup thread shown (0..127), -1 unless kind() is warpgroup_thread.
  int thread() const { return kind_ == Kind::warpgroup_thread ? thread_ : -1; }

 private:
  Kind kind_ = Kind::lane;
  bool seen_ = false;
  int lane_ = -1, thread_ = -1;
};

}  // namespace fragviz::app
