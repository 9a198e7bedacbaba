// File > Export's "Visible region", defined once for every view and for the state dump: a cell
// (or bank line) belongs to it when its centre is inside the part of the view where cells show
// (the view's area less its sticky label bands), i.e. when at least half of it is on screen.
#pragma once

namespace fragviz::app {

/// The indices first..last (empty when last < first) of a run of `count` cells `cell` long from
/// `origin` whose centres lie in [lo, hi]; the same along rows and along columns.
struct IndexSpan {
  int first = 0, last = -1;
  bool empty() const { return last < first; }
};

/// The cells of a run of `count` cells `cell` long from `origin` (pixels) that belong to the
/// visible region [lo, hi]: those with their centre inside it (half or more of each on screen).
IndexSpan visible_span(float origin, float cell, int count, float lo, float hi);

}  // namespace fragviz::app
