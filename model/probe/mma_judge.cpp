// The mma.sync family's judging: the output image the device half copied out, read back at the
// places pack_mma reserved and judged against the model (probe_decode.hpp, mma_probe.hpp,
// ldmatrix_feed.hpp, the bank model for the cycles table). Pure host work on every core.
#include <array>
#include <cstring>

#include "fragviz/probe/mma_family.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/parallel.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

void judge_mma(const MmaWork& w, const ProbeRequest& req, ProbeReport& report) {
  const Arena& out = w.out;
  if (!w.explorer.empty()) {
    const auto o = out.get<kernel_io::LdmatrixJobOut>(w.explorer_out_at);
    LdmatrixProbe& p = report.ldmatrix;
    p.ran = true;
    for (int l = 0; l < kWarpSize; ++l) {
      for (int j = 0; j < 4; ++j) p.registers[l][j] = o.regs[l][j];
      p.addresses[l] = o.offsets[l];
    }
    p.elements = check_explorer(req.ldmatrix, req.tile, p.registers);
    p.cycles_per_instruction = static_cast<double>(o.cycles) / kernel_io::kTimedLdmatrix;
  }

  for (std::size_t i = 0; i < w.fragment_plans.size(); ++i) {
    const MmaWork::Fragment& plan = w.fragment_plans[i];
    if (!plan.launch) continue;
    FragmentProbe& probe = report.fragments[i];
    const Instruction& s = *plan.instr;
    kernel_io::FragmentSetOut sets[kernel_io::kFragmentSets];
    std::memcpy(sets, out.data() + plan.out_at, sizeof sets);
    const auto lane_major = [](const auto& regs, int per_lane) {
      std::vector<std::uint32_t> v;
      for (int l = 0; l < kWarpSize; ++l) {
        for (int j = 0; j < per_lane; ++j) v.push_back(regs[l][j]);
      }
      return v;
    };
    const auto& own = sets[kernel_io::kOwnershipSet];
    const auto a = check_operand(s, Operand::A, lane_major(own.a, registers_per_lane(s, Operand::A)));
    const auto b = check_operand(s, Operand::B, lane_major(own.b, registers_per_lane(s, Operand::B)));
    const auto c = check_operand(s, Operand::C, lane_major(sets[kernel_io::kAccumulatorSet].d, 4));
    probe.elements.insert(probe.elements.end(), a.begin(), a.end());
    probe.elements.insert(probe.elements.end(), b.begin(), b.end());
    probe.elements.insert(probe.elements.end(), c.begin(), c.end());
    for (int l = 0; l < kWarpSize; ++l) {
      probe.a_addresses[l] = own.a_offsets[l];
      probe.b_addresses[l] = own.b_offsets[l];
    }
    const TileCompare tile = compare_tile(s, lane_major(sets[kernel_io::kTileSet].d, 4), plan.reference);
    probe.tile_exact = tile.exact;
    probe.tile_detail = tile.exact ? std::string()
                                   : tile.first + " (" + std::to_string(tile.mismatches) + " of 128 " +
                                         std::string(agree(tile.mismatches, "differs", "differ")) + ")";
    probe.ran = true;
  }

  // Each instruction's judges write its own two report entries: safe to run side by side.
  parallel_for(w.instr_plans.size(), [&](std::size_t i) {
    const MmaWork::Instr& ip = w.instr_plans[i];
    if (!ip.launch) return;
    const MmaProbePlan& plan = w.mma[ip.plan];
    const std::size_t words = static_cast<std::size_t>(plan.passes) * static_cast<std::size_t>(kWarpSize) *
                              static_cast<std::size_t>(words_per_lane(*plan.instr, Operand::C));
    std::vector<std::uint32_t> d(words);
    std::memcpy(d.data(), out.data() + ip.d_at, words * sizeof(std::uint32_t));
    report.instructions[i] = judge_mma_probe(plan, d);
    if (!ip.feed) return;
    const LdmatrixFeedPlan& f = *w.feed[ip.plan];
    const auto copy_words = [&](std::size_t at, Operand op) {
      std::vector<std::uint32_t> v(static_cast<std::size_t>(f.passes) * kWarpSize *
                                   static_cast<std::size_t>(words_per_lane(*f.instr, op)));
      std::memcpy(v.data(), out.data() + at, v.size() * 4);
      return v;
    };
    std::array<std::uint32_t, kWarpSize> a_off{}, b_off{};
    std::memcpy(a_off.data(), out.data() + ip.f_off, sizeof a_off);
    std::memcpy(b_off.data(), out.data() + ip.f_off + sizeof a_off, sizeof b_off);
    report.through_ldmatrix[i] =
        judge_ldmatrix_feed(f, copy_words(ip.fd, Operand::C), copy_words(ip.fa_got, Operand::A),
                            copy_words(ip.fb_got, Operand::B), a_off, b_off);
  });

  const auto add_cycles_row = [&report](const MmaWork::Ldmatrix& plan,
                                        const std::array<std::uint32_t, kWarpSize>& offsets, double cycles) {
    CyclesRow row;
    row.config = plan.config;
    row.tile = plan.tile;
    row.predicted_wavefronts = analyze_ldmatrix(plan.config, plan.tile).wavefronts;
    row.measured_wavefronts = analyze_addresses(plan.config, offsets).wavefronts;
    row.addresses = offsets;  // stored, so a report's measured figure is recomputed on load
    row.cycles_per_instruction = cycles;
    report.cycles.push_back(row);
  };
  for (std::size_t i = 0; i < w.cycle_rows.size(); ++i) {
    const auto o = out.get<kernel_io::LdmatrixJobOut>(w.cycle_out_at + i * sizeof(kernel_io::LdmatrixJobOut));
    std::array<std::uint32_t, kWarpSize> offsets{};
    for (int l = 0; l < kWarpSize; ++l) offsets[l] = o.offsets[l];
    add_cycles_row(w.cycle_rows[i], offsets, static_cast<double>(o.cycles) / kernel_io::kTimedLdmatrix);
  }
  // The user's own request is the table's last row, timed by the explorer launch.
  if (req.cycles_table && report.ldmatrix.ran) {
    add_cycles_row(w.explorer.front(), report.ldmatrix.addresses, report.ldmatrix.cycles_per_instruction);
  }
}

}  // namespace fragviz
