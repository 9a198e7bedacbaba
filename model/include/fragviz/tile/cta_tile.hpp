// The CTA tile (issue 25): a TiledMMA, the TiledCopy that brings A and B from shared memory into
// registers and the one that stores C back (the epilogue), the shared-memory layouts of A (M x K),
// B (N x K) and C (M x N) in the notation the bank view reads (smem/smem_layout.hpp, swizzles
// `Swizzle<B,M,S> o layout`), and the CTA tile M x N x K with its k-block.
//
// The analysis puts the copy's shared-memory side through the real layout:
//  - every lane's address of every copy instruction is the byte offset of the first cell of its
//    vector (CuTe's partition_S/D of the CTA tile, one block per MMA tile, as zipped_divide cuts it);
//  - what a register receives (load) or where it lands (store) is the element whose first byte lies
//    at that address plus the value's byte inside the vector (the PTX ISA's model of the
//    instruction, join.hpp's copy_source), so a layout that does not keep a thread's vector
//    contiguous delivers the wrong cells, as the hardware would;
//  - the join compares that cell with the MMA's fragment at the same register, for every thread and
//    register of the CTA (CuTe's partition_fragment order: FrgV, then (RestM_in, tiles of M), then
//    (RestK_in, tiles of K));
//  - every warp's every instruction is counted by the measured bank model (count_shared_access in
//    smem/smem_access.hpp, the function the bank view uses), per k-block and in total, in Nsight
//    Compute's terms; with conflicts, a small set of Swizzle<B,M,S> over the same layout is searched.
// An attention-style tile (FlashAttention-2) reuses the C accumulator as the next GEMM's A: the
// registers are reinterpreted by FA2's convert_layout_acc_Aregs, ((FrgV_C), MMA_M, MMA_N) ->
// ((FrgV_C, q), MMA_M, MMA_N / q), q = FrgV_A / FrgV_C, and judged like a copy; FlashAttention-3's
// wgmma form splits each C fragment instead, ((2,2,N/8), MMA_M, MMA_N) -> ((2,2,2), MMA_M, (N/16,
// MMA_N)): P (S's accumulator as f16) read as the A registers of an _RS wgmma.
// A wgmma operand read through a descriptor has no copy: its layout is matched against the
// canonical GMMA layouts (isa/smem_descriptor.hpp), one descriptor per warpgroup slice and k-block.
// A and B may also name their global -> shared copy (cp.async, gmem_copy.hpp): the fill of the
// shared layout is judged cell by cell.
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/smem_layout.hpp"
#include "fragviz/tile/cta_config.hpp"
#include "fragviz/tile/gmem_copy.hpp"
#include "fragviz/tile/join.hpp"
#include "fragviz/tile/register_swap.hpp"

namespace fragviz::tile {

/// A CTA tile the model accepted.
struct CtaTile {
  CtaTileSpec spec;
  TiledMma mma;
  std::array<std::optional<TiledCopy>, 3> copy;   ///< A, B, C
  std::array<std::optional<SmemLayout>, 3> smem;  ///< A, B, C; in elements of the copy's ValType
  std::array<std::int64_t, 3> tile_mnk{};         ///< CTA M, N, K
  std::int64_t k_block = 0;
  std::optional<RegisterSwap> swap;                  ///< spec.register_swap read; nullopt when "" (no swap)
  std::array<std::optional<GmemCopy>, 2> gmem_copy;  ///< A's and B's global -> shared copies (cp.async)
  std::int64_t k_blocks() const { return tile_mnk[2] / k_block; }
  /// The operand's CTA extent: A (M,K), B (N,K), C (M,N).
  std::array<std::int64_t, 2> extent(Operand op) const;
};

/// Reads "MxNxK" (also "M,N,K", "(M,N,K)"): three positive numbers. Refused (bad_input) otherwise,
/// with the column of the first character that does not read (0 when the count is wrong).
Result<std::array<std::int64_t, 3>> parse_tile_mnk(std::string_view text);

/// Builds the tile: the TiledMMA, make_tiled_copy_A/B/C of each copy, each layout parsed with the
/// copy's element size (2 bytes where no copy names one), the CTA tile a multiple of the TiledMMA's,
/// the k-block a multiple of its K dividing the CTA's K, each layout's shape the operand's CTA
/// extent. Refusals name the field ("--smem-a", "--tile", ...) and keep CuTe's words; the Result's
/// column is the 1-based column of that field's text the refusal is about (0: the whole field), and
/// `where`, when given, receives the field and column too.
Result<CtaTile> make_cta_tile(const CtaTileSpec& spec, CtaConfigError* where = nullptr);

/// One (thread, value) of a CTA join: value V<reg> of the thread's CTA fragment.
struct CtaJoinCell {
  std::int64_t thread = 0;
  std::int64_t reg = 0;       ///< the value index V in CuTe's partition_fragment order over the CTA tile
  std::int64_t k_block = 0;   ///< its k-block (-1: C)
  Cell expected;              ///< the MMA's cell, CTA coordinates
  std::optional<Cell> moved;  ///< load: the cell at the bytes read; store: the cell written over;
                              ///< nullopt where the bytes are pad or the middle of an element
  std::int64_t byte = 0;      ///< the shared byte offset of the value
  /// The thread's copy instruction that moves the value, numbered as cta_copy_addresses lists one
  /// thread's addresses: (tile1 * tiles0 + tile0) * calls + call.
  std::int64_t instruction = 0;
  /// The value's first byte in that instruction's registers (register register_byte / 4, little
  /// endian): ldmatrix's register j is matrix j, a vector load's register i its bytes 4i..4i+3.
  std::int64_t register_byte = 0;
  /// Whether a register swap after the copy (CtaTile::swap) feeds this register with another one's
  /// value: then `fed` is what the MMA reads (the partner register's `moved`), not `moved`.
  bool swapped = false;
  std::optional<Cell> fed;
  /// What the MMA reads from this register: `fed` after a swap, else `moved`.
  const std::optional<Cell>& read() const { return swapped ? fed : moved; }
  bool match() const { return read() && *read() == expected; }
};

/// The join of one operand over the whole CTA tile, through the shared layout.
struct CtaJoin {
  Operand operand = Operand::A;
  bool store = false;
  std::int64_t cells = 0, mismatches = 0;  ///< (thread, value)s: every thread's copy of a cell counts
  /// The distinct tile cells those values name, and those at least one value gets wrong (a B cell
  /// that four warps each read counts once here, four times above); 0 where not counted.
  std::int64_t tile_cells = 0, wrong_cells = 0;
  std::optional<CtaJoinCell> first;  ///< the first mismatch, thread-major then value
  std::vector<CtaJoinCell> all;      ///< every cell (thread-major) when asked (CtaOptions::keep_cells)
  /// The register swap applied after the copy ("B 8-15:16-23/32"), "" none: then a mismatch may be
  /// a right load fed to the wrong MMA register.
  std::string swap;
  /// "all 8192 match (128 threads x 64 values)", or the first mismatch: "thread 37 V2
  /// (k-block 0): delivered (25,2), expected (17,10) (5 of 8192 values (5 of 4096 cells) wrong)".
  std::string verdict(std::int64_t threads) const;
};

/// How many of a join's values and cells are wrong, the one sentence the CTA tile view and
/// `fragviz-cli tiled` both say: "4096 of 8192 values (1024 of 2048 cells) wrong"; without the
/// cells where `cells` is 0 (not counted).
std::string wrong_values_text(std::int64_t wrong_values, std::int64_t values, std::int64_t wrong_cells,
                              std::int64_t cells);

/// Counts the distinct cells of a join's values (CtaJoin::tile_cells, wrong_cells) as they are added.
class CtaCellTally {
 public:
  /// Notes value `c`'s cell, and that it is wrong there unless it matches.
  void add(const CtaJoinCell& c);
  /// Writes the counts into `j`.
  void into(CtaJoin& j) const;

 private:
  std::set<std::pair<std::int64_t, std::int64_t>> all_, wrong_;
};

/// One warp's instructions of one k-block (or the epilogue) over its operand's layout.
struct WarpBanks {
  int warp = 0;
  int k_block = 0;       ///< -1: the epilogue (C)
  int instructions = 0;  ///< warp-wide copy instructions
  int wavefronts = 0;    ///< sum over them (misaligned ones left out)
  int ideal = 0;         ///< the ideal wavefronts (phases)
  int conflicts = 0;     ///< wavefronts - ideal: Nsight Compute's bank conflicts
  int misaligned = 0;    ///< instructions a lane's address of which is not aligned to its access
};

/// Whether row `r`'s wavefronts, ideal and conflicts count all its instructions: false where some
/// are misaligned (those are left out, so a 0 there is no clean verdict).
inline bool bank_row_counted(const WarpBanks& r) { return r.misaligned == 0; }
/// A wavefronts/ideal/conflicts cell of row `r`: `value`, or "-" (not counted) where
/// bank_row_counted(r) is false. The app's table and `fragviz-cli tiled` print the same.
std::string bank_count_cell(const WarpBanks& r, int value);
/// What the "misaligned" column counts and why those instructions are not counted, one sentence
/// for the app's header tooltip and the CLI's line under its table.
extern const char* const kMisalignedNote;

/// Every copy instruction's bank wavefronts of one operand.
struct CtaBanks {
  SharedOp op = SharedOp::ldmatrix;
  LdmatrixConfig ldmatrix{};
  std::string instruction;      ///< "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "st.shared.v2.b32 (STS.64)"
  std::string note;             ///< how the count was made when the model stands in ("" when it is exact)
  std::vector<WarpBanks> rows;  ///< warp-major, then k-block
  int instructions = 0, wavefronts = 0, ideal = 0, conflicts = 0, misaligned = 0;
  /// The per-k-block totals over the warps (index k-block; one entry for C).
  std::vector<WarpBanks> per_k_block;
  /// A fill whose cp.async span k-blocks (count_fill_banks): one row per warp over the whole K,
  /// k_block 0; its "k-block" reads "all".
  bool whole_k = false;
};

/// Sizes `b.rows` to `warps` x `k_rows` empty rows, warp-major (k-block -1 for the epilogue).
void init_bank_rows(CtaBanks& b, int warps, int k_rows, bool epilogue);
/// Adds one warp instruction of `b.op` at the lanes' shared byte `addresses` to `row`: counted by
/// count_shared_access, or only counted misaligned when a lane's address is off its access size.
void add_bank_instruction(const CtaBanks& b, WarpBanks& row, const std::vector<std::uint32_t>& addresses);
/// Sums `b.rows` into `b.per_k_block` (`k_rows` entries, k-block -1 for the epilogue) and b's totals.
void sum_bank_rows(CtaBanks& b, int k_rows, bool epilogue);

/// The bank count of a CACHEALWAYS fill (cp.async.ca) of `layout` by `copy`: for every warp (32
/// consecutive threads of the copy) and every cp.async number, the 32 lanes' shared byte addresses
/// (gmem_copy_addresses' dst) through count_shared_access(cpasync4/8/16 by the access's bytes), each
/// lane's write its own. Rows per warp and k-block where every block of the copy's tiler lies in
/// one k-block of `k_block` columns (the operand's columns are K); else one row per warp over the
/// whole K (k_block 0, CtaBanks::whole_k). An instruction with a lane's address off its access size
/// is counted misaligned, as the loads' table does. nullopt for a CACHEGLOBAL copy (not modelled:
/// kCpAsyncCgNotModelled). A copy whose threads are no multiple of 32, or whose access is not 4, 8
/// or 16 bytes, gets no rows and a note saying so.
std::optional<CtaBanks> count_fill_banks(const GmemCopy& copy, const SmemLayout& layout,
                                         std::int64_t k_block);

/// A swizzle over the same layout with fewer wavefronts and the join still right.
struct SwizzleSuggestion {
  std::string notation;  ///< the layout with the swizzle: "Swizzle<3,3,3> o (128,32):(32,1)"
  CuteSwizzle swizzle{};
  int wavefronts = 0, ideal = 0, conflicts = 0;
};

/// One wgmma descriptor of an operand read through shared memory.
struct DescriptorSlice {
  int slice = 0;  ///< the warpgroup's M (A) or N (B) slice
  int k_block = 0;
  MatrixDescriptor descriptor;  ///< start is the byte offset from the tile base (base 1024-aligned)
  std::int64_t mismatches = 0;  ///< elements the descriptor reads from another byte than the layout
};
/// A descriptor operand matched against the canonical GMMA layouts.
struct CtaDescriptors {
  std::optional<SmemOperandLayout> layout;  ///< the canonical layout equal to the user's, if any
  std::vector<DescriptorSlice> slices;
  std::string verdict;  ///< "K-major, 128B swizzle: every element of 8 descriptors agrees" or why not
};

/// What the analysis says about one operand.
struct CtaOperandReport {
  Operand operand = Operand::A;
  std::optional<CtaJoin> join;                  ///< a copy and a layout given
  std::optional<CtaBanks> banks;                ///< the same
  std::optional<SwizzleSuggestion> suggestion;  ///< conflicts found and a swizzle removes some
  std::optional<CtaDescriptors> descriptors;    ///< a wgmma operand read through a descriptor, layout given
  std::optional<CtaFill> fill;                  ///< A or B with a gmem copy and a layout: the cp.async fill
  std::optional<CtaBanks> fill_banks;           ///< that fill's bank count, a .ca fill (count_fill_banks)
  std::string fill_no_banks;                    ///< a .cg fill: kCpAsyncCgNotModelled; "" otherwise
  std::string skipped;                          ///< why no join ("no copy for B", ...); "" otherwise
};

/// C's values read again as the next GEMM's A (CtaTileSpec::reuse_c_as_a).
struct ReuseJoin {
  std::int64_t cells = 0, mismatches = 0;
  std::string conversion;  ///< FA2 "(4,1,8) -> ((4,2),1,4)"; FA3 "(64,1,1) -> (8,1,(8,1))"
  struct Mismatch {
    std::int64_t thread = 0, a_value = 0, c_value = 0;  ///< a thread and its A and C value indices
    Cell c_cell;                                        ///< (m, n) C's value holds
    Cell a_expected;                                    ///< (m, k) A's value must hold
  };
  std::optional<Mismatch> first;
  std::string verdict(std::int64_t threads) const;
};

struct CtaOptions {
  bool suggest = true;      ///< search a swizzle when an operand conflicts
  bool keep_cells = false;  ///< keep every join cell (CSV, per-thread views)
};

/// The whole analysis.
struct CtaReport {
  std::array<CtaOperandReport, 3> operands;  ///< A, B, C
  std::optional<ReuseJoin> reuse;
  bool joins_ok() const;  ///< every join, fill (and the reuse) without a mismatch or a fault
};

/// Analyses `tile` (see the header comment). Refused where a copy and the MMA do not meet (join()'s
/// refusals) or the attention reuse does not fit (fragment shapes).
Result<CtaReport> analyze_cta_tile(const CtaTile& tile, const CtaOptions& options = {});

/// One thread's address of one copy instruction: the first byte of the vector (an ldmatrix/stmatrix
/// row, a universal copy's vector) the thread gives in atom call `call` over MMA tile (tile0, tile1)
/// of the operand, through the shared layout and its swizzle. CuTe's partition_S (load) / partition_D
/// (store) of the CTA tile at ((0, call), tile0, tile1).
struct CopyAddress {
  std::int64_t thread = 0, call = 0, tile0 = 0, tile1 = 0;
  std::int64_t k_block = 0;  ///< -1: the epilogue
  Cell cell;                 ///< the vector's first cell, CTA coordinates
  std::int64_t byte = 0;     ///< its byte offset from the tile's base
};
/// Every thread's every address of `op`'s copy, ordered tile1, tile0, thread, call (empty without
/// a copy or a layout). For ld/stmatrix only lanes 8j..8j+7 of matrix j give addresses the
/// instruction reads; the others' are listed too (CuTe's partition gives every thread one).
std::vector<CopyAddress> cta_copy_addresses(const CtaTile& tile, Operand op);

/// The cell CuTe's partition_fragment of the CTA tile gives thread `thread` at register `reg` of
/// operand `op`: registers ordered (FrgV, (RestM_in, M tiles), (RestK_in, K tiles)).
Cell cta_fragment_cell(const CtaTile& tile, Operand op, std::int64_t thread, std::int64_t reg);
/// Every register's cell of `thread` (cta_fragment_cell for each register, the fragment's shape
/// computed once: what a view of every thread asks).
std::vector<Cell> cta_fragment_cells(const CtaTile& tile, Operand op, std::int64_t thread);
/// Registers per thread of operand `op` over the CTA tile.
std::int64_t cta_fragment_size(const CtaTile& tile, Operand op);

}  // namespace fragviz::tile
