// The user's own layout on the GPU (`fragviz-cli probe --layout`): a tile written through one CuTe
// layout (every element holding its label, row * cols + col + 1, in its own bytes), one warp's load
// through the real instruction at the addresses a second layout and a lane pattern give, and each
// lane's received bytes judged against the model. The kernel evaluates both layouts itself from
// TileMap (tile_map.hpp), the one definition the model uses; the host only plans and judges.
//
// Expected values come from the bytes: what the write layout put at each byte a lane's access
// covers (tile_byte_owners of the write side, at the model's byte addresses), split into the slots
// the instruction delivers: ldmatrix register r half h of lane l is element ldmatrix_element(.trans,
// l, h) of matrix r (PTX ISA "Warp Level Matrix Load Instruction: ldmatrix"); LDS.32/64/128 words
// in address order, each cut into element-sized slots (little-endian).
//
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// What the user asked to run.
struct LayoutProbeRequest {
  std::string write_layout;  ///< CuTe notation (elements of element_type unless `B:`)
  std::string read_layout;   ///< "" = the same as write_layout
  std::string lanes = "explorer";
  SharedOp op = SharedOp::ldmatrix;
  LdmatrixConfig ldmatrix{};
  std::string element_type = "b16";
  int iterations = 1024;  ///< timed loads, a multiple of 8 (0: no timing; --ncu-child uses 0)
};

/// A request the model accepted: everything the launch needs and the prediction to judge it by.
struct LayoutProbePlan {
  LayoutProbeRequest request;
  SmemLayout write, read;
  LanePattern lanes;
  AccessReport model;              ///< analyze_access over the read side
  std::optional<RoundTrip> trip;   ///< when the read side differs
  std::vector<ByteOwner> written;  ///< tile_byte_owners(write): what each byte holds
  std::int64_t tile_bytes = 0;     ///< bytes the kernel zeroes and fills: max footprint, rounded up to 16
  int sm = 75;
  /// The label lane `lane` should receive in slot `slot` (ldmatrix: reg * 2 + half; LDS: element
  /// slot in address order): the written bytes under that slot, little-endian (0 where pad).
  std::uint64_t expected_raw(int lane, int slot) const;
  /// The element a label names: label - 1 as a row-major cell of the write side; nullopt for 0
  /// (pad) or a label no element has.
  std::optional<Coord> element_of(std::uint64_t label) const;
  /// Slots each lane receives: 2 * matrices for ldmatrix, access_bytes / element_bytes for LDS.
  int slots() const;
};

/// Checks `r` for device `sm` (major*10+minor) before anything launches: the layouts, the lanes,
/// every static check of analyze_access (fatal ones refuse, naming the lanes), the round trip's
/// shapes, an instruction the probe runs (ldmatrix and LDS.32/64/128; stmatrix stores and is not
/// probed here), element labels that fit the element (at most 2^(8 * bytes) - 1 elements), ldmatrix
/// on .b16 only. Errors are kind `refused`, the layout and lane errors with their column.
Outcome<LayoutProbePlan> plan_layout_probe(const LayoutProbeRequest& r, int sm = 75);

/// One received slot as measured.
struct LayoutSlotCheck {
  int lane = 0;
  int slot = 0;                             ///< ldmatrix: reg * 2 + half; LDS: element slot in address order
  std::uint64_t expected_raw = 0;           ///< the label the model says arrives (0: pad)
  std::uint64_t raw = 0;                    ///< the label the lane received
  std::optional<Coord> expected, measured;  ///< the elements those labels name
  bool match() const { return expected_raw == raw; }
};

/// What one warp's load measured, as the report stores it.
struct LayoutProbe {
  std::string write, read, lanes;  ///< canonical notations (read "" when the same as write)
  SharedOp op = SharedOp::ldmatrix;
  LdmatrixConfig ldmatrix{};
  int element_bytes = 2;
  std::string mnemonic;
  bool ran = false;
  std::string skipped;                             ///< why it did not run (refusal, no device)
  std::array<std::int64_t, 32> model_addresses{};  ///< the model's tile byte offset per lane (-1: none)
  std::array<std::int64_t, 32> addresses{};        ///< measured: each lane's address minus the tile base
  std::vector<LayoutSlotCheck> slots;              ///< lane-major
  /// What the kernel returned, as it returned it (a report stores these and judges them again on
  /// load, so an edited file cannot redefine the prediction).
  std::array<std::array<std::uint32_t, 4>, 32> words{};
  long long cycles = 0;
  int iterations = 0;
  int model_wavefronts = 0, ideal_wavefronts = 0;
  double cycles_per_instruction = 0;
  /// Nsight Compute's counters, when `probe --ncu` ran it: metric name -> value.
  std::map<std::string, double> ncu;
  int mismatches() const;
  int address_mismatches() const;
};

/// The labels lane `lane` received, from its raw words (`words[lane][0..3]`, what the kernel
/// returned), judged against `plan`.
LayoutProbe judge_layout_probe(const LayoutProbePlan& plan, const std::uint32_t (&words)[32][4],
                               const std::uint32_t (&offsets)[32], long long cycles, int iterations);

/// The request a LayoutProbe stands for (its notations, op and element size), for planning again.
LayoutProbeRequest layout_probe_request(const LayoutProbe& p);

/// A LayoutProbe that did not run, with the request's notations where they parsed.
LayoutProbe skipped_layout_probe(const LayoutProbeRequest& r, std::string why);

/// The two Nsight Compute metrics `probe --ncu` asks for, for `op` (op_ld for loads).
std::vector<std::string> ncu_metrics(SharedOp op);

/// Parses `ncu --csv` output: each row's "Metric Name" -> "Metric Value" (thousands separators
/// removed); values of the same metric over several kernel launches are summed. Rows that are not
/// metric rows (ncu's "==PROF==" lines, the header) are skipped. Refused when no metric row is found.
Outcome<std::map<std::string, double>> parse_ncu_csv(std::string_view text);

/// Parses `ncu --csv` output per profiled launch: one map per value of the "ID" column, in the
/// order of the IDs (ncu numbers the launches it profiles in launch order), each "Metric Name" ->
/// "Metric Value" as parse_ncu_csv reads them. Refused when no metric row is found, or when a row
/// has no whole-number ID.
Outcome<std::vector<std::map<std::string, double>>> parse_ncu_csv_launches(std::string_view text);

}  // namespace fragviz
