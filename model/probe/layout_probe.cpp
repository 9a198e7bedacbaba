// Planning and judging `fragviz-cli probe --layout` (layout_probe.hpp).
#include "fragviz/probe/layout_probe.hpp"

#include <algorithm>
#include <cstdlib>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/util/csv.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

int slot_count(SharedOp op, LdmatrixConfig c, int element_bytes) {
  return is_matrix_op(op) ? 2 * matrices(c.num) : access_bytes(op) / element_bytes;
}

}  // namespace

int LayoutProbePlan::slots() const { return slot_count(request.op, request.ldmatrix, write.element_bytes()); }

std::uint64_t LayoutProbePlan::expected_raw(int lane, int slot) const {
  const int eb = write.element_bytes();
  std::int64_t byte = 0;
  if (is_matrix_op(request.op)) {
    const int reg = slot / 2, half = slot % 2;
    const Coord in = ldmatrix_element(request.ldmatrix.trans, lane, half);  // inside matrix `reg`
    byte = model.lanes[static_cast<std::size_t>(8 * reg + in.row)].byte_address - model.request.base_bytes +
           std::int64_t{in.col} * eb;
  } else {
    byte = model.lanes[static_cast<std::size_t>(lane)].byte_address - model.request.base_bytes +
           std::int64_t{slot} * eb;
  }
  std::uint64_t v = 0;
  for (int k = 0; k < eb; ++k) {
    const std::int64_t b = byte + k;
    if (b < 0 || b >= static_cast<std::int64_t>(written.size())) continue;  // zeroed by the kernel
    const ByteOwner& o = written[static_cast<std::size_t>(b)];
    if (o.cell < 0) continue;
    const std::uint64_t label = static_cast<std::uint64_t>(o.cell) + 1;
    v |= ((label >> (8 * o.byte)) & 0xFFu) << (8 * k);
  }
  return v;
}

std::optional<Coord> LayoutProbePlan::element_of(std::uint64_t label) const {
  const std::uint64_t cells =
      static_cast<std::uint64_t>(write.rows()) * static_cast<std::uint64_t>(write.cols());
  if (label == 0 || label > cells) return std::nullopt;
  return cell_coord(write, static_cast<std::int32_t>(label - 1));
}

Outcome<LayoutProbePlan> plan_layout_probe(const LayoutProbeRequest& r, int sm) {
  using O = Outcome<LayoutProbePlan>;
  const auto eb = parse_element_type(r.element_type);
  if (!eb)
    return O::fail(ErrorKind::refused,
                   "--elem " + echo_text(r.element_type) + ": not an element type (b8, b16, b32, b64)");
  if (is_store(r.op)) {
    // The hint is a command line banks accepts as printed (its values single-quoted for the shell).
    const auto quote = [](const std::string& v) {
      std::string q = "'";
      for (char c : v) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      return q + "'";
    };
    return O::fail(ErrorKind::refused,
                   std::string(to_string(r.op)) + " stores: the layout probe runs loads (" +
                       shared_op_names(true, false) +
                       "); stores were measured by the bank sweep (tools/bank-sweep); `fragviz-cli banks " +
                       (r.op == SharedOp::stmatrix ? std::string("--stmatrix --sm 90")
                                                   : "--store " + std::string(to_string(r.op))) +
                       " --layout " + quote(r.write_layout) + " --lanes " + quote(r.lanes) +
                       "` shows its model");
  }
  if (is_matrix_op(r.op) && *eb != 2)
    return O::fail(ErrorKind::refused, "ldmatrix moves .b16 elements: use --elem b16 (or an LDS load)");
  if (r.iterations < 0 || r.iterations % 8 != 0 || r.iterations > (1 << 20))
    return O::fail(ErrorKind::refused, "timed loads must be a multiple of 8 from 0 to 1048576");
  const auto write = parse_smem_layout(r.write_layout, LayoutUnits::elements, *eb);
  if (!write)
    return O{std::nullopt, Error{write.error.kind, "--layout: " + write.error.message}, write.column};
  const auto read =
      r.read_layout.empty() ? write : parse_smem_layout(r.read_layout, LayoutUnits::elements, *eb);
  if (!read)
    return O{std::nullopt, Error{read.error.kind, "--read-layout: " + read.error.message}, read.column};
  const auto lanes = parse_lane_pattern(r.lanes, r.ldmatrix.num, *eb);
  if (!lanes)
    return O{std::nullopt, Error{lanes.error.kind, "--lanes: " + lanes.error.message}, lanes.column};
  const std::int64_t cells = std::int64_t{write->rows()} * write->cols();
  if (*eb < 8 && cells + 1 > (std::int64_t{1} << (8 * *eb)))
    return O::fail(ErrorKind::refused,
                   "the probe labels every element with its cell index + 1: " + std::to_string(cells) +
                       " elements do not fit " + std::to_string(8 * *eb) + "-bit elements");
  LayoutProbePlan p;
  p.request = r;
  p.write = *write;
  p.read = *read;
  p.lanes = *lanes;
  p.sm = sm;
  if (!r.read_layout.empty()) {
    const auto t = round_trip(p.write, p.read);
    if (!t) return O::fail(t.error.kind, "--layout/--read-layout: " + t.error.message);
    p.trip = *t;
  }
  AccessRequest req;
  req.op = r.op;
  req.ldmatrix = r.ldmatrix;
  req.sm = sm;
  p.model = analyze_access(p.read, p.lanes, req);
  if (p.model.refused()) return O::fail(p.model.error.kind, p.model.error.message);
  p.written = tile_byte_owners(p.write);
  p.tile_bytes = (std::max(p.write.footprint_bytes, p.read.footprint_bytes) + 15) / 16 * 16;
  return O::ok(std::move(p));
}

int LayoutProbe::mismatches() const {
  return static_cast<int>(
      std::count_if(slots.begin(), slots.end(), [](const LayoutSlotCheck& c) { return !c.match(); }));
}

int LayoutProbe::address_mismatches() const {
  int n = 0;
  for (int l = 0; l < 32; ++l)
    if (model_addresses[static_cast<std::size_t>(l)] >= 0 &&
        model_addresses[static_cast<std::size_t>(l)] != addresses[static_cast<std::size_t>(l)])
      ++n;
  return n;
}

LayoutProbe judge_layout_probe(const LayoutProbePlan& plan, const std::uint32_t (&words)[32][4],
                               const std::uint32_t (&offsets)[32], long long cycles, int iterations) {
  LayoutProbe out;
  out.write = plan.write.notation;
  out.read = plan.request.read_layout.empty() ? std::string() : plan.read.notation;
  out.lanes = plan.lanes.preset.empty() ? plan.lanes.notation : plan.lanes.preset;
  out.op = plan.request.op;
  out.ldmatrix = plan.request.ldmatrix;
  out.element_bytes = plan.write.element_bytes();
  out.mnemonic = plan.model.mnemonic;
  out.ran = true;
  out.model_wavefronts = plan.model.wavefronts;
  out.ideal_wavefronts = plan.model.ideal_wavefronts;
  out.cycles_per_instruction = iterations > 0 ? static_cast<double>(cycles) / iterations : 0.0;
  out.cycles = cycles;
  out.iterations = iterations;
  for (int l = 0; l < 32; ++l)
    for (int k = 0; k < 4; ++k)
      out.words[static_cast<std::size_t>(l)][static_cast<std::size_t>(k)] = words[l][k];
  const int eb = out.element_bytes;
  for (int l = 0; l < 32; ++l) {
    const LaneAccess& a = plan.model.lanes[static_cast<std::size_t>(l)];
    out.model_addresses[static_cast<std::size_t>(l)] =
        a.used && a.has_address ? a.byte_address - plan.model.request.base_bytes : -1;
    out.addresses[static_cast<std::size_t>(l)] = offsets[l];
    for (int slot = 0; slot < plan.slots(); ++slot) {
      LayoutSlotCheck c;
      c.lane = l;
      c.slot = slot;
      c.expected_raw = plan.expected_raw(l, slot);
      if (is_matrix_op(plan.request.op)) {
        c.raw = (words[l][slot / 2] >> (16 * (slot % 2))) & 0xFFFFu;
      } else {
        // Slot `slot` covers bytes [slot * eb, slot * eb + eb) of the lane's words, little-endian.
        std::uint64_t v = 0;
        for (int k = 0; k < eb; ++k) {
          const int byte = slot * eb + k;
          v |= std::uint64_t{(words[l][byte / 4] >> (8 * (byte % 4))) & 0xFFu} << (8 * k);
        }
        c.raw = v;
      }
      c.expected = plan.element_of(c.expected_raw);
      c.measured = plan.element_of(c.raw);
      out.slots.push_back(c);
    }
  }
  return out;
}

LayoutProbeRequest layout_probe_request(const LayoutProbe& p) {
  LayoutProbeRequest r;
  r.write_layout = p.write;
  r.read_layout = p.read;
  r.lanes = p.lanes;
  r.op = p.op;
  r.ldmatrix = p.ldmatrix;
  r.element_type = "b" + std::to_string(8 * p.element_bytes);
  r.iterations = p.iterations;
  return r;
}

LayoutProbe skipped_layout_probe(const LayoutProbeRequest& r, std::string why) {
  LayoutProbe out;
  out.write = r.write_layout;
  out.read = r.read_layout;
  out.lanes = r.lanes;
  out.op = r.op;
  out.ldmatrix = r.ldmatrix;
  out.element_bytes = parse_element_type(r.element_type).value_or(2);
  out.skipped = std::move(why);
  out.model_addresses.fill(-1);
  return out;
}

std::vector<std::string> ncu_metrics(SharedOp op) {
  return {std::string(wavefronts_metric(op)), std::string(bank_conflicts_metric(op))};
}

namespace {

/// One metric row of ncu's CSV: its launch ID (-1: no whole-number ID), name and value.
struct NcuRow {
  long long id = -1;
  std::string name;
  double value = 0;
};

/// Every metric row of `text` (ncu's "==PROF==" lines, the header and rows without a number skipped).
std::vector<NcuRow> ncu_rows(std::string_view text) {
  std::vector<NcuRow> out;
  int name_col = -1, value_col = -1, id_col = -1;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (line.empty() || line.rfind("==", 0) == 0) continue;  // ncu's own "==PROF==" lines
    const std::vector<std::string> f = csv_fields(line);
    if (name_col < 0) {
      for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] == "Metric Name") name_col = static_cast<int>(i);
        if (f[i] == "Metric Value") value_col = static_cast<int>(i);
        if (f[i] == "ID") id_col = static_cast<int>(i);
      }
      if (name_col < 0 || value_col < 0) name_col = value_col = id_col = -1;
      continue;
    }
    if (static_cast<int>(f.size()) <= std::max(name_col, value_col)) continue;
    std::string v;
    for (char c : f[static_cast<std::size_t>(value_col)])
      if (c != ',') v += c;
    char* stop = nullptr;
    const double d = std::strtod(v.c_str(), &stop);
    if (v.empty() || stop != v.c_str() + v.size()) continue;  // "n/a" and the like
    NcuRow r;
    r.name = f[static_cast<std::size_t>(name_col)];
    r.value = d;
    if (id_col >= 0 && id_col < static_cast<int>(f.size())) {
      const std::string& id = f[static_cast<std::size_t>(id_col)];
      char* id_stop = nullptr;
      const long long n = std::strtoll(id.c_str(), &id_stop, 10);
      if (!id.empty() && id_stop == id.c_str() + id.size() && n >= 0) r.id = n;
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

Outcome<std::map<std::string, double>> parse_ncu_csv(std::string_view text) {
  using O = Outcome<std::map<std::string, double>>;
  std::map<std::string, double> out;
  for (const NcuRow& r : ncu_rows(text)) out[r.name] += r.value;
  if (out.empty()) return O::fail(ErrorKind::refused, "no metric rows in ncu's CSV output");
  return O::ok(std::move(out));
}

Outcome<std::vector<std::map<std::string, double>>> parse_ncu_csv_launches(std::string_view text) {
  using O = Outcome<std::vector<std::map<std::string, double>>>;
  std::map<long long, std::map<std::string, double>> by_id;
  for (const NcuRow& r : ncu_rows(text)) {
    if (r.id < 0) return O::fail(ErrorKind::refused, "a metric row of ncu's CSV output has no launch ID");
    by_id[r.id][r.name] += r.value;
  }
  if (by_id.empty()) return O::fail(ErrorKind::refused, "no metric rows in ncu's CSV output");
  std::vector<std::map<std::string, double>> out;
  for (auto& [id, metrics] : by_id) out.push_back(std::move(metrics));
  return O::ok(std::move(out));
}

}  // namespace fragviz
