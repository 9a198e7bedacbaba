// probe_run_plan.hpp: what run_probes runs, decided on the host.
#include "fragviz/probe/probe_run_plan.hpp"

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/probe_decode.hpp"

namespace fragviz {

std::vector<TileGeometry> standard_cycle_tiles() {
  std::vector<TileGeometry> tiles;
  for (int stride : {64, 72, 80, 96, 40}) tiles.push_back(TileGeometry{stride, 0, 16, Swizzle::none});
  tiles.push_back(TileGeometry{64, 0, 16, Swizzle::xor_row_mod8});
  return tiles;
}

std::vector<std::string> requested_instructions(const ProbeRequest& req) {
  if (!req.instruction_probes) return {};
  if (!req.instructions.empty()) {
    // the Hopper names go to pack_hopper, WMMA to run_wmma_probes, Blackwell to run_blackwell_probes
    std::vector<std::string> mma;
    for (const std::string& n : req.instructions)
      if (!is_hopper_probe_name(n) && !is_wmma_probe_name(n) && !is_blackwell_probe_name(n)) mma.push_back(n);
    return mma;
  }
  std::vector<std::string> all;
  for (const Instruction& in : catalogue()) all.emplace_back(in.mnemonic);
  return all;
}

Outcome<FragmentProbeLoads> plan_fragment_probe_loads(const Instruction& s) {
  using R = Outcome<FragmentProbeLoads>;
  FragmentProbeLoads out;
  for (Operand op : {Operand::A, Operand::B}) {
    const auto load = fragment_load(s, op);
    if (!load)
      return R::fail(ErrorKind::refused, std::string(to_string(op)) + ": " + ldmatrix_problem(s, op));
    if (matrices(load->config.num) != registers_per_lane(s, op))
      return R::fail(ErrorKind::internal,
                     "the model's " + ldmatrix_mnemonic(load->config) + " for " + std::string(to_string(op)) +
                         " fills " + std::to_string(matrices(load->config.num)) +
                         " registers; the mma takes " + std::to_string(registers_per_lane(s, op)));
    const auto offsets = fragment_lane_offsets(s, op);
    if (!offsets) return R::from(offsets);
    (op == Operand::A ? out.a : out.b) = load->config;
    (op == Operand::A ? out.a_offsets : out.b_offsets) = *offsets.value;
  }
  return R::ok(out);
}

}  // namespace fragviz
