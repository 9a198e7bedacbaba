#include "bank_layout_mode.hpp"

#include <algorithm>
#include <cstdio>

namespace fragviz::app {

namespace {

std::string coord_text(Coord c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }

std::string plural(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Outcome<std::string> controls_layout_notation(const Controls& c) { return tile_geometry_notation(c.tile()); }

const LayoutProbe* matching_layout_probe(const LayoutView& v, const ProbeReport* report) {
  if (!report || !report->layout || !v.ready()) return nullptr;
  const LayoutProbe& p = *report->layout;
  const LayoutControls& c = v.key;
  if (p.op != c.op || p.element_bytes != v.element_bytes || p.write != v.write->notation) return nullptr;
  if (is_matrix_op(c.op) && (p.ldmatrix.num != c.num || p.ldmatrix.trans != c.trans)) return nullptr;
  if (c.read_layout.empty()
          ? !p.read.empty()
          : (p.read.empty() ? v.read->notation != v.write->notation : p.read != v.read->notation))
    return nullptr;
  // The same addresses, however they were written (preset, expression or table).
  const auto lanes = parse_lane_pattern(p.lanes, p.ldmatrix.num, p.element_bytes);
  if (!lanes || lanes->at != v.lanes->at) return nullptr;
  return &p;
}

std::vector<std::string> measured_lines(const LayoutProbe& p, const LayoutView& v) {
  std::vector<std::string> out;
  if (!p.ran) {
    out.push_back("measured: not run (" + p.skipped + ")");
    return out;
  }
  const int bad_addr = p.address_mismatches();
  out.push_back(bad_addr == 0 ? "measured addresses: every lane at the model's byte offset"
                              : "measured addresses: " + std::to_string(bad_addr) +
                                    " of 32 lanes differ from the model");
  const int bad = p.mismatches();
  std::string rx = bad == 0
                       ? "received: all " + std::to_string(p.slots.size()) + " slots as the model predicts"
                       : "received: " + std::to_string(bad) + " of " + std::to_string(p.slots.size()) +
                             " slots differ from the model";
  for (const LayoutSlotCheck& c : p.slots)
    if (!c.match()) {
      auto name = [](const std::optional<Coord>& e) { return e ? coord_text(*e) : std::string("pad"); };
      rx += "; first lane " + std::to_string(c.lane) + " slot " + std::to_string(c.slot) + ": expected " +
            name(c.expected) + ", received " + name(c.measured);
      break;
    }
  out.push_back(rx);
  char cy[64];
  std::snprintf(cy, sizeof cy, "%.1f", p.cycles_per_instruction);
  out.push_back("model " + plural(p.model_wavefronts, "wavefront", "wavefronts") + ", measured " + cy +
                " cycles per load");
  const std::vector<std::string> names = ncu_metrics(p.op);
  const int model[2] = {v.access ? v.access->wavefronts : p.model_wavefronts,
                        v.access ? v.access->bank_conflicts : p.model_wavefronts - p.ideal_wavefronts};
  for (int i = 0; i < 2; ++i) {
    const auto it = p.ncu.find(names[static_cast<std::size_t>(i)]);
    if (it == p.ncu.end()) continue;
    out.push_back("ncu " + names[static_cast<std::size_t>(i)] + ": " +
                  std::to_string(static_cast<long long>(it->second)) + " (model " + std::to_string(model[i]) +
                  ")");
  }
  return out;
}

void open_layout_view(AppState& s, const LayoutViewRequest& r) {
  keep_your_layout(s, r.title);
  LayoutControls& l = s.layout;
  l.enabled = true;
  l.write_layout = r.write_layout;
  l.read_layout = r.read_layout == r.write_layout ? std::string() : r.read_layout;
  l.lanes = r.lanes;
  l.op = r.op;
  l.num = r.num;
  l.trans = r.trans;
  // A size fragviz does not lay out stays visible as an element-type error, not a silent b16.
  l.element_type = valid_element_bytes(r.element_bytes) ? element_type_name(r.element_bytes)
                                                        : std::to_string(r.element_bytes) + " bytes";
  s.windows.banks = true;
}

void keep_your_layout(AppState& s, const std::string& title) {
  // The first shown over the user's own geometry keeps it; a second keeps the same one.
  if (s.layout.title.empty()) s.layout_yours = s.layout;
  s.layout.title = title;
}

void restore_your_layout(AppState& s) {
  if (!s.layout_yours) return;
  s.layout = *s.layout_yours;
  s.layout_yours.reset();
}

}  // namespace fragviz::app
