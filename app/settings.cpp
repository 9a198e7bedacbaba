#include "settings.hpp"

#include <unistd.h>

#include <algorithm>
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
#include <tuple>

#include "bank_layout_mode.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/util/json_text.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/whole_file.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::app {

namespace {

/// Every gate variant's name, in the table's order, comma-separated (what gate.variant may be).
std::string gate_variant_names() {
  std::string names;
  for (const GateVariantInfo& v : gate_variants()) names += (names.empty() ? "" : ", ") + std::string(v.name);
  return names;
}

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

  /// Each key of the object `j` (at `prefix`, "gate.") that is none of `known`, said: a misspelt
  /// key is a setting silently not taken.
  /// Not for a file kept as it is (a newer version's keys are expected there).
  void unknown_keys(const json& j, const std::string& prefix, std::initializer_list<const char*> known) {
    if (out.keep_file) return;
    for (auto it = j.begin(); it != j.end(); ++it)
      if (std::find_if(known.begin(), known.end(), [&](const char* k) { return it.key() == k; }) ==
          known.end())
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

  Settings& s = p.settings;
  Controls& c = s.controls;
  // The instruction by mnemonic. Settings from before the catalogue stored "shape": "m16n8k8" or
  // "m16n8k16" (the f32.f16.f16.f32 entries). An unknown mnemonic keeps the default and says so.
  if (j.contains("instruction")) {
    if (auto str = r.string(j, "instruction", "instruction", kDefaultInstruction)) {
      if (find_instruction(*str))
        c.instruction = *str;
      else {
        // Said beside the controls and, as every other field's fault, in the strip and on stderr.
        p.instruction_notice = "settings name an instruction the catalogue does not have (" +
                               shown(json(*str)) + "); showing " + kDefaultInstruction;
        r.say("instruction " + shown(json(*str)) + " is not in the catalogue: using " + kDefaultInstruction);
      }
    }
  } else if (auto shape = r.string(j, "shape", "shape", "m16n8k8")) {
    if (*shape == "m16n8k16")
      c.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    else if (*shape != "m16n8k8")
      r.say("shape " + shown(json(*shape)) + " is not m16n8k8 or m16n8k16: showing " + kDefaultInstruction);
  }
  // The wgmma entry of the Hopper views, by mnemonic (also without its prefix, as everywhere).
  if (auto str = r.string(j, "wgmma", "wgmma", kDefaultWgmma)) {
    if (const WgmmaInstruction* w = find_wgmma_named(*str))
      s.hopper.wgmma = w->mnemonic;
    else
      r.say("wgmma " + shown(json(*str)) + " is not in the wgmma catalogue: using " + kDefaultWgmma +
            did_you_mean(*str, kWgmmaNames));
  }
  r.named(
      j, "ldmatrix_num", "ldmatrix_num", "x1, x2, x4", [](const std::string& t) { return parse_num(t); },
      std::string(to_string(c.num)), c.num);
  r.boolean(j, "trans", "trans", c.trans);
  r.integer(j, "width_halves", "width_halves", kMinWidthHalves, kMaxWidthHalves, c.width_halves);
  r.integer(j, "pad_halves", "pad_halves", 0, kMaxPadHalves, c.pad_halves);
  r.named(
      j, "swizzle", "swizzle", "none, xor", [](const std::string& t) { return parse_swizzle(t); },
      std::string(to_string(c.swizzle)), c.swizzle);
  // A lane outside the warp selects none (-1), not the nearest lane.
  r.integer(j, "selected_lane", "selected_lane", -1, kWarpSize - 1, s.selected_lane, false);
  if (auto it = j.find("windows"); it != j.end()) {
    if (it->is_object()) {
      WindowsOpen& w = s.windows;
      for (auto [key, flag] : {std::pair<const char*, bool*>{"controls", &w.controls},
                               {"device", &w.device},
                               {"inspector", &w.inspector},
                               {"fragments", &w.fragments},
                               {"ldmatrix", &w.ldmatrix},
                               {"banks", &w.banks},
                               {"gate", &w.gate},
                               {"output", &w.output},
                               {"warpgroup", &s.hopper.warpgroup},
                               {"descriptor", &s.hopper.descriptor},
                               {"moves", &s.hopper.moves}})
        r.boolean(*it, key, std::string("windows.") + key, *flag);
      r.unknown_keys(*it, "windows.",
                     {"controls", "device", "inspector", "fragments", "ldmatrix", "banks", "gate", "output",
                      "warpgroup", "descriptor", "moves"});
    } else {
      r.say("windows is " + shown(*it) + ", not an object: every window open");
    }
  }
  if (auto it = j.find("gate"); it != j.end()) {
    if (it->is_object()) {
      const json& g = *it;
      r.integer(g, "n", "gate.n", kGateMinN, kGateMaxN, s.gate_n);
      // The seed is any unsigned 64-bit number, written as such: a negative one (which a plain
      // conversion would wrap to 2^64 - 1), a fraction or a float is refused.
      if (auto sd = g.find("seed"); sd != g.end()) {
        const std::string def = std::to_string(s.gate_seed);
        if (sd->is_number_unsigned())
          s.gate_seed = sd->get<std::uint64_t>();
        else if (sd->is_number_integer())
          r.say("gate.seed " + shown(*sd) + " is negative; a seed is 0 to 18446744073709551615: using " +
                def);
        else
          r.say("gate.seed " + shown(*sd) + " is not a whole number from 0 to 18446744073709551615: using " +
                def);
      }
      r.named(
          g, "variant", "gate.variant", gate_variant_names(),
          [](const std::string& t) { return parse_variant(t); }, std::string(to_string(s.gate_variant)),
          s.gate_variant);
      r.unknown_keys(g, "gate.", {"n", "seed", "variant"});
    } else {
      r.say("gate is " + shown(*it) + ", not an object: using the default gate options");
    }
  }
  r.named(
      j, "output_colour", "output_colour", "mismatch, block, warp, lane",
      [](const std::string& t) { return parse_output_colour(t); }, to_string(s.output_colour),
      s.output_colour);
  if (auto it = j.find("layout"); it != j.end()) {
    if (it->is_object()) {
      const json& l = *it;
      LayoutControls& lc = s.layout;
      r.boolean(l, "enabled", "layout.enabled", lc.enabled);
      // Text is kept as typed even when it does not parse (the view shows why); only its size is
      // bounded.
      for (auto [key, field] : {std::pair<const char*, std::string*>{"write", &lc.write_layout},
                                {"read", &lc.read_layout},
                                {"lanes", &lc.lanes}}) {
        const std::string name = std::string("layout.") + key;
        if (auto t = r.string(l, key, name, shown(json(*field)))) {
          if (t->size() > kMaxLayoutTextChars)
            r.say(name + " is " + std::to_string(t->size()) + " characters, more than " +
                  std::to_string(kMaxLayoutTextChars) + ": using " + shown(json(*field)));
          else
            *field = *t;
        }
      }
      r.named(
          l, "op", "layout.op", shared_op_names(), [](const std::string& t) { return parse_shared_op(t); },
          std::string(to_string(lc.op)), lc.op);
      r.named(
          l, "num", "layout.num", "x1, x2, x4", [](const std::string& t) { return parse_num(t); },
          std::string(to_string(lc.num)), lc.num);
      r.boolean(l, "trans", "layout.trans", lc.trans);
      r.named(
          l, "element_type", "layout.element_type", "b8, b16, b32, b64 (or f16, bf16, s8, ...)",
          [](const std::string& t) -> std::optional<std::string> {
            if (parse_element_type(t)) return t;
            return std::nullopt;
          },
          lc.element_type, lc.element_type);
      r.unknown_keys(l, "layout.",
                     {"enabled", "write", "read", "lanes", "op", "num", "trans", "element_type"});
      // A text that does not parse is kept as typed (the Layout view marks where), and said now,
      // so the user knows at start why the view shows no layout.
      const LayoutView v = compute_layout_view(lc);
      for (auto [name, text, e] : {std::tuple<const char*, const std::string*, const FieldError*>{
                                       "layout.write", &lc.write_layout, &v.write_error},
                                   {"layout.read", &lc.read_layout, &v.read_error},
                                   {"layout.lanes", &lc.lanes, &v.lanes_error}})
        if (!e->ok())
          p.layout_notices.push_back(std::string(name) + " " + shown(json(*text)) + " does not parse (" +
                                     echo_text(e->message) + "): kept as typed; the Layout view shows where");
    } else {
      r.say("layout is " + shown(*it) + ", not an object: using the default layout");
    }
  }
  // A misspelt key is a setting silently not taken: say so (a newer version's keys are expected).
  r.unknown_keys(
      j, "",
      {"format", "version", "instruction", "shape", "wgmma", "ldmatrix_num", "trans", "width_halves",
       "pad_halves", "swizzle", "selected_lane", "windows", "gate", "output_colour", "layout"});
  return p;
}

std::string settings_json(const Settings& s) {
  const Controls& c = s.controls;
  json j;
  j["format"] = kSettingsFormat;
  j["version"] = kSettingsVersion;
  j["instruction"] = c.instruction;
  j["wgmma"] = s.hopper.wgmma;
  j["ldmatrix_num"] = std::string(to_string(c.num));
  j["trans"] = c.trans;
  j["width_halves"] = c.width_halves;
  j["pad_halves"] = c.pad_halves;
  j["swizzle"] = std::string(to_string(c.swizzle));
  j["selected_lane"] = s.selected_lane;
  const WindowsOpen& w = s.windows;
  j["windows"] = {{"controls", w.controls},
                  {"device", w.device},
                  {"inspector", w.inspector},
                  {"fragments", w.fragments},
                  {"ldmatrix", w.ldmatrix},
                  {"banks", w.banks},
                  {"gate", w.gate},
                  {"output", w.output},
                  {"warpgroup", s.hopper.warpgroup},
                  {"descriptor", s.hopper.descriptor},
                  {"moves", s.hopper.moves}};
  j["gate"] = {{"n", s.gate_n}, {"variant", std::string(to_string(s.gate_variant))}, {"seed", s.gate_seed}};
  j["output_colour"] = to_string(s.output_colour);
  const LayoutControls& l = s.layout;
  j["layout"] = {{"enabled", l.enabled},
                 {"write", l.write_layout},
                 {"read", l.read_layout},
                 {"lanes", l.lanes},
                 {"op", std::string(to_string(l.op))},
                 {"num", std::string(to_string(l.num))},
                 {"trans", l.trans},
                 {"element_type", l.element_type}};
  // The mnemonic comes from the catalogue or a parsed file, so it is valid UTF-8; replace anyway
  // rather than throw.
  return j.dump(2, ' ', false, json::error_handler_t::replace);
}

Settings settings_of(const AppState& s) {
  Settings out;
  out.controls = s.report ? s.report->user_controls : s.controls;
  out.selected_lane = s.selected_lane;
  out.windows = s.windows;
  out.gate_n = s.gate_request.n;
  out.gate_variant = s.gate_request.variant;
  out.gate_seed = s.gate_request.seed;
  out.output_colour = s.output_colour;
  // While a report shows its own layout run, the user's layout is the one it covered.
  // A gate rung's geometry shown over the user's: the user's is saved.
  out.layout = s.report && s.report->layout_before && s.layout == s.report->layout_shown
                   ? *s.report->layout_before
               : s.layout_yours && !s.layout.title.empty() ? *s.layout_yours
                                                           : s.layout;
  out.layout.title.clear();
  out.hopper =
      HopperSettings{s.hopper.wgmma, s.hopper.warpgroup_open, s.hopper.descriptor_open, s.hopper.moves_open};
  return out;
}

void apply_settings(const ParsedSettings& p, AppState& s) {
  const Settings& in = p.settings;
  s.controls = in.controls;
  s.selected_lane = in.selected_lane;
  s.windows = in.windows;
  s.gate_request.n = in.gate_n;
  s.gate_request.variant = in.gate_variant;
  s.gate_request.seed = in.gate_seed;
  s.output_colour = in.output_colour;
  s.layout = in.layout;
  s.hopper.wgmma = in.hopper.wgmma;
  s.hopper.warpgroup_open = in.hopper.warpgroup;
  s.hopper.descriptor_open = in.hopper.descriptor;
  s.hopper.moves_open = in.hopper.moves;
  s.instruction_notice = p.instruction_notice;
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
