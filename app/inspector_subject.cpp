#include "inspector_subject.hpp"

namespace fragviz::app {

void InspectorSubject::update(int lane, int thread) {
  if (!seen_)
    chosen_ = restored_;
  else if (thread >= 0 && thread != thread_)
    chosen_ = Kind::warpgroup_thread;
  else if (lane >= 0 && lane != lane_)
    chosen_ = Kind::lane;
  kind_ = chosen_;  // where its selection is gone, the lines below take the other
  if (kind_ == Kind::warpgroup_thread && thread < 0) kind_ = Kind::lane;
  if (kind_ == Kind::lane && lane < 0 && thread >= 0) kind_ = Kind::warpgroup_thread;
  seen_ = true;
  lane_ = lane;
  thread_ = thread;
}

const char* to_string(InspectorSubject::Kind k) {
  return k == InspectorSubject::Kind::warpgroup_thread ? "warpgroup_thread" : "lane";
}

std::optional<InspectorSubject::Kind> parse_inspector_subject(std::string_view word) {
  for (InspectorSubject::Kind k : {InspectorSubject::Kind::lane, InspectorSubject::Kind::warpgroup_thread})
    if (word == to_string(k)) return k;
  return std::nullopt;
}

}  // namespace fragviz::app
