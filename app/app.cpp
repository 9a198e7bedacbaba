#include "app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "fonts.hpp"
#include "fragviz/device/cta_copy_probe_run.hpp"
#include "fragviz/device/cta_fill_probe_run.hpp"
#include "fragviz/device/cta_mma_probe_run.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/device/kernel_process.hpp"
#include "fragviz/gate/bench_csv.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/file_check.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "imgui.h"
#include "panels/panels.hpp"
#include "report_view.hpp"
#include "settings.hpp"
#include "window_placement.hpp"

namespace fragviz::app {

namespace {

/// Names `c`'s files as the menu item and the strip say them: "p.json + g.json".
void name_closed_files(AppState::ClosedReport& c) {
  c.name.clear();
  for (const std::string* p : {&c.probe_path, &c.gate_path})
    if (!p->empty()) c.name += (c.name.empty() ? "" : " + ") + std::filesystem::path(*p).filename().string();
}

/// The files `before` showed that `after` no longer shows: what a Reopen replaced.
AppState::ClosedReport replaced_files(const OpenedReport& before, const std::optional<OpenedReport>& after) {
  const auto shown = [&](const std::string& p) {
    return after &&
           ((after->has_probe && after->probe_path == p) || (after->has_gate && after->gate_path == p));
  };
  AppState::ClosedReport out;
  if (before.has_probe && !shown(before.probe_path)) out.probe_path = before.probe_path;
  if (before.has_gate && before.gate_path != before.probe_path && !shown(before.gate_path))
    out.gate_path = before.gate_path;
  name_closed_files(out);
  return out;
}

}  // namespace

App::App(AppState& state, LaunchOptions options, std::string config_dir)
    : s_(state), options_(std::move(options)), config_dir_(std::move(config_dir)) {}

App::~App() { jobs_.shutdown(); }

// [SECTION] start and shutdown

std::string App::start() {
  std::string log = renderer_.init();
  // --instr wins over the settings (the command line checked that the catalogue has it).
  if (!options_.instruction.empty()) {
    if (const Instruction* in = find_instruction_named(options_.instruction)) {
      s_.controls.instruction = in->mnemonic;
      s_.instruction_notice.clear();
    } else {
      s_.instruction_notice = "--instr " + options_.instruction + " is not in the catalogue: showing " +
                              std::string(kDefaultInstruction);
    }
  }
  // --wmma: the command line checked the name.
  if (const WmmaKind* w = options_.wmma.empty() ? nullptr : find_wmma_kind(options_.wmma))
    s_.wmma_kind = wmma_name(*w);
  refresh_derived();
  refresh_layout_view();
  // query_device can take the CUDA start-up time: never on the UI thread.
  if (options_.no_device) {
    s_.device_known = true;
    s_.device.error = Error{ErrorKind::no_device, "disabled with --no-device"};
  } else {
    const bool with_context = options_.cuda_start == "query";
    jobs_.device.start([with_context] {
      DeviceInfo d = query_device();
      if (with_context && d.present) {
        double ms = 0;
        const std::string e = start_cuda_context(&ms);
        std::fprintf(stderr, "fragviz: CUDA context in the device job: %.1f ms%s%s\n", ms,
                     e.empty() ? "" : ": ", e.c_str());
      }
      return d;
    });
  }
  if (!options_.report_path.empty()) {
    s_.saved_reports = {};  // the report asked for replaces the ones open at the last quit
    start_report_error_ = open_report(options_.report_path);
    // The banner shows it too, but a scripted start should see it on stderr.
    if (start_report_error_.kind != ErrorKind::none)
      std::fprintf(stderr, "fragviz: %s\n", start_report_error_.message.c_str());
  }
  reopen_saved_reports();
  // After the reopen: a report back as it was is no change to save.
  saved_settings_ = settings_json(s_);
  return log;
}

void App::shutdown() {
  jobs_.shutdown();
  // The user's own settings, also while a report shows its geometry (settings_of).
  save_now();
}

void App::save_now() {
  if (!persists_settings(options_) || config_dir_.empty()) return;
  saved_settings_ = settings_json(s_);
  const Settings now = settings_of(s_);
  note_settings_touched(s_.settings_loaded_json, now, s_.settings_touched);
  std::string e =
      save_settings(config_dir_, now, s_.settings_file_text, s_.settings_loaded_json, s_.settings_touched);
  if (e.empty() || e == save_error_) return;
  // Said once per different failure: on stderr and, for the rest of the session, in the strip.
  save_error_ = e;
  std::fprintf(stderr, "fragviz: %s\n", e.c_str());
  if (std::find(s_.settings_notices.begin(), s_.settings_notices.end(), e) == s_.settings_notices.end())
    s_.settings_notices.push_back(e);
}

bool App::busy() const {
  return jobs_.device.pending() || jobs_.probe.pending() || jobs_.gate.pending() ||
         jobs_.cta_device.pending();
}

// [SECTION] per frame

void App::frame() {
  s_.frame = FrameRecord{};
  poll_jobs();
  refresh_gate_blocked();
  // Controls edited last frame: recompute before anything draws, so every view agrees.
  refresh_derived();

  // What the user edits this frame is theirs, also while a report shows its own geometry.
  const Controls before = s_.controls;
  draw_menu_and_status(s_);
  draw_messages(s_);
  // Each panel may change controls; recompute right after the controls panel so views drawn after
  // it in this frame already show the change.
  if (s_.windows.controls) draw_controls(s_, *derived_);
  refresh_derived();
  if (s_.windows.device) draw_device(s_, *derived_);
  if (s_.windows.fragments) draw_fragments(s_, *derived_);
  // The inspector shows the lane or the Warpgroup view's thread, whichever was selected last.
  s_.inspector_subject.update(s_.selected_lane, s_.hopper.warpgroup_open ? s_.hopper.selected_thread : -1);
  if (s_.windows.inspector) draw_inspector(s_, *derived_, hopper_);
  if (s_.windows.ldmatrix) draw_ldmatrix(s_, *derived_);
  if (s_.windows.banks) {
    refresh_layout_view();
    draw_banks(s_, *derived_, *layout_view_);
  }
  refresh_layout_view();  // an edit this frame shows in the state dump and the next frame
  if (s_.windows.gate) draw_gate(s_);
  if (s_.windows.output) draw_output(s_, renderer_);
  draw_hopper_views(s_, hopper_);  // the warpgroup, descriptor and matrix-move windows that are open
  draw_algebra(s_, algebra_);
  draw_cta_tile(s_, cta_tile_);
  draw_tmem(s_, tmem_);
  // Windows with modal file browsers, then the menu's modals: last, so no window is begun after a
  // modal opened this frame (draw_menu_popups says why).
  draw_compare(s_);
  draw_load_kernel(s_);
  draw_menu_popups(s_);
  s_.hovered_lane = s_.frame.hovered_lane;
  if (s_.report && s_.controls != before) take_user_edits(s_, before);

  act_on_requests();
  if (settings_json(s_) != saved_settings_) save_now();
  ++s_.frame_index;
}

void App::refresh_derived() {
  if (derived_ && derived_->key == s_.controls) {
    // Same instruction and tile: only a new report (live or opened) changes the measured tables.
    if (derived_->measured.report != s_.probe.report)
      derived_->measured = compute_measured(*derived_, s_.probe.report);
    return;
  }
  // The probes measure every catalogue instruction at once, so a new instruction needs no new run;
  // only the explorer's ldmatrix and tile do.
  const bool reprobe = !derived_ || !derived_->key.same_probe_inputs(s_.controls);
  derived_ = std::make_unique<Derived>(compute_derived(s_.controls));
  derived_->measured = compute_measured(*derived_, s_.probe.report);
  if (reprobe) request_probes();
}

void App::refresh_layout_view() {
  if (!layout_view_ || layout_view_->key != s_.layout)
    layout_view_ = std::make_unique<LayoutView>(compute_layout_view(s_.layout));
}

void App::request_probes() {
  if (!s_.device_known || !s_.device.present) return;
  ProbeRequest req;
  req.ldmatrix = s_.controls.ldmatrix();
  req.tile = s_.controls.tile();
  if (jobs_.probe.running()) {
    jobs_.probe_pending = req;  // newest wins; run when the current one finishes
    return;
  }
  s_.probe_status = JobStatus::running;
  s_.frame.jobs_started.push_back("probe");
  jobs_.probe.start([req] { return run_probes(req); });
}

void App::poll_jobs() {
  std::shared_ptr<const DeviceInfo> dev;
  std::string err;
  if (jobs_.device.take(&dev, &err)) {
    s_.frame.results_taken.push_back("device");
    s_.device_known = true;
    if (dev)
      s_.device = *dev;
    else
      s_.device.error = Error{ErrorKind::internal, "query_device failed: " + err};
    blocked_valid_ = false;
    request_probes();
  }
  std::shared_ptr<const ProbeReport> probe;
  if (jobs_.probe.take(&probe, &err)) {
    s_.frame.results_taken.push_back("probe");
    if (!probe) {
      s_.probe_status = JobStatus::failed;
      s_.probe_error = err;
    } else if (!probe->error.message.empty() && probe->fragments.empty() && !probe->ldmatrix.ran) {
      s_.probe_status = JobStatus::failed;
      s_.probe_error = probe->error.message;
    } else {
      s_.probe_status = JobStatus::done;
      s_.probe_error = probe->error.message;
      take_live_probe(
          s_, ProbeSource{probe, measured_label(probe->device.present ? probe->device : s_.device), "live"});
    }
    if (jobs_.probe_pending) {
      const ProbeRequest req = *jobs_.probe_pending;
      jobs_.probe_pending.reset();
      s_.probe_status = JobStatus::running;
      s_.frame.jobs_started.push_back("probe");
      jobs_.probe.start([req] { return run_probes(req); });
    }
  }
  s_.gate_progress_permille = jobs_.gate_control.progress_permille.load();
  std::shared_ptr<const GateReport> gate;
  if (jobs_.gate.take(&gate, &err)) {
    s_.frame.results_taken.push_back("gate");
    s_.kernel.run_started_s = -1;
    if (!gate) {
      s_.gate_status = JobStatus::failed;
      s_.gate_error = "gate failed: " + err;
    } else {
      s_.gate_status = gate->ran ? JobStatus::done : JobStatus::failed;
      s_.gate_error = gate->ran || gate->cancelled ? "" : gate->error.message;
      take_live_gate(s_, gate);
    }
  }
  std::shared_ptr<const CtaDeviceResult> cta;
  if (jobs_.cta_device.take(&cta, &err)) {
    s_.frame.results_taken.push_back("cta_device");
    s_.cta_device.status = cta ? JobStatus::done : JobStatus::failed;
    s_.cta_device.error = cta ? "" : err;
    if (cta) s_.cta_device.result = *cta;
  }
  s_.gate_ladder.done = jobs_.ladder_done.load();
  std::shared_ptr<const LadderResult> ladder;
  if (jobs_.ladder.take(&ladder, &err)) {
    s_.frame.results_taken.push_back("ladder");
    s_.gate_ladder.running = false;
    s_.gate_ladder.error = ladder ? "" : "ladder failed: " + err;
    if (ladder) take_live_ladder(s_.gate_ladder, ladder);
  }
}

void App::refresh_gate_blocked() {
  const GateRequest& r = s_.gate_request;
  if (blocked_valid_ && blocked_device_known_ == s_.device_known && blocked_for_.n == r.n &&
      blocked_for_.variant == r.variant)
    return;
  blocked_valid_ = true;
  blocked_for_ = r;
  blocked_device_known_ = s_.device_known;
  if (!built_with_cuda())
    s_.device_blocked =
        "this build has no CUDA (model only); a GPU run needs an NVIDIA GPU of sm_75 or newer";
  else if (!s_.device_known)
    s_.device_blocked = "looking for a CUDA device";
  else if (!s_.device.present)
    s_.device_blocked =
        s_.device.error.message.empty() ? std::string("no CUDA device") : s_.device.error.message;
  else
    s_.device_blocked.reset();
  // A size the gate refuses is the first thing to fix, whatever else is missing.
  if (auto size = gate_size_problem(r.n, 0, r.variant))
    s_.gate_blocked = *size;
  else if (s_.device_blocked)
    s_.gate_blocked = *s_.device_blocked;
  else if (auto why = gate_static_refusal(r, s_.device))
    // No CUDA call here (the first one creates the context: 123 ms of a frame on the H200); the
    // gate job checks free memory itself before it allocates.
    s_.gate_blocked = why->message;
  else
    s_.gate_blocked.reset();
}

void App::act_on_requests() {
  if (s_.gate_run_requested) {
    s_.gate_run_requested = false;
    if (!s_.gate_blocked && !jobs_.gate.running() && !jobs_.ladder.running()) {
      jobs_.gate_control.cancel = false;
      jobs_.gate_control.progress_permille = 0;
      s_.gate_status = JobStatus::running;
      s_.gate_error.clear();
      const GateRequest req = s_.gate_request;
      GateControl* ctl = &jobs_.gate_control;
      jobs_.gate.start([req, ctl] { return run_gate(req, ctl); });
    }
  }
  if (s_.kernel.run_requested) {
    s_.kernel.run_requested = false;
    // A user kernel runs in the kernel runner's process (kernel_process.hpp), never in this one:
    // a fault there leaves this process's CUDA context and its built-in gate runs untouched.
    const Outcome<GateRequest> req = kernel_request(s_.kernel, s_.gate_request);
    if (req && !jobs_.gate.running() && !jobs_.ladder.running()) {
      jobs_.gate_control.cancel = false;
      jobs_.gate_control.progress_permille = 0;
      s_.gate_status = JobStatus::running;
      s_.gate_error.clear();
      s_.windows.gate = true;
      s_.kernel.run_started_s = ImGui::GetTime();
      GateControl* ctl = &jobs_.gate_control;
      KernelProcessOptions popts;
      popts.hide_devices = options_.no_device;  // --no-device holds for the child too
      jobs_.gate.start([r = *req, popts, ctl] { return run_user_kernel_gate(r, popts, ctl); });
    }
  }
  GateLadderState& ladder = s_.gate_ladder;
  if (ladder.run_requested) {
    ladder.run_requested = false;
    const std::vector<int> sizes = ladder.chosen_sizes();
    if (!sizes.empty() && s_.device.present && !jobs_.gate.running() && !jobs_.ladder.running()) {
      jobs_.gate_control.cancel = false;
      jobs_.ladder_done = 0;
      ladder.running = true;
      ladder.planned = static_cast<int>(ladder_plan(sizes).size());
      ladder.error.clear();
      const std::uint64_t seed = s_.gate_request.seed;
      const int runs = s_.gate_request.timed_runs;
      GateControl* ctl = &jobs_.gate_control;
      std::atomic<int>* done = &jobs_.ladder_done;
      jobs_.ladder.start([sizes, seed, runs, ctl, done] { return run_ladder(sizes, seed, runs, ctl, done); });
    }
  }
  if (s_.cta_device.requested) {
    s_.cta_device.requested = false;
    // The tile is rebuilt from the fields and planned on the job's thread: nothing blocks a frame.
    if (!cta_device_blocked(s_) && !jobs_.cta_device.running()) {
      CtaDeviceRun& run = s_.cta_device;
      run.status = JobStatus::running;
      run.spec = s_.cta_tile.spec;
      run.error.clear();
      run.result.reset();
      s_.frame.jobs_started.push_back("cta_device");
      jobs_.cta_device.start([spec = run.spec, device = s_.device] {
        const auto t = tile::make_cta_tile(spec);
        if (!t) throw std::runtime_error(t.message);
        CtaDeviceResult r = measure_cta_copies(*t, device, [](const tile::CtaCopyProbePlan& p) {
          CtaCopyProbeRun run = run_cta_copy_probe(p);
          return CtaProbeOutcome{std::move(run.verdict), std::move(run.error)};
        });
        r.mma = measure_cta_mma(*t, device, [](const tile::CtaMmaProbePlan& p) {
          CtaMmaProbeRun run = run_cta_mma_probe(p);
          return CtaMmaOutcome{std::move(run.verdict), std::move(run.error)};
        });
        r.fills = measure_cta_fills(*t, device, [](const tile::CtaFillProbePlan& p) {
          CtaFillProbeRun run = run_cta_fill_probe(p);
          return CtaFillOutcome{std::move(run.verdict), std::move(run.error)};
        });
        return r;
      });
    }
  }
  if (s_.gate_cancel_requested) {
    s_.gate_cancel_requested = false;
    jobs_.gate_control.cancel = true;
  }
  if (s_.close_report_requested || s_.close_part_requested) {
    const std::optional<ReportPart> part = std::exchange(s_.close_part_requested, std::nullopt);
    s_.close_report_requested = false;
    if (s_.report) close_shown_report(part);
  }
  if (s_.reopen_report_requested) {
    s_.reopen_report_requested = false;
    if (s_.closed_report) {
      const AppState::ClosedReport closed = std::move(*s_.closed_report);
      s_.closed_report.reset();
      const std::optional<OpenedReport> before = s_.report;
      // As File > Open report opens them (a failed read is said as one is), the gate file joining
      // the probe file's report, then the comparison against both.
      for (const std::string* p : {&closed.probe_path, &closed.gate_path})
        if (!p->empty()) open_report(*p);
      if (!closed.compare_path.empty() && s_.report) compare_with(closed.compare_path);
      // Reopened over a report shown since (newcomer round 30: Reopen is offered while one is): the
      // files it replaced take its place in Reopen, so neither click loses a report.
      // With the comparison the opening ended (show_report_file put it there).
      if (before)
        if (AppState::ClosedReport replaced = replaced_files(*before, s_.report);
            !replaced.probe_path.empty() || !replaced.gate_path.empty()) {
          if (s_.closed_report) replaced.compare_path = s_.closed_report->compare_path;
          s_.closed_report = std::move(replaced);
        }
    }
  }
  if (s_.gate_ladder.close_recorded_requested) {
    s_.gate_ladder.close_recorded_requested = false;
    close_recorded_bench(s_.gate_ladder);
  }
  if (s_.close_compare_requested) {
    s_.close_compare_requested = false;
    // Kept for the undo (Reopen comparison), as Close report keeps its files.
    if (s_.comparison) s_.closed_comparison = s_.comparison->path;
    s_.comparison.reset();
  }
  if (s_.reopen_compare_requested) {
    s_.reopen_compare_requested = false;
    if (s_.closed_comparison) {
      const std::string path = std::move(*s_.closed_comparison);
      s_.closed_comparison.reset();
      compare_with(path);  // a file gone since is said as File > Compare says it
    }
  }
  if (!s_.compare_request.empty()) {
    const std::string path = std::move(s_.compare_request);
    s_.compare_request.clear();
    compare_with(path);
    // File > Recent reports lists a file the user compared with too (issue 22: it never entered the
    // list); not one a restart or a Reopen compares with again (no new choice of the user's). Its
    // list comes to the front, as a view opened from the View menu does (newcomer round 34: it
    // opened as a tab behind the Warpgroup, and nothing seemed to happen).
    if (s_.comparison && s_.comparison->path == path) {
      note_recent_report(path);
      reveal_opened_view(s_, kWinDifferences);
    }
  }
  if (!s_.open_report_request.empty()) {
    const std::string path = std::move(s_.open_report_request);
    s_.open_report_request.clear();
    open_report(path);
  }
}

// [SECTION] reports

void App::close_shown_report(std::optional<ReportPart> part) {
  const OpenedReport& r = *s_.report;
  const bool whole = !part || closes_whole_report(r, *part);
  // Kept for the undo (Reopen): one click must not lose a report for good.
  AppState::ClosedReport closed;
  if (r.has_probe && (whole || *part == ReportPart::probe)) closed.probe_path = r.probe_path;
  if (r.has_gate && (whole || *part == ReportPart::gate) && r.gate_path != r.probe_path)
    closed.gate_path = r.gate_path;
  name_closed_files(closed);
  const std::optional<std::string> compared =
      s_.comparison ? std::optional<std::string>(s_.comparison->path) : std::nullopt;
  if (whole)
    close_report(s_);
  else
    close_report_part(s_, *part);
  // The comparison stays (issue 22: Close report took it too), made again against what the views
  // show now, as opening a report makes it again. Where nothing is left to compare with, it waits in
  // the close's undo; so does one Close comparison closed, when no report is left for it.
  if (compared) {
    const bool list_shown = s_.differences_open;  // hidden by its X, it stays hidden
    s_.comparison.reset();
    compare_with(*compared);
    s_.differences_open = list_shown;
    if (!s_.comparison) {
      s_.compare_error.clear();
      closed.compare_path = *compared;
    }
  } else if (s_.closed_comparison && !s_.report) {
    closed.compare_path = std::exchange(s_.closed_comparison, std::nullopt).value();
  }
  s_.closed_report = std::move(closed);
}

void App::compare_with(const std::string& path) {
  Outcome<ReportFile> b = load_report(path);
  if (!b) {
    s_.compare_error = b.error.message.empty() ? path + ": unreadable report" : b.error.message;
    return;
  }
  // Side A as recorded: the opened reports' own files, not the views' summaries of them (the probe
  // part and the gate part may come from two files).
  std::optional<ReportFile> opened;
  std::string against;
  if (s_.report) {
    const OpenedReport& r = *s_.report;
    // A probe report and a gate report shown together: a part B does not hold is left out of A
    // (newcomer round 25: a gate report opened beside compared probe reports was "a difference";
    // the comparison is between what both hold), unless B holds neither.
    const bool two_files = !r.probe_path.empty() && !r.gate_path.empty() && r.probe_path != r.gate_path;
    const bool b_parts = b.value->probe || b.value->gate;
    const std::string no_file;
    const std::string& probe_file = two_files && b_parts && !b.value->probe ? no_file : r.probe_path;
    const std::string& gate_file = two_files && b_parts && !b.value->gate ? no_file : r.gate_path;
    // Each file once: the probe's, then the gate's when that is another file.
    for (const std::string* file : {&probe_file, &gate_file}) {
      if (file->empty() || (file == &gate_file && gate_file == probe_file)) continue;
      Outcome<ReportFile> a = load_report(*file);
      if (!a) {
        s_.compare_error = "cannot read the shown report again: " + a.error.message;
        return;
      }
      if (!opened) {
        opened = std::move(*a.value);  // its version: the probe's, whose fields versions differ in
      } else {
        opened->gate = std::move(a.value->gate);
      }
      against += (against.empty() ? "report " : " and report ") + *file;
    }
    if (opened && probe_file.empty()) opened->probe.reset();
    if (opened && gate_file.empty()) opened->gate.reset();
  }
  std::optional<ReportFile> a = shown_report(s_, opened);
  if (!a) {
    s_.compare_error = "nothing to compare " + path +
                       " with: open a report (File > Open report) or run the probes or the gate first";
    return;
  }
  s_.compare_error.clear();
  s_.closed_comparison.reset();  // a comparison made since: "Reopen comparison" would replace it
  s_.comparison = compare_reports(std::move(*a), s_.report ? against : "this session's live results",
                                  std::move(*b.value), path);
  s_.differences_open = true;
}

Error App::show_bench_file(const std::string& path) {
  if (auto why = input_file_problem(path)) return Error{ErrorKind::io, "cannot read " + path + ": " + *why};
  std::ifstream in(path, std::ios::binary);
  std::string text(kMaxBenchCsvBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return Error{ErrorKind::io, "cannot read " + path};
  text.resize(static_cast<std::size_t>(in.gcount()));
  Outcome<BenchTable> t = parse_bench_csv(text);
  if (!t) return Error{ErrorKind::refused, path + ": " + t.error.message};  // read, but no bench
  show_recorded_bench(s_.gate_ladder,
                      std::make_shared<const LadderResult>(ladder_from_bench(*t.value, path)));
  return {};
}

Error App::open_report(const std::string& path) {
  // A ladder bench (`fragviz-cli bench --csv`) opens in the gate panel's ladder, beside whatever
  // report is shown.
  const std::string ext = std::filesystem::path(path).extension().string();
  const Error why = ext == ".csv" || ext == ".CSV" ? show_bench_file(path) : show_report_file(path);
  if (why.kind != ErrorKind::none) {
    note_report_error(s_, why.message);
    return why;
  }
  s_.report_error.clear();
  note_recent_report(path);
  return {};
}

void App::note_recent_report(const std::string& path) {
  // By absolute path (the recent list outlives the folder it started in).
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(path, ec);
  s_.recent_reports = with_recent_report(s_.recent_reports, ec ? path : abs.lexically_normal().string());
}

Error App::show_report_file(const std::string& path) {
  Outcome<ReportFile> r = load_report(path);
  if (!r)
    return Error{r.error.kind == ErrorKind::none ? ErrorKind::refused : r.error.kind,
                 r.error.message.empty() ? path + ": unreadable report" : r.error.message};
  const ReportFile& f = *r.value;
  if (!f.probe && !f.gate)
    return Error{ErrorKind::refused, path + ": the report holds neither probe nor gate results"};
  s_.report_error.clear();
  // A comparison against the shown report stays when this file replaces no part it compared (a
  // gate report opened beside compared probe reports: newcomer round 25, it went without a word
  // and was not saved); it is made again against what the views now show, as the next start
  // makes it. One against the live results, or against a part this file replaces, ends.
  const std::optional<std::string> kept_compare =
      s_.comparison && s_.report && !(f.probe && s_.comparison->a_probe) && !(f.gate && s_.comparison->a_gate)
          ? std::optional<std::string>(s_.comparison->path)
          : std::nullopt;
  const std::optional<OpenedReport> before = s_.report;
  const std::optional<std::string> dropped_compare = s_.comparison && s_.report && !kept_compare
                                                         ? std::optional<std::string>(s_.comparison->path)
                                                         : std::nullopt;
  show_report(s_, path, f);
  s_.comparison.reset();  // it compared against what the views showed before
  // Reopen stays offered for a report closed before another was opened (newcomer round 30: there
  // was no way back to it); not once its own file is open again.
  if (s_.closed_report && (s_.closed_report->probe_path == path || s_.closed_report->gate_path == path))
    s_.closed_report.reset();
  s_.closed_comparison.reset();
  // A comparison this file ends waits in Reopen with the files it replaced, as Close report keeps
  // them (issue 22: it went without a word and File > Close comparison greyed out, no way back);
  // over the same file again, in Reopen comparison.
  if (dropped_compare) {
    AppState::ClosedReport replaced = replaced_files(*before, s_.report);
    if (replaced.probe_path.empty() && replaced.gate_path.empty()) {
      s_.closed_comparison = *dropped_compare;
    } else {
      replaced.compare_path = *dropped_compare;
      s_.closed_report = std::move(replaced);
    }
  }
  // A notice that the report open at the last quit is gone is stale once another report shows.
  for (const std::string& n : std::exchange(gone_report_notices_, {}))
    s_.settings_notices.erase(std::remove(s_.settings_notices.begin(), s_.settings_notices.end(), n),
                              s_.settings_notices.end());
  if (kept_compare) {
    const bool list_shown = s_.differences_open;  // hidden by its X, it stays hidden
    compare_with(*kept_compare);                  // a file gone since is said as File > Compare says it
    s_.differences_open = list_shown;
  }
  return {};
}

void App::reopen_saved_reports() {
  const AppState::SavedReports saved = std::exchange(s_.saved_reports, AppState::SavedReports{});
  std::vector<std::string> said;
  // Gone, or no longer a report this app reads: the run starts without it (settings_of then saves
  // none, so the next start does not say it again).
  const auto present = [&](const std::string& path, const char* what) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
      said.push_back(std::string("the ") + what + " open at the last quit, " + path +
                     ", is gone: started without it");
      return false;
    }
    return true;
  };
  for (const auto& [path, what] :
       {std::pair<const std::string*, const char*>{&saved.probe, "report"}, {&saved.gate, "gate report"}}) {
    if (path->empty() || !present(*path, what)) continue;
    if (const std::string why = show_report_file(*path).message; !why.empty())
      said.push_back(std::string("the ") + what + " open at the last quit no longer opens (" + why +
                     "): started without it");
  }
  // The fields the user set while the report was open show theirs again, as before the quit.
  show_user_fields(s_, saved.yours);
  if (!saved.compare.empty() && present(saved.compare, "comparison's report")) {
    if (!s_.report) {
      said.push_back("the comparison with " + saved.compare +
                     " open at the last quit is not reopened: its report did not come back");
    } else {
      const bool list_shown = s_.differences_open;  // as settings.json has it: hidden stays hidden
      compare_with(saved.compare);
      s_.differences_open = list_shown;
      if (!s_.compare_error.empty()) {
        said.push_back("the comparison open at the last quit no longer opens (" + s_.compare_error +
                       "): started without it");
        s_.compare_error.clear();
      }
    }
  }
  // What is said of the reports goes when another report is opened (show_report_file).
  gone_report_notices_ = said;
  // The recorded bench in the ladder: beside whatever report came back (they show other views).
  if (!saved.bench.empty() && present(saved.bench, "ladder bench"))
    if (const std::string why = show_bench_file(saved.bench).message; !why.empty())
      said.push_back("the ladder bench open at the last quit no longer opens (" + why +
                     "): started without it");
  for (std::string& m : said) {
    std::fprintf(stderr, "fragviz: %s\n", m.c_str());
    s_.settings_notices.push_back(std::move(m));
  }
}

}  // namespace fragviz::app
