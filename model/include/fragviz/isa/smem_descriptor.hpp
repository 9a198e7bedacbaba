// wgmma's shared-memory matrix descriptor and the canonical operand layouts it describes: for
// every element (mn, k) of an A (M x K) or B (K x N, stored N x K when K-major) operand tile, the
// byte address wgmma reads it from.
//
// Source: PTX ISA 9.0, "Matrix Descriptor Format" (bit fields) and "Shared Memory Matrix Layout"
// (core matrices of 8 rows x 16 bytes, leading/stride dimension byte offsets, swizzle modes),
// both under "Asynchronous Warpgroup Level Matrix Multiply-Accumulate Instructions". The layouts
// are CuTe's canonical GMMA layouts (cute/atom/mma_traits_sm90_gmma.hpp, make_gmma_desc), in
// 16-byte units, T = 16 / element bytes elements per unit:
//   K-major   none : ((8,m),(T,2)):((1T,SBO),(1,LBO))      swizzled W: ((8,m),(T,2)):((W*T,SBO),(1,T))
//   MN-major  none : ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))  swizzled W: ((T,W,m),(8,k)):((1,T,LBO),(W*T,SBO))
// with W = 2, 4, 8 sixteen-byte units for the 32B, 64B and 128B modes, whose swizzle is
// Swizzle<B,4,3> on the byte address (B = 1, 2, 3): address bits [4, 4+B) ^= bits [7, 7+B). The
// swizzle acts on the absolute shared-memory address, so a pattern must start on its repeat
// (256, 512, 1024 bytes) unless the descriptor's base offset says otherwise; fragviz models
// base offset 0 only and refuses a start that would need another. The device probes
// (hopper_probe.hpp) check every element of these formulas against what wgmma really reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// The descriptor's 2-bit swizzle (layout type) field, with the PTX encoding as its value.
enum class SmemSwizzle : std::uint8_t { none = 0, b128 = 1, b64 = 2, b32 = 3 };

/// Which dimension is contiguous in shared memory: K (A row-major, B "column-major", the only
/// form 32- and 8-bit types allow) or M/N (imm-trans-a / imm-trans-b = 1, 16-bit types only).
enum class Major : std::uint8_t { K, MN };

/// Width of one swizzled row in 16-byte units (W): 1 none, 2 32B, 4 64B, 8 128B.
FRAGVIZ_HD constexpr int swizzle_units(SmemSwizzle s) {
  return s == SmemSwizzle::b128 ? 8 : s == SmemSwizzle::b64 ? 4 : s == SmemSwizzle::b32 ? 2 : 1;
}
/// Bytes after which the swizzle pattern repeats: 8 rows of 16*W bytes (1024 for 128B).
FRAGVIZ_HD constexpr int swizzle_repeat_bytes(SmemSwizzle s) { return 128 * swizzle_units(s); }
/// Swizzle<B,4,3> on a byte address: bits [4, 4+B) ^= bits [7, 7+B), B = log2(W).
FRAGVIZ_HD constexpr std::uint32_t apply_smem_swizzle(SmemSwizzle s, std::uint32_t address) {
  const int w = swizzle_units(s);
  const std::uint32_t mask = static_cast<std::uint32_t>(w - 1);
  return address ^ (((address >> 7) & mask) << 4);
}

/// Largest start address, LBO or SBO a descriptor holds, in bytes: each is stored >> 4 in 14 bits
/// (PTX ISA "Matrix Descriptor Format").
inline constexpr std::uint32_t kDescriptorFieldMaxBytes = 0x3FFFu << 4;

/// The descriptor's fields in bytes (start address, LBO and SBO are stored >> 4 in 14 bits).
struct MatrixDescriptor {
  std::uint32_t start_address = 0;        ///< shared-window byte address, 16-byte aligned, < 2^18
  std::uint32_t leading_byte_offset = 0;  ///< LBO, bytes, multiple of 16, < 2^18
  std::uint32_t stride_byte_offset = 0;   ///< SBO, bytes, multiple of 16, < 2^18
  int base_offset = 0;                    ///< 3 bits (49-51)
  SmemSwizzle swizzle = SmemSwizzle::none;
};

/// One field of the 64-bit descriptor: its name as describe_descriptor prints it, its first bit and
/// its width in bits.
struct DescriptorField {
  std::string_view name;
  int lo = 0;
  int bits = 0;
  constexpr std::uint64_t mask() const { return ((std::uint64_t{1} << bits) - 1) << lo; }
};
/// The descriptor's fields, lowest first (PTX ISA "Matrix Descriptor Format"): the one table of
/// their places. Every bit in none of them is reserved (descriptor_reserved_set).
inline constexpr DescriptorField kDescriptorFields[] = {
    {"start address", 0, 14}, {"LBO", 16, 14}, {"SBO", 32, 14}, {"base offset", 49, 3}, {"swizzle", 62, 2}};

/// The 64-bit descriptor: each field at its place in kDescriptorFields (checked below). Fields are
/// truncated to their widths.
FRAGVIZ_HD constexpr std::uint64_t encode_descriptor(const MatrixDescriptor& d) {
  const auto field = [](std::uint32_t bytes) -> std::uint64_t { return (bytes & 0x3FFFFu) >> 4; };
  return field(d.start_address) | field(d.leading_byte_offset) << 16 | field(d.stride_byte_offset) << 32 |
         (static_cast<std::uint64_t>(d.base_offset & 7) << 49) |
         (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d.swizzle) & 3) << 62);
}
/// The fields of a 64-bit descriptor, in bytes.
FRAGVIZ_HD constexpr MatrixDescriptor decode_descriptor(std::uint64_t bits) {
  MatrixDescriptor d;
  d.start_address = static_cast<std::uint32_t>(bits & 0x3FFF) << 4;
  d.leading_byte_offset = static_cast<std::uint32_t>((bits >> 16) & 0x3FFF) << 4;
  d.stride_byte_offset = static_cast<std::uint32_t>((bits >> 32) & 0x3FFF) << 4;
  d.base_offset = static_cast<int>((bits >> 49) & 7);
  d.swizzle = static_cast<SmemSwizzle>((bits >> 62) & 3);
  return d;
}
// encode_descriptor and decode_descriptor (device code too) shift by hand: each field lands
// exactly where the table says.
static_assert(encode_descriptor(MatrixDescriptor{kDescriptorFieldMaxBytes, 0, 0, 0, SmemSwizzle::none}) ==
              kDescriptorFields[0].mask());
static_assert(encode_descriptor(MatrixDescriptor{0, kDescriptorFieldMaxBytes, 0, 0, SmemSwizzle::none}) ==
              kDescriptorFields[1].mask());
static_assert(encode_descriptor(MatrixDescriptor{0, 0, kDescriptorFieldMaxBytes, 0, SmemSwizzle::none}) ==
              kDescriptorFields[2].mask());
static_assert(encode_descriptor(MatrixDescriptor{0, 0, 0, 7, SmemSwizzle::none}) ==
              kDescriptorFields[3].mask());
static_assert(encode_descriptor(MatrixDescriptor{0, 0, 0, 0, SmemSwizzle::b32}) ==
              kDescriptorFields[4].mask());
static_assert(encode_descriptor(decode_descriptor(~std::uint64_t{0})) ==
              (kDescriptorFields[0].mask() | kDescriptorFields[1].mask() | kDescriptorFields[2].mask() |
               kDescriptorFields[3].mask() | kDescriptorFields[4].mask()));

/// A run of reserved bits, lo to hi (both included: bits in no kDescriptorFields entry, between
/// two fields), and those of them a descriptor sets, shifted down to bit 0.
struct ReservedBits {
  int lo = 0;
  int hi = 0;
  std::uint64_t set = 0;
};
/// The runs of reserved bits `bits` sets any of, lowest first (empty: none set).
std::vector<ReservedBits> descriptor_reserved_set(std::uint64_t bits);
/// "reserved bits 14-15, 52-61 are set: ..." where `bits` sets any reserved bit, else nullopt.
std::optional<std::string> descriptor_reserved_warning(std::uint64_t bits);

/// One operand tile of one wgmma in shared memory: `mn` rows of the M or N dimension (64 for A,
/// N for B) by `k` elements (K of the instruction: 32 bytes of every type), read through a
/// descriptor with these fields. Offsets are bytes from the descriptor's start address.
struct SmemOperandLayout {
  ElemType type = ElemType::f16;
  Major major = Major::K;
  SmemSwizzle swizzle = SmemSwizzle::none;
  std::uint32_t lbo = 0;  ///< bytes
  std::uint32_t sbo = 0;  ///< bytes
  int mn = 64;            ///< elements along M (A) or N (B)
  int k = 16;             ///< elements along K
};

/// Element bytes as wgmma's shared-memory operands store them (1, 2 or 4).
FRAGVIZ_HD constexpr int smem_element_bytes(ElemType t) { return element_bits(t) / 8; }

/// Byte offset from the (16-byte aligned) start address at which the canonical layout puts
/// element (mn, k), before the swizzle. See the file comment for the formulas.
FRAGVIZ_HD constexpr std::uint32_t unswizzled_offset(const SmemOperandLayout& l, int mn, int k) {
  const int eb = smem_element_bytes(l.type);
  const int t = 16 / eb;  // elements per 16-byte unit
  const int w = swizzle_units(l.swizzle);
  std::uint32_t off = 0;
  if (l.major == Major::K) {
    const int unit = k / t;  // 16-byte unit along K
    off = static_cast<std::uint32_t>((mn % 8) * 16 * w) + static_cast<std::uint32_t>(mn / 8) * l.sbo +
          (l.swizzle == SmemSwizzle::none ? static_cast<std::uint32_t>(unit) * l.lbo
                                          : static_cast<std::uint32_t>(unit * 16)) +
          static_cast<std::uint32_t>((k % t) * eb);
  } else {
    const int unit = mn / t;  // 16-byte unit along M/N
    if (l.swizzle == SmemSwizzle::none) {
      off = static_cast<std::uint32_t>(unit) * l.sbo + static_cast<std::uint32_t>((k % 8) * 16) +
            static_cast<std::uint32_t>(k / 8) * l.lbo;
    } else {
      off = static_cast<std::uint32_t>((unit % w) * 16) + static_cast<std::uint32_t>(unit / w) * l.lbo +
            static_cast<std::uint32_t>((k % 8) * 16 * w) + static_cast<std::uint32_t>(k / 8) * l.sbo;
    }
    off += static_cast<std::uint32_t>((mn % t) * eb);
  }
  return off;
}

/// Shared-window byte address of element (mn, k) when the descriptor starts at `start`: the
/// swizzle applied to start + unswizzled offset.
FRAGVIZ_HD constexpr std::uint32_t smem_operand_address(const SmemOperandLayout& l, std::uint32_t start,
                                                        int mn, int k) {
  return apply_smem_swizzle(l.swizzle, start + unswizzled_offset(l, mn, k));
}

/// The core matrix (8 rows x 16 bytes) element (mn, k) belongs to, numbered along M/N then K,
/// and the 16-byte unit (0-7) of that core matrix's row it lies in after the swizzle.
struct CoreMatrixPlace {
  int core_mn = 0;  ///< mn / 8 (K-major) or mn / T (MN-major)
  int core_k = 0;   ///< k / T (K-major) or k / 8 (MN-major)
  int row = 0;      ///< row inside the core matrix (0-7)
  int chunk = 0;    ///< physical 16-byte unit of the swizzled row, (address >> 4) % W
};
CoreMatrixPlace core_matrix_place(const SmemOperandLayout& l, std::uint32_t start, int mn, int k);

/// The descriptor that describes `l` starting at `start` (base offset 0).
MatrixDescriptor descriptor_for(const SmemOperandLayout& l, std::uint32_t start);

/// Tight canonical LBO and SBO for a tile of `l.mn` x `l.k` with `l`'s type, major-ness and
/// swizzle: core matrices packed with no gaps (what CuTe's tile_to_shape of the GMMA atom gives).
/// K-major none: LBO 128 (next 16 bytes of K), SBO 256; K-major swizzled: LBO 16 (unused), SBO
/// 128*W; MN-major none: SBO 128, LBO 128 * ceil(mn / T); MN-major swizzled: LBO 128*W (next
/// atom along M/N), SBO 128*W*ceil(mn / (T*W)).
SmemOperandLayout canonical_layout(ElemType type, Major major, SmemSwizzle swizzle, int mn, int k);

/// Bytes from the start address to one past the last byte any element occupies.
std::uint32_t layout_footprint_bytes(const SmemOperandLayout& l, std::uint32_t start);

/// Why `l` starting at `start` is not a layout wgmma can read, or nullopt when it is. Rules
/// (PTX ISA "Matrix Descriptor Format", "Shared Memory Matrix Layout"): start, LBO and SBO are
/// multiples of 16 below 2^18; MN-major only for 16-bit types; K-major K extent (32 bytes) fits
/// the swizzle width; a swizzled pattern starts on its repeat boundary up to a K offset inside
/// the first row ((start % repeat) < 16*W and, for MN-major, 0), since fragviz models base
/// offset 0; and no two elements share a byte (overlapping core matrices), naming both.
std::optional<std::string> validate_layout(const SmemOperandLayout& l, std::uint32_t start);

/// "none", "32B", "64B", "128B".
std::string_view to_string(SmemSwizzle s);
std::optional<SmemSwizzle> parse_smem_swizzle(std::string_view text);
/// "K", "MN".
std::string_view to_string(Major m);
std::optional<Major> parse_major(std::string_view text);

/// The descriptor's 64 bits, one line per field: hex word, start, LBO, SBO, base offset,
/// swizzle, each as stored and in bytes, and in its place among them each run of reserved bits the
/// word sets ("reserved         bits 52-61  0x3ff  set (reserved: should be 0)").
std::vector<std::string> describe_descriptor(std::uint64_t bits);

/// The warning for a swizzled descriptor that starts `start` bytes into its `repeat`-byte pattern
/// with base offset 0 where the PTX text's (start >> 7) & 7 is not 0, or nullopt. The text ("the
/// value of base offset is 0 when the repeating pattern ... starts" on the boundary, "otherwise
/// ... (pattern start addr >> 0x7) & 0x7") speaks of where the pattern starts, which the
/// descriptor does not hold, so this is a warning, not a refusal. `swizzle` names the mode
/// ("128B"), `section` the PTX ISA section. Shared by the sm_90 and sm_100 decoders.
std::optional<std::string> swizzle_base_offset_warning(std::uint32_t start, int base_offset, int repeat,
                                                       std::string_view swizzle, std::string_view section);

/// swizzle_base_offset_warning for a wgmma descriptor (PTX ISA 9.7.15.5.1.2.2).
std::optional<std::string> descriptor_base_offset_warning(const MatrixDescriptor& d);

}  // namespace fragviz
