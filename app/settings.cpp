#include "settings.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <tuple>

#include "bank_layout_mode.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/isa/tcgen05_desc.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/util/json_text.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/whole_file.hpp"
#include "fragviz/util/words.hpp"
#include "report_view.hpp"

namespace fragviz::app {

namespace {

using nlohmann::json;

// [SECTION] reading one field

/// How a message shows a value from the file: numbers, booleans and short strings as written,
/// anything else by its kind (never dumped whole: a hostile file may nest arrays 100000 deep).
std::string shown(const json& v) {
  switch (v.type()) {
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
    case json::value_t::boolean:
    case json::value_t::null:
      return v.dump();
    case json::value_t::string: {
      const std::string& s = v.get_ref<const std::string&>();
      if (s.size() <= 80) return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
      return json(s.substr(0, 80)).dump(-1, ' ', false, json::error_handler_t::replace) + "...";
    }
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "a value of no JSON type";
  }
}

/// Collects the messages of one parse.
struct Reader {
  ParsedSettings& out;
  void say(std::string m) { out.messages.push_back(std::move(m)); }

  /// A whole number within [lo, hi] at `key` of `j`; outside the range the nearest bound; not a
  /// whole number: `out` stays (the default). Each replacement is said.
  /// With `clamp` false a value outside the range is replaced by the default instead.
  void integer(const json& j, const char* key, const std::string& name, long long lo, long long hi,
               int& out_v, bool clamp = true) {
    auto it = j.find(key);
    if (it == j.end()) return;
    const json& v = *it;
    const std::string def = std::to_string(out_v);
    if (!v.is_number()) {
      say(name + " " + shown(v) + " is not a number: using " + def);
      return;
    }
    long long value = 0;
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      value = u > static_cast<std::uint64_t>(hi) ? hi + 1 : static_cast<long long>(u);
    } else if (v.is_number_integer()) {
      value = v.get<std::int64_t>();
    } else {
      const double d = v.get<double>();
      if (!std::isfinite(d) || d != std::floor(d)) {
        say(name + " " + shown(v) + " is not a whole number: using " + def);
        return;
      }
      // Far outside the range: no conversion (1e300 does not fit a long long).
      value = d < static_cast<double>(lo)   ? lo - 1
              : d > static_cast<double>(hi) ? hi + 1
                                            : static_cast<long long>(d);
    }
    if (value < lo || value > hi) {
      const long long used = !clamp ? out_v : value < lo ? lo : hi;
      say(name + " " + shown(v) + " is outside " + std::to_string(lo) + " to " + std::to_string(hi) +
          ": using " + std::to_string(used));
      value = used;
    }
    out_v = static_cast<int>(value);
  }

  /// A finite number within [lo, hi] at `key` of `j` (a fraction too); outside the range the
  /// nearest bound; not a number: `out_v` stays. Each replacement is said.
  void number(const json& j, const char* key, const std::string& name, float lo, float hi, float& out_v) {
    auto it = j.find(key);
    if (it == j.end()) return;
    const std::string def = json(out_v).dump();
    if (!it->is_number()) {
      say(name + " " + shown(*it) + " is not a number: using " + def);
      return;
    }
    const double d = it->get<double>();
    if (!std::isfinite(d)) {  // a number too large for a double reads as null, not here; NaN never
      say(name + " " + shown(*it) + " is not a finite number: using " + def);
      return;
    }
    if (d < lo || d > hi) {
      const float used = d < lo ? lo : hi;
      say(name + " " + shown(*it) + " is outside " + json(lo).dump() + " to " + json(hi).dump() + ": using " +
          json(used).dump());
      out_v = used;
      return;
    }
    out_v = static_cast<float>(d);
  }

  void boolean(const json& j, const char* key, const std::string& name, bool& out_v) {
    auto it = j.find(key);
    if (it == j.end()) return;
    if (it->is_boolean()) {
      out_v = it->get<bool>();
      return;
    }
    say(name + " " + shown(*it) + " is not true or false: using " + (out_v ? "true" : "false"));
  }

  /// A string at `key`, or nullopt (said, when present but not a string).
  std::optional<std::string> string(const json& j, const char* key, const std::string& name,
                                    const std::string& def) {
    auto it = j.find(key);
    if (it == j.end()) return std::nullopt;
    if (it->is_string()) return it->get<std::string>();
    say(name + " " + shown(*it) + " is not a string: using " + def);
    return std::nullopt;
  }

  /// Each key of the object `j` (at `prefix`, "gate.") that no entry of the key table `known`
  /// names, said: a misspelt key is a setting silently not taken.
  /// Not for a file kept as it is (a newer version's keys are expected there).
  template <class Keys>
  void unknown_keys(const json& j, const std::string& prefix, const Keys& known) {
    if (out.keep_file) return;
    for (auto it = j.begin(); it != j.end(); ++it)
      if (std::none_of(std::begin(known), std::end(known), [&](const auto& k) { return it.key() == k.key; }))
        say("unknown setting " + shown(json(prefix + it.key())) + " ignored");
  }

  /// An enumeration by its name: `parse` gives the value or nullopt.
  template <class T, class Parse>
  void named(const json& j, const char* key, const std::string& name, const std::string& choices, Parse parse,
             const std::string& def, T& out_v) {
    if (auto s = string(j, key, name, def)) {
      if (auto v = parse(*s))
        out_v = *v;
      else
        say(name + " " + shown(json(*s)) + " is not one of " + choices + ": using " + def);
    }
  }
};

}  // namespace

// [SECTION] the keys: one table per object of settings.json

namespace {

/// One key of an object of settings.json: how parse_settings reads it from the object `j` into
/// `T` (`name`: the key as messages give it, "gate.n") and how settings_json writes it. Reading,
/// writing and the unknown-key check all walk the object's one table.
template <class T>
struct Key {
  const char* key;
  /// nullptr: read before the table (format, version).
  void (*read)(Reader& r, const json& j, const char* key, const std::string& name, T& out);
  /// nullptr: never written (shape, which files from before the catalogue hold).
  json (*write)(const T& in);
};

template <class T, std::size_t N>
void read_keys(Reader& r, const json& j, const std::string& prefix, const Key<T> (&keys)[N], T& out) {
  for (const Key<T>& k : keys)
    if (k.read) k.read(r, j, k.key, prefix + k.key, out);
  r.unknown_keys(j, prefix, keys);
}

template <class T, std::size_t N>
json write_keys(const Key<T> (&keys)[N], const T& in) {
  json j = json::object();
  for (const Key<T>& k : keys)
    if (k.write)
      if (json v = k.write(in); !v.is_null()) j[k.key] = std::move(v);  // null: nothing to save
  return j;
}

/// `t` in ASCII lower case ("TikZ" -> "tikz"): File > Export's format names in settings.json.
std::string lower(std::string t) {
  for (char& c : t)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return t;
}

/// A key that is the boolean field `F` of T.
template <class T, bool T::*F>
Key<T> bool_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, T& out) {
            r.boolean(j, k, name, out.*F);
          },
          [](const T& in) -> json { return in.*F; }};
}

/// Reads the text field `field` of key `k`: kept as typed, only its size bounded (longer than
/// kMaxLayoutTextChars: said, and the old value kept).
void read_bounded_text(Reader& r, const json& j, const char* k, const std::string& name, std::string& field) {
  if (auto t = r.string(j, k, name, shown(json(field)))) {
    if (t->size() > kMaxLayoutTextChars)
      r.say(name + " is " + std::to_string(t->size()) + " characters, more than " +
            std::to_string(kMaxLayoutTextChars) + ": using " + shown(json(field)));
    else
      field = *t;
  }
}

/// A key of "layout" that is the text field `F` (a layout or a lane pattern): kept as typed even
/// when it does not parse (the view shows why); only its size is bounded.
template <std::string LayoutControls::*F>
Key<LayoutControls> layout_text_key(const char* key) {
  return {key,
          [](Reader& r, const json& l, const char* k, const std::string& name, LayoutControls& c) {
            std::string& field = c.*F;
            read_bounded_text(r, l, k, name, field);
          },
          [](const LayoutControls& c) -> json { return c.*F; }};
}

/// "layout": the bank view's Layout mode.
const Key<LayoutControls> kLayoutKeys[] = {
    bool_key<LayoutControls, &LayoutControls::enabled>("enabled"),
    layout_text_key<&LayoutControls::write_layout>("write"),
    layout_text_key<&LayoutControls::read_layout>("read"),
    layout_text_key<&LayoutControls::lanes>("lanes"),
    {"op",
     [](Reader& r, const json& l, const char* key, const std::string& name, LayoutControls& c) {
       r.named(
           l, key, name, shared_op_names(), [](const std::string& t) { return parse_shared_op(t); },
           std::string(to_string(c.op)), c.op);
     },
     [](const LayoutControls& c) -> json { return std::string(to_string(c.op)); }},
    {"num",
     [](Reader& r, const json& l, const char* key, const std::string& name, LayoutControls& c) {
       r.named(
           l, key, name, "x1, x2, x4", [](const std::string& t) { return parse_num(t); },
           std::string(to_string(c.num)), c.num);
     },
     [](const LayoutControls& c) -> json { return std::string(to_string(c.num)); }},
    bool_key<LayoutControls, &LayoutControls::trans>("trans"),
    {"element_type",
     [](Reader& r, const json& l, const char* key, const std::string& name, LayoutControls& c) {
       r.named(
           l, key, name, "b8, b16, b32, b64 (or f16, bf16, s8, ...)",
           [](const std::string& t) -> std::optional<std::string> {
             if (parse_element_type(t)) return t;
             return std::nullopt;
           },
           c.element_type, c.element_type);
     },
     [](const LayoutControls& c) -> json { return c.element_type; }},
};

/// "gate": the gate's options.
const Key<Settings> kGateKeys[] = {
    {"n",
     [](Reader& r, const json& g, const char* key, const std::string& name, Settings& s) {
       r.integer(g, key, name, kGateMinN, kGateMaxN, s.gate_n);
     },
     [](const Settings& s) -> json { return s.gate_n; }},
    // The seed is any unsigned 64-bit number, written as such: a negative one (which a plain
    // conversion would wrap to 2^64 - 1), a fraction or a float is refused.
    {"seed",
     [](Reader& r, const json& g, const char* key, const std::string& name, Settings& s) {
       auto sd = g.find(key);
       if (sd == g.end()) return;
       const std::string def = std::to_string(s.gate_seed);
       if (sd->is_number_unsigned())
         s.gate_seed = sd->get<std::uint64_t>();
       else if (sd->is_number_integer())
         r.say(name + " " + shown(*sd) + " is negative; a seed is 0 to 18446744073709551615: using " + def);
       else
         r.say(name + " " + shown(*sd) + " is not a whole number from 0 to 18446744073709551615: using " +
               def);
     },
     [](const Settings& s) -> json { return s.gate_seed; }},
    {"variant",
     [](Reader& r, const json& g, const char* key, const std::string& name, Settings& s) {
       r.named(
           g, key, name, gate_variant_names(), [](const std::string& t) { return parse_variant(t); },
           std::string(to_string(s.gate_variant)), s.gate_variant);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.gate_variant)); }},
};

/// One mode's choices of the Tensor memory window (key `k`, text as tmem_mode_text writes it for
/// `mode`): kept in its own words; text that does not read, is too long or names the other mode is
/// said and `field` kept (a combination the model refuses is kept: the view says why).
void read_tmem_mode(Reader& r, const json& j, const char* k, const std::string& name, TmemMode mode,
                    std::string& field) {
  auto t = r.string(j, k, name, shown(json(field)));
  if (!t) return;
  const TmemControlsParse p = parse_tmem_controls(*t);
  const std::string why = t->size() > kMaxLayoutTextChars ? std::string("too long")
                          : !p.controls                   ? p.error
                          : p.controls->mode != mode
                              ? std::string("not ") + (mode == TmemMode::load_store    ? "\"ld ...\""
                                                       : mode == TmemMode::accumulator ? "\"accumulator ...\""
                                                                                       : "\"cp ...\"")
                              : std::string();
  if (!why.empty())
    r.say(name + " " + shown(json(*t)) + " does not read (" + why + "): using " + shown(json(field)));
  else
    field = tmem_mode_text(*p.controls, mode);
}

/// The CTA tile window's preset, a cta_presets() name (`v`, a string): the configuration becomes
/// the preset's; another name is said and the default kept.
void read_cta_preset(Reader& r, const json& v, const std::string& name, CtaTileSettings& c) {
  const std::string t = v.get<std::string>();
  if (!tile::find_cta_preset(t)) {
    r.say(name + " " + shown(v) + " is no CTA tile preset: using " + shown(json(c.preset)));
    return;
  }
  c.preset = t;
  c.spec = cta_preset_spec(t);
}

/// A text field `F` of the CTA configuration: kept as typed even when the model refuses it (the
/// window says why and where); only its size is bounded.
template <std::string tile::CtaTileSpec::*F>
Key<CtaTileSettings> cta_text_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, CtaTileSettings& c) {
            std::string& field = c.spec.*F;
            read_bounded_text(r, j, k, name, field);
          },
          [](const CtaTileSettings& c) -> json { return c.spec.*F; }};
}

/// An operand's text field (copy, smem or gmem copy) of the CTA configuration, as cta_text_key.
template <std::size_t N, std::array<std::string, N> tile::CtaTileSpec::*F, std::size_t I>
Key<CtaTileSettings> cta_operand_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, CtaTileSettings& c) {
            std::string& field = (c.spec.*F)[I];
            read_bounded_text(r, j, k, name, field);
          },
          [](const CtaTileSettings& c) -> json { return (c.spec.*F)[I]; }};
}

/// An operand's value bits: 0 (the element width) to 128; outside, the saved value is said and kept.
template <std::size_t I>
Key<CtaTileSettings> cta_bits_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, CtaTileSettings& c) {
            r.integer(j, k, name, 0, 128, c.spec.value_bits[I], false);
          },
          [](const CtaTileSettings& c) -> json { return c.spec.value_bits[I]; }};
}

/// "cta_tile": the CTA tile window. "preset" first: the fields after it are typed over its
/// configuration (a field absent from the file keeps the preset's).
const Key<CtaTileSettings> kCtaTileKeys[] = {
    {"preset",
     [](Reader& r, const json& j, const char* key, const std::string& name, CtaTileSettings& c) {
       if (auto t = r.string(j, key, name, shown(json(c.preset)))) read_cta_preset(r, json(*t), name, c);
     },
     [](const CtaTileSettings& c) -> json { return c.preset; }},
    cta_text_key<&tile::CtaTileSpec::mma>("mma"),
    cta_text_key<&tile::CtaTileSpec::atoms>("atoms"),
    cta_text_key<&tile::CtaTileSpec::permute>("permute"),
    cta_operand_key<3, &tile::CtaTileSpec::copy, 0>("copy_a"),
    cta_operand_key<3, &tile::CtaTileSpec::copy, 1>("copy_b"),
    cta_operand_key<3, &tile::CtaTileSpec::copy, 2>("copy_c"),
    cta_bits_key<0>("value_bits_a"),
    cta_bits_key<1>("value_bits_b"),
    cta_bits_key<2>("value_bits_c"),
    cta_operand_key<3, &tile::CtaTileSpec::smem, 0>("smem_a"),
    cta_operand_key<3, &tile::CtaTileSpec::smem, 1>("smem_b"),
    cta_operand_key<3, &tile::CtaTileSpec::smem, 2>("smem_c"),
    cta_operand_key<2, &tile::CtaTileSpec::gmem_copy, 0>("gmem_copy_a"),
    cta_operand_key<2, &tile::CtaTileSpec::gmem_copy, 1>("gmem_copy_b"),
    cta_text_key<&tile::CtaTileSpec::tile>("tile"),
    {"k_block",
     [](Reader& r, const json& j, const char* key, const std::string& name, CtaTileSettings& c) {
       r.integer(j, key, name, 0, 1 << 20, c.spec.k_block, false);
     },
     [](const CtaTileSettings& c) -> json { return c.spec.k_block; }},
    {"reuse_c_as_a",
     [](Reader& r, const json& j, const char* key, const std::string& name, CtaTileSettings& c) {
       r.boolean(j, key, name, c.spec.reuse_c_as_a);
     },
     [](const CtaTileSettings& c) -> json { return c.spec.reuse_c_as_a; }},
    cta_text_key<&tile::CtaTileSpec::register_swap>("register_swap"),
    // The window's own choices beside the configuration: its cell width (outside the slider's
    // range: the nearest end) and the thread outlined (outside a CTA: the default kept).
    {"cell",
     [](Reader& r, const json& j, const char* key, const std::string& name, CtaTileSettings& c) {
       r.number(j, key, name, kMinCtaCell, kMaxCtaCell, c.cell);
     },
     [](const CtaTileSettings& c) -> json { return c.cell; }},
    {"thread",
     [](Reader& r, const json& j, const char* key, const std::string& name, CtaTileSettings& c) {
       r.integer(j, key, name, -1, kMaxCtaThread, c.thread, false);
     },
     // A thread past any CTA (the field takes it and says "no thread 5000") is saved as none: the
     // next start would refuse it and say so at every start (newcomer round 28).
     [](const CtaTileSettings& c) -> json {
       return c.thread >= -1 && c.thread <= kMaxCtaThread ? c.thread : -1;
     }},
};

/// An object of settings.json at `key` of `j` read by the table `keys`; anything but an object is
/// said (`what`: the defaults it keeps) and skipped.
template <class T, std::size_t N>
void read_object(Reader& r, const json& j, const char* key, const std::string& name, const Key<T> (&keys)[N],
                 T& out, const char* what) {
  auto it = j.find(key);
  if (it == j.end()) return;
  if (it->is_object())
    read_keys(r, *it, name + ".", keys, out);
  else
    r.say(name + " is " + shown(*it) + ", not an object: using " + what);
}

/// An unsigned 32-bit descriptor field of bytes (`F`): 0 to kDescriptorFieldMaxBytes, as the view
/// takes them; outside, said and the old value kept (the view refuses such a value too).
template <std::uint32_t DescriptorControls::*F>
Key<Settings> descriptor_bytes_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, Settings& s) {
            int v = static_cast<int>(s.descriptor.*F);
            r.integer(j, k, name, 0, kDescriptorFieldMaxBytes, v, false);
            s.descriptor.*F = static_cast<std::uint32_t>(v);
          },
          [](const Settings& s) -> json { return s.descriptor.*F; }};
}

/// A hex word of the descriptor view's sm_100 side (`F`): kept as typed even when it does not read
/// (the view says why); only its size is bounded.
template <std::string Sm100DescriptorControls::*F>
Key<Settings> descriptor_hex_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, Settings& s) {
            read_bounded_text(r, j, k, name, s.descriptor_sm100.*F);
          },
          [](const Settings& s) -> json { return s.descriptor_sm100.*F; }};
}

/// "descriptor": the descriptor view's fields, as the user set or typed them (issue 22: lost at
/// every restart). sm_90: the wgmma operand, major-ness, swizzle, LBO / SBO (typed by the user
/// when "custom", else the entry's canonical ones) and start; sm_100: the two hex words and .kind.
const Key<Settings> kDescriptorKeys[] = {
    {"arch",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "sm_90, sm_100",
           [](const std::string& t) -> std::optional<DescriptorArch> {
             if (t == "sm_90") return DescriptorArch::sm90;
             if (t == "sm_100") return DescriptorArch::sm100;
             return std::nullopt;
           },
           s.descriptor_sm100.arch == DescriptorArch::sm90 ? "sm_90" : "sm_100", s.descriptor_sm100.arch);
     },
     [](const Settings& s) -> json {
       return s.descriptor_sm100.arch == DescriptorArch::sm90 ? "sm_90" : "sm_100";
     }},
    {"operand",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "A, B",
           [](const std::string& t) -> std::optional<Operand> {
             if (t == "A") return Operand::A;
             if (t == "B") return Operand::B;
             return std::nullopt;
           },
           std::string(to_string(s.descriptor.operand)), s.descriptor.operand);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.descriptor.operand)); }},
    {"major",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "K, MN",
           [](const std::string& t) -> std::optional<Major> {
             if (t == "K") return Major::K;
             if (t == "MN") return Major::MN;
             return std::nullopt;
           },
           std::string(to_string(s.descriptor.major)), s.descriptor.major);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.descriptor.major)); }},
    {"swizzle",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "none, 32B, 64B, 128B", [](const std::string& t) { return parse_smem_swizzle(t); },
           std::string(to_string(s.descriptor.swizzle)), s.descriptor.swizzle);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.descriptor.swizzle)); }},
    {"custom",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.boolean(j, key, name, s.descriptor.custom);
     },
     [](const Settings& s) -> json { return s.descriptor.custom; }},
    descriptor_bytes_key<&DescriptorControls::lbo>("lbo"),
    descriptor_bytes_key<&DescriptorControls::sbo>("sbo"),
    descriptor_bytes_key<&DescriptorControls::start>("start"),
    descriptor_hex_key<&Sm100DescriptorControls::smem>("smem"),
    {"kind",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "f16, tf32, f8f6f4, i8, mxf8f6f4, mxf4, mxf4nvf4",
           [](const std::string& t) { return parse_umma_kind(t); },
           std::string(to_string(s.descriptor_sm100.kind)), s.descriptor_sm100.kind);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.descriptor_sm100.kind)); }},
    descriptor_hex_key<&Sm100DescriptorControls::idesc>("idesc"),
};

/// The matrix-move view's tab: its three pages and the 8-bit one.
constexpr const char* kMovesB8Tab = "8-bit";

/// "moves": the matrix-move view's tab (issue 22: it opened on stmatrix after every restart), the
/// stmatrix form, the epilogue preset, the 8-bit page's form and the lane selected.
const Key<Settings> kMovesKeys[] = {
    {"tab",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       const std::string shown_now = s.moves_b8 ? kMovesB8Tab : to_string(s.moves.view);
       auto t = r.string(j, key, name, shown_now);
       if (!t) return;
       if (*t == kMovesB8Tab) {
         s.moves_b8 = true;
         return;
       }
       for (MoveView v : {MoveView::stmatrix, MoveView::movmatrix, MoveView::epilogue})
         if (*t == to_string(v)) {
           s.moves.view = v;
           s.moves_b8 = false;
           return;
         }
       r.say(name + " " + shown(json(*t)) + " is not one of stmatrix, movmatrix, epilogue, 8-bit: using " +
             shown_now);
     },
     [](const Settings& s) -> json { return s.moves_b8 ? kMovesB8Tab : to_string(s.moves.view); }},
    {"num",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "x1, x2, x4", [](const std::string& t) { return parse_num(t); },
           std::string(to_string(s.moves.stmatrix.num)), s.moves.stmatrix.num);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.moves.stmatrix.num)); }},
    {"trans",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.boolean(j, key, name, s.moves.stmatrix.trans);
     },
     [](const Settings& s) -> json { return s.moves.stmatrix.trans; }},
    {"epilogue",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       std::string names;
       for (const EpilogueStore& e : epilogue_presets()) names += (names.empty() ? "" : ", ") + e.name;
       r.named(
           j, key, name, names,
           [](const std::string& t) -> std::optional<std::string> {
             if (find_epilogue(t)) return t;
             return std::nullopt;
           },
           s.moves.epilogue, s.moves.epilogue);
     },
     [](const Settings& s) -> json { return s.moves.epilogue; }},
    {"b8",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "a form of the 8-bit page (its PTX mnemonic)",
           [](const std::string& t) -> std::optional<MatrixMoveB8> {
             if (auto m = parse_matrix_move_b8(t); m && matrix_move_b8_valid(*m)) return m;
             return std::nullopt;
           },
           matrix_move_b8_mnemonic(s.moves_b8_form), s.moves_b8_form);
     },
     [](const Settings& s) -> json { return matrix_move_b8_mnemonic(s.moves_b8_form); }},
    // Retired: the pages' own lane, which files from before hold; every page now follows the app's
    // selected lane (issue 22), so it is neither read nor written, nor said to be unknown.
    {"lane", nullptr, nullptr},
};

/// A saved zoom's "fit" (ZoomSetting::fit) at `j`: each size within its bounds (the nearest one
/// outside); a fit missing a size is said and left out.
std::optional<GridFit> read_grid_fit(Reader& r, const json& j, const std::string& name) {
  if (!j.is_object()) {
    r.say(name + " is " + shown(j) + ", not an object: the fit is worked out again");
    return std::nullopt;
  }
  GridFit f{0, 0, 0, 0, 0};
  r.number(j, "view_w", name + ".view_w", 1.f, 65536.f, f.view_w);
  r.number(j, "view_h", name + ".view_h", 1.f, 65536.f, f.view_h);
  r.number(j, "cell_w", name + ".cell_w", 0.25f, 4096.f, f.cw);
  r.number(j, "cell_h", name + ".cell_h", 0.25f, 4096.f, f.ch);
  r.integer(j, "blocks_per_row", name + ".blocks_per_row", 1, 64, f.per_row);
  const std::array<const char*, 5> known = {"view_w", "view_h", "cell_w", "cell_h", "blocks_per_row"};
  for (auto e = j.begin(); e != j.end(); ++e)
    if (std::none_of(known.begin(), known.end(), [&](const char* n) { return e.key() == n; }))
      r.say("unknown setting " + shown(json(name + "." + e.key())) + " ignored");
  if (f.view_w <= 0 || f.view_h <= 0 || f.cw <= 0 || f.ch <= 0 || f.per_row <= 0) {
    r.say(name + " lacks a size: the fit is worked out again");
    return std::nullopt;
  }
  return f;
}

json grid_fit_json(const GridFit& f) {
  return json{{"view_w", f.view_w},
              {"view_h", f.view_h},
              {"cell_w", f.cw},
              {"cell_h", f.ch},
              {"blocks_per_row", f.per_row}};
}

/// The stacked (not tiled) window whose `field` (WindowSetting::key or ::title) is `v`, or nullptr:
/// what "stacked_tab" may name.
const WindowSetting* stacked_window(const char* WindowSetting::*field, std::string_view v) {
  for (const WindowSetting& w : kWindowSettings)
    if (!w.tiled && v == w.*field) return &w;
  return nullptr;
}

/// One view's saved zoom: "for", the subject it was chosen for, and "zoom", 0 (the view's first) or
/// up to `Hi` (outside: the nearest end); with `Fit`, "fit" too (the fragments view's).
template <ZoomSetting Settings::*F, int Hi, bool Fit = false>
Key<Settings> zoom_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, Settings& s) {
            auto it = j.find(k);
            if (it == j.end()) return;
            if (!it->is_object()) {
              r.say(name + " is " + shown(*it) + ", not an object: the view's first zoom");
              return;
            }
            ZoomSetting z = s.*F;
            read_bounded_text(r, *it, "for", name + ".for", z.key);
            r.number(*it, "zoom", name + ".zoom", 0.f, static_cast<float>(Hi), z.zoom);
            if (auto f = it->find("fit"); Fit && f != it->end()) z.fit = read_grid_fit(r, *f, name + ".fit");
            for (auto e = it->begin(); e != it->end(); ++e)
              if (e.key() != "for" && e.key() != "zoom" && !(Fit && e.key() == "fit"))
                r.say("unknown setting " + shown(json(name + "." + e.key())) + " ignored");
            s.*F = z;
          },
          [](const Settings& s) -> json {
            json j{{"for", (s.*F).key}, {"zoom", (s.*F).zoom}};
            if (Fit && (s.*F).fit) j["fit"] = grid_fit_json(*(s.*F).fit);
            return j;
          }};
}

/// "zoom": each zoomable view's zoom (issue 22: every view opened at its first zoom again).
const Key<Settings> kZoomKeys[] = {
    zoom_key<&Settings::fragments_zoom, static_cast<int>(kMaxFragmentsZoom), true>("fragments"),
    zoom_key<&Settings::banks_zoom, static_cast<int>(kMaxBanksZoom)>("banks"),
    zoom_key<&Settings::warpgroup_zoom, static_cast<int>(kMaxWarpgroupZoom)>("warpgroup"),
    zoom_key<&Settings::tmem_zoom, static_cast<int>(kMaxTmemZoom)>("tmem"),
};

/// A text field `F` of File > Load kernel's form, kept as typed (the form says what is wrong with
/// it when Run is pressed); only its size is bounded.
template <std::string KernelForm::*F>
Key<Settings> kernel_text_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, Settings& s) {
            read_bounded_text(r, j, k, name, s.kernel.*F);
          },
          [](const Settings& s) -> json { return s.kernel.*F; }};
}

/// "kernel": File > Load kernel's fields, as typed.
const Key<Settings> kKernelKeys[] = {
    kernel_text_key<&KernelForm::source_path>("source"),
    kernel_text_key<&KernelForm::entry>("entry"),
    kernel_text_key<&KernelForm::block>("block"),
    kernel_text_key<&KernelForm::grid>("grid"),
    {"smem_bytes",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, 0, 1 << 30, s.kernel.smem_bytes, false);
     },
     [](const Settings& s) -> json { return s.kernel.smem_bytes; }},
    kernel_text_key<&KernelForm::include_dirs>("include"),
    {"cutlass",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.boolean(j, key, name, s.kernel.cutlass);
     },
     [](const Settings& s) -> json { return s.kernel.cutlass; }},
};

/// A report path of "reports" (`F`): a string report_path_problem accepts, else said and none kept.
template <std::string ReportSettings::*F>
Key<ReportSettings> report_path_key(const char* key) {
  return {key,
          [](Reader& r, const json& j, const char* k, const std::string& name, ReportSettings& out) {
            auto t = r.string(j, k, name, "none");
            if (!t || t->empty()) return;
            if (auto why = report_path_problem(*t))
              r.say(name + " " + shown(json(*t)) + " " + *why + ": not reopened");
            else
              out.*F = *t;
          },
          [](const ReportSettings& in) -> json { return in.*F; }};
}

/// "reports": the reports open at quit and File > Recent reports.
const Key<ReportSettings> kReportsKeys[] = {
    report_path_key<&ReportSettings::probe>("probe"),
    report_path_key<&ReportSettings::gate>("gate"),
    report_path_key<&ReportSettings::compare>("compare"),
    report_path_key<&ReportSettings::bench>("bench"),
    // A list of paths, most recent first; a bad entry is left out, a repeated one kept once.
    {"recent",
     [](Reader& r, const json& j, const char* k, const std::string& name, ReportSettings& out) {
       auto it = j.find(k);
       if (it == j.end()) return;
       if (!it->is_array()) {
         r.say(name + " is " + shown(*it) + ", not a list of paths: using none");
         return;
       }
       std::vector<std::string> kept;
       for (const json& v : *it) {
         const std::optional<std::string> why =
             v.is_string() ? report_path_problem(v.get<std::string>()) : std::string("is not a path");
         if (why) {
           r.say(name + " holds " + shown(v) + ", which " + *why + ": left out");
           continue;
         }
         if (std::find(kept.begin(), kept.end(), v.get<std::string>()) == kept.end())
           kept.push_back(v.get<std::string>());
       }
       if (kept.size() > kRecentReportsKept) {
         r.say(name + " holds " + std::to_string(kept.size()) + " paths: the first " +
               std::to_string(kRecentReportsKept) + " kept");
         kept.resize(kRecentReportsKept);
       }
       out.recent = std::move(kept);
     },
     [](const ReportSettings& in) -> json { return in.recent; }},
    // The probe report's geometry fields the user set while it was open (OpenedReport::yours).
    {"yours",
     [](Reader& r, const json& j, const char* k, const std::string& name, ReportSettings& out) {
       auto it = j.find(k);
       if (it == j.end()) return;
       if (!it->is_array()) {
         r.say(name + " is " + shown(*it) + ", not a list of fields: using none");
         return;
       }
       std::vector<std::string> kept;
       for (const json& v : *it) {
         const bool known =
             v.is_string() && (v == "num" || v == "trans" || v == "width" || v == "pad" || v == "swizzle");
         if (!known) {
           r.say(name + " holds " + shown(v) +
                 ", which is none of num, trans, width, pad, swizzle: left out");
           continue;
         }
         if (std::find(kept.begin(), kept.end(), v.get<std::string>()) == kept.end())
           kept.push_back(v.get<std::string>());
       }
       out.yours = std::move(kept);
     },
     [](const ReportSettings& in) -> json { return in.yours.empty() ? json() : json(in.yours); }},
};

// Controls the user edits whose value settings.json does not keep, and why:
// - the pickers' filter texts (instruction, wgmma, every list picker) and the file browsers' typed
//   path, type filter and "hidden files": what is being typed to find an entry, cleared as each
//   opens; the entry picked is saved.
// - the layout presets, lane presets and Algebra examples pickers: they write into the layout,
//   lanes or expression text, which is saved.
// - File > Export's file name: it follows the view and format in the folder used last, which is
//   saved ("export_folder"); a typed name is for one picture.
// - File > Export's Whole tile / Visible region choice: each opening picks it from the view's zoom
//   (default_export_part); "As set below" comes back with the saved operand and crop.
// - the output view's zoom and pan: framed on the gate result shown, which is not saved (a new run
//   or an opened report frames its own); each grid view's scroll: it follows the window's size.
// - File > Load kernel's being open, and the open dialogs: they are dialogs, not views.

/// The whole file. Read in this order (so the messages come in it); "format" and "version" are
/// read first, by parse_settings itself.
const Key<Settings> kSettingsKeys[] = {
    {"format", nullptr, [](const Settings&) -> json { return kSettingsFormat; }},
    {"version", nullptr, [](const Settings&) -> json { return kSettingsVersion; }},
    // The instruction by mnemonic. An unknown mnemonic keeps the default and says so.
    {"instruction",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto str = r.string(j, key, name, kDefaultInstruction);
       if (!str) return;
       if (find_instruction(*str)) {
         s.controls.instruction = *str;
         return;
       }
       // Said beside the controls and, as every other field's fault, in the strip and on stderr.
       r.out.instruction_notice = "settings name an instruction the catalogue does not have (" +
                                  shown(json(*str)) + "); showing " + kDefaultInstruction;
       r.say(name + " " + shown(json(*str)) + " is not in the catalogue: using " + kDefaultInstruction);
     },
     [](const Settings& s) -> json { return s.controls.instruction; }},
    // Settings from before the catalogue stored "shape": "m16n8k8" or "m16n8k16" (the
    // f32.f16.f16.f32 entries); read where there is no "instruction".
    {"shape",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (j.contains("instruction")) return;
       if (auto shape = r.string(j, key, name, "m16n8k8")) {
         if (*shape == "m16n8k16")
           s.controls.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
         else if (*shape != "m16n8k8")
           r.say(name + " " + shown(json(*shape)) + " is not m16n8k8 or m16n8k16: showing " +
                 kDefaultInstruction);
       }
     },
     nullptr},
    // The wgmma entry of the Hopper views, by mnemonic (also without its prefix, as everywhere).
    {"wgmma",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto str = r.string(j, key, name, kDefaultWgmma)) {
         if (const WgmmaInstruction* w = find_wgmma_named(*str))
           s.hopper.wgmma = w->mnemonic;
         else
           r.say(name + " " + shown(json(*str)) +
                 " is not in the wgmma catalogue: showing the wgmma of the mma.sync form's types" +
                 did_you_mean(*str, kWgmmaNames));
       }
     },
     // Only an entry the user picked: one that followed the mma.sync form would win next time.
     [](const Settings& s) -> json { return s.hopper.wgmma.empty() ? json() : json(s.hopper.wgmma); }},
    // The Algebra window's expression: kept as typed even when it does not evaluate (the view
    // says why); only its size is bounded.
    {"algebra",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto t = r.string(j, key, name, shown(json(s.algebra_expression)))) {
         if (t->size() > kMaxLayoutTextChars)
           r.say(name + " is " + std::to_string(t->size()) + " characters, more than " +
                 std::to_string(kMaxLayoutTextChars) + ": using " + shown(json(s.algebra_expression)));
         else
           s.algebra_expression = *t;
       }
     },
     [](const Settings& s) -> json { return s.algebra_expression; }},
    // The CTA tile window: its preset and configuration (kCtaTileKeys); a plain string, what older
    // files hold, names the preset alone.
    {"cta_tile",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       if (it->is_string()) {
         read_cta_preset(r, *it, name, s.cta_tile);
         return;
       }
       if (!it->is_object()) {
         r.say(name + " is " + shown(*it) + ", neither a preset name nor an object: using " +
               shown(json(s.cta_tile.preset)));
         return;
       }
       read_keys(r, *it, name + ".", kCtaTileKeys, s.cta_tile);
     },
     [](const Settings& s) { return write_keys(kCtaTileKeys, s.cta_tile); }},
    // The warpgroup view's selected thread; one outside the warpgroup selects none.
    {"warpgroup_find",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto t = r.string(j, key, name, shown(json(s.warpgroup_find)))) {
         if (t->size() > kMaxFindChars)
           r.say(name + " is " + std::to_string(t->size()) + " characters, more than " +
                 std::to_string(kMaxFindChars) + ": using " + shown(json(s.warpgroup_find)));
         else
           s.warpgroup_find = *t;
       }
     },
     [](const Settings& s) -> json { return s.warpgroup_find; }},
    {"warpgroup_thread",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, -1, kWarpgroupSize - 1, s.warpgroup_thread, false);
     },
     [](const Settings& s) -> json { return s.warpgroup_thread; }},
    // The stacked window in front (newcomer round 33: a restart put the Warpgroup tab in front of
    // the Differences chosen last): a key of "windows" of a stacked (not tiled) window.
    {"stacked_tab",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       std::string names;
       for (const WindowSetting& w : kWindowSettings)
         if (!w.tiled) names += std::string(names.empty() ? "" : ", ") + w.key;
       r.named(
           j, key, name, names,
           [](const std::string& t) -> std::optional<std::string> {
             if (t.empty() || stacked_window(&WindowSetting::key, t)) return t;  // "": none chosen
             return std::nullopt;
           },
           shown(json(s.stacked_tab)), s.stacked_tab);
     },
     [](const Settings& s) -> json { return s.stacked_tab; }},
    {"inspector",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(j, key, name, "lane, warpgroup_thread", parse_inspector_subject, to_string(s.inspector),
               s.inspector);
     },
     [](const Settings& s) -> json { return to_string(s.inspector); }},
    // The Tensor memory window's controls, as tmem_controls_text writes them; text that does not
    // read is said and the default kept (a combination the model refuses is kept: the view says why).
    {"tmem",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto t = r.string(j, key, name, shown(json(s.tmem)))) {
         const TmemControlsParse p = parse_tmem_controls(*t);
         if (t->size() > kMaxLayoutTextChars || !p.controls)
           r.say(name + " " + shown(json(*t)) + " does not read (" +
                 (p.controls ? std::string("too long") : p.error) + "): using " + shown(json(s.tmem)));
         else
           s.tmem = tmem_controls_text(*p.controls);
       }
     },
     [](const Settings& s) -> json { return s.tmem; }},
    // Each mode's choices of the Tensor memory window, so that the one not shown outlives a restart
    // too; read as "tmem" is, and refused when it names the other mode.
    {"tmem_ld",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_tmem_mode(r, j, key, name, TmemMode::load_store, s.tmem_ld);
     },
     [](const Settings& s) -> json { return s.tmem_ld; }},
    {"tmem_accumulator",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_tmem_mode(r, j, key, name, TmemMode::accumulator, s.tmem_accumulator);
     },
     [](const Settings& s) -> json { return s.tmem_accumulator; }},
    {"tmem_cp",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_tmem_mode(r, j, key, name, TmemMode::copy, s.tmem_cp);
     },
     [](const Settings& s) -> json { return s.tmem_cp; }},
    {"ldmatrix_num",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "x1, x2, x4", [](const std::string& t) { return parse_num(t); },
           std::string(to_string(s.controls.num)), s.controls.num);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.controls.num)); }},
    {"trans",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.boolean(j, key, name, s.controls.trans);
     },
     [](const Settings& s) -> json { return s.controls.trans; }},
    {"width_halves",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, kMinWidthHalves, kMaxWidthHalves, s.controls.width_halves);
     },
     [](const Settings& s) -> json { return s.controls.width_halves; }},
    {"pad_halves",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, 0, kMaxPadHalves, s.controls.pad_halves);
     },
     [](const Settings& s) -> json { return s.controls.pad_halves; }},
    {"swizzle",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "none, xor", [](const std::string& t) { return parse_swizzle(t); },
           std::string(to_string(s.controls.swizzle)), s.controls.swizzle);
     },
     [](const Settings& s) -> json { return std::string(to_string(s.controls.swizzle)); }},
    // The fragments view's Find field, kept as typed even when it names nothing (the view says
    // why); only its size is bounded.
    {"fragments_find",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto t = r.string(j, key, name, shown(json(s.fragments_find)))) {
         if (t->size() > kMaxFindChars)
           r.say(name + " is " + std::to_string(t->size()) + " characters, more than " +
                 std::to_string(kMaxFindChars) + ": using " + shown(json(s.fragments_find)));
         else
           s.fragments_find = *t;
       }
     },
     [](const Settings& s) -> json { return s.fragments_find; }},
    // A lane outside the warp selects none (-1), not the nearest lane.
    {"selected_lane",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, -1, kWarpSize - 1, s.selected_lane, false);
     },
     [](const Settings& s) -> json { return s.selected_lane; }},
    {"windows",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       if (!it->is_object()) {
         r.say(name + " is " + shown(*it) + ", not an object: every window open");
         return;
       }
       for (const WindowSetting& w : kWindowSettings) r.boolean(*it, w.key, name + "." + w.key, w.open(s));
       r.unknown_keys(*it, name + ".", kWindowSettings);
     },
     [](const Settings& s) {
       json j = json::object();
       for (const WindowSetting& w : kWindowSettings) j[w.key] = w.open(s);
       return j;
     }},
    {"gate",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       if (it->is_object())
         read_keys(r, *it, name + ".", kGateKeys, s);
       else
         r.say(name + " is " + shown(*it) + ", not an object: using the default gate options");
     },
     [](const Settings& s) { return write_keys(kGateKeys, s); }},
    {"output_colour",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "mismatch, block, warp, lane",
           [](const std::string& t) { return parse_output_colour(t); }, to_string(s.output_colour),
           s.output_colour);
     },
     [](const Settings& s) -> json { return to_string(s.output_colour); }},
    // File > Export's format by the name the dialog shows (any case), and its palette.
    {"export_format",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "svg, png, pdf, tikz",
           [](const std::string& t) -> std::optional<scene::Format> {
             for (scene::Format f :
                  {scene::Format::svg, scene::Format::png, scene::Format::pdf, scene::Format::tikz})
               if (lower(t) == lower(std::string(scene::to_string(f)))) return f;
             return std::nullopt;
           },
           lower(std::string(scene::to_string(s.export_format))), s.export_format);
     },
     [](const Settings& s) -> json { return lower(std::string(scene::to_string(s.export_format))); }},
    {"export_palette",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "screen, light (or dark, document)",
           [](const std::string& t) { return scene::parse_palette_name(t); },
           s.export_dark ? "screen" : "light", s.export_dark);
     },
     [](const Settings& s) -> json { return s.export_dark ? "screen" : "light"; }},
    // The folder File > Export last wrote into, as written; only its size is bounded (one that is
    // gone by the next export is passed over then: default_export_folder).
    {"export_folder",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_bounded_text(r, j, key, name, s.export_folder);
     },
     [](const Settings& s) -> json { return s.export_folder; }},
    // The dialog's view, PNG scale, operand and crop; a crop that does not read keeps the default.
    {"export_view",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, scene::view_names(), [](const std::string& t) { return scene::parse_view(t); },
           std::string(scene::to_string(s.export_view)), s.export_view);
     },
     [](const Settings& s) -> json { return std::string(scene::to_string(s.export_view)); }},
    {"export_scale",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.number(j, key, name, kMinExportScale, kMaxExportScale, s.export_scale);
     },
     [](const Settings& s) -> json { return s.export_scale; }},
    {"export_crop",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       scene::Crop now;
       now.rows = s.export_rows;
       now.cols = s.export_cols;
       auto t = r.string(j, key, name, shown(json(scene::crop_text(now))));
       if (!t) return;
       const auto c = scene::parse_crop(*t);
       if (!c) {
         r.say(name + " " + shown(json(*t)) + " does not read (" + c.error.message + "): using " +
               shown(json(scene::crop_text(now))));
         return;
       }
       if (!c->grids.empty()) {  // the dialog's crop is one block; grids are the visible region's
         r.say(name + " " + shown(json(*t)) +
               " names grids; the dialog's crop is one block (rows=..,cols=..): using " +
               shown(json(scene::crop_text(now))));
         return;
       }
       if (c->rows) s.export_rows = *c->rows;
       if (c->cols) s.export_cols = *c->cols;
     },
     [](const Settings& s) -> json {
       scene::Crop c;
       c.rows = s.export_rows;
       c.cols = s.export_cols;
       return scene::crop_text(c);
     }},
    {"export_crop_on",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.boolean(j, key, name, s.export_crop_on);
     },
     [](const Settings& s) -> json { return s.export_crop_on; }},
    {"descriptor",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_object(r, j, key, name, kDescriptorKeys, s, "the default descriptor");
     },
     [](const Settings& s) { return write_keys(kDescriptorKeys, s); }},
    {"moves",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_object(r, j, key, name, kMovesKeys, s, "the default matrix moves");
     },
     [](const Settings& s) { return write_keys(kMovesKeys, s); }},
    {"zoom",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_object(r, j, key, name, kZoomKeys, s, "each view's first zoom");
     },
     [](const Settings& s) { return write_keys(kZoomKeys, s); }},
    // The Algebra window's operation shown (-1 the outermost; one the expression lacks shows the
    // outermost), what colours its cells, and their width.
    {"algebra_step",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.integer(j, key, name, -1, 1 << 16, s.algebra_step, false);
     },
     [](const Settings& s) -> json { return s.algebra_step; }},
    {"algebra_colour",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.named(
           j, key, name, "offset, row, column", [](const std::string& t) { return parse_algebra_colour(t); },
           to_string(s.algebra_colour), s.algebra_colour);
     },
     [](const Settings& s) -> json { return to_string(s.algebra_colour); }},
    {"algebra_cell",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       r.number(j, key, name, kMinAlgebraCell, kMaxAlgebraCell, s.algebra_cell);
     },
     [](const Settings& s) -> json { return s.algebra_cell; }},
    // The fragments view's WMMA fragment kind (wmma_name), "" for the instruction's own grids.
    {"wmma_kind",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       if (auto t = r.string(j, key, name, shown(json(s.wmma_kind)))) {
         if (t->empty() || find_wmma_kind(*t))
           s.wmma_kind = *t;
         else
           r.say(name + " " + shown(json(*t)) + " is no WMMA fragment kind: using " +
                 shown(json(s.wmma_kind)));
       }
     },
     [](const Settings& s) -> json { return s.wmma_kind; }},
    // The gate view's ladder sizes ticked, as a list of sizes; a size the ladder lacks is said.
    {"ladder_sizes",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       std::string sizes;
       for (int n : kLadderSizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
       if (!it->is_array()) {
         r.say(name + " is " + shown(*it) + ", not a list of sizes (" + sizes + "): using the default sizes");
         return;
       }
       std::array<bool, kLadderSizes.size()> on{};
       for (const json& v : *it) {
         std::size_t i = 0;
         while (i < kLadderSizes.size() &&
                !(v.is_number_integer() && v.get<std::int64_t>() == kLadderSizes[i]))
           ++i;
         if (i < kLadderSizes.size())
           on[i] = true;
         else
           r.say(name + " holds " + shown(v) + ", no ladder size (" + sizes + "): left out");
       }
       s.ladder_sizes = on;
     },
     [](const Settings& s) {
       json a = json::array();
       for (std::size_t i = 0; i < kLadderSizes.size(); ++i)
         if (s.ladder_sizes[i]) a.push_back(kLadderSizes[i]);
       return a;
     }},
    {"kernel",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       read_object(r, j, key, name, kKernelKeys, s, "an empty form");
     },
     [](const Settings& s) { return write_keys(kKernelKeys, s); }},
    {"layout",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       if (!it->is_object()) {
         r.say(name + " is " + shown(*it) + ", not an object: using the default layout");
         return;
       }
       LayoutControls& lc = s.layout;
       read_keys(r, *it, name + ".", kLayoutKeys, lc);
       // A preset merged into another (`a` into `explorer`) loads as the one kept, silently: the
       // same addresses under the name the preset list shows.
       const std::size_t b = lc.lanes.find_first_not_of(" \t\r\n"), e = lc.lanes.find_last_not_of(" \t\r\n");
       if (b != std::string::npos) {
         const std::string t = lc.lanes.substr(b, e - b + 1);
         if (canonical_lane_preset(t) != t) lc.lanes = std::string(canonical_lane_preset(t));
       }
       // A text that does not parse is kept as typed (the Layout view marks where), and said now,
       // so the user knows at start why the view shows no layout.
       const LayoutView v = compute_layout_view(lc);
       for (auto [field, text, e] : {std::tuple<const char*, const std::string*, const FieldError*>{
                                         "write", &lc.write_layout, &v.write_error},
                                     {"read", &lc.read_layout, &v.read_error},
                                     {"lanes", &lc.lanes, &v.lanes_error}})
         if (!e->ok())
           r.out.layout_notices.push_back(name + "." + field + " " + shown(json(*text)) +
                                          " does not parse (" + echo_text(e->message) +
                                          "): kept as typed; the Layout view shows where");
     },
     [](const Settings& s) { return layout_settings_json(s.layout); }},
    {"reports",
     [](Reader& r, const json& j, const char* key, const std::string& name, Settings& s) {
       auto it = j.find(key);
       if (it == j.end()) return;
       if (it->is_object())
         read_keys(r, *it, name + ".", kReportsKeys, s.reports);
       else
         r.say(name + " is " + shown(*it) + ", not an object: no report reopened, none recent");
     },
     [](const Settings& s) { return write_keys(kReportsKeys, s.reports); }},
};

}  // namespace

// [SECTION] parse and write

ParsedSettings parse_settings(std::string_view text) {
  ParsedSettings p;
  Reader r{p};
  // A number too large for a double ("1e400") is one bad value, not a bad file: it is read as
  // null (the field then says what it uses instead), the rest of the file as written.
  // The parser's complaint is asked for only once a parse has failed: a good file is read once.
  std::string read(text);
  json j = json::parse(read.begin(), read.end(), nullptr, false);
  for (int i = 0; j.is_discarded() && i < 64; ++i) {
    const auto c = json_parser_complaint<json>(read);
    if (!c || !c->overflow || c->byte < c->token.size() ||
        read.compare(c->byte - c->token.size(), c->token.size(), c->token) != 0) {
      p.keep_file = true;
      r.say("not JSON: " + (c ? json_syntax_words(read, *c) : std::string("the parser refused it")) +
            ": using the default settings");
      return p;
    }
    r.say(json_syntax_words(read, *c) + ": read as null");
    read.replace(c->byte - c->token.size(), c->token.size(), "null");
    j = json::parse(read.begin(), read.end(), nullptr, false);
  }
  if (j.is_discarded()) {  // more than 64 numbers too large to read
    p.keep_file = true;
    r.say("not JSON: more than 64 numbers too large to read: using the default settings");
    return p;
  }
  p.text_read = read;
  if (!j.is_object()) {
    p.keep_file = true;
    r.say(shown(j) + ", not a settings object: using the default settings");
    return p;
  }
  // Only a file that says it is ours is read: the config folder may hold another program's file.
  if (auto f = j.find("format");
      f == j.end() || !f->is_string() || f->get<std::string>() != kSettingsFormat) {
    p.keep_file = true;
    r.say(std::string(f == j.end() ? "no \"format\"" : "\"format\" " + shown(*f)) + ", not \"" +
          kSettingsFormat + "\": not read; using the default settings");
    return p;
  }
  if (auto v = j.find("version"); v == j.end()) {
    r.say("no \"version\": read as version " + std::to_string(kSettingsVersion));
  } else if (!v->is_number_integer() && !v->is_number_unsigned()) {
    r.say("\"version\" " + shown(*v) + " is not a whole number: read as version " +
          std::to_string(kSettingsVersion));
  } else if (!v->is_number_unsigned() ||
             v->get<std::uint64_t>() != static_cast<std::uint64_t>(kSettingsVersion)) {
    // A newer app wrote it (or it was edited): read what this version knows, never write over it.
    p.keep_file = true;
    // Below 1 no app ever wrote: an edit, not a newer app's file.
    const bool newer =
        v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(kSettingsVersion);
    r.say("version " + shown(*v) +
          (newer ? ", this app writes version " : " is no version any app wrote (this one writes version ") +
          std::to_string(kSettingsVersion) + (newer ? "" : ")") + ": only the fields it knows are read");
  }

  // Every key of the file, in the table's order; then the keys no table names.
  read_keys(r, j, "", kSettingsKeys, p.settings);
  return p;
}

std::string settings_json(const Settings& s) {
  // The mnemonic comes from the catalogue or a parsed file, so it is valid UTF-8; replace anyway
  // rather than throw.
  return write_keys(kSettingsKeys, s).dump(2, ' ', false, json::error_handler_t::replace);
}

nlohmann::json layout_settings_json(const LayoutControls& l) { return write_keys(kLayoutKeys, l); }

Settings settings_of(const AppState& s) {
  Settings out;
  out.controls = s.report ? s.report->user_controls : s.controls;
  out.selected_lane = s.selected_lane;
  if (const WindowSetting* w = stacked_window(&WindowSetting::title, s.stacked_tab)) out.stacked_tab = w->key;
  // A Find text that answered is kept; one the field refused is not, so a restart does not open on
  // its red message again (newcomer round 29).
  out.fragments_find = s.frame.fragments_view.find_error.empty() ? s.fragments_find : std::string();
  out.windows = s.windows;
  // While a report's run fills the Gate window's fields, the user's own request is the one saved.
  const GateRequest& gate =
      s.report && s.report->request_before && same_gate_fields(s.gate_request, s.report->request_shown)
          ? *s.report->request_before
          : s.gate_request;
  out.gate_n = gate.n;
  out.gate_variant = gate.variant;
  out.gate_seed = gate.seed;
  out.output_colour = s.output_colour;
  // While a report shows its own layout run, the user's layout is the one it covered.
  // A gate rung's geometry shown over the user's: the user's is saved.
  out.layout = s.report && s.report->layout_before && s.layout == s.report->layout_shown
                   ? *s.report->layout_before
               : s.layout_yours && !s.layout.title.empty() ? *s.layout_yours
                                                           : s.layout;
  out.layout.title.clear();
  out.hopper = HopperSettings{s.hopper.wgmma_picked ? s.hopper.wgmma : "", s.hopper.warpgroup_open,
                              s.hopper.descriptor_open, s.hopper.moves_open};
  out.algebra_open = s.algebra.open;
  out.algebra_expression = s.algebra.expression;
  out.cta_tile_open = s.cta_tile.open;
  out.cta_tile = CtaTileSettings{s.cta_tile.preset, s.cta_tile.spec, s.cta_tile.cell, s.cta_tile.thread};
  out.tmem_open = s.tmem.open;
  out.differences_open = s.differences_open;
  out.tmem = tmem_controls_text(s.tmem);
  out.tmem_ld = tmem_mode_text(s.tmem, TmemMode::load_store);
  out.tmem_accumulator = tmem_mode_text(s.tmem, TmemMode::accumulator);
  out.tmem_cp = tmem_mode_text(s.tmem, TmemMode::copy);
  out.export_format = s.export_dialog.format;
  out.export_dark = s.export_dialog.dark;
  out.export_folder = s.export_dialog.last_folder;
  out.warpgroup_thread = s.hopper.selected_thread;
  out.inspector = s.inspector_subject.chosen();
  const ExportDialog& d = s.export_dialog;
  out.export_view = d.view;
  // Never save a scale the loader would refuse (the dialog clamps; this guards any other writer).
  out.export_scale = scene::png_scale_ok(d.scale) ? d.scale : ExportDialog{}.scale;
  out.export_rows = scene::IndexRange{d.first_row, d.last_row};
  out.export_cols = scene::IndexRange{d.first_col, d.last_col};
  out.export_crop_on = d.crop;
  out.descriptor = s.hopper.descriptor;
  out.descriptor_sm100 = s.descriptor_sm100;
  out.moves = s.hopper.moves;
  out.moves_b8 = s.moves_b8.shown;
  out.moves_b8_form = s.moves_b8.move;
  out.fragments_zoom = zoom_setting(s.fragments_view);
  // The fit the saved zoom is relative to, where it is this zoom's subject's.
  if (out.fragments_zoom.zoom > 0 && s.fragments_fit_memo.key == out.fragments_zoom.key &&
      s.fragments_fit_memo.fit.cw > 0)
    out.fragments_zoom.fit = s.fragments_fit_memo.fit;
  out.banks_zoom = zoom_setting(s.banks_zoom);
  out.warpgroup_zoom = zoom_setting(s.hopper.warpgroup_zoom);
  out.tmem_zoom = zoom_setting(s.tmem.zoom);
  out.algebra_step = s.algebra.step;
  out.algebra_colour = s.algebra.colour;
  out.algebra_cell = s.algebra.cell;
  out.wmma_kind = s.wmma_kind;
  out.ladder_sizes = s.gate_ladder.size_on;
  out.kernel = s.kernel;
  out.kernel.open = false;
  out.kernel.run_requested = false;
  // As the fragments view's: a Find text the field refused is not saved (newcomer round 30).
  out.warpgroup_find = s.hopper.warpgroup_find_error.empty() ? s.hopper.warpgroup_find : std::string();
  // The reports shown, by absolute path (the next start may be in another folder); the comparison
  // only against a report (live results do not outlive the session).
  const auto absolute = [](const std::string& p) {
    std::error_code ec;
    const std::filesystem::path a = std::filesystem::absolute(p, ec);
    return ec ? p : a.lexically_normal().string();
  };
  if (s.report) {
    const OpenedReport& r = *s.report;
    if (r.has_probe) out.reports.probe = absolute(r.probe_path);
    if (r.has_probe) out.reports.yours = r.yours;
    if (r.has_gate && r.gate_path != r.probe_path) out.reports.gate = absolute(r.gate_path);
    if (s.comparison) out.reports.compare = absolute(s.comparison->path);
  }
  if (s.gate_ladder.result && !s.gate_ladder.result->recorded.empty())
    out.reports.bench = absolute(s.gate_ladder.result->recorded);
  out.reports.recent = s.recent_reports;
  return out;
}

void apply_settings(const ParsedSettings& p, AppState& s) {
  const Settings& in = p.settings;
  s.controls = in.controls;
  s.selected_lane = in.selected_lane;
  s.fragments_find = in.fragments_find;
  s.windows = in.windows;
  s.gate_request.n = in.gate_n;
  if (const WindowSetting* w = stacked_window(&WindowSetting::key, in.stacked_tab)) s.stacked_tab = w->title;
  s.gate_request.variant = in.gate_variant;
  s.gate_request.seed = in.gate_seed;
  s.output_colour = in.output_colour;
  s.layout = in.layout;
  s.hopper.wgmma_picked = !in.hopper.wgmma.empty();
  s.hopper.wgmma = s.hopper.wgmma_picked ? in.hopper.wgmma : kDefaultWgmma;
  s.hopper.warpgroup_open = in.hopper.warpgroup;
  s.hopper.descriptor_open = in.hopper.descriptor;
  s.hopper.moves_open = in.hopper.moves;
  s.algebra.open = in.algebra_open;
  s.algebra.expression = in.algebra_expression;
  s.cta_tile.open = in.cta_tile_open;
  s.cta_tile.preset = in.cta_tile.preset;
  s.cta_tile.spec = in.cta_tile.spec;
  s.cta_tile.cell = in.cta_tile.cell;
  s.cta_tile.thread = in.cta_tile.thread;
  // Each mode's own key, then "tmem" (what older files hold alone): the mode shown and its choices.
  s.tmem = TmemControls{};
  if (const TmemControlsParse t = parse_tmem_controls(in.tmem_ld); t.controls)
    take_tmem_mode(s.tmem, *t.controls, TmemMode::load_store);
  if (const TmemControlsParse t = parse_tmem_controls(in.tmem_accumulator); t.controls)
    take_tmem_mode(s.tmem, *t.controls, TmemMode::accumulator);
  if (const TmemControlsParse t = parse_tmem_controls(in.tmem_cp); t.controls)
    take_tmem_mode(s.tmem, *t.controls, TmemMode::copy);
  if (const TmemControlsParse t = parse_tmem_controls(in.tmem); t.controls) {
    s.tmem.mode = t.controls->mode;
    take_tmem_mode(s.tmem, *t.controls, t.controls->mode);
  }
  s.tmem.open = in.tmem_open;
  s.differences_open = in.differences_open;
  // PNG or PDF saved by a build with cairo: this one cannot write them, so the dialog opens on SVG.
  const bool needs_cairo = in.export_format == scene::Format::png || in.export_format == scene::Format::pdf;
  s.export_dialog.format = needs_cairo && !scene::cairo_available() ? scene::Format::svg : in.export_format;
  s.export_dialog.dark = in.export_dark;
  s.export_dialog.last_folder = in.export_folder;
  s.hopper.selected_thread = in.warpgroup_thread;
  s.inspector_subject.restore(in.inspector);
  ExportDialog& d = s.export_dialog;
  d.view = in.export_view;
  d.scale = in.export_scale;
  d.first_row = in.export_rows.first;
  d.last_row = in.export_rows.last;
  d.first_col = in.export_cols.first;
  d.last_col = in.export_cols.last;
  d.crop = in.export_crop_on;
  d.part = ExportPart::whole;  // each opening starts on the screen (start_on_screen)
  s.hopper.descriptor = in.descriptor;
  s.descriptor_sm100 = in.descriptor_sm100;
  s.hopper.moves = in.moves;
  s.moves_b8.shown = in.moves_b8;
  s.moves_b8.move = in.moves_b8_form;
  apply_zoom_setting(in.fragments_zoom, s.fragments_view);
  if (in.fragments_zoom.zoom > 0 && !in.fragments_zoom.key.empty() && in.fragments_zoom.fit)
    s.fragments_fit_memo = FragmentsFitMemo{in.fragments_zoom.key, *in.fragments_zoom.fit};
  apply_zoom_setting(in.banks_zoom, s.banks_zoom);
  apply_zoom_setting(in.warpgroup_zoom, s.hopper.warpgroup_zoom);
  apply_zoom_setting(in.tmem_zoom, s.tmem.zoom);
  s.algebra.step = in.algebra_step;
  s.algebra.colour = in.algebra_colour;
  s.algebra.cell = in.algebra_cell;
  s.wmma_kind = in.wmma_kind;
  s.gate_ladder.size_on = in.ladder_sizes;
  s.kernel.source_path = in.kernel.source_path;
  s.kernel.entry = in.kernel.entry;
  s.kernel.block = in.kernel.block;
  s.kernel.grid = in.kernel.grid;
  s.kernel.smem_bytes = in.kernel.smem_bytes;
  s.kernel.include_dirs = in.kernel.include_dirs;
  s.kernel.cutlass = in.kernel.cutlass;
  s.hopper.warpgroup_find = in.warpgroup_find;
  s.saved_reports = AppState::SavedReports{in.reports.probe, in.reports.gate, in.reports.compare,
                                           in.reports.bench, in.reports.yours};
  s.recent_reports = in.reports.recent;
  s.instruction_notice = p.instruction_notice;
}

std::optional<std::string> report_path_problem(const std::string& path) {
  if (path.size() > kMaxReportPathChars)
    return "is " + std::to_string(path.size()) + " characters, more than " +
           std::to_string(kMaxReportPathChars);
  if (std::any_of(path.begin(), path.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
    return std::string("holds a control character");
  if (path.empty() || path[0] != '/') return std::string("is not an absolute path");
  return std::nullopt;
}

std::vector<std::string> with_recent_report(std::vector<std::string> recent, const std::string& path) {
  recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
  recent.insert(recent.begin(), path);
  if (recent.size() > kRecentReportsKept) recent.resize(kRecentReportsKept);
  return recent;
}

ZoomSetting zoom_setting(const GridZoom& z) {
  // Never drawn this session and nothing restored (no subject), or at the view's first zoom: the
  // view works its first zoom out again at the next start.
  if (z.key.empty() || z.zoom == z.start) return {};
  return ZoomSetting{z.key, z.zoom};
}

void apply_zoom_setting(const ZoomSetting& in, GridZoom& z) {
  if (in.zoom <= 0 || in.key.empty()) return;
  // start 0: zoom_for keeps this zoom for the same subject (a zoom not moved off `start` follows it).
  z = GridZoom{};
  z.key = in.key;
  z.zoom = z.drawn_zoom = in.zoom;
  z.start = 0;
}

// [SECTION] files

ConfigDir resolve_config_dir(const std::string& override_dir) {
  namespace fs = std::filesystem;
  const auto parent_of = [](const std::string& d) {
    const fs::path p = fs::path(d).lexically_normal();
    // "a/b/" normalises to "a/b/": its parent is "a/b" (the path itself) until the slash goes.
    const fs::path q = p.has_filename() ? p : p.parent_path();
    return q.has_parent_path() ? q.parent_path().string() : std::string(".");
  };
  std::string dir = override_dir;
  if (dir.empty())
    if (const char* env = std::getenv("FRAGVIZ_CONFIG_DIR"); env && *env) dir = env;
  if (!dir.empty()) return ConfigDir{dir, parent_of(dir), "the folder above " + dir};
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return ConfigDir{std::string(xdg) + "/fragviz", parent_of(xdg),
                     std::string("the folder above $XDG_CONFIG_HOME ") + xdg};
  if (const char* home = std::getenv("HOME"); home && *home)
    return ConfigDir{std::string(home) + "/.config/fragviz", home, std::string("the home folder ") + home};
  return ConfigDir{};
}

namespace {

/// Why `path` cannot be the settings folder because something that is no folder is there, or "".
std::string not_a_folder(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::exists(st) && !fs::is_directory(st))
    return "the settings folder " + path + " is a file, not a folder: settings are not read or saved";
  return {};
}

}  // namespace

std::string ensure_config_dir(const ConfigDir& d) {
  namespace fs = std::filesystem;
  if (d.path.empty()) return "no HOME, XDG_CONFIG_HOME or --config-dir: settings are not saved";
  std::error_code ec;
  if (fs::is_directory(d.path, ec)) return {};
  if (std::string e = not_a_folder(d.path); !e.empty()) return e;
  if (!fs::is_directory(d.anchor, ec))
    return d.what_anchor + " does not exist (it is never created): settings are not saved";
  if (!fs::create_directories(d.path, ec) && !fs::is_directory(d.path))
    return "cannot create " + d.path + ": " + ec.message() + "; settings are not saved";
  return {};
}

LoadedSettings load_settings(const std::string& dir, AppState& s) {
  namespace fs = std::filesystem;
  LoadedSettings out;
  if (std::string e = not_a_folder(dir); !e.empty()) {
    out.messages.push_back(e);
    out.keep_file = true;
    return out;
  }
  const std::string path = dir + "/settings.json";
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st)) return out;  // first start: nothing to say
  if (!fs::is_regular_file(st)) {
    out.messages.push_back(path + " is not a file: using the default settings");
    out.messages.push_back(path + " is kept as it is: this session's settings are not saved");
    out.keep_file = true;
    return out;
  }
  // A settings file is a few hundred bytes: a huge one (a 2 GB sparse file took 42 s to read) is
  // not ours to read or overwrite.
  if (const auto bytes = fs::file_size(path, ec); !ec && bytes > kMaxSettingsBytes) {
    out.messages.push_back(path + " is " + std::to_string(bytes) + " bytes, more than a settings file's " +
                           std::to_string(kMaxSettingsBytes >> 10) + " KiB: using the default settings");
    out.messages.push_back(path + " is kept as it is: this session's settings are not saved");
    out.keep_file = true;
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad()) {
    out.messages.push_back(path + " cannot be read: using the default settings");
    out.messages.push_back(path + " is kept as it is: this session's settings are not saved");
    out.keep_file = true;
    return out;
  }
  const ParsedSettings p = parse_settings(text.str());
  apply_settings(p, s);
  out.keep_file = p.keep_file;
  if (!p.keep_file) {
    s.settings_file_text = p.text_read;  // overflowing numbers as null: what the merge can read
    s.settings_loaded_json = settings_json(p.settings);
  }
  for (const std::string& m : p.messages) out.messages.push_back(path + ": " + m);
  for (const std::string& m : p.layout_notices) out.messages.push_back(path + ": " + m);
  // What the run does about a file it will not write, once.
  if (p.keep_file) out.messages.push_back(path + " is kept as it is: this session's settings are not saved");
  return out;
}

std::string start_settings(const ConfigDir& d, bool persist, AppState& s) {
  std::string save_dir;
  auto note = [&s](const std::string& m) {
    if (std::find(s.settings_notices.begin(), s.settings_notices.end(), m) == s.settings_notices.end())
      s.settings_notices.push_back(m);
  };
  if (persist) {
    if (std::string e = ensure_config_dir(d); !e.empty()) {
      note(e);
    } else if (access(d.path.c_str(), W_OK | X_OK) != 0) {
      // Said now, in the strip, rather than at quit on stderr after the window is gone (a
      // read-only mount, a folder of another user).
      note("cannot write in " + d.path + " (" + std::strerror(errno) + "): settings are not saved");
    } else {
      save_dir = d.path;
    }
  }
  if (!d.path.empty()) {
    const LoadedSettings l = load_settings(d.path, s);
    for (const std::string& m : l.messages) note(m);
    if (l.keep_file) save_dir.clear();
  }
  return save_dir;
}

namespace {

/// "/gate/seed": the place of `key` in the object at `at` (a settings key holds no '/' or '~', so
/// nothing needs escaping).
std::string pointer_of(const std::string& at, const std::string& key) { return at + "/" + key; }

/// Whether `touched` holds `at` or a pointer below it.
bool touched_under(const std::set<std::string>& touched, const std::string& at) {
  const auto it = touched.lower_bound(at);
  return it != touched.end() && (*it == at || it->rfind(at + "/", 0) == 0);
}

/// `now` with what the user did not change since `loaded` taken from `file` (see save_settings):
/// keys only `file` has are kept, a value equal to its `loaded` reading and never `touched` is
/// written as `file` had it, objects are merged key by key. `at`: the objects' JSON pointer.
json merge_unchanged(const json& file, const json& loaded, const json& now,
                     const std::set<std::string>& touched, const std::string& at) {
  if (!file.is_object() || !now.is_object()) return now;
  json out = now;
  for (const auto& [key, value] : file.items()) {
    const std::string here = pointer_of(at, key);
    if (!now.contains(key)) {
      out[key] = value;  // a key this app does not know: the user's
    } else if (now[key].is_object() && !value.is_object() && !touched_under(touched, here)) {
      out[key] = value;  // not an object in the file ("windows": [1, 2]) and nothing in it changed
    } else if (now[key].is_object()) {
      out[key] =
          merge_unchanged(value, loaded.is_object() ? loaded.value(key, json::object()) : json::object(),
                          now[key], touched, here);
    } else if (loaded.is_object() && loaded.contains(key) && loaded[key] == now[key] &&
               !touched.count(here)) {
      out[key] = value;  // not changed this session: as the user wrote it
    }
  }
  return out;
}

/// Every pointer under `at` where `now` differs from `loaded`, into `touched`.
void collect_touched(const json& loaded, const json& now, const std::string& at,
                     std::set<std::string>& touched) {
  if (!now.is_object()) return;
  for (const auto& [key, value] : now.items()) {
    const std::string here = pointer_of(at, key);
    const bool known = loaded.is_object() && loaded.contains(key);
    if (value.is_object() && known && loaded[key].is_object())
      collect_touched(loaded[key], value, here, touched);
    else if (!known || loaded[key] != value)
      touched.insert(here);
  }
}

}  // namespace

void note_settings_touched(const std::string& loaded_json, const Settings& now,
                           std::set<std::string>& touched) {
  if (loaded_json.empty()) return;
  const json loaded = json::parse(loaded_json, nullptr, false);
  if (loaded.is_discarded()) return;
  collect_touched(loaded, json::parse(settings_json(now)), "", touched);
}

std::string save_settings(const std::string& dir, const Settings& s, const std::string& file_text,
                          const std::string& loaded_json, const std::set<std::string>& touched) {
  const std::string path = dir + "/settings.json";
  std::string text = settings_json(s);
  if (!file_text.empty()) {
    const json file = json::parse(file_text, nullptr, false),
               loaded = json::parse(loaded_json, nullptr, false);
    if (file.is_object() && !loaded.is_discarded()) {
      // Nothing changed this session (no setting differs from its reading, none was set and set
      // back): the file stays byte for byte as the user keeps it (their order, spacing, number
      // spellings, a "windows" that is no object), not rewritten in this app's format.
      if (touched.empty() && json::parse(text) == loaded) return {};
      text = merge_unchanged(file, loaded, json::parse(text), touched, "")
                 .dump(2, ' ', false, json::error_handler_t::replace);
    }
  }
  // A link (dotfiles kept elsewhere) is written through, its target replaced and the link kept;
  // anything but a regular file (a device node, a FIFO) is refused, never renamed over.
  const auto problem = cli::write_whole_file(path, text + '\n', cli::NotRegular::refuse);
  if (!problem) return {};
  return problem->refused ? path + " " + problem->why + ": settings are not saved"
                          : "cannot write " + path + ": " + problem->why + "; settings are not saved";
}

}  // namespace fragviz::app
