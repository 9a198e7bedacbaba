// run_blackwell_probes(): plans from the model (fragviz/probe/blackwell_probe.hpp), one launch for
// the matrix moves and one per tensor-memory shape, judged by the model. The kernels exist only in
// a build configured with -DFRAGVIZ_SM100_PROBES=ON (FRAGVIZ_HAVE_SM100_PROBES); without it, and on
// any device but compute capability 10.0, every probe is reported skipped with the reason.
#include "blackwell_run.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "blackwell/b8_move_kernels.hpp"
#include "blackwell/tmem_kernels.hpp"
#include "blackwell/umma_kernels.hpp"
#include "cuda_check.hpp"
#include "fragviz/probe/blackwell_probe.hpp"

namespace fragviz {
namespace {

constexpr TmemShape kTmemShapes[] = {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b,
                                     TmemShape::s16x256b, TmemShape::s16x32bx2};

/// One device allocation, freed on scope exit.
struct Buffer {
  void* ptr = nullptr;
  ~Buffer() {
    if (ptr) cudaFree(ptr);
  }
};

#if FRAGVIZ_HAVE_SM100_PROBES
constexpr bool kBuilt = true;
#else
constexpr bool kBuilt = false;
#endif

}  // namespace

bool run_blackwell_probes(const ProbeRequest& req, ProbeReport& report, std::string& error) {
  const bool sm100a = report.device.cc_major == 10 && report.device.cc_minor == 0;
  // Which probes: the named ones; for an empty list all of them, but only on a device that can
  // run them (an H200 report does not grow eleven skipped lines).
  std::vector<MatrixMoveB8> moves;
  std::vector<TmemShape> shapes;
  std::vector<int> umma_m;  // the accumulator probes, by M
  const auto add_all = [&] {
    moves = all_b8_moves();
    shapes.assign(std::begin(kTmemShapes), std::end(kTmemShapes));
    umma_m = {64, 128};
  };
  if (req.instructions.empty()) {
    if (!req.instruction_probes || !sm100a) return true;
    add_all();
  }
  for (const std::string& name : req.instructions) {
    if (name == "blackwell") {
      add_all();
    } else if (const auto m = parse_matrix_move_b8(name)) {
      moves.push_back(*m);
    } else {
      for (TmemShape s : kTmemShapes)
        if (name == tmem_probe_mnemonic(s)) shapes.push_back(s);
      for (int m : {64, 128})
        if (name == umma_probe_mnemonic(m)) umma_m.push_back(m);
    }
  }
  if (moves.empty() && shapes.empty() && umma_m.empty()) return true;
  const std::string why =
      !sm100a ? "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_" +
                    std::to_string(report.device.sm()) + ")"
      : !kBuilt ? "skipped: this build has no sm_100a code (configure with -DFRAGVIZ_SM100_PROBES=ON)"
                : "";
  std::vector<B8MovePlan> plans;
  std::vector<std::size_t> move_at, shape_at;
  // A skipped probe keeps the mnemonic, kind and detail its judge gives (a saved report is read
  // back against them) and no cells, as the Hopper ones do.
  const auto skipped = [&](const std::string& mnemonic) {
    MatrixMoveProbe p = blackwell_expected_probe(mnemonic).value_or(MatrixMoveProbe{});
    p.cells.clear();
    p.skipped = why;
    return p;
  };
  for (const MatrixMoveB8 m : moves) {
    move_at.push_back(report.moves.size());
    report.moves.push_back(skipped(matrix_move_b8_mnemonic(m)));
    plans.push_back(plan_b8_move(m));
  }
  for (TmemShape s : shapes) {
    shape_at.push_back(report.moves.size());
    report.moves.push_back(skipped(tmem_probe_mnemonic(s)));
  }
  std::vector<std::size_t> umma_at;
  for (int m : umma_m) {
    umma_at.push_back(report.moves.size());
    report.moves.push_back(skipped(umma_probe_mnemonic(m)));
  }
  if (!why.empty()) return true;

  // [SECTION] matrix moves: one job per pass ---------------------------------------------------
  std::vector<cuda::B8MoveJob> jobs;
  for (const B8MovePlan& plan : plans)
    for (const B8MovePass& pass : plan.passes) {
      cuda::B8MoveJob j;
      std::memset(&j, 0, sizeof j);
      j.form = static_cast<std::int32_t>(plan.move.form);
      j.num = plan.move.num;
      for (int lane = 0; lane < 32; ++lane) {
        j.lane_offset[lane] = plan.lane_offset[static_cast<std::size_t>(lane)];
        for (int r = 0; r < 4; ++r)
          j.regs[r][lane] = pass.regs[static_cast<std::size_t>(r)][static_cast<std::size_t>(lane)];
      }
      std::memcpy(j.image, pass.image.data(), std::min<std::size_t>(pass.image.size(), sizeof j.image));
      jobs.push_back(j);
    }
  std::vector<cuda::B8MoveOut> outs(jobs.size());
  if (!jobs.empty()) {
    Buffer d_jobs, d_outs;
    if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_jobs.ptr, jobs.size() * sizeof(cuda::B8MoveJob))) ||
        !FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_outs.ptr, outs.size() * sizeof(cuda::B8MoveOut))) ||
        !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_jobs.ptr, jobs.data(), jobs.size() * sizeof(cuda::B8MoveJob),
                                           cudaMemcpyHostToDevice)))
      return false;
#if FRAGVIZ_HAVE_SM100_PROBES
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_b8_move_probe(static_cast<const cuda::B8MoveJob*>(d_jobs.ptr),
                                                    static_cast<int>(jobs.size()),
                                                    static_cast<cuda::B8MoveOut*>(d_outs.ptr), nullptr)))
      return false;
#endif
    if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(outs.data(), d_outs.ptr, outs.size() * sizeof(cuda::B8MoveOut),
                                           cudaMemcpyDeviceToHost)))
      return false;
  }
  std::size_t job = 0;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    std::vector<std::array<std::array<std::uint32_t, 32>, 4>> regs;
    std::vector<std::vector<std::uint8_t>> smem;
    for (std::size_t k = 0; k < plans[i].passes.size(); ++k, ++job) {
      std::array<std::array<std::uint32_t, 32>, 4> r{};
      for (int j = 0; j < 4; ++j)
        for (int lane = 0; lane < 32; ++lane)
          r[static_cast<std::size_t>(j)][static_cast<std::size_t>(lane)] = outs[job].regs[j][lane];
      regs.push_back(r);
      smem.emplace_back(outs[job].smem, outs[job].smem + b8_probe_smem_bytes(plans[i].move));
    }
    report.moves[move_at[i]] = judge_b8_move(plans[i], regs, smem);
  }

  // [SECTION] tensor memory: one launch per shape ----------------------------------------------
  const std::vector<std::uint32_t> labels = tmem_probe_labels();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    Buffer d_labels, d_out;
    std::vector<std::uint32_t> out(128 * cuda::kTmemReadColumns);
    if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_labels.ptr, labels.size() * sizeof(std::uint32_t))) ||
        !FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_out.ptr, out.size() * sizeof(std::uint32_t))) ||
        !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_labels.ptr, labels.data(), labels.size() * sizeof(std::uint32_t),
                                           cudaMemcpyHostToDevice)))
      return false;
#if FRAGVIZ_HAVE_SM100_PROBES
    if (!FRAGVIZ_CUDA_OK(error, cuda::launch_tmem_probe(static_cast<int>(shapes[i]),
                                                        static_cast<const std::uint32_t*>(d_labels.ptr),
                                                        static_cast<std::uint32_t*>(d_out.ptr), nullptr)))
      return false;
#endif
    if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.size() * sizeof(std::uint32_t),
                                           cudaMemcpyDeviceToHost)))
      return false;
    report.moves[shape_at[i]] = judge_tmem_probe(shapes[i], out);
  }

  // [SECTION] accumulators: one launch per pass -------------------------------------------------
  for (std::size_t i = 0; i < umma_m.size(); ++i) {
    const UmmaProbePlan plan = plan_umma_probe(umma_m[i]);
    std::vector<std::vector<std::uint32_t>> outs2;
    for (const std::vector<std::uint8_t>& image : plan.image) {
      cuda::UmmaJob j;
      std::memset(&j, 0, sizeof j);
      std::memcpy(j.image, image.data(), std::min<std::size_t>(image.size(), sizeof j.image));
      j.b_offset = plan.b_offset;
      j.a_descriptor = plan.a_descriptor;
      j.b_descriptor = plan.b_descriptor;
      j.instr_descriptor = plan.instr_descriptor;
      Buffer d_job, d_out;
      std::vector<std::uint32_t> out(static_cast<std::size_t>(128 * kUmmaProbeColumns));
      if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_job.ptr, sizeof j)) ||
          !FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_out.ptr, out.size() * sizeof(std::uint32_t))) ||
          !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_job.ptr, &j, sizeof j, cudaMemcpyHostToDevice)))
        return false;
#if FRAGVIZ_HAVE_SM100_PROBES
      if (!FRAGVIZ_CUDA_OK(error, cuda::launch_umma_probe(static_cast<const cuda::UmmaJob*>(d_job.ptr),
                                                          static_cast<std::uint32_t*>(d_out.ptr), nullptr)))
        return false;
#endif
      if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.size() * sizeof(std::uint32_t),
                                             cudaMemcpyDeviceToHost)))
        return false;
      outs2.push_back(std::move(out));
    }
    report.moves[umma_at[i]] = judge_umma_probe(plan, outs2);
  }
  return true;
}

}  // namespace fragviz
