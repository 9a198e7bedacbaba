// The Blackwell probe family's host halves: the 8-bit and sub-byte ldmatrix / stmatrix forms, the
// tensor-memory loads and stores and the tcgen05.mma accumulators (sm_100a), and the block-scale probes
// (sm_120a). pack_blackwell turns a request into report entries and a list of launches, each with
// its packed input (fragviz/probe/blackwell_kernel_io.hpp); judge_blackwell_launch turns one
// launch's copied-out output into the report. No CUDA here: gpu/cuda/blackwell_run.cpp allocates,
// copies and launches between the two, so a model-only build packs and judges too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/block_scale_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// The Blackwell probe kernels (gpu/cuda/blackwell/, gpu/cuda/sm120/).
enum class BlackwellKernel { b8_moves, tmem, umma, umma2, block_scale };

/// Which of the family's kernels this build holds: a build fact the model cannot know (the 8-bit
/// matrix moves have an image for each architecture the options build).
struct BlackwellBuild {
  bool sm100a = false;  ///< configured with -DFRAGVIZ_SM100_PROBES=ON
  bool sm120a = false;  ///< configured with -DFRAGVIZ_SM120_PROBES=ON
};

/// Everything between the family's halves: the report entries (in report order, skipped ones with
/// their reason, the others waiting for their launch's output) and the launches. Built by
/// pack_blackwell, used once.
struct BlackwellWork {
  /// One kernel launch: its kernel and argument, the input image copied in and the output's size.
  struct Launch {
    BlackwellKernel kernel = BlackwellKernel::b8_moves;
    /// b8_moves: the job count; block_scale: form * 2 + selector (its plan's
    /// kBlockScaleProbeForms index and selector pair); tmem, umma, umma2: 0.
    int arg = 0;
    int count = 0;                 ///< block_scale: the jobs, one per k-block
    std::vector<std::uint8_t> in;  ///< the kernel's job (or jobs, or labels), as bytes
    std::size_t out_bytes = 0;
    std::size_t plan = 0;  ///< which plan of its kernel's family it runs (umma2 counts with umma)
  };
  std::vector<MatrixMoveProbe> moves;       ///< report.moves's entries, appended by add_blackwell_entries
  std::vector<Launch> launches;             ///< in order: b8 moves, tensor memory, accumulators, block scale
  std::vector<B8MovePlan> b8;               ///< the matrix moves that run
  std::vector<TmemProbe> tmem;              ///< the tensor-memory probes that run
  std::vector<UmmaProbePlan> umma;          ///< the accumulators that run
  std::vector<BlockScaleProbePlan> scales;  ///< the block-scale probes that run
  /// Per family, each plan's entry in `moves`.
  std::vector<std::size_t> b8_of, tmem_of, umma_of, scale_of;
  // Set by add_blackwell_entries and judge_blackwell_launch:
  std::size_t moves_base = 0;  ///< where `moves` went in report.moves
  /// Per accumulator plan, the passes' outputs so far (judged once both are back).
  std::vector<std::vector<std::vector<std::uint32_t>>> umma_out;
};

/// The Blackwell probes `req` names ("blackwell", "block-scale", a b8 move mnemonic, a tensor-memory
/// probe, an accumulator probe, a block-scale probe name: is_blackwell_probe_name), or for an
/// empty list every probe `device` runs (fragviz/probe/arch_probes.hpp: none unless it is compute
/// capability 10.0 or 12.0, and req.instruction_probes). Each named probe `device` or `built` cannot
/// run is an entry skipped with the reason ("skipped: needs sm_100a, a compute capability 10.0 GPU
/// (device is sm_90)", or the option that builds its code); the others are entries waiting for
/// their launch. Pure host work.
BlackwellWork pack_blackwell(const ProbeRequest& req, const DeviceInfo& device, BlackwellBuild built);

/// Appends `work`'s entries to report.moves (before any device work, so an error later leaves the
/// rest unjudged) and records where they went.
void add_blackwell_entries(BlackwellWork& work, ProbeReport& report);

/// Judges launch `i`'s output (`out`, its out_bytes as the kernel wrote them; a shorter one reads
/// as zeros past its end) into the entry add_blackwell_entries appended for it. An accumulator probe
/// is judged when its second pass is back.
void judge_blackwell_launch(BlackwellWork& work, std::size_t i, const std::vector<std::uint8_t>& out,
                            ProbeReport& report);

}  // namespace fragviz
