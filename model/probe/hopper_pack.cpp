// The Hopper family's packing: every image and descriptor from the model (hopper_probe.hpp) in
// one input image, one launch per (wgmma entry, form) plus one for the matrix moves. Planning and
// packing (most of the time: 1,572 passes, 20 MB of images for the whole catalogue) run on every
// core and need no CUDA context, so run_probes() runs them while CUDA starts.
#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/hopper_family.hpp"
#include "fragviz/util/parallel.hpp"

namespace fragviz {
namespace {

std::size_t align16(std::size_t n) { return (n + 15) / 16 * 16; }

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

constexpr const char* kEpilogueMma = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

}  // namespace

std::size_t hopper_moves_out_at(const HopperWork& w) { return align16(w.d_bytes); }

HopperWork pack_hopper(const ProbeRequest& req, const DeviceInfo& device, WgmmaCodeProblem code_problem) {
  HopperWork w;
  const int sm = device.sm();
  const std::string device_sm = "sm_" + std::to_string(sm);
  // Which probes: the named ones, or all of them.
  std::vector<const WgmmaInstruction*> wgmma;
  bool want_moves = false;
  std::vector<std::string> moves_named;
  if (req.instructions.empty()) {
    if (!req.instruction_probes || !req.hopper_probes) return w;
    for (const WgmmaInstruction& in : wgmma_catalogue()) wgmma.push_back(&in);
    want_moves = true;
  } else {
    for (const std::string& name : req.instructions) {
      if (!is_hopper_probe_name(name)) continue;
      if (starts_with(name, "wgmma.")) {
        if (const WgmmaInstruction* in = find_wgmma(name)) {
          wgmma.push_back(in);
        } else {
          WgmmaProbe p;
          p.mnemonic = name;
          p.skipped = "not run: no wgmma catalogue entry has this mnemonic";
          w.wgmma.push_back(p);
        }
      } else {
        want_moves = true;
        moves_named.push_back(name);
      }
    }
  }

  // [SECTION] plans -----------------------------------------------------------------------------
  const bool wgmma_ok = arch_probe_sets(device.cc_major, device.cc_minor).hopper;
  for (const WgmmaInstruction* in : wgmma) {
    WgmmaProbe p;
    p.mnemonic = in->mnemonic;
    if (!wgmma_ok) {
      p.skipped = "skipped: wgmma needs sm_90a, a compute capability 9.0 GPU (device is " + device_sm + ")";
    } else if (std::string problem = code_problem(wgmma_index(in), in->mnemonic); !problem.empty()) {
      p.skipped = std::move(problem);
    } else {
      w.plans.emplace_back();
      w.plans.back().instr = in;
      w.probe_of.push_back(w.wgmma.size());
    }
    w.wgmma.push_back(p);
  }
  parallel_for(w.plans.size(), [&](std::size_t i) {
    WgmmaProbePlan& p = w.plans[i];
    p = plan_wgmma_probe(*p.instr);
  });
  const Instruction* mma = find_instruction(kEpilogueMma);
  if (want_moves && mma) {
    for (MovePlan& m : plan_matrix_moves(*mma)) {
      bool wanted = moves_named.empty();
      for (const std::string& n : moves_named) wanted = wanted || move_probe_selected(m.probe, n);
      if (!wanted) continue;
      MatrixMoveProbe p = m.probe;
      p.cells.clear();
      const int need = m.probe.kind == "movmatrix" ? 75 : 90;
      if (sm < need) {
        p.skipped = "skipped: needs sm_" + std::to_string(need) + " or newer (device is " + device_sm + ")";
        w.moves.push_back(p);
        continue;
      }
      w.move_of.push_back(w.moves.size());
      w.moves.push_back(p);
      w.move_plans.push_back(std::move(m));
    }
  }
  if (w.plans.empty() && w.move_plans.empty()) return w;

  // [SECTION] inputs: every image and register block in one buffer ------------------------------
  std::vector<std::uint8_t>& in = w.in;
  {
    std::size_t bytes = 0;
    for (const WgmmaProbePlan& plan : w.plans)
      for (const WgmmaPass& pass : plan.passes) bytes += align16(pass.image.size()) + 16 * 128 + 64;
    in.reserve(bytes);
  }
  const auto put = [&in](const void* p, std::size_t bytes) {
    const std::size_t at = align16(in.size());
    in.resize(at + bytes, 0);
    std::memcpy(in.data() + at, p, bytes);
    return at;
  };
  std::uint32_t out_words = 0;
  w.out_at.resize(w.plans.size());
  for (std::size_t pi = 0; pi < w.plans.size(); ++pi) {
    const WgmmaProbePlan& plan = w.plans[pi];
    const std::uint32_t regs = static_cast<std::uint32_t>(kWarpgroupSize * wgmma_d_registers(*plan.instr));
    std::map<int, std::size_t> by_form;
    for (std::size_t k = 0; k < plan.passes.size(); ++k) {
      const WgmmaPass& pass = plan.passes[k];
      auto it = by_form.find(static_cast<int>(pass.form));
      if (it == by_form.end()) {
        it = by_form.emplace(static_cast<int>(pass.form), w.launches.size()).first;
        HopperWork::Launch launch;
        launch.plan = pi;
        launch.form = pass.form;
        w.launches.push_back(std::move(launch));
      }
      HopperWork::Launch& l = w.launches[it->second];
      kernel_io::WgmmaJob job{};
      job.image_offset = static_cast<std::uint32_t>(put(pass.image.data(), pass.image.size()));
      job.image_bytes = static_cast<std::uint32_t>(pass.image.size());
      job.a_start = pass.a_start;
      job.b_start = pass.b_start;
      job.a_descriptor = pass.a_descriptor;
      job.b_descriptor = pass.b_descriptor;
      if (!pass.a_registers.empty())
        job.a_registers = static_cast<std::uint32_t>(
            put(pass.a_registers.data(), pass.a_registers.size() * sizeof(std::uint32_t)));
      job.out_offset = out_words;
      w.out_at[pi].push_back(out_words);
      out_words += regs;
      l.smem = std::max(l.smem, job.image_bytes + 1024u);
      l.jobs.push_back(job);
    }
  }
  for (HopperWork::Launch& l : w.launches)
    l.jobs_at = put(l.jobs.data(), l.jobs.size() * sizeof(kernel_io::WgmmaJob));
  w.move_jobs.resize(w.move_plans.size());
  for (std::size_t i = 0; i < w.move_plans.size(); ++i) {
    const MovePlan& m = w.move_plans[i];
    kernel_io::MoveJob& j = w.move_jobs[i];
    std::memset(&j, 0, sizeof j);
    j.kind = m.probe.kind == "stmatrix" ? 0 : m.probe.kind == "movmatrix" ? 1 : 2;
    j.num = matrices(m.config.num);
    j.trans = m.config.trans ? 1 : 0;
    j.tiles = m.tiles;
    for (int r = 0; r < 4; ++r) {
      j.order[r][0] = m.order[static_cast<std::size_t>(r)][0];
      j.order[r][1] = m.order[static_cast<std::size_t>(r)][1];
      for (int lane = 0; lane < 32; ++lane) j.regs[r][lane] = m.registers[r][static_cast<std::size_t>(lane)];
    }
    for (int lane = 0; lane < 32; ++lane) j.lane_offset[lane] = m.lane_offset[static_cast<std::size_t>(lane)];
    for (int t = 0; t < m.tiles && t < 2; ++t)
      for (int lane = 0; lane < 32; ++lane) {
        for (int r = 0; r < 4; ++r)
          j.mma_a[t][lane][r] = m.mma_a[static_cast<std::size_t>((t * 32 + lane) * 4 + r)];
        for (int r = 0; r < 2; ++r)
          j.mma_b[t][lane][r] = m.mma_b[static_cast<std::size_t>((t * 32 + lane) * 2 + r)];
      }
  }
  w.moves_at =
      w.move_jobs.empty() ? 0 : put(w.move_jobs.data(), w.move_jobs.size() * sizeof(kernel_io::MoveJob));
  w.d_bytes = static_cast<std::size_t>(out_words) * sizeof(std::uint32_t);
  w.out_bytes = align16(w.d_bytes) + w.move_plans.size() * sizeof(kernel_io::MoveOut);
  return w;
}

void add_hopper_entries(HopperWork& w, ProbeReport& report) {
  w.wgmma_base = report.wgmma.size();
  w.moves_base = report.moves.size();
  for (WgmmaProbe& p : w.wgmma) report.wgmma.push_back(std::move(p));
  for (MatrixMoveProbe& p : w.moves) report.moves.push_back(std::move(p));
  w.wgmma.clear();
  w.moves.clear();
}

}  // namespace fragviz
