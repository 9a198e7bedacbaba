#include "layout_json.hpp"

#include <memory>

#include "fragviz/probe/layout_probe.hpp"
#include "json_strict.hpp"

namespace fragviz {

using nlohmann::json;
using namespace json_strict;

void write_layout_probe(json& probe, const ProbeReport& r) {
  if (!r.layout) return;
  const LayoutProbe& p = *r.layout;
  json words = json::array(), addresses = json::array();
  for (int l = 0; l < 32; ++l) {
    words.push_back(json::array({p.words[l][0], p.words[l][1], p.words[l][2], p.words[l][3]}));
    addresses.push_back(p.addresses[static_cast<std::size_t>(l)]);
  }
  json ncu = json::object();
  for (const auto& [k, v] : p.ncu) ncu[k] = v;
  probe["layout"] = {{"write", p.write},
                     {"read", p.read},
                     {"lanes", p.lanes},
                     {"op", std::string(to_string(p.op))},
                     {"num", std::string(to_string(p.ldmatrix.num))},
                     {"trans", p.ldmatrix.trans},
                     {"element_bytes", p.element_bytes},
                     {"ran", p.ran},
                     {"skipped", p.skipped},
                     {"words", words},
                     {"addresses", addresses},
                     {"cycles", p.cycles},
                     {"iterations", p.iterations},
                     {"ncu", ncu}};
}

void read_layout_probe(const json& probe, ProbeReport& r) {
  const auto it = probe.find("layout");
  if (it == probe.end()) return;
  const json& j = *it;
  LayoutProbe p;
  p.write = j.at("write").get<std::string>();
  p.read = j.at("read").get<std::string>();
  p.lanes = j.at("lanes").get<std::string>();
  p.op = enum_from<SharedOp>(j.at("op"), "layout.op", parse_shared_op);
  p.ldmatrix = LdmatrixConfig{enum_from<LdmNum>(j.at("num"), "layout.num", parse_num),
                              boolean(j.at("trans"), "layout.trans")};
  p.element_bytes = integer<int>(j.at("element_bytes"), "layout.element_bytes");
  if (!valid_element_bytes(p.element_bytes))
    fail_at(j.at("element_bytes"), "layout.element_bytes", "must be 1, 2, 4 or 8");
  p.ran = boolean(j.at("ran"), "layout.ran");
  p.skipped = j.at("skipped").get<std::string>();
  p.cycles = integer<long long>(j.at("cycles"), "layout.cycles");
  p.iterations = integer<int>(j.at("iterations"), "layout.iterations");
  std::map<std::string, double> ncu;
  if (!j.at("ncu").is_object())
    fail_at(j.at("ncu"), "layout.ncu", "expected an object of metric values, got " + what_is(j.at("ncu")));
  for (auto m = j.at("ncu").begin(); m != j.at("ncu").end(); ++m)
    ncu[m.key()] = number<double>(*m, "layout.ncu");
  if (!p.ran) {
    LayoutProbe s = skipped_layout_probe(layout_probe_request(p), p.skipped);
    s.write = p.write;
    s.read = p.read;
    s.lanes = p.lanes;
    r.layout = std::make_shared<const LayoutProbe>(std::move(s));
    return;
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
  judged.ncu = std::move(ncu);
  r.layout = std::make_shared<const LayoutProbe>(std::move(judged));
}

}  // namespace fragviz
