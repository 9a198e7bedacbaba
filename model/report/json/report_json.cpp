// JSON for reports. Strict on read: a missing or mistyped field is an error, never a default, so
// a half-read report can't be shown as measured data.
#include "fragviz/report/report_json.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "fields_json.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/util/json_text.hpp"
#include "fragviz/util/parse_limits.hpp"
#include "fragviz/util/words.hpp"
#include "hopper_json.hpp"
#include "json_strict.hpp"
#include "layout_json.hpp"
#include "report_checks.hpp"
#include "report_words.hpp"
#include "wmma_json.hpp"

namespace fragviz {
namespace {

using nlohmann::json;
using namespace json_strict;

constexpr const char* kFormat = "fragviz-report";

std::optional<Operand> operand_named(std::string_view t) {
  if (t == "A") return Operand::A;
  if (t == "B") return Operand::B;
  if (t == "C") return Operand::C;
  return std::nullopt;
}

/// Version 1 reports named the seed's two instructions by shape alone ("m16n8k8", "m16n8k16").
std::string v1_mnemonic(const json& shape) {
  const std::string text =
      enum_from<std::string>(shape, "shape", [](const std::string& t) -> std::optional<std::string> {
        if (t == "m16n8k8" || t == "m16n8k16") return t;
        return std::nullopt;
      });
  return "mma.sync.aligned." + text + ".row.col.f32.f16.f16.f32";
}

ErrorKind error_kind_from(const json& j, int version, const std::string& error) {
  if (version < 2) return error.empty() ? ErrorKind::none : ErrorKind::unrecorded;
  return enum_from<ErrorKind>(j.at("error_kind"), "error_kind", parse_error_kind);
}

// [SECTION] small types --------------------------------------------------------------------------

// [row, col], or [row, col, product] for the quad pairs of m8n8k4 .f16.
json coord_json(Coord c) {
  return c.product == 0 ? json::array({c.row, c.col}) : json::array({c.row, c.col, c.product});
}
Coord coord_from(const json& j) {
  if (!j.is_array() || (j.size() != 2 && j.size() != 3))
    fail_at(j, "coordinate", "a coordinate must be [row, col] or [row, col, product], got " + what_is(j));
  Coord c{integer<int>(j.at(0), "row"), integer<int>(j.at(1), "col")};
  if (j.size() == 3) {
    c.product = integer<int>(j.at(2), "product");
    if (c.product == 0) fail_at(j, "coordinate", "a coordinate of product 0 is written [row, col]");
  }
  return c;
}
json opt_coord_json(const std::optional<Coord>& c) { return c ? coord_json(*c) : json(nullptr); }
std::optional<Coord> opt_coord_from(const json& j) {
  if (j.is_null()) return std::nullopt;
  return coord_from(j);
}

template <class T, std::size_t N>
std::array<T, N> array_from(const json& j, const char* what) {
  if (!j.is_array() || j.size() != N)
    fail_at(j, what, "expected " + plural(static_cast<long long>(N), "entry", "entries"));
  std::array<T, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = integer<T>(j.at(i), what);
  return a;
}

json ldm_json(LdmatrixConfig c) { return {{"num", std::string(to_string(c.num))}, {"trans", c.trans}}; }
LdmatrixConfig ldm_from(const json& j) {
  return LdmatrixConfig{enum_from<LdmNum>(j.at("num"), "ldmatrix .num", parse_num),
                        boolean(j.at("trans"), "trans")};
}

json tile_json(const TileGeometry& t) {
  return {{"width_halves", t.width_halves},
          {"pad_halves", t.pad_halves},
          {"rows", t.rows},
          {"swizzle", std::string(to_string(t.swizzle))}};
}
TileGeometry tile_from(const json& j) {
  TileGeometry t;
  t.width_halves = integer<int>(j.at("width_halves"), "width_halves");
  t.pad_halves = integer<int>(j.at("pad_halves"), "pad_halves");
  t.rows = integer<int>(j.at("rows"), "rows");
  t.swizzle = enum_from<Swizzle>(j.at("swizzle"), "swizzle", parse_swizzle);
  return t;
}

// [SECTION] probe report -------------------------------------------------------------------------

/// Probes of the catalogue hold up to 6272 elements each: one compact row per element,
/// [operand, lane, element, expected, measured, raw].
json element_rows(const std::vector<ElementCheck>& elements) {
  json el = json::array();
  for (const auto& e : elements)
    el.push_back(json::array({std::string(to_string(e.operand)), e.lane, e.element, coord_json(e.expected),
                              opt_coord_json(e.measured), e.raw}));
  return el;
}

std::vector<ElementCheck> element_rows_from(const json& rows, const char* where) {
  std::vector<ElementCheck> out;
  for (const json& e : entries(rows, where)) {
    if (!e.is_array() || e.size() != 6)
      fail_at(e, where, "an element is [operand, lane, element, expected, measured, raw]");
    ElementCheck c;
    c.operand = enum_from<Operand>(e.at(0), "operand", operand_named);
    c.lane = integer<int>(e.at(1), "lane");
    c.element = integer<int>(e.at(2), "element");
    c.expected = coord_from(e.at(3));
    c.measured = opt_coord_from(e.at(4));
    c.raw = integer<std::uint32_t>(e.at(5), "raw");
    out.push_back(c);
  }
  return out;
}

json probe_json(const ProbeReport& r) {
  json fr = json::array();
  for (const auto& f : r.fragments) {
    json el = json::array();
    for (const auto& e : f.elements)
      el.push_back({{"operand", std::string(to_string(e.operand))},
                    {"lane", e.lane},
                    {"element", e.element},
                    {"expected", coord_json(e.expected)},
                    {"measured", opt_coord_json(e.measured)},
                    {"raw", e.raw}});
    fr.push_back({{"mnemonic", f.mnemonic},
                  {"ran", f.ran},
                  {"skipped", f.skipped},
                  {"elements", el},
                  {"a_addresses", f.a_addresses},
                  {"b_addresses", f.b_addresses},
                  {"tile_exact", f.tile_exact},
                  {"tile_detail", f.tile_detail}});
  }
  json ins = json::array();
  for (const auto& p : r.instructions)
    ins.push_back({{"mnemonic", p.mnemonic},
                   {"ran", p.ran},
                   {"skipped", p.skipped},
                   {"passes", p.passes},
                   {"tile_exact", p.tile_exact},
                   {"tile_detail", p.tile_detail},
                   {"elements", element_rows(p.elements)}});
  json fed = json::array();
  for (const auto& p : r.through_ldmatrix)
    fed.push_back({{"mnemonic", p.mnemonic},
                   {"ran", p.ran},
                   {"skipped", p.skipped},
                   {"a_addresses", p.a_addresses},
                   {"b_addresses", p.b_addresses},
                   {"bytes", element_rows(p.bytes)},
                   {"passes", p.mma.passes},
                   {"tile_exact", p.mma.tile_exact},
                   {"tile_detail", p.mma.tile_detail},
                   {"elements", element_rows(p.mma.elements)}});
  json le = json::array();
  for (const auto& e : r.ldmatrix.elements)
    le.push_back({{"lane", e.lane},
                  {"reg", e.reg},
                  {"half", e.half},
                  {"expected", coord_json(e.expected)},
                  {"measured", opt_coord_json(e.measured)}});
  json cy = json::array();
  for (const auto& c : r.cycles)
    cy.push_back({{"ldmatrix", ldm_json(c.config)},
                  {"tile", tile_json(c.tile)},
                  {"predicted_wavefronts", c.predicted_wavefronts},
                  {"measured_wavefronts", c.measured_wavefronts},
                  {"cycles_per_instruction", c.cycles_per_instruction},
                  // null only for a row first read from a version 1 file, which had none
                  {"addresses", c.addresses ? json(*c.addresses) : json(nullptr)}});
  return {{"created_utc", r.created_utc},
          {"device", fields_json::to_json_value(r.device)},
          {"request",
           {{"ldmatrix", ldm_json(r.request.ldmatrix)},
            {"tile", tile_json(r.request.tile)},
            {"cycles_table", r.request.cycles_table},
            {"instruction_probes", r.request.instruction_probes},
            {"instructions", r.request.instructions}}},
          {"ldmatrix",
           {{"config", ldm_json(r.ldmatrix.config)},
            {"tile", tile_json(r.ldmatrix.tile)},
            {"ran", r.ldmatrix.ran},
            {"skipped", r.ldmatrix.skipped},
            {"registers", r.ldmatrix.registers},
            {"addresses", r.ldmatrix.addresses},
            {"elements", le},
            {"cycles_per_instruction", r.ldmatrix.cycles_per_instruction}}},
          {"fragments", fr},
          {"instructions", ins},
          {"through_ldmatrix", fed},
          {"cycles", cy},
          {"cuda_init_ms", r.cuda_init_ms},
          {"probe_ms", r.probe_ms},
          {"error", r.error},
          {"error_kind", std::string(to_string(r.error_kind))}};
}

json probe_json_with_hopper(const ProbeReport& r) {
  json j = probe_json(r);
  write_hopper(j, r);
  write_layout_probe(j, r);
  write_wmma(j, r);
  return j;
}

ProbeReport probe_from(const json& j, int version) {
  ProbeReport r;
  r.created_utc = j.at("created_utc").get<std::string>();
  fields_json::read_json_value(j.at("device"), "device", r.device);
  const json& rq = j.at("request");
  r.request.ldmatrix = ldm_from(rq.at("ldmatrix"));
  r.request.tile = tile_from(rq.at("tile"));
  r.request.cycles_table = boolean(rq.at("cycles_table"), "cycles_table");
  if (version >= 2) {
    r.request.instruction_probes = boolean(rq.at("instruction_probes"), "instruction_probes");
    for (const json& m : entries(rq.at("instructions"), "instructions"))
      r.request.instructions.push_back(m.get<std::string>());
  }
  const json& l = j.at("ldmatrix");
  r.ldmatrix.config = ldm_from(l.at("config"));
  r.ldmatrix.tile = tile_from(l.at("tile"));
  r.ldmatrix.ran = boolean(l.at("ran"), "ran");
  r.ldmatrix.skipped = l.at("skipped").get<std::string>();
  const json& regs = l.at("registers");
  if (!regs.is_array() || regs.size() != kWarpSize) fail_at(regs, "ldmatrix.registers", "expected 32 lanes");
  for (int lane = 0; lane < kWarpSize; ++lane)
    r.ldmatrix.registers[lane] = array_from<std::uint32_t, 4>(regs.at(lane), "ldmatrix.registers[lane]");
  r.ldmatrix.addresses = array_from<std::uint32_t, kWarpSize>(l.at("addresses"), "ldmatrix.addresses");
  for (const json& e : entries(l.at("elements"), "elements")) {
    LdmatrixCheck c;
    c.lane = integer<int>(e.at("lane"), "lane");
    c.reg = integer<int>(e.at("reg"), "reg");
    c.half = integer<int>(e.at("half"), "half");
    c.expected = coord_from(e.at("expected"));
    c.measured = opt_coord_from(e.at("measured"));
    r.ldmatrix.elements.push_back(c);
  }
  r.ldmatrix.cycles_per_instruction =
      number<double>(l.at("cycles_per_instruction"), "cycles_per_instruction");
  for (const json& f : entries(j.at("fragments"), "fragments")) {
    FragmentProbe p;
    p.mnemonic = version >= 2 ? f.at("mnemonic").get<std::string>() : v1_mnemonic(f.at("shape"));
    p.ran = boolean(f.at("ran"), "ran");
    p.skipped = f.at("skipped").get<std::string>();
    for (const json& e : entries(f.at("elements"), "elements")) {
      ElementCheck c;
      c.operand = enum_from<Operand>(e.at("operand"), "operand", operand_named);
      c.lane = integer<int>(e.at("lane"), "lane");
      c.element = integer<int>(e.at("element"), "element");
      c.expected = coord_from(e.at("expected"));
      c.measured = opt_coord_from(e.at("measured"));
      c.raw = integer<std::uint32_t>(e.at("raw"), "raw");
      p.elements.push_back(c);
    }
    p.a_addresses = array_from<std::uint32_t, kWarpSize>(f.at("a_addresses"), "a_addresses");
    p.b_addresses = array_from<std::uint32_t, kWarpSize>(f.at("b_addresses"), "b_addresses");
    p.tile_exact = boolean(f.at("tile_exact"), "tile_exact");
    p.tile_detail = f.at("tile_detail").get<std::string>();
    r.fragments.push_back(std::move(p));
  }
  if (version >= 2) {
    for (const json& ij : entries(j.at("instructions"), "instructions")) {
      InstructionProbe p;
      p.mnemonic = ij.at("mnemonic").get<std::string>();
      p.ran = boolean(ij.at("ran"), "ran");
      p.skipped = ij.at("skipped").get<std::string>();
      p.passes = integer<int>(ij.at("passes"), "passes");
      p.tile_exact = boolean(ij.at("tile_exact"), "tile_exact");
      p.tile_detail = ij.at("tile_detail").get<std::string>();
      p.elements = element_rows_from(ij.at("elements"), "instructions");
      r.instructions.push_back(std::move(p));
    }
  }
  // Added with the through-ldmatrix probe (same report version): absent in older files, meaning none.
  if (j.contains("through_ldmatrix")) {
    for (const json& fj : entries(j.at("through_ldmatrix"), "through_ldmatrix")) {
      LdmatrixFedProbe p;
      p.mnemonic = fj.at("mnemonic").get<std::string>();
      p.ran = boolean(fj.at("ran"), "ran");
      p.skipped = fj.at("skipped").get<std::string>();
      p.a_addresses = array_from<std::uint32_t, kWarpSize>(fj.at("a_addresses"), "a_addresses");
      p.b_addresses = array_from<std::uint32_t, kWarpSize>(fj.at("b_addresses"), "b_addresses");
      p.bytes = element_rows_from(fj.at("bytes"), "through_ldmatrix");
      p.mma.mnemonic = p.mnemonic;
      p.mma.ran = p.ran;
      p.mma.passes = integer<int>(fj.at("passes"), "passes");
      p.mma.tile_exact = boolean(fj.at("tile_exact"), "tile_exact");
      p.mma.tile_detail = fj.at("tile_detail").get<std::string>();
      p.mma.elements = element_rows_from(fj.at("elements"), "through_ldmatrix");
      r.through_ldmatrix.push_back(std::move(p));
    }
  }
  for (const json& c : entries(j.at("cycles"), "cycles")) {
    CyclesRow row;
    row.config = ldm_from(c.at("ldmatrix"));
    row.tile = tile_from(c.at("tile"));
    row.predicted_wavefronts = integer<int>(c.at("predicted_wavefronts"), "predicted_wavefronts");
    row.measured_wavefronts = integer<int>(c.at("measured_wavefronts"), "measured_wavefronts");
    row.cycles_per_instruction = number<double>(c.at("cycles_per_instruction"), "cycles_per_instruction");
    // Version 1 rows have no addresses: their measured figure is marked not recomputable (except
    // the explorer's row, given ldmatrix.addresses in check_probe).
    if (version >= 2 && !c.at("addresses").is_null())
      row.addresses = array_from<std::uint32_t, kWarpSize>(c.at("addresses"), "cycles[].addresses");
    r.cycles.push_back(row);
  }
  r.cuda_init_ms = number<double>(j.at("cuda_init_ms"), "cuda_init_ms");
  r.probe_ms = number<double>(j.at("probe_ms"), "probe_ms");
  r.error = j.at("error").get<std::string>();
  r.error_kind = error_kind_from(j, version, r.error);
  read_hopper(j, version, r);
  read_layout_probe(j, r);
  read_wmma(j, r);
  return r;
}

// [SECTION] gate report --------------------------------------------------------------------------

json gate_json(const GateReport& g) {
  return fields_json::fields_to_json(g, [](const Field&, const auto&, json&) { return false; });
}

GateReport gate_from(const json& j, int version) {
  GateReport g;
  fields_json::fields_from_json(j, g, [&](const Field&, auto& v) {
    // Version 1 recorded no error kinds (error_kind_from).
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, ErrorKind>) {
      v = error_kind_from(j, version, g.error);
      return true;
    } else {
      return false;
    }
  });
  return g;
}

}  // namespace

// [SECTION] file ---------------------------------------------------------------------------------

std::string to_json_text(const ReportFile& file) {
  json j = {{"format", kFormat}, {"version", ReportFile::kVersion}};
  if (file.probe) j["probe"] = probe_json_with_hopper(*file.probe);
  if (file.gate) j["gate"] = gate_json(*file.gate);
  // A text the report carries from the user (a kernel's source path, typed on a command line) may
  // be no UTF-8 ("k\xff.cu"): written with U+FFFD in its place, as JSON must be, never thrown
  // over (the kernel runner and fragviz-cli died of nlohmann's type_error 316).
  return j.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

namespace {

/// The first string of `j` (keys included) holding a control character (U+0000 to U+001F or
/// U+007F), as "at <JSON path>: U+001B", or "". A tab or newline is allowed only where a report
/// keeps several lines (error messages, ptxas output, details): in `multi_line` fields.
std::string control_character_in(const json& j, const std::string& path) {
  const auto bad = [](const std::string& text, bool lines) -> int {
    for (unsigned char c : text)
      if ((c < 0x20 && !(lines && (c == '\n' || c == '\t'))) || c == 0x7f) return c;
    return -1;
  };
  const auto name = [](int c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", c);
    return std::string(buf);
  };
  if (j.is_string()) {
    // Fields that are one line (names, mnemonics, versions, kinds) end with these keys.
    static const char* kOneLine[] = {"name",       "mnemonic", "driver_release", "variant",     "format",
                                     "error_kind", "entry",    "source_path",    "created_utc", "arch"};
    bool lines = true;
    for (const char* k : kOneLine) {
      const std::string tail = std::string("/") + k;
      if (path.size() >= tail.size() && path.compare(path.size() - tail.size(), tail.size(), tail) == 0)
        lines = false;
    }
    const int c = bad(j.get_ref<const std::string&>(), lines);
    return c < 0 ? std::string() : "at " + dotted(path) + ": " + name(c);
  }
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (const int c = bad(key, false); c >= 0)
        return "in a key of " + (path.empty() ? std::string("the document") : dotted(path)) + ": " + name(c);
      if (std::string e = control_character_in(value, path + "/" + key); !e.empty()) return e;
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      if (std::string e = control_character_in(j[i], path + "/" + std::to_string(i)); !e.empty()) return e;
  }
  return {};
}

/// Why `text` is not JSON, in the file's words (json_text.hpp); asked only once the parser has
/// failed, so a good report is read once.
std::string syntax_words(std::string_view text) {
  const auto c = json_parser_complaint<json>(text);
  return c ? json_syntax_words(text, *c) : "the JSON parser refused it";
}

/// Thrown by StrictSax to stop at a document nested too deep.
struct NestedTooDeep {};

/// nlohmann's DOM parser with two checks on the way in: nesting (kMaxParseNesting, as every parser
/// of user text, so the checks after it may recurse) and a key given twice in one object (JSON
/// leaves it undefined which counts, so the file is refused rather than read as the last one; the
/// first such key is kept). nlohmann's callback parser could do both, but after every closed object
/// it scans the whole parent for discarded values: quadratic in an array of objects (a broken-gate
/// report's 65,536 mismatches took ten minutes under the sanitizers). Depths are counted as that
/// parser's callback counts them: a container at the depth of the containers around it, a key or a
/// scalar at the depth of the containers it is in.
class StrictSax {
 public:
  explicit StrictSax(json& out) : dom_(out, /*allow_exceptions=*/true) {}
  /// The first key given twice in one object, or empty.
  const std::string& duplicate() const { return duplicate_; }

  bool null() { return at(open_) && dom_.null(); }
  bool boolean(bool v) { return at(open_) && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return at(open_) && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return at(open_) && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const json::string_t& s) {
    return at(open_) && dom_.number_float(v, s);
  }
  bool string(json::string_t& v) { return at(open_) && dom_.string(v); }
  bool binary(json::binary_t& v) { return at(open_) && dom_.binary(v); }
  bool start_object(std::size_t n) {
    at(open_++);
    keys_.emplace_back();
    return dom_.start_object(n);
  }
  bool key(json::string_t& k) {
    at(open_);
    if (duplicate_.empty() && !keys_.back().insert(k).second) duplicate_ = k;
    return dom_.key(k);
  }
  bool end_object() {
    --open_;
    keys_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    at(open_++);
    return dom_.start_array(n);
  }
  bool end_array() {
    --open_;
    return dom_.end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    return dom_.parse_error(position, token, ex);
  }

 private:
  static bool at(int depth) {
    if (depth > kMaxParseNesting) throw NestedTooDeep{};
    return true;
  }
  nlohmann::detail::json_sax_dom_parser<json> dom_;
  int open_ = 0;
  std::vector<std::set<std::string>> keys_;
  std::string duplicate_;
};

/// What parse_report and load_report give for a text that is no report this build reads, and for a
/// path that cannot be read as a file.
Outcome<ReportFile> refused(std::string why) {
  return Outcome<ReportFile>::fail(ErrorKind::refused, std::move(why));
}
Outcome<ReportFile> unreadable(std::string why) {
  return Outcome<ReportFile>::fail(ErrorKind::io, std::move(why));
}

}  // namespace

Outcome<ReportFile> parse_report(std::string_view text) {
  // A report is UTF-8 text: a NUL byte (trailing ones included) is damage, not content.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    return refused("not a JSON document: a NUL byte at byte " + std::to_string(nul + 1));
  json j;
  StrictSax sax(j);
  try {
    json::sax_parse(text.begin(), text.end(), &sax);
  } catch (const NestedTooDeep&) {
    return refused("not a JSON document we can read: " + nesting_too_deep_message());
  } catch (const json::exception&) {
    // A syntax error, or a number beyond double ("1e400"): refused, since a report must say
    // exactly what it means.
    return refused("not a JSON document: " + syntax_words(text));
  }
  if (const std::string& duplicate = sax.duplicate(); !duplicate.empty())
    return refused("not a JSON document we can read: the key \"" + echo_text(duplicate) +
                   "\" is given twice in one object");
  if (std::string where = control_character_in(j, ""); !where.empty())
    return refused("a text of the report holds a control character " + where);
  if (!j.is_object() || !j.contains("format") || j["format"] != kFormat)
    return refused("not a fragviz report (no \"format\": \"fragviz-report\")");
  if (!j.contains("version") || !j["version"].is_number_integer())
    return refused("report has no integer \"version\"");
  // Compared as written: get<int>() would read 4294967298 as version 2.
  const json& v = j["version"];
  constexpr auto kLast = static_cast<std::int64_t>(ReportFile::kVersion);
  const bool known = v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(kLast) &&
                                                  v.get<std::uint64_t>() >= 1
                                            : v.get<std::int64_t>() >= 1 && v.get<std::int64_t>() <= kLast;
  if (!known)
    return refused("report version " + v.dump() + " is not supported (this build reads versions 1 to " +
                   std::to_string(ReportFile::kVersion) + ")");
  const int version = v.get<int>();
  try {
    ReportFile f;
    f.version = version;
    if (j.contains("probe")) f.probe = probe_from(j.at("probe"), version);
    if (j.contains("gate")) f.gate = gate_from(j.at("gate"), version);
    if (!f.probe && !f.gate) return refused("report holds neither a probe nor a gate result");
    if (f.probe) {
      // The checks name fields within the probe ("cycles[0].measured_wavefronts"); the user reads
      // paths from the document's top, as the reading errors give them ("probe.cycles[0]...").
      try {
        check_probe(*f.probe, version);
      } catch (const std::runtime_error& e) {
        const std::string m = e.what();
        throw std::runtime_error(m.rfind("probe", 0) == 0 ? m : "probe." + m);
      }
    }
    if (f.gate) check_gate(*f.gate);
    return Outcome<ReportFile>::ok(std::move(f));
  } catch (const std::exception& e) {
    return refused("malformed report: " + plain(e));
  }
}

Outcome<ReportFile> load_report(const std::string& path) {
  // Only regular files of sane size: a directory, a FIFO or /dev/zero would otherwise be read
  // without end.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return unreadable("cannot open " + path + ": no such file");
  if (S_ISDIR(st.st_mode)) return unreadable(path + " is a directory, not a report file");
  if (!S_ISREG(st.st_mode)) return unreadable(path + " is not a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxReportBytes)
    return refused(path + " is " + std::to_string(st.st_size) + " bytes; a report is at most " +
                   std::to_string(kMaxReportBytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) return unreadable("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  auto r = parse_report(ss.str());
  if (!r) r.error.message = path + ": " + r.error.message;
  return r;
}

std::string save_report(const ReportFile& file, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return "cannot write " + path;
  out << to_json_text(file);
  out.flush();
  if (!out) return "write failed: " + path;
  return {};
}

}  // namespace fragviz
