#include "fragviz/viewmodel/bank_layout_view.hpp"

#include <algorithm>

namespace fragviz::app {

namespace {

FieldError field_error(const Error& e, int column) { return FieldError{e.message, column, e.kind}; }

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
        FieldError{"\"" + c.element_type + "\" is not an element type (b8, b16, b32, b64, f16, ...)", 0,
                   ErrorKind::malformed};
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
  if (v.write) v.write_idle = idle_swizzle_note(*v.write).value_or("");
  if (v.read && !c.read_layout.empty()) v.read_idle = idle_swizzle_note(*v.read).value_or("");
  if (const auto p = parse_lane_pattern(c.lanes, c.num, eb))
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

}  // namespace fragviz::app
