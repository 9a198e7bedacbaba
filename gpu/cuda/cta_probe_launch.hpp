// What every CTA probe (the shared-memory copies, the tiled MMA, the cp.async fill) does on device 0
// around its kernel, in one place: the checks before it launches anything (a device, its opt-in
// shared memory per block, the plan's own launch problem at that limit, the compute capability the
// instruction needs), the device memory of the run, and the judge's verdict taken. Host code only.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "fragviz/algebra/operations.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz::cuda {

/// Fills `device` (query_device) and says whether a plan may launch there: kind none when it may;
/// no_device without one; cuda when the opt-in shared memory per block cannot be read; refused
/// when `plan_problem(that limit)` names a problem (the plan's own check, e.g.
/// tile::copy_probe_launch_problem) or device 0 is below sm_`min_sm` ("<instruction> needs sm_90
/// or newer; device 0 is sm_80"; 0: any).
Error check_cta_probe_launch(DeviceInfo& device, const std::function<std::string(std::int64_t)>& plan_problem,
                             int min_sm, const std::string& instruction);

/// The device memory of one probe run: every buffer freed with it, the first CUDA error of its
/// calls kept in `error` (FRAGVIZ_CUDA_OK's rule). Each call returns false once a call failed.
class ProbeScratch {
 public:
  explicit ProbeScratch(std::string& error) : error_(error) {}
  ~ProbeScratch();
  ProbeScratch(const ProbeScratch&) = delete;
  ProbeScratch& operator=(const ProbeScratch&) = delete;

  /// `count` elements of T on the device, every byte set to `fill` (left as they are: -1).
  template <class T>
  bool alloc(T*& ptr, std::size_t count, int fill = 0) {
    void* p = nullptr;
    if (!raw_alloc(p, count * sizeof(T), fill)) return false;
    ptr = static_cast<T*>(p);
    return true;
  }
  /// `host` copied to the device.
  template <class T>
  bool upload(const T*& ptr, const std::vector<T>& host) {
    void* p = nullptr;
    if (!raw_upload(p, host.data(), host.size() * sizeof(T))) return false;
    ptr = static_cast<const T*>(p);
    return true;
  }
  /// `host.size()` elements of device `src` copied into `host`.
  template <class T>
  bool download(std::vector<T>& host, const T* src) {
    return raw_download(host.data(), src, host.size() * sizeof(T));
  }

 private:
  bool raw_alloc(void*& ptr, std::size_t bytes, int fill);
  bool raw_upload(void*& ptr, const void* host, std::size_t bytes);
  bool raw_download(void* host, const void* src, std::size_t bytes);
  std::string& error_;
  std::vector<void*> owned_;
};

/// The judge's verdict into `run` (a CtaCopyProbeRun, CtaMmaProbeRun or CtaFillProbeRun), or its
/// refusal as an internal error: the plan was checked before launch, so a refusal here is a bug.
template <class Run, class Verdict>
void take_verdict(Run& run, algebra::Result<Verdict> judged) {
  if (!judged) {
    run.error = Error{ErrorKind::internal, judged.message};
    return;
  }
  run.verdict = std::move(*judged.value);
}

}  // namespace fragviz::cuda
