// Shared-memory tile and bank model for ldmatrix row addresses, in Nsight Compute's terms.
//
// Hardware facts: shared memory has 32 banks of 4 bytes, bank = (byte_address >> 2) & 31
// (CUDA C++ Programming Guide, "Shared Memory", compute capability 5.x and later). ldmatrix is
// served one 8x8 matrix per phase: the 8 row addresses of lanes 8j..8j+7, 16 bytes each. Within a
// phase a bank serves one distinct 4-byte word per wavefront and lanes reading the same word share
// it. Wavefronts of a phase = the largest number of distinct words any bank must serve; ideal
// wavefronts = bytes / 128 (one per matrix); bank conflicts = wavefronts - ideal, which is what
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum counts. Row starts must be 16-byte
// aligned (PTX ISA 8.5, ldmatrix: "The matrix addresses must be naturally aligned accordingly").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"

namespace fragviz {

inline constexpr int kBanks = 32;
inline constexpr int kBankBytes = 4;
inline constexpr int kHalfBytes = 2;
/// Bytes one ldmatrix row address covers: 8 x .b16.
inline constexpr int kRowBytes = 16;

/// Largest tile the model accepts, in bytes: the most shared memory one block can have on the GPUs
/// the tool supports (227 KB on sm_90; CUDA C++ Programming Guide, "Features and Technical
/// Specifications", maximum shared memory per thread block). Larger geometries are refused
/// before any address is computed, so no address arithmetic can overflow.
inline constexpr std::int64_t kMaxTileBytes = 227 * 1024;

/// Bank of a shared-memory byte address.
constexpr int bank_of(std::uint32_t byte_address) { return static_cast<int>((byte_address >> 2) & 31u); }

/// How logical 16-byte chunks of a row are placed.
enum class Swizzle {
  none,
  /// chunk' = chunk ^ (row % 8) within each 128-byte group of 8 chunks (CUTLASS's
  /// Swizzle<3,4,3> on halves). Needs a row stride that is a multiple of 64 halves.
  xor_row_mod8,
};

/// A row-major shared tile of halves. Row stride = width + pad (halves).
struct TileGeometry {
  int width_halves = 64;  ///< logical columns
  int pad_halves = 8;     ///< unused halves appended to each row
  int rows = 16;          ///< rows the explorer draws and addresses
  Swizzle swizzle = Swizzle::none;
  constexpr int stride_halves() const { return width_halves + pad_halves; }
  constexpr int stride_bytes() const { return stride_halves() * kHalfBytes; }
};

/// The unit a tile's width, pad and stride are spoken of in: its size in bytes (1, 2, 4 or 8) and
/// its names. Halves by default (the tile is kept in halves, as fragviz-cli banks takes it); the app
/// passes the unit its Controls view shows (tile_field_unit), so its messages say what its fields say.
struct TileUnit {
  int bytes = 2;
  const char* name = "halves";  ///< plural ("bytes", "halves", "words", "doubles")
  const char* one = "half";     ///< singular
};

/// `halves` in `u` with its name: "16 bytes", "8 halves", "1 word" (rounded down to whole units).
std::string tile_amount_text(int halves, TileUnit u);

/// Why `tile` cannot hold operand `op` of `in` stored row-major in shared memory as its ldmatrix
/// stores it (fragment_load: A as M x K; 16-bit B as K x N, narrower and tf32 B as N x K; the
/// catalogue's layout where there is no load): fewer bytes a row (width_halves x 2) or fewer rows
/// than the stored operand, named with the first column or byte that falls outside; nullopt when
/// every cell has its own place. Where this says no, a byte address computed for a cell is another
/// cell's.
/// Widths in `u`.
std::optional<std::string> operand_tile_problem(const Instruction& in, Operand op, const TileGeometry& tile,
                                                TileUnit u = {});

// [SECTION] the one tile range -----------------------------------------------------------------
// The tile widths and pads fragviz accepts anywhere: the CLI (banks --stride-halves, probe --width
// and --pad), the app's controls, and every tile a report says was loaded. One range, so a tile the
// CLI probes is one the app can show and a report can hold.
//
// Why these numbers. Shared memory: the widest tile in range, 16 rows x (512 + 64) halves x 2
// bytes = 18,432 bytes, fits in the 48 KiB a block may use without opting in, which is all the
// explorer probe gives its tile (kMaxExplorerTileBytes, probe_decode.hpp), so every tile in range
// can be probed on every supported GPU, sm_75 included. Banks: they repeat every 128 bytes (64
// halves), so every bank pattern a row stride can make is made by a stride in range, and a pad of 64
// halves is one whole bank cycle (pads p and p + 64 put every row start on the same banks).

/// Narrowest tile: one row of one 8x8 .b16 matrix, 16 bytes (.x4 needs 16 halves; validate() says so).
inline constexpr int kMinTileWidthHalves = 8;
/// Widest tile: 512 halves, 1 KiB per row (8 bank cycles).
inline constexpr int kMaxTileWidthHalves = 512;
/// Largest pad: 64 halves, one bank cycle (128 bytes).
inline constexpr int kMaxTilePadHalves = 64;
/// The row strides of tiles in range run from kMinTileWidthHalves to this (width + pad).
inline constexpr int kMaxTileStrideHalves = kMaxTileWidthHalves + kMaxTilePadHalves;

/// Columns the explorer's matrices span for `n` (.x4 is a 2x2 block of 8x8 matrices: 16 columns).
constexpr int min_tile_width_halves(LdmNum n) { return n == LdmNum::x4 ? 16 : 8; }

/// Why `t`'s width or pad lies outside the range above (width kMinTileWidthHalves to
/// kMaxTileWidthHalves, pad 0 to kMaxTilePadHalves), naming both; nullopt inside it. Rows, the
/// .num's needs and alignment are validate()'s.
std::optional<std::string> tile_range_problem(const TileGeometry& t);

/// Byte offset of logical (row, col) from the tile base, swizzle applied.
std::uint32_t byte_offset(const TileGeometry& t, Coord c);

/// Why this geometry cannot be loaded with `c` (too narrow, negative pad, larger than
/// kMaxTileBytes, a swizzle on a stride that is not a multiple of 64 halves, or row starts that are
/// not 16-byte aligned: the PTX rule). nullopt when it is legal. Never launch an ldmatrix whose
/// geometry fails this. Widths and strides in `u`.
std::optional<std::string> validate(const TileGeometry& t, LdmatrixConfig c, TileUnit u = {});

/// One lane's row address.
struct LaneAddress {
  bool used = false;             ///< lane supplies an address for this .num
  Coord logical{};               ///< logical (row, col) of the row start in the tile
  std::uint32_t byte_address{};  ///< byte offset in shared memory (predicted or measured)
  bool aligned = true;           ///< byte_address % 16 == 0
  std::array<int, 4> banks{};    ///< the 4 banks the 16 bytes cover
};

/// One phase: one 8x8 matrix, the 8 lanes 8j..8j+7.
struct PhaseBanks {
  int matrix = 0;
  int wavefronts = 0;               ///< max distinct words any bank serves ("n-way")
  std::array<int, kBanks> words{};  ///< distinct 4-byte words per bank in this phase
};

/// Bank analysis of one ldmatrix over one tile.
struct BankReport {
  LdmatrixConfig config{};
  TileGeometry tile{};
  std::optional<std::string> error;  ///< set when the geometry is illegal; phases then empty
  /// False when the geometry is too narrow, negative or too large to place rows at all: then
  /// `lanes` hold nothing. True for a misaligned but otherwise sized tile (the view marks its rows).
  bool addresses_valid = false;
  std::array<LaneAddress, kWarpSize> lanes{};
  std::vector<PhaseBanks> phases;
  int wavefronts = 0;        ///< sum over phases
  int ideal_wavefronts = 0;  ///< bytes requested / 128 = .num
  int bank_conflicts = 0;    ///< wavefronts - ideal_wavefronts
  int max_way = 0;           ///< worst phase's wavefronts (the "n-way" conflict degree)
};

/// Predicts the row addresses of `c` over `t` (matrix j at explorer_matrix_origin(j)) and their
/// banks and wavefronts. An illegal geometry yields a report with `error` set and no phases; a
/// misaligned one still has its lanes' addresses (addresses_valid) so the view can mark them red.
/// Widths in `u` in its error.
BankReport analyze_ldmatrix(LdmatrixConfig c, const TileGeometry& t, TileUnit u = {});

/// Same figures from explicit byte addresses (e.g. those a probe measured on the device).
/// Lanes beyond the .num's address lanes are ignored. Misaligned addresses set `error`.
BankReport analyze_addresses(LdmatrixConfig c, const std::array<std::uint32_t, kWarpSize>& byte_addresses);

/// Wavefronts of one phase of `bytes_per_lane`-byte accesses at the given byte addresses: the most
/// distinct 4-byte words any bank serves, or with `lanes_share_words` false (cp.async) the most
/// lane accesses any bank serves, lanes on one word counted each. `words_per_bank` gets the counts.
int phase_wavefronts(const std::vector<std::uint32_t>& byte_addresses, int bytes_per_lane,
                     std::array<int, kBanks>* words_per_bank = nullptr, bool lanes_share_words = true);

std::string_view to_string(Swizzle s);
std::optional<Swizzle> parse_swizzle(std::string_view text);

}  // namespace fragviz
