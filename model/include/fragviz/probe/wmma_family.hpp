// The WMMA probe family's host halves: which fragment kinds a request names, every kind's tiles
// packed into one input image, and the copied-out output decoded by the model (fragviz/isa/wmma.hpp).
// No CUDA here: gpu/cuda/wmma_run.cpp allocates, copies and launches between the two.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fragviz/isa/wmma.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// The kinds `req` names, in table order for "wmma" or an empty list (when req.instruction_probes
/// and req.wmma_probes), else in the order named; each once. Unknown names come back in `unknown`
/// as probes that say so.
std::vector<const WmmaKind*> requested_wmma_kinds(const ProbeRequest& req, std::vector<WmmaProbe>& unknown);

/// The packed family between its halves: where each running kind's tiles and bytes go.
struct WmmaWork {
  /// One kind that runs.
  struct Plan {
    const WmmaKind* kind;
    std::size_t probe;  ///< index in report.wmma
    std::size_t in_at, out_at;
  };
  std::vector<Plan> plans;
  std::vector<std::uint8_t> in;   ///< every pass's tile, at wmma_tile_stride apart
  std::size_t out_bytes = 0;      ///< the output buffer
  std::vector<std::uint8_t> out;  ///< the output buffer, once copied out
};

/// Whether this build's code on the device has kind `index` (the CUDA side's query): 1 yes, 0 no,
/// -1 the query itself failed (the callback keeps why).
using WmmaCodeCheck = std::function<int(int index)>;

/// Appends to report.wmma an entry per requested kind on a device of compute capability `sm`
/// (skipped ones with the reason, then the unknown names) and plans and packs the kinds that run.
/// Returns false as soon as `has_code` fails (the entries before that kind stay, as they were).
bool pack_wmma(const ProbeRequest& req, int sm, const WmmaCodeCheck& has_code, ProbeReport& report,
               WmmaWork& work);

/// Decodes work.out into the report entries pack_wmma planned (raw bytes per pass, the map).
void judge_wmma(const WmmaWork& work, ProbeReport& report);

}  // namespace fragviz
