#include "bank_layout_mode.hpp"

#include <algorithm>
#include <cstdio>

namespace fragviz::app {

namespace {

FieldError field_error(const Error& e, int column) { return FieldError{e.message, column}; }

std::string coord_text(Coord c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }

std::string plural(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// Words [first, first + count) of the grid, clipped to what is drawn.
template <class F>
void for_words(LayoutView& v, std::int64_t byte, int bytes, F f) {
  if (bytes <= 0 || byte < 0) return;
  const std::int64_t first = byte / kBankBytes, last = (byte + bytes - 1) / kBankBytes;
  for (std::int64_t w = first; w <= last; ++w)
    if (w < static_cast<std::int64_t>(v.words.size())) f(v.words[static_cast<std::size_t>(w)]);
}

void lay_out_grid(LayoutView& v, const SmemLayout& l, const AccessReport& r) {
  const std::int64_t lines = (l.footprint_bytes + 127) / 128;
  v.lines = static_cast<int>(std::min<std::int64_t>(lines, kLayoutMaxLines));
  v.truncated = lines > kLayoutMaxLines;
  v.words.assign(static_cast<std::size_t>(v.lines) * kBanks, LayoutWord{});
  const std::vector<ByteOwner> owners = tile_byte_owners(l);
  for (std::size_t w = 0; w < v.words.size(); ++w) {
    // The word's first byte that holds an element names it (a 1-byte type packs four per word).
    for (std::size_t b = w * kBankBytes; b < (w + 1) * kBankBytes && b < owners.size(); ++b)
      if (owners[b].cell >= 0) {
        v.words[w].cell = owners[b].cell;
        break;
      }
  }
  // The access goes to shared byte base + tile offset; the app's base is 0, so tile byte = address.
  const int bytes = access_bytes(r.request.op);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const LaneAccess& a = r.lanes[static_cast<std::size_t>(lane)];
    if (!a.used || !a.has_address) continue;
    for_words(v, a.byte_address - r.request.base_bytes, bytes, [&](LayoutWord& w) { w.lanes |= 1u << lane; });
  }
  // Conflicts: a bank that one phase asks for more than one distinct word; its lanes conflict.
  std::uint32_t conflicting = 0;
  const int words_per_lane = bytes / kBankBytes;
  for (const AccessPhase& p : r.phases)
    for (int lane = p.first_lane; lane < p.first_lane + p.lanes; ++lane) {
      const LaneAccess& a = r.lanes[static_cast<std::size_t>(lane)];
      if (!a.used || !a.has_address) continue;
      for (int k = 0; k < words_per_lane; ++k) {
        const int bank = a.banks[static_cast<std::size_t>(k)];
        if (p.words[static_cast<std::size_t>(bank)] <= 1) continue;
        conflicting |= 1u << lane;
        for_words(v, a.byte_address - r.request.base_bytes + k * kBankBytes, kBankBytes,
                  [](LayoutWord& w) { w.conflict = true; });
      }
    }
  for (int lane = 0; lane < kWarpSize; ++lane)
    if ((conflicting >> lane) & 1u) v.conflicting_lanes.push_back(lane);
}

}  // namespace

const SmemLayout* LayoutView::access_layout() const {
  const auto& side = is_store(key.op) ? write : read;
  return side ? &*side : nullptr;
}

const char* element_type_name(int bytes) {
  switch (bytes) {
    case 1:
      return "b8";
    case 4:
      return "b32";
    case 8:
      return "b64";
    default:
      return "b16";
  }
}

LayoutView compute_layout_view(const LayoutControls& c) {
  LayoutView v;
  v.key = c;
  if (const auto eb = parse_element_type(c.element_type))
    v.element_bytes = *eb;
  else
    v.element_error =
        FieldError{"\"" + c.element_type + "\" is not an element type (b8, b16, b32, b64, f16, ...)", 0};
  const int eb = v.element_bytes ? v.element_bytes : 2;
  if (const auto w = parse_smem_layout(c.write_layout, LayoutUnits::elements, eb))
    v.write = *w;
  else
    v.write_error = field_error(w.error, w.column);
  if (c.read_layout.empty()) {
    v.read = v.write;
  } else if (const auto r = parse_smem_layout(c.read_layout, LayoutUnits::elements, eb)) {
    v.read = *r;
  } else {
    v.read_error = field_error(r.error, r.column);
  }
  if (const auto p = parse_lane_pattern(c.lanes, c.num))
    v.lanes = *p;
  else
    v.lanes_error = field_error(p.error, p.column);

  if (!c.read_layout.empty() && v.write && v.read) {
    if (const auto t = round_trip(*v.write, *v.read)) {
      v.trip = *t;
      const RoundTrip& rt = *v.trip;
      if (rt.agree()) {
        v.trip_line = "round trip: all " + plural(rt.elements, "element", "elements") + " read back";
      } else {
        const RoundTripMismatch& m = *rt.first;
        v.trip_line =
            "round trip: " + std::to_string(rt.mismatches) + " of " +
            plural(rt.elements, "element", "elements") + " read back wrong; first " + coord_text(m.logical) +
            " read at byte " + std::to_string(m.read_byte) + ", which holds " +
            (!m.found            ? std::string("no element (pad)")
             : m.found_byte == 0 ? coord_text(*m.found)
                                 : "byte " + std::to_string(m.found_byte) + " of " + coord_text(*m.found)) +
            "; written at byte " + std::to_string(m.written_byte);
      }
    } else {
      v.trip_error = t.error.message;
    }
  }

  const SmemLayout* l = v.access_layout();
  if (!v.element_error.ok() || !l || !v.lanes) return v;
  AccessRequest req;
  req.op = c.op;
  req.ldmatrix = LdmatrixConfig{c.num, c.trans};
  // Checked for the oldest target each instruction has: sm_75 (its rule that lanes .x1/.x2 ignore
  // still hold valid addresses applies), sm_90 for stmatrix.
  req.sm = c.op == SharedOp::stmatrix ? 90 : 75;
  v.access = analyze_access(*l, *v.lanes, req);
  const AccessReport& r = *v.access;
  lay_out_grid(v, *l, r);
  // The mismatch is marked where the read went; a store's grid is the write side's.
  if (v.trip && v.trip->first && !is_store(c.op))
    for_words(v, v.trip->first->read_byte, l->element_bytes(), [](LayoutWord& w) { w.round_trip = true; });
  if (r.refused()) return v;
  const bool matrix = is_matrix_op(c.op);
  if (r.packed_pairs) v.phase_lines.push_back(packing_note(c.op, r.packed_pairs));
  for (const AccessPhase& p : r.phases)
    v.phase_lines.push_back(
        std::string(matrix ? "matrix " : "phase ") + std::to_string(p.index) + " (lanes " +
        std::to_string(p.first_lane) + "-" + std::to_string(p.first_lane + p.lanes - 1) +
        "): " + plural(p.wavefronts, "wavefront", "wavefronts") +
        (p.wavefronts == 1 ? " (conflict-free)" : " (" + std::to_string(p.wavefronts) + "-way conflict)"));
  v.totals = "wavefronts " + std::to_string(r.wavefronts) + "   ideal " + std::to_string(r.ideal_wavefronts) +
             "   bank conflicts " + std::to_string(r.bank_conflicts) + "   (" + std::to_string(r.max_way) +
             "-way)";
  return v;
}

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
  const auto lanes = parse_lane_pattern(p.lanes, p.ldmatrix.num);
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
  LayoutControls& l = s.layout;
  // The first rung shown over the user's own geometry keeps it; a second rung keeps the same one.
  if (l.title.empty()) s.layout_yours = l;
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
  l.title = r.title;
  s.windows.banks = true;
}

void restore_your_layout(AppState& s) {
  if (!s.layout_yours) return;
  s.layout = *s.layout_yours;
  s.layout_yours.reset();
}

}  // namespace fragviz::app
