#include "hopper_json.hpp"

#include <set>
#include <sstream>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "json_strict.hpp"

namespace fragviz {
namespace {

using nlohmann::json;
using namespace json_strict;

/// Integers as one space-separated string: a report holds about a million of them.
std::string join(const std::vector<std::int64_t>& v) {
  std::string s;
  s.reserve(v.size() * 5);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += ' ';
    s += std::to_string(v[i]);
  }
  return s;
}

std::vector<std::int64_t> split(const json& j, const std::string& what, std::size_t count) {
  if (!j.is_string()) fail_at(j, what, "expected a string of integers, got " + what_is(j));
  const std::string& s = j.get_ref<const std::string&>();
  std::vector<std::int64_t> v;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t end = s.find(' ', i);
    if (end == std::string::npos) end = s.size();
    const std::string tok = s.substr(i, end - i);
    std::size_t used = 0;
    long long x = 0;
    try {
      x = std::stoll(tok, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (tok.empty() || used != tok.size() || x < -1 || x > (1ll << 31))
      fail_at(j, what, "\"" + tok.substr(0, 20) + "\" is not an integer from -1 up");
    v.push_back(x);
    i = end + 1;
  }
  if (v.size() != count)
    fail_at(j, what,
            "holds " + std::to_string(v.size()) + " values, the model needs " + std::to_string(count));
  return v;
}

std::int64_t cell_of(const std::optional<Coord>& c, int rows) {
  return c ? static_cast<std::int64_t>(c->row + rows * c->col) : -1;
}

std::string hex64(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::optional<ElemType> elem_named(std::string_view t) {
  for (ElemType e : {ElemType::f16, ElemType::bf16, ElemType::tf32, ElemType::e4m3, ElemType::e5m2,
                     ElemType::s8, ElemType::u8})
    if (to_string(e) == t) return e;
  return std::nullopt;
}

std::vector<ElementCheck> checks_from(const json& j, const std::string& what, Operand op, int threads,
                                      int per, int rows, int cols, const WgmmaInstruction& in) {
  const auto cells = split(j, what, static_cast<std::size_t>(threads * per));
  std::vector<ElementCheck> out;
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < per; ++i) {
      ElementCheck c;
      c.operand = op;
      c.lane = t;
      c.element = i;
      c.expected = op == Operand::A ? wgmma_a_coord(in, t, i) : wgmma_d_coord(in, t, i);
      const std::int64_t cell = cells[static_cast<std::size_t>(t * per + i)];
      if (cell >= rows * cols) fail_at(j, what, "a cell outside the operand");
      if (cell >= 0) c.measured = Coord{static_cast<int>(cell % rows), static_cast<int>(cell / rows), 0};
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

void write_hopper(json& probe, const ProbeReport& r) {
  json w = json::array();
  for (const WgmmaProbe& p : r.wgmma) {
    std::vector<std::int64_t> d, a;
    for (const ElementCheck& e : p.d) d.push_back(cell_of(e.measured, 64));
    for (const ElementCheck& e : p.a) a.push_back(cell_of(e.measured, 64));
    json descs = json::array();
    for (const DescriptorProbe& x : p.descriptors)
      descs.push_back({{"operand", std::string(to_string(x.operand))},
                       {"type", std::string(to_string(x.layout.type))},
                       {"major", std::string(to_string(x.layout.major))},
                       {"swizzle", std::string(to_string(x.layout.swizzle))},
                       {"lbo", x.layout.lbo},
                       {"sbo", x.layout.sbo},
                       {"mn", x.layout.mn},
                       {"k", x.layout.k},
                       {"start", x.start},
                       {"descriptor", hex64(x.descriptor)},
                       {"measured", join(x.measured)}});
    w.push_back({{"mnemonic", p.mnemonic},
                 {"ran", p.ran},
                 {"skipped", p.skipped},
                 {"passes", p.passes},
                 {"tile_exact", p.tile_exact},
                 {"tile_detail", p.tile_detail},
                 {"d_measured", join(d)},
                 {"a_measured", join(a)},
                 {"descriptors", descs}});
  }
  json m = json::array();
  for (const MatrixMoveProbe& p : r.moves) {
    std::vector<std::int64_t> cells;
    for (const MoveCheck& c : p.cells) {
      cells.push_back(c.measured ? c.measured->row : -1);
      cells.push_back(c.measured ? c.measured->col : -1);
    }
    m.push_back({{"mnemonic", p.mnemonic},
                 {"kind", p.kind},
                 {"detail", p.detail},
                 {"ran", p.ran},
                 {"skipped", p.skipped},
                 {"stray_writes", p.stray_writes},
                 {"measured", join(cells)}});
  }
  probe["wgmma"] = w;
  probe["moves"] = m;
  probe["hopper_ms"] = r.hopper_ms;
}

void read_hopper(const json& probe, int version, ProbeReport& r) {
  if (version < 3) return;
  std::set<std::string> seen;
  for (const json& j : entries(probe.at("wgmma"), "wgmma")) {
    WgmmaProbe p;
    p.mnemonic = j.at("mnemonic").get<std::string>();
    const WgmmaInstruction* in = find_wgmma(p.mnemonic);
    if (!in) throw std::runtime_error("wgmma: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    if (!seen.insert(p.mnemonic).second) throw std::runtime_error("wgmma: " + p.mnemonic + " twice");
    p.ran = boolean(j.at("ran"), "ran");
    p.skipped = j.at("skipped").get<std::string>();
    p.passes = integer<int>(j.at("passes"), "passes");
    p.tile_exact = boolean(j.at("tile_exact"), "tile_exact");
    p.tile_detail = j.at("tile_detail").get<std::string>();
    if (p.ran == !p.skipped.empty())
      throw std::runtime_error("wgmma: " + p.mnemonic + ": ran and skipped disagree");
    if (p.ran && p.tile_exact == !p.tile_detail.empty())
      throw std::runtime_error("wgmma: " + p.mnemonic + ": tile verdict and detail disagree");
    if (p.ran) {
      p.d = checks_from(j.at("d_measured"), "wgmma.d_measured", Operand::C, kWarpgroupSize,
                        wgmma_d_elements(*in), 64, in->n, *in);
      p.a = checks_from(j.at("a_measured"), "wgmma.a_measured", Operand::A, kWarpgroupSize,
                        wgmma_a_elements(*in), 64, in->k, *in);
      for (const json& x : entries(j.at("descriptors"), "descriptors")) {
        DescriptorProbe d;
        d.operand =
            enum_from<Operand>(x.at("operand"), "operand", [](std::string_view t) -> std::optional<Operand> {
              if (t == "A") return Operand::A;
              if (t == "B") return Operand::B;
              return std::nullopt;
            });
        d.layout.type = enum_from<ElemType>(x.at("type"), "type", elem_named);
        d.layout.major = enum_from<Major>(x.at("major"), "major", parse_major);
        d.layout.swizzle = enum_from<SmemSwizzle>(x.at("swizzle"), "swizzle", parse_smem_swizzle);
        d.layout.lbo = integer<std::uint32_t>(x.at("lbo"), "lbo");
        d.layout.sbo = integer<std::uint32_t>(x.at("sbo"), "sbo");
        d.layout.mn = integer<int>(x.at("mn"), "mn");
        d.layout.k = integer<int>(x.at("k"), "k");
        d.start = integer<std::uint32_t>(x.at("start"), "start");
        const ElemType want = d.operand == Operand::A ? in->a_type : in->b_type;
        if (d.layout.type != want || d.layout.k != in->k ||
            d.layout.mn != (d.operand == Operand::A ? 64 : in->n))
          throw std::runtime_error("wgmma.descriptors: a layout that is not this instruction's operand");
        if (auto why = validate_layout(d.layout, d.start))
          throw std::runtime_error("wgmma.descriptors: an illegal layout: " + *why);
        d.descriptor = encode_descriptor(descriptor_for(d.layout, d.start));
        if (x.at("descriptor").get<std::string>() != hex64(d.descriptor))
          throw std::runtime_error("wgmma.descriptors: descriptor bits are not the layout's");
        for (int mn = 0; mn < d.layout.mn; ++mn)
          for (int k = 0; k < d.layout.k; ++k)
            d.expected.push_back(smem_operand_address(d.layout, d.start, mn, k));
        d.measured = split(x.at("measured"), "wgmma.descriptors.measured", d.expected.size());
        p.descriptors.push_back(std::move(d));
      }
    }
    r.wgmma.push_back(std::move(p));
  }
  const Instruction* mma = find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  const std::vector<MovePlan> plans = mma ? plan_matrix_moves(*mma) : std::vector<MovePlan>{};
  std::set<std::string> moves_seen;
  for (const json& j : entries(probe.at("moves"), "moves")) {
    MatrixMoveProbe p;
    p.mnemonic = j.at("mnemonic").get<std::string>();
    p.kind = j.at("kind").get<std::string>();
    p.detail = j.at("detail").get<std::string>();
    p.ran = boolean(j.at("ran"), "ran");
    p.skipped = j.at("skipped").get<std::string>();
    p.stray_writes = integer<int>(j.at("stray_writes"), "stray_writes");
    const MatrixMoveProbe* expected = nullptr;
    for (const MovePlan& m : plans)
      if (m.probe.kind == p.kind && m.probe.mnemonic == p.mnemonic && m.probe.detail == p.detail)
        expected = &m.probe;
    // The Blackwell probes (blackwell_probe.hpp): 8-bit matrix moves and tensor-memory round trips.
    const std::optional<MatrixMoveProbe> blackwell = blackwell_expected_probe(p.mnemonic);
    if (!expected && blackwell && blackwell->kind == p.kind && blackwell->detail == p.detail)
      expected = &*blackwell;
    if (!expected)
      throw std::runtime_error("moves: no such probe: " + p.kind + " " + p.mnemonic + " " + p.detail);
    if (!moves_seen.insert(p.kind + p.mnemonic + p.detail).second)
      throw std::runtime_error("moves: " + p.mnemonic + " twice");
    if (p.ran) {
      const auto v = split(j.at("measured"), "moves.measured", 2 * expected->cells.size());
      p.cells = expected->cells;
      const std::int64_t limit = p.kind == "tcgen05.st" || p.kind == "tcgen05.mma" ? 127 : 64;  // TMEM lanes
      for (std::size_t i = 0; i < p.cells.size(); ++i) {
        const std::int64_t row = v[2 * i], col = v[2 * i + 1];
        if ((row < 0) != (col < 0) || row > limit || col > 64)
          throw std::runtime_error("moves.measured: a cell outside the tile");
        if (row >= 0) p.cells[i].measured = Coord{static_cast<int>(row), static_cast<int>(col), 0};
      }
    }
    r.moves.push_back(std::move(p));
  }
  r.hopper_ms = number<double>(probe.at("hopper_ms"), "hopper_ms");
  if (r.hopper_ms < 0) throw std::runtime_error("probe: negative time");
}

}  // namespace fragviz
