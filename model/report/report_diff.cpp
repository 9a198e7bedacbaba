// Field-by-field comparison of two reports (report_diff.hpp).
#include "fragviz/report/report_diff.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <tuple>
#include <type_traits>

#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

std::string_view to_string(DiffArea a) {
  switch (a) {
    case DiffArea::file:
      return "file";
    case DiffArea::device:
      return "device";
    case DiffArea::request:
      return "request";
    case DiffArea::ldmatrix:
      return "ldmatrix";
    case DiffArea::fragment:
      return "fragment";
    case DiffArea::instruction:
      return "instruction";
    case DiffArea::cycles:
      return "cycles";
    case DiffArea::run:
      return "run";
    case DiffArea::gate:
      return "gate";
    case DiffArea::wgmma:
      return "wgmma";
    case DiffArea::moves:
      return "moves";
    case DiffArea::layout:
      return "layout";
    case DiffArea::wmma:
      return "wmma";
    case DiffArea::tiled:
      return "tiled";
  }
  return "?";
}

std::string ReportDifference::line() const { return where + ": A " + a + ", B " + b; }

std::size_t ReportDiff::content() const {
  return static_cast<std::size_t>(
      std::count_if(differences.begin(), differences.end(),
                    [](const ReportDifference& d) { return !d.timing && !d.older_format; }));
}

std::size_t ReportDiff::older_format() const {
  return static_cast<std::size_t>(std::count_if(differences.begin(), differences.end(),
                                                [](const ReportDifference& d) { return d.older_format; }));
}

std::size_t ReportDiff::timings() const {
  return static_cast<std::size_t>(std::count_if(differences.begin(), differences.end(),
                                                [](const ReportDifference& d) { return d.timing; }));
}

namespace {

constexpr const char* kAbsent = "absent";

// [SECTION] values as text ---------------------------------------------------------------------------

std::string text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}
std::string text(bool v) { return v ? "true" : "false"; }
std::string text(int v) { return std::to_string(v); }
std::string text(std::uint32_t v) { return std::to_string(v); }
std::string text(std::uint64_t v) { return std::to_string(v); }
std::string text(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
  return std::string(buf, r.ptr);
}
std::string text(float v) { return text(static_cast<double>(v)); }
std::string text(Coord c) {
  return "(" + std::to_string(c.row) + "," + std::to_string(c.col) +
         (c.product ? "," + std::to_string(c.product) : std::string()) + ")";
}
std::string text(const std::optional<Coord>& c) { return c ? text(*c) : "none"; }
std::string text(ErrorKind k) { return std::string(to_string(k)); }
std::string text(GateVariant v) { return std::string(to_string(v)); }
std::string text(SharedOp op) { return std::string(to_string(op)); }
std::string text(LdmatrixConfig c) { return "." + std::string(to_string(c.num)) + (c.trans ? ".trans" : ""); }
std::string text(const TileGeometry& t) {
  return "width " + std::to_string(t.width_halves) + ", pad " + std::to_string(t.pad_halves) + ", rows " +
         std::to_string(t.rows) + ", swizzle " + std::string(to_string(t.swizzle));
}
std::string text(const Mismatch& m) {
  return "(" + std::to_string(m.row) + "," + std::to_string(m.col) + ") got " + text(m.got) + " want " +
         text(m.want);
}
std::string text(const std::optional<Mismatch>& m) { return m ? text(*m) : "none"; }
std::string hex(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

bool same(const TileGeometry& a, const TileGeometry& b) {
  return a.width_halves == b.width_halves && a.pad_halves == b.pad_halves && a.rows == b.rows &&
         a.swizzle == b.swizzle;
}
bool same(LdmatrixConfig a, LdmatrixConfig b) { return a.num == b.num && a.trans == b.trans; }
bool same(const Mismatch& a, const Mismatch& b) {
  return a.row == b.row && a.col == b.col && a.got == b.got && a.want == b.want;
}
bool same(const std::optional<Mismatch>& a, const std::optional<Mismatch>& b) {
  return a.has_value() == b.has_value() && (!a || same(*a, *b));
}
template <class T>
bool same(const T& a, const T& b) {
  return a == b;
}

/// The call operators of several lambdas as one overload set.
template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// [SECTION] the comparer ------------------------------------------------------------------------------

/// Context copied into each difference: where it is, for views to mark.
struct Ctx {
  DiffArea area = DiffArea::file;
  std::string prefix;  ///< "probe.device"
  std::string mnemonic;
  std::optional<Operand> operand;
  int lane = -1, element = -1, index = -1;
  Ctx at(std::string sub) const {
    Ctx c = *this;
    c.prefix += sub;
    return c;
  }
};

class Differ {
 public:
  /// `va` and `vb`: the format versions of the two files (ReportFile::version).
  Differ(std::vector<ReportDifference>& out, int va, int vb) : out_(out), va_(va), vb_(vb) {}

  void add(const Ctx& c, const std::string& field, std::string a, std::string b, bool timing = false) {
    ReportDifference d;
    d.area = c.area;
    d.timing = timing;
    d.where = c.prefix + (field.empty() ? "" : "." + field);
    d.a = std::move(a);
    d.b = std::move(b);
    d.mnemonic = c.mnemonic;
    d.operand = c.operand;
    d.lane = c.lane;
    d.element = c.element;
    d.index = c.index;
    out_.push_back(std::move(d));
  }
  template <class T>
  void field(const Ctx& c, const std::string& name, const T& a, const T& b, bool timing = false) {
    if (!same(a, b)) add(c, name, text(a), text(b), timing);
  }
  /// Marks the difference just added as missing from an older report format version, `version`
  /// (that of the side without the field).
  void older(int version, bool a_lacks) {
    out_.back().older_format = true;
    out_.back().lacking_version = version;
    out_.back().lacking_side = a_lacks ? 'A' : 'B';
  }
  /// older() when the side that lacks the field (`a_lacks`: A, else B) was written in a version
  /// older than `since`, the first version with that field.
  void older_if(bool a_lacks, int since) {
    if ((a_lacks ? va_ : vb_) < since) older(a_lacks ? va_ : vb_, a_lacks);
  }

  /// Each field of two structs on their field list (report_fields.hpp) where they differ.
  template <class S>
  void fields(const Ctx& c, const S& a, const S& b) {
    visit_fields(a, b,
                 [&](const Field& f, const auto& x, const auto& y) { field(c, f.name, x, y, f.timing); });
  }

  /// The context of a report part ("probe", "gate"): its run fields, and its timestamp and device.
  static Ctx part(const char* name) {
    Ctx c;
    c.prefix = name;
    c.area = DiffArea::run;
    return c;
  }
  static Ctx request_of(Ctx c) {
    c.area = DiffArea::request;
    c.prefix += ".request";
    return c;
  }

  void device(Ctx c, const DeviceInfo& a, const DeviceInfo& b) {
    c.area = DiffArea::device;
    c.prefix += ".device";
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      const std::string_view name = f.name;
      // The compute capability is one figure, sm_XX, however many of its halves differ.
      if (name == "cc_major" && (a.cc_major != b.cc_major || a.cc_minor != b.cc_minor))
        add(c, "compute capability", "sm_" + std::to_string(a.sm()), "sm_" + std::to_string(b.sm()));
      if (name != "cc_major" && name != "cc_minor") field(c, f.name, x, y, f.timing);
    });
  }

  template <std::size_t N>
  void per_lane(const Ctx& c, const std::string& name, const std::array<std::uint32_t, N>& a,
                const std::array<std::uint32_t, N>& b) {
    for (std::size_t lane = 0; lane < N; ++lane)
      if (a[lane] != b[lane]) {
        Ctx l = c;
        l.lane = static_cast<int>(lane);
        add(l, name + "[lane " + std::to_string(lane) + "]", text(a[lane]), text(b[lane]));
      }
  }

  /// Elements of fragment and instruction probes, matched by (operand, lane, element).
  void elements(const Ctx& c, const std::vector<ElementCheck>& a, const std::vector<ElementCheck>& b) {
    using Key = std::tuple<int, int, int>;
    std::map<Key, const ElementCheck*> in_b;
    for (const ElementCheck& e : b) in_b[Key{static_cast<int>(e.operand), e.lane, e.element}] = &e;
    std::map<Key, bool> seen;
    const auto ctx_of = [&c](const ElementCheck& e) {
      Ctx x = c.at(".elements[" + std::string(to_string(e.operand)) + " lane " + std::to_string(e.lane) +
                   " element " + std::to_string(e.element) + "]");
      x.operand = e.operand;
      x.lane = e.lane;
      x.element = e.element;
      return x;
    };
    const auto verdict = [](const ElementCheck& e) {
      return text(e.measured) + (e.match() ? " (match)" : " (mismatch)");
    };
    for (const ElementCheck& e : a) {
      const Key k{static_cast<int>(e.operand), e.lane, e.element};
      seen[k] = true;
      const auto it = in_b.find(k);
      const Ctx x = ctx_of(e);
      if (it == in_b.end()) {
        add(x, "", "expected " + text(e.expected) + ", measured " + verdict(e), kAbsent);
        continue;
      }
      const ElementCheck& f = *it->second;
      field(x, "expected", e.expected, f.expected);
      if (!same(e.measured, f.measured)) add(x, "measured", verdict(e), verdict(f));
      field(x, "raw", e.raw, f.raw);
    }
    for (const ElementCheck& f : b)
      if (!seen.count(Key{static_cast<int>(f.operand), f.lane, f.element}))
        add(ctx_of(f), "", kAbsent, "expected " + text(f.expected) + ", measured " + verdict(f));
  }

  void ldmatrix(Ctx c, const LdmatrixProbe& a, const LdmatrixProbe& b) {
    c.area = DiffArea::ldmatrix;
    c.prefix += ".ldmatrix";
    if (!a.ran && a.skipped.empty() && !b.ran && b.skipped.empty()) return;  // absent in both
    const bool both_ran = a.ran && b.ran;
    bool past_ran = false;  // the request (config, tile) first, then what the run measured
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      const std::string_view name = f.name;
      // A side that did not run holds no registers, addresses or elements (zeros in the file): one
      // line says so instead of a row per zero; two that did not run differ only in why.
      if (name == "ran") {
        if (!both_ran) {
          const auto summary = [](const LdmatrixProbe& p) {
            return p.ran ? "ran, " + plural(static_cast<long long>(p.elements.size()), "element") + ", " +
                               plural(p.mismatches(), "mismatch", "mismatches")
                   : p.skipped.empty() ? std::string(kAbsent)
                                       : "not run: " + p.skipped;
          };
          if (summary(a) != summary(b)) add(c, "", summary(a), summary(b));
        }
        past_ran = true;
        return;
      }
      if (name == "skipped" || (past_ran && !both_ran)) return;
      if constexpr (std::is_same_v<T, std::array<std::array<std::uint32_t, 4>, kWarpSize>>) {
        for (int lane = 0; lane < kWarpSize; ++lane)
          for (int reg = 0; reg < 4; ++reg)
            if (x[lane][reg] != y[lane][reg]) {
              Ctx l = c;
              l.lane = lane;
              add(l, std::string(name) + "[lane " + std::to_string(lane) + "][" + std::to_string(reg) + "]",
                  hex(x[lane][reg]), hex(y[lane][reg]));
            }
      } else if constexpr (std::is_same_v<T, std::vector<LdmatrixCheck>>) {
        checks(c, x, y);
      } else {
        value(c, f, x, y);
      }
    });
  }

  /// The explorer's elements, matched by (lane, reg, half).
  void checks(const Ctx& c, const std::vector<LdmatrixCheck>& a, const std::vector<LdmatrixCheck>& b) {
    using Key = std::tuple<int, int, int>;
    std::map<Key, const LdmatrixCheck*> in_b;
    for (const LdmatrixCheck& e : b) in_b[Key{e.lane, e.reg, e.half}] = &e;
    std::map<Key, bool> seen;
    const auto ctx_of = [&c](const LdmatrixCheck& e) {
      Ctx x = c.at(".elements[lane " + std::to_string(e.lane) + " reg " + std::to_string(e.reg) + " half " +
                   std::to_string(e.half) + "]");
      x.lane = e.lane;
      x.element = e.reg * 2 + e.half;
      return x;
    };
    const auto verdict = [](const LdmatrixCheck& e) {
      return text(e.measured) + (e.match() ? " (match)" : " (mismatch)");
    };
    for (const LdmatrixCheck& e : a) {
      const Key k{e.lane, e.reg, e.half};
      seen[k] = true;
      const auto it = in_b.find(k);
      if (it == in_b.end()) {
        add(ctx_of(e), "", "expected " + text(e.expected) + ", measured " + verdict(e), kAbsent);
        continue;
      }
      field(ctx_of(e), "expected", e.expected, it->second->expected);
      if (!same(e.measured, it->second->measured))
        add(ctx_of(e), "measured", verdict(e), verdict(*it->second));
    }
    for (const LdmatrixCheck& f : b)
      if (!seen.count(Key{f.lane, f.reg, f.half}))
        add(ctx_of(f), "", kAbsent, "expected " + text(f.expected) + ", measured " + verdict(f));
  }

  /// One field's values where they differ: element checks and per-lane addresses entry by entry,
  /// anything else as one line.
  template <class T>
  void value(const Ctx& c, const Field& f, const T& a, const T& b) {
    if constexpr (std::is_same_v<T, std::vector<ElementCheck>>)
      elements(c, a, b);
    else if constexpr (std::is_same_v<T, std::array<std::uint32_t, kWarpSize>>)
      per_lane(c, f.name, a, b);
    else
      field(c, f.name, a, b, f.timing);
  }

  /// A probe family's entry (matched by its name): whether and why it ran, then, when both sides
  /// ran, what it measured, field by field in its list's order; `special(ctx, field, a, b)` compares
  /// the fields of the types it takes itself.
  template <class T, class Special>
  void entry(const Ctx& m, const T& x, const T& y, Special&& special) {
    bool measured = false;  // past "skipped": fields a probe that did not run lacks
    visit_fields(x, y, [&](const Field& f, const auto& a, const auto& b) {
      const std::string_view name = f.name;
      if (name == "mnemonic" || name == "name") return;  // what the entries were matched by
      if (measured && (!x.ran || !y.ran)) return;        // one line above, not a row per absent element
      if (name == "skipped") measured = true;
      using A = std::decay_t<decltype(a)>;
      if constexpr (std::is_invocable_v<Special&, const Ctx&, const Field&, const A&, const A&>)
        special(m, f, a, b);
      else
        value(m, f, a, b);
    });
  }

  /// Matches entries of two lists by name (mnemonic), in the first list's order, then the second's.
  /// `since`: the first report version with these entries (an older file has none).
  template <class T, class Special, class Describe>
  void by_mnemonic(const Ctx& c, const std::vector<T>& a, const std::vector<T>& b, int since, Special special,
                   Describe describe) {
    std::map<std::string, const T*> in_b;
    for (const T& x : b) in_b.emplace(x.mnemonic, &x);
    std::map<std::string, bool> seen;
    for (const T& x : a) {
      Ctx m = c.at("[" + x.mnemonic + "]");
      m.mnemonic = x.mnemonic;
      seen[x.mnemonic] = true;
      const auto it = in_b.find(x.mnemonic);
      if (it == in_b.end()) {
        add(m, "", describe(x), kAbsent);
        older_if(false, since);
        continue;
      }
      entry(m, x, *it->second, special);
    }
    for (const T& y : b)
      if (!seen.count(y.mnemonic)) {
        Ctx m = c.at("[" + y.mnemonic + "]");
        m.mnemonic = y.mnemonic;
        add(m, "", kAbsent, describe(y));
        older_if(true, since);
      }
  }

  void cycles(Ctx c, const std::vector<CyclesRow>& a, const std::vector<CyclesRow>& b) {
    c.area = DiffArea::cycles;
    // Rows are matched by what they measured (ldmatrix and tile) and, for repeats, their order.
    const auto key_of = [](const std::vector<CyclesRow>& rows, std::size_t i) {
      int repeat = 0;
      for (std::size_t k = 0; k < i; ++k)
        repeat += same(rows[k].config, rows[i].config) && same(rows[k].tile, rows[i].tile) ? 1 : 0;
      return repeat;
    };
    const auto name = [](const CyclesRow& r) { return text(r.config) + ", " + text(r.tile); };
    std::vector<bool> used(b.size(), false);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const int repeat = key_of(a, i);
      std::optional<std::size_t> match;
      for (std::size_t k = 0; k < b.size() && !match; ++k)
        if (!used[k] && same(a[i].config, b[k].config) && same(a[i].tile, b[k].tile) &&
            key_of(b, k) == repeat)
          match = k;
      Ctx r = c.at(".cycles[" + name(a[i]) + (repeat ? " #" + std::to_string(repeat + 1) : "") + "]");
      r.index = static_cast<int>(i);
      if (!match) {
        add(r, "",
            "predicted " + text(a[i].predicted_wavefronts) + ", measured " + measured_wavefronts_words(a[i]) +
                " wavefronts",
            kAbsent);
        continue;
      }
      used[*match] = true;
      const CyclesRow& y = b[*match];
      visit_fields(a[i], y, [&](const Field& f, const auto& u, const auto& w) {
        using T = std::decay_t<decltype(u)>;
        const std::string_view name = f.name;
        if (name == "ldmatrix" || name == "tile") return;  // what the rows were matched by
        if constexpr (std::is_same_v<T, std::optional<std::array<std::uint32_t, kWarpSize>>>) {
          if (u && w) {
            per_lane(r, f.name, *u, *w);
          } else if (u.has_value() != w.has_value()) {
            add(r, f.name, u ? "recorded" : "not recorded", w ? "recorded" : "not recorded");
            // Only a row first read from a version 1 file lacks them (a re-saved one too): always
            // absent in the older format, whatever version the file says now.
            older(1, !u);
          }
        } else {
          // A row's place, then its timing: what moved is said before how fast it ran.
          if (f.timing && i != *match)
            add(r, "position", "row " + std::to_string(i), "row " + std::to_string(*match));
          value(r, f, u, w);
        }
      });
    }
    for (std::size_t k = 0; k < b.size(); ++k)
      if (!used[k]) {
        Ctx r = c.at(".cycles[" + name(b[k]) + "]");
        r.index = static_cast<int>(k);
        add(r, "", kAbsent,
            "predicted " + text(b[k].predicted_wavefronts) + ", measured " + measured_wavefronts_words(b[k]) +
                " wavefronts");
      }
  }

  /// `probe --layout`: slots by (lane, slot), in `element` of each difference.
  void layout(Ctx c, const LayoutProbe* a, const LayoutProbe* b, int since) {
    c.area = DiffArea::layout;
    c.prefix += ".layout";
    const auto summary = [](const LayoutProbe& p) {
      return p.ran ? p.mnemonic + " over " + p.write + ", " + plural(p.mismatches(), "mismatch", "mismatches")
                   : "not run: " + p.skipped;
    };
    if (!a || !b) {
      if (a || b) {
        add(c, "", a ? summary(*a) : kAbsent, b ? summary(*b) : kAbsent);
        older_if(!a, since);
      }
      return;
    }
    // The request and whether it ran by the list (ldmatrix's .num and .trans as one figure); what it
    // measured below, by the slots judged from its words.
    bool request = true;
    visit_fields(*a, *b, [&](const Field& f, const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      const std::string_view name = f.name;
      if (name == "words") request = false;
      if (!request || name == "trans") return;
      if constexpr (std::is_same_v<T, LdmNum>)
        field(c, "ldmatrix", a->ldmatrix, b->ldmatrix);
      else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, SharedOp> ||
                         std::is_same_v<T, int> || std::is_same_v<T, bool>)
        value(c, f, x, y);
    });
    if (!a->ran || !b->ran) return;
    for (int l = 0; l < kWarpSize; ++l) {
      Ctx lc = c;
      lc.lane = l;
      const auto x = a->addresses[static_cast<std::size_t>(l)], y = b->addresses[static_cast<std::size_t>(l)];
      if (x != y) add(lc, "addresses[lane " + std::to_string(l) + "]", std::to_string(x), std::to_string(y));
    }
    std::map<std::pair<int, int>, const LayoutSlotCheck*> by;
    for (const LayoutSlotCheck& s : b->slots) by[{s.lane, s.slot}] = &s;
    const auto slot_where = [](int lane, int slot) {
      return "slots[lane " + std::to_string(lane) + " slot " + std::to_string(slot) + "]";
    };
    for (const LayoutSlotCheck& s : a->slots) {
      Ctx sc = c;
      sc.lane = s.lane;
      sc.element = s.slot;
      const auto it = by.find({s.lane, s.slot});
      if (it == by.end()) {
        add(sc, slot_where(s.lane, s.slot), std::to_string(s.raw), kAbsent);
        continue;
      }
      if (it->second->raw != s.raw)
        add(sc, slot_where(s.lane, s.slot), std::to_string(s.raw), std::to_string(it->second->raw));
      by.erase(it);
    }
    for (const auto& [key, s] : by) {
      Ctx sc = c;
      sc.lane = key.first;
      sc.element = key.second;
      add(sc, slot_where(key.first, key.second), kAbsent, std::to_string(s->raw));
    }
    std::map<std::string, double> keys = a->ncu;
    keys.insert(b->ncu.begin(), b->ncu.end());
    for (const auto& kv : keys) {
      const auto x = a->ncu.find(kv.first), y = b->ncu.find(kv.first);
      const std::string va = x == a->ncu.end() ? kAbsent : text(x->second);
      const std::string vb = y == b->ncu.end() ? kAbsent : text(y->second);
      if (va != vb) add(c, "ncu[" + kv.first + "]", va, vb);
    }
    field(c, "cycles_per_instruction", a->cycles_per_instruction, b->cycles_per_instruction, true);
  }

  /// A wgmma probe's descriptors, matched by their layout and start; each measured offset compared.
  auto descriptors() {
    return [this](const Ctx& m, const Field&, const std::vector<DescriptorProbe>& xs,
                  const std::vector<DescriptorProbe>& ys) {
      {
        const auto name = [](const DescriptorProbe& d) {
          return std::string(to_string(d.operand)) + " " + std::string(to_string(d.layout.major)) +
                 "-major " + std::string(to_string(d.layout.swizzle)) + " LBO " +
                 std::to_string(d.layout.lbo) + " SBO " + std::to_string(d.layout.sbo) + " start " +
                 std::to_string(d.start);
        };
        std::map<std::string, const DescriptorProbe*> in_y;
        for (const DescriptorProbe& d : ys) in_y[name(d)] = &d;
        for (const DescriptorProbe& d : xs) {
          const Ctx dc = m.at(".descriptors[" + name(d) + "]");
          const auto it = in_y.find(name(d));
          if (it == in_y.end()) {
            add(dc, "", plural(d.mismatches(), "mismatch", "mismatches"), kAbsent);
            continue;
          }
          for (std::size_t e = 0; e < d.measured.size() && e < it->second->measured.size(); ++e)
            if (d.measured[e] != it->second->measured[e])
              add(dc, "measured[" + std::to_string(e) + "]", std::to_string(d.measured[e]),
                  std::to_string(it->second->measured[e]));
          in_y.erase(it);
        }
        for (const auto& [key, d] : in_y)
          add(m.at(".descriptors[" + key + "]"), "", kAbsent,
              plural(d->mismatches(), "mismatch", "mismatches"));
      }
    };
  }

  void probe(const ProbeReport& a, const ProbeReport& b) {
    const Ctx c = part("probe");
    const auto area = [&c](DiffArea area, const char* name) {
      Ctx x = c;
      x.area = area;
      x.prefix += std::string(".") + name;
      return x;
    };
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      if constexpr (std::is_same_v<T, DeviceInfo>) {
        device(c, x, y);
      } else if constexpr (std::is_same_v<T, ProbeRequest>) {
        request(request_of(c), x, y);
      } else if constexpr (std::is_same_v<T, LdmatrixProbe>) {
        ldmatrix(c, x, y);
      } else if constexpr (std::is_same_v<T, std::shared_ptr<const LayoutProbe>>) {
        layout(c, x.get(), y.get(), f.since);
      } else if constexpr (std::is_same_v<T, std::vector<FragmentProbe>>) {
        by_mnemonic(area(DiffArea::fragment, f.name), x, y, f.since, no_special(),
                    describe_mma<FragmentProbe>);
      } else if constexpr (std::is_same_v<T, std::vector<InstructionProbe>>) {
        by_mnemonic(area(DiffArea::instruction, f.name), x, y, f.since, no_special(),
                    describe_mma<InstructionProbe>);
      } else if constexpr (std::is_same_v<T, std::vector<LdmatrixFedProbe>>) {
        // Not compared: report diff has never listed the probes through ldmatrix.
      } else if constexpr (std::is_same_v<T, std::vector<WgmmaProbe>>) {
        by_mnemonic(area(DiffArea::wgmma, f.name), x, y, f.since, descriptors(), [](const WgmmaProbe& p) {
          return p.ran ? "ran, " + plural(p.mismatches(), "mismatch", "mismatches") : "not run: " + p.skipped;
        });
      } else if constexpr (std::is_same_v<T, std::vector<MatrixMoveProbe>>) {
        moves(area(DiffArea::moves, f.name), x, y, f.since);
      } else if constexpr (std::is_same_v<T, std::vector<WmmaProbe>>) {
        wmma(area(DiffArea::wmma, f.name), x, y, f.since);
      } else if constexpr (std::is_same_v<T, std::vector<CyclesRow>>) {
        cycles(c, x, y);
      } else if constexpr (std::is_same_v<T, ErrorKind>) {
        error_kind(c, x, y);
      } else {
        value(c, f, x, y);
      }
    });
  }

  /// What the user asked for, field by field; a field newer than one side's format is absent there.
  void request(const Ctx& rq, const ProbeRequest& a, const ProbeRequest& b) {
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      if (same(x, y)) return;
      if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        const auto list = [](const std::vector<std::string>& v) {
          if (v.empty()) return std::string("every catalogue entry");
          std::string s;
          for (const auto& m : v) s += (s.empty() ? "" : ", ") + m;
          return s;
        };
        add(rq, f.name, list(x), list(y));
      } else {
        value(rq, f, x, y);
      }
      // A version 1 request reads as the defaults: not what it asked for.
      if (va_ < f.since || vb_ < f.since) older(std::min(va_, vb_), va_ < vb_);
    });
  }

  /// Takes no field: every field by value().
  struct NoSpecial {};
  static NoSpecial no_special() { return {}; }
  /// An mma.sync probe (fragment or instruction) in one line, for the side that has it.
  template <class P>
  static std::string describe_mma(const P& x) {
    return x.ran ? "ran, " + plural(static_cast<long long>(x.elements.size()), "element") + ", " +
                       plural(x.mismatches(), "mismatch", "mismatches")
                 : "not run: " + x.skipped;
  }

  /// An error's kind; version 1 recorded none (read as unrecorded): absent in its format.
  void error_kind(const Ctx& c, ErrorKind a, ErrorKind b) {
    field(c, "error_kind", a, b);
    if (a != b && (a == ErrorKind::unrecorded || b == ErrorKind::unrecorded))
      older(1, a == ErrorKind::unrecorded);
  }

  /// stmatrix, movmatrix, the epilogues and the Blackwell moves, matched by kind, mnemonic and
  /// detail; each cell's measured position compared. `since`: the first version with them.
  void moves(const Ctx& mv, const std::vector<MatrixMoveProbe>& a, const std::vector<MatrixMoveProbe>& b,
             int since) {
    const auto key = [](const MatrixMoveProbe& p) {
      return p.kind + " " + p.mnemonic + (p.detail.empty() ? "" : " " + p.detail);
    };
    const auto describe = [](const MatrixMoveProbe& p) {
      return p.ran ? "ran, " + plural(p.mismatches(), "mismatch", "mismatches") : "not run: " + p.skipped;
    };
    std::map<std::string, const MatrixMoveProbe*> in_b;
    for (const MatrixMoveProbe& p : b) in_b[key(p)] = &p;
    for (const MatrixMoveProbe& p : a) {
      Ctx m = mv.at("[" + key(p) + "]");
      m.mnemonic = p.mnemonic;
      const auto it = in_b.find(key(p));
      if (it == in_b.end()) {
        add(m, "", describe(p), kAbsent);
        older_if(false, since);
        continue;
      }
      entry(m, p, *it->second,
            [this](const Ctx& mc, const Field&, const std::vector<MoveCheck>& x,
                   const std::vector<MoveCheck>& y) {
              for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
                if (!same(x[i].measured, y[i].measured)) {
                  Ctx xc = mc.at(".cells[lane " + std::to_string(x[i].lane) + " reg " +
                                 std::to_string(x[i].reg) + " half " + std::to_string(x[i].half) + "]");
                  xc.lane = x[i].lane;
                  add(xc, "measured", text(x[i].measured), text(y[i].measured));
                }
              if (x.size() != y.size()) add(mc, "cells", std::to_string(x.size()), std::to_string(y.size()));
            });
      in_b.erase(it);
    }
    for (const auto& [k, p] : in_b) {
      Ctx m = mv.at("[" + k + "]");
      m.mnemonic = p->mnemonic;
      add(m, "", kAbsent, describe(*p));
      older_if(true, since);
    }
  }

  /// WMMA kinds matched by name; each lane's x[i] compared by the cell it holds.
  /// `since`: the first version with them.
  void wmma(const Ctx& w, const std::vector<WmmaProbe>& a, const std::vector<WmmaProbe>& b, int since) {
    const auto describe = [](const WmmaProbe& p) {
      const WmmaKind* k = find_wmma_kind(p.name);
      return p.ran && k ? "ran, " + describe_wmma_map(*k, p.map) : "not run: " + p.skipped;
    };
    std::map<std::string, const WmmaProbe*> in_b;
    for (const WmmaProbe& p : b) in_b.emplace(p.name, &p);
    for (const WmmaProbe& x : a) {
      Ctx m = w.at("[" + x.name + "]");
      m.mnemonic = x.name;
      const auto it = in_b.find(x.name);
      if (it == in_b.end()) {
        add(m, "", describe(x), kAbsent);
        older_if(false, since);
        continue;
      }
      const WmmaProbe& y = *it->second;
      in_b.erase(it);
      const WmmaKind* k = find_wmma_kind(x.name);
      using Raw = std::vector<std::vector<std::uint8_t>>;
      entry(m, x, y,
            Overloaded{[&](const Ctx& mc, const Field&, const WmmaMap& u, const WmmaMap& v) {
                         if (!k || u.cells.size() != v.cells.size()) return;
                         for (std::size_t s = 0; s < u.cells.size(); ++s)
                           if (u.cells[s] != v.cells[s]) {
                             Ctx slot = mc;
                             slot.lane = static_cast<int>(s) / k->elements;
                             slot.element = static_cast<int>(s) % k->elements;
                             add(slot,
                                 "x[lane " + std::to_string(slot.lane) + "][" + std::to_string(slot.element) +
                                     "]",
                                 wmma_cell_text(*k, u.cells[s]), wmma_cell_text(*k, v.cells[s]));
                           }
                       },
                       // The raw bytes are not compared: the cells they decode to are.
                       [](const Ctx&, const Field&, const Raw&, const Raw&) {}});
    }
    for (const WmmaProbe& y : b)
      if (in_b.count(y.name)) {
        Ctx m = w.at("[" + y.name + "]");
        m.mnemonic = y.name;
        add(m, "", kAbsent, describe(y));
        older_if(true, since);
      }
  }

  /// The gate's fields in their list's order: the run's (DiffArea::run), the device, the request,
  /// then the verdict and figures (DiffArea::gate).
  void gate(const GateReport& a, const GateReport& b) {
    const Ctx c = part("gate");
    Ctx g = c;
    g.area = DiffArea::gate;
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      const std::string_view name = f.name;
      if constexpr (std::is_same_v<T, DeviceInfo>) {
        device(c, x, y);
      } else if constexpr (std::is_same_v<T, GateRequest>) {
        gate_request(request_of(c), x, y);
      } else if constexpr (std::is_same_v<T, ErrorKind>) {
        error_kind(c, x, y);
      } else if constexpr (std::is_same_v<T, std::vector<Mismatch>>) {
        mismatches(g, x, y);
      } else if constexpr (std::is_same_v<T, KernelResources>) {
        fields(g.at(".resources"), x, y);
      } else {
        const bool run = name == "created_utc" || name == "ran" || name == "error" || name == "cancelled";
        field(run ? c : g, f.name, x, y, f.timing);
      }
    });
  }

  void gate_request(const Ctx& rq, const GateRequest& a, const GateRequest& b) {
    visit_fields(a, b, [&](const Field& f, const auto& x, const auto& y) {
      // A user kernel's description (source, entry, launch) is not compared: report diff has never
      // listed it.
      if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, std::optional<UserKernel>>)
        field(rq, f.name, x, y, f.timing);
    });
  }

  /// Recorded mismatches, matched by output cell.
  void mismatches(const Ctx& g, const std::vector<Mismatch>& a, const std::vector<Mismatch>& b) {
    std::map<std::pair<int, int>, const Mismatch*> in_b;
    for (const Mismatch& m : b) in_b.emplace(std::pair{m.row, m.col}, &m);
    std::map<std::pair<int, int>, bool> seen;
    const auto cell = [&g](const Mismatch& m, int index) {
      Ctx x = g.at(".mismatches[(" + std::to_string(m.row) + "," + std::to_string(m.col) + ")]");
      x.index = index;
      return x;
    };
    const auto value = [](const Mismatch& m) { return "got " + text(m.got) + " want " + text(m.want); };
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Mismatch& m = a[i];
      seen[{m.row, m.col}] = true;
      const auto it = in_b.find({m.row, m.col});
      if (it == in_b.end())
        add(cell(m, static_cast<int>(i)), "", value(m), kAbsent);
      else if (!same(m, *it->second))
        add(cell(m, static_cast<int>(i)), "", value(m), value(*it->second));
    }
    for (std::size_t i = 0; i < b.size(); ++i)
      if (!seen.count({b[i].row, b[i].col})) add(cell(b[i], static_cast<int>(i)), "", kAbsent, value(b[i]));
  }

 private:
  std::vector<ReportDifference>& out_;
  int va_, vb_;
};

std::string probe_summary(const ProbeReport& p) {
  return "a probe report (" + (p.device.present ? p.device.name : std::string("no device")) + ", " +
         plural(static_cast<long long>(p.instructions.size()), "instruction probe") + ")";
}
std::string gate_summary(const GateReport& g) {
  return "a gate report (n = " + std::to_string(g.request.n) + ", " +
         std::string(to_string(g.request.variant)) +
         (g.ran
              ? (g.exact ? ", exact"
                         : ", " + plural(static_cast<long long>(g.mismatch_count), "mismatch", "mismatches"))
              : ", not run") +
         ")";
}

}  // namespace

std::vector<std::string> parts_absent_in_both(const ReportFile& a, const ReportFile& b) {
  std::vector<std::string> out;
  const auto neither = [&out](bool in_a, bool in_b, const char* part) {
    if (!in_a && !in_b) out.emplace_back(part);
  };
  neither(a.probe.has_value(), b.probe.has_value(), "probe");
  if (a.probe && b.probe) {
    const ProbeReport &x = *a.probe, &y = *b.probe;
    // The explorer is in a file when it ran or was refused (a layout report has none).
    const auto explorer = [](const ProbeReport& p) { return p.ldmatrix.ran || !p.ldmatrix.skipped.empty(); };
    neither(explorer(x), explorer(y), "probe.ldmatrix");
    neither(x.layout != nullptr, y.layout != nullptr, "probe.layout");
    neither(!x.fragments.empty(), !y.fragments.empty(), "probe.fragments");
    neither(!x.instructions.empty(), !y.instructions.empty(), "probe.instructions");
    neither(!x.wgmma.empty(), !y.wgmma.empty(), "probe.wgmma");
    neither(!x.moves.empty(), !y.moves.empty(), "probe.moves");
    neither(!x.wmma.empty(), !y.wmma.empty(), "probe.wmma");
    neither(!x.cycles.empty(), !y.cycles.empty(), "probe.cycles");
  }
  neither(a.gate.has_value(), b.gate.has_value(), "gate");
  return out;
}

ReportDiff diff_reports(const ReportFile& a, const ReportFile& b) {
  ReportDiff d;
  Differ differ(d.differences, a.version, b.version);
  Ctx file;
  file.area = DiffArea::file;
  file.prefix = "probe";
  if (a.probe && b.probe)
    differ.probe(*a.probe, *b.probe);
  else if (a.probe || b.probe)
    differ.add(file, "", a.probe ? probe_summary(*a.probe) : kAbsent,
               b.probe ? probe_summary(*b.probe) : kAbsent);
  file.prefix = "gate";
  if (a.gate && b.gate)
    differ.gate(*a.gate, *b.gate);
  else if (a.gate || b.gate)
    differ.add(file, "", a.gate ? gate_summary(*a.gate) : kAbsent, b.gate ? gate_summary(*b.gate) : kAbsent);
  d.absent_in_both = parts_absent_in_both(a, b);
  return d;
}

}  // namespace fragviz
