// The Lane inspector follows the last selection: a lane of the mma.sync views or a thread of the
// Warpgroup view (issue 22: a thread selected there left the inspector on the fragments lane).
#include <gtest/gtest.h>

#include "inspector_subject.hpp"

using fragviz::app::InspectorSubject;
using Kind = InspectorSubject::Kind;

TEST(InspectorSubject, FollowsTheSelectionMadeLast) {
  InspectorSubject s;
  s.update(5, -1);
  EXPECT_EQ(s.kind(), Kind::lane);
  s.update(5, 37);  // a thread clicked in the Warpgroup view
  EXPECT_EQ(s.kind(), Kind::warpgroup_thread);
  EXPECT_EQ(s.thread(), 37);
  s.update(5, 37);  // nothing new: it stays on the thread
  EXPECT_EQ(s.thread(), 37);
  s.update(9, 37);  // a lane clicked in the fragments view
  EXPECT_EQ(s.kind(), Kind::lane);
  EXPECT_EQ(s.thread(), -1);
  s.update(9, 100);  // the Warpgroup view's thread field
  EXPECT_EQ(s.thread(), 100);
}

TEST(InspectorSubject, ARestartShowsWhatWasShownAtQuit) {
  // Both selections restored (lane 3, thread 40): the one the inspector showed at quit.
  InspectorSubject t;
  t.restore(Kind::warpgroup_thread);
  EXPECT_EQ(t.kind(), Kind::warpgroup_thread);  // saved as restored even before a frame
  t.update(3, 40);
  EXPECT_EQ(t.thread(), 40);
  t.update(3, 40);
  EXPECT_EQ(t.thread(), 40);
  InspectorSubject l;
  l.restore(Kind::lane);
  l.update(3, 40);
  EXPECT_EQ(l.kind(), Kind::lane);
  // The thread restored but its view closed (no thread this frame): the lane shown, the thread still
  // the choice saved; the view opened again shows the thread.
  InspectorSubject gone;
  gone.restore(Kind::warpgroup_thread);
  gone.update(3, -1);
  EXPECT_EQ(gone.kind(), Kind::lane);
  EXPECT_EQ(gone.chosen(), Kind::warpgroup_thread);
  gone.update(3, 40);
  EXPECT_EQ(gone.thread(), 40);
}

TEST(InspectorSubject, FallsBackWhereItsSelectionIsGone) {
  InspectorSubject s;
  s.update(3, 40);  // both restored at start: the lane first
  EXPECT_EQ(s.kind(), Kind::lane);
  s.update(3, 41);
  EXPECT_EQ(s.thread(), 41);
  s.update(3, -1);  // the Warpgroup view closed, or its thread deselected
  EXPECT_EQ(s.kind(), Kind::lane);
  s.update(-1, 41);  // the lane deselected, the thread there again
  EXPECT_EQ(s.thread(), 41);
  InspectorSubject t;
  t.update(-1, 12);  // only a thread at start
  EXPECT_EQ(t.thread(), 12);
}
