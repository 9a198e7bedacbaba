#include "hopper_json.hpp"

#include <set>
#include <sstream>

#include "fields_json.hpp"
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

json wgmma_probes_json(const std::vector<WgmmaProbe>& probes) {
  json w = json::array();
  for (const WgmmaProbe& p : probes)
    w.push_back(fields_json::fields_to_json(p, [](const Field& f, const auto& v, json& out) {
      using T = std::decay_t<decltype(v)>;
      if constexpr (std::is_same_v<T, std::vector<ElementCheck>>) {
        // The measured cells only, one integer each: the expected ones are the model's.
        std::vector<std::int64_t> cells;
        for (const ElementCheck& e : v) cells.push_back(cell_of(e.measured, 64));
        out[f.name] = join(cells);
        return true;
      } else if constexpr (std::is_same_v<T, std::vector<DescriptorProbe>>) {
        json descs = json::array();
        for (const DescriptorProbe& x : v)
          descs.push_back(fields_json::fields_to_json(x, [](const Field& f, const auto& y, json& o) {
            using Y = std::decay_t<decltype(y)>;
            if constexpr (std::is_same_v<Y, std::uint64_t>) {
              o[f.name] = hex64(y);
              return true;
            } else if constexpr (std::is_same_v<Y, std::vector<std::int64_t>>) {
              o[f.name] = join(y);
              return true;
            } else {
              return false;
            }
          }));
        out[f.name] = descs;
        return true;
      } else {
        return false;
      }
    }));
  return w;
}

std::vector<WgmmaProbe> wgmma_probes_from(const json& list) {
  std::vector<WgmmaProbe> out;
  std::set<std::string> seen;
  for (const json& j : entries(list, "wgmma")) {
    WgmmaProbe p;
    // The plain fields by the list; the measured cells and descriptors below, against the model.
    fields_json::fields_from_json(j, p, [](const Field&, auto& v) {
      using T = std::decay_t<decltype(v)>;
      return std::is_same_v<T, std::vector<ElementCheck>> || std::is_same_v<T, std::vector<DescriptorProbe>>;
    });
    const WgmmaInstruction* in = find_wgmma(p.mnemonic);
    if (!in) throw std::runtime_error("wgmma: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    if (!seen.insert(p.mnemonic).second) throw std::runtime_error("wgmma: " + p.mnemonic + " twice");
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
        fields_json::fields_from_json(x, d, [&x](const Field& f, auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, Operand>) {
            // A descriptor reads A or B, never C.
            v = enum_from<Operand>(x.at(f.name), "operand", [](std::string_view t) -> std::optional<Operand> {
              if (t == "A") return Operand::A;
              if (t == "B") return Operand::B;
              return std::nullopt;
            });
            return true;
          }
          // The bits and the measured offsets are judged below.
          return std::is_same_v<T, std::uint64_t> || std::is_same_v<T, std::vector<std::int64_t>>;
        });
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
    out.push_back(std::move(p));
  }
  return out;
}

json move_probes_json(const std::vector<MatrixMoveProbe>& probes) {
  json m = json::array();
  for (const MatrixMoveProbe& p : probes)
    m.push_back(fields_json::fields_to_json(p, [](const Field& f, const auto& v, json& out) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::vector<MoveCheck>>) {
        // The measured (row, col) of each cell, -1 -1 for none: the expected ones are the model's.
        std::vector<std::int64_t> cells;
        for (const MoveCheck& c : v) {
          cells.push_back(c.measured ? c.measured->row : -1);
          cells.push_back(c.measured ? c.measured->col : -1);
        }
        out[f.name] = join(cells);
        return true;
      } else {
        return false;
      }
    }));
  return m;
}

std::vector<MatrixMoveProbe> move_probes_from(const json& list) {
  const Instruction* mma = find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  const std::vector<MovePlan> plans = mma ? plan_matrix_moves(*mma) : std::vector<MovePlan>{};
  std::vector<MatrixMoveProbe> out;
  std::set<std::string> moves_seen;
  for (const json& j : entries(list, "moves")) {
    MatrixMoveProbe p;
    // The plain fields by the list; the measured cells below, against the model's.
    fields_json::fields_from_json(j, p, [](const Field&, auto& v) {
      return std::is_same_v<std::decay_t<decltype(v)>, std::vector<MoveCheck>>;
    });
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
      // TMEM lanes: 0-127, and 128-255 for CTA 1 of a cta_group::2 accumulator probe.
      const std::int64_t limit = p.kind == "tcgen05.mma"                            ? 255
                                 : p.kind == "tcgen05.st" || p.kind == "tcgen05.ld" ? 127
                                                                                    : 64;
      for (std::size_t i = 0; i < p.cells.size(); ++i) {
        const std::int64_t row = v[2 * i], col = v[2 * i + 1];
        if ((row < 0) != (col < 0) || row > limit || col > 64)
          throw std::runtime_error("moves.measured: a cell outside the tile");
        if (row >= 0) p.cells[i].measured = Coord{static_cast<int>(row), static_cast<int>(col), 0};
      }
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace fragviz
