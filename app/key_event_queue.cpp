// KeyEventQueue: see key_event_queue.hpp.
#include "key_event_queue.hpp"

#include <algorithm>
#include <utility>

namespace fragviz::app {

namespace {

bool is_ctrl_release(const KeyEvent& e) {
  return e.kind == KeyEvent::Kind::release &&
         (e.key == KeyEventQueue::kLeftCtrl || e.key == KeyEventQueue::kRightCtrl);
}

}  // namespace

void KeyEventQueue::push(const KeyEvent& e) {
  const bool behind_ctrl =
      e.kind == KeyEvent::Kind::character && std::any_of(held_.begin(), held_.end(), is_ctrl_release);
  if ((e.kind == KeyEvent::Kind::release && press_unseen_) || behind_ctrl) {
    held_.push_back(e);
    return;
  }
  if (e.kind == KeyEvent::Kind::press) press_unseen_ = true;
  deliver_(e);
}

bool KeyEventQueue::frame_done() {
  press_unseen_ = false;
  std::vector<KeyEvent> waiting = std::move(held_);
  held_.clear();
  for (const KeyEvent& e : waiting) push(e);
  return !held_.empty();
}

}  // namespace fragviz::app
