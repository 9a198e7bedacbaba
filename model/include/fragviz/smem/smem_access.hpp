// One warp's shared-memory access through a tile layout: ldmatrix / stmatrix (.x1/.x2/.x4, one
// 16-byte row per address lane) or a plain per-lane load or store of 32, 64 or 128 bits. Static
// checks come first (alignment, bounds, the sm_75 rule, what the bytes hold), then banks and
// wavefronts in Nsight Compute's terms.
//
// Hardware facts (banks.hpp has the bank rule): a bank serves one distinct 4-byte word per wavefront
// within a phase and lanes touching the same word share it. Phases: ldmatrix and stmatrix one per
// 8x8 matrix (lanes 8j..8j+7, PTX ISA "Warp Level Matrix Load Instruction: ldmatrix", "Warp Level
// Matrix Store Instruction: stmatrix"); 32-bit accesses one phase of 32 lanes, 64-bit two of 16,
// 128-bit four of 8. Ideal wavefronts = bytes requested / 128; bank conflicts = wavefronts - ideal.
//
// Plain 64- and 128-bit loads pack lanes that share an address: when every lane T shares its
// address with lane T^1, or every lane with lane T^2, the load is served in half the phases (LDS.64
// one phase of 32 lanes, LDS.128 two of 16), counted by the same bank rule. Nothing else packs:
// 32-bit loads (already one phase), stores, ld/stmatrix. Nsight Compute's bank conflicts are then
// wavefronts - phases (ideal_wavefronts below is the phase count, packed or not).
//
// Evidence: the H200 bank sweep (tools/bank-sweep: one warp, one instruction per launch, Nsight
// Compute's wavefronts and bank conflicts), held row by row by tests/unit/test_bank_sweep.cpp:
// tests/fixtures/bank-sweep/h200-2026-12-04.csv (2,376 patterns of st.shared .b32/.v2/.v4,
// ldmatrix and stmatrix .x1/.x2/.x4(.trans): stores never merge lanes on one address, a broadcast
// st.shared.v4 is 4 wavefronts) and h200-2026-12-05-loads.csv (1,044 patterns of ld.shared
// .b32/.v2/.v4: a broadcast ld.shared.v2 is 1 wavefront, .v4 2) and h200-2026-12-05-packing.csv
// (540 patterns of pairs sharing addresses in part of the warp: packing is all 32 lanes or none).
// The packing condition is the public rule of NVIDIA forum thread 77228, and the one rule found
// that fits every row.
//
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// The warp-wide shared-memory instruction.
enum class SharedOp : std::uint8_t {
  ldmatrix,   ///< ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 (sm_75)
  stmatrix,   ///< stmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 (sm_90): same address table
  lds32,      ///< a 32-bit load per lane (ld.shared.b32, SASS LDS)
  lds64,      ///< a 64-bit load per lane (ld.shared.v2.b32, LDS.64)
  lds128,     ///< a 128-bit load per lane (ld.shared.v4.b32, LDS.128)
  sts32,      ///< a 32-bit store per lane (st.shared.b32, SASS STS)
  sts64,      ///< a 64-bit store per lane (st.shared.v2.b32, STS.64)
  sts128,     ///< a 128-bit store per lane (st.shared.v4.b32, STS.128)
  cpasync4,   ///< cp.async.ca.shared.global of 4 bytes per lane (SASS LDGSTS.E): global -> shared
  cpasync8,   ///< cp.async.ca of 8 bytes per lane (LDGSTS.E.64)
  cpasync16,  ///< cp.async.ca of 16 bytes per lane (LDGSTS.E.128)
};

/// One row per SharedOp: the one table every name, width and phase rule is read from.
struct SharedOpInfo {
  SharedOp op;
  const char* name;   ///< the CLI's, settings' and reports' word: "ldmatrix", "sts128", ...
  const char* label;  ///< the app's picker: SASS and PTX side by side, e.g. "LDS.128  ld.shared.v4.b32"
  /// The plain ops' PTX and SASS, e.g. "ld.shared.v4.b32" and "LDS.128" (the access report's
  /// mnemonic "ld.shared.v4.b32 (LDS.128)"); null for ld/stmatrix, whose mnemonic has .num/.trans.
  const char* ptx;
  const char* sass;
  int bytes;        ///< bytes one lane's address covers (a 16-byte row for ld/stmatrix)
  int phase_lanes;  ///< lanes served in one phase
  bool store;       ///< writes shared memory (op_st counters; cp.async: op_ldgsts)
  bool matrix;      ///< ld/stmatrix: 8 row addresses per 8x8 matrix
  /// Lanes on one 4-byte word share its wavefront (every op but cp.async, whose lanes each write
  /// their own: a broadcast cp.async.ca is 32 wavefronts, measured).
  bool lanes_share_words = true;
};
inline constexpr SharedOpInfo kSharedOps[] = {
    {SharedOp::ldmatrix, "ldmatrix", "ldmatrix", nullptr, nullptr, 16, 8, false, true},
    {SharedOp::stmatrix, "stmatrix", "stmatrix (sm_90)", nullptr, nullptr, 16, 8, true, true},
    {SharedOp::lds32, "lds32", "LDS.32  ld.shared.b32", "ld.shared.b32", "LDS.32", 4, 32, false, false},
    {SharedOp::lds64, "lds64", "LDS.64  ld.shared.v2.b32", "ld.shared.v2.b32", "LDS.64", 8, 16, false, false},
    {SharedOp::lds128, "lds128", "LDS.128  ld.shared.v4.b32", "ld.shared.v4.b32", "LDS.128", 16, 8, false,
     false},
    {SharedOp::sts32, "sts32", "STS.32  st.shared.b32", "st.shared.b32", "STS.32", 4, 32, true, false},
    {SharedOp::sts64, "sts64", "STS.64  st.shared.v2.b32", "st.shared.v2.b32", "STS.64", 8, 16, true, false},
    {SharedOp::sts128, "sts128", "STS.128  st.shared.v4.b32", "st.shared.v4.b32", "STS.128", 16, 8, true,
     false},
    {SharedOp::cpasync4, "cpasync4", "LDGSTS.E  cp.async.ca.shared.global (4 B)",
     "cp.async.ca.shared.global (4 B)", "LDGSTS.E", 4, 32, true, false, false},
    {SharedOp::cpasync8, "cpasync8", "LDGSTS.E.64  cp.async.ca.shared.global (8 B)",
     "cp.async.ca.shared.global (8 B)", "LDGSTS.E.64", 8, 16, true, false, false},
    {SharedOp::cpasync16, "cpasync16", "LDGSTS.E.128  cp.async.ca.shared.global (16 B)",
     "cp.async.ca.shared.global (16 B)", "LDGSTS.E.128", 16, 8, true, false, false},
};
constexpr const SharedOpInfo& shared_op_info(SharedOp op) { return kSharedOps[static_cast<int>(op)]; }

std::string_view to_string(SharedOp op);
/// A kSharedOps name ("ldmatrix", "lds128", "sts64", ...); nullopt for anything else.
std::optional<SharedOp> parse_shared_op(std::string_view text);
/// "ldmatrix, stmatrix, lds32, ..., sts128": every name, for messages and help texts.
std::string shared_op_names(bool loads = true, bool stores = true);

/// True for ldmatrix and stmatrix (matrices of 8 rows, one 16-byte row per address lane).
constexpr bool is_matrix_op(SharedOp op) { return shared_op_info(op).matrix; }
/// True for cp.async (cp.async.ca: its writes' bank rule is measured; .cg's is not, see phase_rule_text).
constexpr bool is_cp_async(SharedOp op) { return !shared_op_info(op).lanes_share_words; }
/// True for stmatrix, st.shared and cp.async: the access writes.
constexpr bool is_store(SharedOp op) { return shared_op_info(op).store; }
/// Bytes one lane's address covers: a 16-byte row (ld/stmatrix), or 4, 8, 16 for 32/64/128-bit accesses.
constexpr int access_bytes(SharedOp op) { return shared_op_info(op).bytes; }
/// Lanes served in one phase: 8 for ld/stmatrix (one matrix) and 128-bit, 16 for 64-bit, 32 for 32-bit.
constexpr int phase_lanes(SharedOp op) { return shared_op_info(op).phase_lanes; }

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
  std::array<int, kBanks> words{};  ///< distinct 4-byte words per bank (cp.async: lane accesses)
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
  int ideal_wavefronts = 0;             ///< phases: bytes requested / 128 (ldmatrix: .num; LDS.32/64/128:
                                        ///< 1/2/4), halved when a load packs lane pairs
  int bank_conflicts = 0;               ///< wavefronts - ideal_wavefronts
  int packed_pairs = 0;                 ///< 1 or 2: lanes T and T^this share each address and packed
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
/// op_st for stmatrix and st.shared; cp.async: every shared wavefront of the kernel, which counts 4
/// more than the model for any cp.async kernel, and op_ldgsts's conflicts).
std::string_view wavefronts_metric(SharedOp op);
std::string_view bank_conflicts_metric(SharedOp op);

/// A plain 64- or 128-bit load (lds64, lds128) packs lane pairs when every lane T shares its byte
/// address with lane T^1 (returns 1) or, failing that, every lane with T^2 (returns 2): it is then
/// served in half the phases. 0 for every other op or address set. `byte_addresses`: all 32 lanes.
int packed_lane_pairs(SharedOp op, const std::vector<std::uint32_t>& byte_addresses);

/// "" when `packed_pairs` is 0, else the sentence the CLI and the bank view print: which lanes share
/// addresses and the phases the load then takes.
std::string packing_note(SharedOp op, int packed_pairs);

/// Wavefronts of one warp's access, counted from its byte addresses alone.
struct SharedCount {
  std::vector<AccessPhase> phases;
  int wavefronts = 0;        ///< sum over phases
  int ideal_wavefronts = 0;  ///< the number of phases (one wavefront each at best)
  int bank_conflicts = 0;    ///< wavefronts - ideal (Nsight Compute's counter)
  int packed_pairs = 0;      ///< 0, or 1 / 2: a 64/128-bit load whose lanes T, T^1 (T^2) share addresses
  int max_way = 0;           ///< worst phase's wavefronts
};
/// Counts `op` (.num from `c` for ld/stmatrix) over the shared byte addresses of the lanes it uses
/// (8 per matrix for ld/stmatrix, 32 otherwise; `byte_addresses` must hold exactly those, aligned).
/// The one bank rule analyze_access, the views and the sweep test share.
SharedCount count_shared_access(SharedOp op, LdmatrixConfig c,
                                const std::vector<std::uint32_t>& byte_addresses);

/// The phase rule for `op` in a sentence, with what it rests on (the H200 sweep, or not yet), for
/// the bank view's explanation and the CLI.
std::string phase_rule_text(SharedOp op);

}  // namespace fragviz
