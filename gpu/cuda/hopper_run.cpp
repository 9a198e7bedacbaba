// The Hopper probe family: every image and descriptor from the model (hopper_probe.hpp), one copy
// in, one launch per (wgmma entry, form) plus one for the matrix moves, one copy out, judged by the
// model. Planning, packing and judging (most of the time: 1,572 passes, 20 MB of images for the
// whole catalogue) run on every core; pack_hopper needs no CUDA context, so run_probes() runs it
// while CUDA starts.
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

namespace fragviz {
namespace {

std::size_t align16(std::size_t n) { return (n + 15) / 16 * 16; }

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

constexpr const char* kEpilogueMma = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

}  // namespace

HopperBuffer::~HopperBuffer() {
  if (ptr) cudaFree(ptr);  // unchecked: nothing useful to do about a failed free
}

void release_hopper(HopperWork& work) {
  // A failure elsewhere may end the run while these kernels still run: wait before freeing.
  if (work.launched) (void)cudaDeviceSynchronize();
  work.launched = false;
  work.d_in.reset();
  work.d_out.reset();
  work.streams.reset();
}

HopperWork pack_hopper(const ProbeRequest& req, const DeviceInfo& device) {
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
  const bool wgmma_ok = device.cc_major == 9 && device.cc_minor == 0;
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
      w.out_at[pi].push_back(out_words);
      out_words += regs;
      l.smem = std::max(l.smem, job.image_bytes + 1024u);
      l.jobs.push_back(job);
    }
  }
  for (HopperWork::Launch& l : w.launches)
    l.jobs_at = put(l.jobs.data(), l.jobs.size() * sizeof(cuda::WgmmaJob));
  w.move_jobs.resize(w.move_plans.size());
  for (std::size_t i = 0; i < w.move_plans.size(); ++i) {
    const MovePlan& m = w.move_plans[i];
    cuda::MoveJob& j = w.move_jobs[i];
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
  w.moves_at = w.move_jobs.empty() ? 0 : put(w.move_jobs.data(), w.move_jobs.size() * sizeof(cuda::MoveJob));
  w.d_bytes = static_cast<std::size_t>(out_words) * sizeof(std::uint32_t);
  w.out_bytes = align16(w.d_bytes) + w.move_plans.size() * sizeof(cuda::MoveOut);
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

bool launch_hopper(HopperWork& w, std::string& error) {
  if (w.plans.empty() && w.move_plans.empty()) return true;

  w.d_in = std::make_unique<HopperBuffer>();
  w.d_out = std::make_unique<HopperBuffer>();
  std::uint8_t*& d_in = w.d_in->ptr;
  std::uint8_t*& d_out = w.d_out->ptr;
  if (!FRAGVIZ_CUDA_OK(error,
                       cudaMalloc(reinterpret_cast<void**>(&d_in), std::max<std::size_t>(w.in.size(), 16))) ||
      !FRAGVIZ_CUDA_OK(
          error, cudaMalloc(reinterpret_cast<void**>(&d_out), std::max<std::size_t>(w.out_bytes, 16))) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in, w.in.data(), w.in.size(), cudaMemcpyHostToDevice)) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0, w.out_bytes))) {
    release_hopper(w);
    return false;
  }
  std::uint32_t* d_words = reinterpret_cast<std::uint32_t*>(d_out);
  w.streams = std::make_unique<StreamPool>();  // one warpgroup per launch: several share the SMs
  w.launched = true;
  for (const HopperWork::Launch& l : w.launches) {
    const int index = wgmma_index(w.plans[l.plan].instr);
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wgmma_probe(
                             index, l.form, reinterpret_cast<const cuda::WgmmaJob*>(d_in + l.jobs_at),
                             static_cast<int>(l.jobs.size()), d_in, d_words, l.smem, w.streams->next()))) {
      release_hopper(w);
      return false;
    }
  }
  if (!w.move_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(
          error, cuda::launch_matrix_move_probe(reinterpret_cast<const cuda::MoveJob*>(d_in + w.moves_at),
                                                static_cast<int>(w.move_jobs.size()),
                                                reinterpret_cast<cuda::MoveOut*>(d_out + align16(w.d_bytes)),
                                                w.streams->next()))) {
    release_hopper(w);
    return false;
  }
  return true;
}

bool copy_out_hopper(HopperWork& w, std::string& error) {
  if (!w.launched) return true;
  std::vector<std::uint8_t> out(w.out_bytes);
  // On the legacy default stream: waits for every launch on the pool's (blocking) streams.
  const bool copied =
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), w.d_out->ptr, w.out_bytes, cudaMemcpyDeviceToHost));
  release_hopper(w);
  if (copied) w.out = std::move(out);
  return copied;
}

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
    cuda::MoveOut o;
    std::memcpy(&o, out.data() + align16(w.d_bytes) + i * sizeof(cuda::MoveOut), sizeof o);
    const std::vector<std::uint16_t> tile(o.tile, o.tile + cuda::kMoveTileRows * cuda::kMoveTileStride);
    std::array<std::uint32_t, 32> regs{};
    for (int lane = 0; lane < 32; ++lane) regs[static_cast<std::size_t>(lane)] = o.regs[lane];
    report.moves[w.moves_base + w.move_of[i]] = judge_matrix_move(w.move_plans[i], tile, regs);
  }
}

}  // namespace fragviz
