// Long work off the UI thread: query_device, run_probes, run_gate and the CTA tile's copy probes
// each run on a std::thread and publish an immutable std::shared_ptr result that the UI polls once
// per frame. A job that throws publishes its failure as a message; nothing here blocks a frame.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "fragviz/device/device.hpp"
#include "fragviz/viewmodel/cta_device_view.hpp"
#include "gate_ladder_run.hpp"

namespace fragviz::app {

/// One piece of work of result type T, run on its own thread.
template <class T>
class BackgroundJob {
 public:
  BackgroundJob() = default;
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  ~BackgroundJob() { join(); }

  /// Starts `work` unless a run is in progress. Returns false when busy.
  bool start(std::function<T()> work) {
    if (running()) return false;
    join();
    done_ = false;
    running_ = true;
    thread_ = std::thread([this, work = std::move(work)] {
      std::shared_ptr<const T> value;
      std::string error;
      try {
        value = std::make_shared<const T>(work());
      } catch (const std::exception& e) {
        error = e.what();
      } catch (...) {
        error = "unknown exception";
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        result_ = std::move(value);
        error_ = std::move(error);
      }
      done_ = true;
      running_ = false;
    });
    return true;
  }

  bool running() const { return running_; }
  /// Running, or finished with a result that take() has not collected yet.
  bool pending() const { return running_ || done_; }

  /// When a run has finished since the last call: its result (null on failure) and error.
  bool take(std::shared_ptr<const T>* value, std::string* error) {
    if (!done_) return false;
    join();
    std::lock_guard<std::mutex> lock(mutex_);
    *value = std::move(result_);
    *error = std::move(error_);
    done_ = false;
    return true;
  }

  void join() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
  std::mutex mutex_;
  std::shared_ptr<const T> result_;
  std::string error_;
  std::atomic<bool> running_{false};
  std::atomic<bool> done_{false};
};

/// The app's jobs. The gate's control block lives here so Cancel reaches the worker.
struct Jobs {
  BackgroundJob<DeviceInfo> device;
  BackgroundJob<ProbeReport> probe;
  std::optional<ProbeRequest> probe_pending;  ///< newest request made while a probe ran
  BackgroundJob<GateReport> gate;
  GateControl gate_control;  ///< also the ladder's (the two never run at once)
  BackgroundJob<LadderResult> ladder;
  std::atomic<int> ladder_done{0};            ///< rows the running ladder has finished
  BackgroundJob<CtaDeviceResult> cta_device;  ///< the CTA tile window's "Run on GPU"

  /// Asks running work to stop and waits for it (called once, at exit).
  void shutdown() {
    gate_control.cancel = true;
    device.join();
    probe.join();
    gate.join();
    ladder.join();
    cta_device.join();
  }
};

}  // namespace fragviz::app
