#include "layout_json.hpp"

#include <memory>

#include "fields_json.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "json_strict.hpp"

namespace fragviz {

using nlohmann::json;
using namespace json_strict;

json layout_probe_json(const LayoutProbe& p) { return fields_json::fields_to_json(p); }

std::shared_ptr<const LayoutProbe> layout_probe_from(const json& j) {
  LayoutProbe p;
  // The plain fields by the list; what the kernel returned below, only where it ran.
  fields_json::fields_from_json(
      j, p,
      [](const Field& f, auto&) {
        const std::string_view name = f.name;
        return name == "words" || name == "addresses";
      },
      ReportFile::kVersion, "layout.");
  if (!valid_element_bytes(p.element_bytes))
    fail_at(j.at("element_bytes"), "layout.element_bytes", "must be 1, 2, 4 or 8");
  if (!p.ran) {
    LayoutProbe s = skipped_layout_probe(layout_probe_request(p), p.skipped);
    s.write = p.write;
    s.read = p.read;
    s.lanes = p.lanes;
    return std::make_shared<const LayoutProbe>(std::move(s));
  }
  const json& w = j.at("words");
  const json& a = j.at("addresses");
  if (!w.is_array() || w.size() != 32) fail_at(w, "layout.words", "expected 32 lanes");
  if (!a.is_array() || a.size() != 32) fail_at(a, "layout.addresses", "expected 32 lanes");
  std::uint32_t words[32][4] = {}, offsets[32] = {};
  for (std::size_t l = 0; l < 32; ++l) {
    if (!w[l].is_array() || w[l].size() != 4) fail_at(w[l], "layout.words", "expected 4 words per lane");
    for (std::size_t k = 0; k < 4; ++k) words[l][k] = integer<std::uint32_t>(w[l][k], "layout.words");
    offsets[l] = static_cast<std::uint32_t>(integer<std::int64_t>(a[l], "layout.addresses") & 0xFFFFFFFF);
    if (integer<std::int64_t>(a[l], "layout.addresses") < 0)
      fail_at(a[l], "layout.addresses", "must not be negative");
  }
  // The prediction from the model, never from the file.
  const auto plan = plan_layout_probe(layout_probe_request(p), 90);
  if (!plan) throw std::runtime_error("layout: the recorded request does not plan: " + plan.error.message);
  LayoutProbe judged = judge_layout_probe(*plan, words, offsets, p.cycles, p.iterations);
  judged.ncu = std::move(p.ncu);
  return std::make_shared<const LayoutProbe>(std::move(judged));
}

}  // namespace fragviz
