// The Hopper probe family's host halves: wgmma entries, stmatrix, movmatrix and the epilogues.
// pack_hopper turns a request into plans, report entries, one packed input image and the launch
// list; judge_hopper turns the copied-out output image into the report. No CUDA here:
// gpu/cuda/hopper_run.hpp allocates, copies and launches between the two, so a model-only build
// packs and judges too.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/kernel_io.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// Everything between the Hopper family's halves: the report entries (in report order, skipped
/// ones with their reason), the plans, the packed input image and the launch list; the output image
/// once copied out. Built by pack_hopper, used once.
struct HopperWork {
  /// One wgmma kernel launch: every pass of one plan in one form.
  struct Launch {
    std::size_t plan = 0;
    WgmmaForm form{};
    std::vector<kernel_io::WgmmaJob> jobs;
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
  std::vector<kernel_io::MoveJob> move_jobs;
  std::size_t moves_at = 0;   ///< move_jobs' byte offset in `in`
  std::size_t d_bytes = 0;    ///< wgmma D registers' bytes at the head of the output
  std::size_t out_bytes = 0;  ///< the whole output buffer
  // Set by add_hopper_entries and the device half's copy out:
  std::size_t wgmma_base = 0, moves_base = 0;  ///< where `wgmma` and `moves` went in the report
  std::vector<std::uint8_t> out;               ///< the output buffer, once copied out
};

/// Byte offset of the matrix moves' results in the output image: after the wgmma D registers.
std::size_t hopper_moves_out_at(const HopperWork& work);

/// Why this build cannot run wgmma catalogue entry `index` (`mnemonic`), "" when it can: the CUDA
/// side checks the mnemonic its kernel issues (a build fact the model cannot know).
using WgmmaCodeProblem = std::string (*)(int index, const std::string& mnemonic);

/// The Hopper probes `req` names (all of them for an empty list when req.hopper_probes) on
/// `device`: report entries (skipped ones with the reason), plans and the packed inputs; an entry
/// `code_problem` objects to is skipped with its words. Pure host work on every core, no CUDA
/// call: safe to run before the CUDA context exists.
HopperWork pack_hopper(const ProbeRequest& req, const DeviceInfo& device, WgmmaCodeProblem code_problem);

/// Appends `work`'s entries to report.wgmma and report.moves (before any device work, so an error
/// later leaves them unjudged) and records where they went.
void add_hopper_entries(HopperWork& work, ProbeReport& report);

/// Judges work.out into the report entries add_hopper_entries appended (report.wgmma, report.moves;
/// no other field). Pure host work on every core; nothing to do while work.out is empty (nothing
/// ran, or the copy failed). The same as judge_hopper_as_copied with one chunk, already there.
void judge_hopper(const HopperWork& work, ProbeReport& report);

/// A run of consecutive plans whose launches, output bytes and judging go together, so the device
/// half can copy one chunk out, and the host judge it, while the kernels of the next still run.
struct HopperChunk {
  std::size_t plan_begin = 0, plan_end = 0;      ///< plans [begin, end)
  std::size_t launch_begin = 0, launch_end = 0;  ///< work.launches [begin, end): these plans' launches
  std::size_t out_begin = 0, out_end = 0;        ///< bytes [begin, end) of the output image it fills
  bool moves = false;  ///< the last chunk: also the matrix moves' launch, results and judging
};

/// Splits `work` into at most `count` chunks (at least 1 when anything runs, none otherwise) of
/// about equal output bytes, in plan order: their plans, launches and output bytes tile the work's
/// exactly, and the last one carries the matrix moves and ends at work.out_bytes.
std::vector<HopperChunk> hopper_chunks(const HopperWork& work, std::size_t count);

/// Judges every chunk as its bytes arrive in `out` (the whole output image): on the calling
/// thread, arrived(c) is called for c = 0, 1, ... in order and returns once chunk c's bytes are
/// there (true) or never will be (false: no later chunk is asked for or judged); meanwhile
/// probe_threads() threads judge the plans of every chunk that has arrived, with no barrier between
/// chunks (each chunk's largest plans first, the matrix moves with the last chunk), so the judging
/// hides under the device's work on the chunks still to come. Writes only the entries of arrived
/// chunks, each plan its own: the result does not depend on timing or thread count. Returns when
/// every arrived chunk is judged; false if arrived() said false.
bool judge_hopper_as_copied(const HopperWork& work, const std::vector<HopperChunk>& chunks,
                            const std::uint8_t* out, const std::function<bool(std::size_t chunk)>& arrived,
                            ProbeReport& report);

}  // namespace fragviz
