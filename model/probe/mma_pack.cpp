// The mma.sync family's packing: every input from the model (probe_decode.hpp, mma_probe.hpp,
// ldmatrix_feed.hpp) in one input image, every output's place reserved in one output image, so the
// device half (gpu/cuda/mma_family.cpp) makes one copy in, the launches and one copy out. Pure host
// work on every core, so run_probes() packs while CUDA starts.
#include <algorithm>
#include <array>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/arch_probes.hpp"
#include "fragviz/probe/mma_family.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
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
kernel_io::FragmentSetIn set_from_tile(const MmaTile& t) {
  kernel_io::FragmentSetIn in{};
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
    kernel_io::LdmatrixJob job{};
    for (int l = 0; l < kWarpSize; ++l) job.lane_offset[l] = plan.lane_offsets[l];
    job.tile_offset = add_tile(plan);
    job.tile_bytes = static_cast<std::uint32_t>(plan.tile_bytes);
    job.iterations = kernel_io::kTimedLdmatrix;
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
        find_instruction(k == 8 ? kernel_io::kFragmentKernelMnemonic8 : kernel_io::kFragmentKernelMnemonic16);
    FragmentProbe probe;
    MmaWork::Fragment plan;
    plan.instr = instr;
    plan.k = k;
    if (!instr) {
      probe.mnemonic = k == 8 ? kernel_io::kFragmentKernelMnemonic8 : kernel_io::kFragmentKernelMnemonic16;
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
        kernel_io::FragmentSetIn sets[kernel_io::kFragmentSets]{};
        const std::vector<std::uint16_t> a = ownership_tile(s, Operand::A);
        const std::vector<std::uint16_t> b = ownership_tile(s, Operand::B);
        std::memcpy(sets[kernel_io::kOwnershipSet].a, a.data(), a.size() * sizeof(std::uint16_t));
        std::memcpy(sets[kernel_io::kOwnershipSet].b, b.data(), b.size() * sizeof(std::uint16_t));
        sets[kernel_io::kAccumulatorSet] = set_from_tile(accumulator_inputs(s));
        const MmaTile random = random_tile(s, kTileSeed);
        sets[kernel_io::kTileSet] = set_from_tile(random);
        plan.reference = reference_d(random);
        plan.in_at = w.in.put_bytes(sets, sizeof sets);
        plan.out_at = w.out.reserve(sizeof(kernel_io::FragmentSetOut) * kernel_io::kFragmentSets);
        plan.launch = true;
      }
    }
    w.fragments.push_back(probe);
    w.fragment_plans.push_back(plan);
  }
}

/// Tensor-core probes: every requested catalogue entry the device and this build can run, through
/// registers and (where A or B has an ldmatrix form) through ldmatrix.
void pack_instructions(const std::vector<std::string>& names, int sm, MmaCodeCheck has_code, MmaWork& w) {
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
    } else if (!arch_code_runs(instr->min_sm, instr->arch_specific, sm)) {
      // sm_120a code runs on compute capability 12.0 only (arch_probes.hpp), not on a later one.
      probe.skipped = "skipped: " + arch_specific_refusal(instr->min_sm, sm);
    } else if (!has_code(ip.index, sm)) {
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

MmaWork pack_mma(const ProbeRequest& req, const DeviceInfo& device, MmaCodeCheck has_code) {
  MmaWork w;
  const std::vector<std::string> names = requested_instructions(req);
  build_plans(names, w);
  std::vector<std::uint8_t> tiles;  // every ldmatrix job's tile image
  pack_ldmatrix(req, w, tiles);
  pack_fragments(device.sm(), w);
  pack_instructions(names, device.sm(), has_code, w);
  if (!w.explorer_jobs.empty())
    w.explorer_jobs_at =
        w.in.put_bytes(w.explorer_jobs.data(), w.explorer_jobs.size() * sizeof(kernel_io::LdmatrixJob));
  if (!w.cycle_jobs.empty())
    w.cycle_jobs_at =
        w.in.put_bytes(w.cycle_jobs.data(), w.cycle_jobs.size() * sizeof(kernel_io::LdmatrixJob));
  if (!tiles.empty()) w.tiles_at = w.in.put_bytes(tiles.data(), tiles.size());
  w.explorer_out_at = w.out.reserve(sizeof(kernel_io::LdmatrixJobOut) * w.explorer_jobs.size());
  w.cycle_out_at = w.out.reserve(sizeof(kernel_io::LdmatrixJobOut) * w.cycle_jobs.size());
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

}  // namespace fragviz
