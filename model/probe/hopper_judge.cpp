// The Hopper family's judging: the output image the device half copied out, read back at the
// places pack_hopper reserved and judged by the model (hopper_probe.hpp), whole or plan by plan
// as the device half copies the chunks out. Pure host work on every core.
#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <future>
#include <mutex>
#include <vector>

#include "fragviz/probe/hopper_family.hpp"
#include "fragviz/util/parallel.hpp"

namespace fragviz {
namespace {

/// D registers of one pass of plan `pi` (its whole warpgroup's).
std::size_t pass_words(const HopperWork& w, std::size_t pi) {
  return static_cast<std::size_t>(kWarpgroupSize * wgmma_d_registers(*w.plans[pi].instr));
}

/// Judges plan `pi` from `out` into its own report entry.
void judge_plan(const HopperWork& w, std::size_t pi, const std::uint8_t* out, ProbeReport& report) {
  const WgmmaProbePlan& plan = w.plans[pi];
  const std::size_t regs = pass_words(w, pi);
  std::vector<std::vector<std::uint32_t>> d(plan.passes.size(), std::vector<std::uint32_t>(regs));
  for (std::size_t k = 0; k < plan.passes.size(); ++k)
    std::memcpy(d[k].data(), out + static_cast<std::size_t>(w.out_at[pi][k]) * sizeof(std::uint32_t),
                regs * sizeof(std::uint32_t));
  report.wgmma[w.wgmma_base + w.probe_of[pi]] = judge_wgmma_probe(plan, d);
}

/// Judges the matrix moves from `out` into their report entries.
void judge_moves(const HopperWork& w, const std::uint8_t* out, ProbeReport& report) {
  for (std::size_t i = 0; i < w.move_plans.size(); ++i) {
    kernel_io::MoveOut o;
    std::memcpy(&o, out + hopper_moves_out_at(w) + i * sizeof(kernel_io::MoveOut), sizeof o);
    const std::vector<std::uint16_t> tile(o.tile,
                                          o.tile + kernel_io::kMoveTileRows * kernel_io::kMoveTileStride);
    std::array<std::uint32_t, 32> regs{};
    for (int lane = 0; lane < 32; ++lane) regs[static_cast<std::size_t>(lane)] = o.regs[lane];
    report.moves[w.moves_base + w.move_of[i]] = judge_matrix_move(w.move_plans[i], tile, regs);
  }
}

}  // namespace

std::vector<HopperChunk> hopper_chunks(const HopperWork& w, std::size_t count) {
  std::vector<HopperChunk> chunks;
  if (w.plans.empty() && w.move_plans.empty()) return chunks;
  count = std::max<std::size_t>(count, 1);
  // pack_hopper lays out D plan after plan, pass after pass, and queues the launches in plan order.
  HopperChunk c;
  std::size_t end = 0, launch = 0;
  for (std::size_t pi = 0; pi < w.plans.size(); ++pi) {
    end += w.plans[pi].passes.size() * pass_words(w, pi) * sizeof(std::uint32_t);
    const bool last = pi + 1 == w.plans.size();
    const std::size_t target = w.d_bytes * (chunks.size() + 1) / count;
    if (!last && (chunks.size() + 1 >= count || end < target)) continue;
    c.plan_end = pi + 1;
    while (launch < w.launches.size() && w.launches[launch].plan < c.plan_end) ++launch;
    c.launch_end = launch;
    c.out_end = end;
    chunks.push_back(c);
    c = HopperChunk{};
    c.plan_begin = c.plan_end = pi + 1;
    c.launch_begin = c.launch_end = launch;
    c.out_begin = c.out_end = end;
  }
  if (chunks.empty()) chunks.push_back(c);  // the matrix moves alone
  chunks.back().moves = true;
  chunks.back().out_end = w.out_bytes;
  return chunks;
}

bool judge_hopper_as_copied(const HopperWork& w, const std::vector<HopperChunk>& chunks,
                            const std::uint8_t* out, const std::function<bool(std::size_t)>& arrived,
                            ProbeReport& report) {
  // The tasks in arrival order: each chunk's plans, largest first (so the last thread to finish
  // does not start one late), then kMoves for the last chunk; ready[c] tasks once c has arrived.
  constexpr std::size_t kMoves = static_cast<std::size_t>(-1);
  const auto cost = [&w](std::size_t pi) { return w.plans[pi].passes.size() * pass_words(w, pi); };
  std::vector<std::size_t> tasks, ready;
  for (const HopperChunk& c : chunks) {
    const std::size_t first = tasks.size();
    for (std::size_t pi = c.plan_begin; pi < c.plan_end; ++pi) tasks.push_back(pi);
    std::stable_sort(tasks.begin() + static_cast<std::ptrdiff_t>(first), tasks.end(),
                     [&](std::size_t a, std::size_t b) { return cost(a) > cost(b); });
    if (c.moves) tasks.push_back(kMoves);
    ready.push_back(tasks.size());
  }
  std::mutex mutex;
  std::condition_variable more;
  std::size_t available = 0;  // tasks [0, available) may be judged
  bool stopped = false;       // no more will be
  std::atomic<std::size_t> next{0};
  const auto judge = [&](std::size_t) {
    for (std::size_t i = next++; i < tasks.size(); i = next++) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        more.wait(lock, [&] { return i < available || stopped; });
        if (i >= available) return;
      }
      if (tasks[i] == kMoves)
        judge_moves(w, out, report);
      else
        judge_plan(w, tasks[i], out, report);
    }
  };
  // Judging on its own thread(s); this thread waits for the chunks and hands them over.
  std::future<void> judging = std::async(std::launch::async, [&] {
    parallel_for(std::min(probe_threads(), std::max<std::size_t>(tasks.size(), 1)), judge);
  });
  bool all = true;
  for (std::size_t c = 0; c < chunks.size() && all; ++c) {
    all = arrived(c);
    std::lock_guard<std::mutex> lock(mutex);
    if (all) available = ready[c];
    more.notify_all();
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopped = true;
    more.notify_all();
  }
  judging.get();
  return all;
}

void judge_hopper(const HopperWork& w, ProbeReport& report) {
  if (w.out.empty()) return;  // nothing ran, or the copy failed
  judge_hopper_as_copied(
      w, hopper_chunks(w, 1), w.out.data(), [](std::size_t) { return true; }, report);
}

}  // namespace fragviz
