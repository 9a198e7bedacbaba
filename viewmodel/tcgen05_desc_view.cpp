#include "fragviz/viewmodel/tcgen05_desc_view.hpp"

#include <cstdio>

#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz::app {

std::optional<std::uint64_t> parse_descriptor_hex(std::string_view t, std::size_t max_digits) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  if (t.size() >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t.remove_prefix(2);
  if (t.empty() || t.size() > max_digits) return std::nullopt;
  std::uint64_t v = 0;
  for (char ch : t) {
    int d = ch >= '0' && ch <= '9'   ? ch - '0'
            : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
            : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                     : -1;
    if (d < 0) return std::nullopt;
    v = v << 4 | static_cast<std::uint64_t>(d);
  }
  return v;
}

std::string descriptor_hex(std::uint64_t bits, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llX", digits, static_cast<unsigned long long>(bits));
  return buf;
}

Sm100DescriptorView make_sm100_descriptor_view(const Sm100DescriptorControls& c) {
  Sm100DescriptorView v;
  v.status = sm100_model_only_line();
  v.smem_source = "PTX ISA 9.1, 9.7.16.4.1 \"Shared memory descriptor\" (Table 40)";
  v.idesc_source = std::string("PTX ISA 9.1, 9.7.16.4.2 \"Instruction descriptor\" (Table ") +
                   (umma_kind_block_scaled(c.kind) ? (c.kind == UmmaKind::mxf8f6f4 ? "43" : "44") : "42") +
                   ", .kind::" + std::string(to_string(c.kind)) + ")";
  if (const auto b = parse_descriptor_hex(c.smem, 16)) {
    v.smem.read = true;
    v.smem.bits = *b;
    v.smem.lines = describe_umma_smem_descriptor(*b);
    const UmmaSmemDescriptor d = decode_umma_smem_descriptor(*b);
    v.smem.refusal = validate_umma_smem_descriptor(d);
    v.smem.warning = umma_base_offset_warning(d);
  } else {
    v.smem.error = "a shared-memory descriptor is 64 bits: up to 16 hexadecimal digits, 0x optional";
  }
  if (const auto b = parse_descriptor_hex(c.idesc, 8)) {
    v.idesc.read = true;
    v.idesc.bits = *b;
    const auto w = static_cast<std::uint32_t>(*b);
    v.idesc.lines = describe_umma_instr_descriptor(w, c.kind);
    v.idesc.refusal = validate_umma_instr_descriptor(decode_umma_instr_descriptor(w, c.kind), c.kind);
  } else {
    v.idesc.error = "an instruction descriptor is 32 bits: up to 8 hexadecimal digits, 0x optional";
  }
  return v;
}

}  // namespace fragviz::app
