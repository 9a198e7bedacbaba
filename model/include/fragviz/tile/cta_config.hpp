// The CTA tile's configuration as the user writes it (issue 25): one struct and one reading of it,
// shared by `fragviz-cli tiled`, `fragviz-cli export --view cta`, the app's CTA tile window and its
// settings. Every field is text in CuTe's names and notation; cta_tile.hpp's make_cta_tile reads it
// and says which field it refuses and at which column of that field's text.
// Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz/algebra/operations.hpp"

namespace fragviz::tile {

/// A CTA tile as the user writes it: every field text (CuTe's names and notation).
struct CtaTileSpec {
  std::string mma;                      ///< MMA atom, CuTe's name: "SM80_16x8x16_F32F16F16F32_TN"
  std::string atoms = "(1,1,1)";        ///< atom layout (parse_atom_layout)
  std::string permute = "Tile<_,_,_>";  ///< permutation tile (parse_permutation)
  std::array<std::string, 3> copy;      ///< copy atoms for A, B (loads) and C (store); "" none
  std::array<int, 3> value_bits{};      ///< the copies' ValType bits; 0: the operand's element width
                                        ///< (16 for a stmatrix of C)
  std::array<std::string, 3> smem;      ///< shared layouts of A (M x K), B (N x K), C (M x N); "" none
  /// The global -> shared copies (cp.async) that fill A's and B's shared layouts, gmem_copy.hpp's
  /// text: "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))"; "" none.
  std::array<std::string, 2> gmem_copy;
  std::string tile;           ///< "128x128x32"; "" the TiledMMA's tile
  int k_block = 0;            ///< k extent of one k-block; 0: the TiledMMA's K
  bool reuse_c_as_a = false;  ///< attention: C is the next GEMM's A (same TiledMMA)
  /// Registers of A or B exchanged after the copy, register_swap.hpp's text ("B 8-15:16-23/32");
  /// "" none. The gate's broken-swap-b does this on purpose.
  std::string register_swap;
};
bool operator==(const CtaTileSpec& a, const CtaTileSpec& b);
inline bool operator!=(const CtaTileSpec& a, const CtaTileSpec& b) { return !(a == b); }

/// One field of a CtaTileSpec (or the preset it starts from): what a refusal is about.
enum class CtaField : std::uint8_t {
  none,
  preset,
  mma,
  atoms,
  permute,
  copy_a,
  copy_b,
  copy_c,
  value_bits_a,
  value_bits_b,
  value_bits_c,
  smem_a,
  smem_b,
  smem_c,
  tile,
  k_block,
  reuse_c_as_a,
  register_swap,
  gmem_copy_a,
  gmem_copy_b,
};
/// The command-line flag that gives `f`: "--smem-a" ("--value-bits" for each operand's bits; "" for none).
std::string_view cta_field_flag(CtaField f);
/// The app's label of `f` in the CTA tile window: "smem A (M x K)", "permutation" ("" for none).
std::string_view cta_field_label(CtaField f);
/// `message` (make_cta_tile's, in the flags' words: "--atoms '(4,1,1)' with --permute ...") in the
/// window's words: each field's flag replaced by its label ("atoms '(4,1,1)' with permutation ...").
std::string cta_message_in_labels(std::string message);
/// The field of operand `i` (0 A, 1 B, 2 C): `first` is the A field (copy_a, value_bits_a, smem_a).
CtaField cta_operand_field(CtaField first, std::size_t i);

/// A refusal of a configuration: the field and the 1-based column of that field's text it is about
/// (0: the field as a whole), and the message (which names the field's flag).
struct CtaConfigError {
  CtaField field = CtaField::none;
  int column = 0;
  algebra::Refusal refusal = algebra::Refusal::bad_input;
  std::string message;
};

/// What a command line gives on top of a preset: each field only where given. `value_bits` sets all
/// three operands' bits (the CLI's --value-bits); `reuse_c_as_a` only turns the reuse on.
struct CtaOverrides {
  std::string preset;  ///< a cta_presets() name; "" none (then `mma` is required)
  std::optional<std::string> mma, atoms, permute, tile, register_swap;
  std::array<std::optional<std::string>, 3> copy, smem;
  std::array<std::optional<std::string>, 2> gmem_copy;  ///< "" takes a preset's away
  std::optional<int> value_bits, k_block;
  bool reuse_c_as_a = false;
  /// Whether any field beyond `mma`, `atoms`, `permute`, `copy` and `value_bits` is given (the
  /// CLI's CTA mode; a gmem copy is one).
  bool cta_fields() const;
};

/// The preset's spec with the overrides on top. Refused (field preset) for a name no preset has,
/// (field mma) when neither gives an MMA atom.
struct CtaSpecOutcome {
  std::optional<CtaTileSpec> spec;
  CtaConfigError error;
  explicit operator bool() const { return spec.has_value(); }
};
CtaSpecOutcome apply_cta_overrides(const CtaOverrides& o);

}  // namespace fragviz::tile
