// The Blackwell family's packing and judging: plans from the model (blackwell_probe.hpp,
// block_scale_probe.hpp), one launch for the matrix moves, one per tensor-memory probe, one per
// accumulator pass and one per block-scale probe (a job per k-block), each input packed as its
// kernel's job (blackwell_kernel_io.hpp) and each output judged as it comes back. Which device runs
// which (arch_probes.hpp): the tensor-memory and accumulator probes compute capability 10.0, the
// block-scale probes 12.0, the 8-bit matrix moves either.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>

#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/blackwell_family.hpp"
#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz {
namespace {

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

/// A skipped probe keeps the mnemonic, kind and detail its judge gives (a saved report is read back
/// against them) and no cells, as the Hopper ones do.
MatrixMoveProbe skipped(const std::string& mnemonic, const std::string& reason) {
  MatrixMoveProbe p = blackwell_expected_probe(mnemonic).value_or(MatrixMoveProbe{});
  p.cells.clear();
  p.skipped = reason;
  return p;
}

/// One job per pass of every plan, in order.
std::vector<kernel_io::B8MoveJob> b8_jobs(const std::vector<B8MovePlan>& plans) {
  std::vector<kernel_io::B8MoveJob> jobs;
  for (const B8MovePlan& plan : plans)
    for (const B8MovePass& pass : plan.passes) {
      kernel_io::B8MoveJob j;
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
  return jobs;
}

/// A tensor-memory probe as its kernel's job.
kernel_io::TmemJob tmem_job(const TmemProbe& p) {
  static_assert(kernel_io::kTmemJobRegisters == kTmemProbeRegisters, "one register count");
  kernel_io::TmemJob j;
  std::memset(&j, 0, sizeof j);
  j.shape = static_cast<std::int32_t>(p.shape);
  j.num = p.num;
  j.load = p.load ? 1 : 0;
  j.pack16 = p.pack16 ? 1 : 0;
  j.half_split = tmem_probe_half_split(p);
  j.read = tmem_probe_read_columns(p);
  const std::vector<std::uint32_t> words = tmem_probe_words(p);
  std::memcpy(j.words, words.data(), sizeof j.words);
  return j;
}

/// Pass `pass` of an accumulator plan as its kernel's job: one CTA's image, or both CTAs' under
/// cta_group::2.
BlackwellWork::Launch umma_launch(const UmmaProbePlan& plan, int pass) {
  BlackwellWork::Launch l;
  if (plan.shape.cta_group == 2) {
    kernel_io::Umma2Job j;
    std::memset(&j, 0, sizeof j);
    const std::vector<std::uint8_t>* images[2] = {&plan.image[pass], &plan.peer_image[pass]};
    for (int cta = 0; cta < 2; ++cta)
      std::memcpy(j.image[cta], images[cta]->data(),
                  std::min<std::size_t>(images[cta]->size(), sizeof j.image[cta]));
    j.b_offset = plan.b_offset;
    j.a_descriptor = plan.a_descriptor;
    j.b_descriptor = plan.b_descriptor;
    j.instr_descriptor = plan.instr_descriptor;
    j.meta_column = plan.meta_column;
    j.meta_word = plan.meta_word;
    l.kernel = BlackwellKernel::umma2;
    l.in = bytes_of(std::vector<kernel_io::Umma2Job>{j});
  } else {
    kernel_io::UmmaJob j;
    std::memset(&j, 0, sizeof j);
    const std::vector<std::uint8_t>& image = plan.image[pass];
    std::memcpy(j.image, image.data(), std::min<std::size_t>(image.size(), sizeof j.image));
    j.b_offset = plan.b_offset;
    j.a_descriptor = plan.a_descriptor;
    j.b_descriptor = plan.b_descriptor;
    j.instr_descriptor = plan.instr_descriptor;
    l.kernel = BlackwellKernel::umma;
    l.in = bytes_of(std::vector<kernel_io::UmmaJob>{j});
  }
  // One CTA's 128 lanes x 64 columns, or both CTAs' under cta_group::2 (the cluster kernel).
  l.out_bytes =
      static_cast<std::size_t>(plan.shape.cta_group * 128 * kUmmaProbeColumns) * sizeof(std::uint32_t);
  return l;
}

}  // namespace

BlackwellWork pack_blackwell(const ProbeRequest& req, const DeviceInfo& device, BlackwellBuild built) {
  BlackwellWork w;
  const ArchProbeSets runs = arch_probe_sets(device.cc_major, device.cc_minor);
  const bool sm100a = runs.sm100a, sm120a = runs.sm120a;
  // Which probes: the named ones; for an empty list all of them, but only on a device that can
  // run them (an H200 report does not grow a skipped line per probe).
  std::vector<MatrixMoveB8> moves;
  std::vector<TmemProbe> shapes;
  std::vector<UmmaProbeShape> umma_m;  // the accumulator probes
  const auto add_all = [&] {
    moves = all_b8_moves();
    shapes = all_tmem_probes();
    umma_m.assign(std::begin(kUmmaProbeShapes), std::end(kUmmaProbeShapes));
  };
  std::vector<BlockScaleProbePlan> scales;  // sm_120a: the block-scale probes
  const std::vector<BlockScaleProbePlan> all_scales = all_block_scale_probe_plans();
  const auto add_scales = [&] { scales = all_scales; };
  if (req.instructions.empty()) {
    if (!req.instruction_probes || (!sm100a && !sm120a)) return w;
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
      if (const auto t = find_tmem_probe(name)) shapes.push_back(*t);
      for (const UmmaProbeShape& u : kUmmaProbeShapes)
        if (name == umma_probe_mnemonic(u.m, u.cta_group, u.sparse)) umma_m.push_back(u);
      for (const BlockScaleProbePlan& p : all_scales)
        if (name == block_scale_probe_name(p)) scales.push_back(p);
    }
  }
  if (moves.empty() && shapes.empty() && umma_m.empty() && scales.empty()) return w;
  const std::string why =
      !sm100a ? "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_" +
                    std::to_string(device.sm()) + ")"
      : !built.sm100a ? "skipped: this build has no sm_100a code (configure with -DFRAGVIZ_SM100_PROBES=ON)"
                      : "";
  // The block-scale probes are sm_120a code: refused before launch on anything else, the SM named.
  const std::string why120 =
      !sm120a ? "skipped: needs sm_120a, a compute capability 12.0 GPU (device is sm_" +
                    std::to_string(device.sm()) + ")"
      : !built.sm120a ? "skipped: this build has no sm_120a code (configure with -DFRAGVIZ_SM120_PROBES=ON)"
                      : "";
  // The 8-bit matrix moves are sm_100a and sm_120a code: on a 12.0 device the sm_120a build's
  // reason, on a 10.0 device the sm_100a build's, elsewhere both architectures named.
  const std::string why_moves =
      sm120a   ? why120
      : sm100a ? why
               : "skipped: needs sm_100a or sm_120a, a compute capability 10.0 or 12.0 GPU (device is sm_" +
                     std::to_string(device.sm()) + ")";
  // Every probe an entry, in report order; only those the device and build can run a plan.
  for (const MatrixMoveB8 m : moves) {
    if (why_moves.empty()) {
      w.b8_of.push_back(w.moves.size());
      w.b8.push_back(plan_b8_move(m));
    }
    w.moves.push_back(skipped(matrix_move_b8_mnemonic(m), why_moves));
  }
  for (const TmemProbe& s : shapes) {
    if (why.empty()) {
      w.tmem_of.push_back(w.moves.size());
      w.tmem.push_back(s);
    }
    w.moves.push_back(skipped(tmem_probe_mnemonic(s), why));
  }
  for (const UmmaProbeShape& u : umma_m) {
    if (why.empty()) {
      w.umma_of.push_back(w.moves.size());
      w.umma.push_back(plan_umma_probe(u.m, u.cta_group, u.sparse));
    }
    w.moves.push_back(skipped(umma_probe_mnemonic(u.m, u.cta_group, u.sparse), why));
  }
  for (const BlockScaleProbePlan& p : scales) {
    if (why120.empty()) {
      w.scale_of.push_back(w.moves.size());
      w.scales.push_back(p);
    }
    w.moves.push_back(skipped(block_scale_probe_name(p), why120));
  }

  // The launches, in order: the matrix moves (one job per pass, one launch), the tensor-memory
  // probes (one launch each), the accumulators (one launch per pass), the block scales.
  if (!w.b8.empty()) {
    const std::vector<kernel_io::B8MoveJob> jobs = b8_jobs(w.b8);
    BlackwellWork::Launch l;
    l.kernel = BlackwellKernel::b8_moves;
    l.arg = static_cast<int>(jobs.size());
    l.in = bytes_of(jobs);
    l.out_bytes = jobs.size() * sizeof(kernel_io::B8MoveOut);
    w.launches.push_back(std::move(l));
  }
  for (std::size_t i = 0; i < w.tmem.size(); ++i) {
    BlackwellWork::Launch l;
    l.kernel = BlackwellKernel::tmem;
    l.in = bytes_of(std::vector<kernel_io::TmemJob>{tmem_job(w.tmem[i])});
    l.out_bytes = static_cast<std::size_t>(128 * tmem_probe_out_words(w.tmem[i])) * sizeof(std::uint32_t);
    l.plan = i;
    w.launches.push_back(std::move(l));
  }
  w.umma_out.resize(w.umma.size());
  for (std::size_t i = 0; i < w.umma.size(); ++i)
    for (int pass = 0; pass < static_cast<int>(std::size(w.umma[i].image)); ++pass) {
      BlackwellWork::Launch l = umma_launch(w.umma[i], pass);
      l.plan = i;
      w.launches.push_back(std::move(l));
    }
  // One launch per block-scale probe, one job per k-block (pass).
  for (std::size_t i = 0; i < w.scales.size(); ++i) {
    const BlockScaleProbePlan& plan = w.scales[i];
    std::vector<kernel_io::BlockScaleJob> jobs;
    for (const BlockScalePass& pass : plan.passes) {
      kernel_io::BlockScaleJob j;
      std::memset(&j, 0, sizeof j);
      for (int r = 0; r < 4; ++r)
        std::memcpy(j.a[r], pass.a[static_cast<std::size_t>(r)].data(), sizeof j.a[r]);
      for (int r = 0; r < 2; ++r)
        std::memcpy(j.b[r], pass.b[static_cast<std::size_t>(r)].data(), sizeof j.b[r]);
      std::memcpy(j.sfa, plan.sfa.data(), sizeof j.sfa);
      std::memcpy(j.sfb, plan.sfb.data(), sizeof j.sfb);
      jobs.push_back(j);
    }
    BlackwellWork::Launch l;
    l.kernel = BlackwellKernel::block_scale;
    l.arg = plan.form * 2 + plan.selector;
    l.count = static_cast<int>(jobs.size());
    l.in = bytes_of(jobs);
    l.out_bytes = jobs.size() * 32 * 4 * sizeof(std::uint32_t);
    l.plan = i;
    w.launches.push_back(std::move(l));
  }
  return w;
}

void add_blackwell_entries(BlackwellWork& work, ProbeReport& report) {
  work.moves_base = report.moves.size();
  report.moves.insert(report.moves.end(), work.moves.begin(), work.moves.end());
}

void judge_blackwell_launch(BlackwellWork& work, std::size_t i, const std::vector<std::uint8_t>& out,
                            ProbeReport& report) {
  const BlackwellWork::Launch& l = work.launches[i];
  const auto entry = [&](std::size_t at) -> MatrixMoveProbe& { return report.moves[work.moves_base + at]; };
  switch (l.kernel) {
    case BlackwellKernel::b8_moves: {
      const auto outs = objects<kernel_io::B8MoveOut>(out, static_cast<std::size_t>(l.arg));
      std::size_t job = 0;
      for (std::size_t p = 0; p < work.b8.size(); ++p) {
        const B8MovePlan& plan = work.b8[p];
        std::vector<std::array<std::array<std::uint32_t, 32>, 4>> regs;
        std::vector<std::vector<std::uint8_t>> smem;
        for (std::size_t k = 0; k < plan.passes.size(); ++k, ++job) {
          std::array<std::array<std::uint32_t, 32>, 4> r{};
          for (int j = 0; j < 4; ++j)
            for (int lane = 0; lane < 32; ++lane)
              r[static_cast<std::size_t>(j)][static_cast<std::size_t>(lane)] = outs[job].regs[j][lane];
          regs.push_back(r);
          smem.emplace_back(outs[job].smem, outs[job].smem + b8_probe_smem_bytes(plan.move));
        }
        entry(work.b8_of[p]) = judge_b8_move(plan, regs, smem);
      }
      return;
    }
    case BlackwellKernel::tmem:
      entry(work.tmem_of[l.plan]) =
          judge_tmem_probe(work.tmem[l.plan], objects<std::uint32_t>(out, l.out_bytes / 4));
      return;
    case BlackwellKernel::umma:
    case BlackwellKernel::umma2: {
      const UmmaProbePlan& plan = work.umma[l.plan];
      auto& passes = work.umma_out[l.plan];
      passes.push_back(objects<std::uint32_t>(out, l.out_bytes / sizeof(std::uint32_t)));
      if (passes.size() == std::size(plan.image))
        entry(work.umma_of[l.plan]) = judge_umma_probe(plan, passes);
      return;
    }
    case BlackwellKernel::block_scale: {
      const auto count = static_cast<std::size_t>(l.count);
      const std::vector<std::uint32_t> words = objects<std::uint32_t>(out, count * 32 * 4);
      std::vector<BlockScaleOut> d(count);
      for (std::size_t j = 0; j < count; ++j)
        for (std::size_t lane = 0; lane < 32; ++lane)
          for (std::size_t r = 0; r < 4; ++r) d[j][lane][r] = words[(j * 32 + lane) * 4 + r];
      entry(work.scale_of[l.plan]) = judge_block_scale_probe(work.scales[l.plan], d);
      return;
    }
  }
}

}  // namespace fragviz
