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

json device_json(const DeviceInfo& d) {
  return {{"present", d.present},
          {"error", d.error},
          {"name", d.name},
          {"cc_major", d.cc_major},
          {"cc_minor", d.cc_minor},
          {"driver_version", d.driver_version},
          {"runtime_version", d.runtime_version},
          {"driver_release", d.driver_release},
          {"sm_count", d.sm_count},
          {"global_mem_bytes", d.global_mem_bytes},
          {"clock_khz", d.clock_khz}};
}
DeviceInfo device_from(const json& j) {
  DeviceInfo d;
  d.present = boolean(j.at("present"), "present");
  d.error = j.at("error").get<std::string>();
  d.name = j.at("name").get<std::string>();
  d.cc_major = integer<int>(j.at("cc_major"), "cc_major");
  d.cc_minor = integer<int>(j.at("cc_minor"), "cc_minor");
  d.driver_version = integer<int>(j.at("driver_version"), "driver_version");
  d.runtime_version = integer<int>(j.at("runtime_version"), "runtime_version");
  d.driver_release = j.at("driver_release").get<std::string>();
  d.sm_count = integer<int>(j.at("sm_count"), "sm_count");
  d.global_mem_bytes = integer<std::uint64_t>(j.at("global_mem_bytes"), "global_mem_bytes");
  d.clock_khz = integer<int>(j.at("clock_khz"), "clock_khz");
  return d;
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
          {"device", device_json(r.device)},
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
  r.device = device_from(j.at("device"));
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

json mismatch_json(const Mismatch& m) {
  return {{"row", m.row}, {"col", m.col}, {"got", m.got}, {"want", m.want}};
}
Mismatch mismatch_from(const json& j) {
  return Mismatch{integer<int>(j.at("row"), "row"), integer<int>(j.at("col"), "col"),
                  number<float>(j.at("got"), "got"), number<float>(j.at("want"), "want")};
}

json dim3_json(const Dim3& d) { return json::array({d.x, d.y, d.z}); }
Dim3 dim3_from(const json& j, const std::string& what) {
  if (!j.is_array() || j.size() != 3) fail_at(j, what, "expected an array of 3 integers");
  return Dim3{integer<int>(j[0], what), integer<int>(j[1], what), integer<int>(j[2], what)};
}

/// A user kernel's description (gate.request.kernel): where it came from and how it was launched.
json kernel_json(const UserKernel& k) {
  return {{"source_path", k.source_path},
          {"entry", k.entry},
          {"block_text", k.block_text},
          {"grid_text", k.grid_text},
          {"dynamic_smem_bytes", k.dynamic_smem_bytes},
          {"block", dim3_json(k.block)},
          {"grid", dim3_json(k.grid)},
          {"arch", k.arch}};
}
UserKernel kernel_from(const json& j) {
  UserKernel k;
  k.source_path = j.at("source_path").get<std::string>();
  k.entry = j.at("entry").get<std::string>();
  k.block_text = j.at("block_text").get<std::string>();
  k.grid_text = j.at("grid_text").get<std::string>();
  k.dynamic_smem_bytes = integer<int>(j.at("dynamic_smem_bytes"), "dynamic_smem_bytes");
  k.block = dim3_from(j.at("block"), "kernel.block");
  k.grid = dim3_from(j.at("grid"), "kernel.grid");
  k.arch = j.at("arch").get<std::string>();
  return k;
}

json gate_json(const GateReport& g) {
  json ms = json::array();
  for (const auto& m : g.mismatches) ms.push_back(mismatch_json(m));
  json request = {{"n", g.request.n},
                  {"variant", std::string(to_string(g.request.variant))},
                  {"seed", g.request.seed},
                  {"timed_runs", g.request.timed_runs},
                  {"with_cublas", g.request.with_cublas}};
  if (g.request.kernel) request["kernel"] = kernel_json(*g.request.kernel);
  return {{"created_utc", g.created_utc},
          {"device", device_json(g.device)},
          {"request", request},
          {"ran", g.ran},
          {"error", g.error},
          {"error_kind", std::string(to_string(g.error_kind))},
          {"cancelled", g.cancelled},
          {"exact", g.exact},
          {"mismatch_count", g.mismatch_count},
          {"first", g.first ? mismatch_json(*g.first) : json(nullptr)},
          {"mismatches", ms},
          {"spot_checks", g.spot_checks},
          {"spot_check_failures", g.spot_check_failures},
          {"kernel_ms", g.kernel_ms},
          {"gflops", g.gflops},
          {"cublas_ms", g.cublas_ms},
          {"cublas_gflops", g.cublas_gflops},
          {"ratio_to_cublas", g.ratio_to_cublas},
          {"resources",
           {{"registers", g.resources.registers},
            {"static_shared_bytes", g.resources.static_shared_bytes},
            {"dynamic_shared_bytes", g.resources.dynamic_shared_bytes},
            {"local_bytes", g.resources.local_bytes},
            {"ptxas", g.resources.ptxas}}},
          {"verdict_ms", g.verdict_ms}};
}

GateReport gate_from(const json& j, int version) {
  GateReport g;
  g.created_utc = j.at("created_utc").get<std::string>();
  g.device = device_from(j.at("device"));
  const json& rq = j.at("request");
  g.request.n = integer<int>(rq.at("n"), "n");
  g.request.variant = enum_from<GateVariant>(rq.at("variant"), "gate variant", parse_variant);
  g.request.seed = integer<std::uint64_t>(rq.at("seed"), "seed");
  g.request.timed_runs = integer<int>(rq.at("timed_runs"), "timed_runs");
  g.request.with_cublas = boolean(rq.at("with_cublas"), "with_cublas");
  if (rq.contains("kernel")) g.request.kernel = kernel_from(rq.at("kernel"));
  g.ran = boolean(j.at("ran"), "ran");
  g.error = j.at("error").get<std::string>();
  g.error_kind = error_kind_from(j, version, g.error);
  g.cancelled = boolean(j.at("cancelled"), "cancelled");
  g.exact = boolean(j.at("exact"), "exact");
  g.mismatch_count = integer<std::uint64_t>(j.at("mismatch_count"), "mismatch_count");
  if (!j.at("first").is_null()) g.first = mismatch_from(j.at("first"));
  for (const json& m : entries(j.at("mismatches"), "mismatches")) g.mismatches.push_back(mismatch_from(m));
  g.spot_checks = integer<int>(j.at("spot_checks"), "spot_checks");
  g.spot_check_failures = integer<int>(j.at("spot_check_failures"), "spot_check_failures");
  g.kernel_ms = number<double>(j.at("kernel_ms"), "kernel_ms");
  g.gflops = number<double>(j.at("gflops"), "gflops");
  g.cublas_ms = number<double>(j.at("cublas_ms"), "cublas_ms");
  g.cublas_gflops = number<double>(j.at("cublas_gflops"), "cublas_gflops");
  g.ratio_to_cublas = number<double>(j.at("ratio_to_cublas"), "ratio_to_cublas");
  const json& res = j.at("resources");
  g.resources.registers = integer<int>(res.at("registers"), "registers");
  g.resources.static_shared_bytes = integer<int>(res.at("static_shared_bytes"), "static_shared_bytes");
  // Added with the ladder's kernels (same report version): absent in older files, meaning none.
  if (res.contains("dynamic_shared_bytes"))
    g.resources.dynamic_shared_bytes = integer<int>(res.at("dynamic_shared_bytes"), "dynamic_shared_bytes");
  g.resources.local_bytes = integer<int>(res.at("local_bytes"), "local_bytes");
  g.resources.ptxas = res.at("ptxas").get<std::string>();
  g.verdict_ms = number<double>(j.at("verdict_ms"), "verdict_ms");
  return g;
}

// [SECTION] consistency ----------------------------------------------------------------------------
// Well-typed is not enough: every index a view will use to address a table is checked against the
// shapes the report itself names, so no opened file can make a view index out of range.

void require(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

bool inside(const Coord& c, int rows, int cols, int products = 1) {
  return c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols && c.product >= 0 && c.product < products;
}

/// Every element list of one instruction: one entry per (operand, lane, element), each expected
/// cell the catalogue's (a file may not redefine the model, or an edited report could turn a
/// mismatch into a match), each measured cell inside its operand.
void check_elements(const Instruction& in, const std::vector<ElementCheck>& elements,
                    const std::string& where) {
  std::size_t expected_count = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    expected_count += static_cast<std::size_t>(in.threads * elements_per_lane(in, op));
  require(elements.size() == expected_count,
          where + ": " + in.mnemonic + " needs " + plural(static_cast<long long>(expected_count), "element"));
  std::set<std::tuple<int, int, int>> seen;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const ElementCheck& e = elements[i];
    const std::string at_i = where + ": " + in.mnemonic + " elements[" + std::to_string(i) + "]";
    const int rows = operand_rows(in, e.operand), cols = operand_cols(in, e.operand);
    require(e.lane >= 0 && e.lane < in.threads, at_i + ": lane out of range");
    require(e.element >= 0 && e.element < elements_per_lane(in, e.operand), at_i + ": element out of range");
    require(inside(e.expected, rows, cols, in.products), at_i + ": expected cell outside the operand");
    require(!e.measured || inside(*e.measured, rows, cols, in.products),
            at_i + ": measured cell " + format_coord(e.measured) + " outside the operand");
    require(e.expected == fragment_coord(in, e.operand, e.lane, e.element),
            where + ": expected cell is not the PTX table's for " + std::string(to_string(e.operand)) +
                " lane " + std::to_string(e.lane) + " element " + std::to_string(e.element));
    require(seen.insert({static_cast<int>(e.operand), e.lane, e.element}).second,
            where + ": an (operand, lane, element) twice");
  }
}

void check_device(const DeviceInfo& d) {
  const std::pair<const char*, long long> figures[] = {{"cc_major", d.cc_major},
                                                       {"cc_minor", d.cc_minor},
                                                       {"driver_version", d.driver_version},
                                                       {"runtime_version", d.runtime_version},
                                                       {"sm_count", d.sm_count},
                                                       {"clock_khz", d.clock_khz}};
  for (const auto& [field, value] : figures)
    require(value >= 0,
            std::string("device.") + field + " is " + std::to_string(value) + " (a negative figure)");
}

/// "error" and "error_kind" say the same thing: a kind exactly when there is a message.
void check_error(const std::string& error, ErrorKind kind, const std::string& where) {
  require((kind == ErrorKind::none) == error.empty(),
          where + ".error_kind is \"" + std::string(to_string(kind)) + "\" but " + where + ".error is " +
              (error.empty() ? "empty" : "\"" + error + "\""));
}

std::string at(const std::string& list, std::size_t i) { return list + "[" + std::to_string(i) + "]"; }

bool same_tile(const TileGeometry& a, const TileGeometry& b) {
  return a.width_halves == b.width_halves && a.pad_halves == b.pad_halves && a.rows == b.rows &&
         a.swizzle == b.swizzle;
}
bool same_config(LdmatrixConfig a, LdmatrixConfig b) { return a.num == b.num && a.trans == b.trans; }

/// A tile the report says was loaded: inside the one tile range (banks.hpp) and legal for `c`.
void check_loaded_tile(const TileGeometry& t, LdmatrixConfig c, const std::string& where) {
  if (auto why = tile_range_problem(t)) require(false, where + ": " + *why);
  if (auto why = validate(t, c)) require(false, where + " ran on a geometry the model refuses: " + *why);
}

/// A probe's "tile_exact" and "tile_detail" agree: a first mismatch is named exactly when the tile
/// was not exact, and a probe that did not run has neither.
void check_tile_verdict(bool ran, bool tile_exact, const std::string& tile_detail, const std::string& where) {
  if (!ran) {
    require(!tile_exact && tile_detail.empty(),
            where + " did not run but has a tile verdict (tile_exact, tile_detail)");
    return;
  }
  require(tile_exact == tile_detail.empty(),
          tile_exact ? where + ".tile_exact is true but tile_detail names a mismatch: \"" + tile_detail + "\""
                     : where + ".tile_exact is false but tile_detail names no mismatch");
}

/// The explorer's measured cells are what its raw registers decode to (decode_explorer_value over
/// its tile): the registers are the measurement, the cells only their reading.
void check_explorer_cells(const LdmatrixProbe& l) {
  for (std::size_t i = 0; i < l.elements.size(); ++i) {
    const LdmatrixCheck& e = l.elements[i];
    const std::uint32_t reg = l.registers[static_cast<std::size_t>(e.lane)][static_cast<std::size_t>(e.reg)];
    const std::optional<Coord> decoded = decode_explorer_value(l.tile, register_half(reg, e.half));
    require(decoded == e.measured, at("ldmatrix.elements", i) + ".measured is " + format_coord(e.measured) +
                                       " but ldmatrix.registers[" + std::to_string(e.lane) + "][" +
                                       std::to_string(e.reg) + "] half " + std::to_string(e.half) +
                                       " decodes to " + format_coord(decoded));
  }
}

/// An ldmatrix-loaded fragment probe's measured cells are what its raw values decode to: A and B
/// halves with decode_fragment_value, C/D floats with decode_accumulator_value.
void check_fragment_cells(const Instruction& in, const FragmentProbe& f, std::size_t index) {
  for (std::size_t i = 0; i < f.elements.size(); ++i) {
    const ElementCheck& e = f.elements[i];
    const std::string where = at(at("fragments", index) + ".elements", i);
    std::optional<Coord> decoded;
    if (e.operand == Operand::C) {
      decoded = decode_accumulator_value(e.raw);
    } else {
      require(e.raw <= 0xFFFFu,
              where + ".raw must be a 16-bit pattern for operand " + std::string(to_string(e.operand)));
      decoded = decode_fragment_value(in, e.operand, static_cast<std::uint16_t>(e.raw));
    }
    require(decoded == e.measured, where + ".measured is " + format_coord(e.measured) +
                                       " but its raw value " + std::to_string(e.raw) + " decodes to " +
                                       format_coord(decoded));
  }
}

/// A tensor-core probe's A and B cells are what its raw labels say (mma_probe.hpp): each element's
/// `raw` is the label read at its expected cell, label s + 1 naming slot s = lane * per_lane +
/// element; so the labels of all elements place every label, and an element's measured cell is the
/// one cell holding its label (none when its label is seen in no cell or in two). A file cannot
/// turn a mismatch into a match by editing `measured` or `raw` alone. C/D cells are named by
/// one-hot passes the file does not keep (its raw is one pass's value): not recomputable here.
void check_instruction_cells(const Instruction& in, const InstructionProbe& p, const std::string& list) {
  for (Operand op : {Operand::A, Operand::B}) {
    const int per_lane = elements_per_lane(in, op);
    const std::size_t slots = static_cast<std::size_t>(in.threads * per_lane);
    // Cells known from the file: each element's expected cell holds its raw label.
    std::map<std::tuple<int, int, int>, std::uint32_t> label_at;
    for (const ElementCheck& e : p.elements)
      if (e.operand == op) label_at[{e.expected.product, e.expected.row, e.expected.col}] = e.raw;
    const bool every_cell_known =
        label_at.size() ==
        static_cast<std::size_t>(operand_rows(in, op) * operand_cols(in, op) * std::max(1, in.products));
    std::vector<int> seen(slots, 0);
    std::vector<Coord> where(slots);
    for (const auto& [cell, label] : label_at) {
      if (label < 1 || label > slots) continue;
      if (seen[label - 1]++ == 0)
        where[label - 1] = Coord{std::get<1>(cell), std::get<2>(cell), std::get<0>(cell)};
    }
    for (std::size_t i = 0; i < p.elements.size(); ++i) {
      const ElementCheck& e = p.elements[i];
      if (e.operand != op) continue;
      const std::size_t s = static_cast<std::size_t>(e.lane * per_lane + e.element);
      std::optional<Coord> from_labels;
      if (seen[s] == 1) from_labels = where[s];
      // With cells the file does not cover, a label may sit in one of them: only a measured cell
      // the file covers can be judged then.
      const bool judged =
          every_cell_known || from_labels ||
          (e.measured && label_at.count({e.measured->product, e.measured->row, e.measured->col}));
      if (!judged) continue;
      require(from_labels == e.measured, at(list + ".elements", i) + ".measured is " +
                                             format_coord(e.measured) + " but the raw labels put " +
                                             std::string(to_string(op)) + " lane " + std::to_string(e.lane) +
                                             " element " + std::to_string(e.element) + "'s label (" +
                                             std::to_string(s + 1) + ") " +
                                             (from_labels    ? "at " + format_coord(from_labels)
                                              : seen[s] == 0 ? std::string("in no cell")
                                                             : "in " + std::to_string(seen[s]) + " cells"));
    }
  }
}

/// A through-ldmatrix probe's received bytes: one row per element of each operand the model loads
/// (fragment_load), the PTX table's cell expected, and the measured cell what its raw label (the
/// stored byte the register byte came from) names in the probe's stored image (decode_feed_label).
/// Addresses of a loaded operand lie on 16-byte row starts inside its image; the other's are 0.
void check_fed_probe(const Instruction& in, const LdmatrixFedProbe& p, std::size_t index) {
  const std::string where = at("through_ldmatrix", index);
  require(feed_problem(in).empty(), where + ": " + in.mnemonic + " has no ldmatrix form, yet it ran");
  std::size_t expected = 0;
  std::set<std::tuple<int, int, int>> seen;
  for (Operand op : {Operand::A, Operand::B}) {
    const FeedOperand o = feed_operand(in, op);
    const auto& addresses = op == Operand::A ? p.a_addresses : p.b_addresses;
    for (std::uint32_t a : addresses)
      require(
          o.load ? a % 16 == 0 && a < static_cast<std::uint32_t>(o.image_bytes) : a == 0,
          where + "." + (op == Operand::A ? "a" : "b") + "_addresses: " + std::to_string(a) +
              (o.load ? " is no row start inside the stored operand" : " for an operand fed from registers"));
    if (o.load) expected += static_cast<std::size_t>(in.threads * elements_per_lane(in, op));
    for (std::size_t i = 0; i < p.bytes.size(); ++i) {
      const ElementCheck& e = p.bytes[i];
      if (e.operand != op) continue;
      const std::string at_i = at(where + ".bytes", i);
      require(o.load.has_value(),
              at_i + ": operand " + std::string(to_string(op)) + " is not loaded with ldmatrix");
      require(e.lane >= 0 && e.lane < in.threads && e.element >= 0 && e.element < elements_per_lane(in, op),
              at_i + ": lane or element out of range");
      require(e.expected == fragment_coord(in, op, e.lane, e.element),
              at_i + ": expected cell is not the PTX table's");
      require(seen.insert({static_cast<int>(op), e.lane, e.element}).second, at_i + ": an element twice");
      const std::optional<Coord> decoded = decode_feed_label(o, e.raw, register_slot(in, op, e.element).bit);
      require(decoded == e.measured, at_i + ".measured is " + format_coord(e.measured) +
                                         " but its stored byte " + std::to_string(e.raw) + " names " +
                                         format_coord(decoded));
    }
  }
  for (const ElementCheck& e : p.bytes)
    require(e.operand != Operand::C, where + ".bytes: C/D is never loaded with ldmatrix");
  require(p.bytes.size() == expected,
          where + ".bytes: " + in.mnemonic + " loads " + plural(static_cast<long long>(expected), "element"));
  check_elements(in, p.mma.elements, where);
  check_instruction_cells(in, p.mma, where);
}

/// Every figure of the cycles table the model can compute is recomputed: predicted_wavefronts from
/// the row's instruction and tile (a file may not redefine the model's prediction), and
/// measured_wavefronts from the row's addresses. Version 1 rows have no addresses except the
/// explorer's (ldmatrix.addresses): the others stay marked not recomputable (CyclesRow::addresses).
void check_cycles(ProbeReport& r, int version) {
  const LdmatrixProbe& l = r.ldmatrix;
  // The user's own request is the table's last row whenever the explorer ran (gpu/cuda/probes.cpp).
  if (r.request.cycles_table && l.ran && !r.cycles.empty()) {
    CyclesRow& last = r.cycles.back();
    const std::string where = at("cycles", r.cycles.size() - 1);
    require(same_config(last.config, l.config) && same_tile(last.tile, l.tile),
            where + ": the last row must be the explorer's own ldmatrix and tile");
    if (version < 2) {
      last.addresses = l.addresses;
    } else {
      require(last.addresses == l.addresses,
              where + ".addresses differ from ldmatrix.addresses (the same load)");
      require(last.cycles_per_instruction == l.cycles_per_instruction,
              where + ".cycles_per_instruction differs from ldmatrix.cycles_per_instruction (the same load)");
    }
  }
  for (std::size_t i = 0; i < r.cycles.size(); ++i) {
    const CyclesRow& c = r.cycles[i];
    const std::string where = at("cycles", i);
    require(c.cycles_per_instruction >= 0 && c.predicted_wavefronts >= 0 && c.measured_wavefronts >= 0,
            where + ": negative figure");
    check_loaded_tile(c.tile, c.config, where);
    const int predicted = analyze_ldmatrix(c.config, c.tile).wavefronts;
    require(c.predicted_wavefronts == predicted,
            where + ".predicted_wavefronts is " + std::to_string(c.predicted_wavefronts) +
                " but the model predicts " + plural(predicted, "wavefront"));
    if (!c.addresses) continue;  // version 1: marked not recomputable
    const int measured = analyze_addresses(c.config, *c.addresses).wavefronts;
    require(c.measured_wavefronts == measured,
            where + ".measured_wavefronts is " + std::to_string(c.measured_wavefronts) +
                " but its addresses give " + plural(measured, "wavefront"));
  }
}

void check_probe(ProbeReport& r, int version) {
  check_device(r.device);
  if (!r.device.present) {
    bool ran = r.ldmatrix.ran;
    for (const FragmentProbe& f : r.fragments) ran = ran || f.ran;
    for (const InstructionProbe& p : r.instructions) ran = ran || p.ran;
    for (const LdmatrixFedProbe& p : r.through_ldmatrix) ran = ran || p.ran;
    require(!ran, "probe: device.present is false but probes ran (a run needs a device)");
  }
  check_error(r.error, r.error_kind, "probe");
  require(r.cuda_init_ms >= 0 && r.probe_ms >= 0 && r.ldmatrix.cycles_per_instruction >= 0,
          "probe: negative time");
  // The one tile range (banks.hpp) holds for every tile a report names, run or not: the CLI and
  // the app read the same file the same way, and no view is shown a tile it cannot draw.
  if (auto why = tile_range_problem(r.request.tile)) require(false, "probe.request.tile: " + *why);
  if (auto why = tile_range_problem(r.ldmatrix.tile)) require(false, "probe.ldmatrix.tile: " + *why);
  const LdmatrixProbe& l = r.ldmatrix;
  if (l.ran) {
    check_loaded_tile(l.tile, l.config, "ldmatrix");
    if (auto plan = plan_explorer(l.config, l.tile); !plan)
      require(false, "ldmatrix ran on a tile the probe refuses: " + plan.error.message);
    require(l.elements.size() == static_cast<std::size_t>(kWarpSize * matrices(l.config.num) * 2),
            "ldmatrix.elements: expected 32 lanes x .num registers x 2 halves");
    std::set<std::tuple<int, int, int>> seen;
    for (const LdmatrixCheck& e : l.elements) {
      require(e.lane >= 0 && e.lane < kWarpSize, "ldmatrix.elements: lane out of range");
      require(e.reg >= 0 && e.reg < matrices(l.config.num), "ldmatrix.elements: register out of range");
      require(e.half == 0 || e.half == 1, "ldmatrix.elements: half must be 0 or 1");
      require(inside(e.expected, l.tile.rows, l.tile.width_halves),
              "ldmatrix.elements: expected cell outside the tile");
      require(!e.measured || inside(*e.measured, l.tile.rows, l.tile.width_halves),
              "ldmatrix.elements: measured cell outside the tile");
      // "expected" is the model's prediction: a file may not redefine it, or an edited report
      // could turn a mismatch into a match.
      const Coord o = explorer_matrix_origin(e.reg), in = ldmatrix_element(l.config.trans, e.lane, e.half);
      require(e.expected == Coord{o.row + in.row, o.col + in.col},
              "ldmatrix.elements: expected cell is not the model's for lane " + std::to_string(e.lane));
      require(seen.insert({e.lane, e.reg, e.half}).second,
              "ldmatrix.elements: a (lane, register, half) twice");
    }
    check_explorer_cells(l);
  } else {
    require(l.elements.empty(), "ldmatrix did not run but lists elements");
  }
  for (std::size_t i = 0; i < r.fragments.size(); ++i) {
    const FragmentProbe& f = r.fragments[i];
    const Instruction* in = find_instruction(f.mnemonic);
    require(in != nullptr,
            at("fragments", i) + ".mnemonic: unknown instruction \"" + echo_text(f.mnemonic) + "\"");
    // The seed's fragment kernel: 16-bit A and B, both loaded with ldmatrix (its values are halves).
    require(
        fragment_load(*in, Operand::A) && fragment_load(*in, Operand::B) && element_bits(in->a.type) == 16,
        "fragments: " + f.mnemonic + " has no 16-bit ldmatrix fragment load");
    if (f.ran) {
      check_elements(*in, f.elements, "fragments");
      check_fragment_cells(*in, f, i);
    } else {
      require(f.elements.empty(), "fragments: " + f.mnemonic + " did not run but lists elements");
    }
    check_tile_verdict(f.ran, f.tile_exact, f.tile_detail, at("fragments", i));
  }
  std::set<std::string> probed;
  for (std::size_t i = 0; i < r.instructions.size(); ++i) {
    const InstructionProbe& p = r.instructions[i];
    const Instruction* in = find_instruction(p.mnemonic);
    require(in != nullptr,
            at("instructions", i) + ".mnemonic: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    require(probed.insert(p.mnemonic).second, "instructions: " + p.mnemonic + " twice");
    require(p.passes >= 0, "instructions: negative pass count");
    if (p.ran) {
      check_elements(*in, p.elements, "instructions");
      check_instruction_cells(*in, p, at("instructions", i));
    } else
      require(p.elements.empty(), "instructions: " + p.mnemonic + " did not run but lists elements");
    check_tile_verdict(p.ran, p.tile_exact, p.tile_detail, at("instructions", i));
  }
  std::set<std::string> fed;
  for (std::size_t i = 0; i < r.through_ldmatrix.size(); ++i) {
    const LdmatrixFedProbe& p = r.through_ldmatrix[i];
    const Instruction* in = find_instruction(p.mnemonic);
    require(in != nullptr,
            at("through_ldmatrix", i) + ".mnemonic: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    require(fed.insert(p.mnemonic).second, "through_ldmatrix: " + p.mnemonic + " twice");
    require(p.mma.passes >= 0, "through_ldmatrix: negative pass count");
    if (p.ran)
      check_fed_probe(*in, p, i);
    else
      require(p.bytes.empty() && p.mma.elements.empty(),
              "through_ldmatrix: " + p.mnemonic + " did not run but lists elements");
    check_tile_verdict(p.ran, p.mma.tile_exact, p.mma.tile_detail, at("through_ldmatrix", i));
  }
  check_cycles(r, version);
}

/// Row-major position of a mismatch in an n x n output.
std::uint64_t linear(const Mismatch& m, int n) {
  return static_cast<std::uint64_t>(m.row) * static_cast<std::uint64_t>(n) +
         static_cast<std::uint64_t>(m.col);
}

/// The rates follow from n and the times as the gate computes them (gpu/cuda/gate_run.cu): GFLOP/s
/// = 2 n^3 / (ms * 1e6), 0 for a time of 0, and ratio_to_cublas = cublas_ms / kernel_ms. Compared
/// to a relative 1e-9, the rounding of another compiler's arithmetic, so an edited figure shows.
void check_gate_rates(const GateReport& g) {
  const double n = g.request.n, flop = 2.0 * n * n * n;
  const auto close = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  const auto say = [](double v) {
    std::ostringstream o;
    o.precision(10);
    o << v;
    return o.str();
  };
  const double gflops = g.kernel_ms > 0 ? flop / (g.kernel_ms * 1e6) : 0;
  require(close(g.gflops, gflops), "gate.gflops is " + say(g.gflops) +
                                       " but n = " + std::to_string(g.request.n) + " in " + say(g.kernel_ms) +
                                       " ms is " + say(gflops) + " GFLOP/s");
  const double cublas_gflops = g.cublas_ms > 0 ? flop / (g.cublas_ms * 1e6) : 0;
  require(close(g.cublas_gflops, cublas_gflops),
          "gate.cublas_gflops is " + say(g.cublas_gflops) + " but n = " + std::to_string(g.request.n) +
              " in " + say(g.cublas_ms) + " ms is " + say(cublas_gflops) + " GFLOP/s");
  const double ratio = g.kernel_ms > 0 ? g.cublas_ms / g.kernel_ms : 0;
  require(close(g.ratio_to_cublas, ratio), "gate.ratio_to_cublas is " + say(g.ratio_to_cublas) +
                                               " but cublas_ms / kernel_ms is " + say(ratio));
}

void check_gate(const GateReport& g) {
  check_device(g.device);
  check_error(g.error, g.error_kind, "gate");
  // A version 1 message's kind is unrecorded; every other kind says whether the run was cancelled.
  if (g.error_kind != ErrorKind::unrecorded)
    require(g.cancelled == (g.error_kind == ErrorKind::cancelled),
            "gate.cancelled disagrees with gate.error_kind \"" + std::string(to_string(g.error_kind)) + "\"");
  require(g.kernel_ms >= 0 && g.gflops >= 0 && g.cublas_ms >= 0 && g.cublas_gflops >= 0 &&
              g.ratio_to_cublas >= 0 && g.verdict_ms >= 0 && g.spot_checks >= 0 &&
              g.spot_check_failures >= 0 && g.spot_check_failures <= g.spot_checks,
          "gate: negative or inconsistent figure");
  require(g.resources.registers >= 0 && g.resources.static_shared_bytes >= 0 &&
              g.resources.dynamic_shared_bytes >= 0 && g.resources.local_bytes >= 0,
          "gate: negative resource figure");
  require(g.request.kernel.has_value() == (g.request.variant == GateVariant::user_kernel),
          g.request.kernel ? "gate.request.kernel is given but the variant is not user-kernel"
                           : "gate.request.variant is user-kernel but gate.request.kernel is missing");
  if (!g.ran) {
    // A refusal records the request as asked, whatever it was; it must say why it did not run.
    require(!g.error.empty(), "gate did not run but gives no error");
    return;
  }
  if (g.request.kernel) {
    const Dim3& b = g.request.kernel->block;
    const Dim3& gr = g.request.kernel->grid;
    require(b.x >= 1 && b.y >= 1 && b.z >= 1 && b.count() <= 1024 && gr.x >= 1 && gr.y >= 1 && gr.z >= 1 &&
                g.request.kernel->dynamic_smem_bytes >= 0,
            "gate.request.kernel: a launch no GPU runs (block of 1 to 1024 threads, grid >= 1, smem >= 0)");
  }
  if (auto why = gate_size_problem(g.request.n, 0, g.request.variant))
    require(false, "gate ran at an impossible size: " + *why);
  require(g.device.present, "gate ran but gate.device.present is false (a run needs a device)");
  require(g.request.timed_runs >= 1, "gate ran but gate.request.timed_runs is " +
                                         std::to_string(g.request.timed_runs) + " (at least 1)");
  require(g.kernel_ms > 0, "gate ran but gate.kernel_ms is 0 (a timed kernel takes time)");
  check_gate_rates(g);
  // The limits of every GPU (CUDA C++ Programming Guide, "Technical Specifications per Compute
  // Capability"): 255 registers per thread, 48 KiB of static and 227 KiB of dynamic shared memory
  // per block, 512 KiB of local memory per thread.
  require(g.resources.registers <= 255, "gate.resources.registers is " +
                                            std::to_string(g.resources.registers) +
                                            " (no GPU gives a thread more than 255)");
  require(g.resources.static_shared_bytes <= 48 * 1024, "gate.resources.static_shared_bytes is " +
                                                            std::to_string(g.resources.static_shared_bytes) +
                                                            " (static shared memory is at most 48 KiB)");
  require(g.resources.dynamic_shared_bytes <= kMaxDynamicSmemOptinBytes,
          "gate.resources.dynamic_shared_bytes is " + std::to_string(g.resources.dynamic_shared_bytes) +
              " (at most 227 KiB on any GPU)");
  require(g.resources.local_bytes <= 512 * 1024, "gate.resources.local_bytes is " +
                                                     std::to_string(g.resources.local_bytes) +
                                                     " (local memory is at most 512 KiB per thread)");
  const int n = g.request.n;
  const std::uint64_t cells = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  require(g.mismatch_count <= cells, "gate: more mismatches than elements");
  require(g.mismatches.size() <= GateReport::kMaxRecordedMismatches, "gate: too many recorded mismatches");
  require(g.mismatches.size() <= g.mismatch_count, "gate: more recorded mismatches than counted");
  require(g.exact == (g.mismatch_count == 0), "gate: \"exact\" disagrees with the mismatch count");
  require(g.first.has_value() == (g.mismatch_count != 0),
          "gate: \"first\" disagrees with the mismatch count");
  // The run records min(mismatch_count, kMaxRecordedMismatches) mismatches (gpu/cuda/gate_run.cu):
  // all of them, or the first 65536, or (beyond n = 8192) a sample of the device's records.
  const std::uint64_t recorded =
      std::min<std::uint64_t>(g.mismatch_count, GateReport::kMaxRecordedMismatches);
  require(g.mismatches.size() == recorded,
          "gate.mismatches lists " +
              plural(static_cast<long long>(g.mismatches.size()), "mismatch", "mismatches") +
              " but mismatch_count " + std::to_string(g.mismatch_count) + " means " +
              std::to_string(recorded) + std::string(agree(static_cast<long long>(recorded), " is", " are")) +
              " recorded");
  auto in_range = [&](const Mismatch& m) { return m.row >= 0 && m.row < n && m.col >= 0 && m.col < n; };
  require(!g.first || in_range(*g.first), "gate: first mismatch outside the n x n output");
  require(!g.first || g.first->got != g.first->want, "gate.first: got equals want, which is no mismatch");
  for (std::size_t i = 0; i < g.mismatches.size(); ++i) {
    const Mismatch& m = g.mismatches[i];
    require(in_range(m), "gate: recorded mismatch outside the n x n output");
    require(m.got != m.want, at("gate.mismatches", i) + ": got equals want, which is no mismatch");
    require(i == 0 || linear(g.mismatches[i - 1], n) < linear(m, n),
            at("gate.mismatches", i) + " is not after " + at("gate.mismatches", i - 1) +
                " in row-major order (the list is strictly increasing, no duplicates)");
  }
  if (g.first && !g.mismatches.empty()) {
    const Mismatch& f = *g.first;
    const Mismatch& m0 = g.mismatches.front();
    // The first mismatch is the list's first whenever the list holds the first ones (n up to
    // kMaxInOrderListN, or every mismatch recorded); a sample (beyond both) may start later.
    const bool sampled =
        n > GateReport::kMaxInOrderListN && g.mismatch_count > GateReport::kMaxRecordedMismatches;
    const bool same = f.row == m0.row && f.col == m0.col && f.got == m0.got && f.want == m0.want;
    require(sampled ? linear(f, n) <= linear(m0, n) : same,
            sampled ? "gate.first comes after gate.mismatches[0] in row-major order"
                    : "gate.first differs from gate.mismatches[0] (the first recorded mismatch)");
    if (sampled && linear(f, n) == linear(m0, n))
      require(same, "gate.first differs from gate.mismatches[0] at the same element");
  }
}

/// "gate.mismatches[3].row" for the JSON pointer "/gate/mismatches/3/row" (RFC 6901 escapes
/// undone; a report's keys are never all digits, so those are array indices).
std::string dotted(const std::string& pointer) {
  std::string out;
  std::size_t i = 0;
  while (i < pointer.size()) {
    std::size_t end = pointer.find('/', i + 1);
    if (end == std::string::npos) end = pointer.size();
    std::string token;
    for (std::size_t k = i + 1; k < end; ++k) {
      if (pointer[k] == '~' && k + 1 < end && (pointer[k + 1] == '0' || pointer[k + 1] == '1')) {
        token += pointer[k + 1] == '0' ? '~' : '/';
        ++k;
      } else {
        token += pointer[k];
      }
    }
    const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    out += index ? "[" + token + "]" : (out.empty() ? "" : ".") + token;
    i = end;
  }
  return out;
}

/// "a string", "an array", "null": nlohmann's type name with its article, for a message.
std::string with_article(const std::string& t) {
  if (t == "null") return t;
  return (t == "array" || t == "object" ? "an " : "a ") + t;
}

/// nlohmann's own words (after its tag and path) as a report's reader says them, or nullopt for a
/// message this loader does not know. The loader reads values through json_strict's checks, checks
/// sizes before it indexes and walks only arrays (entries), so what a report can still provoke is a
/// get<T>() or a field of the wrong kind: a library's wording ("cannot use at() with array") names
/// its API, not the file.
std::optional<std::string> report_words(const std::string& m) {
  const auto starts = [&m](const std::string& p) { return m.rfind(p, 0) == 0; };
  const auto after = [&m](const std::string& p) { return m.substr(p.size()); };
  // type_error.302: get<T>() of the wrong type.
  if (const std::string must = "type must be ", but = ", but is "; starts(must)) {
    const auto b = m.find(but);
    if (b != std::string::npos)
      return "expected " + with_article(m.substr(must.size(), b - must.size())) + ", got " +
             with_article(m.substr(b + but.size()));
  }
  // type_error.304 to 306: at(), operator[] or value() of a value that is not an object. This
  // loader reads a field by at("key") from any value; an index only from an array it has checked
  // (so "with object" means an index into an object).
  for (const std::string use : {"cannot use at() with ", "cannot use value() with ",
                                "cannot use operator[] with a string argument with ",
                                "cannot use operator[] with a numeric argument with "}) {
    if (!starts(use)) continue;
    const std::string got = after(use);
    const bool index = got == "object" || use.find("numeric") != std::string::npos;
    return std::string("expected ") + (index ? "an array" : "an object") + ", got " + with_article(got);
  }
  return std::nullopt;
}

/// A loader error as the user reads it: the bad field's path first, then what is wrong with it.
/// nlohmann's messages start with "[json.exception.type_error.302] " and, built with
/// JSON_DIAGNOSTICS, the value's JSON pointer: "(/gate/device/name) type must be string, but is
/// null" becomes "gate.device.name: expected a string, got null"; "(/gate/device) key 'name' not
/// found" becomes "gate.device.name: missing"; "(/probe) cannot use at() with array" becomes
/// "probe: expected an object, got an array". A message not known here keeps its words, without
/// the library's tag.
std::string plain(const std::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) != 0) return what;
  const auto close = what.find("] ");
  if (close == std::string::npos) return what;
  what = what.substr(close + 2);
  std::string path;
  if (what.rfind("(/", 0) == 0) {
    const auto end = what.find(") ");
    if (end != std::string::npos) {
      path = dotted(what.substr(1, end - 1));
      what = what.substr(end + 2);
    }
  } else if (what.rfind("() ", 0) == 0) {
    what = what.substr(3);  // the document itself (an empty pointer)
  }
  const std::string key = "key '", not_found = "' not found";
  if (what.rfind(key, 0) == 0 && what.size() > key.size() + not_found.size() &&
      what.compare(what.size() - not_found.size(), not_found.size(), not_found) == 0) {
    const std::string name = what.substr(key.size(), what.size() - key.size() - not_found.size());
    return (path.empty() ? "" : path + ".") + name + ": missing";
  }
  if (auto words = report_words(what)) what = *words;
  return path.empty() ? what : path + ": " + what;
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

/// Thrown by parse_report's parser callback to stop at a document nested too deep.
struct NestedTooDeep {};

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
  // A key given twice in one object: JSON leaves it undefined which counts, so the file is refused
  // rather than read as the last one.
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  const json::parser_callback_t on = [&](int depth, json::parse_event_t event, json& parsed) {
    // A report nests a few levels; the checks below walk it by recursion, so its depth is bounded
    // (kMaxParseNesting, as every parser of user text) before any of them runs.
    if (depth > kMaxParseNesting) throw NestedTooDeep{};
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == json::parse_event_t::key && !keys.empty() && duplicate.empty() &&
        !keys.back().insert(parsed.get<std::string>()).second)
      duplicate = parsed.get<std::string>();
    return true;
  };
  json j;
  try {
    j = json::parse(text.begin(), text.end(), on);
  } catch (const NestedTooDeep&) {
    return refused("not a JSON document we can read: " + nesting_too_deep_message());
  } catch (const json::exception&) {
    // A syntax error, or a number beyond double ("1e400"): refused, since a report must say
    // exactly what it means.
    return refused("not a JSON document: " + syntax_words(text));
  }
  if (!duplicate.empty())
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
