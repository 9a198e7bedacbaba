// The instruction catalogue: one plain-data entry per warp-level matrix instruction, the centre
// of the model. It is to fragviz what CuTe's MMA_Traits are to CUTLASS: views, CLI, probes,
// reports and tests iterate over it, and nothing else branches on which instruction it is.
//
// Every entry holds the PTX mnemonic exactly as PTX spells it, the PTX ISA section its fragment
// layouts come from, the minimum SM and PTX ISA version, M/N/K, the element types of A, B and
// C/D, and per operand a thread-value layout (fragviz/isa/tv_layout.hpp): (lane, element) ->
// (row, col). A is M x K, B is K x N (row = k), C/D is M x N, whatever `.row/.col` says.
// Register packing follows from the element width: register j holds elements [j*p, (j+1)*p)
// with p = 32 / bits elements per 32-bit register, element 0 in the least significant bits
// (PTX ISA, "Matrix Fragments for mma.m…": elements are listed "low to high"); .f64 elements
// take one 64-bit register each.
//
// Source: PTX ISA 9.0, "Warp-level Matrix Fragment Storage" (the "Matrix Fragments for mma.m…"
// subsections) and "Multiply-and-Accumulate Instruction: mma" (target ISA notes). The table
// itself is in catalogue_table.hpp, its operand maps named once in mma_layouts.hpp (CuTe's names);
// tests/unit/test_catalogue.cpp checks it against formulas
// transcribed from the PTX text, tests/cute/ against CuTe's MMA_Traits, and the probes against
// the hardware.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/tv_layout.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// Element types of mma operands, as PTX names them.
enum class ElemType : std::uint8_t {
  f16,
  bf16,
  tf32,
  f32,
  f64,
  s32,
  s8,
  u8,
  e4m3,
  e5m2,
  s4,
  u4,
  b1,
  e3m2,
  e2m3,
  e2m1,
};

/// Bits one element occupies in a register: 64 f64, 32 f32/tf32/s32, 16 f16/bf16, 8 for the
/// 8-bit types (and for .kind::f8f6f4's fp6/fp4, which sit in 8-bit containers), 4 s4/u4, 1 b1.
FRAGVIZ_HD constexpr int element_bits(ElemType t) {
  switch (t) {
    case ElemType::f64:
      return 64;
    case ElemType::f32:
    case ElemType::tf32:
    case ElemType::s32:
      return 32;
    case ElemType::f16:
    case ElemType::bf16:
      return 16;
    case ElemType::s4:
    case ElemType::u4:
      return 4;
    case ElemType::b1:
      return 1;
    default:
      return 8;
  }
}

/// Bits of a value of `t` itself, where it sits in a wider container: 6 for .e3m2/.e2m3, 4 for
/// .e2m1; element_bits(t) for every other type.
FRAGVIZ_HD constexpr int value_bits(ElemType t) {
  return t == ElemType::e3m2 || t == ElemType::e2m3 ? 6 : t == ElemType::e2m1 ? 4 : element_bits(t);
}

/// PTX spelling without the dot: "f16", "e4m3", "b1", ...
std::string_view to_string(ElemType t);

/// The `.kind` qualifier of an mma.sync form (PTX ISA 9.2, "Multiply-and-Accumulate
/// Instruction: mma"); none for the forms that have none. The mx* kinds are block-scaled.
enum class MmaKind : std::uint8_t { none, f8f6f4, mxf8f6f4, mxf4, mxf4nvf4 };
/// "f8f6f4", "mxf8f6f4", "mxf4", "mxf4nvf4"; "" for none.
std::string_view to_string(MmaKind k);

/// Element type of the scale matrices scale_A, scale_B of a block-scaled mma (`.stype`).
enum class ScaleType : std::uint8_t { none, ue8m0, ue4m3 };
/// "ue8m0", "ue4m3"; "" for none.
std::string_view to_string(ScaleType t);

/// The block scaling of an mma (PTX ISA 9.2, 9.7.14.3 "Block Scaling for mma.sync", Tables 35 and
/// 36): `.scale_vec::vecX` gives scale_A M x vec and scale_B vec x N, so each row of A and column
/// of B is cut into `vec` chunks of K / vec elements along K, each multiplied by its own scale.
/// vec is 0 for an mma without block scaling.
struct BlockScale {
  int vec = 0;  ///< 1, 2 or 4 (.scale_vec::1X, 2X, 4X); 0: no .block_scale
  ScaleType type = ScaleType::none;
};

/// How D is formed from A and B: D = A*B + C, or the .b1 forms D = popc(A AND B) + C and
/// D = popc(A XOR B) + C summed over k (PTX ISA, mma ".and.popc"/".xor.popc").
enum class MmaOp : std::uint8_t { multiply_add, and_popc, xor_popc };

/// mma operands. C and D share one fragment layout and type here (the catalogue lists only
/// entries with ctype == dtype), so `C` stands for both.
enum class Operand { A, B, C };
std::string_view to_string(Operand op);
/// Parses "A", "B", "C" (or "D", the same fragment).
std::optional<Operand> parse_operand(std::string_view text);

/// One operand's fragment: element type, matrix shape and the (thread, element) map.
struct OperandSpec {
  ElemType type = ElemType::f16;
  int rows = 0, cols = 0;  ///< A: M x K, B: K x N, C/D: M x N (elements)
  TvLayout map{};          ///< (thread, element) -> row + rows*col + rows*cols*product
  /// Bits each element takes in a register, when not element_bits(type): 4 for the packed .e2m1 of
  /// .kind::mxf4/mxf4nvf4. 0: element_bits(type) (8 for .kind::f8f6f4's fp6/fp4 containers).
  std::uint8_t container_bits = 0;
  /// Lowest bit of the value inside its container: 2 for .e2m1 of .kind::f8f6f4/mxf8f6f4 ("resides
  /// in central 4 bits of the 8-bit container"), else 0 (PTX ISA 9.2, mma, "Semantics").
  std::uint8_t value_lsb = 0;
};

/// Bits one element takes in a register (its container): container_bits, else element_bits(type).
FRAGVIZ_HD constexpr int slot_bits(const OperandSpec& s) {
  return s.container_bits != 0 ? s.container_bits : element_bits(s.type);
}

/// One instruction of the catalogue.
struct Instruction {
  const char*
      mnemonic;       ///< exactly as PTX spells it, e.g. "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
  const char* group;  ///< picker group: input type family, e.g. "f16", "s8/u8", "b1"
  const char* ptx_section;   ///< PTX ISA section name of its fragment layouts
  int min_sm;                ///< minimum compute capability, major*10+minor
  bool arch_specific;        ///< needs the sm_XXa target (e.g. sm_120a for .kind::f8f6f4)
  int ptx_major, ptx_minor;  ///< minimum PTX ISA version
  int m, n, k;
  int threads;   ///< 32 for mma.sync
  int products;  ///< independent products per instruction: 4 for m8n8k4 .f16, else 1
  MmaOp op;
  OperandSpec a, b, c;
  const char* note;  ///< one line shown with the entry ("" if none)
  MmaKind kind;      ///< the .kind qualifier (none for most)
  BlockScale scale;  ///< .block_scale's vector size and scale type (vec 0: none)
};

/// Every entry, in picker order. Stable: reports refer to entries by mnemonic, never by index.
const std::vector<Instruction>& catalogue();
/// The entry whose mnemonic is `mnemonic`, or nullptr.
const Instruction* find_instruction(std::string_view mnemonic);
/// The prefix every mma.sync mnemonic of the catalogue starts with.
inline constexpr std::string_view kMmaSyncPrefix = "mma.sync.aligned.";
/// The entry a user names, or nullptr: the full mnemonic or its part after kMmaSyncPrefix
/// ("m16n8k16.row.col.f32.f16.f16.f32"). The one parser of mma.sync names for every command and
/// view, as find_wgmma_named is for wgmma.
const Instruction* find_instruction_named(std::string_view name);
/// Index of `instr` in catalogue(), or -1.
int catalogue_index(const Instruction* instr);

/// What stands behind an entry no GPU has run (arch-specific: sm_120a), as `fragviz-cli layout`
/// says it: "model only: PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU", or the same naming
/// what CuTe lacks (tests/cute/test_cute_sm120.cpp asserts each claim). Empty for the entries the
/// H200 measured.
std::string model_status(const Instruction& in);

/// The operand's fragment spec.
FRAGVIZ_HD constexpr const OperandSpec& operand_spec(const Instruction& in, Operand op) {
  return op == Operand::A ? in.a : op == Operand::B ? in.b : in.c;
}

}  // namespace fragviz
