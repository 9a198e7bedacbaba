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

std::string resolve_config_dir(const std::string& override_dir) {
  std::string dir = override_dir;
  if (dir.empty())
    if (const char* env = std::getenv("FRAGVIZ_CONFIG_DIR"); env && *env) dir = env;
  if (dir.empty())
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) dir = std::string(xdg) + "/fragviz";
  if (dir.empty())
    if (const char* home = std::getenv("HOME"); home && *home) dir = std::string(home) + "/.config/fragviz";
  if (dir.empty()) dir = ".";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return dir;
}

std::string settings_json(const AppState& s) {
  const Controls& c = s.controls;
  json j;
  j["format"] = "fragviz-settings";
  j["version"] = 1;
  j["shape"] = std::string(to_string(c.shape));
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
  if (read(j, "shape", str), !str.empty())
    if (auto v = parse_shape(str)) c.shape = *v;
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
