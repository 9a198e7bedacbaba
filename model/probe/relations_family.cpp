// The relation checks' packing and judging (fragviz/probe/relations_family.hpp): pure host work,
// the device half is gpu/cuda/relations_run.cpp.
#include "fragviz/probe/relations_family.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace fragviz {
namespace {

/// Seeds of the checks' random exact inputs (fixed, so every run is comparable).
constexpr std::uint64_t kKSplitSeed = 2027;
constexpr std::uint64_t kReuseSeed = 7;

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
kernel_io::KSplitWordMap word_map(const KSplitRunPlan& p) {
  kernel_io::KSplitWordMap m{};
  const auto at = [](const std::vector<int>& v, int j) {
    return static_cast<std::int8_t>(j < static_cast<int>(v.size()) ? v[static_cast<std::size_t>(j)] : -1);
  };
  for (int j = 0; j < kernel_io::kMaxSplitAWords; ++j) {
    m.a_half[j] = at(p.a_half, j);
    m.a_word[j] = at(p.a_word, j);
  }
  for (int j = 0; j < kernel_io::kMaxSplitBWords; ++j) {
    m.b_half[j] = at(p.b_half, j);
    m.b_word[j] = at(p.b_word, j);
  }
  return m;
}

}  // namespace

RelationsWork pack_relations(RelationsReport& report, int sm, const RelationsCodeCheck& has_code) {
  RelationsWork work;
  // [SECTION] inputs --------------------------------------------------------------------------------
  WordImage& in = work.in;
  WordImage& out = work.out;
  std::vector<RelationsWork::KSplitLaunch>& splits = work.splits;
  for (std::size_t i = 0; i < report.k_splits.size(); ++i) {
    KSplitCheck& check = report.k_splits[i];
    const KSplit& s = check.model;
    const int w = catalogue_index(s.whole), h = catalogue_index(s.half);
    if (!s.holds()) {
      check.skipped = "not run: the model says it does not hold";
      continue;
    }
    check.skipped = why_not_here(*s.whole, *s.half, sm, has_code.k_split(w, h, sm));
    if (!check.skipped.empty()) continue;
    RelationsWork::KSplitLaunch l;
    l.check = i;
    l.plan = plan_k_split_run(s, kKSplitSeed);
    if (l.plan.a_half.size() > static_cast<std::size_t>(kernel_io::kMaxSplitAWords) ||
        l.plan.b_half.size() > static_cast<std::size_t>(kernel_io::kMaxSplitBWords)) {
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

  std::vector<RelationsWork::ReuseLaunch>& reuses = work.reuses;
  for (std::size_t i = 0; i < report.reuse.size(); ++i) {
    ReuseCheck& check = report.reuse[i];
    const AccumulatorReuse& r = check.model;
    if (!r.refused.empty()) {
      check.skipped = "not run: " + r.refused;
      continue;
    }
    const int p = catalogue_index(r.producer), q = catalogue_index(r.consumer);
    check.skipped = why_not_here(*r.producer, *r.consumer, sm, has_code.reuse(p, q, sm));
    if (!check.skipped.empty()) continue;
    RelationsWork::ReuseLaunch l;
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

  return work;
}

void judge_relations(const RelationsWork& work, RelationsReport& report) {
  for (const RelationsWork::KSplitLaunch& l : work.splits) {
    KSplitCheck& check = report.k_splits[l.check];
    check = judge_k_split_run(check.model, l.plan, work.out.slice(l.d_whole, l.d_words),
                              work.out.slice(l.d_split, l.d_words));
  }
  for (const RelationsWork::ReuseLaunch& l : work.reuses) {
    ReuseCheck& check = report.reuse[l.check];
    check = judge_reuse_run(check.model, l.plan, work.out.slice(l.d_naive, l.d_words),
                            work.out.slice(l.d_right, l.d_words));
  }
}

}  // namespace fragviz
