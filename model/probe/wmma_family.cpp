// The WMMA family's packing and decoding (fragviz/probe/wmma_family.hpp): pure host work, the
// device half is gpu/cuda/wmma_run.cpp.
#include "fragviz/probe/wmma_family.hpp"

#include <cstring>
#include <set>

namespace fragviz {

std::vector<const WmmaKind*> requested_wmma_kinds(const ProbeRequest& req, std::vector<WmmaProbe>& unknown) {
  std::vector<const WmmaKind*> kinds;
  std::set<const WmmaKind*> seen;
  const auto add = [&](const WmmaKind* w) {
    if (seen.insert(w).second) kinds.push_back(w);
  };
  const auto add_all = [&] {
    for (int i = 0; i < wmma_kind_count(); ++i) add(&wmma_kinds()[i]);
  };
  if (req.instructions.empty()) {
    if (req.instruction_probes && req.wmma_probes) add_all();
    return kinds;
  }
  std::set<std::string> unknown_seen;
  for (const std::string& name : req.instructions) {
    if (name == "wmma") {
      add_all();
    } else if (is_wmma_probe_name(name)) {
      if (const WmmaKind* w = find_wmma_kind(name)) {
        add(w);
      } else if (unknown_seen.insert(name).second) {
        WmmaProbe p;
        p.name = name;
        p.skipped = "not run: no WMMA fragment kind has this name";
        unknown.push_back(p);
      }
    }
  }
  return kinds;
}

bool pack_wmma(const ProbeRequest& req, int sm, const WmmaCodeCheck& has_code, ProbeReport& report,
               WmmaWork& work) {
  std::vector<WmmaProbe> unknown;
  const std::vector<const WmmaKind*> kinds = requested_wmma_kinds(req, unknown);
  const std::string device_sm = "sm_" + std::to_string(sm);
  std::vector<std::uint8_t>& in = work.in;
  for (const WmmaKind* w : kinds) {
    WmmaProbe p;
    p.name = wmma_name(*w);
    const std::string needs = "sm_" + std::to_string(w->min_sm);
    if (sm < w->min_sm) {
      p.skipped = "skipped: needs " + needs + " or newer (device is " + device_sm + ")";
    } else if (const int code = has_code(wmma_kind_index(w)); code != 1) {
      if (code < 0) return false;
      p.skipped = "not run: this build has no code for it on " + device_sm + " (needs " + needs + ")";
    } else {
      WmmaWork::Plan plan{w, report.wmma.size(), in.size(), work.out_bytes};
      for (int pass = 0; pass < wmma_passes(*w); ++pass) {
        const std::vector<std::uint8_t> tile = wmma_tile(*w, pass);
        const std::size_t at = in.size();
        in.resize(at + static_cast<std::size_t>(wmma_tile_stride(*w)), 0);
        std::memcpy(in.data() + at, tile.data(), tile.size());
      }
      work.out_bytes += static_cast<std::size_t>(wmma_passes(*w) * kWarpSize * wmma_lane_bytes(*w));
      work.out_bytes = (work.out_bytes + 15) / 16 * 16;
      work.plans.push_back(plan);
    }
    report.wmma.push_back(std::move(p));
  }
  for (WmmaProbe& p : unknown) report.wmma.push_back(std::move(p));
  return true;
}

void judge_wmma(const WmmaWork& work, ProbeReport& report) {
  for (const WmmaWork::Plan& plan : work.plans) {
    WmmaProbe& p = report.wmma[plan.probe];
    const std::size_t pass_bytes = static_cast<std::size_t>(kWarpSize * wmma_lane_bytes(*plan.kind));
    for (int pass = 0; pass < wmma_passes(*plan.kind); ++pass) {
      const std::uint8_t* at = work.out.data() + plan.out_at + static_cast<std::size_t>(pass) * pass_bytes;
      p.raw.emplace_back(at, at + pass_bytes);
    }
    p.map = decode_wmma(*plan.kind, p.raw);
    p.ran = true;
  }
}

}  // namespace fragviz
