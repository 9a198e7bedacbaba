// The comparison `fragviz-cli diff` and the app share (report_compare.hpp): the parts that did not
// run set aside, the rest diffed.
#include "fragviz/report/report_compare.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

/// Whether the probe run measured anything at all (else it is "not run", e.g. without a device).
bool probe_ran(const ProbeReport& p) {
  const auto any = [](const auto& v) {
    return std::any_of(v.begin(), v.end(), [](const auto& x) { return x.ran; });
  };
  return p.ldmatrix.ran || any(p.fragments) || any(p.instructions) || any(p.wgmma) || any(p.moves) ||
         any(p.wmma) || (p.layout && p.layout->ran);
}

/// A matrix-move probe's key between two reports: its kind, mnemonic and detail.
std::string move_key(const MatrixMoveProbe& p) {
  return p.kind + " " + p.mnemonic + (p.detail.empty() ? "" : " " + p.detail);
}

/// "not run in A (why)", "not run in B", "not run in A or B".
std::string not_run_text(bool in_a, bool in_b, const std::string& why_a, const std::string& why_b) {
  std::string t = "not run in ";
  t += in_a && in_b ? "A or B" : in_a ? "A" : "B";
  const std::string why = in_a && !why_a.empty() ? why_a : in_b ? why_b : std::string();
  return why.empty() ? t : t + " (" + why + ")";
}

/// The format versions of the two files, and the first version with a list's entries.
struct Versions {
  int a = 0, b = 0, since = 1;
};

/// Sets aside, in `a` and `b` alike, the entries of one list (matched by `key`) that did not run
/// on a side, naming each in `not_run`: they are not compared. An entry one file lacks though its
/// format has the list was never asked for there (a probe of other --instr): not run either. One
/// whose format lacks the list stays in, for diff_reports to call absent in the older format.
template <class Probe, class Key>
void set_aside_entries(std::vector<Probe>& a, std::vector<Probe>& b, const std::string& what, Key key,
                       Versions v, std::vector<std::string>& not_run) {
  std::map<std::string, const Probe*> in_a, in_b;
  for (const Probe& p : a) in_a.emplace(key(p), &p);
  for (const Probe& p : b) in_b.emplace(key(p), &p);
  std::set<std::string> keys, aside;
  for (const auto& side : {&in_a, &in_b})
    for (const auto& kp : *side) keys.insert(kp.first);
  for (const std::string& k : keys) {
    const auto ia = in_a.find(k), ib = in_b.find(k);
    const Probe* pa = ia == in_a.end() ? nullptr : ia->second;
    const Probe* pb = ib == in_b.end() ? nullptr : ib->second;
    // Absent is named only beside a side that ran it; else that side's own reason says enough.
    const bool absent_a = !pa && v.a >= v.since && pb && pb->ran;
    const bool absent_b = !pb && v.b >= v.since && pa && pa->ran;
    const bool na = absent_a || (pa && !pa->ran);
    const bool nb = absent_b || (pb && !pb->ran);
    const auto why = [](bool absent, const Probe* p) {
      return absent ? std::string("not in its report") : p->skipped;
    };
    if ((na || nb) && aside.insert(k).second)
      not_run.push_back(what + " " + k + ": " +
                        not_run_text(na, nb, na ? why(absent_a, pa) : "", nb ? why(absent_b, pb) : ""));
  }
  const auto drop = [&](std::vector<Probe>& v) {
    v.erase(std::remove_if(v.begin(), v.end(), [&](const Probe& p) { return aside.count(key(p)) > 0; }),
            v.end());
  };
  drop(a);
  drop(b);
}

/// Takes every part that did not run on a side out of both `a` and `b`, naming it in `not_run`.
void set_aside_unrun(ReportFile& a, ReportFile& b, std::vector<std::string>& not_run) {
  const bool ga = a.gate && !a.gate->ran, gb = b.gate && !b.gate->ran;
  if (ga || gb) {
    not_run.push_back("gate: " +
                      not_run_text(ga, gb, ga ? a.gate->error.message : "", gb ? b.gate->error.message : ""));
    a.gate.reset();
    b.gate.reset();
  }
  const bool pa = a.probe && !probe_ran(*a.probe), pb = b.probe && !probe_ran(*b.probe);
  if (pa || pb) {
    not_run.push_back("probes: " + not_run_text(pa, pb, pa ? a.probe->error.message : "",
                                                pb ? b.probe->error.message : ""));
    a.probe.reset();
    b.probe.reset();
  }
  if (!a.probe || !b.probe) return;
  ProbeReport &x = *a.probe, &y = *b.probe;
  // The explorer is in a file when it ran or was refused; a layout report has none, which is
  // absent (diff_reports says so), not "not run".
  const bool nx = !x.ldmatrix.ran && !x.ldmatrix.skipped.empty();
  const bool ny = !y.ldmatrix.ran && !y.ldmatrix.skipped.empty();
  if (nx || ny) {
    not_run.push_back("explorer ldmatrix: " + not_run_text(nx, ny, x.ldmatrix.skipped, y.ldmatrix.skipped));
    x.ldmatrix = y.ldmatrix = LdmatrixProbe{};
  }
  const auto by_mnemonic = [](const auto& p) { return p.mnemonic; };
  // The first versions with each list, as diff_reports has them: instruction probes came in
  // version 2, wgmma, matrix-move and WMMA probes in version 3.
  const auto since = [&](int first) { return Versions{a.version, b.version, first}; };
  set_aside_entries(x.fragments, y.fragments, "fragment probe", by_mnemonic, since(1), not_run);
  set_aside_entries(x.instructions, y.instructions, "instruction probe", by_mnemonic, since(2), not_run);
  set_aside_entries(x.wgmma, y.wgmma, "wgmma probe", by_mnemonic, since(3), not_run);
  set_aside_entries(
      x.wmma, y.wmma, "WMMA fragment", [](const WmmaProbe& p) { return p.name; }, since(3), not_run);
  set_aside_entries(x.moves, y.moves, "matrix-move probe", move_key, since(3), not_run);
  if ((x.layout && !x.layout->ran) || (y.layout && !y.layout->ran)) {
    const bool la = x.layout && !x.layout->ran, lb = y.layout && !y.layout->ran;
    not_run.push_back("layout probe: " +
                      not_run_text(la, lb, la ? x.layout->skipped : "", lb ? y.layout->skipped : ""));
    x.layout.reset();
    y.layout.reset();
  }
}

/// How many entries of `a` have a key `b` holds too.
template <class Probe, class Key>
std::size_t in_both(const std::vector<Probe>& a, const std::vector<Probe>& b, Key key) {
  std::set<std::string> keys;
  for (const Probe& p : b) keys.insert(key(p));
  return static_cast<std::size_t>(
      std::count_if(a.begin(), a.end(), [&](const Probe& p) { return keys.count(key(p)) > 0; }));
}

/// The entries of `a` whose key `b` lacks, as kind `kind` (plural `kinds`), appended to `out`.
template <class Probe, class Key>
void only_in_first(const std::vector<Probe>& a, const std::vector<Probe>& b, Key key, const char* kind,
                   const char* kinds, const char* list, std::vector<OnlyInOne>& out) {
  std::set<std::string> keys;
  for (const Probe& p : b) keys.insert(key(p));
  for (const Probe& p : a)
    if (keys.count(key(p)) == 0) out.push_back(OnlyInOne{kind, kinds, key(p), list});
}

/// The probe entries (fragment, instruction, wgmma, WMMA and matrix-move probes, by the key each
/// is matched by) that one file holds and the other does not, whether its run never asked for them
/// or its format has no such list: counted before set_aside_unrun takes them out.
void find_only_in_one(const ReportFile& a, const ReportFile& b, std::vector<OnlyInOne>& only_a,
                      std::vector<OnlyInOne>& only_b) {
  if (!a.probe || !b.probe) return;  // a whole part in one file only is a difference of its own
  const ProbeReport &x = *a.probe, &y = *b.probe;
  const auto by_mnemonic = [](const auto& p) { return p.mnemonic; };
  const auto by_name = [](const WmmaProbe& p) { return p.name; };
  const auto both_ways = [&](const auto& u, const auto& v, auto key, const char* kind, const char* kinds,
                             const char* list) {
    only_in_first(u, v, key, kind, kinds, list, only_a);
    only_in_first(v, u, key, kind, kinds, list, only_b);
  };
  // The kinds as set_aside_entries names them in not_run, the lists as diff_reports' paths.
  both_ways(x.fragments, y.fragments, by_mnemonic, "fragment probe", "fragment probes", "fragments");
  both_ways(x.instructions, y.instructions, by_mnemonic, "instruction probe", "instruction probes",
            "instructions");
  both_ways(x.wgmma, y.wgmma, by_mnemonic, "wgmma probe", "wgmma probes", "wgmma");
  both_ways(x.wmma, y.wmma, by_name, "WMMA fragment", "WMMA fragments", "wmma");
  both_ways(x.moves, y.moves, move_key, "matrix-move probe", "matrix-move probes", "moves");
}

/// What is left in both after set_aside_unrun: the parts compared (ReportComparison::compared).
std::vector<std::string> compared_parts(const ReportFile& a, const ReportFile& b) {
  std::vector<std::string> out;
  if (a.gate && b.gate) out.push_back("the gate run");
  if (!a.probe || !b.probe) return out;
  const ProbeReport &x = *a.probe, &y = *b.probe;
  out.push_back("the device");
  if (x.ldmatrix.ran && y.ldmatrix.ran) out.push_back("the explorer's ldmatrix");
  if (x.layout && y.layout) out.push_back("the layout probe");
  const auto count = [&](std::size_t n, const char* one, const char* many) {
    if (n > 0) out.push_back(plural(static_cast<long long>(n), one, many));
  };
  const auto by_mnemonic = [](const auto& p) { return p.mnemonic; };
  count(in_both(x.fragments, y.fragments, by_mnemonic), "fragment probe", "fragment probes");
  count(in_both(x.instructions, y.instructions, by_mnemonic), "instruction probe", "instruction probes");
  count(in_both(x.through_ldmatrix, y.through_ldmatrix, by_mnemonic), "through-ldmatrix probe",
        "through-ldmatrix probes");
  count(std::min(x.cycles.size(), y.cycles.size()), "cycles row", "cycles rows");
  count(in_both(x.wgmma, y.wgmma, by_mnemonic), "wgmma probe", "wgmma probes");
  count(in_both(x.moves, y.moves, move_key), "matrix-move probe", "matrix-move probes");
  count(in_both(x.wmma, y.wmma, [](const WmmaProbe& p) { return p.name; }), "WMMA fragment",
        "WMMA fragments");
  return out;
}

}  // namespace

DiffCounts ReportComparison::counts() const {
  DiffCounts c;
  c.differ = diff.content();
  c.older_format = diff.older_format();
  c.not_run = not_run.size();
  c.timings = diff.timings();
  c.only_in_a = only_in_a.size();
  c.only_in_b = only_in_b.size();
  return c;
}

ReportComparison compare_report_files(ReportFile a, ReportFile b) {
  ReportComparison c;
  find_only_in_one(a, b, c.only_in_a, c.only_in_b);
  // What neither file holds, judged before the set-aside empties parts that both hold (a gate not
  // run in B, instruction probes none of which ran on both sides were called "absent in both").
  std::vector<std::string> absent = parts_absent_in_both(a, b);
  set_aside_unrun(a, b, c.not_run);
  c.nothing_compared = !a.probe && !b.probe && !a.gate && !b.gate;
  c.compared = compared_parts(a, b);
  c.diff = diff_reports(a, b);
  c.diff.absent_in_both = std::move(absent);
  for (const auto* side : {&c.only_in_a, &c.only_in_b})
    for (const OnlyInOne& e : *side) {
      const std::string line = e.kind + " " + e.key + ": ", where = "probe." + e.list + "[" + e.key + "]";
      c.only_in_one_not_run += static_cast<std::size_t>(std::count_if(
          c.not_run.begin(), c.not_run.end(), [&](const std::string& l) { return l.rfind(line, 0) == 0; }));
      c.only_in_one_older_format += static_cast<std::size_t>(
          std::count_if(c.diff.differences.begin(), c.diff.differences.end(),
                        [&](const ReportDifference& d) { return d.older_format && d.where == where; }));
    }
  return c;
}

std::string older_format_tag(const ReportDifference& d) {
  const std::string version = std::to_string(d.lacking_version);
  if (d.lacking_side == 'A' || d.lacking_side == 'B')
    return std::string(1, d.lacking_side) + " (format version " + version + ") has no such field";
  return "report format version " + version + " has no such field";
}

std::vector<DiffLine> diff_listing(const ReportDiff& diff, const std::vector<std::string>& not_run,
                                   bool timings) {
  std::vector<DiffLine> out;
  for (const ReportDifference& d : diff.differences)
    if (!d.timing && !d.older_format) out.push_back(DiffLine{DiffLineKind::differ, d.line(), &d});
  for (const ReportDifference& d : diff.differences)
    if (d.older_format)
      out.push_back(DiffLine{DiffLineKind::older_format, d.line() + "  [" + older_format_tag(d) + "]", &d});
  for (const std::string& line : not_run)
    out.push_back(DiffLine{DiffLineKind::not_run, "not run, not compared: " + line, nullptr});
  if (timings)
    for (const ReportDifference& d : diff.differences)
      if (d.timing) out.push_back(DiffLine{DiffLineKind::timing, d.line() + "  [time]", &d});
  return out;
}

std::string compared_text(const std::vector<std::string>& compared) {
  if (compared.empty()) return {};
  std::string t = "compared: ";
  for (std::size_t i = 0; i < compared.size(); ++i)
    t += (i == 0 ? "" : i + 1 == compared.size() ? " and " : ", ") + compared[i];
  return t;
}

std::string only_in_one_text(const std::vector<OnlyInOne>& a, const std::vector<OnlyInOne>& b) {
  if (a.empty() && b.empty()) return {};
  // "(4 instruction probes)", "(2 wgmma probes, 3 matrix-move probes)", "(wgmma probe <key>)".
  const auto what = [](const std::vector<OnlyInOne>& v) {
    if (v.size() == 1) return " (" + v[0].kind + " " + v[0].key + ")";
    std::vector<std::pair<const OnlyInOne*, long long>> kinds;  // in report order
    for (const OnlyInOne& e : v) {
      auto it =
          std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first->kind == e.kind; });
      if (it == kinds.end())
        kinds.emplace_back(&e, 1);
      else
        ++it->second;
    }
    std::string t = " (";
    for (std::size_t i = 0; i < kinds.size(); ++i)
      t += (i ? ", " : "") + plural(kinds[i].second, kinds[i].first->kind, kinds[i].first->kinds);
    return t + ")";
  };
  const auto side = [&](const std::vector<OnlyInOne>& v, const char* which, bool first) {
    const auto n = static_cast<long long>(v.size());
    return (first ? plural(n, "entry", "entries") : std::to_string(n)) + " only in " + which + what(v);
  };
  if (b.empty()) return side(a, "A", true);
  if (a.empty()) return side(b, "B", true);
  return side(a, "A", true) + ", " + side(b, "B", false);
}

std::string counts_text(const DiffCounts& c) {
  const auto n = [](std::size_t v) { return static_cast<long long>(v); };
  return plural(n(c.differ), "difference") + ", " + std::to_string(c.older_format) +
         " missing from an older report format version, " + plural(n(c.not_run), "part") +
         " not run (not compared), " + plural(n(c.timings), "time or timestamp", "times or timestamps");
}

}  // namespace fragviz
