#include "settings.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace fragviz::app {

namespace {

using nlohmann::json;

template <class T>
void read(const json& j, const char* key, T& out) {
  auto it = j.find(key);
  if (it == j.end()) return;
  try {
    out = it->get<T>();
  } catch (const json::exception&) {
    // Wrong type: keep the default.
  }
}

}  // namespace

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

std::string ensure_config_dir(const ConfigDir& d) {
  namespace fs = std::filesystem;
  if (d.path.empty()) return "no HOME, XDG_CONFIG_HOME or --config-dir: settings are not saved";
  std::error_code ec;
  if (fs::is_directory(d.path, ec)) return {};
  if (!fs::is_directory(d.anchor, ec))
    return d.what_anchor + " does not exist (it is never created): settings are not saved";
  if (!fs::create_directories(d.path, ec) && !fs::is_directory(d.path))
    return "cannot create " + d.path + ": " + ec.message() + "; settings are not saved";
  return {};
}

std::string settings_json(const AppState& s) {
  const Controls& c = s.controls;
  json j;
  j["format"] = "fragviz-settings";
  j["version"] = 1;
  j["instruction"] = c.instruction;
  j["ldmatrix_num"] = std::string(to_string(c.num));
  j["trans"] = c.trans;
  j["width_halves"] = c.width_halves;
  j["pad_halves"] = c.pad_halves;
  j["swizzle"] = std::string(to_string(c.swizzle));
  j["selected_lane"] = s.selected_lane;
  const WindowsOpen& w = s.windows;
  j["windows"] = {{"controls", w.controls},   {"device", w.device},     {"inspector", w.inspector},
                  {"fragments", w.fragments}, {"ldmatrix", w.ldmatrix}, {"banks", w.banks},
                  {"gate", w.gate},           {"output", w.output}};
  j["gate"] = {{"n", s.gate_request.n},
               {"variant", std::string(to_string(s.gate_request.variant))},
               {"seed", s.gate_request.seed}};
  j["output_colour"] = to_string(s.output_colour);
  return j.dump(2);
}

std::string load_settings(const std::string& dir, AppState& s) {
  const std::string path = dir + "/settings.json";
  std::ifstream in(path);
  if (!in) return {};
  std::stringstream text;
  text << in.rdbuf();
  json j = json::parse(text.str(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return path + ": not JSON, using defaults";
  Controls& c = s.controls;
  std::string str;
  // The instruction by mnemonic. Settings from before the catalogue stored "shape": "m16n8k8" or
  // "m16n8k16" (the f32.f16.f16.f32 entries). An unknown mnemonic keeps the default and says so.
  if (read(j, "instruction", str), !str.empty()) {
    if (find_instruction(str))
      c.instruction = str;
    else
      s.instruction_notice = "settings name an instruction the catalogue does not have (" + str +
                             "); showing " + kDefaultInstruction;
  } else if (read(j, "shape", str), str == "m16n8k16") {
    c.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  }
  str.clear();
  if (read(j, "ldmatrix_num", str), !str.empty())
    if (auto v = parse_num(str)) c.num = *v;
  read(j, "trans", c.trans);
  read(j, "width_halves", c.width_halves);
  read(j, "pad_halves", c.pad_halves);
  str.clear();
  if (read(j, "swizzle", str), !str.empty())
    if (auto v = parse_swizzle(str)) c.swizzle = *v;
  read(j, "selected_lane", s.selected_lane);
  if (s.selected_lane < -1 || s.selected_lane >= kWarpSize) s.selected_lane = -1;
  if (auto it = j.find("windows"); it != j.end() && it->is_object()) {
    WindowsOpen& w = s.windows;
    read(*it, "controls", w.controls);
    read(*it, "device", w.device);
    read(*it, "inspector", w.inspector);
    read(*it, "fragments", w.fragments);
    read(*it, "ldmatrix", w.ldmatrix);
    read(*it, "banks", w.banks);
    read(*it, "gate", w.gate);
    read(*it, "output", w.output);
  }
  if (auto it = j.find("gate"); it != j.end() && it->is_object()) {
    read(*it, "n", s.gate_request.n);
    read(*it, "seed", s.gate_request.seed);
    str.clear();
    read(*it, "variant", str);
    if (auto v = parse_variant(str)) s.gate_request.variant = *v;
  }
  str.clear();
  read(j, "output_colour", str);
  for (OutputColour oc :
       {OutputColour::mismatch, OutputColour::block, OutputColour::warp, OutputColour::lane})
    if (str == to_string(oc)) s.output_colour = oc;
  return {};
}

std::string save_settings(const std::string& dir, const AppState& s) {
  const std::string path = dir + "/settings.json", tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) return "cannot write " + tmp;
    out << settings_json(s) << '\n';
    if (!out) return "cannot write " + tmp;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  return ec ? "cannot replace " + path + ": " + ec.message() : std::string();
}

}  // namespace fragviz::app
