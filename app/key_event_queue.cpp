// KeyEventQueue: see key_event_queue.hpp.
#include "key_event_queue.hpp"

#include <utility>

namespace fragviz::app {

void KeyEventQueue::push(const KeyEvent& e) {
  if (e.kind == KeyEvent::Kind::release && press_unseen_) {
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
