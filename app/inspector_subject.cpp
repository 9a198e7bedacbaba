#include "inspector_subject.hpp"

namespace fragviz::app {

void InspectorSubject::update(int lane, int thread) {
  if (!seen_)
    kind_ = lane < 0 && thread >= 0 ? Kind::warpgroup_thread : Kind::lane;
  else if (thread >= 0 && thread != thread_)
    kind_ = Kind::warpgroup_thread;
  else if (lane >= 0 && lane != lane_)
    kind_ = Kind::lane;
  if (kind_ == Kind::warpgroup_thread && thread < 0) kind_ = Kind::lane;
  if (kind_ == Kind::lane && lane < 0 && thread >= 0) kind_ = Kind::warpgroup_thread;
  seen_ = true;
  lane_ = lane;
  thread_ = thread;
}

}  // namespace fragviz::app
