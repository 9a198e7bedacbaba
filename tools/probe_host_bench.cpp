// The probes' host work for the whole catalogue, without a GPU (issue 27): the plans run_probes()
// builds (mma.sync, through-ldmatrix, wgmma) and the wgmma judges, timed on one thread and on
// every core (FRAGVIZ_PROBE_THREADS caps them), with a hash of every plan's bytes and every
// judgement so a change to the model can show it decides the same. The judges see stand-in D
// registers (all 3s): this times them, it does not check a device. Run by hand:
//   build/tools/probe_host_bench [runs]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/util/parallel.hpp"

namespace {

using namespace fragviz;
using Clock = std::chrono::steady_clock;

std::uint64_t mix(std::uint64_t h, const void* p, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;  // FNV-1a
  return h;
}
template <class T>
std::uint64_t mix_vec(std::uint64_t h, const std::vector<T>& v) {
  return v.empty() ? h : mix(h, v.data(), v.size() * sizeof(T));
}

/// Every mma.sync plan (the feed plan's own where A or B has an ldmatrix form), hashed.
std::uint64_t mma_plans() {
  const std::vector<Instruction>& all = catalogue();
  const std::vector<std::uint64_t> h = parallel_map<std::uint64_t>(all.size(), [&](std::size_t i) {
    std::uint64_t g = 1469598103934665603ull;
    if (feed_problem(all[i]).empty()) {
      const LdmatrixFeedPlan f = plan_ldmatrix_feed(all[i]);
      g = mix_vec(mix_vec(mix_vec(g, f.a_images), f.b_images), f.mma.a);
    } else {
      g = mix_vec(g, plan_mma_probe(all[i]).a);
    }
    return g;
  });
  return mix_vec(0, h);
}

/// Every wgmma plan and its judge, hashed.
std::uint64_t wgmma_plans_and_judges(double* judge_ms) {
  const std::vector<WgmmaInstruction>& all = wgmma_catalogue();
  const auto t0 = Clock::now();
  std::vector<WgmmaProbePlan> plans =
      parallel_map<WgmmaProbePlan>(all.size(), [&](std::size_t i) { return plan_wgmma_probe(all[i]); });
  const auto t1 = Clock::now();
  const std::vector<std::uint64_t> h = parallel_map<std::uint64_t>(all.size(), [&](std::size_t i) {
    const WgmmaProbePlan& p = plans[i];
    std::uint64_t g = 1469598103934665603ull;
    for (const WgmmaPass& s : p.passes) g = mix_vec(g, s.image);
    const std::vector<std::vector<std::uint32_t>> d(
        p.passes.size(),
        std::vector<std::uint32_t>(static_cast<std::size_t>(128 * wgmma_d_registers(all[i])), 3));
    const WgmmaProbe j = judge_wgmma_probe(p, d);
    for (const ElementCheck& e : j.d) {
      const int m = e.measured ? e.measured->row * 1000 + e.measured->col : -1;
      g = mix(g, &m, sizeof m);
    }
    for (const DescriptorProbe& x : j.descriptors) g = mix_vec(g, x.measured);
    return mix(g, j.tile_detail.data(), j.tile_detail.size());
  });
  *judge_ms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  (void)t0;
  return mix_vec(0, h);
}

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  std::printf("threads %zu, %d runs (best of)\n", probe_threads(), runs);
  double best_mma = 1e9, best_wgmma = 1e9, best_judge = 1e9;
  std::uint64_t hash = 0;
  for (int r = 0; r < runs; ++r) {
    auto t = Clock::now();
    const std::uint64_t a = mma_plans();
    best_mma = std::min(best_mma, ms_since(t));
    t = Clock::now();
    double judge = 0;
    const std::uint64_t b = wgmma_plans_and_judges(&judge);
    best_wgmma = std::min(best_wgmma, ms_since(t) - judge);
    best_judge = std::min(best_judge, judge);
    hash = a * 31 + b;
  }
  std::printf("mma.sync and feed plans %.1f ms, wgmma plans %.1f ms, wgmma judges %.1f ms, hash %016llx\n",
              best_mma, best_wgmma, best_judge, static_cast<unsigned long long>(hash));
  return 0;
}
