// run_relations(): every relation check's inputs built and packed on the host
// (fragviz/probe/relations_family.hpp), moved to the device in one copy, one warp launched per
// check, everything copied back in one copy and judged against the model.
#include "fragviz/device/relations_run.hpp"

#include <cuda_runtime_api.h>

#include <chrono>
#include <exception>
#include <string>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/probe/relations_family.hpp"
#include "relation_kernels.hpp"

namespace fragviz {
namespace {

using Clock = std::chrono::steady_clock;

struct DeviceBuffer {
  std::uint32_t* ptr = nullptr;
  ~DeviceBuffer() {
    if (ptr) cudaFree(ptr);  // unchecked: nothing useful to do about a failed free
  }
};

void run(RelationsReport& report) {
  const DeviceInfo device = query_device();
  if (!device.present) {
    report = relations_not_run(device, "not run: " + device.error.message);
    return;
  }
  report = relations_not_run(device, "not run: a CUDA error stopped the run");
  std::string error;
  const auto stop = [&] { report.error = Error{ErrorKind::cuda, error}; };
  if (!FRAGVIZ_CUDA_OK(error, cudaSetDevice(0)) || !FRAGVIZ_CUDA_OK(error, cudaFree(nullptr)) ||
      !FRAGVIZ_CUDA_OK(error, cuda::preload_relation_kernels()))
    return stop();
  const auto start = Clock::now();
  const int sm = device.sm();

  // [SECTION] inputs --------------------------------------------------------------------------------
  RelationsWork work =
      pack_relations(report, sm, RelationsCodeCheck{cuda::k_split_available, cuda::reuse_available});

  // [SECTION] one copy in, launches, one copy out ------------------------------------------------
  DeviceBuffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), work.in.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), work.out.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, work.out.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, work.in.data(), work.in.bytes(), cudaMemcpyHostToDevice)))
    return stop();
  bool launched = true;
  for (const RelationsWork::KSplitLaunch& l : work.splits) {
    if (!launched) break;
    const KSplitCheck& check = report.k_splits[l.check];
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_k_split(catalogue_index(check.model.whole), catalogue_index(check.model.half),
                                    l.map, d_in.ptr + l.a, d_in.ptr + l.b, d_in.ptr + l.c,
                                    d_out.ptr + l.d_whole, d_out.ptr + l.d_split, nullptr));
  }
  for (const RelationsWork::ReuseLaunch& l : work.reuses) {
    if (!launched) break;
    const ReuseCheck& check = report.reuse[l.check];
    cuda::ReuseBuffers buf{};
    buf.pa = d_in.ptr + l.pa;
    buf.pb = d_in.ptr + l.pb;
    buf.pc = d_in.ptr + l.pc;
    buf.qb = d_in.ptr + l.qb;
    buf.qc = d_in.ptr + l.qc;
    buf.src_lane = reinterpret_cast<const std::int32_t*>(d_in.ptr + l.lanes);
    buf.src_slot = reinterpret_cast<const std::int32_t*>(d_in.ptr + l.slots);
    buf.d_naive = d_out.ptr + l.d_naive;
    buf.d_right = d_out.ptr + l.d_right;
    buf.passes = l.plan.passes;
    launched =
        FRAGVIZ_CUDA_OK(error, cuda::launch_reuse(catalogue_index(check.model.producer),
                                                  catalogue_index(check.model.consumer), buf, nullptr));
  }
  // The copy waits for every launch and reports any fault they raised.
  if (!launched || !FRAGVIZ_CUDA_OK(error, cudaMemcpy(work.out.data(), d_out.ptr, work.out.bytes(),
                                                      cudaMemcpyDeviceToHost)))
    return stop();

  // [SECTION] judge against the model ---------------------------------------------------------------
  judge_relations(work, report);
  report.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

RelationsReport run_relations() {
  RelationsReport report;
  try {
    run(report);
  } catch (const std::exception& e) {
    report.error = Error{ErrorKind::internal, std::string("host error: ") + e.what()};
  } catch (...) {
    report.error = Error{ErrorKind::internal, "host error: unknown exception"};
  }
  return report;
}

}  // namespace fragviz
