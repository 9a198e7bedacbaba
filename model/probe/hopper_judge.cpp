// The Hopper family's judging: the output image the device half copied out, read back at the
// places pack_hopper reserved and judged by the model (hopper_probe.hpp). Pure host work on every
// core.
#include <array>
#include <cstring>
#include <vector>

#include "fragviz/probe/hopper_family.hpp"
#include "fragviz/util/parallel.hpp"

namespace fragviz {

void judge_hopper(const HopperWork& w, ProbeReport& report) {
  if (w.out.empty()) return;  // nothing ran, or the copy failed
  const std::vector<std::uint8_t>& out = w.out;
  // Each plan's judge writes its own report entry: safe to run side by side.
  parallel_for(w.plans.size(), [&](std::size_t pi) {
    const WgmmaProbePlan& plan = w.plans[pi];
    const std::size_t regs = static_cast<std::size_t>(kWarpgroupSize * wgmma_d_registers(*plan.instr));
    std::vector<std::vector<std::uint32_t>> d(plan.passes.size(), std::vector<std::uint32_t>(regs));
    for (std::size_t k = 0; k < plan.passes.size(); ++k)
      std::memcpy(d[k].data(), out.data() + static_cast<std::size_t>(w.out_at[pi][k]) * sizeof(std::uint32_t),
                  regs * sizeof(std::uint32_t));
    report.wgmma[w.wgmma_base + w.probe_of[pi]] = judge_wgmma_probe(plan, d);
  });
  for (std::size_t i = 0; i < w.move_plans.size(); ++i) {
    kernel_io::MoveOut o;
    std::memcpy(&o, out.data() + hopper_moves_out_at(w) + i * sizeof(kernel_io::MoveOut), sizeof o);
    const std::vector<std::uint16_t> tile(o.tile,
                                          o.tile + kernel_io::kMoveTileRows * kernel_io::kMoveTileStride);
    std::array<std::uint32_t, 32> regs{};
    for (int lane = 0; lane < 32; ++lane) regs[static_cast<std::size_t>(lane)] = o.regs[lane];
    report.moves[w.moves_base + w.move_of[i]] = judge_matrix_move(w.move_plans[i], tile, regs);
  }
}

}  // namespace fragviz
