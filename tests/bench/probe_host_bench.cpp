// The probes' host work for the whole catalogue, without a GPU (issue 27): the plans run_probes()
// builds (mma.sync, through-ldmatrix, wgmma: the "inputs packed" phases) and the mma.sync and
// wgmma judges, timed on one thread and on every core (FRAGVIZ_PROBE_THREADS caps them), with a
// hash of every plan field and every judgement field so a change to the model can show it decides
// the same. Each judge sees two sets of D registers, made before the clock starts: those of the
// software tensor cores of the unit tests (tests/unit/soft_*.hpp, every element matches) and
// stand-ins (all 3s, everything mismatches). This times the host, it does not check a device.
// Run by hand:
//   build/tools/probe_host_bench [runs]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../unit/soft_tensor_core.hpp"
#include "../unit/soft_wgmma.hpp"
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

std::uint64_t mix_str(std::uint64_t h, const std::string& s) {
  return mix(mix(h, s.data(), s.size()), "|", 1);
}
template <class T>
std::uint64_t mix_pod(std::uint64_t h, const T& v) {
  return mix(h, &v, sizeof v);
}

/// Every field of one element check.
std::uint64_t mix_check(std::uint64_t h, const ElementCheck& e) {
  const int f[] = {static_cast<int>(e.operand),
                   e.lane,
                   e.element,
                   e.expected.row,
                   e.expected.col,
                   e.measured ? e.measured->row : -1,
                   e.measured ? e.measured->col : -1};
  return mix_pod(mix(h, f, sizeof f), e.raw);
}

std::uint64_t mix_mma_plan(std::uint64_t g, const MmaProbePlan& p) {
  g = mix_vec(mix_vec(mix_vec(g, p.a), p.b), p.c);
  for (const MmaProbePlan::Pass& x : p.info) {
    const int f[] = {static_cast<int>(x.kind), x.window, x.digit};
    g = mix(g, f, sizeof f);
  }
  const int f[] = {p.passes, p.digit_bits_a, p.digits_a, p.digit_bits_b, p.digits_b};
  return mix_vec(mix(g, f, sizeof f), p.tile_reference);
}

std::uint64_t mix_mma_probe(std::uint64_t g, const InstructionProbe& j) {
  g = mix_str(mix_str(mix_str(g, j.mnemonic), j.skipped), j.tile_detail);
  for (const ElementCheck& e : j.elements) g = mix_check(g, e);
  const int f[] = {j.ran, j.passes, j.tile_exact};
  return mix(g, f, sizeof f);
}

/// One mma.sync instruction: its plan (judge_ldmatrix_feed judges the feed plan's like it) and
/// the D registers its judge sees (software tensor core, then stand-ins).
struct MmaCase {
  MmaProbePlan plan;
  std::vector<std::uint32_t> d_real, d_stand_in;
};

/// Every mma.sync plan, hashed; `cases` gets the judges' inputs on the first call.
std::uint64_t mma_plans(std::vector<MmaCase>* cases) {
  const std::vector<Instruction>& all = catalogue();
  const std::vector<std::uint64_t> h = parallel_map<std::uint64_t>(all.size(), [&](std::size_t i) {
    std::uint64_t g = 1469598103934665603ull;
    if (feed_problem(all[i]).empty()) {
      const LdmatrixFeedPlan f = plan_ldmatrix_feed(all[i]);
      g = mix_vec(mix_vec(mix_vec(mix_vec(mix_vec(g, f.a_images), f.b_images), f.a_words), f.b_words),
                  f.c_words);
      for (const FeedOperand* o : {&f.a, &f.b}) {
        const int x[] = {o->load.has_value(), o->stride_bytes, o->image_bytes};
        g = mix_pod(mix(g, x, sizeof x), o->lane_offsets);
      }
      g = mix_pod(mix_mma_plan(g, f.mma), f.passes);
    } else {
      g = mix_mma_plan(g, plan_mma_probe(all[i]));
    }
    return g;
  });
  if (cases->empty()) {
    *cases = parallel_map<MmaCase>(all.size(), [&](std::size_t i) {
      MmaCase c{plan_mma_probe(all[i]), {}, {}};
      c.d_real = emulate(c.plan, catalogue_map(all[i]));
      c.d_stand_in.assign(c.d_real.size(), 3);
      return c;
    });
  }
  return mix_vec(0, h);
}

/// Every mma.sync judge on both register sets, hashed.
std::uint64_t mma_judges(const std::vector<MmaCase>& cases) {
  const std::vector<std::uint64_t> h = parallel_map<std::uint64_t>(cases.size(), [&](std::size_t i) {
    const MmaCase& c = cases[i];
    std::uint64_t g = 1469598103934665603ull;
    for (const std::vector<std::uint32_t>* d : {&c.d_real, &c.d_stand_in})
      g = mix_mma_probe(g, judge_mma_probe(c.plan, *d));
    return g;
  });
  return mix_vec(0, h);
}

/// One wgmma entry's plan and the D registers of every pass its judge sees.
struct WgmmaCase {
  WgmmaProbePlan plan;
  std::vector<std::vector<std::uint32_t>> d_real, d_stand_in;
};

/// Every wgmma plan, hashed; `cases` gets the plans and the judges' inputs on the first call.
std::uint64_t wgmma_plans(std::vector<WgmmaCase>* cases) {
  const std::vector<WgmmaInstruction>& all = wgmma_catalogue();
  std::vector<WgmmaProbePlan> plans =
      parallel_map<WgmmaProbePlan>(all.size(), [&](std::size_t i) { return plan_wgmma_probe(all[i]); });
  std::uint64_t g = 1469598103934665603ull;
  for (const WgmmaProbePlan& p : plans) {
    for (const WgmmaPass& s : p.passes) {
      const int f[] = {static_cast<int>(s.form), static_cast<int>(s.role), s.digit, s.shift, s.descriptor};
      g = mix_vec(mix_vec(mix(g, f, sizeof f), s.image), s.a_registers);
      const std::uint64_t x[] = {s.a_start, s.b_start, s.a_descriptor, s.b_descriptor};
      g = mix(g, x, sizeof x);
    }
    for (const DescriptorProbe& x : p.descriptors) g = mix_vec(mix_vec(g, x.expected), x.measured);
    const int f[] = {p.a_digit_base, p.a_digits};
    g = mix_vec(mix(g, f, sizeof f), p.tile_reference);
  }
  if (cases->empty()) {
    *cases = parallel_map<WgmmaCase>(all.size(), [&](std::size_t i) {
      WgmmaCase c{std::move(plans[i]), {}, {}};
      for (const WgmmaPass& s : c.plan.passes) {
        c.d_real.push_back(soft_wgmma::simulate(all[i], s, {}));
        c.d_stand_in.emplace_back(c.d_real.back().size(), 3);
      }
      return c;
    });
  }
  return g;
}

/// Every wgmma judge on both register sets, hashed (every field of the probe).
std::uint64_t wgmma_judges(const std::vector<WgmmaCase>& cases) {
  const std::vector<std::uint64_t> h = parallel_map<std::uint64_t>(cases.size(), [&](std::size_t i) {
    std::uint64_t g = 1469598103934665603ull;
    for (const auto* d : {&cases[i].d_real, &cases[i].d_stand_in}) {
      const WgmmaProbe j = judge_wgmma_probe(cases[i].plan, *d);
      g = mix_str(mix_str(mix_str(g, j.mnemonic), j.skipped), j.tile_detail);
      for (const ElementCheck& e : j.d) g = mix_check(g, e);
      for (const ElementCheck& e : j.a) g = mix_check(g, e);
      for (const DescriptorProbe& x : j.descriptors) {
        const int f[] = {static_cast<int>(x.operand)};
        g = mix_vec(mix_vec(mix(g, f, sizeof f), x.expected), x.measured);
      }
      const int f[] = {j.ran, j.passes, j.tile_exact};
      g = mix(g, f, sizeof f);
    }
    return g;
  });
  return mix_vec(0, h);
}

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  std::printf("threads %zu, %d runs (best of)\n", probe_threads(), runs);
  std::vector<MmaCase> mma;
  std::vector<WgmmaCase> wgmma;
  double best[4] = {1e9, 1e9, 1e9, 1e9};
  std::uint64_t hash[4] = {};
  for (int r = 0; r < runs; ++r) {
    auto t = Clock::now();
    hash[0] = mma_plans(&mma);
    if (r > 0) best[0] = std::min(best[0], ms_since(t));  // run 0 also makes the judges' inputs
    t = Clock::now();
    hash[1] = mma_judges(mma);
    best[1] = std::min(best[1], ms_since(t));
    t = Clock::now();
    hash[2] = wgmma_plans(&wgmma);
    if (r > 0) best[2] = std::min(best[2], ms_since(t));
    t = Clock::now();
    hash[3] = wgmma_judges(wgmma);
    best[3] = std::min(best[3], ms_since(t));
  }
  std::printf(
      "mma.sync and feed plans %.1f ms, mma.sync judges %.1f ms, wgmma plans %.1f ms, wgmma judges %.1f ms\n",
      best[0], best[1], best[2], best[3]);
  std::printf("hashes: mma plans %016llx, mma judges %016llx, wgmma plans %016llx, wgmma judges %016llx\n",
              static_cast<unsigned long long>(hash[0]), static_cast<unsigned long long>(hash[1]),
              static_cast<unsigned long long>(hash[2]), static_cast<unsigned long long>(hash[3]));
  return 0;
}
