// The Hopper family of run_probes(): wgmma entries, stmatrix, movmatrix and the epilogues, in
// three halves so run_probes() can pack them while CUDA starts and judge the mma.sync family while
// these kernels run: pack_hopper (pure host), launch_hopper (device, no host sync), copy_out_hopper
// and judge_hopper (pure host).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/report/report.hpp"
#include "hopper/wgmma_kernels.hpp"
#include "matrix_move_kernels.hpp"
#include "stream_pool.hpp"

namespace fragviz {

/// One device allocation, freed on scope exit.
struct HopperBuffer {
  std::uint8_t* ptr = nullptr;
  HopperBuffer() = default;
  HopperBuffer(const HopperBuffer&) = delete;
  HopperBuffer& operator=(const HopperBuffer&) = delete;
  ~HopperBuffer();
};

/// Everything between the Hopper family's halves: the report entries (in report order, skipped
/// ones with their reason), the plans, the packed input image and the launch list; the device
/// buffers and streams once launched. Built by pack_hopper, used once.
struct HopperWork {
  /// One wgmma kernel launch: every pass of one plan in one form.
  struct Launch {
    std::size_t plan = 0;
    WgmmaForm form{};
    std::vector<cuda::WgmmaJob> jobs;
    std::uint32_t smem = 0;
    std::size_t jobs_at = 0;
  };
  std::vector<WgmmaProbe> wgmma;       ///< report.wgmma's entries, appended by add_hopper_entries
  std::vector<MatrixMoveProbe> moves;  ///< report.moves's entries, likewise
  std::vector<WgmmaProbePlan> plans;   ///< the wgmma entries that run
  std::vector<std::size_t> probe_of;   ///< plan -> index in `wgmma`
  std::vector<MovePlan> move_plans;    ///< the matrix moves that run
  std::vector<std::size_t> move_of;    ///< move plan -> index in `moves`
  std::vector<std::uint8_t> in;        ///< host image of the input buffer
  std::vector<Launch> launches;
  std::vector<std::vector<std::uint32_t>> out_at;  ///< per plan, per pass: D's word offset
  std::vector<cuda::MoveJob> move_jobs;
  std::size_t moves_at = 0;   ///< move_jobs' byte offset in `in`
  std::size_t d_bytes = 0;    ///< wgmma D registers' bytes at the head of the output
  std::size_t out_bytes = 0;  ///< the whole output buffer
  // Set by add_hopper_entries and launch_hopper:
  std::size_t wgmma_base = 0, moves_base = 0;  ///< where `wgmma` and `moves` went in the report
  bool launched = false;                       ///< kernels queued: copy_out_hopper copies out
  std::vector<std::uint8_t> out;               ///< the output buffer, once copied out
  std::unique_ptr<HopperBuffer> d_in, d_out;
  std::unique_ptr<StreamPool> streams;
};

/// Frees a launched family's buffers after waiting for the device, so an error elsewhere never
/// frees memory its kernels still use.
void release_hopper(HopperWork& work);

/// The Hopper probes `req` names (all of them for an empty list when req.hopper_probes) on
/// `device`: report entries (skipped ones with the reason), plans and the packed inputs. Pure host work on
/// every core, no CUDA call: safe to run before the CUDA context exists.
HopperWork pack_hopper(const ProbeRequest& req, const DeviceInfo& device);

/// Appends `work`'s entries to report.wgmma and report.moves (before any device work, so an error
/// later leaves them unjudged) and records where they went.
void add_hopper_entries(HopperWork& work, ProbeReport& report);

/// Allocates, copies in and queues every launch on the family's own streams without waiting for
/// them. Returns false with `error` set when a CUDA call fails (the buffers are freed).
bool launch_hopper(HopperWork& work, std::string& error);

/// Waits for `work`'s launches and copies the results into work.out, then frees the buffers (also
/// when the copy fails). Returns false with `error` set when the copy fails or a launch faulted.
bool copy_out_hopper(HopperWork& work, std::string& error);

/// Judges work.out into the report entries add_hopper_entries appended (report.wgmma, report.moves;
/// no other field). Pure host work on every core; nothing to do unless copy_out_hopper succeeded.
void judge_hopper(const HopperWork& work, ProbeReport& report);

}  // namespace fragviz
