// gate_can_implement and run_gate (device.hpp): the exact matmul gate on the GPU.
//
// Order of a run: validate (no allocation before this passes) -> allocate -> inputs on the device
// from the counter-based generator -> the variant's kernel -> the CUDA-core reference -> exact
// comparison of all n*n elements on the device -> CPU double spot check of the reference (its
// expected values are computed on host threads while the GPU works) => verdict_ms. Then, outside
// the verdict time: copies of output and reference for the output view, the timed runs, cuBLAS.
// Every CUDA call is checked; a failure becomes GateReport::error, never an abort.
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <string>
#include <vector>

#include "cublas_lazy.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/device/gate_sweep.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/util/utc_time.hpp"
#include "gate_kernels.cuh"
#include "gate_run.hpp"
#include "ladder_sweep/sweep_candidate.cuh"

namespace fragviz {
namespace {

/// Largest n whose output and reference are copied back for the output view (2 x 256 MB).
constexpr int kMaxCopiedN = 8192;
/// Untimed launches before the timed ones (module load, clocks, caches).
constexpr int kWarmupRuns = 2;

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string cuda_message(const char* what, cudaError_t e) {
  return std::string(what) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

std::string cublas_message(const char* what, cublasStatus_t s) {
  return std::string(what) + " failed: cuBLAS status " + std::to_string(static_cast<int>(s));
}

double median(std::vector<float> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (static_cast<double>(v[m - 1]) + v[m]);
}

/// cudaMalloc'd memory, freed on scope exit.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (ptr_ != nullptr) cudaFree(ptr_);
  }
  cudaError_t allocate(std::size_t bytes) { return cudaMalloc(&ptr_, bytes); }
  template <class T>
  T* as() const {
    return static_cast<T*>(ptr_);
  }

 private:
  void* ptr_ = nullptr;
};

class Stream {
 public:
  ~Stream() {
    if (s_ != nullptr) cudaStreamDestroy(s_);
  }
  cudaError_t create() { return cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking); }
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

class EventPair {
 public:
  ~EventPair() {
    if (start_ != nullptr) cudaEventDestroy(start_);
    if (stop_ != nullptr) cudaEventDestroy(stop_);
  }
  cudaError_t create() {
    const cudaError_t e = cudaEventCreate(&start_);
    return e != cudaSuccess ? e : cudaEventCreate(&stop_);
  }
  cudaEvent_t start() const { return start_; }
  cudaEvent_t stop() const { return stop_; }

 private:
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

class CublasHandle {
 public:
  explicit CublasHandle(const cuda::CublasApi& api) : api_(api) {}
  ~CublasHandle() {
    if (h_ != nullptr) api_.destroy(h_);
  }
  cublasStatus_t create() { return api_.create(&h_); }
  cublasHandle_t get() const { return h_; }

 private:
  const cuda::CublasApi& api_;
  cublasHandle_t h_ = nullptr;
};

/// Raised inside a run to leave it with a message; caught in run_gate (never escapes).
struct GateFailure {
  std::string message;
  bool cancelled = false;
  ErrorKind kind = ErrorKind::cuda;
};

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    cudaGetLastError();  // clear a non-sticky error so the next caller starts clean
    throw GateFailure{cuda_message(what, e)};
  }
}

class GateRun {
 public:
  GateRun(const GateRequest& req, const gate::MatmulUnderTest& kernel, GateControl* control,
          GateReport& report)
      : req_(req), kernel_(kernel), control_(control), report_(report) {}

  void run() {
    const int n = req_.n;
    const std::uint64_t nn = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);

    // Resources first: cheap, and shown even when the run stops later.
    check(kernel_.resources(report_.resources), "cudaFuncGetAttributes");

    check(gate::preload_helper_kernels(), "cudaFuncGetAttributes (gate helper kernels)");
    check(stream_.create(), "cudaStreamCreate");
    const cudaStream_t s = stream_.get();
    stop_if_cancelled();

    // ---- Verdict: everything from here to the spot check is timed as verdict_ms. ----
    const Clock::time_point t0 = Clock::now();
    const std::vector<Coord> points = spot_check_points(n, req_.seed);
    // The CPU's side of the spot check needs only n, the seed and the points: compute it on host
    // threads while the GPU generates, multiplies and compares.
    std::future<std::vector<double>> expected = std::async(
        std::launch::async, [n, seed = req_.seed, &points] { return spot_check_expected(n, seed, points); });

    const unsigned capacity =
        static_cast<unsigned>(std::min<std::uint64_t>(GateReport::kMaxRecordedMismatches, nn));
    check(a_.allocate(nn * sizeof(__half)), "cudaMalloc (A, n*n halves)");
    check(b_.allocate(nn * sizeof(__half)), "cudaMalloc (B, n*n halves)");
    check(c_.allocate(nn * sizeof(float)), "cudaMalloc (output, n*n floats)");
    check(r_.allocate(nn * sizeof(float)), "cudaMalloc (reference, n*n floats)");
    check(state_.allocate(sizeof(gate::CompareState)), "cudaMalloc (comparison state)");
    check(records_.allocate(capacity * sizeof(gate::MismatchRecord)), "cudaMalloc (mismatch list)");
    check(points_.allocate(std::max<std::size_t>(points.size(), 1) * sizeof(int2)),
          "cudaMalloc (spot points)");
    check(spot_values_.allocate(std::max<std::size_t>(points.size(), 1) * sizeof(float)),
          "cudaMalloc (spot values)");

    check(gate::launch_generate(a_.as<__half>(), b_.as<__half>(), n, req_.seed, s), "input generator launch");
    progress(50);
    check(kernel_.launch(a_.as<__half>(), b_.as<__half>(), c_.as<float>(), n, s), "matmul kernel launch");
    // A fault (a user kernel's stray store) is then named as the kernel's, not as whichever call
    // happens to see the sticky error next (on the H200 that was "cudaMemcpy (state)").
    check(cudaStreamSynchronize(s), "matmul kernel");
    check(gate::launch_reference(a_.as<__half>(), b_.as<__half>(), r_.as<float>(), n, s),
          "reference kernel launch");
    const gate::CompareState zero{0, ~0ull, 0};
    check(cudaMemcpyAsync(state_.as<void>(), &zero, sizeof zero, cudaMemcpyHostToDevice, s),
          "cudaMemcpy (state)");
    check(gate::launch_compare(c_.as<float>(), r_.as<float>(), nn, state_.as<gate::CompareState>(),
                               records_.as<gate::MismatchRecord>(), capacity, s),
          "comparison kernel launch");
    std::vector<int2> host_points(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) host_points[i] = make_int2(points[i].row, points[i].col);
    check(cudaMemcpyAsync(points_.as<void>(), host_points.data(), host_points.size() * sizeof(int2),
                          cudaMemcpyHostToDevice, s),
          "cudaMemcpy (spot points)");
    check(gate::launch_gather(r_.as<float>(), n, points_.as<int2>(), spot_values_.as<float>(),
                              static_cast<int>(points.size()), s),
          "spot-check gather launch");
    gate::CompareState state{};
    std::vector<float> spot_values(points.size());
    check(cudaMemcpyAsync(&state, state_.as<void>(), sizeof state, cudaMemcpyDeviceToHost, s),
          "cudaMemcpy (state)");
    check(cudaMemcpyAsync(spot_values.data(), spot_values_.as<void>(), spot_values.size() * sizeof(float),
                          cudaMemcpyDeviceToHost, s),
          "cudaMemcpy (spot values)");
    check(cudaStreamSynchronize(s), "kernels (generator, matmul, reference, comparison)");
    progress(250);

    report_.mismatch_count = state.count;
    report_.exact = state.count == 0;
    if (state.count != 0 && state.first < nn) {
      float got = 0, want = 0;
      check(cudaMemcpy(&got, c_.as<float>() + state.first, sizeof got, cudaMemcpyDeviceToHost),
            "cudaMemcpy (first)");
      check(cudaMemcpy(&want, r_.as<float>() + state.first, sizeof want, cudaMemcpyDeviceToHost),
            "cudaMemcpy (first)");
      report_.first = Mismatch{static_cast<int>(state.first / static_cast<std::uint64_t>(n)),
                               static_cast<int>(state.first % static_cast<std::uint64_t>(n)), got, want};
    }
    const std::vector<double> want = expected.get();
    report_.spot_checks = static_cast<int>(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (static_cast<double>(spot_values[i]) != want[i]) ++report_.spot_check_failures;
    }
    report_.verdict_ms = ms_since(t0);
    progress(300);
    stop_if_cancelled();

    collect_mismatches(state, capacity);
    stop_if_cancelled();

    // ---- Timing: the variant, then cuBLAS on the same inputs. ----
    report_.kernel_ms = time_runs(
        300, 800, [&] { return kernel_.launch(a_.as<__half>(), b_.as<__half>(), c_.as<float>(), n, s); });
    const double flop = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
    report_.gflops = report_.kernel_ms > 0 ? flop / (report_.kernel_ms * 1e6) : 0;
    if (req_.with_cublas) {
      try {
        run_cublas();
      } catch (const GateFailure& f) {
        if (f.cancelled) throw;
        // The verdict and the kernel's time stand; only the yardstick is missing.
        report_.error = "cuBLAS timing skipped: " + f.message;
        report_.error_kind = f.kind;
        report_.cublas_ms = 0;
      }
      report_.cublas_gflops = report_.cublas_ms > 0 ? flop / (report_.cublas_ms * 1e6) : 0;
      report_.ratio_to_cublas = report_.kernel_ms > 0 ? report_.cublas_ms / report_.kernel_ms : 0;
    }
    progress(1000);
  }

 private:
  void progress(int permille) {
    if (control_ != nullptr) control_->progress_permille.store(permille);
  }

  void stop_if_cancelled() {
    if (control_ != nullptr && control_->cancel.load())
      throw GateFailure{"cancelled", true, ErrorKind::cancelled};
  }

  /// The recorded mismatch list, row-major. With the full arrays on the host (n <= kMaxCopiedN,
  /// also kept for the output view) it is the first kMaxRecordedMismatches exactly; beyond that it
  /// is the device's records sorted, a sample when more elements differ than it holds.
  void collect_mismatches(const gate::CompareState& state, unsigned capacity) {
    const int n = req_.n;
    const std::size_t nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    if (n <= kMaxCopiedN) {
      report_.output.resize(nn);
      report_.reference.resize(nn);
      check(cudaMemcpy(report_.output.data(), c_.as<void>(), nn * sizeof(float), cudaMemcpyDeviceToHost),
            "cudaMemcpy (output)");
      check(cudaMemcpy(report_.reference.data(), r_.as<void>(), nn * sizeof(float), cudaMemcpyDeviceToHost),
            "cudaMemcpy (reference)");
      if (state.count != 0) {
        CompareResult host = compare_exact(n, n, report_.output.data(), report_.reference.data());
        if (host.count != state.count) {
          throw GateFailure{"device and host comparisons disagree: " + std::to_string(state.count) + " vs " +
                                std::to_string(host.count) + " mismatches",
                            false, ErrorKind::internal};
        }
        report_.mismatches = std::move(host.recorded);
      }
      return;
    }
    const std::size_t kept = static_cast<std::size_t>(std::min<unsigned long long>(state.recorded, capacity));
    std::vector<gate::MismatchRecord> records(kept);
    if (kept != 0) {
      check(cudaMemcpy(records.data(), records_.as<void>(), kept * sizeof(gate::MismatchRecord),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy (mismatch list)");
    }
    std::sort(records.begin(), records.end(),
              [](const gate::MismatchRecord& x, const gate::MismatchRecord& y) { return x.index < y.index; });
    report_.mismatches.reserve(kept);
    for (const auto& m : records) {
      report_.mismatches.push_back(Mismatch{static_cast<int>(m.index / static_cast<std::uint64_t>(n)),
                                            static_cast<int>(m.index % static_cast<std::uint64_t>(n)), m.got,
                                            m.want});
    }
  }

  /// Median milliseconds of req_.timed_runs launches by `launch` (after kWarmupRuns), each timed
  /// on its own with CUDA events. Checks cancel between runs; progress runs from p0 to p1.
  template <class Launch>
  double time_runs(int p0, int p1, Launch launch) {
    const cudaStream_t s = stream_.get();
    for (int i = 0; i < kWarmupRuns; ++i) check(launch(), "warm-up launch");
    check(cudaStreamSynchronize(s), "warm-up");
    EventPair ev;
    check(ev.create(), "cudaEventCreate");
    std::vector<float> times;
    times.reserve(static_cast<std::size_t>(req_.timed_runs));
    for (int i = 0; i < req_.timed_runs; ++i) {
      stop_if_cancelled();
      check(cudaEventRecord(ev.start(), s), "cudaEventRecord");
      check(launch(), "timed launch");
      check(cudaEventRecord(ev.stop(), s), "cudaEventRecord");
      check(cudaEventSynchronize(ev.stop()), "timed run");
      float ms = 0;
      check(cudaEventElapsedTime(&ms, ev.start(), ev.stop()), "cudaEventElapsedTime");
      times.push_back(ms);
      progress(p0 + (p1 - p0) * (i + 1) / req_.timed_runs);
    }
    return median(std::move(times));
  }

  /// cuBLAS GemmEx, FP16 in, FP32 compute and out, same inputs, into the reference buffer (no
  /// longer needed). cuBLAS is column-major: a row-major n x n matrix is its transpose, so asking
  /// for B^T(cm) x A^T(cm) = (A x B)^T in column-major writes A x B row-major.
  void run_cublas() {
    std::string load_error;
    const cuda::CublasApi* api = cuda::cublas_api(load_error);
    if (!api) throw GateFailure{load_error};
    CublasHandle h(*api);
    cublasStatus_t st = h.create();
    if (st != CUBLAS_STATUS_SUCCESS) throw GateFailure{cublas_message("cublasCreate", st)};
    st = api->set_stream(h.get(), stream_.get());
    if (st != CUBLAS_STATUS_SUCCESS) throw GateFailure{cublas_message("cublasSetStream", st)};
    const int n = req_.n;
    const float alpha = 1.0f, beta = 0.0f;
    cublasStatus_t last = CUBLAS_STATUS_SUCCESS;
    auto gemm = [&]() -> cudaError_t {
      last = api->gemm_ex(h.get(), CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, b_.as<__half>(), CUDA_R_16F, n,
                          a_.as<__half>(), CUDA_R_16F, n, &beta, r_.as<float>(), CUDA_R_32F, n,
                          CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
      return last == CUBLAS_STATUS_SUCCESS ? cudaGetLastError() : cudaErrorUnknown;
    };
    try {
      report_.cublas_ms = time_runs(800, 990, gemm);
    } catch (GateFailure& f) {
      if (last != CUBLAS_STATUS_SUCCESS) f.message = cublas_message("cublasGemmEx", last);
      throw;
    }
  }

  const GateRequest& req_;
  const gate::MatmulUnderTest& kernel_;
  GateControl* control_;
  GateReport& report_;
  // Members die in reverse order: the stream is destroyed before the buffers are freed.
  DeviceBuffer a_, b_, c_, r_, state_, records_, points_, spot_values_;
  Stream stream_;
};

}  // namespace

std::optional<Error> gate_refusal(const GateRequest& req, const DeviceInfo& dev) {
  // The rules that need no CUDA call first, then free memory (this creates the CUDA context).
  if (auto why = gate_static_refusal(req, dev)) return why;
  std::size_t free_bytes = 0, total_bytes = 0;
  const cudaError_t e = cudaMemGetInfo(&free_bytes, &total_bytes);
  if (e != cudaSuccess) {
    cudaGetLastError();
    return Error{ErrorKind::cuda, cuda_message("cudaMemGetInfo", e)};
  }
  if (auto why = gate_size_problem(req.n, free_bytes, req.variant)) return Error{ErrorKind::refused, *why};
  return std::nullopt;
}

namespace gate {

GateReport run_gate_with(const GateRequest& req, const MatmulUnderTest& kernel, GateControl* control) {
  GateReport report;
  report.created_utc = utc_now();
  report.request = req;
  if (control != nullptr) control->progress_permille.store(0);
  report.device = query_device();
  if (auto why = gate_refusal(req, report.device)) {
    report.error = why->message;
    report.error_kind = why->kind;
    return report;
  }
  try {
    GateRun(req, kernel, control, report).run();
    report.ran = true;
  } catch (const GateFailure& f) {
    report.error = f.message;
    report.error_kind = f.kind;
    report.cancelled = f.cancelled;
  } catch (const std::bad_alloc&) {
    report.error = "out of host memory";
    report.error_kind = ErrorKind::internal;
  } catch (const std::exception& ex) {
    report.error = ex.what();
    report.error_kind = ErrorKind::internal;
  }
  if (!report.ran) {
    // A stopped run has no trustworthy figures beyond what it reached; keep the resources.
    report.output.clear();
    report.reference.clear();
  }
  return report;
}

}  // namespace gate

namespace {

/// The gate's view of a built-in kernel record: its resources and its launch.
gate::MatmulUnderTest under_test(const gate::GateKernel* k) {
  gate::MatmulUnderTest kernel;
  kernel.resources = [k](KernelResources& r) {
    if (k == nullptr) return cudaErrorInvalidValue;
    cudaFuncAttributes attr{};
    const cudaError_t e = cudaFuncGetAttributes(&attr, k->kernel);
    if (e != cudaSuccess) return e;
    r.registers = attr.numRegs;
    r.static_shared_bytes = static_cast<int>(attr.sharedSizeBytes);
    r.local_bytes = static_cast<int>(attr.localSizeBytes);
    r.dynamic_shared_bytes = k->dynamic_shared_bytes;
    r.ptxas = gate::ptxas_info(k->name);
    return cudaSuccess;
  };
  kernel.launch = [k](const __half* a, const __half* b, float* c, int n, cudaStream_t s) {
    return k != nullptr ? k->launch(*k, a, b, c, n, s) : cudaErrorInvalidValue;
  };
  return kernel;
}

}  // namespace

GateReport run_gate_stream_k_candidate(const GateRequest& req, int index) {
  static const std::vector<gate::GateKernel> candidates = gate::ladder::stream_k_candidates();
  std::string why;
  if (req.variant != GateVariant::stream_k)
    why = "the sweep runs the stream-k variant's candidates only";
  else if (index < 0 || index >= static_cast<int>(candidates.size()))
    why = "stream-k has no candidate " + std::to_string(index) + " (0.." +
          std::to_string(candidates.size() - 1) + ")";
  else if (req.n % gate::kStreamKCandidates[index].tile.n_multiple() != 0)
    why = std::string("candidate ") + gate::kStreamKCandidates[index].name + " needs n a multiple of " +
          std::to_string(gate::kStreamKCandidates[index].tile.n_multiple());
  if (!why.empty()) {
    GateReport report;
    report.created_utc = utc_now();
    report.request = req;
    report.error = why;
    report.error_kind = ErrorKind::refused;
    return report;
  }
  return gate::run_gate_with(req, under_test(&candidates[static_cast<std::size_t>(index)]), nullptr);
}

GateReport run_gate(const GateRequest& req, GateControl* control) {
  if (req.variant == GateVariant::user_kernel) {
    // Never in this process: a faulting kernel would leave its CUDA context unusable.
    GateReport report;
    report.created_utc = utc_now();
    report.request = req;
    report.device = query_device();
    report.error =
        "a user kernel runs in the kernel runner's process (run_user_kernel_gate), not in run_gate";
    report.error_kind = ErrorKind::internal;
    return report;
  }
  // The variant's registered kernel (gate_kernel.cuh); none for a value outside the table.
  return gate::run_gate_with(req, under_test(gate::find_gate_kernel(req.variant)), control);
}

}  // namespace fragviz
