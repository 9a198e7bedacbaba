#include "wmma_view.hpp"

namespace fragviz::app {
namespace {

const WmmaProbe* find_probe(const ProbeReport* r, const WmmaKind& k) {
  if (!r) return nullptr;
  const std::string name = wmma_name(k);
  for (const WmmaProbe& p : r->wmma)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace

WmmaView compute_wmma_view(const WmmaKind& kind, const ProbeReport* report,
                           const std::string& measured_label) {
  WmmaView v;
  v.kind = &kind;
  v.title = wmma_name(kind) + ":  " + wmma_cxx(kind) + ",  " + wmma_ptx(kind);
  const WmmaProbe* p = find_probe(report, kind);
  if (!p || !p->ran) {
    v.nothing = std::string(kWmmaNoMapping);
    if (p)
      v.nothing += " " + measured_label + " did not measure it: " + p->skipped + ".";
    else if (report)
      v.nothing += " " + measured_label + " holds no measurement of it.";
    v.nothing += " Measure it on a GPU: fragviz-cli probe --instr " + wmma_name(kind) +
                 " --json FILE, then File > Open report.";
    return v;
  }
  v.measured = true;
  v.label = measured_label + ": not a contract";
  v.holders_text = describe_wmma_map(kind, p->map);
  v.relation = describe_relation(kind, relate_to_mma(kind, p->map));
  if (const WmmaProbe* same = wmma_same_map(report->wmma, *p)) v.same_as = "same map as " + same->name;
  v.holders.assign(static_cast<std::size_t>(wmma_cells(kind)), {});
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int i = 0; i < kind.elements; ++i) {
      const int cell = p->map.at(kind, lane, i);
      if (cell >= 0 && cell < wmma_cells(kind))
        v.holders[static_cast<std::size_t>(cell)].push_back({lane, i});
    }
  return v;
}

std::string wmma_status(const WmmaKind& kind, const ProbeReport* report) {
  const WmmaProbe* p = find_probe(report, kind);
  if (!p) return "";
  return p->ran ? "measured" : "not run";
}

}  // namespace fragviz::app
