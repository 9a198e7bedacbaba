// The mma.sync probe family's host halves: the ldmatrix explorer and cycles table, the seed's
// fragment probes, every requested mma.sync through registers and through ldmatrix. pack_mma turns
// a request into plans, report entries and one packed input image; judge_mma turns the copied-out
// output image into the report. No CUDA here: gpu/cuda/mma_family.hpp allocates, copies and
// launches between the two, so a model-only build packs and judges too.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/probe/kernel_io.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// Host image of a device buffer: objects appended at 16-byte aligned offsets.
class Arena {
 public:
  std::size_t reserve(std::size_t bytes);
  std::size_t put_bytes(const void* p, std::size_t bytes);
  template <class T>
  T get(std::size_t at) const {
    T value;
    std::memcpy(&value, data_.data() + at, sizeof(T));
    return value;
  }
  std::uint8_t* data() { return data_.data(); }
  const std::uint8_t* data() const { return data_.data(); }
  std::size_t size() const { return data_.size(); }

 private:
  std::vector<std::uint8_t> data_;
};

/// Everything between the mma.sync family's halves: the report entries (skipped ones with their
/// reason), the plans, the packed input image and the output layout. Built by pack_mma, used once.
struct MmaWork {
  /// One requested mma.sync: where its register probe's and through-ldmatrix probe's inputs and
  /// outputs sit.
  struct Instr {
    int index = -1;        ///< catalogue index
    std::size_t plan = 0;  ///< into `mma` and `feed`
    bool launch = false;
    std::size_t a_at = 0, b_at = 0, c_at = 0, d_at = 0;
    bool feed = false;  ///< the through-ldmatrix launch runs
    kernel_io::MmaLdmatrixParams feed_params{};
    std::size_t fa_img = 0, fb_img = 0, fa = 0, fb = 0, fc = 0, fd = 0, fa_got = 0, fb_got = 0, f_off = 0;
  };
  /// One seed fragment probe (m16n8k8, m16n8k16).
  struct Fragment {
    const Instruction* instr = nullptr;
    int k = 8;
    bool launch = false;
    kernel_io::FragmentParams params{};
    std::size_t in_at = 0, out_at = 0;
    std::vector<double> reference;
  };
  /// One ldmatrix launch's job (the explorer, a cycles row).
  struct Ldmatrix {
    LdmatrixConfig config{};
    TileGeometry tile{};
  };

  // Report entries, moved into the report by add_mma_entries.
  std::string ldmatrix_skipped;  ///< why the explorer is refused, if it is
  std::vector<FragmentProbe> fragments;
  std::vector<InstructionProbe> instructions;
  std::vector<LdmatrixFedProbe> through_ldmatrix;  ///< parallel to instructions

  std::vector<MmaProbePlan> mma;                      ///< the register probes' plans
  std::vector<std::optional<LdmatrixFeedPlan>> feed;  ///< parallel to mma
  std::vector<Ldmatrix> explorer;                     ///< 0 or 1 entry
  std::vector<Ldmatrix> cycle_rows;
  std::vector<kernel_io::LdmatrixJob> explorer_jobs, cycle_jobs;
  std::uint32_t explorer_max_bytes = 0, cycle_max_bytes = 0;
  std::vector<Fragment> fragment_plans;  ///< parallel to fragments
  std::vector<Instr> instr_plans;        ///< parallel to instructions
  std::size_t explorer_jobs_at = 0, cycle_jobs_at = 0, tiles_at = 0;
  std::size_t explorer_out_at = 0, cycle_out_at = 0;
  Arena in, out;  ///< `out` is zeroed here and filled by the device half's copy out
};

/// Whether this build has code for catalogue entry `index` on compute capability `sm` (the CUDA
/// side's cuda::mma_probe_available; a build fact the model cannot know).
using MmaCodeCheck = bool (*)(int index, int sm);

/// The mma.sync family's plans, report entries and packed inputs for `req` on `device` (its sm
/// decides what is skipped; `has_code` what this build can launch). Pure host work on every core,
/// no CUDA call: safe to run before the CUDA context exists.
MmaWork pack_mma(const ProbeRequest& req, const DeviceInfo& device, MmaCodeCheck has_code);

/// Moves `work`'s report entries into `report` (ldmatrix.skipped, fragments, instructions,
/// through_ldmatrix), before any device work, so an error later leaves them unjudged.
void add_mma_entries(MmaWork& work, ProbeReport& report);

/// Judges work.out (the copied-out results) into the entries add_mma_entries put in `report`
/// (ldmatrix, fragments, instructions, through_ldmatrix, cycles). Pure host work, on every core;
/// writes no other report field, so it may run while another family's kernels run.
void judge_mma(const MmaWork& work, const ProbeRequest& req, ProbeReport& report);

}  // namespace fragviz
