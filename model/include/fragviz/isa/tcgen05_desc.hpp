// Blackwell (sm_100) tcgen05 descriptors, field by field: the 64-bit shared-memory matrix
// descriptor and the 32-bit instruction descriptor of tcgen05.mma. MODEL ONLY: no Blackwell GPU
// has read a descriptor fragviz encoded; the fields are transcribed from the PTX ISA text and
// checked against CuTe's bitfields (tests/cute/test_cute_sm100.cpp).
//
// Source: PTX ISA 9.1, 9.7.16.4.1 "Shared memory descriptor" (Table 40, Table 41) and 9.7.16.4.2
// "Instruction descriptor" (Table 42 for .kind::tf32/f16/f8f6f4/i8, Table 43 for .kind::mxf8f6f4,
// Table 44 for .kind::mxf4/mxf4nvf4). CuTe: cute/arch/mma_sm100_desc.hpp (UMMA::SmemDescriptor,
// UMMA::InstrDescriptor, UMMA::InstrDescriptorBlockScaled), CUTLASS 4.2.
//
// The shared-memory descriptor is NOT Hopper's (smem_descriptor.hpp): bits 46-48 hold a fixed
// 0b001, bit 52 is a leading-dimension mode, and the swizzle is 3 bits (61-63) with its own codes
// (0 none, 1 128B with 32B atomicity, 2 128B, 4 64B, 6 32B; Hopper: 2 bits 62-63, 1 128B, 2 64B,
// 3 32B). The same 64 bits mean different things on sm_90 and sm_100, so a decoder must be told
// the architecture.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/util/host_device.hpp"

namespace fragviz {

// --- Shared-memory descriptor ---------------------------------------------------------------

/// The 3-bit swizzle field of the sm_100 descriptor, the PTX code as its value (Table 40). 3, 5
/// and 7 are invalid codes; a decoded descriptor keeps the raw code (UmmaSmemDescriptor::swizzle).
enum class UmmaSwizzle : std::uint8_t { none = 0, b128_base32b = 1, b128 = 2, b64 = 4, b32 = 6 };

/// The fields of a 64-bit sm_100 shared-memory descriptor. Start address, LBO and SBO are bytes
/// (stored as matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4 in 14 bits); the others are the
/// raw field values, so that a decoded descriptor with a value the hardware cannot read keeps it
/// (validate_umma_smem_descriptor names it).
struct UmmaSmemDescriptor {
  std::uint32_t start_address = 0;        ///< bits 0-13, bytes, multiple of 16 below 2^18
  std::uint32_t leading_byte_offset = 0;  ///< bits 16-29, bytes (or an absolute address, lbo_mode 1)
  std::uint32_t stride_byte_offset = 0;   ///< bits 32-45, bytes
  int fixed_46_48 = 1;                    ///< bits 46-48: the PTX ISA's fixed constant 0b001
  int base_offset = 0;                    ///< bits 49-51
  int lbo_mode = 0;                       ///< bit 52: 0 byte offset relative, 1 byte address absolute
  int fixed_53_60 = 0;                    ///< bits 53-60: fixed constant 0
  int swizzle = 0;                        ///< bits 61-63: raw code (UmmaSwizzle when valid)
  int reserved_14_15 = 0;                 ///< bits 14-15, reserved
  int reserved_30_31 = 0;                 ///< bits 30-31, reserved
};

/// The 64 bits of `d`: every field masked to its width (start, LBO, SBO through
/// matrix-descriptor-encode), reserved and fixed fields written as they are in `d`.
FRAGVIZ_HD constexpr std::uint64_t encode_umma_smem_descriptor(const UmmaSmemDescriptor& d) {
  const auto enc = [](std::uint32_t bytes) -> std::uint64_t { return (bytes & 0x3FFFFu) >> 4; };
  return enc(d.start_address) | static_cast<std::uint64_t>(d.reserved_14_15 & 3) << 14 |
         enc(d.leading_byte_offset) << 16 | static_cast<std::uint64_t>(d.reserved_30_31 & 3) << 30 |
         enc(d.stride_byte_offset) << 32 | static_cast<std::uint64_t>(d.fixed_46_48 & 7) << 46 |
         static_cast<std::uint64_t>(d.base_offset & 7) << 49 |
         static_cast<std::uint64_t>(d.lbo_mode & 1) << 52 |
         static_cast<std::uint64_t>(d.fixed_53_60 & 0xFF) << 53 |
         static_cast<std::uint64_t>(d.swizzle & 7) << 61;
}

/// Every field of a 64-bit sm_100 shared-memory descriptor (addresses and offsets in bytes).
FRAGVIZ_HD constexpr UmmaSmemDescriptor decode_umma_smem_descriptor(std::uint64_t bits) {
  UmmaSmemDescriptor d;
  d.start_address = static_cast<std::uint32_t>(bits & 0x3FFF) << 4;
  d.reserved_14_15 = static_cast<int>((bits >> 14) & 3);
  d.leading_byte_offset = static_cast<std::uint32_t>((bits >> 16) & 0x3FFF) << 4;
  d.reserved_30_31 = static_cast<int>((bits >> 30) & 3);
  d.stride_byte_offset = static_cast<std::uint32_t>((bits >> 32) & 0x3FFF) << 4;
  d.fixed_46_48 = static_cast<int>((bits >> 46) & 7);
  d.base_offset = static_cast<int>((bits >> 49) & 7);
  d.lbo_mode = static_cast<int>((bits >> 52) & 1);
  d.fixed_53_60 = static_cast<int>((bits >> 53) & 0xFF);
  d.swizzle = static_cast<int>((bits >> 61) & 7);
  return d;
}

/// Whether `code` is one of the five swizzle codes Table 40 defines.
FRAGVIZ_HD constexpr bool umma_swizzle_code_valid(int code) {
  return code == 0 || code == 1 || code == 2 || code == 4 || code == 6;
}
/// Bytes after which the pattern of swizzle `code` repeats (Table 41): 1024 for both 128B modes,
/// 512 for 64B, 256 for 32B; 0 for none and invalid codes.
FRAGVIZ_HD constexpr int umma_swizzle_repeat_bytes(int code) {
  return code == 1 || code == 2 ? 1024 : code == 4 ? 512 : code == 6 ? 256 : 0;
}

/// Why the hardware cannot read `d`, or nullopt: start, LBO and SBO not multiples of 16 or not
/// below 2^18 (they would not survive the encoding); bits 46-48 other than 0b001; bits 53-60 or a
/// reserved field not 0; swizzle code 3, 5 or 7; base offset other than 0 without a swizzle; LBO
/// mode 1 (byte address absolute), which PTX ISA 9.1 (9.7.16.4.1.1) gives to sm_103a only.
std::optional<std::string> validate_umma_smem_descriptor(const UmmaSmemDescriptor& d);

/// The base offset Table 41 asks for when a swizzle pattern starts at `pattern_start` (a byte
/// address): 0 on the pattern's repeat boundary, else (pattern_start >> 7) & 7.
FRAGVIZ_HD constexpr int umma_base_offset_for(int swizzle_code, std::uint32_t pattern_start) {
  const int repeat = umma_swizzle_repeat_bytes(swizzle_code);
  if (repeat == 0 || pattern_start % static_cast<std::uint32_t>(repeat) == 0) return 0;
  return static_cast<int>((pattern_start >> 7) & 7);
}

/// A warning, or nullopt, for a valid swizzled `d` whose start address lies off its pattern's
/// repeat boundary (Table 41) with base offset 0 where (start >> 7) & 7 is not 0: it names the
/// base offset the PTX text asks for if the pattern starts there. Not a refusal: the text ties the
/// base offset to the pattern's start, which the descriptor does not hold, and fragviz does not
/// model non-zero base offsets (swizzle_base_offset_warning, fragviz/isa/smem_descriptor.hpp).
std::optional<std::string> umma_base_offset_warning(const UmmaSmemDescriptor& d);

/// "none", "128B_BASE32B", "128B", "64B", "32B"; "invalid (N)" for 3, 5, 7.
std::string umma_swizzle_name(int code);
/// The code of a swizzle name: none, 128B_base32b (or 128B_atom32B), 128B, 64B, 32B, or 0-7.
std::optional<int> parse_umma_swizzle(std::string_view text);

/// One line per field of a 64-bit sm_100 shared-memory descriptor, as stored and in bytes, each
/// line with its bit range; invalid fields say so.
std::vector<std::string> describe_umma_smem_descriptor(std::uint64_t bits);

// --- Instruction descriptor -----------------------------------------------------------------

/// The .kind of a tcgen05.mma, which selects the instruction descriptor's layout (Tables 42-44).
enum class UmmaKind : std::uint8_t { f16, tf32, f8f6f4, i8, mxf8f6f4, mxf4, mxf4nvf4 };

/// Whether `k` is a block-scaled kind (.kind::mxf8f6f4, mxf4, mxf4nvf4: Tables 43 and 44).
FRAGVIZ_HD constexpr bool umma_kind_block_scaled(UmmaKind k) {
  return k == UmmaKind::mxf8f6f4 || k == UmmaKind::mxf4 || k == UmmaKind::mxf4nvf4;
}

/// The fields of a 32-bit tcgen05.mma instruction descriptor; which of them exist depends on the
/// kind (the comments name the bits). Formats are the raw codes (umma_format_name names them); M
/// and N are elements.
struct UmmaInstrDescriptor {
  int sparse_selector = 0;          ///< bits 0-1, dense kinds (reserved, 0, in the block-scaled ones)
  bool sparse = false;              ///< bit 2
  bool saturate = false;            ///< bit 3, dense kinds (.kind::i8 only may set it)
  int d_format = 1;                 ///< bits 4-5, dense kinds: F16 0, F32 1, S32 2
  int b_scale_id = 0;               ///< bits 4-5, block-scaled kinds: matrix B scale factor data ID
  int a_format = 0;                 ///< bits 7-9
  int b_format = 0;                 ///< bits 10-12 (10-11 for .kind::mxf4 and mxf4nvf4)
  bool negate_a = false;            ///< bit 13
  bool negate_b = false;            ///< bit 14
  bool transpose_a = false;         ///< bit 15: A is M-major (MN-major) rather than K-major
  bool transpose_b = false;         ///< bit 16: B is N-major
  int n = 0;                        ///< bits 17-22 hold N >> 3
  int scale_format = 1;             ///< bit 23, block-scaled kinds: UE4M3 0, UE8M0 1
  int m = 0;                        ///< dense: bits 24-28 hold M >> 4; block-scaled: bits 27-28 hold M >> 7
  int a_scale_id = 0;               ///< bits 29-30, block-scaled kinds: matrix A scale factor data ID
  int k_dimension = 0;              ///< bit 31, .kind::mxf4/mxf4nvf4: 0 dense K 64 (sparse 128), 1 dense K 96
  int max_shift = 0;                ///< bits 30-31, dense kinds: no shift 0, 8 1, 16 2, 32 3 (.ws B reuse)
  std::uint32_t reserved_bits = 0;  ///< the bits set in the kind's reserved positions (decode only)
};

/// The 32 bits of `d` laid out for `kind`: each field masked to its width (M and N shifted), the
/// fields the kind does not have left out, reserved_bits or-ed in as they are.
std::uint32_t encode_umma_instr_descriptor(const UmmaInstrDescriptor& d, UmmaKind kind);
/// The fields of a 32-bit instruction descriptor read with `kind`'s layout.
UmmaInstrDescriptor decode_umma_instr_descriptor(std::uint32_t bits, UmmaKind kind);
/// The mask of `kind`'s reserved bits (Tables 42-44: "Reserved", 0).
std::uint32_t umma_reserved_mask(UmmaKind kind);

/// Why a tcgen05.mma of `kind` cannot run with `d`, or nullopt: reserved bits set; a D, A or B
/// format the kind's table does not list (.kind::f16 takes F16 x F16 or BF16 x BF16; the F8/F6/F4
/// kinds and .kind::i8 take any pair of their types); saturate outside .kind::i8; negate in
/// .kind::i8; transpose in the mxf4 kinds; a sparsity selector or max shift with nothing to
/// select; scale IDs other than 0 or 2 in the mxf4 kinds; UE4M3 scales outside .kind::mxf4nvf4;
/// K 96 with sparsity; and M, N outside the dense shapes (M 64: N 8-256 step 8; M 128 and 256: N
/// 16-256 step 16; block-scaled kinds M 128 or 256 only).
std::optional<std::string> validate_umma_instr_descriptor(const UmmaInstrDescriptor& d, UmmaKind kind);

/// The code of type `name` for A/B (`operand` 'a' or 'b') or D ('d') of `kind`: f16, bf16, tf32,
/// e4m3, e5m2, e2m3, e3m2, e2m1, u8, s8 for A/B; f16, f32, s32 for D. nullopt if the kind's table
/// has no such code.
std::optional<int> umma_format_code(UmmaKind kind, char operand, std::string_view name);
/// The name of format `code` for operand 'a', 'b' or 'd' of `kind`, "invalid (N)" if none.
std::string umma_format_name(UmmaKind kind, char operand, int code);

/// "f16", "tf32", "f8f6f4", "i8", "mxf8f6f4", "mxf4", "mxf4nvf4".
std::string_view to_string(UmmaKind k);
/// A kind from its name, with or without ".kind::" / "kind::".
std::optional<UmmaKind> parse_umma_kind(std::string_view text);

/// One line per field of a 32-bit instruction descriptor read with `kind`'s layout.
std::vector<std::string> describe_umma_instr_descriptor(std::uint32_t bits, UmmaKind kind);

}  // namespace fragviz
