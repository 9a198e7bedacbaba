// BenchRecorder: see bench_recorder.hpp. The JSON's fields and their order are what
// tools/bench-gui.sh and tools/device-gui.sh read.
#include "bench_recorder.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "output_file.hpp"

namespace fragviz::app {
namespace {

/// How long the process had existed when main started, from /proc (10 ms resolution); -1 if unknown.
double process_age_ms() {
  std::ifstream stat("/proc/self/stat"), up("/proc/uptime");
  std::string text;
  std::getline(stat, text);
  const auto close = text.rfind(')');
  double uptime = 0;
  if (close == std::string::npos || !(up >> uptime)) return -1;
  std::istringstream rest(text.substr(close + 2));
  std::string field;
  unsigned long long start_ticks = 0;
  for (int i = 3; i <= 22 && rest >> field; ++i)
    if (i == 22) start_ticks = std::stoull(field);
  const double hz = static_cast<double>(sysconf(_SC_CLK_TCK));
  return (uptime - static_cast<double>(start_ticks) / hz) * 1000.0;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

std::string phase_json(const BenchPhase& p) {
  double sum = 0;
  for (double v : p.frame_ms) sum += v;
  const std::vector<double>& f = p.frame_ms;
  std::ostringstream o;
  o << "{\n    \"frames\": " << f.size()
    << ",\n    \"frame_ms\": {\"mean\": " << (f.empty() ? 0 : sum / static_cast<double>(f.size()))
    << ", \"median\": " << percentile(f, 0.5) << ", \"p95\": " << percentile(f, 0.95)
    << ", \"p99\": " << percentile(f, 0.99) << ", \"max\": " << percentile(f, 1.0)
    << ", \"min\": " << percentile(f, 0.0) << "},\n"
    << "    \"ui_ms_median\": " << percentile(p.ui_ms, 0.5)
    << ", \"raster_ms_median\": " << percentile(p.raster_ms, 0.5)
    << ", \"swap_ms_median\": " << percentile(p.swap_ms, 0.5) << ",\n    \"vertices\": " << p.vertices
    << ", \"indices\": " << p.indices << ", \"draw_cmds\": " << p.draw_cmds
    << ", \"draw_lists\": " << p.draw_lists << ",\n    \"per_frame_ms\": [";
  for (std::size_t i = 0; i < f.size(); ++i) o << (i ? ", " : "") << f[i];
  o << "]\n  }";
  return o.str();
}

}  // namespace

double ms_between(BenchClock::time_point a, BenchClock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

BenchRecorder::BenchRecorder() : main_start_(BenchClock::now()), process_age_at_main_ms_(process_age_ms()) {}

void BenchRecorder::enable(int frames_per_phase, bool device) {
  enabled_ = true;
  frames_per_phase_ = frames_per_phase;
  device_ = device;
}

double BenchRecorder::since_main_ms() const { return ms_between(main_start_, BenchClock::now()); }

void BenchRecorder::mark(const char* step) { startup_.emplace_back(step, since_main_ms()); }

void BenchRecorder::first_frame_shown() { first_frame_ms_ = since_main_ms(); }

bool BenchRecorder::before_frame(AppState& state) const {
  const bool changing = enabled_ && static_cast<int>(steady_.frame_ms.size()) >= frames_per_phase_;
  if (changing) state.selected_lane = static_cast<int>(changing_.frame_ms.size() % 32);
  return changing;
}

void BenchRecorder::record_frame(const FrameTimes& t, const AppState& state, const DrawCounts& draw) {
  if (!enabled_) return;
  const double ms = ms_between(t.last_swap, t.swap_end);
  const double ui_ms = ms_between(t.ui_start, t.ui_end);
  const double swap_ms = ms_between(t.swap_start, t.swap_end);
  const double since_main = ms_between(main_start_, t.swap_end);
  if (!state.frame.results_taken.empty()) {
    ResultFrame r;
    r.frame = t.frame;
    for (const char* w : state.frame.results_taken) r.what += (r.what.empty() ? "" : "+") + std::string(w);
    r.ms = ms;
    r.ui_ms = ui_ms;
    r.since_main_ms = since_main;
    if (r.what.find("probe") != std::string::npos && state.probe.origin == "live" && state.probe.report) {
      r.cuda_init_ms = state.probe.report->cuda_init_ms;
      r.probe_ms = state.probe.report->probe_ms;
    }
    result_frames_.push_back(std::move(r));
  }
  for (const char* w : state.frame.jobs_started)
    if (std::string(w) == "probe") probe_starts_.emplace_back(t.frame, since_main);
  if (t.frame > 0 && ms > 30.0)
    slow_frames_.push_back({t.frame, ms, ui_ms, t.raster_ms, swap_ms, since_main});
  if (t.frame == 0) return;  // the first frame counts towards the startup only
  // The phase the frame was drawn in (before_frame): the steady one until it has its frames.
  BenchPhase& phase = static_cast<int>(steady_.frame_ms.size()) >= frames_per_phase_ ? changing_ : steady_;
  phase.frame_ms.push_back(ms);
  phase.ui_ms.push_back(ui_ms);
  phase.raster_ms.push_back(t.raster_ms);
  phase.swap_ms.push_back(swap_ms);
  phase.vertices = draw.vertices;
  phase.indices = draw.indices;
  phase.draw_lists = draw.draw_lists;
  phase.draw_cmds = draw.draw_cmds;
}

bool BenchRecorder::done(bool busy) const {
  // With a device the run goes on (at most 60 s more) until the device query and the probes are
  // in, so that the frames that apply their results are among the timed ones.
  return enabled_ && static_cast<int>(changing_.frame_ms.size()) >= frames_per_phase_ &&
         (!device_ || !busy || since_main_ms() > 60000.0);
}

bool BenchRecorder::write(const std::string& path, int w, int h, float scale, const char* renderer) const {
  std::ostringstream o;
  o << "{\n  \"size\": [" << w << ", " << h << "],\n  \"scale\": " << scale << ",\n  \"gl_renderer\": \""
    << (renderer ? renderer : "?") << "\",\n"
    << "  \"first_frame_ms_since_main\": " << first_frame_ms_ << ",\n"
    << "  \"startup_ms_since_main\": {";
  for (std::size_t i = 0; i < startup_.size(); ++i)
    o << (i ? ", " : "") << "\"" << startup_[i].first << "\": " << startup_[i].second;
  o << "},\n"
    << "  \"process_age_at_main_ms\": " << process_age_at_main_ms_ << ",\n"
    << "  \"first_frame_ms_since_process_start\": "
    << (process_age_at_main_ms_ >= 0 ? first_frame_ms_ + process_age_at_main_ms_ : -1) << ",\n"
    << "  \"device\": " << (device_ ? "true" : "false") << ",\n  \"result_frames\": [";
  for (std::size_t i = 0; i < result_frames_.size(); ++i) {
    const ResultFrame& r = result_frames_[i];
    o << (i ? ", " : "") << "{\"frame\": " << r.frame << ", \"what\": \"" << r.what << "\", \"ms\": " << r.ms
      << ", \"ui_ms\": " << r.ui_ms << ", \"since_main_ms\": " << r.since_main_ms
      << ", \"cuda_init_ms\": " << r.cuda_init_ms << ", \"probe_ms\": " << r.probe_ms << "}";
  }
  o << "],\n  \"cuda_start\": \"" << (cuda_start_.empty() ? "probe" : cuda_start_)
    << "\", \"cuda_thread_ms_since_main\": [" << cuda_thread_start_ << ", " << cuda_thread_end_ << "],\n"
    << "  \"probe_starts\": [";
  for (std::size_t i = 0; i < probe_starts_.size(); ++i)
    o << (i ? ", " : "") << "{\"frame\": " << probe_starts_[i].first
      << ", \"since_main_ms\": " << probe_starts_[i].second << "}";
  o << "],\n  \"slow_frames\": [";
  for (std::size_t i = 0; i < slow_frames_.size(); ++i) {
    const SlowFrame& f = slow_frames_[i];
    o << (i ? ",\n    " : "") << "{\"frame\": " << f.frame << ", \"ms\": " << f.ms
      << ", \"ui_ms\": " << f.ui_ms << ", \"raster_ms\": " << f.raster_ms << ", \"swap_ms\": " << f.swap_ms
      << ", \"since_main_ms\": " << f.since_main_ms << "}";
  }
  o << "],\n"
    << "  \"steady\": " << phase_json(steady_) << ",\n  \"changing\": " << phase_json(changing_) << "\n}";
  return write_output(path, o.str());
}

}  // namespace fragviz::app
