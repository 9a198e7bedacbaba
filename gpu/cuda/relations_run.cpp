// run_relations(): builds every relation check's inputs on the host (fragviz/probe/relations.hpp),
// moves them to the device in one copy, launches one warp per check, copies everything back in
// one copy and judges it against the model.
#include "fragviz/device/relations_run.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"
#include "relation_kernels.hpp"

namespace fragviz {
namespace {

using Clock = std::chrono::steady_clock;

/// Seeds of the checks' random exact inputs (fixed, so every run is comparable).
constexpr std::uint64_t kKSplitSeed = 2027;
constexpr std::uint64_t kReuseSeed = 7;

/// Host image of a device buffer of 32-bit words; every block starts on a 16-byte boundary.
class Words {
 public:
  template <class T>
  std::size_t put(const std::vector<T>& v) {
    static_assert(sizeof(T) == 4, "32-bit words");
    const std::size_t at = reserve(v.size());
    if (!v.empty()) std::memcpy(&data_[at], v.data(), v.size() * 4);
    return at;
  }
  std::size_t reserve(std::size_t words) {
    const std::size_t at = (data_.size() + 3) / 4 * 4;
    data_.resize(at + std::max<std::size_t>(words, 1), 0u);
    return at;
  }
  std::uint32_t* data() { return data_.data(); }
  std::size_t bytes() const { return data_.size() * 4; }
  std::vector<std::uint32_t> slice(std::size_t at, std::size_t words) const {
    return std::vector<std::uint32_t>(data_.begin() + static_cast<std::ptrdiff_t>(at),
                                      data_.begin() + static_cast<std::ptrdiff_t>(at + words));
  }

 private:
  std::vector<std::uint32_t> data_;
};

struct DeviceBuffer {
  std::uint32_t* ptr = nullptr;
  ~DeviceBuffer() {
    if (ptr) cudaFree(ptr);  // unchecked: nothing useful to do about a failed free
  }
};

/// "skipped: needs sm_89 or newer (device is sm_80)", "model only: ...", or "" when it can run.
std::string why_not_here(const Instruction& x, const Instruction& y, int sm, bool available) {
  const int need = std::max(x.min_sm, y.min_sm);
  if (sm < need)
    return "skipped: needs sm_" + std::to_string(need) + " or newer (device is sm_" + std::to_string(sm) +
           ")";
  if (!available) return "model only: this build has no code for it on sm_" + std::to_string(sm);
  return {};
}

/// The kernel's copy of the plan's word map; unused entries are -1 (match no word).
cuda::KSplitWordMap word_map(const KSplitRunPlan& p) {
  cuda::KSplitWordMap m{};
  const auto at = [](const std::vector<int>& v, int j) {
    return static_cast<std::int8_t>(j < static_cast<int>(v.size()) ? v[static_cast<std::size_t>(j)] : -1);
  };
  for (int j = 0; j < cuda::kMaxSplitAWords; ++j) {
    m.a_half[j] = at(p.a_half, j);
    m.a_word[j] = at(p.a_word, j);
  }
  for (int j = 0; j < cuda::kMaxSplitBWords; ++j) {
    m.b_half[j] = at(p.b_half, j);
    m.b_word[j] = at(p.b_word, j);
  }
  return m;
}

struct KSplitLaunch {
  std::size_t check = 0;
  KSplitRunPlan plan;
  cuda::KSplitWordMap map{};
  std::size_t a = 0, b = 0, c = 0, d_whole = 0, d_split = 0, d_words = 0;
};

struct ReuseLaunch {
  std::size_t check = 0;
  ReuseRunPlan plan;
  std::size_t pa = 0, pb = 0, pc = 0, qb = 0, qc = 0, lanes = 0, slots = 0, d_naive = 0, d_right = 0,
              d_words = 0;
};

void run(RelationsReport& report) {
  const DeviceInfo device = query_device();
  if (!device.present) {
    report = relations_not_run(device, "not run: " + device.error);
    return;
  }
  report = relations_not_run(device, "not run: a CUDA error stopped the run");
  std::string& error = report.error;
  if (!FRAGVIZ_CUDA_OK(error, cudaSetDevice(0)) || !FRAGVIZ_CUDA_OK(error, cudaFree(nullptr)) ||
      !FRAGVIZ_CUDA_OK(error, cuda::preload_relation_kernels()))
    return;
  const auto start = Clock::now();
  const int sm = device.sm();

  // [SECTION] inputs --------------------------------------------------------------------------------
  Words in, out;
  std::vector<KSplitLaunch> splits;
  for (std::size_t i = 0; i < report.k_splits.size(); ++i) {
    KSplitCheck& check = report.k_splits[i];
    const KSplit& s = check.model;
    const int w = catalogue_index(s.whole), h = catalogue_index(s.half);
    if (!s.holds()) {
      check.skipped = "not run: the model says it does not hold";
      continue;
    }
    check.skipped = why_not_here(*s.whole, *s.half, sm, cuda::k_split_available(w, h, sm));
    if (!check.skipped.empty()) continue;
    KSplitLaunch l;
    l.check = i;
    l.plan = plan_k_split_run(s, kKSplitSeed);
    if (l.plan.a_half.size() > static_cast<std::size_t>(cuda::kMaxSplitAWords) ||
        l.plan.b_half.size() > static_cast<std::size_t>(cuda::kMaxSplitBWords)) {
      check.skipped = "model error: more A or B words than the kernel's map holds";
      continue;
    }
    l.map = word_map(l.plan);
    l.a = in.put(l.plan.a);
    l.b = in.put(l.plan.b);
    l.c = in.put(l.plan.c);
    l.d_words = static_cast<std::size_t>(kWarpSize * words_per_lane(*s.whole, Operand::C));
    l.d_whole = out.reserve(l.d_words);
    l.d_split = out.reserve(l.d_words);
    check.skipped = "not run: a CUDA error stopped the run";
    splits.push_back(std::move(l));
  }

  std::vector<ReuseLaunch> reuses;
  for (std::size_t i = 0; i < report.reuse.size(); ++i) {
    ReuseCheck& check = report.reuse[i];
    const AccumulatorReuse& r = check.model;
    if (!r.refused.empty()) {
      check.skipped = "not run: " + r.refused;
      continue;
    }
    const int p = catalogue_index(r.producer), q = catalogue_index(r.consumer);
    check.skipped = why_not_here(*r.producer, *r.consumer, sm, cuda::reuse_available(p, q, sm));
    if (!check.skipped.empty()) continue;
    ReuseLaunch l;
    l.check = i;
    auto plan = plan_reuse_run(r, kReuseSeed);
    if (!plan) {
      check.skipped = "model error: " + plan.error.message;
      continue;
    }
    l.plan = std::move(*plan.value);
    l.pa = in.put(l.plan.pa);
    l.pb = in.put(l.plan.pb);
    l.pc = in.put(l.plan.pc);
    l.qb = in.put(l.plan.qb);
    l.qc = in.put(l.plan.qc);
    l.lanes = in.put(l.plan.src_lane);
    l.slots = in.put(l.plan.src_slot);
    l.d_words = static_cast<std::size_t>(l.plan.passes) *
                static_cast<std::size_t>(kWarpSize * words_per_lane(*r.consumer, Operand::C));
    l.d_naive = out.reserve(l.d_words);
    l.d_right = out.reserve(l.d_words);
    check.skipped = "not run: a CUDA error stopped the run";
    reuses.push_back(std::move(l));
  }
  in.reserve(4);  // never an empty allocation
  out.reserve(4);

  // [SECTION] one copy in, launches, one copy out ------------------------------------------------
  DeviceBuffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), in.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), out.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, out.bytes())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, in.data(), in.bytes(), cudaMemcpyHostToDevice)))
    return;
  bool launched = true;
  for (const KSplitLaunch& l : splits) {
    if (!launched) break;
    const KSplitCheck& check = report.k_splits[l.check];
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_k_split(catalogue_index(check.model.whole), catalogue_index(check.model.half),
                                    l.map, d_in.ptr + l.a, d_in.ptr + l.b, d_in.ptr + l.c,
                                    d_out.ptr + l.d_whole, d_out.ptr + l.d_split, nullptr));
  }
  for (const ReuseLaunch& l : reuses) {
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
  if (!launched ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.bytes(), cudaMemcpyDeviceToHost)))
    return;

  // [SECTION] judge against the model ---------------------------------------------------------------
  for (const KSplitLaunch& l : splits) {
    KSplitCheck& check = report.k_splits[l.check];
    check = judge_k_split_run(check.model, l.plan, out.slice(l.d_whole, l.d_words),
                              out.slice(l.d_split, l.d_words));
  }
  for (const ReuseLaunch& l : reuses) {
    ReuseCheck& check = report.reuse[l.check];
    check = judge_reuse_run(check.model, l.plan, out.slice(l.d_naive, l.d_words),
                            out.slice(l.d_right, l.d_words));
  }
  report.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

RelationsReport run_relations() {
  RelationsReport report;
  try {
    run(report);
  } catch (const std::exception& e) {
    report.error = std::string("host error: ") + e.what();
  } catch (...) {
    report.error = "host error: unknown exception";
  }
  return report;
}

}  // namespace fragviz
