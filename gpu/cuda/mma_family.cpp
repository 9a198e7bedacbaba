// The mma.sync probe family: every input from the model (probe_decode.hpp, mma_probe.hpp,
// ldmatrix_feed.hpp) packed into one buffer, one copy in, the launches (explorer, the seed's
// m16n8k8 and m16n8k16, each requested mma.sync twice: registers from the host, then A and B
// through ldmatrix; the cycles table), one copy out, judged against the model. Packing and judging
// are pure host work (on every core), so run_probes() packs while CUDA starts.
#include "mma_family.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>

#include "cuda_check.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/parallel.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

/// Seed of the single-tile check's inputs (fixed, so every run and every report are comparable).
constexpr std::uint64_t kTileSeed = 73;

/// Builds every requested plan on every core. The register probe's plan is the feed plan's own
/// where there is one (the same plan_mma_probe result, built once). `mma` and `feed` get one entry
/// per name with a catalogue entry, in order.
void build_plans(const std::vector<std::string>& names, MmaWork& w) {
  std::vector<const Instruction*> found;
  for (const std::string& name : names)
    if (const Instruction* in = find_instruction(name)) found.push_back(in);
  w.mma.resize(found.size());
  w.feed.resize(found.size());
  parallel_for(found.size(), [&](std::size_t i) {
    const Instruction& in = *found[i];
    if (feed_problem(in).empty()) {
      w.feed[i] = plan_ldmatrix_feed(in);
      w.mma[i] = w.feed[i]->mma;
    } else {
      w.mma[i] = plan_mma_probe(in);
    }
  });
}

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

/// The explorer's job and the cycles table's (tile images in `tiles`, 16-byte aligned).
void pack_ldmatrix(const ProbeRequest& req, MmaWork& w, std::vector<std::uint8_t>& tiles) {
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
  // Explorer: refused, never launched, when the model says the geometry is illegal.
  if (auto plan = plan_explorer(req.ldmatrix, req.tile)) {
    w.explorer_jobs.push_back(make_job(*plan.value));
    w.explorer_max_bytes = static_cast<std::uint32_t>(plan.value->tile_bytes);
    w.explorer.push_back(MmaWork::Ldmatrix{req.ldmatrix, req.tile});
  } else {
    w.ldmatrix_skipped = plan.error.message;  // the model's validate() message, or why the tile does not fit
  }
  if (!req.cycles_table) return;
  const LdmatrixConfig x4{LdmNum::x4, false};
  for (const TileGeometry& t : standard_cycle_tiles()) {
    auto plan = plan_explorer(x4, t);
    if (!plan) continue;  // a standard row the model refuses is left out rather than launched
    w.cycle_jobs.push_back(make_job(*plan.value));
    w.cycle_max_bytes = std::max(w.cycle_max_bytes, static_cast<std::uint32_t>(plan.value->tile_bytes));
    w.cycle_rows.push_back(MmaWork::Ldmatrix{x4, t});
  }
}

/// Fragment probes through memory, for the seed's two instructions: m16n8k16 only where the
/// device has it (its sm_75 image is a stub).
void pack_fragments(int sm, MmaWork& w) {
  for (int k : {8, 16}) {
    const Instruction* instr =
        find_instruction(k == 8 ? cuda::kFragmentKernelMnemonic8 : cuda::kFragmentKernelMnemonic16);
    FragmentProbe probe;
    MmaWork::Fragment plan;
    plan.instr = instr;
    plan.k = k;
    if (!instr) {
      probe.mnemonic = k == 8 ? cuda::kFragmentKernelMnemonic8 : cuda::kFragmentKernelMnemonic16;
      probe.skipped = "not run: the catalogue has no such instruction";
      w.fragments.push_back(probe);
      w.fragment_plans.push_back(plan);
      continue;
    }
    const Instruction& s = *instr;
    probe.mnemonic = s.mnemonic;
    if (sm < s.min_sm) {
      probe.skipped = "skipped: needs sm_" + std::to_string(s.min_sm) + " or newer (device is sm_" +
                      std::to_string(sm) + ")";
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
        plan.in_at = w.in.put_bytes(sets, sizeof sets);
        plan.out_at = w.out.reserve(sizeof(cuda::FragmentSetOut) * cuda::kFragmentSets);
        plan.launch = true;
      }
    }
    w.fragments.push_back(probe);
    w.fragment_plans.push_back(plan);
  }
}

/// Tensor-core probes: every requested catalogue entry the device and this build can run, through
/// registers and (where A or B has an ldmatrix form) through ldmatrix.
void pack_instructions(const std::vector<std::string>& names, int sm, MmaWork& w) {
  Arena& in = w.in;
  Arena& out = w.out;
  std::size_t next_plan = 0;
  for (const std::string& name : names) {
    InstructionProbe probe;
    probe.mnemonic = name;
    MmaWork::Instr ip;
    const Instruction* instr = find_instruction(name);
    if (!instr) {
      probe.skipped = "not run: no catalogue entry has this mnemonic";
      LdmatrixFedProbe fed;
      fed.mnemonic = name;
      fed.skipped = probe.skipped;
      w.through_ldmatrix.push_back(fed);
      w.instructions.push_back(probe);
      w.instr_plans.push_back(ip);
      continue;
    }
    ip.index = catalogue_index(instr);
    ip.plan = next_plan++;
    const std::string target = "sm_" + std::to_string(instr->min_sm) + (instr->arch_specific ? "a" : "");
    if (sm < instr->min_sm) {
      probe.skipped = "skipped: needs " + target + " or newer (device is sm_" + std::to_string(sm) + ")";
    } else if (!cuda::mma_probe_available(ip.index, sm)) {
      probe.skipped =
          "model only: this build has no code for it on sm_" + std::to_string(sm) + " (needs " + target + ")";
    } else {
      const MmaProbePlan& plan = w.mma[ip.plan];
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
    const std::optional<LdmatrixFeedPlan>& fp = w.feed[ip.plan];
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
    w.through_ldmatrix.push_back(fed);
    w.instructions.push_back(probe);
    w.instr_plans.push_back(ip);
  }
}

}  // namespace

std::size_t Arena::reserve(std::size_t bytes) {
  const std::size_t at = (data_.size() + 15) / 16 * 16;
  data_.resize(at + bytes, 0);
  return at;
}

std::size_t Arena::put_bytes(const void* p, std::size_t bytes) {
  const std::size_t at = reserve(bytes);
  std::memcpy(data_.data() + at, p, bytes);
  return at;
}

MmaWork pack_mma(const ProbeRequest& req, const DeviceInfo& device) {
  MmaWork w;
  const std::vector<std::string> names = requested_instructions(req);
  build_plans(names, w);
  std::vector<std::uint8_t> tiles;  // every ldmatrix job's tile image
  pack_ldmatrix(req, w, tiles);
  pack_fragments(device.sm(), w);
  pack_instructions(names, device.sm(), w);
  if (!w.explorer_jobs.empty())
    w.explorer_jobs_at =
        w.in.put_bytes(w.explorer_jobs.data(), w.explorer_jobs.size() * sizeof(cuda::LdmatrixJob));
  if (!w.cycle_jobs.empty())
    w.cycle_jobs_at = w.in.put_bytes(w.cycle_jobs.data(), w.cycle_jobs.size() * sizeof(cuda::LdmatrixJob));
  if (!tiles.empty()) w.tiles_at = w.in.put_bytes(tiles.data(), tiles.size());
  w.explorer_out_at = w.out.reserve(sizeof(cuda::LdmatrixJobOut) * w.explorer_jobs.size());
  w.cycle_out_at = w.out.reserve(sizeof(cuda::LdmatrixJobOut) * w.cycle_jobs.size());
  w.in.reserve(16);  // never an empty allocation
  w.out.reserve(16);
  return w;
}

void add_mma_entries(MmaWork& w, ProbeReport& report) {
  report.ldmatrix.skipped = std::move(w.ldmatrix_skipped);
  for (FragmentProbe& p : w.fragments) report.fragments.push_back(std::move(p));
  for (InstructionProbe& p : w.instructions) report.instructions.push_back(std::move(p));
  for (LdmatrixFedProbe& p : w.through_ldmatrix) report.through_ldmatrix.push_back(std::move(p));
}

bool launch_mma(MmaWork& w, const ProbeRequest& req, StreamPool& streams, std::string& error) {
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&w.d_in), w.in.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&w.d_out), w.out.size())) ||
      // Alignment gaps and the unused register slots are never written by a kernel; zero them so
      // the copy back moves only initialised memory (compute-sanitizer's initcheck).
      !FRAGVIZ_CUDA_OK(error, cudaMemset(w.d_out, 0, w.out.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(w.d_in, w.in.data(), w.in.size(), cudaMemcpyHostToDevice)))
    return false;
  std::uint8_t* const d_in = w.d_in;
  std::uint8_t* const d_out = w.d_out;
  const std::uint8_t* d_tiles = d_in + w.tiles_at;
  // The instruction probes (one warp each) share the SMs on the pool's streams. The explorer, the
  // fragments and the cycles table stay on the legacy default stream, which waits for the pool's
  // streams and they for it: the timed ldmatrix launches run alone.
  if (!w.explorer_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(
          error, cuda::launch_ldmatrix_probe(
                     req.ldmatrix, reinterpret_cast<const cuda::LdmatrixJob*>(d_in + w.explorer_jobs_at), 1,
                     d_tiles, w.explorer_max_bytes,
                     reinterpret_cast<cuda::LdmatrixJobOut*>(d_out + w.explorer_out_at), nullptr)))
    return false;
  for (const MmaWork::Fragment& plan : w.fragment_plans) {
    if (!plan.launch) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_fragment_probe(
                       plan.k, plan.params, reinterpret_cast<const cuda::FragmentSetIn*>(d_in + plan.in_at),
                       reinterpret_cast<cuda::FragmentSetOut*>(d_out + plan.out_at), nullptr)))
      return false;
  }
  const auto word_in = [&](std::size_t at) { return reinterpret_cast<const std::uint32_t*>(d_in + at); };
  const auto word_out = [&](std::size_t at) { return reinterpret_cast<std::uint32_t*>(d_out + at); };
  for (const MmaWork::Instr& ip : w.instr_plans) {
    if (!ip.launch) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_mma_probe(ip.index, word_in(ip.a_at), word_in(ip.b_at), word_in(ip.c_at),
                                          word_out(ip.d_at), w.mma[ip.plan].passes, streams.next())))
      return false;
  }
  for (const MmaWork::Instr& ip : w.instr_plans) {
    if (!ip.feed) continue;
    if (!FRAGVIZ_CUDA_OK(
            error, cuda::launch_mma_ldmatrix_probe(
                       ip.index, ip.feed_params, d_in + ip.fa_img, d_in + ip.fb_img, word_in(ip.fa),
                       word_in(ip.fb), word_in(ip.fc), word_out(ip.fd), word_out(ip.fa_got),
                       word_out(ip.fb_got), word_out(ip.f_off), w.feed[ip.plan]->passes, streams.next())))
      return false;
  }
  if (!w.cycle_jobs.empty() &&
      !FRAGVIZ_CUDA_OK(error, cuda::launch_ldmatrix_probe(
                                  LdmatrixConfig{LdmNum::x4, false},
                                  reinterpret_cast<const cuda::LdmatrixJob*>(d_in + w.cycle_jobs_at),
                                  static_cast<int>(w.cycle_jobs.size()), d_tiles, w.cycle_max_bytes,
                                  reinterpret_cast<cuda::LdmatrixJobOut*>(d_out + w.cycle_out_at), nullptr)))
    return false;
  return true;
}

bool copy_out_mma(MmaWork& w, std::string& error) {
  // On the legacy default stream: waits for every launch and reports any fault they raised.
  return FRAGVIZ_CUDA_OK(error, cudaMemcpy(w.out.data(), w.d_out, w.out.size(), cudaMemcpyDeviceToHost));
}

void judge_mma(const MmaWork& w, const ProbeRequest& req, ProbeReport& report) {
  const Arena& out = w.out;
  if (!w.explorer.empty()) {
    const auto o = out.get<cuda::LdmatrixJobOut>(w.explorer_out_at);
    LdmatrixProbe& p = report.ldmatrix;
    p.ran = true;
    for (int l = 0; l < kWarpSize; ++l) {
      for (int j = 0; j < 4; ++j) p.registers[l][j] = o.regs[l][j];
      p.addresses[l] = o.offsets[l];
    }
    p.elements = check_explorer(req.ldmatrix, req.tile, p.registers);
    p.cycles_per_instruction = static_cast<double>(o.cycles) / cuda::kTimedLdmatrix;
  }

  for (std::size_t i = 0; i < w.fragment_plans.size(); ++i) {
    const MmaWork::Fragment& plan = w.fragment_plans[i];
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
    const auto o = out.get<cuda::LdmatrixJobOut>(w.cycle_out_at + i * sizeof(cuda::LdmatrixJobOut));
    std::array<std::uint32_t, kWarpSize> offsets{};
    for (int l = 0; l < kWarpSize; ++l) offsets[l] = o.offsets[l];
    add_cycles_row(w.cycle_rows[i], offsets, static_cast<double>(o.cycles) / cuda::kTimedLdmatrix);
  }
  // The user's own request is the table's last row, timed by the explorer launch.
  if (req.cycles_table && report.ldmatrix.ran) {
    add_cycles_row(w.explorer.front(), report.ldmatrix.addresses, report.ldmatrix.cycles_per_instruction);
  }
}

void release_mma(MmaWork& w) {
  // A failure may end the run while these kernels still run: wait before freeing.
  if (w.d_in || w.d_out) (void)cudaDeviceSynchronize();
  if (w.d_in) cudaFree(w.d_in);  // unchecked: nothing useful to do about a failed free
  if (w.d_out) cudaFree(w.d_out);
  w.d_in = w.d_out = nullptr;
}

}  // namespace fragviz
