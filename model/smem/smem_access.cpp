// Static checks, banks and wavefronts of one warp's shared-memory access through a tile layout
// (smem_access.hpp). The counting itself is banks.cpp's phase_wavefronts, the one bank rule.
#include "fragviz/smem/smem_access.hpp"

#include <algorithm>

#include "fragviz/util/words.hpp"

namespace fragviz {

// Each SharedOp's row must sit at its own index: shared_op_info reads the table by position.
static_assert([] {
  for (int i = 0; i < static_cast<int>(std::size(kSharedOps)); ++i)
    if (static_cast<int>(kSharedOps[i].op) != i) return false;
  return true;
}());

// A plain op's picker label is its SASS and PTX side by side: the same two words as its mnemonic.
static_assert([] {
  for (const SharedOpInfo& i : kSharedOps) {
    if (i.matrix) continue;
    std::string_view label(i.label), sass(i.sass), ptx(i.ptx);
    if (label.substr(0, sass.size()) != sass || label.substr(label.size() - ptx.size()) != ptx) return false;
  }
  return true;
}());

std::string_view to_string(SharedOp op) { return shared_op_info(op).name; }

std::optional<SharedOp> parse_shared_op(std::string_view text) {
  for (const SharedOpInfo& i : kSharedOps)
    if (text == i.name) return i.op;
  return std::nullopt;
}

std::string shared_op_names(bool loads, bool stores) {
  std::string s;
  for (const SharedOpInfo& i : kSharedOps)
    if (i.store ? stores : loads) s += (s.empty() ? "" : ", ") + std::string(i.name);
  return s;
}

std::string_view wavefronts_metric(SharedOp op) {
  if (is_cp_async(op)) return "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum";
  return is_store(op) ? "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
                      : "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
}

std::string_view bank_conflicts_metric(SharedOp op) {
  if (is_cp_async(op)) return "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum";
  return is_store(op) ? "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
                      : "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
}

std::string phase_rule_text(SharedOp op) {
  const int lanes = phase_lanes(op);
  const std::string phases =
      is_matrix_op(op) ? std::string("one phase per 8x8 matrix (its 8 row addresses, 16 bytes each)")
                       : std::to_string(kWarpSize / lanes) + (lanes == kWarpSize ? " phase" : " phases") +
                             " of " + std::to_string(lanes) + " lanes (" +
                             std::to_string(access_bytes(op) * lanes) + " bytes each)";
  if (is_cp_async(op))
    return std::string(to_string(op)) + ": " + phases +
           "; in a phase each bank serves one lane's 4-byte word per wavefront, and lanes on the same word "
           "do not share it: each lane's write is its own, so a broadcast " +
           std::string(to_string(op)) +
           " takes 32 wavefronts. Ideal = one wavefront per phase; conflicts = wavefronts - ideal. Measured "
           "so on the H100 for every pattern of the bank sweep (Nsight Compute's op_ldgsts conflicts, and "
           "the time per instruction). cp.async.cg (L1 bypass) is not modelled: Nsight Compute counts none "
           "of its shared-memory writes, and its time follows no bank rule the sweep found.";
  std::string s =
      std::string(to_string(op)) + ": " + phases +
      "; in a phase each bank serves one distinct 4-byte word per wavefront, lanes on the same word "
      "share it. Ideal = one wavefront per phase (bytes / 128 unless lanes pack); conflicts = wavefronts - "
      "ideal.";
  if (op == SharedOp::lds64 || op == SharedOp::lds128)
    s += " Lanes that share an address pack: when every lane T shares its address with T^1, or every "
         "lane with T^2, the load takes half the phases (" +
         std::to_string(2 * lanes) + " lanes each), so a broadcast " + std::string(to_string(op)) +
         " takes " + std::to_string(kWarpSize / lanes / 2) +
         (kWarpSize / lanes / 2 == 1 ? " wavefront." : " wavefronts.");
  else if (is_store(op))
    s += " Stores never merge lanes that share an address, so a broadcast " + std::string(to_string(op)) +
         " still takes " + std::to_string(kWarpSize / lanes) +
         (lanes == kWarpSize ? " wavefront." : " wavefronts.");
  s += " Measured so on the H200 for every pattern of the bank sweep (tools/bank-sweep).";
  return s;
}

int packed_lane_pairs(SharedOp op, const std::vector<std::uint32_t>& byte_addresses) {
  if ((op != SharedOp::lds64 && op != SharedOp::lds128) || byte_addresses.size() != kWarpSize) return 0;
  for (std::size_t x : {std::size_t{1}, std::size_t{2}}) {
    bool all = true;
    for (std::size_t t = 0; t < kWarpSize && all; ++t) all = byte_addresses[t] == byte_addresses[t ^ x];
    if (all) return static_cast<int>(x);
  }
  return 0;
}

std::string packing_note(SharedOp op, int packed_pairs) {
  if (!packed_pairs) return "";
  const int lanes = 2 * phase_lanes(op);
  return "every lane T shares its address with lane T^" + std::to_string(packed_pairs) +
         ": the load packs the pairs into " + plural(kWarpSize / lanes, "phase", "phases") + " of " +
         std::to_string(lanes) + " lanes";
}

SharedCount count_shared_access(SharedOp op, LdmatrixConfig c,
                                const std::vector<std::uint32_t>& byte_addresses) {
  SharedCount n;
  n.packed_pairs = packed_lane_pairs(op, byte_addresses);
  const int per_phase = phase_lanes(op) * (n.packed_pairs ? 2 : 1);
  const int used = is_matrix_op(op) ? address_lanes(c.num) : kWarpSize;
  const int phases = std::min(used, static_cast<int>(byte_addresses.size())) / per_phase;
  for (int j = 0; j < phases; ++j) {
    const auto first = byte_addresses.begin() + static_cast<std::ptrdiff_t>(j) * per_phase;
    const std::vector<std::uint32_t> addrs(first, first + per_phase);
    AccessPhase p;
    p.index = j;
    p.first_lane = j * per_phase;
    p.lanes = per_phase;
    p.wavefronts = phase_wavefronts(addrs, access_bytes(op), &p.words, shared_op_info(op).lanes_share_words);
    n.wavefronts += p.wavefronts;
    n.max_way = std::max(n.max_way, p.wavefronts);
    n.phases.push_back(p);
  }
  n.ideal_wavefronts = used / per_phase;
  n.bank_conflicts = std::max(0, n.wavefronts - n.ideal_wavefronts);
  return n;
}

std::string lane_list(const std::vector<int>& lanes) {
  std::string s = lanes.size() == 1 ? "lane " : "lanes ";
  for (std::size_t i = 0; i < lanes.size();) {
    std::size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    if (i) s += ", ";
    s += std::to_string(lanes[i]);
    if (j > i) s += "-" + std::to_string(lanes[j]);
    i = j + 1;
  }
  return s;
}

namespace {

std::string mnemonic_of(const AccessRequest& r) {
  if (r.op == SharedOp::ldmatrix) return ldmatrix_mnemonic(r.ldmatrix);
  if (r.op == SharedOp::stmatrix)
    return "stmatrix.sync.aligned.m8n8." + std::string(to_string(r.ldmatrix.num)) +
           (r.ldmatrix.trans ? ".trans" : "") + ".shared.b16";
  const SharedOpInfo& i = shared_op_info(r.op);
  return std::string(i.ptx) + " (" + i.sass + ")";
}

std::string coord_text(Coord c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }

/// "(3,0)-(3,7)" for the elements an access starting at `c` covers.
std::string span_text(Coord c, int n) {
  return n == 1 ? coord_text(c) : coord_text(c) + "-" + coord_text(Coord{c.row, c.col + n - 1});
}

/// Which lanes give `op` an address: ld/stmatrix 8 per matrix, plain loads all 32.
int used_lanes(const AccessRequest& r) {
  return is_matrix_op(r.op) ? address_lanes(r.ldmatrix.num) : kWarpSize;
}

}  // namespace

AccessReport analyze_access(const SmemLayout& layout, const LanePattern& pattern, const AccessRequest& req) {
  AccessReport r;
  r.request = req;
  r.mnemonic = mnemonic_of(req);
  const int bytes = access_bytes(req.op);
  const int eb = layout.element_bytes();
  const int n = std::max(1, bytes / eb);  // elements one lane's access covers
  const int used = used_lanes(req);
  const bool matrix = is_matrix_op(req.op);
  const std::string what = matrix ? std::string(req.op == SharedOp::ldmatrix ? "ldmatrix" : "stmatrix") +
                                        " ." + std::string(to_string(req.ldmatrix.num))
                                  : r.mnemonic;
  const auto problem = [&r](AccessCheck check, bool fatal, std::vector<int> lanes, std::string message) {
    r.problems.push_back(AccessProblem{check, fatal, std::move(lanes), std::move(message)});
  };

  // [SECTION] placement and target: nothing per lane can be judged without these.
  if (eb > bytes)
    problem(AccessCheck::placement, true, {},
            r.mnemonic + " reads " + plural(bytes, "byte") + " per lane, less than one element of " +
                plural(eb, "byte"));
  if (req.base_bytes < 0 || req.base_bytes + layout.footprint_bytes > kMaxTileBytes)
    problem(AccessCheck::placement, true, {},
            "a tile of " + plural(layout.footprint_bytes, "byte") + " at shared byte " +
                std::to_string(req.base_bytes) + " leaves the " + std::to_string(kMaxTileBytes) +
                " bytes (227 KB) one block can have");
  if (req.op == SharedOp::stmatrix && req.sm < 90)
    problem(AccessCheck::target, true, {},
            "stmatrix needs sm_90 or newer (PTX ISA, \"Warp Level Matrix Store Instruction: stmatrix\"); the "
            "oldest target is sm_" +
                std::to_string(req.sm));
  const bool placed = r.problems.empty();

  // [SECTION] each lane's address and what its bytes hold.
  const std::vector<ByteOwner> owners = tile_byte_owners(layout);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    LaneAccess& l = r.lanes[static_cast<std::size_t>(lane)];
    l.used = lane < used;
    const auto& at = pattern.at[static_cast<std::size_t>(lane)];
    l.has_address = at.has_value();
    if (!l.has_address) continue;
    l.logical = Coord{at->row + req.origin.row, at->col + req.origin.col};
    l.in_bounds = layout.contains(l.logical.row, l.logical.col) &&
                  layout.contains(l.logical.row, l.logical.col + n - 1);
    if (!l.in_bounds) continue;
    const std::int64_t offset = layout.byte_offset(l.logical.row, l.logical.col);
    l.byte_address = req.base_bytes + offset;
    l.aligned = l.byte_address % bytes == 0;
    for (int w = 0; w < 4; ++w)
      l.banks[static_cast<std::size_t>(w)] = bank_of(static_cast<std::uint32_t>(l.byte_address + 4 * w));
    l.contiguous = true;
    for (int s = 0; s < n; ++s) {
      const std::int64_t b = offset + std::int64_t{s} * eb;
      std::optional<Coord> held;
      if (b < layout.footprint_bytes) {
        const ByteOwner o = owners[static_cast<std::size_t>(b)];
        if (o.cell >= 0 && o.byte == 0) held = cell_coord(layout, o.cell);
      }
      l.holds.push_back(held);
      l.contiguous = l.contiguous && held && *held == Coord{l.logical.row, l.logical.col + s};
    }
  }

  // [SECTION] the rules, each naming its lanes.
  std::vector<int> none, outside, misaligned, ignored, split;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const LaneAccess& l = r.lanes[static_cast<std::size_t>(lane)];
    if (l.used) {
      if (!l.has_address)
        none.push_back(lane);
      else if (!l.in_bounds)
        outside.push_back(lane);
      else if (!l.aligned)
        misaligned.push_back(lane);
      else if (!l.contiguous)
        split.push_back(lane);
    } else if (!l.has_address || !l.in_bounds || !l.aligned) {
      ignored.push_back(lane);
    }
  }
  const auto lane_at = [&r](int lane) -> const LaneAccess& {
    return r.lanes[static_cast<std::size_t>(lane)];
  };
  if (!none.empty())
    problem(AccessCheck::no_address, true, none,
            lane_list(none) + " " + std::string(agree(static_cast<long long>(none.size()), "holds", "hold")) +
                " no address, but " + what + " reads one from each of lanes 0-" + std::to_string(used - 1));
  if (!outside.empty())
    problem(AccessCheck::out_of_bounds, true, outside,
            lane_list(outside) + " point" + (outside.size() == 1 ? "s" : "") + " outside the " +
                std::to_string(layout.rows()) + " x " + std::to_string(layout.cols()) + " tile: lane " +
                std::to_string(outside[0]) + " would read " + span_text(lane_at(outside[0]).logical, n));
  if (!misaligned.empty())
    problem(
        AccessCheck::misaligned, true, misaligned,
        lane_list(misaligned) + (matrix ? " have row starts" : " have addresses") + " that are not " +
            std::to_string(bytes) + "-byte aligned (lane " + std::to_string(misaligned[0]) + " at byte " +
            std::to_string(lane_at(misaligned[0]).byte_address) + "). " +
            (matrix
                 ? "PTX ISA, \"Warp Level Matrix Load Instruction: ldmatrix\": each row is 16 contiguous "
                   "bytes and \"the matrix addresses must be naturally aligned accordingly\""
                 : "PTX ISA, \"Addresses as Operands\": an address must be naturally aligned to a multiple "
                   "of the access size (" +
                       plural(bytes, "byte") + ")"));
  if (matrix && !ignored.empty()) {
    const bool fatal = req.op == SharedOp::ldmatrix && req.sm <= 75;
    const LaneAccess& first = lane_at(ignored[0]);
    const std::string why = !first.has_address ? "holds none"
                            : !first.in_bounds
                                ? "points outside the tile at " + coord_text(first.logical)
                                : "is not 16-byte aligned (byte " + std::to_string(first.byte_address) + ")";
    problem(
        AccessCheck::ignored_lane, fatal, ignored,
        lane_list(ignored) + " hold no valid address (lane " + std::to_string(ignored[0]) + " " + why +
            "). ." + std::string(to_string(req.ldmatrix.num)) +
            " ignores them, but for sm_75 and below every lane must hold a valid address (PTX ISA, \"Warp "
            "Level "
            "Matrix Load Instruction: ldmatrix\"; copy the lower lanes' addresses up)" +
            (fatal ? "; targets of sm_80 and newer ignore them" : ": fine for sm_" + std::to_string(req.sm)));
  }
  if (!split.empty()) {
    const LaneAccess& first = lane_at(split[0]);
    std::string held;
    for (std::size_t s = 0; s < first.holds.size(); ++s)
      held += std::string(s ? " " : "") + (first.holds[s] ? coord_text(*first.holds[s]) : std::string("pad"));
    problem(AccessCheck::not_contiguous, false, split,
            lane_list(split) + ": the " + plural(bytes, "byte") +
                " at the address hold other elements than " + span_text(first.logical, n) + " (lane " +
                std::to_string(split[0]) + " moves " + held + "): the layout splits what one access moves");
  }

  for (const AccessProblem& p : r.problems)
    if (p.fatal) {
      r.error.kind = ErrorKind::refused;
      r.error.message += (r.error.message.empty() ? "" : "; ") + p.message;
    }
  if (r.refused() || !placed) return r;

  // [SECTION] phases and wavefronts.
  std::vector<std::uint32_t> addrs;
  for (int lane = 0; lane < used; ++lane)
    addrs.push_back(static_cast<std::uint32_t>(lane_at(lane).byte_address));
  SharedCount count = count_shared_access(req.op, req.ldmatrix, addrs);
  r.phases = std::move(count.phases);
  r.wavefronts = count.wavefronts;
  r.ideal_wavefronts = count.ideal_wavefronts;
  r.bank_conflicts = count.bank_conflicts;
  r.max_way = count.max_way;
  r.packed_pairs = count.packed_pairs;
  return r;
}

std::optional<Coord> received_element(const AccessReport& r, int lane, int reg, int half) {
  if (!is_matrix_op(r.request.op) || reg < 0 || reg >= matrices(r.request.ldmatrix.num) || lane < 0 ||
      lane >= kWarpSize || half < 0 || half > 1)
    return std::nullopt;
  const Coord in = ldmatrix_element(r.request.ldmatrix.trans, lane, half);  // (row, col) inside matrix `reg`
  const LaneAccess& row = r.lanes[static_cast<std::size_t>(8 * reg + in.row)];
  if (row.holds.size() != 8) return std::nullopt;  // .b16 rows hold 8 elements
  return row.holds[static_cast<std::size_t>(in.col)];
}

}  // namespace fragviz
