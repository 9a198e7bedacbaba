// One warp's shared-memory access through a tile layout: ldmatrix / stmatrix (.x1/.x2/.x4, one
// 16-byte row per address lane) or a plain per-lane load of 32, 64 or 128 bits. Static checks come
// first (alignment, bounds, the sm_75 rule, what the bytes hold), then banks and wavefronts in
// Nsight Compute's terms.
//
// Hardware facts (banks.hpp has the bank rule): a bank serves one distinct 4-byte word per wavefront
// within a phase and lanes reading the same word share it (broadcast). Phases: ldmatrix and
// stmatrix one per 8x8 matrix (lanes 8j..8j+7, PTX ISA "Warp Level Matrix Load Instruction:
// ldmatrix", "Warp Level Matrix Store Instruction: stmatrix"); LDS.32 one phase of 32 lanes, LDS.64
// two of 16, LDS.128 four of 8. Ideal wavefronts = bytes requested / 128. These figures matched
// Nsight Compute on the H200 (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum) for ldmatrix and LDS.128; stmatrix's
// store wavefronts are the same model, not yet measured.
//
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/banks.hpp"
#include "fragviz/lane_pattern.hpp"
#include "fragviz/ldmatrix.hpp"
#include "fragviz/outcome.hpp"
#include "fragviz/smem_layout.hpp"

namespace fragviz {

/// The warp-wide shared-memory instruction.
enum class SharedOp : std::uint8_t {
  ldmatrix,  ///< ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 (sm_75)
  stmatrix,  ///< stmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 (sm_90): same address table
  lds32,     ///< a 32-bit load per lane (ld.shared.b32, SASS LDS.32)
  lds64,     ///< a 64-bit load per lane (ld.shared.v2.b32, LDS.64)
  lds128,    ///< a 128-bit load per lane (ld.shared.v4.b32, LDS.128)
};
std::string_view to_string(SharedOp op);
/// "ldmatrix", "stmatrix", "lds32", "lds64", "lds128".
std::optional<SharedOp> parse_shared_op(std::string_view text);

/// True for ldmatrix and stmatrix (matrices of 8 rows, one 16-byte row per address lane).
constexpr bool is_matrix_op(SharedOp op) { return op == SharedOp::ldmatrix || op == SharedOp::stmatrix; }
/// Bytes one lane's address covers: a 16-byte row (ld/stmatrix), or 4, 8, 16 for LDS.32/64/128.
constexpr int access_bytes(SharedOp op) { return op == SharedOp::lds32 ? 4 : op == SharedOp::lds64 ? 8 : 16; }
/// Lanes served in one phase: 8 for ld/stmatrix (one matrix) and LDS.128, 16 for LDS.64, 32 for LDS.32.
constexpr int phase_lanes(SharedOp op) { return op == SharedOp::lds32 ? 32 : op == SharedOp::lds64 ? 16 : 8; }

/// What to check and count.
struct AccessRequest {
  SharedOp op = SharedOp::ldmatrix;
  LdmatrixConfig ldmatrix{};    ///< .num and .trans for ldmatrix / stmatrix (.trans moves no address)
  Coord origin{};               ///< added to every lane's (row, col): where the matrices sit (elements)
  std::int64_t base_bytes = 0;  ///< shared-memory byte address of the tile's first byte
  int sm = 75;  ///< oldest target (major*10+minor): at 75 and below every lane needs a valid address
};

/// Which static check a problem comes from.
enum class AccessCheck : std::uint8_t {
  placement,       ///< the tile at base_bytes does not fit shared memory, or the element is too wide
  target,          ///< the instruction needs a newer SM than `sm`
  no_address,      ///< a lane the instruction reads an address from holds none
  out_of_bounds,   ///< the bytes a lane's address covers leave the logical tile
  misaligned,      ///< a lane's address is not aligned to its access (16 bytes for ld/stmatrix rows)
  ignored_lane,    ///< sm_75 rule: a lane .x1/.x2 ignores holds no valid address
  not_contiguous,  ///< a lane's bytes hold other elements than its row's next ones (the layout splits them)
};

/// One broken rule, with the lanes that break it.
struct AccessProblem {
  AccessCheck check{};
  bool fatal = true;       ///< refuses the access (never launch it); false: a note
  std::vector<int> lanes;  ///< ascending
  std::string message;     ///< names the lanes and the rule
};

/// One lane's address.
struct LaneAccess {
  bool used = false;              ///< the instruction reads this lane's address
  bool has_address = false;       ///< the pattern gives the lane an address
  Coord logical{};                ///< logical (row, col) the address points at, origin added
  std::int64_t byte_address = 0;  ///< shared-memory byte address: base_bytes + the element's tile offset
  bool in_bounds = false;         ///< (row, col .. col + elements - 1) lie in the logical tile
  bool aligned = false;           ///< byte_address % access_bytes == 0
  bool contiguous = false;        ///< the covered bytes hold (row, col), (row, col + 1), ... in order
  /// The element in each element-sized slot of the covered bytes (what the access moves), nullopt
  /// where no element lies (pad). Empty when the address is outside the tile.
  std::vector<std::optional<Coord>> holds;
  std::array<int, 4> banks{};  ///< banks of the covered 4-byte words (first access_bytes / 4 used)
};

/// One phase of the access: the lanes served together.
struct AccessPhase {
  int index = 0;  ///< matrix (ld/stmatrix) or phase number
  int first_lane = 0;
  int lanes = 0;
  int wavefronts = 0;               ///< most distinct words any bank serves ("n-way")
  std::array<int, kBanks> words{};  ///< distinct 4-byte words per bank
};

/// Static checks, banks and wavefronts of one access.
struct AccessReport {
  AccessRequest request{};
  std::string mnemonic;  ///< e.g. "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ld.shared.v4.b32 (LDS.128)"
  std::array<LaneAccess, kWarpSize> lanes{};
  std::vector<AccessProblem> problems;  ///< in check order; fatal ones refuse
  Error error;                          ///< kind refused with every fatal problem's message, or none
  std::vector<AccessPhase> phases;      ///< empty when refused
  int wavefronts = 0;                   ///< sum over phases
  int ideal_wavefronts = 0;             ///< bytes requested / 128 (ldmatrix: .num; LDS.32/64/128: 1/2/4)
  int bank_conflicts = 0;               ///< wavefronts - ideal_wavefronts
  int max_way = 0;                      ///< worst phase's wavefronts
  bool refused() const { return error.kind != ErrorKind::none; }
};

/// Checks and counts `req` over `layout` with each lane's address at `lanes` (+ origin). Every lane's
/// address is computed even when the access is refused, so a view can mark the offending lanes.
AccessReport analyze_access(const SmemLayout& layout, const LanePattern& lanes, const AccessRequest& req);

/// Lanes 8j..8j+7 of ld/stmatrix: the logical element that `lane` holds in `half` of destination
/// register `reg` (source register for stmatrix), from the row addresses' bytes (ldmatrix_element
/// inside matrix `reg`). .b16 tiles only (element_bytes 2); nullopt otherwise, for a matrix the
/// .num lacks, or where the bytes hold no element.
std::optional<Coord> received_element(const AccessReport& r, int lane, int reg, int half);

/// "lane 5", "lanes 8-31", "lanes 1, 3, 5-7".
std::string lane_list(const std::vector<int>& lanes);

/// The Nsight Compute metric names of this access's wavefronts and bank conflicts (op_ld for loads,
/// op_st for stmatrix).
std::string_view wavefronts_metric(SharedOp op);
std::string_view bank_conflicts_metric(SharedOp op);

}  // namespace fragviz
