// The CTA tile's configuration (cta_config.hpp): field names and a preset with overrides on top.
#include "fragviz/tile/cta_config.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <vector>

#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::tile {

namespace {

/// After "no preset 'X'": the nearest names, then every preset (17, one line: short enough to read).
std::string preset_hint(const std::string& typed) {
  std::vector<std::string> names;
  for (const CtaPreset& p : cta_presets()) names.push_back(p.name);
  return did_you_mean(typed, names) + "\nthe " + std::to_string(names.size()) +
         " presets (tiled --presets): " + cta_preset_names();
}

}  // namespace

bool operator==(const CtaTileSpec& a, const CtaTileSpec& b) {
  return a.mma == b.mma && a.atoms == b.atoms && a.permute == b.permute && a.copy == b.copy &&
         a.value_bits == b.value_bits && a.smem == b.smem && a.tile == b.tile && a.k_block == b.k_block &&
         a.reuse_c_as_a == b.reuse_c_as_a && a.register_swap == b.register_swap && a.gmem_copy == b.gmem_copy;
}

namespace {

/// Each field's command-line flag and its label in the CTA tile window: one row per field.
struct FieldWords {
  CtaField field;
  std::string_view flag, label;
};
constexpr FieldWords kFieldWords[] = {
    {CtaField::preset, "--preset", "preset"},
    {CtaField::mma, "--mma", "MMA atom"},
    {CtaField::atoms, "--atoms", "atoms"},
    {CtaField::permute, "--permute", "permutation"},
    {CtaField::copy_a, "--copy-a", "copy A"},
    {CtaField::copy_b, "--copy-b", "copy B"},
    {CtaField::copy_c, "--copy-c", "copy C"},
    {CtaField::value_bits_a, "--value-bits", "value bits"},
    {CtaField::value_bits_b, "--value-bits", "value bits"},
    {CtaField::value_bits_c, "--value-bits", "value bits"},
    {CtaField::smem_a, "--smem-a", "smem A (M x K)"},
    {CtaField::smem_b, "--smem-b", "smem B (N x K)"},
    {CtaField::smem_c, "--smem-c", "smem C (M x N)"},
    {CtaField::tile, "--tile", "CTA tile MxNxK"},
    {CtaField::k_block, "--k-block", "k-block"},
    {CtaField::reuse_c_as_a, "--reuse-c-as-a", "C reused as the next A"},
    {CtaField::register_swap, "--register-swap", "registers swapped after the copy"},
    {CtaField::gmem_copy_a, "--gmem-copy-a", "gmem copy A"},
    {CtaField::gmem_copy_b, "--gmem-copy-b", "gmem copy B"},
};

const FieldWords* words_of(CtaField f) {
  for (const FieldWords& w : kFieldWords)
    if (w.field == f) return &w;
  return nullptr;
}

}  // namespace

std::string_view cta_field_flag(CtaField f) {
  const FieldWords* w = words_of(f);
  return w ? w->flag : "";
}

std::string_view cta_field_label(CtaField f) {
  const FieldWords* w = words_of(f);
  return w ? w->label : "";
}

std::string cta_message_in_labels(std::string message) {
  // Longest flags first: "--copy-a" lies inside "--gmem-copy-a".
  std::vector<FieldWords> fields(std::begin(kFieldWords), std::end(kFieldWords));
  std::stable_sort(fields.begin(), fields.end(),
                   [](const FieldWords& a, const FieldWords& b) { return a.flag.size() > b.flag.size(); });
  for (const FieldWords& w : fields) {
    const std::string_view flag = w.flag, label = w.label;
    for (std::size_t at = message.find(flag); at != std::string::npos; at = message.find(flag, at)) {
      const std::size_t end = at + flag.size();
      // A whole flag only: not the start of a longer one ("--copy-a" in "--copy-all").
      if (end < message.size() &&
          (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) {
        at = end;
        continue;
      }
      message.replace(at, flag.size(), label);
      at += label.size();
    }
  }
  return message;
}

CtaField cta_operand_field(CtaField first, std::size_t i) {
  return static_cast<CtaField>(static_cast<std::uint8_t>(first) + static_cast<std::uint8_t>(i % 3));
}

bool CtaOverrides::cta_fields() const {
  return !preset.empty() || smem[0] || smem[1] || smem[2] || tile || k_block || reuse_c_as_a ||
         register_swap || gmem_copy[0] || gmem_copy[1];
}

CtaSpecOutcome apply_cta_overrides(const CtaOverrides& o) {
  CtaSpecOutcome out;
  CtaTileSpec s;
  if (!o.preset.empty()) {
    const CtaPreset* p = find_cta_preset(o.preset);
    if (!p) {
      out.error = CtaConfigError{CtaField::preset, 0, algebra::Refusal::bad_input,
                                 "no preset '" + echo_text(o.preset) + "'" + preset_hint(o.preset)};
      return out;
    }
    s = p->spec;
  }
  if (o.mma) s.mma = *o.mma;
  if (o.atoms) s.atoms = *o.atoms;
  if (o.permute) s.permute = *o.permute;
  for (std::size_t i = 0; i < 3; ++i) {
    if (o.copy[i]) s.copy[i] = *o.copy[i];
    if (o.smem[i]) s.smem[i] = *o.smem[i];
    if (o.value_bits) s.value_bits[i] = *o.value_bits;
  }
  for (std::size_t i = 0; i < 2; ++i)
    if (o.gmem_copy[i]) s.gmem_copy[i] = *o.gmem_copy[i];
  if (o.tile) s.tile = *o.tile;
  if (o.k_block) s.k_block = *o.k_block;
  if (o.reuse_c_as_a) s.reuse_c_as_a = true;
  if (o.register_swap) s.register_swap = *o.register_swap;
  if (s.mma.empty()) {
    out.error = CtaConfigError{CtaField::mma, 0, algebra::Refusal::bad_input,
                               "--mma or --preset is required (tiled --list, tiled --presets)"};
    return out;
  }
  out.spec = std::move(s);
  return out;
}

}  // namespace fragviz::tile
