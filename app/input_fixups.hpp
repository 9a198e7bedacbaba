// The window's input callbacks: each wraps Dear ImGui 1.86's GLFW backend callback, works around
// what that version cannot do (no input queue: keys go through KeyEventQueue; the cursor polled once
// per frame: a click keeps its press position), and notes that something happened, so the idle loop
// knows to draw a frame. One window per process: the state is the file's own.
#pragma once

struct GLFWwindow;

namespace fragviz::app {

/// Installs the callbacks on `window`. Call after ImGui_ImplGlfw_InitForOpenGL(window, true) (ours
/// replace the backend's and call them).
void install_input_callbacks(GLFWwindow* window);

/// Notes that something happened to the window (the callbacks do; so may the loop, as for a
/// content-scale change), so that the next frame is drawn.
void note_activity();

/// Whether anything happened since the last call, clearing the note.
bool take_activity();

/// Whether anything happened since the last take_activity, without clearing it.
bool activity_pending();

/// Asks for this frame to be drawn and shown even if its draw data is the last one's (an offscreen
/// texture the frame shows was drawn again).
void request_present();

/// Whether the window asked to be drawn again whatever the frame holds (an expose or a new
/// framebuffer size: what is on screen may be gone), or request_present was called, since the last
/// call, clearing the request.
bool take_present_request();

/// Right after ImGui_ImplGlfw_NewFrame: for the frame of a mouse press and the one after it (where a
/// click-release button sees the release), sets ImGui's mouse to where the press was.
/// `to_logical`: window coordinates to ImGui's logical pixels (display_scale.hpp).
void pin_mouse_to_press(float to_logical);

/// Right after ImGui::NewFrame: Escape closes the open menu, combo list or other popup that is not
/// a modal dialog (those above the topmost modal), which ImGui 1.86 leaves open from the menu bar,
/// and is then spent: nothing drawn this frame sees it pressed (a dialog under the list, or whatever
/// Escape does with no menu open). Returns whether it closed something.
bool close_popups_on_escape();

/// After a frame's Render: delivers the key events held for after it (KeyEventQueue::frame_done),
/// noting activity when some still wait for another frame.
void input_frame_done();

}  // namespace fragviz::app
