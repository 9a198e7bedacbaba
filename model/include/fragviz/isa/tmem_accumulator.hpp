// Blackwell (sm_100) tcgen05.mma accumulators in tensor memory: which CTA, TMEM lane and column
// hold element (row, column) of D, per the data-path layout the PTX ISA names by a letter.
// MODEL ONLY: no Blackwell GPU has run these; checked against CuTe's UMMA::tmem_frg and the UMMA
// CLayouts (tests/cute/test_cute_sm100.cpp), disagreements in docs/guide/blackwell.md.
//
// PTX ISA 9.1, 9.7.16.10.5 "Data path layout organization" (its table of layouts A-G; the
// figures themselves are pictures, read here through the table's organization column and TVM's
// tmem_datapath_layout documentation of the same section). With M the instruction's M and N its N; under
// .cta_group::2 CTA k of the pair holds rows k*M/2 to (k+1)*M/2 - 1 of D ("local row" m below), one 32-bit
// column per element:
//   Layout A  M=256 cta_group::2         4x1: lane m,                               column n
//   Layout B  M=128 cta_group::2 dense   2x2: lane m + 64*(n / (N/2)),              column n % (N/2)
//   Layout C  M=128 cta_group::2 sparse  4x1, half the data path: lane m%16 + 32*(m/16), column n
//   Layout D  M=128 cta_group::1 (.ws too) 4x1: lane m,                             column n
//   Layout E  M=64  .ws                  2x2: lane m + 64*(n / (N/2)),              column n % (N/2)
//   Layout F  M=64  cta_group::1         4x1, half the data path: lane m%16 + 32*(m/16), column n
//   Layout G  M=32  .ws                  1x4: lane m + 32*(n / (N/4)),              column n % (N/4)
// The .ws (weight-stationary) forms are .cta_group::1 only, with N 64, 128 or 256 (sparse A: 64 or
// 128; PTX ISA 9.1, 9.7.16.2.1, Table 39). Layouts C and F leave lanes 16-31 of every
// 32-lane sub-partition free: a second accumulator at taddr lane + 16 fills them.
// Lanes and columns are relative to the instruction's taddr. Warp w of a warpgroup reaches lanes
// 32*(w%4) to 32*(w%4)+31 only (tcgen05.ld/st "Access restrictions"), so the warp that can read an
// element back is lane / 32.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz {

/// The data-path layouts of PTX ISA 9.1, 9.7.16.10.5, by their letters.
enum class TmemDataPath : char { A = 'A', B = 'B', C = 'C', D = 'D', E = 'E', F = 'F', G = 'G' };

/// One tcgen05.mma accumulator shape: M (32 to 256), N (8 to 256), cta_group (1 or 2), sparse A,
/// and whether it is the weight-stationary tcgen05.mma.ws.
struct UmmaAccumulator {
  int m = 128;
  int n = 64;
  int cta_group = 1;
  bool sparse = false;
  bool ws = false;
};

/// Where one element of D lives.
struct TmemAccumulatorCell {
  int cta = 0;     ///< CTA of the pair (0 for cta_group::1)
  int lane = 0;    ///< TMEM lane from taddr's lane (0-127)
  int column = 0;  ///< 32-bit TMEM column from taddr's column
  int warp = 0;    ///< warp id % 4 of the warps that may tcgen05.ld it: lane / 32
};

/// Why the shape has no data-path layout here, or nullopt: M or cta_group outside the list above,
/// or N outside 8-256 in steps of 8 (M = 64) or 16-256 in steps of 16 (M = 128, 256); for .ws,
/// cta_group 2, M other than 32, 64, 128, or N other than 64, 128, 256 (sparse: 64, 128).
std::optional<std::string> umma_accumulator_refusal(const UmmaAccumulator& a);

/// The layout letter of a shape umma_accumulator_refusal accepts.
TmemDataPath umma_data_path(const UmmaAccumulator& a);

/// Rows of D one CTA holds: M / cta_group.
constexpr int umma_rows_per_cta(const UmmaAccumulator& a) { return a.m / a.cta_group; }

/// The cell of D(row, column), row 0 to M-1, column 0 to N-1, for a shape
/// umma_accumulator_refusal accepts; anything out of range gives lane and column -1.
TmemAccumulatorCell umma_accumulator_cell(const UmmaAccumulator& a, int row, int column);

/// "tcgen05.mma.cta_group::1" or "tcgen05.mma.ws.cta_group::1" (with ".sp" for sparse A).
std::string umma_accumulator_mnemonic(const UmmaAccumulator& a);

/// "4x1", "2x2", "1x4" or "4x1, half the data path": the PTX table's "Datapath organization".
std::string_view data_path_organization(TmemDataPath p);

}  // namespace fragviz
