// run_probes(): the probe run as a pipeline over probe families (mma_family.hpp: the ldmatrix
// explorer and cycles, the seed fragments, mma.sync through registers and through ldmatrix;
// hopper_run.hpp: wgmma, the matrix moves, the epilogues; then WMMA and Blackwell; the first two
// pack and judge in the model, fragviz/probe/mma_family.hpp and hopper_family.hpp). Each family
// packs its inputs on a worker thread while CUDA starts (pure host work: the device's sm is known
// from query_device()), is copied in and launched once the context exists, and is judged as soon
// as its own results are back: the mma.sync family on its own thread while the Hopper family is
// loaded, launched and run, the Hopper family plan by plan as its chunks (hopper_chunks) are
// copied out, while the next chunks' kernels run and the WMMA probes run on their own thread. The wgmma and
// WMMA kernels' module loading starts ahead on its own thread, and the Hopper results' page-locked host
// buffer on another. FRAGVIZ_PROBE_TIMING=1 prints the phases (probe_timing.hpp); no judgement depends on the
// order.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <future>
#include <string>
#include <vector>

#include "blackwell_run.hpp"
#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "fragviz/util/utc_time.hpp"
#include "hopper/wgmma_kernels.hpp"
#include "hopper_run.hpp"
#include "host_stage.hpp"
#include "matrix_move_kernels.hpp"
#include "mma_family.hpp"
#include "mma_probe_kernels.hpp"
#include "probe_kernels.hpp"
#include "probe_timing.hpp"
#include "stream_pool.hpp"
#include "wmma_run.hpp"

namespace fragviz {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Whether `req` runs any wgmma probe on this device (so its kernels are worth loading ahead).
bool wants_wgmma(const ProbeRequest& req, const DeviceInfo& device) {
  if (!arch_probe_sets(device.cc_major, device.cc_minor).hopper) return false;
  if (req.instructions.empty()) return req.instruction_probes && req.hopper_probes;
  return std::any_of(req.instructions.begin(), req.instructions.end(),
                     [](const std::string& n) { return n.rfind("wgmma.", 0) == 0; });
}

/// Whether `req` runs any stmatrix, movmatrix or epilogue probe (the matrix-move kernel).
bool wants_moves(const ProbeRequest& req) {
  if (req.instructions.empty()) return req.instruction_probes && req.hopper_probes;
  return std::any_of(req.instructions.begin(), req.instructions.end(), [](const std::string& n) {
    return n.rfind("wgmma.", 0) != 0 && is_hopper_probe_name(n);
  });
}

/// Runs pack(req, device) on its own thread; `ms` gets its duration (read it after get()).
template <class Pack>
auto pack_ahead(Pack pack, const ProbeRequest& req, const DeviceInfo& device, double& ms) {
  return std::async(std::launch::async, [pack, &req, device, &ms] {
    const auto t0 = Clock::now();
    auto work = pack(req, device);
    ms = ms_since(t0);
    return work;
  });
}

/// The Hopper family's packed work and the host buffer its results are copied into.
struct HopperReady {
  HopperWork work;
  HostStage stage;
  double stage_ms = 0;  ///< making `stage`
};

/// FRAGVIZ_PROBE_CHUNKS when set to a positive number (1: every Hopper kernel, then one copy out
/// and the judging), else 8: enough that the judging of one chunk hides under the next chunks'
/// kernels, few enough that the events and copies stay cheap.
std::size_t hopper_chunk_count() {
  if (const char* v = std::getenv("FRAGVIZ_PROBE_CHUNKS")) {
    const long n = std::strtol(v, nullptr, 10);
    if (n > 0) return static_cast<std::size_t>(n);
  }
  return 8;
}

/// Whether the Hopper results come back into page-locked memory: yes unless FRAGVIZ_PROBE_PINNED
/// is "0" (pageable, each chunk copied as it is waited for: for comparing the two).
bool pin_hopper_out() {
  const char* v = std::getenv("FRAGVIZ_PROBE_PINNED");
  return !(v && std::string(v) == "0");
}

/// Frees the mma.sync and Hopper families' device buffers on every way out of run_probes (each
/// waits for the device first, so no kernel of either outlives its memory).
struct ReleaseOnExit {
  MmaDevice* mma = nullptr;
  HopperDevice* hopper = nullptr;
  ~ReleaseOnExit() {
    if (hopper) release_hopper(*hopper);
    if (mma) release_mma(*mma);
  }
};

}  // namespace

std::string start_cuda_context(double* ms) {
  const auto t0 = Clock::now();
  std::string error;
  (void)(FRAGVIZ_CUDA_OK(error, cudaSetDevice(0)) && FRAGVIZ_CUDA_OK(error, cudaFree(nullptr)) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_probe_kernels()) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_mma_probe_kernels()) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_mma_ldmatrix_probe_kernels()));
  if (ms) *ms = ms_since(t0);
  return error;
}

ProbeReport run_probes(const ProbeRequest& req) {
  ProbeReport report;
  report.created_utc = utc_now();
  report.request = req;
  report.ldmatrix.config = req.ldmatrix;
  report.ldmatrix.tile = req.tile;
  report.device = query_device();
  if (!report.device.present) {
    report.error = Error{ErrorKind::no_device, report.device.error.message};
    report.ldmatrix.skipped = report.device.error.message;
    return report;
  }

  // [SECTION] pack every family ahead, on worker threads, while CUDA starts ----------------------
  ProbePhaseTimer timer("probes");
  double mma_pack_ms = 0, hopper_pack_ms = 0;
  const auto pack_mma_here = [](const ProbeRequest& r, const DeviceInfo& d) {
    return pack_mma(r, d, cuda::mma_probe_available);
  };
  const auto pack_hopper_here = [](const ProbeRequest& r, const DeviceInfo& d) {
    return pack_hopper(r, d, wgmma_code_problem);
  };
  auto mma_packed = pack_ahead(pack_mma_here, req, report.device, mma_pack_ms);
  auto hopper_packed = pack_ahead(pack_hopper_here, req, report.device, hopper_pack_ms);
  const bool wgmma_ahead = wants_wgmma(req, report.device);

  // [SECTION] start-up, measured apart: context creation and loading the probe kernels' module.
  std::string& error = report.error.message;
  double init_ms = 0;
  if (error = start_cuda_context(&init_ms); !error.empty()) {
    report.error.kind = ErrorKind::cuda;
    return report;  // the packing threads are joined by their futures
  }
  report.cuda_init_ms = init_ms;
  const auto probe_start = Clock::now();
  timer.lap("CUDA start-up (measured apart)");
  // The Hopper family's packed work and the host buffer its results come back to, on a thread
  // while the mma.sync family runs: pinning ~48 MB takes milliseconds (host_stage.hpp).
  std::future<HopperReady> hopper_ready = std::async(std::launch::async, [&hopper_packed] {
    HopperReady r;
    r.work = hopper_packed.get();
    const auto t0 = Clock::now();
    if (!r.work.plans.empty() || !r.work.move_plans.empty())
      r.stage = HostStage(r.work.out_bytes, pin_hopper_out());
    r.stage_ms = ms_since(t0);
    return r;
  });
  const auto fail = [&] {
    report.error.kind = ErrorKind::cuda;
    report.probe_ms = ms_since(probe_start);
    return report;
  };
  // The wgmma, matrix-move and WMMA kernels' lazy module loading (about 400 kernels) on its own
  // thread, while the mma.sync family runs; counted in the probe time, not start-up. A matrix-move
  // kernel that fails to load is left to its launch to report, as before.
  std::future<cudaError_t> loaded;
  const bool moves_ahead = wants_moves(req);
  if (wgmma_ahead || moves_ahead || wants_wmma(req)) {
    loaded = std::async(std::launch::async, [&req, wgmma_ahead, moves_ahead] {
      const cudaError_t e = wgmma_ahead ? cuda::preload_wgmma_probe_kernels() : cudaSuccess;
      if (moves_ahead) (void)cuda::preload_matrix_move_probe_kernel();
      preload_wmma_kernels(req);
      return e;
    });
  }

  // [SECTION] mma.sync family: copy in, launch, copy out --------------------------------------
  MmaWork mma;
  HopperWork hopper;
  MmaDevice mma_dev;
  HopperDevice hopper_dev;
  const ReleaseOnExit release{&mma_dev, &hopper_dev};  // declared after both: runs before they go
  mma = mma_packed.get();
  timer.lap("waited for the mma.sync family's packing");
  timer.note("(mma.sync family packed ahead, on its thread)", mma_pack_ms);
  add_mma_entries(mma, report);
  StreamPool mma_streams;
  if (!launch_mma(mma, mma_dev, req, mma_streams, error)) return fail();
  timer.lap("mma.sync buffers, copy in and launches queued");
  // Before any other family's launch: the copy on the legacy default stream waits for every
  // launch queued so far, and the timed ldmatrix launches run alone.
  if (!copy_out_mma(mma, mma_dev, error)) return fail();
  timer.lap("mma.sync kernels finished and copy out");
  // Judged on its own thread(s) from here, while this one waits for the Hopper family's packing
  // and loading and queues its launches: judge_mma writes none of the Hopper or WMMA entries.
  double mma_judge_ms = 0;
  std::future<void> mma_judged = std::async(std::launch::async, [&mma, &req, &report, &mma_judge_ms] {
    const auto t0 = Clock::now();
    judge_mma(mma, req, report);
    mma_judge_ms = ms_since(t0);
  });

  // [SECTION] Hopper family: launched in chunks, judged as they come back ------------------------
  const auto hopper_start = Clock::now();
  HopperReady ready = hopper_ready.get();
  hopper = std::move(ready.work);
  timer.lap("waited for the Hopper family's packing and host buffer");
  timer.note("(Hopper family packed ahead, on its thread)", hopper_pack_ms);
  timer.note(ready.stage.pinned() ? "(Hopper results' page-locked host buffer, on that thread)"
                                  : "(Hopper results' pageable host buffer, on that thread)",
             ready.stage_ms);
  bool ok = !loaded.valid() || FRAGVIZ_CUDA_OK(error, loaded.get());
  timer.lap("waited for the wgmma, matrix-move and WMMA kernels' loading");
  if (ok) add_hopper_entries(hopper, report);
  const std::vector<HopperChunk> chunks = hopper_chunks(hopper, hopper_chunk_count());
  bool hopper_ok = ok && launch_hopper(hopper, hopper_dev, error, chunks);
  timer.lap(("hopper buffers, copy in and launches queued (" + std::to_string(hopper.launches.size()) +
             " wgmma kernels in " + std::to_string(chunks.size()) + " chunks)")
                .c_str());
  if (!ok) {
    mma_judged.get();  // before `report` is copied out
    return fail();     // the loading failed: no Hopper probe ran, as before
  }
  // Into page-locked memory every copy is queued now; into pageable memory (a copy there returns
  // only when done) each is queued as its chunk is waited for.
  const bool pinned = ready.stage.pinned();
  for (std::size_t c = 0; pinned && hopper_ok && c < chunks.size(); ++c)
    hopper_ok = queue_hopper_copy(chunks, c, hopper_dev, ready.stage.data(), error);
  timer.lap(pinned ? "hopper copies out queued, one per chunk"
                   : "hopper copies out left to each chunk's wait");

  // [SECTION] WMMA on its own thread while the Hopper chunks are judged -------------------------
  // Started once the Hopper kernels (and, into page-locked memory, their copies) are queued: its
  // calls on the legacy default stream wait for the work queued before them on the pool's and
  // the copy stream (they block on it), and the later pageable copies wait for those calls.
  // WMMA writes report.wmma only (its error to its own string), the Hopper judges report.wgmma
  // and report.moves only. It runs only where the Hopper family was queued, as before.
  std::string wmma_error;
  double wmma_ms = 0;
  std::future<bool> wmma;
  const auto start_wmma = [&] {
    wmma = std::async(std::launch::async, [&req, &report, &wmma_error, &wmma_ms] {
      const auto t0 = Clock::now();
      const bool done = run_wmma_probes(req, report, wmma_error);
      wmma_ms = ms_since(t0);
      return done;
    });
  };
  if (hopper_ok && (pinned || chunks.empty())) start_wmma();
  // Each chunk's plans judged on every core as soon as its copy is back, while the next chunks'
  // kernels run; this thread waits for the chunks.
  if (hopper_ok) {
    hopper_ok = judge_hopper_as_copied(
        hopper, chunks, ready.stage.data(),
        [&](std::size_t c) {
          const bool back = (pinned || queue_hopper_copy(chunks, c, hopper_dev, ready.stage.data(), error)) &&
                            wait_hopper_chunk(hopper_dev, c, error);
          timer.lap(("hopper chunk " + std::to_string(c + 1) + " of " + std::to_string(chunks.size()) + " (" +
                     std::to_string(chunks[c].plan_end - chunks[c].plan_begin) +
                     " wgmma entries) kernels finished and copied out")
                        .c_str());
          if (back && c + 1 == chunks.size()) {  // the last: freed while its plans are judged
            release_hopper(hopper_dev);
            timer.lap("hopper buffers freed");
            if (!pinned) start_wmma();  // the device is idle now
          }
          return back;
        },
        report);
    timer.lap("hopper judged (after the last chunk's copy)");
  }
  release_hopper(hopper_dev);  // where a chunk failed: waits for the device first
  report.hopper_ms = ms_since(hopper_start);
  mma_judged.get();  // it and WMMA joined before any return: they write `report`
  timer.lap("waited for the mma.sync judging");
  timer.note("(mma.sync judged, on its thread)", mma_judge_ms);
  const bool wmma_ok = !wmma.valid() || wmma.get();
  if (!hopper_ok) return fail();
  timer.lap("waited for the wmma probes");
  timer.note("(wmma probes, on their thread)", wmma_ms);
  release_mma(mma_dev);  // freeing is part of the request-to-report time
  if (!wmma_ok) {
    error = wmma_error;
    return fail();
  }

  // [SECTION] Blackwell ------------------------------------------------------------------------
  if (!run_blackwell_probes(req, report, error)) return fail();
  timer.lap("blackwell probes");
  report.probe_ms = ms_since(probe_start);
  return report;
}

}  // namespace fragviz
