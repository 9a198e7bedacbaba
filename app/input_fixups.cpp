// The window's input callbacks and Dear ImGui 1.86 workarounds: see input_fixups.hpp.
#include "input_fixups.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "backends/imgui_impl_glfw.h"
#include "imgui.h"
#include "imgui_internal.h"  // the open popups' stack, ClosePopupToLevel
#include "key_event_queue.hpp"

namespace fragviz::app {
namespace {

GLFWwindow* g_window = nullptr;  // the one window the callbacks serve

// Whether anything happened to the window since the last frame: the idle loop draws nothing until
// it does. Every input callback sets it (ImGui's are wrapped); cursor motion, which ImGui 1.86 polls,
// has its own callback here; a refresh request (expose, resize) counts too.
bool g_activity = true;
// Whether the window's pixels must be drawn again even if the frame's draw data is the last one's.
bool g_present = true;

// ImGui 1.86 reads key state once per frame: key events reach it through this queue.
KeyEventQueue g_keys{[](const KeyEvent& e) {
  if (e.kind == KeyEvent::Kind::character) {
    ImGui_ImplGlfw_CharCallback(g_window, e.codepoint);
    return;
  }
  const int action = e.kind == KeyEvent::Kind::press    ? GLFW_PRESS
                     : e.kind == KeyEvent::Kind::repeat ? GLFW_REPEAT
                                                        : GLFW_RELEASE;
  ImGui_ImplGlfw_KeyCallback(g_window, e.key, e.scancode, action, e.mods);
}};

// ImGui 1.86's GLFW backend polls the cursor position once per frame, so a quick click followed by
// a move (a slow software-GL frame, or xdotool) would land where the pointer went next. The
// position at the press is used for the press frame and the one after it.
double g_press_x = 0, g_press_y = 0;
int g_press_frames = 0;

void key_callback(GLFWwindow*, int key, int scancode, int action, int mods) {
  g_activity = true;
  const KeyEvent::Kind kind = action == GLFW_PRESS    ? KeyEvent::Kind::press
                              : action == GLFW_REPEAT ? KeyEvent::Kind::repeat
                                                      : KeyEvent::Kind::release;
  g_keys.push(KeyEvent{kind, key, scancode, mods, 0});
}

void char_callback(GLFWwindow*, unsigned int c) {
  g_activity = true;
  g_keys.push(KeyEvent{KeyEvent::Kind::character, 0, 0, 0, c});
}

void mouse_button_callback(GLFWwindow* w, int button, int action, int mods) {
  g_activity = true;
  if (action == GLFW_PRESS) {
    glfwGetCursorPos(w, &g_press_x, &g_press_y);
    g_press_frames = 2;
  }
  ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
}

}  // namespace

void install_input_callbacks(GLFWwindow* window) {
  g_window = window;
  glfwSetKeyCallback(window, key_callback);
  glfwSetCharCallback(window, char_callback);
  glfwSetMouseButtonCallback(window, mouse_button_callback);
  glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    g_activity = true;
    ImGui_ImplGlfw_ScrollCallback(w, x, y);
  });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    g_activity = true;
    ImGui_ImplGlfw_WindowFocusCallback(w, focused);
  });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
    g_activity = true;
    ImGui_ImplGlfw_CursorEnterCallback(w, entered);
  });
  glfwSetCursorPosCallback(window, [](GLFWwindow*, double, double) { g_activity = true; });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { g_activity = g_present = true; });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow*, int, int) { g_activity = g_present = true; });
}

void note_activity() { g_activity = true; }

bool take_activity() {
  const bool was = g_activity;
  g_activity = false;
  return was;
}

bool activity_pending() { return g_activity; }

void request_present() { g_present = true; }

bool take_present_request() {
  const bool was = g_present;
  g_present = false;
  return was;
}

void pin_mouse_to_press(float to_logical) {
  if (g_press_frames <= 0) return;
  --g_press_frames;
  ImGui::GetIO().MousePos =
      ImVec2(static_cast<float>(g_press_x) * to_logical, static_cast<float>(g_press_y) * to_logical);
}

bool close_popups_on_escape() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const int esc = ImGui::GetKeyIndex(ImGuiKey_Escape);
  if (!ImGui::IsKeyPressed(esc, false)) return false;
  // The open popups above the topmost modal (or one not begun yet, whose kind is unknown).
  int level = g.OpenPopupStack.Size;
  while (level > 0) {
    const ImGuiWindow* w = g.OpenPopupStack[level - 1].Window;
    if (!w || (w->Flags & ImGuiWindowFlags_Modal)) break;
    --level;
  }
  if (level == g.OpenPopupStack.Size) return false;
  ImGui::ClosePopupToLevel(level, true);
  // Spent: IsKeyPressed reads "pressed" as a duration of exactly 0, and the next NewFrame adds to
  // this one, so the held key never reads as pressed again.
  g.IO.KeysDownDuration[esc] = 1e-4f;
  return true;
}

void input_frame_done() {
  if (g_keys.frame_done()) g_activity = true;
}

}  // namespace fragviz::app
