// The order in which keyboard events reach Dear ImGui 1.86, which has no input queue of its own: it
// reads the key state and the typed characters once per frame. A key pressed and released between
// two frames (xdotool, a fast typist) would never be seen, so a release waits until a frame has
// seen the press, and a character typed behind a waiting Ctrl release waits with it.
// Plain C++ with no GLFW or ImGui: input_fixups.cpp feeds it GLFW's callbacks.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace fragviz::app {

/// One keyboard event as the window system gave it: a key's press, repeat or release (GLFW's key
/// code, scancode and modifier bits, passed through untouched), or a typed Unicode character.
struct KeyEvent {
  enum class Kind { press, repeat, release, character };
  Kind kind = Kind::press;
  int key = 0, scancode = 0, mods = 0;  ///< for press, repeat, release
  unsigned codepoint = 0;               ///< for character
};

/// Delivers keyboard events to ImGui at most as fast as its frames can see them, in their order.
class KeyEventQueue {
 public:
  /// `deliver` hands one event to ImGui (its GLFW backend's key or char callback).
  explicit KeyEventQueue(std::function<void(const KeyEvent&)> deliver) : deliver_(std::move(deliver)) {}

  /// GLFW's key codes for the Ctrl keys (GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL).
  static constexpr int kLeftCtrl = 341, kRightCtrl = 345;

  /// An event from the window system: delivered now, or held for after the next frame when it is
  /// the release of a key whose press no frame has seen yet, or a typed character behind a held Ctrl
  /// release (ImGui 1.86 drops a frame's characters while it sees Ctrl down: Ctrl+A then "128" gave
  /// "28"). Other keys are not held: queueing everything behind a held release made keys typed
  /// after a focus change land in the next field (gui.test_soak).
  void push(const KeyEvent& e);

  /// A frame has read the delivered events: the held ones are pushed again, in order (so a
  /// release after a press among them waits for the following frame). Returns whether some are
  /// still held, i.e. whether another frame is needed.
  bool frame_done();

  /// How many events are held.
  std::size_t held() const { return held_.size(); }

 private:
  std::function<void(const KeyEvent&)> deliver_;
  bool press_unseen_ = false;  ///< a press was delivered that no frame has seen yet
  std::vector<KeyEvent> held_;
};

}  // namespace fragviz::app
