#include "fragviz/isa/smem_descriptor.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <unordered_map>

namespace fragviz {

CoreMatrixPlace core_matrix_place(const SmemOperandLayout& l, std::uint32_t start, int mn, int k) {
  const int t = 16 / smem_element_bytes(l.type);
  CoreMatrixPlace p;
  if (l.major == Major::K) {
    p.core_mn = mn / 8;
    p.core_k = k / t;
    p.row = mn % 8;
  } else {
    p.core_mn = mn / t;
    p.core_k = k / 8;
    p.row = k % 8;
  }
  p.chunk = static_cast<int>((smem_operand_address(l, start, mn, k) >> 4) %
                             static_cast<std::uint32_t>(swizzle_units(l.swizzle)));
  return p;
}

MatrixDescriptor descriptor_for(const SmemOperandLayout& l, std::uint32_t start) {
  MatrixDescriptor d;
  d.start_address = start;
  d.leading_byte_offset = l.lbo;
  d.stride_byte_offset = l.sbo;
  d.base_offset = 0;
  d.swizzle = l.swizzle;
  return d;
}

SmemOperandLayout canonical_layout(ElemType type, Major major, SmemSwizzle swizzle, int mn, int k) {
  SmemOperandLayout l;
  l.type = type;
  l.major = major;
  l.swizzle = swizzle;
  l.mn = mn;
  l.k = k;
  const int t = 16 / smem_element_bytes(type);
  const std::uint32_t w = static_cast<std::uint32_t>(swizzle_units(swizzle));
  if (major == Major::K) {
    l.lbo = swizzle == SmemSwizzle::none ? 128 : 16;
    l.sbo = swizzle == SmemSwizzle::none ? 256 : 128 * w;
  } else if (swizzle == SmemSwizzle::none) {
    l.sbo = 128;
    l.lbo = 128 * static_cast<std::uint32_t>((mn + t - 1) / t);
  } else {
    const int atom = t * static_cast<int>(w);
    l.lbo = 128 * w;
    l.sbo = 128 * w * static_cast<std::uint32_t>((mn + atom - 1) / atom);
  }
  return l;
}

std::uint32_t layout_footprint_bytes(const SmemOperandLayout& l, std::uint32_t start) {
  std::uint32_t end = 0;
  const std::uint32_t eb = static_cast<std::uint32_t>(smem_element_bytes(l.type));
  for (int mn = 0; mn < l.mn; ++mn)
    for (int k = 0; k < l.k; ++k) end = std::max(end, smem_operand_address(l, start, mn, k) + eb);
  return end > start ? end - start : 0;
}

std::optional<std::string> validate_layout(const SmemOperandLayout& l, std::uint32_t start) {
  char buf[256];
  const int eb = smem_element_bytes(l.type);
  if (eb != 1 && eb != 2 && eb != 4) return std::string("wgmma reads 8-, 16- and 32-bit elements only");
  if (l.mn <= 0 || l.mn % 8 != 0 || l.mn > 256)
    return std::string("the M/N extent must be a multiple of 8 from 8 to 256");
  if (l.k * eb != 32) return std::string("the K extent of one wgmma is 32 bytes");
  if (l.major == Major::MN && eb != 2)
    return std::string("M/N-major (transposed) operands exist for .f16 and .bf16 only (imm-trans-a/b)");
  const auto check_field = [&](const char* name, std::uint32_t v) -> std::optional<std::string> {
    if (v % 16 != 0 || v >= (1u << 18)) {
      std::snprintf(buf, sizeof buf,
                    "%s = %u bytes: must be a multiple of 16 below 262144 (14 bits of 16 bytes)", name, v);
      return std::string(buf);
    }
    return std::nullopt;
  };
  if (auto e = check_field("start address", start)) return e;
  if (auto e = check_field("LBO", l.lbo)) return e;
  if (auto e = check_field("SBO", l.sbo)) return e;
  if (l.swizzle != SmemSwizzle::none) {
    const std::uint32_t repeat = static_cast<std::uint32_t>(swizzle_repeat_bytes(l.swizzle));
    const std::uint32_t row = static_cast<std::uint32_t>(16 * swizzle_units(l.swizzle));
    const std::uint32_t phase = start % repeat;
    if (l.major == Major::MN ? phase != 0 : phase >= row) {
      std::snprintf(buf, sizeof buf,
                    "start address 0x%x is %u bytes into a %s swizzle pattern: the pattern must start on a "
                    "%u-byte boundary (a K-major operand may start up to %u bytes into its first row); "
                    "fragviz models base offset 0 only",
                    start, phase, std::string(to_string(l.swizzle)).c_str(), repeat,
                    l.major == Major::MN ? 0u : row - 16);
      return std::string(buf);
    }
  }
  std::unordered_map<std::uint32_t, int> seen;  // byte address -> mn * k + k
  for (int mn = 0; mn < l.mn; ++mn) {
    for (int k = 0; k < l.k; ++k) {
      const std::uint32_t a = smem_operand_address(l, start, mn, k);
      const auto [it, fresh] = seen.emplace(a, mn * l.k + k);
      if (!fresh) {
        std::snprintf(buf, sizeof buf,
                      "core matrices overlap: elements (mn %d, k %d) and (mn %d, k %d) both at byte 0x%x "
                      "(LBO %u, SBO %u)",
                      it->second / l.k, it->second % l.k, mn, k, a, l.lbo, l.sbo);
        return std::string(buf);
      }
    }
  }
  if (start + layout_footprint_bytes(l, start) > 227u * 1024u) {
    std::snprintf(buf, sizeof buf,
                  "the tile ends at byte %u, past the 227 KB of shared memory a block can have",
                  start + layout_footprint_bytes(l, start));
    return std::string(buf);
  }
  return std::nullopt;
}

std::string_view to_string(SmemSwizzle s) {
  switch (s) {
    case SmemSwizzle::none:
      return "none";
    case SmemSwizzle::b32:
      return "32B";
    case SmemSwizzle::b64:
      return "64B";
    case SmemSwizzle::b128:
      return "128B";
  }
  return "?";
}

std::optional<SmemSwizzle> parse_smem_swizzle(std::string_view text) {
  if (text == "none" || text == "0" || text == "interleave") return SmemSwizzle::none;
  if (text == "32B" || text == "32" || text == "32b") return SmemSwizzle::b32;
  if (text == "64B" || text == "64" || text == "64b") return SmemSwizzle::b64;
  if (text == "128B" || text == "128" || text == "128b") return SmemSwizzle::b128;
  return std::nullopt;
}

std::string_view to_string(Major m) { return m == Major::K ? "K" : "MN"; }

std::optional<Major> parse_major(std::string_view text) {
  if (text == "K" || text == "k") return Major::K;
  if (text == "MN" || text == "mn" || text == "M" || text == "N") return Major::MN;
  return std::nullopt;
}

std::vector<ReservedBits> descriptor_reserved_set(std::uint64_t bits) {
  std::uint64_t fields = 0;
  for (const DescriptorField& f : kDescriptorFields) fields |= f.mask();
  std::vector<ReservedBits> runs;
  for (int lo = 0; lo < 64;) {
    if (fields >> lo & 1) {
      ++lo;
      continue;
    }
    int hi = lo;
    while (hi + 1 < 64 && !(fields >> (hi + 1) & 1)) ++hi;
    const int width = hi - lo + 1;
    const std::uint64_t set =
        bits >> lo & (width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1);
    if (set != 0) runs.push_back(ReservedBits{lo, hi, set});
    lo = hi + 1;
  }
  return runs;
}

std::optional<std::string> descriptor_reserved_warning(std::uint64_t bits) {
  const std::vector<ReservedBits> runs = descriptor_reserved_set(bits);
  if (runs.empty()) return std::nullopt;
  std::string which;
  for (const ReservedBits& r : runs)
    which += (which.empty() ? "" : ", ") + std::to_string(r.lo) + "-" + std::to_string(r.hi);
  return "reserved bits " + which +
         " are set: the PTX ISA's Matrix Descriptor Format defines no field there (fragviz decodes the "
         "fields only)";
}

std::vector<std::string> describe_descriptor(std::uint64_t bits) {
  const MatrixDescriptor d = decode_descriptor(bits);
  const std::vector<ReservedBits> reserved = descriptor_reserved_set(bits);
  char buf[160];
  std::vector<std::string> lines;
  std::snprintf(buf, sizeof buf, "descriptor       0x%016llx", static_cast<unsigned long long>(bits));
  lines.emplace_back(buf);
  // "start address    bits  0-13  ": the name and bit range from the one table.
  const auto head = [](std::string_view name, int lo, int hi) {
    char h[64];
    std::snprintf(h, sizeof h, "%-17.*sbits %2d-%2d  ", static_cast<int>(name.size()), name.data(), lo, hi);
    return std::string(h);
  };
  std::size_t next_reserved = 0;
  for (std::size_t i = 0; i < std::size(kDescriptorFields); ++i) {
    const DescriptorField& f = kDescriptorFields[i];
    for (; next_reserved < reserved.size() && reserved[next_reserved].lo < f.lo; ++next_reserved) {
      const ReservedBits& r = reserved[next_reserved];
      std::snprintf(buf, sizeof buf, "0x%llx  set (reserved: should be 0)",
                    static_cast<unsigned long long>(r.set));
      lines.push_back(head("reserved", r.lo, r.hi) + buf);
    }
    switch (i) {
      case 0:
        std::snprintf(buf, sizeof buf, "0x%04x  = byte 0x%05x", d.start_address >> 4, d.start_address);
        break;
      case 1:
        std::snprintf(buf, sizeof buf, "0x%04x  = %u bytes", d.leading_byte_offset >> 4,
                      d.leading_byte_offset);
        break;
      case 2:
        std::snprintf(buf, sizeof buf, "0x%04x  = %u bytes", d.stride_byte_offset >> 4, d.stride_byte_offset);
        break;
      case 3:
        std::snprintf(buf, sizeof buf, "%d", d.base_offset);
        break;
      default:
        std::snprintf(buf, sizeof buf, "%d       = %s", static_cast<int>(d.swizzle),
                      std::string(to_string(d.swizzle)).c_str());
    }
    lines.push_back(head(f.name, f.lo, f.lo + f.bits - 1) + buf);
  }
  return lines;
}

std::optional<std::string> swizzle_base_offset_warning(std::uint32_t start, int base_offset, int repeat,
                                                       std::string_view swizzle, std::string_view section) {
  if (repeat <= 0 || base_offset != 0 || start % static_cast<std::uint32_t>(repeat) == 0) return std::nullopt;
  const int wanted = static_cast<int>((start >> 7) & 7);
  if (wanted == 0) return std::nullopt;  // inside the pattern's first 128 bytes: a K offset, base 0 fits
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "start address 0x%05x is %u bytes into the %.*s swizzle's %d-byte pattern, with base offset 0. "
      "PTX ISA %.*s: base offset 0 means the pattern starts on a %d-byte boundary; if it starts at "
      "0x%05x, the base offset must be (0x%05x >> 7) & 7 = %d. fragviz does not model non-zero "
      "base offsets: check where the pattern starts",
      start, start % static_cast<std::uint32_t>(repeat), static_cast<int>(swizzle.size()), swizzle.data(),
      repeat, static_cast<int>(section.size()), section.data(), repeat, start, start, wanted);
  return std::string(buf);
}

std::optional<std::string> descriptor_base_offset_warning(const MatrixDescriptor& d) {
  if (d.swizzle == SmemSwizzle::none) return std::nullopt;
  return swizzle_base_offset_warning(d.start_address, d.base_offset, swizzle_repeat_bytes(d.swizzle),
                                     to_string(d.swizzle), "9.0, \"Matrix Descriptor Format\"");
}

}  // namespace fragviz
