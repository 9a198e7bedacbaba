// run_probes(): builds every probe's inputs on the host (probe_decode.hpp, mma_probe.hpp,
// ldmatrix_feed.hpp), moves them to the device in one copy, runs the launches (explorer, the seed's
// m16n8k8 and m16n8k16, each requested mma.sync twice: registers from the host, then A and B
// through ldmatrix; the cycles table), copies everything back in one copy and judges it against
// the model. The host work (plans and judges) runs on every core, the wgmma plans and the wgmma
// kernels' module loading start ahead, side by side with the mma.sync probes;
// FRAGVIZ_PROBE_TIMING=1 prints the phases (probe_timing.hpp).
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <future>
#include <string>
#include <vector>

#include "blackwell_run.hpp"
#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/parallel.hpp"
#include "fragviz/util/utc_time.hpp"
#include "fragviz/util/words.hpp"
#include "hopper/wgmma_kernels.hpp"
#include "hopper_run.hpp"
#include "mma_probe_kernels.hpp"
#include "probe_kernels.hpp"
#include "probe_timing.hpp"
#include "stream_pool.hpp"
#include "wmma_run.hpp"

namespace fragviz {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Seed of the single-tile check's inputs (fixed, so every run and every report are comparable).
constexpr std::uint64_t kTileSeed = 73;

/// Host image of a device buffer: objects appended at 16-byte aligned offsets.
class Arena {
 public:
  std::size_t reserve(std::size_t bytes) {
    const std::size_t at = (data_.size() + 15) / 16 * 16;
    data_.resize(at + bytes, 0);
    return at;
  }
  template <class T>
  std::size_t put(const T& value) {
    const std::size_t at = reserve(sizeof(T));
    std::memcpy(data_.data() + at, &value, sizeof(T));
    return at;
  }
  std::size_t put_bytes(const void* p, std::size_t bytes) {
    const std::size_t at = reserve(bytes);
    std::memcpy(data_.data() + at, p, bytes);
    return at;
  }
  template <class T>
  T get(std::size_t at) const {
    T value;
    std::memcpy(&value, data_.data() + at, sizeof(T));
    return value;
  }
  std::uint8_t* data() { return data_.data(); }
  std::size_t size() const { return data_.size(); }

 private:
  std::vector<std::uint8_t> data_;
};

/// One device allocation, freed on scope exit.
struct DeviceBuffer {
  std::uint8_t* ptr = nullptr;
  void reset() {
    if (ptr) cudaFree(ptr);  // unchecked: nothing useful to do about a failed free
    ptr = nullptr;
  }
  ~DeviceBuffer() { reset(); }
};

/// Every requested instruction's plans: the register probe's, and the through-ldmatrix probe's
/// where A or B has an ldmatrix form.
struct Plans {
  std::vector<MmaProbePlan> mma;
  std::vector<std::optional<LdmatrixFeedPlan>> feed;  ///< parallel to mma
};

/// Builds every requested plan (pure host work, on every core), meant to run on its own thread
/// while CUDA starts. The register probe's plan is the feed plan's own where there is one (the
/// same plan_mma_probe result, built once).
Plans build_plans(std::vector<std::string> names) {
  std::vector<const Instruction*> found;
  for (const std::string& name : names)
    if (const Instruction* in = find_instruction(name)) found.push_back(in);
  Plans plans;
  plans.mma.resize(found.size());
  plans.feed.resize(found.size());
  parallel_for(found.size(), [&](std::size_t i) {
    const Instruction& in = *found[i];
    if (feed_problem(in).empty()) {
      plans.feed[i] = plan_ldmatrix_feed(in);
      plans.mma[i] = plans.feed[i]->mma;
    } else {
      plans.mma[i] = plan_mma_probe(in);
    }
  });
  return plans;
}

/// Whether `req` runs any wgmma probe on this device (so its plans and kernels are worth
/// preparing ahead).
bool wants_wgmma(const ProbeRequest& req, const DeviceInfo& device) {
  if (device.cc_major != 9 || device.cc_minor != 0) return false;
  if (req.instructions.empty()) return req.instruction_probes && req.hopper_probes;
  return std::any_of(req.instructions.begin(), req.instructions.end(),
                     [](const std::string& n) { return n.rfind("wgmma.", 0) == 0; });
}

struct InstructionPlan {
  int index = -1;        ///< catalogue index
  std::size_t plan = 0;  ///< into the plans vector
  bool launch = false;
  std::size_t a_at = 0, b_at = 0, c_at = 0, d_at = 0;
  /// The through-ldmatrix launch: inputs (images, register words) and outputs (D, registers given,
  /// offsets).
  bool feed = false;
  cuda::MmaLdmatrixParams feed_params{};
  std::size_t fa_img = 0, fb_img = 0, fa = 0, fb = 0, fc = 0, fd = 0, fa_got = 0, fb_got = 0, f_off = 0;
};

/// Fills a FragmentSetIn from dense float operands (A, B as halves; C as per-lane registers).
cuda::FragmentSetIn set_from_tile(const MmaTile& t) {
  cuda::FragmentSetIn in{};
  for (std::size_t i = 0; i < t.a.size(); ++i) in.a[i] = half_bits(t.a[i]);
  for (std::size_t i = 0; i < t.b.size(); ++i) in.b[i] = half_bits(t.b[i]);
  const std::vector<float> c = c_registers(t);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int j = 0; j < 4; ++j) in.c[lane][j] = c[static_cast<std::size_t>(lane * 4 + j)];
  }
  return in;
}

/// Per-instruction bookkeeping between building the inputs and judging the outputs.
struct FragmentPlan {
  const Instruction* instr = nullptr;
  int k = 8;
  bool launch = false;
  cuda::FragmentParams params{};
  std::size_t in_at = 0, out_at = 0;
  std::vector<double> reference;
};

struct LdmatrixPlan {
  LdmatrixConfig config{};
  TileGeometry tile{};
  std::size_t job_at = 0, out_at = 0;
};

}  // namespace

std::string start_cuda_context(double* ms) {
  const auto t0 = Clock::now();
  std::string error;
  (void)(FRAGVIZ_CUDA_OK(error, cudaSetDevice(0)) && FRAGVIZ_CUDA_OK(error, cudaFree(nullptr)) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_probe_kernels()) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_mma_probe_kernels()) &&
         FRAGVIZ_CUDA_OK(error, cuda::preload_mma_ldmatrix_probe_kernels()));
  if (ms) *ms = ms_since(t0);
  return error;
}

ProbeReport run_probes(const ProbeRequest& req) {
  ProbeReport report;
  report.created_utc = utc_now();
  report.request = req;
  report.ldmatrix.config = req.ldmatrix;
  report.ldmatrix.tile = req.tile;
  report.device = query_device();
  if (!report.device.present) {
    report.error = report.device.error;
    report.error_kind = ErrorKind::no_device;
    report.ldmatrix.skipped = report.device.error;
    return report;
  }

  // The tensor-core probes' inputs are pure host work: build them while CUDA starts, the wgmma
  // plans too (needed last, after the mma.sync probes).
  ProbePhaseTimer timer("mma.sync");
  const std::vector<std::string> names = requested_instructions(req);
  auto plans_future = std::async(std::launch::async, build_plans, names);
  const bool wgmma_ahead = wants_wgmma(req, report.device);
  std::future<std::vector<WgmmaProbePlan>> wgmma_plans;
  if (wgmma_ahead) wgmma_plans = std::async(std::launch::async, plan_requested_wgmma, req);

  // [SECTION] start-up, measured apart: context creation and loading the probe kernels' module.
  std::string& error = report.error;
  double init_ms = 0;
  if (error = start_cuda_context(&init_ms); !error.empty()) {
    report.error_kind = ErrorKind::cuda;
    return report;
  }
  report.cuda_init_ms = init_ms;
  const auto probe_start = Clock::now();
  timer.lap("CUDA start-up (measured apart)");
  // The wgmma and WMMA kernels' lazy module loading (about 400 kernels) on its own thread, while
  // the host builds plans and the mma.sync probes run; counted in the probe time, not start-up.
  std::future<cudaError_t> loaded;
  if (wgmma_ahead || wants_wmma(req)) {
    loaded = std::async(std::launch::async, [&req, wgmma_ahead] {
      const cudaError_t e = wgmma_ahead ? cuda::preload_wgmma_probe_kernels() : cudaSuccess;
      preload_wmma_kernels(req);
      return e;
    });
  }

  // [SECTION] inputs ---------------------------------------------------------------------------
  Arena in, out;

  // Explorer: refused, never launched, when the model says the geometry is illegal.
  std::vector<LdmatrixPlan> explorer;  // 0 or 1 entry
  std::vector<std::uint8_t> tiles;     // every ldmatrix job's tile image, 16-byte aligned
  std::vector<cuda::LdmatrixJob> explorer_jobs, cycle_jobs;
  std::uint32_t explorer_max_bytes = 0, cycle_max_bytes = 0;
  auto add_tile = [&tiles](const ExplorerPlan& plan) {
    const std::size_t at = (tiles.size() + 15) / 16 * 16;
    tiles.resize(at + static_cast<std::size_t>(plan.tile_bytes), 0);
    std::memcpy(tiles.data() + at, plan.tile.data(), static_cast<std::size_t>(plan.tile_bytes));
    return static_cast<std::uint32_t>(at);
  };
  auto make_job = [&](const ExplorerPlan& plan) {
    cuda::LdmatrixJob job{};
    for (int l = 0; l < kWarpSize; ++l) job.lane_offset[l] = plan.lane_offsets[l];
    job.tile_offset = add_tile(plan);
    job.tile_bytes = static_cast<std::uint32_t>(plan.tile_bytes);
    job.iterations = cuda::kTimedLdmatrix;
    return job;
  };

  if (auto plan = plan_explorer(req.ldmatrix, req.tile)) {
    explorer_jobs.push_back(make_job(*plan.value));
    explorer_max_bytes = static_cast<std::uint32_t>(plan.value->tile_bytes);
    explorer.push_back(LdmatrixPlan{req.ldmatrix, req.tile});
  } else {
    // The model's validate() message, or why the tile does not fit.
    report.ldmatrix.skipped = plan.error.message;
  }

  std::vector<LdmatrixPlan> cycle_rows;
  if (req.cycles_table) {
    const LdmatrixConfig x4{LdmNum::x4, false};
    for (const TileGeometry& t : standard_cycle_tiles()) {
      auto plan = plan_explorer(x4, t);
      if (!plan) continue;  // a standard row the model refuses is left out rather than launched
      cycle_jobs.push_back(make_job(*plan.value));
      cycle_max_bytes = std::max(cycle_max_bytes, static_cast<std::uint32_t>(plan.value->tile_bytes));
      cycle_rows.push_back(LdmatrixPlan{x4, t});
    }
  }

  // Fragment probes through memory, for the seed's two instructions: m16n8k16 only where the
  // device has it (its sm_75 image is a stub).
  std::vector<FragmentPlan> fragments;
  for (int k : {8, 16}) {
    const Instruction* instr =
        find_instruction(k == 8 ? cuda::kFragmentKernelMnemonic8 : cuda::kFragmentKernelMnemonic16);
    FragmentProbe probe;
    FragmentPlan plan;
    plan.instr = instr;
    plan.k = k;
    if (!instr) {
      probe.mnemonic = k == 8 ? cuda::kFragmentKernelMnemonic8 : cuda::kFragmentKernelMnemonic16;
      probe.skipped = "not run: the catalogue has no such instruction";
      report.fragments.push_back(probe);
      fragments.push_back(plan);
      continue;
    }
    const Instruction& s = *instr;
    probe.mnemonic = s.mnemonic;
    if (report.device.sm() < s.min_sm) {
      probe.skipped = "skipped: needs sm_" + std::to_string(s.min_sm) + " or newer (device is sm_" +
                      std::to_string(report.device.sm()) + ")";
    } else {
      // The kernel issues the model's own loads: their .trans, and .num = the mma's registers.
      const auto loads = plan_fragment_probe_loads(s);
      if (!loads) {
        probe.skipped = "not run: " + loads.error.message;
      } else {
        for (int l = 0; l < kWarpSize; ++l) {
          plan.params.a_offset[l] = loads->a_offsets[l];
          plan.params.b_offset[l] = loads->b_offsets[l];
        }
        plan.params.a_trans = loads->a.trans ? 1 : 0;
        plan.params.b_trans = loads->b.trans ? 1 : 0;
        cuda::FragmentSetIn sets[cuda::kFragmentSets]{};
        const std::vector<std::uint16_t> a = ownership_tile(s, Operand::A);
        const std::vector<std::uint16_t> b = ownership_tile(s, Operand::B);
        std::memcpy(sets[cuda::kOwnershipSet].a, a.data(), a.size() * sizeof(std::uint16_t));
        std::memcpy(sets[cuda::kOwnershipSet].b, b.data(), b.size() * sizeof(std::uint16_t));
        sets[cuda::kAccumulatorSet] = set_from_tile(accumulator_inputs(s));
        const MmaTile random = random_tile(s, kTileSeed);
        sets[cuda::kTileSet] = set_from_tile(random);
        plan.reference = reference_d(random);
        plan.in_at = in.put_bytes(sets, sizeof sets);
        plan.out_at = out.reserve(sizeof(cuda::FragmentSetOut) * cuda::kFragmentSets);
        plan.launch = true;
      }
    }
    report.fragments.push_back(probe);
    fragments.push_back(plan);
  }

  // Tensor-core probes: every requested catalogue entry the device and this build can run.
  timer.lap("explorer and fragment inputs");
  const Plans all_plans = plans_future.get();
  timer.lap("waited for the mma.sync plans");
  const std::vector<MmaProbePlan>& plans = all_plans.mma;
  std::vector<InstructionPlan> instr_plans;
  std::size_t next_plan = 0;
  for (const std::string& name : names) {
    InstructionProbe probe;
    probe.mnemonic = name;
    InstructionPlan ip;
    const Instruction* instr = find_instruction(name);
    if (!instr) {
      probe.skipped = "not run: no catalogue entry has this mnemonic";
      LdmatrixFedProbe fed;
      fed.mnemonic = name;
      fed.skipped = probe.skipped;
      report.through_ldmatrix.push_back(fed);  // parallel to report.instructions
      report.instructions.push_back(probe);
      instr_plans.push_back(ip);
      continue;
    }
    ip.index = catalogue_index(instr);
    ip.plan = next_plan++;
    const std::string target = "sm_" + std::to_string(instr->min_sm) + (instr->arch_specific ? "a" : "");
    if (report.device.sm() < instr->min_sm) {
      probe.skipped =
          "skipped: needs " + target + " or newer (device is sm_" + std::to_string(report.device.sm()) + ")";
    } else if (!cuda::mma_probe_available(ip.index, report.device.sm())) {
      probe.skipped = "model only: this build has no code for it on sm_" +
                      std::to_string(report.device.sm()) + " (needs " + target + ")";
    } else {
      const MmaProbePlan& plan = plans[ip.plan];
      ip.a_at = in.put_bytes(plan.a.data(), plan.a.size() * sizeof(std::uint32_t));
      ip.b_at = in.put_bytes(plan.b.data(), plan.b.size() * sizeof(std::uint32_t));
      ip.c_at = in.put_bytes(plan.c.data(), plan.c.size() * sizeof(std::uint32_t));
      ip.d_at =
          out.reserve(static_cast<std::size_t>(plan.passes) * static_cast<std::size_t>(kWarpSize) *
                      static_cast<std::size_t>(words_per_lane(*instr, Operand::C)) * sizeof(std::uint32_t));
      ip.launch = true;
    }
    // The same instruction through ldmatrix, where A or B has a form and the register probe runs.
    LdmatrixFedProbe fed;
    fed.mnemonic = name;
    const std::optional<LdmatrixFeedPlan>& fp = all_plans.feed[ip.plan];
    if (!fp) {
      fed.skipped = "not run: " + feed_problem(*instr);
    } else if (!ip.launch) {
      fed.skipped = probe.skipped;
    } else {
      const LdmatrixFeedPlan& f = *fp;
      // An operand fed from registers has no image: offset 0 still points into the buffer.
      auto words = [&](const std::vector<std::uint32_t>& v) {
        return v.empty() ? std::size_t{0} : in.put_bytes(v.data(), v.size() * 4);
      };
      auto bytes = [&](const std::vector<std::uint8_t>& v) {
        return v.empty() ? std::size_t{0} : in.put_bytes(v.data(), v.size());
      };
      for (int l = 0; l < kWarpSize; ++l) {
        ip.feed_params.a_offset[l] = f.a.lane_offsets[static_cast<std::size_t>(l)];
        ip.feed_params.b_offset[l] = f.b.lane_offsets[static_cast<std::size_t>(l)];
      }
      ip.feed_params.a_image_bytes = static_cast<std::uint32_t>(f.a.image_bytes);
      ip.feed_params.b_image_bytes = static_cast<std::uint32_t>(f.b.image_bytes);
      ip.feed_params.a_trans = f.a.load && f.a.load->config.trans ? 1 : 0;
      ip.feed_params.b_trans = f.b.load && f.b.load->config.trans ? 1 : 0;
      ip.fa_img = bytes(f.a_images);
      ip.fb_img = bytes(f.b_images);
      ip.fa = words(f.a_words);
      ip.fb = words(f.b_words);
      ip.fc = words(f.c_words);
      const std::size_t passes = static_cast<std::size_t>(f.passes) * kWarpSize;
      ip.fd = out.reserve(passes * static_cast<std::size_t>(words_per_lane(*instr, Operand::C)) * 4);
      ip.fa_got = out.reserve(passes * static_cast<std::size_t>(words_per_lane(*instr, Operand::A)) * 4);
      ip.fb_got = out.reserve(passes * static_cast<std::size_t>(words_per_lane(*instr, Operand::B)) * 4);
      ip.f_off = out.reserve(2 * kWarpSize * 4);
      ip.feed = true;
    }
    report.through_ldmatrix.push_back(fed);
    report.instructions.push_back(probe);
    instr_plans.push_back(ip);
  }

  const std::size_t explorer_jobs_at =
      explorer_jobs.empty()
          ? 0
          : in.put_bytes(explorer_jobs.data(), explorer_jobs.size() * sizeof(cuda::LdmatrixJob));
  const std::size_t cycle_jobs_at =
      cycle_jobs.empty() ? 0 : in.put_bytes(cycle_jobs.data(), cycle_jobs.size() * sizeof(cuda::LdmatrixJob));
  const std::size_t tiles_at = tiles.empty() ? 0 : in.put_bytes(tiles.data(), tiles.size());
  const std::size_t explorer_out_at = out.reserve(sizeof(cuda::LdmatrixJobOut) * explorer_jobs.size());
  const std::size_t cycle_out_at = out.reserve(sizeof(cuda::LdmatrixJobOut) * cycle_jobs.size());
  in.reserve(16);  // never an empty allocation
  out.reserve(16);

  timer.lap("inputs packed");

  // [SECTION] one copy in, launches, one copy out ----------------------------------------------
  DeviceBuffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), in.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), out.size())) ||
      // Alignment gaps and the unused register slots are never written by a kernel; zero them so
      // the copy back moves only initialised memory (compute-sanitizer's initcheck).
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, out.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, in.data(), in.size(), cudaMemcpyHostToDevice))) {
    report.error_kind = ErrorKind::cuda;
    report.probe_ms = ms_since(probe_start);
    return report;
  }
  timer.lap("device buffers and copy in");
  const std::uint8_t* d_tiles = d_in.ptr + tiles_at;
  bool launched = true;
  // The instruction probes (one warp each) share the SMs on a few streams. The explorer, the
  // fragments and the cycles table stay on the legacy default stream, which waits for the pool's
  // streams and they for it: the timed ldmatrix launches run alone.
  StreamPool streams;
  if (!explorer_jobs.empty()) {
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_ldmatrix_probe(
                   req.ldmatrix, reinterpret_cast<const cuda::LdmatrixJob*>(d_in.ptr + explorer_jobs_at), 1,
                   d_tiles, explorer_max_bytes,
                   reinterpret_cast<cuda::LdmatrixJobOut*>(d_out.ptr + explorer_out_at), nullptr));
  }
  for (const FragmentPlan& plan : fragments) {
    if (!launched || !plan.launch) continue;
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_fragment_probe(
                   plan.k, plan.params, reinterpret_cast<const cuda::FragmentSetIn*>(d_in.ptr + plan.in_at),
                   reinterpret_cast<cuda::FragmentSetOut*>(d_out.ptr + plan.out_at), nullptr));
  }
  for (const InstructionPlan& ip : instr_plans) {
    if (!launched || !ip.launch) continue;
    const auto word = [&](std::size_t at) { return reinterpret_cast<std::uint32_t*>(d_in.ptr + at); };
    launched =
        FRAGVIZ_CUDA_OK(error, cuda::launch_mma_probe(ip.index, word(ip.a_at), word(ip.b_at), word(ip.c_at),
                                                      reinterpret_cast<std::uint32_t*>(d_out.ptr + ip.d_at),
                                                      plans[ip.plan].passes, streams.next()));
  }
  for (const InstructionPlan& ip : instr_plans) {
    if (!launched || !ip.feed) continue;
    const auto word_in = [&](std::size_t at) {
      return reinterpret_cast<const std::uint32_t*>(d_in.ptr + at);
    };
    const auto word_out = [&](std::size_t at) { return reinterpret_cast<std::uint32_t*>(d_out.ptr + at); };
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_mma_ldmatrix_probe(
                   ip.index, ip.feed_params, d_in.ptr + ip.fa_img, d_in.ptr + ip.fb_img, word_in(ip.fa),
                   word_in(ip.fb), word_in(ip.fc), word_out(ip.fd), word_out(ip.fa_got), word_out(ip.fb_got),
                   word_out(ip.f_off), all_plans.feed[ip.plan]->passes, streams.next()));
  }
  if (launched && !cycle_jobs.empty()) {
    launched = FRAGVIZ_CUDA_OK(
        error, cuda::launch_ldmatrix_probe(
                   LdmatrixConfig{LdmNum::x4, false},
                   reinterpret_cast<const cuda::LdmatrixJob*>(d_in.ptr + cycle_jobs_at),
                   static_cast<int>(cycle_jobs.size()), d_tiles, cycle_max_bytes,
                   reinterpret_cast<cuda::LdmatrixJobOut*>(d_out.ptr + cycle_out_at), nullptr));
  }
  timer.lap("launches queued");
  // The copy waits for every launch and reports any fault they raised.
  if (!launched ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.size(), cudaMemcpyDeviceToHost))) {
    report.error_kind = ErrorKind::cuda;
    report.probe_ms = ms_since(probe_start);
    return report;
  }

  timer.lap("kernels finished and copy out");

  // [SECTION] judge against the model ----------------------------------------------------------
  if (!explorer.empty()) {
    const auto o = out.get<cuda::LdmatrixJobOut>(explorer_out_at);
    LdmatrixProbe& p = report.ldmatrix;
    p.ran = true;
    for (int l = 0; l < kWarpSize; ++l) {
      for (int j = 0; j < 4; ++j) p.registers[l][j] = o.regs[l][j];
      p.addresses[l] = o.offsets[l];
    }
    p.elements = check_explorer(req.ldmatrix, req.tile, p.registers);
    p.cycles_per_instruction = static_cast<double>(o.cycles) / cuda::kTimedLdmatrix;
  }

  for (std::size_t i = 0; i < fragments.size(); ++i) {
    const FragmentPlan& plan = fragments[i];
    if (!plan.launch) continue;
    FragmentProbe& probe = report.fragments[i];
    const Instruction& s = *plan.instr;
    cuda::FragmentSetOut sets[cuda::kFragmentSets];
    std::memcpy(sets, out.data() + plan.out_at, sizeof sets);
    const auto lane_major = [](const auto& regs, int per_lane) {
      std::vector<std::uint32_t> v;
      for (int l = 0; l < kWarpSize; ++l) {
        for (int j = 0; j < per_lane; ++j) v.push_back(regs[l][j]);
      }
      return v;
    };
    const auto& own = sets[cuda::kOwnershipSet];
    const auto a = check_operand(s, Operand::A, lane_major(own.a, registers_per_lane(s, Operand::A)));
    const auto b = check_operand(s, Operand::B, lane_major(own.b, registers_per_lane(s, Operand::B)));
    const auto c = check_operand(s, Operand::C, lane_major(sets[cuda::kAccumulatorSet].d, 4));
    probe.elements.insert(probe.elements.end(), a.begin(), a.end());
    probe.elements.insert(probe.elements.end(), b.begin(), b.end());
    probe.elements.insert(probe.elements.end(), c.begin(), c.end());
    for (int l = 0; l < kWarpSize; ++l) {
      probe.a_addresses[l] = own.a_offsets[l];
      probe.b_addresses[l] = own.b_offsets[l];
    }
    const TileCompare tile = compare_tile(s, lane_major(sets[cuda::kTileSet].d, 4), plan.reference);
    probe.tile_exact = tile.exact;
    probe.tile_detail = tile.exact ? std::string()
                                   : tile.first + " (" + std::to_string(tile.mismatches) + " of 128 " +
                                         std::string(agree(tile.mismatches, "differs", "differ")) + ")";
    probe.ran = true;
  }

  // Each instruction's judges write its own two report entries: safe to run side by side.
  parallel_for(instr_plans.size(), [&](std::size_t i) {
    const InstructionPlan& ip = instr_plans[i];
    if (!ip.launch) return;
    const MmaProbePlan& plan = plans[ip.plan];
    const std::size_t words = static_cast<std::size_t>(plan.passes) * static_cast<std::size_t>(kWarpSize) *
                              static_cast<std::size_t>(words_per_lane(*plan.instr, Operand::C));
    std::vector<std::uint32_t> d(words);
    std::memcpy(d.data(), out.data() + ip.d_at, words * sizeof(std::uint32_t));
    report.instructions[i] = judge_mma_probe(plan, d);
    if (!ip.feed) return;
    const LdmatrixFeedPlan& f = *all_plans.feed[ip.plan];
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

  const auto add_cycles_row = [&report](const LdmatrixPlan& plan,
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
  for (std::size_t i = 0; i < cycle_rows.size(); ++i) {
    const auto o = out.get<cuda::LdmatrixJobOut>(cycle_out_at + i * sizeof(cuda::LdmatrixJobOut));
    std::array<std::uint32_t, kWarpSize> offsets{};
    for (int l = 0; l < kWarpSize; ++l) offsets[l] = o.offsets[l];
    add_cycles_row(cycle_rows[i], offsets, static_cast<double>(o.cycles) / cuda::kTimedLdmatrix);
  }
  // The user's own request is the table's last row, timed by the explorer launch.
  if (req.cycles_table && report.ldmatrix.ran) {
    add_cycles_row(explorer.front(), report.ldmatrix.addresses, report.ldmatrix.cycles_per_instruction);
  }

  d_in.reset();  // freeing is part of the request-to-report time
  d_out.reset();
  timer.lap("judged");
  const auto hopper_start = Clock::now();
  std::vector<WgmmaProbePlan> ahead;
  if (wgmma_ahead) {
    ahead = wgmma_plans.get();
    timer.lap("waited for the wgmma plans");
  }
  if (loaded.valid() && !FRAGVIZ_CUDA_OK(error, loaded.get())) {
    report.error_kind = ErrorKind::cuda;
    report.probe_ms = ms_since(probe_start);
    return report;
  }
  timer.lap("waited for the wgmma and WMMA kernels' loading");
  if (!run_hopper_probes(req, report, error, wgmma_ahead ? &ahead : nullptr))
    report.error_kind = ErrorKind::cuda;
  report.hopper_ms = ms_since(hopper_start);
  timer.lap("hopper probes");
  if (report.error_kind == ErrorKind::none && !run_wmma_probes(req, report, error))
    report.error_kind = ErrorKind::cuda;
  timer.lap("wmma probes");
  if (report.error_kind == ErrorKind::none && !run_blackwell_probes(req, report, error))
    report.error_kind = ErrorKind::cuda;
  timer.lap("blackwell probes");
  report.probe_ms = ms_since(probe_start);
  return report;
}

}  // namespace fragviz
