// run_hopper_probes(): every image and descriptor from the model (hopper_probe.hpp), one copy in,
// one launch per (wgmma entry, form) plus one for the matrix moves, one copy out, judged by the
// model. Planning and judging (most of the time: 1,572 passes, 20 MB of images for the whole
// catalogue) run on every core; the plans can be built ahead (plan_requested_wgmma).
#include "hopper_run.hpp"

#include <cuda_runtime_api.h>

#include <cstring>
#include <map>
#include <vector>

#include "cuda_check.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/util/parallel.hpp"
#include "hopper/wgmma_kernels.hpp"
#include "matrix_move_kernels.hpp"
#include "probe_timing.hpp"
#include "stream_pool.hpp"

namespace fragviz {
namespace {

/// One device allocation, freed on scope exit.
struct Buffer {
  std::uint8_t* ptr = nullptr;
  ~Buffer() {
    if (ptr) cudaFree(ptr);
  }
};

std::size_t align16(std::size_t n) { return (n + 15) / 16 * 16; }

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

constexpr const char* kEpilogueMma = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

/// The wgmma entries `req` asks for, catalogue order for "all"; names without an entry go to
/// `unknown` (when given).
std::vector<const WgmmaInstruction*> wanted_wgmma(const ProbeRequest& req,
                                                  std::vector<std::string>* unknown) {
  std::vector<const WgmmaInstruction*> out;
  if (req.instructions.empty()) {
    if (!req.instruction_probes || !req.hopper_probes) return out;
    for (const WgmmaInstruction& in : wgmma_catalogue()) out.push_back(&in);
    return out;
  }
  for (const std::string& name : req.instructions) {
    if (!is_hopper_probe_name(name) || !starts_with(name, "wgmma.")) continue;
    if (const WgmmaInstruction* in = find_wgmma(name))
      out.push_back(in);
    else if (unknown)
      unknown->push_back(name);
  }
  return out;
}

}  // namespace

std::vector<WgmmaProbePlan> plan_requested_wgmma(const ProbeRequest& req) {
  const std::vector<const WgmmaInstruction*> wanted = wanted_wgmma(req, nullptr);
  std::vector<WgmmaProbePlan> plans(wgmma_catalogue().size());
  parallel_for(wanted.size(), [&](std::size_t i) {
    plans[static_cast<std::size_t>(wgmma_index(wanted[i]))] = plan_wgmma_probe(*wanted[i]);
  });
  return plans;
}

bool run_hopper_probes(const ProbeRequest& req, ProbeReport& report, std::string& error,
                       std::vector<WgmmaProbePlan>* ahead) {
  ProbePhaseTimer timer("hopper");
  const int sm = report.device.sm();
  const std::string device_sm = "sm_" + std::to_string(sm);
  // Which probes: the named ones, or all of them.
  std::vector<const WgmmaInstruction*> wgmma;
  bool want_moves = false;
  std::vector<std::string> moves_named;
  if (req.instructions.empty()) {
    if (!req.instruction_probes || !req.hopper_probes) return true;
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
          report.wgmma.push_back(p);
        }
      } else {
        want_moves = true;
        moves_named.push_back(name);
      }
    }
  }

  // [SECTION] plans -----------------------------------------------------------------------------
  const bool wgmma_ok = report.device.cc_major == 9 && report.device.cc_minor == 0;
  std::vector<WgmmaProbePlan> plans;
  std::vector<std::size_t> probe_of;   // plan -> index in report.wgmma
  std::vector<std::size_t> plan_here;  // plans `ahead` lacks, built below on every core
  for (const WgmmaInstruction* in : wgmma) {
    WgmmaProbe p;
    p.mnemonic = in->mnemonic;
    const int index = wgmma_index(in);
    const char* compiled = cuda::wgmma_compiled_mnemonic(index);
    if (!wgmma_ok) {
      p.skipped = "skipped: wgmma needs sm_90a, a compute capability 9.0 GPU (device is " + device_sm + ")";
    } else if (!compiled || in->mnemonic != compiled) {
      p.skipped = std::string("internal: the compiled kernel issues ") + (compiled ? compiled : "nothing") +
                  " for this entry (regenerate gpu/cuda/hopper/wgmma_ops.cuh)";
    } else {
      WgmmaProbePlan* built = ahead && static_cast<std::size_t>(index) < ahead->size()
                                  ? &(*ahead)[static_cast<std::size_t>(index)]
                                  : nullptr;
      if (built && built->instr == in) {
        plans.push_back(std::move(*built));
        built->instr = nullptr;  // moved from: a second request for the entry plans it again
      } else {
        plan_here.push_back(plans.size());
        plans.emplace_back();
        plans.back().instr = in;
      }
      probe_of.push_back(report.wgmma.size());
    }
    report.wgmma.push_back(p);
  }
  parallel_for(plan_here.size(), [&](std::size_t i) {
    WgmmaProbePlan& p = plans[plan_here[i]];
    p = plan_wgmma_probe(*p.instr);
  });
  timer.lap("plans (what was not built ahead)");
  const Instruction* mma = find_instruction(kEpilogueMma);
  std::vector<MovePlan> moves;
  std::vector<std::size_t> move_of;
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
        report.moves.push_back(p);
        continue;
      }
      move_of.push_back(report.moves.size());
      report.moves.push_back(p);
      moves.push_back(std::move(m));
    }
  }
  if (plans.empty() && moves.empty()) return true;

  // [SECTION] inputs: every image and register block in one buffer ------------------------------
  std::vector<std::uint8_t> in;
  {
    std::size_t bytes = 0;
    for (const WgmmaProbePlan& plan : plans)
      for (const WgmmaPass& pass : plan.passes) bytes += align16(pass.image.size()) + 16 * 128 + 64;
    in.reserve(bytes);
  }
  const auto put = [&in](const void* p, std::size_t bytes) {
    const std::size_t at = align16(in.size());
    in.resize(at + bytes, 0);
    std::memcpy(in.data() + at, p, bytes);
    return at;
  };
  struct Launch {
    std::size_t plan;
    WgmmaForm form;
    std::vector<cuda::WgmmaJob> jobs;
    std::vector<std::size_t> passes;
    std::uint32_t smem = 0;
    std::size_t jobs_at = 0;
  };
  std::vector<Launch> launches;
  std::uint32_t out_words = 0;
  std::vector<std::vector<std::uint32_t>> out_at(plans.size());
  for (std::size_t pi = 0; pi < plans.size(); ++pi) {
    const WgmmaProbePlan& plan = plans[pi];
    const std::uint32_t regs = static_cast<std::uint32_t>(kWarpgroupSize * wgmma_d_registers(*plan.instr));
    std::map<int, std::size_t> by_form;
    for (std::size_t k = 0; k < plan.passes.size(); ++k) {
      const WgmmaPass& pass = plan.passes[k];
      auto it = by_form.find(static_cast<int>(pass.form));
      if (it == by_form.end()) {
        it = by_form.emplace(static_cast<int>(pass.form), launches.size()).first;
        launches.push_back(Launch{pi, pass.form, {}, {}, 0, 0});
      }
      Launch& l = launches[it->second];
      cuda::WgmmaJob job{};
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
      out_at[pi].push_back(out_words);
      out_words += regs;
      l.smem = std::max(l.smem, job.image_bytes + 1024u);
      l.jobs.push_back(job);
      l.passes.push_back(k);
    }
  }
  for (Launch& l : launches) l.jobs_at = put(l.jobs.data(), l.jobs.size() * sizeof(cuda::WgmmaJob));
  std::vector<cuda::MoveJob> move_jobs(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const MovePlan& m = moves[i];
    cuda::MoveJob& j = move_jobs[i];
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
  const std::size_t moves_at =
      move_jobs.empty() ? 0 : put(move_jobs.data(), move_jobs.size() * sizeof(cuda::MoveJob));
  const std::size_t d_bytes = static_cast<std::size_t>(out_words) * sizeof(std::uint32_t);
  const std::size_t out_bytes = align16(d_bytes) + moves.size() * sizeof(cuda::MoveOut);

  timer.lap("inputs packed");

  // [SECTION] device ----------------------------------------------------------------------------
  Buffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(
          error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), std::max<std::size_t>(in.size(), 16))) ||
      !FRAGVIZ_CUDA_OK(
          error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), std::max<std::size_t>(out_bytes, 16))) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, in.data(), in.size(), cudaMemcpyHostToDevice)) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, out_bytes)))
    return false;
  timer.lap("device buffers and copy in");
  std::uint32_t* d_words = reinterpret_cast<std::uint32_t*>(d_out.ptr);
  StreamPool streams;  // one warpgroup per launch: several launches share the SMs
  for (const Launch& l : launches) {
    const int index = wgmma_index(plans[l.plan].instr);
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wgmma_probe(
                             index, l.form, reinterpret_cast<const cuda::WgmmaJob*>(d_in.ptr + l.jobs_at),
                             static_cast<int>(l.jobs.size()), d_in.ptr, d_words, l.smem, streams.next())))
      return false;
  }
  if (!move_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(
          error,
          cuda::launch_matrix_move_probe(
              reinterpret_cast<const cuda::MoveJob*>(d_in.ptr + moves_at), static_cast<int>(move_jobs.size()),
              reinterpret_cast<cuda::MoveOut*>(d_out.ptr + align16(d_bytes)), streams.next())))
    return false;
  timer.lap(("launches queued (" + std::to_string(launches.size()) + " wgmma kernels)").c_str());
  std::vector<std::uint8_t> out(out_bytes);
  // On the legacy default stream: waits for every launch on the pool's (blocking) streams.
  if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out_bytes, cudaMemcpyDeviceToHost)))
    return false;
  timer.lap("kernels finished and copy out");

  // [SECTION] judge -----------------------------------------------------------------------------
  // Each plan's judge writes its own report entry: safe to run side by side.
  parallel_for(plans.size(), [&](std::size_t pi) {
    const WgmmaProbePlan& plan = plans[pi];
    const std::size_t regs = static_cast<std::size_t>(kWarpgroupSize * wgmma_d_registers(*plan.instr));
    std::vector<std::vector<std::uint32_t>> d(plan.passes.size(), std::vector<std::uint32_t>(regs));
    for (std::size_t k = 0; k < plan.passes.size(); ++k)
      std::memcpy(d[k].data(), out.data() + static_cast<std::size_t>(out_at[pi][k]) * sizeof(std::uint32_t),
                  regs * sizeof(std::uint32_t));
    report.wgmma[probe_of[pi]] = judge_wgmma_probe(plan, d);
  });
  for (std::size_t i = 0; i < moves.size(); ++i) {
    cuda::MoveOut o;
    std::memcpy(&o, out.data() + align16(d_bytes) + i * sizeof(cuda::MoveOut), sizeof o);
    const std::vector<std::uint16_t> tile(o.tile, o.tile + cuda::kMoveTileRows * cuda::kMoveTileStride);
    std::array<std::uint32_t, 32> regs{};
    for (int lane = 0; lane < 32; ++lane) regs[static_cast<std::size_t>(lane)] = o.regs[lane];
    report.moves[move_of[i]] = judge_matrix_move(moves[i], tile, regs);
  }
  timer.lap("judged");
  return true;
}

}  // namespace fragviz
