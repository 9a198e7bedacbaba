// run_blackwell_probes(): plans from the model (fragviz/probe/blackwell_probe.hpp), one launch for
// the matrix moves, one per tensor-memory shape, one per accumulator pass and one per block-scale
// probe, all through one table of launches (copy in, kernel, copy out), each judged by the model as
// its output comes back. Which device runs which (fragviz/probe/arch_probes.hpp): the tensor-memory
// and accumulator probes compute capability 10.0, the block-scale probes 12.0, the 8-bit matrix
// moves either. Their kernels exist only in a build configured with -DFRAGVIZ_SM100_PROBES=ON
// (FRAGVIZ_HAVE_SM100_PROBES) or -DFRAGVIZ_SM120_PROBES=ON (FRAGVIZ_HAVE_SM120_PROBES); a probe
// this device or build cannot run is reported skipped with the reason.
#include "blackwell_run.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>

#include "blackwell/b8_move_kernels.hpp"
#include "blackwell/tmem_kernels.hpp"
#include "blackwell/umma2_kernels.hpp"
#include "blackwell/umma_kernels.hpp"
#include "cuda_check.hpp"
#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/block_scale_probe.hpp"
#include "sm120/block_scale_kernels.hpp"

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
#if FRAGVIZ_HAVE_SM120_PROBES
constexpr bool kBuilt120 = true;
#else
constexpr bool kBuilt120 = false;
#endif

/// The Blackwell probe kernels (gpu/cuda/blackwell/).
enum class Kernel { b8_moves, tmem, umma, umma2, block_scale };

/// One kernel launch: its kernel and argument (the job count; the tensor-memory shape), the input
/// image copied in, the output's size, and what takes the output back into the report (judged by
/// the model).
struct Launch {
  Kernel kernel = Kernel::b8_moves;
  int arg = 0;
  int count = 0;  ///< block scale: the jobs (one per k-block); arg = form * 2 + selector
  std::vector<std::uint8_t> in;
  std::size_t out_bytes = 0;
  std::function<void(const std::vector<std::uint8_t>& out)> take;
};

/// Queues `l`'s kernel on the legacy default stream: `in` and `out` are device buffers of its input
/// and output sizes. A build without sm_100a (sm_120a) code has no such kernel to queue.
cudaError_t queue(const Launch& l, const void* in, void* out) {
#if FRAGVIZ_HAVE_SM120_PROBES
  if (l.kernel == Kernel::block_scale)
    return cuda::launch_block_scale_probe(l.arg / 2, l.arg % 2, static_cast<const cuda::BlockScaleJob*>(in),
                                          l.count, static_cast<std::uint32_t*>(out), nullptr);
#endif
#if FRAGVIZ_HAVE_SM100_PROBES || FRAGVIZ_HAVE_SM120_PROBES
  // sm_100a and sm_120a code, whichever the build has (gpu/CMakeLists.txt, fragviz_b8_moves).
  if (l.kernel == Kernel::b8_moves)
    return cuda::launch_b8_move_probe(static_cast<const cuda::B8MoveJob*>(in), l.arg,
                                      static_cast<cuda::B8MoveOut*>(out), nullptr);
#endif
#if FRAGVIZ_HAVE_SM100_PROBES
  switch (l.kernel) {
    case Kernel::b8_moves:
      break;  // queued above
    case Kernel::tmem:
      return cuda::launch_tmem_probe(l.arg, static_cast<const std::uint32_t*>(in),
                                     static_cast<std::uint32_t*>(out), nullptr);
    case Kernel::umma:
      return cuda::launch_umma_probe(static_cast<const cuda::UmmaJob*>(in), static_cast<std::uint32_t*>(out),
                                     nullptr);
    case Kernel::umma2:
      return cuda::launch_umma2_probe(static_cast<const cuda::Umma2Job*>(in),
                                      static_cast<std::uint32_t*>(out), nullptr);
    case Kernel::block_scale:
      break;  // sm_120a code: queued above, or not built
  }
  return cudaErrorInvalidValue;
#else
  (void)l;
  (void)in;
  (void)out;
  return cudaSuccess;
#endif
}

/// Runs one launch: input copied in, the kernel, the output copied back (the copy waits for the
/// kernel) and handed to `l.take`; a launch without input does no device work and hands back no
/// output. Returns false with `error` set when a CUDA call fails.
bool run(const Launch& l, std::string& error) {
  std::vector<std::uint8_t> out;
  if (!l.in.empty()) {
    out.resize(l.out_bytes);
    Buffer d_in, d_out;
    if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_in.ptr, l.in.size())) ||
        !FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_out.ptr, out.size())) ||
        !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, l.in.data(), l.in.size(), cudaMemcpyHostToDevice)) ||
        !FRAGVIZ_CUDA_OK(error, queue(l, d_in.ptr, d_out.ptr)) ||
        !FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.size(), cudaMemcpyDeviceToHost)))
      return false;
  }
  l.take(out);
  return true;
}

/// `count` objects of T at the head of `bytes` (value-initialised where `bytes` is shorter).
template <class T>
std::vector<T> objects(const std::vector<std::uint8_t>& bytes, std::size_t count) {
  std::vector<T> v(count);
  std::memcpy(v.data(), bytes.data(), std::min(bytes.size(), count * sizeof(T)));
  return v;
}

/// The bytes of `v`'s objects.
template <class T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<std::uint8_t> b(v.size() * sizeof(T));
  if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());
  return b;
}

}  // namespace

bool run_blackwell_probes(const ProbeRequest& req, ProbeReport& report, std::string& error) {
  const ArchProbeSets runs = arch_probe_sets(report.device.cc_major, report.device.cc_minor);
  const bool sm100a = runs.sm100a, sm120a = runs.sm120a;
  // Which probes: the named ones; for an empty list all of them, but only on a device that can
  // run them (an H200 report does not grow eleven skipped lines).
  std::vector<MatrixMoveB8> moves;
  std::vector<TmemShape> shapes;
  std::vector<std::pair<int, int>> umma_m;  // the accumulator probes, by (M, cta_group)
  const auto add_all = [&] {
    moves = all_b8_moves();
    shapes.assign(std::begin(kTmemShapes), std::end(kTmemShapes));
    umma_m.assign(std::begin(kUmmaProbeShapes), std::end(kUmmaProbeShapes));
  };
  std::vector<BlockScaleProbePlan> scales;  // sm_120a: the block-scale probes
  const std::vector<BlockScaleProbePlan> all_scales = all_block_scale_probe_plans();
  const auto add_scales = [&] { scales = all_scales; };
  if (req.instructions.empty()) {
    if (!req.instruction_probes || (!sm100a && !sm120a)) return true;
    if (sm100a) add_all();
    if (sm120a) {
      moves = all_b8_moves();  // sm_120a has the 8-bit matrix moves too
      add_scales();
    }
  }
  for (const std::string& name : req.instructions) {
    if (name == "blackwell") {
      add_all();
      add_scales();
    } else if (name == "block-scale") {
      add_scales();
    } else if (const auto m = parse_matrix_move_b8(name)) {
      moves.push_back(*m);
    } else {
      for (TmemShape s : kTmemShapes)
        if (name == tmem_probe_mnemonic(s)) shapes.push_back(s);
      for (const auto& mg : kUmmaProbeShapes)
        if (name == umma_probe_mnemonic(mg.first, mg.second)) umma_m.push_back(mg);
      for (const BlockScaleProbePlan& p : all_scales)
        if (name == block_scale_probe_name(p)) scales.push_back(p);
    }
  }
  if (moves.empty() && shapes.empty() && umma_m.empty() && scales.empty()) return true;
  const std::string why =
      !sm100a ? "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_" +
                    std::to_string(report.device.sm()) + ")"
      : !kBuilt ? "skipped: this build has no sm_100a code (configure with -DFRAGVIZ_SM100_PROBES=ON)"
                : "";
  // The block-scale probes are sm_120a code: refused before launch on anything else, the SM named.
  const std::string why120 =
      !sm120a ? "skipped: needs sm_120a, a compute capability 12.0 GPU (device is sm_" +
                    std::to_string(report.device.sm()) + ")"
      : !kBuilt120 ? "skipped: this build has no sm_120a code (configure with -DFRAGVIZ_SM120_PROBES=ON)"
                   : "";
  // The 8-bit matrix moves are sm_100a and sm_120a code: on a 12.0 device the sm_120a build's
  // reason, on a 10.0 device the sm_100a build's, elsewhere both architectures named.
  const std::string why_moves =
      sm120a   ? why120
      : sm100a ? why
               : "skipped: needs sm_100a or sm_120a, a compute capability 10.0 or 12.0 GPU (device is sm_" +
                     std::to_string(report.device.sm()) + ")";
  std::vector<B8MovePlan> plans;
  std::vector<std::size_t> move_at, shape_at;
  // A skipped probe keeps the mnemonic, kind and detail its judge gives (a saved report is read
  // back against them) and no cells, as the Hopper ones do.
  const auto skipped = [&](const std::string& mnemonic, const std::string& reason) {
    MatrixMoveProbe p = blackwell_expected_probe(mnemonic).value_or(MatrixMoveProbe{});
    p.cells.clear();
    p.skipped = reason;
    return p;
  };
  for (const MatrixMoveB8 m : moves) {
    move_at.push_back(report.moves.size());
    report.moves.push_back(skipped(matrix_move_b8_mnemonic(m), why_moves));
    plans.push_back(plan_b8_move(m));
  }
  for (TmemShape s : shapes) {
    shape_at.push_back(report.moves.size());
    report.moves.push_back(skipped(tmem_probe_mnemonic(s), why));
  }
  std::vector<std::size_t> umma_at;
  for (const auto& [m, g] : umma_m) {
    umma_at.push_back(report.moves.size());
    report.moves.push_back(skipped(umma_probe_mnemonic(m, g), why));
  }
  std::vector<std::size_t> scale_at;
  for (const BlockScaleProbePlan& p : scales) {
    scale_at.push_back(report.moves.size());
    report.moves.push_back(skipped(block_scale_probe_name(p), why120));
  }
  // A device or build that cannot run one family queues none of it; the other may still run.
  if (!why_moves.empty()) plans.clear();
  if (!why.empty()) {
    shapes.clear();
    umma_m.clear();
  }
  if (!why120.empty()) scales.clear();
  if (plans.empty() && shapes.empty() && umma_m.empty() && scales.empty()) return true;

  // The launches, in order, each judged as soon as its output is back: the matrix moves (one job
  // per pass, one launch), the tensor-memory round trips (one launch per shape), the accumulators
  // (one launch per pass, judged after the last).
  std::vector<Launch> launches;
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
  if (!plans.empty()) {
    Launch l;
    l.kernel = Kernel::b8_moves;
    l.arg = static_cast<int>(jobs.size());
    l.in = bytes_of(jobs);
    l.out_bytes = jobs.size() * sizeof(cuda::B8MoveOut);
    l.take = [&, count = jobs.size()](const std::vector<std::uint8_t>& bytes) {
      const std::vector<cuda::B8MoveOut> outs = objects<cuda::B8MoveOut>(bytes, count);
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
    };
    launches.push_back(std::move(l));
  }

  const std::vector<std::uint32_t> labels = tmem_probe_labels();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    Launch l;
    l.kernel = Kernel::tmem;
    l.arg = static_cast<int>(shapes[i]);
    l.in = bytes_of(labels);
    l.out_bytes = 128 * cuda::kTmemReadColumns * sizeof(std::uint32_t);
    l.take = [&, i](const std::vector<std::uint8_t>& bytes) {
      report.moves[shape_at[i]] =
          judge_tmem_probe(shapes[i], objects<std::uint32_t>(bytes, 128 * cuda::kTmemReadColumns));
    };
    launches.push_back(std::move(l));
  }

  std::vector<UmmaProbePlan> umma_plans;
  for (const auto& [m, g] : umma_m) umma_plans.push_back(plan_umma_probe(m, g));
  std::vector<std::vector<std::vector<std::uint32_t>>> umma_outs(umma_plans.size());
  for (std::size_t i = 0; i < umma_plans.size(); ++i) {
    const UmmaProbePlan& plan = umma_plans[i];
    const bool pair = plan.shape.cta_group == 2;
    // One CTA's 128 lanes x 64 columns, or both CTAs' under cta_group::2 (the cluster kernel).
    const std::size_t cells = static_cast<std::size_t>(plan.shape.cta_group * 128 * kUmmaProbeColumns);
    for (int pass = 0; pass < 2; ++pass) {
      Launch l;
      if (pair) {
        cuda::Umma2Job j;
        std::memset(&j, 0, sizeof j);
        const std::vector<std::uint8_t>* images[2] = {&plan.image[pass], &plan.peer_image[pass]};
        for (int cta = 0; cta < 2; ++cta)
          std::memcpy(j.image[cta], images[cta]->data(),
                      std::min<std::size_t>(images[cta]->size(), sizeof j.image[cta]));
        j.b_offset = plan.b_offset;
        j.a_descriptor = plan.a_descriptor;
        j.b_descriptor = plan.b_descriptor;
        j.instr_descriptor = plan.instr_descriptor;
        l.kernel = Kernel::umma2;
        l.in = bytes_of(std::vector<cuda::Umma2Job>{j});
      } else {
        cuda::UmmaJob j;
        std::memset(&j, 0, sizeof j);
        const std::vector<std::uint8_t>& image = plan.image[pass];
        std::memcpy(j.image, image.data(), std::min<std::size_t>(image.size(), sizeof j.image));
        j.b_offset = plan.b_offset;
        j.a_descriptor = plan.a_descriptor;
        j.b_descriptor = plan.b_descriptor;
        j.instr_descriptor = plan.instr_descriptor;
        l.kernel = Kernel::umma;
        l.in = bytes_of(std::vector<cuda::UmmaJob>{j});
      }
      l.out_bytes = cells * sizeof(std::uint32_t);
      l.take = [&, i, cells](const std::vector<std::uint8_t>& bytes) {
        umma_outs[i].push_back(objects<std::uint32_t>(bytes, cells));
        if (umma_outs[i].size() == std::size(umma_plans[i].image))
          report.moves[umma_at[i]] = judge_umma_probe(umma_plans[i], umma_outs[i]);
      };
      launches.push_back(std::move(l));
    }
  }

  // One launch per block-scale probe, one job per k-block (pass).
  for (std::size_t i = 0; i < scales.size(); ++i) {
    std::vector<cuda::BlockScaleJob> jobs_bs;
    for (const BlockScalePass& pass : scales[i].passes) {
      cuda::BlockScaleJob j;
      std::memset(&j, 0, sizeof j);
      for (int r = 0; r < 4; ++r)
        std::memcpy(j.a[r], pass.a[static_cast<std::size_t>(r)].data(), sizeof j.a[r]);
      for (int r = 0; r < 2; ++r)
        std::memcpy(j.b[r], pass.b[static_cast<std::size_t>(r)].data(), sizeof j.b[r]);
      std::memcpy(j.sfa, scales[i].sfa.data(), sizeof j.sfa);
      std::memcpy(j.sfb, scales[i].sfb.data(), sizeof j.sfb);
      jobs_bs.push_back(j);
    }
    Launch l;
    l.kernel = Kernel::block_scale;
    l.arg = scales[i].form * 2 + scales[i].selector;
    l.count = static_cast<int>(jobs_bs.size());
    l.in = bytes_of(jobs_bs);
    l.out_bytes = jobs_bs.size() * 32 * 4 * sizeof(std::uint32_t);
    l.take = [&, i, count = jobs_bs.size()](const std::vector<std::uint8_t>& bytes) {
      const std::vector<std::uint32_t> words = objects<std::uint32_t>(bytes, count * 32 * 4);
      std::vector<BlockScaleOut> d(count);
      for (std::size_t j = 0; j < count; ++j)
        for (std::size_t lane = 0; lane < 32; ++lane)
          for (std::size_t r = 0; r < 4; ++r) d[j][lane][r] = words[(j * 32 + lane) * 4 + r];
      report.moves[scale_at[i]] = judge_block_scale_probe(scales[i], d);
    };
    launches.push_back(std::move(l));
  }

  for (const Launch& l : launches)
    if (!run(l, error)) return false;
  return true;
}

}  // namespace fragviz
