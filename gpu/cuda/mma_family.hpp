// The mma.sync family of run_probes(): the ldmatrix explorer and cycles table, the seed's fragment
// probes, every requested mma.sync through registers and through ldmatrix. Split so run_probes()
// can pack it while CUDA starts (pack_mma, pure host) and judge it while the Hopper kernels run
// (judge_mma, pure host); launch_mma and copy_out_mma are the device half.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/report/report.hpp"
#include "mma_probe_kernels.hpp"
#include "probe_kernels.hpp"
#include "stream_pool.hpp"

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
/// reason), the plans, the packed input image and the output layout; the device buffers once
/// launched. Built by pack_mma, used once.
struct MmaWork {
  /// One requested mma.sync: where its register probe's and through-ldmatrix probe's inputs and
  /// outputs sit.
  struct Instr {
    int index = -1;        ///< catalogue index
    std::size_t plan = 0;  ///< into `mma` and `feed`
    bool launch = false;
    std::size_t a_at = 0, b_at = 0, c_at = 0, d_at = 0;
    bool feed = false;  ///< the through-ldmatrix launch runs
    cuda::MmaLdmatrixParams feed_params{};
    std::size_t fa_img = 0, fb_img = 0, fa = 0, fb = 0, fc = 0, fd = 0, fa_got = 0, fb_got = 0, f_off = 0;
  };
  /// One seed fragment probe (m16n8k8, m16n8k16).
  struct Fragment {
    const Instruction* instr = nullptr;
    int k = 8;
    bool launch = false;
    cuda::FragmentParams params{};
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
  std::vector<cuda::LdmatrixJob> explorer_jobs, cycle_jobs;
  std::uint32_t explorer_max_bytes = 0, cycle_max_bytes = 0;
  std::vector<Fragment> fragment_plans;  ///< parallel to fragments
  std::vector<Instr> instr_plans;        ///< parallel to instructions
  std::size_t explorer_jobs_at = 0, cycle_jobs_at = 0, tiles_at = 0;
  std::size_t explorer_out_at = 0, cycle_out_at = 0;
  Arena in, out;  ///< `out` is filled by copy_out_mma
  std::uint8_t* d_in = nullptr;
  std::uint8_t* d_out = nullptr;
};

/// The mma.sync family's plans, report entries and packed inputs for `req` on `device` (its sm
/// decides what is skipped). Pure host work on every core, no CUDA call: safe to run before the
/// CUDA context exists.
MmaWork pack_mma(const ProbeRequest& req, const DeviceInfo& device);

/// Moves `work`'s report entries into `report` (ldmatrix.skipped, fragments, instructions,
/// through_ldmatrix), before any device work, so an error later leaves them unjudged.
void add_mma_entries(MmaWork& work, ProbeReport& report);

/// Allocates the family's buffers, zeroes the output, copies the inputs in and queues every
/// launch: the timed ldmatrix launches on the legacy default stream, the instruction probes on
/// `streams`. Returns false with `error` set when a CUDA call fails.
bool launch_mma(MmaWork& work, const ProbeRequest& req, StreamPool& streams, std::string& error);

/// Copies the output back on the legacy default stream, which waits for every launch queued so far
/// (so before another family's launches are queued, or it waits for them too). Returns false with
/// `error` set when the copy fails or a launch faulted.
bool copy_out_mma(MmaWork& work, std::string& error);

/// Judges the copied-out results into the entries add_mma_entries put in `report` (ldmatrix,
/// fragments, instructions, through_ldmatrix, cycles). Pure host work, on every core; writes no
/// other report field, so it may run while another family's kernels run.
void judge_mma(const MmaWork& work, const ProbeRequest& req, ProbeReport& report);

/// Frees the family's device buffers (cudaFree waits for the whole device: call it once no other
/// family's kernels are meant to overlap).
void release_mma(MmaWork& work);

}  // namespace fragviz
