// The app between ImGui::NewFrame and ImGui::Render: keeps the derived cache current, moves job
// results into AppState, draws every panel, then acts on what the panels requested (start/cancel
// the gate, open a report). Knows nothing of GLFW; window.hpp owns the window.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app_state.hpp"
#include "bank_layout_mode.hpp"
#include "derived.hpp"
#include "hopper_views.hpp"
#include "jobs.hpp"
#include "output_renderer.hpp"

namespace fragviz::app {

class App {
 public:
  /// `config_dir`: where settings.json is saved when the options allow saving; "" = never saved.
  App(AppState& state, LaunchOptions options, std::string config_dir);
  ~App();

  /// Starts the device query; opens the report named on the command line. Needs a GL context
  /// (for the output shader). Returns an error for the log, or "".
  std::string start();
  /// Builds one frame's UI. Call between ImGui::NewFrame() and ImGui::Render().
  void frame();
  /// True while a background job runs or its result waits to be taken (the main loop then keeps
  /// polling instead of waiting).
  bool busy() const;
  /// Waits for jobs and saves the settings.
  void shutdown();

  /// Opens a recorded report, or a ladder bench (`*.csv`) in the gate panel's ladder. On failure
  /// sets report_error, changes nothing else and returns why: ErrorKind::io for a file that cannot
  /// be read, refused for one that is no report (or bench) this build reads; kind none when opened.
  Error open_report(const std::string& path);
  /// Why the report (or bench) named on the command line did not open at start(); kind none when
  /// it opened or none was named. An automation run (--frames, --screenshot) exits on it (main.cpp).
  const Error& start_report_error() const { return start_report_error_; }
  /// JSON of the UI state for --dump-state (see docs in main.cpp's usage text).
  std::string state_json() const;
  const Derived& derived() const { return *derived_; }

 private:
  void refresh_derived();
  /// Shows the report at `path` (show_report); returns why it could not (io: unreadable, refused:
  /// no report), kind none when shown.
  Error show_report_file(const std::string& path);
  /// Reads the bench CSV at `path` into the gate panel's ladder; kind none when shown, else why not
  /// (nothing changed; io or refused, as show_report_file). open_report and the reopen at start
  /// share it.
  Error show_bench_file(const std::string& path);
  /// At start: the reports and the comparison settings.json named (AppState::saved_reports), each
  /// that still loads; each that does not is said once in the status strip (settings_notices).
  void reopen_saved_reports();
  /// File > Compare with report: loads `path` and compares what the views show with it; a
  /// failure sets compare_error and keeps the comparison shown before.
  void compare_with(const std::string& path);
  /// Closes the shown report, or only `part` of it (close_report_part), keeping the undo (Reopen)
  /// and the comparison, made again against what the views then show.
  void close_shown_report(std::optional<ReportPart> part);
  /// Puts `path` (made absolute) first in File > Recent reports.
  void note_recent_report(const std::string& path);
  /// Recomputes the Layout mode's tables when s_.layout changed.
  void refresh_layout_view();
  void poll_jobs();
  void request_probes();
  void act_on_requests();
  void refresh_gate_blocked();
  /// Saves the user's own settings (settings_of) when this run persists them; a failure goes to
  /// stderr and the status strip.
  void save_now();

  AppState& s_;
  LaunchOptions options_;
  std::string config_dir_;
  std::unique_ptr<Derived> derived_;
  std::unique_ptr<LayoutView> layout_view_;  ///< the bank view's Layout mode, for s_.layout
  Jobs jobs_;
  OutputRenderer renderer_;
  std::string saved_settings_;
  std::string save_error_;    ///< the last save failure said, so it is said once
  Error start_report_error_;  ///< start_report_error()
  /// What start said of the reports open at the last quit (gone, not reopened): in
  /// s_.settings_notices until another report is opened.
  std::vector<std::string> gone_report_notices_;
  // Key of the cached gate_blocked reason.
  GateRequest blocked_for_{};
  bool blocked_device_known_ = false;
  bool blocked_valid_ = false;
  HopperViews hopper_;     ///< the Hopper views' tables
  AlgebraModel algebra_;   ///< the Algebra window's evaluation, kept between frames
  CtaTileModel cta_tile_;  ///< the CTA tile window's analysis, kept between frames
  TmemModel tmem_;         ///< the Tensor memory window's grid, kept between frames
};

}  // namespace fragviz::app
