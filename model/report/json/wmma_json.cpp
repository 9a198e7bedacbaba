#include "wmma_json.hpp"

#include <set>
#include <string>

#include "fields_json.hpp"
#include "json_strict.hpp"

namespace fragviz {
namespace {

using nlohmann::json;
using namespace json_strict;

std::string hex(const std::vector<std::uint8_t>& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

std::vector<std::uint8_t> bytes_from(const json& j, const std::string& what, std::size_t count) {
  if (!j.is_string()) fail_at(j, what, "expected a string of hex digits, got " + what_is(j));
  const std::string& s = j.get_ref<const std::string&>();
  if (s.size() != 2 * count)
    fail_at(j, what,
            "holds " + std::to_string(s.size()) + " hex digits, the kind needs " + std::to_string(2 * count));
  const auto digit = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    fail_at(j, what, "holds a character that is no lower-case hex digit");
  };
  std::vector<std::uint8_t> v(count);
  for (std::size_t i = 0; i < count; ++i)
    v[i] = static_cast<std::uint8_t>(digit(s[2 * i]) * 16 + digit(s[2 * i + 1]));
  return v;
}

std::string cells_text(const std::vector<int>& cells) {
  std::string s;
  for (std::size_t i = 0; i < cells.size(); ++i) s += (i ? " " : "") + std::to_string(cells[i]);
  return s;
}

}  // namespace

json wmma_probes_json(const std::vector<WmmaProbe>& probes) {
  json w = json::array();
  for (const WmmaProbe& p : probes)
    w.push_back(fields_json::fields_to_json(p, [](const Field& f, const auto& v, json& out) {
      using T = std::decay_t<decltype(v)>;
      if constexpr (std::is_same_v<T, std::vector<std::vector<std::uint8_t>>>) {
        json raw = json::array();
        for (const auto& pass : v) raw.push_back(hex(pass));
        out[f.name] = raw;
        return true;
      } else if constexpr (std::is_same_v<T, WmmaMap>) {
        out[f.name] = cells_text(v.cells);
        return true;
      } else {
        return false;
      }
    }));
  return w;
}

std::vector<WmmaProbe> wmma_probes_from(const json& list, const DeviceInfo& device) {
  std::vector<WmmaProbe> out;
  std::set<std::string> seen;
  for (const json& j : entries(list, "wmma")) {
    WmmaProbe p;
    // The plain fields by the list; the bytes and the cells they decode to below.
    fields_json::fields_from_json(j, p, [](const Field&, auto& v) {
      using T = std::decay_t<decltype(v)>;
      return std::is_same_v<T, std::vector<std::vector<std::uint8_t>>> || std::is_same_v<T, WmmaMap>;
    });
    const std::string where = "wmma[" + echo_text(p.name) + "]";
    if (!seen.insert(p.name).second) throw std::runtime_error(where + ": twice");
    if (p.ran == !p.skipped.empty()) throw std::runtime_error(where + ": ran and skipped disagree");
    const WmmaKind* w = find_wmma_kind(p.name);
    if (!w || wmma_name(*w) != p.name) {
      // A name the probes did not know is recorded as skipped; one that ran must be a kind.
      if (p.ran) throw std::runtime_error(where + ": no WMMA fragment kind has this name");
    }
    const json& raw = entries(j.at("raw"), "wmma.raw");
    const std::string cells = j.at("cells").get<std::string>();
    if (!p.ran) {
      if (!raw.empty() || !cells.empty()) throw std::runtime_error(where + ": did not run but holds bytes");
      out.push_back(std::move(p));
      continue;
    }
    if (!device.present) throw std::runtime_error(where + ": ran, but device.present is false");
    if (device.sm() < w->min_sm)
      throw std::runtime_error(where + ": ran on sm_" + std::to_string(device.sm()) +
                               ", but the kind needs sm_" + std::to_string(w->min_sm));
    if (raw.size() != static_cast<std::size_t>(wmma_passes(*w)))
      throw std::runtime_error(where + ".raw: " + std::to_string(raw.size()) + " passes, the kind takes " +
                               std::to_string(wmma_passes(*w)));
    for (const json& pass : raw)
      p.raw.push_back(
          bytes_from(pass, where + ".raw", static_cast<std::size_t>(kWarpSize * wmma_lane_bytes(*w))));
    // The cells are never the file's to say: decoded again from the bytes, they must be these.
    p.map = decode_wmma(*w, p.raw);
    if (cells != cells_text(p.map.cells)) {
      std::size_t slot = 0, at = 0;
      for (; slot < p.map.cells.size() && at <= cells.size(); ++slot) {
        const std::size_t end = std::min(cells.find(' ', at), cells.size());
        if (cells.substr(at, end - at) != std::to_string(p.map.cells[slot])) break;
        at = end + 1;
      }
      const std::size_t per = static_cast<std::size_t>(w->elements);
      throw std::runtime_error(
          where + ".cells are not what its raw bytes decode to" +
          (slot < p.map.cells.size()
               ? " (lane " + std::to_string(slot / per) + " x[" + std::to_string(slot % per) +
                     "] decodes to " + std::to_string(p.map.cells[slot]) + ")"
               : " (it lists more than " + std::to_string(p.map.cells.size()) + " slots)"));
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace fragviz
