// tcgen05 descriptors: the instruction descriptor's per-kind layouts, validation and the
// field-by-field text. PTX ISA 9.1, 9.7.16.4.1 and 9.7.16.4.2 (Tables 40-44).
#include "fragviz/isa/tcgen05_desc.hpp"

#include <array>
#include <cstdarg>
#include <cstdio>

#include "fragviz/isa/smem_descriptor.hpp"

namespace fragviz {
namespace {

std::string printf_string(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string printf_string(const char* fmt, ...) {
  char buf[320];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

constexpr std::uint32_t field(std::uint32_t bits, int lo, int width) {
  return (bits >> lo) & ((1u << width) - 1u);
}
constexpr std::uint32_t place(int value, int lo, int width) {
  return (static_cast<std::uint32_t>(value) & ((1u << width) - 1u)) << lo;
}

bool is_mxf4(UmmaKind k) { return k == UmmaKind::mxf4 || k == UmmaKind::mxf4nvf4; }

struct NamedCode {
  const char* name;
  int code;
};
// Tables 42-44, one list per kind and operand.
constexpr std::array<NamedCode, 2> kF16Ab{{{"f16", 0}, {"bf16", 1}}};
constexpr std::array<NamedCode, 1> kTf32Ab{{{"tf32", 2}}};
constexpr std::array<NamedCode, 5> kF8f6f4Ab{
    {{"e4m3", 0}, {"e5m2", 1}, {"e2m3", 3}, {"e3m2", 4}, {"e2m1", 5}}};
constexpr std::array<NamedCode, 2> kI8Ab{{{"u8", 0}, {"s8", 1}}};
constexpr std::array<NamedCode, 1> kMxf4Ab{{{"e2m1", 1}}};
constexpr std::array<NamedCode, 2> kF16D{{{"f16", 0}, {"f32", 1}}};
constexpr std::array<NamedCode, 1> kF32D{{{"f32", 1}}};
constexpr std::array<NamedCode, 1> kS32D{{{"s32", 2}}};

template <std::size_t N>
std::optional<int> code_of(const std::array<NamedCode, N>& list, std::string_view name) {
  for (const NamedCode& c : list)
    if (name == c.name) return c.code;
  return std::nullopt;
}
template <std::size_t N>
const char* name_of(const std::array<NamedCode, N>& list, int code) {
  for (const NamedCode& c : list)
    if (code == c.code) return c.name;
  return nullptr;
}

// The name of format `code` of one kind and operand ('a', 'b' or 'd'), or nullptr (Tables 42-44).
const char* format_name_or_null(UmmaKind kind, char operand, int code) {
  if (operand == 'd') {
    switch (kind) {
      case UmmaKind::f16:
      case UmmaKind::f8f6f4:
        // .kind::f8f6f4 lists F32 only in PTX ISA 9.1 Table 42; a later edition (9.7.17.4.2,
        // Table 45) adds F16, which CuTe's SM100 F8F6F4 MMAs also take.
        return name_of(kF16D, code);
      case UmmaKind::tf32:
        return name_of(kF32D, code);
      case UmmaKind::i8:
        return name_of(kS32D, code);
      default:
        return nullptr;  // block-scaled kinds have no D format field (F32 implied)
    }
  }
  switch (kind) {
    case UmmaKind::f16:
      return name_of(kF16Ab, code);
    case UmmaKind::tf32:
      return name_of(kTf32Ab, code);
    case UmmaKind::f8f6f4:
    case UmmaKind::mxf8f6f4:
      return name_of(kF8f6f4Ab, code);
    case UmmaKind::i8:
      return name_of(kI8Ab, code);
    case UmmaKind::mxf4:
    case UmmaKind::mxf4nvf4:
      return name_of(kMxf4Ab, code);
  }
  return nullptr;
}

}  // namespace

// --- Shared-memory descriptor ---------------------------------------------------------------

std::optional<std::string> validate_umma_smem_descriptor(const UmmaSmemDescriptor& d) {
  const auto check = [](const char* name, std::uint32_t v) -> std::optional<std::string> {
    if (v % 16 != 0 || v >= (1u << 18))
      return printf_string("%s = %u bytes: must be a multiple of 16 below 262144 (14 bits of 16 bytes)", name,
                           v);
    return std::nullopt;
  };
  if (auto e = check("start address", d.start_address)) return e;
  if (auto e = check("LBO", d.leading_byte_offset)) return e;
  if (auto e = check("SBO", d.stride_byte_offset)) return e;
  if (d.fixed_46_48 != 1)
    return printf_string(
        "bits 46-48 = %d: the PTX ISA fixes them at 0b001 on sm_100 (a Hopper wgmma "
        "descriptor has 0 there: is this an sm_90 descriptor?)",
        d.fixed_46_48);
  if (d.fixed_53_60 != 0)
    return printf_string("bits 53-60 = 0x%02x: the PTX ISA fixes them at 0", d.fixed_53_60);
  if (d.reserved_14_15 != 0 || d.reserved_30_31 != 0)
    return std::string("reserved bits 14-15 or 30-31 are set: they must be 0");
  if (!umma_swizzle_code_valid(d.swizzle))
    return printf_string(
        "swizzle code %d is invalid on sm_100 (0 none, 1 128B_BASE32B, 2 128B, 4 64B, 6 32B; "
        "3, 5 and 7 are invalid)",
        d.swizzle);
  if (d.base_offset < 0 || d.base_offset > 7)
    return printf_string("base offset %d does not fit 3 bits", d.base_offset);
  if (d.swizzle == 0 && d.base_offset != 0)
    return printf_string(
        "base offset %d without a swizzle: the base offset places a swizzle pattern, and "
        "there is none",
        d.base_offset);
  if (d.lbo_mode != 0)
    return std::string(
        "LBO mode 1 (leading-dimension byte address absolute) is sm_103a only (PTX ISA 9.1, "
        "9.7.16.4.1.1); sm_100 reads LBO as a byte offset");
  return std::nullopt;
}

std::optional<std::string> umma_base_offset_warning(const UmmaSmemDescriptor& d) {
  if (d.swizzle == 0 || validate_umma_smem_descriptor(d)) return std::nullopt;
  return swizzle_base_offset_warning(d.start_address, d.base_offset, umma_swizzle_repeat_bytes(d.swizzle),
                                     umma_swizzle_name(d.swizzle), "9.1, 9.7.16.4.1 (Table 41)");
}

std::string umma_swizzle_name(int code) {
  switch (code) {
    case 0:
      return "none";
    case 1:
      return "128B_BASE32B";
    case 2:
      return "128B";
    case 4:
      return "64B";
    case 6:
      return "32B";
    default:
      return "invalid (" + std::to_string(code) + ")";
  }
}

std::optional<int> parse_umma_swizzle(std::string_view t) {
  if (t == "none" || t == "0") return 0;
  if (t == "128B_BASE32B" || t == "128B_base32b" || t == "128b_base32b" || t == "128B_atom32B" || t == "1")
    return 1;
  if (t == "128B" || t == "128b" || t == "128" || t == "2") return 2;
  if (t == "64B" || t == "64b" || t == "64" || t == "4") return 4;
  if (t == "32B" || t == "32b" || t == "32" || t == "6") return 6;
  if (t == "3" || t == "5" || t == "7") return static_cast<int>(t[0] - '0');  // kept, refused by validation
  return std::nullopt;
}

std::vector<std::string> describe_umma_smem_descriptor(std::uint64_t bits) {
  const UmmaSmemDescriptor d = decode_umma_smem_descriptor(bits);
  std::vector<std::string> lines;
  lines.push_back(printf_string("sm_100 smem descriptor 0x%016llx", static_cast<unsigned long long>(bits)));
  lines.push_back(printf_string("start address    bits  0-13  0x%04x  = byte 0x%05x", d.start_address >> 4,
                                d.start_address));
  lines.push_back(printf_string("reserved         bits 14-15  %d%s", d.reserved_14_15,
                                d.reserved_14_15 ? "       (must be 0)" : ""));
  lines.push_back(printf_string("LBO              bits 16-29  0x%04x  = %u bytes", d.leading_byte_offset >> 4,
                                d.leading_byte_offset));
  lines.push_back(printf_string("reserved         bits 30-31  %d%s", d.reserved_30_31,
                                d.reserved_30_31 ? "       (must be 0)" : ""));
  lines.push_back(printf_string("SBO              bits 32-45  0x%04x  = %u bytes", d.stride_byte_offset >> 4,
                                d.stride_byte_offset));
  lines.push_back(printf_string("fixed 0b001      bits 46-48  %d%s", d.fixed_46_48,
                                d.fixed_46_48 == 1 ? "" : "       (must be 1)"));
  lines.push_back(printf_string("base offset      bits 49-51  %d", d.base_offset));
  lines.push_back(
      printf_string("LBO mode         bit  52     %d       = %s", d.lbo_mode,
                    d.lbo_mode ? "byte address absolute (sm_103a only)" : "byte offset relative"));
  lines.push_back(printf_string("fixed 0          bits 53-60  0x%02x%s", d.fixed_53_60,
                                d.fixed_53_60 == 0 ? "" : "    (must be 0)"));
  lines.push_back(printf_string("swizzle          bits 61-63  %d       = %s", d.swizzle,
                                umma_swizzle_name(d.swizzle).c_str()));
  return lines;
}

// --- Instruction descriptor -----------------------------------------------------------------

std::uint32_t umma_reserved_mask(UmmaKind kind) {
  if (!umma_kind_block_scaled(kind)) return 1u << 6 | 1u << 23 | 1u << 29;  // Table 42
  std::uint32_t m = 3u << 0 | 1u << 3 | 1u << 6 | 7u << 24;                 // Tables 43, 44
  if (is_mxf4(kind)) return m | 1u << 12;                                   // B format is 2 bits
  return m | 1u << 31;                                                      // mxf8f6f4: no K bit
}

std::uint32_t encode_umma_instr_descriptor(const UmmaInstrDescriptor& d, UmmaKind kind) {
  std::uint32_t b = place(d.sparse ? 1 : 0, 2, 1) | place(d.a_format, 7, 3) |
                    place(d.b_format, 10, is_mxf4(kind) ? 2 : 3) | place(d.negate_a ? 1 : 0, 13, 1) |
                    place(d.negate_b ? 1 : 0, 14, 1) | place(d.transpose_a ? 1 : 0, 15, 1) |
                    place(d.transpose_b ? 1 : 0, 16, 1) | place(d.n >> 3, 17, 6);
  if (umma_kind_block_scaled(kind)) {
    b |= place(d.b_scale_id, 4, 2) | place(d.scale_format, 23, 1) | place(d.m >> 7, 27, 2) |
         place(d.a_scale_id, 29, 2);
    if (is_mxf4(kind)) b |= place(d.k_dimension, 31, 1);
  } else {
    b |= place(d.sparse_selector, 0, 2) | place(d.saturate ? 1 : 0, 3, 1) | place(d.d_format, 4, 2) |
         place(d.m >> 4, 24, 5) | place(d.max_shift, 30, 2);
  }
  return b | d.reserved_bits;
}

UmmaInstrDescriptor decode_umma_instr_descriptor(std::uint32_t bits, UmmaKind kind) {
  UmmaInstrDescriptor d;
  d.sparse = field(bits, 2, 1) != 0;
  d.a_format = static_cast<int>(field(bits, 7, 3));
  d.b_format = static_cast<int>(field(bits, 10, is_mxf4(kind) ? 2 : 3));
  d.negate_a = field(bits, 13, 1) != 0;
  d.negate_b = field(bits, 14, 1) != 0;
  d.transpose_a = field(bits, 15, 1) != 0;
  d.transpose_b = field(bits, 16, 1) != 0;
  d.n = static_cast<int>(field(bits, 17, 6)) << 3;
  if (umma_kind_block_scaled(kind)) {
    d.d_format = 1;  // F32, implied
    d.b_scale_id = static_cast<int>(field(bits, 4, 2));
    d.scale_format = static_cast<int>(field(bits, 23, 1));
    d.m = static_cast<int>(field(bits, 27, 2)) << 7;
    d.a_scale_id = static_cast<int>(field(bits, 29, 2));
    d.k_dimension = is_mxf4(kind) ? static_cast<int>(field(bits, 31, 1)) : 0;
  } else {
    d.sparse_selector = static_cast<int>(field(bits, 0, 2));
    d.saturate = field(bits, 3, 1) != 0;
    d.d_format = static_cast<int>(field(bits, 4, 2));
    d.m = static_cast<int>(field(bits, 24, 5)) << 4;
    d.max_shift = static_cast<int>(field(bits, 30, 2));
  }
  d.reserved_bits = bits & umma_reserved_mask(kind);
  return d;
}

std::optional<int> umma_format_code(UmmaKind kind, char operand, std::string_view name) {
  for (int code = 0; code < 8; ++code) {
    const char* n = format_name_or_null(kind, operand, code);
    if (n && name == n) return code;
  }
  return std::nullopt;
}

std::string umma_format_name(UmmaKind kind, char operand, int code) {
  const char* n = format_name_or_null(kind, operand, code);
  return n ? std::string(n) : "invalid (" + std::to_string(code) + ")";
}

std::optional<std::string> validate_umma_instr_descriptor(const UmmaInstrDescriptor& d, UmmaKind kind) {
  const std::string k(to_string(kind));
  if (d.reserved_bits != 0)
    return printf_string("reserved bits 0x%08x are set: .kind::%s's descriptor has them 0", d.reserved_bits,
                         k.c_str());
  if (!umma_kind_block_scaled(kind) && !format_name_or_null(kind, 'd', d.d_format))
    return printf_string("D format %d is not one .kind::%s takes", d.d_format, k.c_str());
  if (!format_name_or_null(kind, 'a', d.a_format))
    return printf_string("A format %d is not one .kind::%s takes", d.a_format, k.c_str());
  if (!format_name_or_null(kind, 'b', d.b_format))
    return printf_string("B format %d is not one .kind::%s takes", d.b_format, k.c_str());
  if (kind == UmmaKind::f16 && d.a_format != d.b_format)
    return std::string(".kind::f16 multiplies F16 by F16 or BF16 by BF16: A and B formats must match");
  if (!umma_kind_block_scaled(kind)) {
    if (d.saturate && kind != UmmaKind::i8) return std::string("saturate exists for .kind::i8 only");
    if ((d.negate_a || d.negate_b) && kind == UmmaKind::i8)
      return std::string(".kind::i8 cannot negate A or B");
    if (d.sparse_selector != 0 && !d.sparse)
      return printf_string(
          "sparsity selector %d on a dense MMA: it selects metadata only when bit 2 (sparse) is set",
          d.sparse_selector);
  } else {
    if (is_mxf4(kind)) {
      if (d.transpose_a || d.transpose_b)
        return printf_string(".kind::%s reads K-major A and B only (transpose must be 0)", k.c_str());
      if ((d.a_scale_id != 0 && d.a_scale_id != 2) || (d.b_scale_id != 0 && d.b_scale_id != 2))
        return printf_string(".kind::%s scale factor data IDs are 0 or 2 (A %d, B %d)", k.c_str(),
                             d.a_scale_id, d.b_scale_id);
      if (d.k_dimension == 1 && d.sparse) return std::string("K 96 (bit 31) exists for dense MMAs only");
    }
    if (d.scale_format == 0 && kind != UmmaKind::mxf4nvf4)
      return printf_string("UE4M3 scale factors (bit 23 = 0) are .kind::mxf4nvf4 only; .kind::%s takes UE8M0",
                           k.c_str());
  }
  if (umma_kind_block_scaled(kind)) {
    if (d.m != 128 && d.m != 256)
      return printf_string("M = %d: block-scaled kinds take M 128 or 256 (bits 27-28 hold M >> 7)", d.m);
  } else if (d.m != 64 && d.m != 128 && d.m != 256) {
    return printf_string("M = %d: tcgen05.mma takes M 64, 128 or 256", d.m);
  }
  const int step = d.m == 64 ? 8 : 16;
  if (d.n < step || d.n > 256 || d.n % step != 0)
    return printf_string("N = %d: with M = %d, N runs from %d to 256 in steps of %d", d.n, d.m, step, step);
  return std::nullopt;
}

std::string_view to_string(UmmaKind k) {
  switch (k) {
    case UmmaKind::f16:
      return "f16";
    case UmmaKind::tf32:
      return "tf32";
    case UmmaKind::f8f6f4:
      return "f8f6f4";
    case UmmaKind::i8:
      return "i8";
    case UmmaKind::mxf8f6f4:
      return "mxf8f6f4";
    case UmmaKind::mxf4:
      return "mxf4";
    case UmmaKind::mxf4nvf4:
      return "mxf4nvf4";
  }
  return "?";
}

std::optional<UmmaKind> parse_umma_kind(std::string_view t) {
  for (std::string_view prefix : {".kind::", "kind::"})
    if (t.substr(0, prefix.size()) == prefix) t.remove_prefix(prefix.size());
  for (UmmaKind k : {UmmaKind::f16, UmmaKind::tf32, UmmaKind::f8f6f4, UmmaKind::i8, UmmaKind::mxf8f6f4,
                     UmmaKind::mxf4, UmmaKind::mxf4nvf4})
    if (t == to_string(k)) return k;
  return std::nullopt;
}

std::vector<std::string> describe_umma_instr_descriptor(std::uint32_t bits, UmmaKind kind) {
  const UmmaInstrDescriptor d = decode_umma_instr_descriptor(bits, kind);
  const bool bs = umma_kind_block_scaled(kind);
  std::vector<std::string> lines;
  lines.push_back(printf_string("instruction descriptor 0x%08x  (.kind::%s)", bits,
                                std::string(to_string(kind)).c_str()));
  if (!bs) lines.push_back(printf_string("sparsity selector bits  0-1   %d", d.sparse_selector));
  lines.push_back(printf_string("sparsity          bit   2     %d       = %s", d.sparse ? 1 : 0,
                                d.sparse ? "sparse" : "dense"));
  if (!bs) {
    lines.push_back(printf_string("saturate          bit   3     %d", d.saturate ? 1 : 0));
    lines.push_back(printf_string("D format          bits  4-5   %d       = %s", d.d_format,
                                  umma_format_name(kind, 'd', d.d_format).c_str()));
  } else {
    lines.push_back(printf_string("B scale data ID   bits  4-5   %d", d.b_scale_id));
  }
  lines.push_back(printf_string("A format          bits  7-9   %d       = %s", d.a_format,
                                umma_format_name(kind, 'a', d.a_format).c_str()));
  lines.push_back(printf_string("B format          bits 10-%d  %d       = %s", is_mxf4(kind) ? 11 : 12,
                                d.b_format, umma_format_name(kind, 'b', d.b_format).c_str()));
  lines.push_back(printf_string("negate A          bit  13     %d", d.negate_a ? 1 : 0));
  lines.push_back(printf_string("negate B          bit  14     %d", d.negate_b ? 1 : 0));
  lines.push_back(printf_string("transpose A       bit  15     %d       = %s-major", d.transpose_a ? 1 : 0,
                                d.transpose_a ? "M" : "K"));
  lines.push_back(printf_string("transpose B       bit  16     %d       = %s-major", d.transpose_b ? 1 : 0,
                                d.transpose_b ? "N" : "K"));
  lines.push_back(printf_string("N >> 3            bits 17-22  %-7d = N %d", d.n >> 3, d.n));
  if (bs) {
    lines.push_back(printf_string("scale format      bit  23     %d       = %s", d.scale_format,
                                  d.scale_format ? "UE8M0" : "UE4M3"));
    lines.push_back(printf_string("M >> 7            bits 27-28  %-7d = M %d", d.m >> 7, d.m));
    lines.push_back(printf_string("A scale data ID   bits 29-30  %d", d.a_scale_id));
    if (is_mxf4(kind))
      lines.push_back(printf_string("K dimension       bit  31     %d       = %s", d.k_dimension,
                                    d.k_dimension ? "dense K 96" : "dense K 64 / sparse K 128"));
  } else {
    lines.push_back(printf_string("M >> 4            bits 24-28  %-7d = M %d", d.m >> 4, d.m));
    static const char* const kShift[] = {"no shift", "8", "16", "32"};
    lines.push_back(
        printf_string("max shift (.ws)   bits 30-31  %d       = %s", d.max_shift, kShift[d.max_shift & 3]));
  }
  if (d.reserved_bits)
    lines.push_back(printf_string("reserved bits set 0x%08x (must be 0)", d.reserved_bits));
  return lines;
}

}  // namespace fragviz
