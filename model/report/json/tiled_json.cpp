// Tiled reports (tiled_report.hpp): read strictly into a tree of fields, and compared.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "fragviz/report/tiled_report.hpp"
#include "fragviz/util/words.hpp"
#include "json_strict.hpp"
#include "strict_document.hpp"

namespace fragviz {
namespace {

using nlohmann::json;
using namespace json_strict;

// [SECTION] the format ---------------------------------------------------------------------------
// Which fields each object has, as `tiled --json` (cli/cmd_tiled_cta.cpp) writes them. `since`: the
// first format version with the field; `required`: every report of those versions has it.

enum class Kind : std::uint8_t { text, integer, boolean, object, list, any };

struct FieldRule {
  const char* name;
  Kind kind;
  bool required;
  int since;
};

constexpr FieldRule kTop[] = {
    {"format", Kind::text, true, 2},      {"version", Kind::integer, true, 2},
    {"preset", Kind::text, true, 1},      {"mma", Kind::text, true, 1},
    {"instruction", Kind::text, true, 1}, {"atoms", Kind::text, true, 1},
    {"permutation", Kind::text, true, 1}, {"threads", Kind::integer, true, 1},
    {"mma_tile", Kind::list, true, 1},    {"cta_tile", Kind::list, true, 1},
    {"k_block", Kind::integer, true, 1},  {"register_swap", Kind::text, true, 1},
    {"operands", Kind::list, true, 1},    {"tiled_mma", Kind::object, false, 1},
    {"device", Kind::object, false, 1},   {"reuse_c_as_a", Kind::object, false, 1},
};

constexpr FieldRule kOperand[] = {
    {"operand", Kind::text, true, 1},        {"copy", Kind::text, true, 1},
    {"layout", Kind::text, true, 1},         {"gmem_copy", Kind::text, false, 2},
    {"layout_tv", Kind::text, true, 2},      {"copy_layout_tv", Kind::text, true, 2},
    {"skipped", Kind::text, false, 1},       {"join", Kind::object, false, 1},
    {"device", Kind::object, false, 1},      {"fill", Kind::object, false, 2},
    {"fill_device", Kind::object, false, 2}, {"banks", Kind::object, false, 1},
    {"suggestion", Kind::object, false, 1},  {"descriptors", Kind::object, false, 1},
    {"fill_banks", Kind::object, false, 3},  {"fill_no_banks", Kind::text, false, 3},
};

constexpr FieldRule kJoin[] = {
    {"cells", Kind::integer, true, 1},
    {"mismatches", Kind::integer, true, 1},
    {"verdict", Kind::text, true, 1},
    {"first_mismatch", Kind::object, false, 1},
};

constexpr FieldRule kFill[] = {
    {"cells", Kind::integer, true, 2},          {"mismatches", Kind::integer, true, 2},
    {"misaligned", Kind::integer, true, 2},     {"verdict", Kind::text, true, 2},
    {"first_mismatch", Kind::object, false, 2},
};

constexpr const char* kBankCounts[] = {"instructions", "wavefronts", "ideal_wavefronts", "bank_conflicts",
                                       "misaligned"};

constexpr FieldRule kBanks[] = {
    {"instruction", Kind::text, true, 1},
    {"note", Kind::text, true, 1},
    {"instructions", Kind::integer, true, 1},
    {"wavefronts", Kind::integer, true, 1},
    {"ideal_wavefronts", Kind::integer, true, 1},
    {"bank_conflicts", Kind::integer, true, 1},
    {"misaligned", Kind::integer, true, 1},
    {"per_k_block", Kind::list, true, 1},
    {"per_warp", Kind::list, true, 1},
    {"whole_k", Kind::boolean, false, 3},
};

constexpr FieldRule kBankRow[] = {
    {"warp", Kind::integer, true, 1},
    {"k_block", Kind::integer, true, 1},
    {"instructions", Kind::integer, true, 1},
    {"wavefronts", Kind::integer, true, 1},
    {"ideal_wavefronts", Kind::integer, true, 1},
    {"bank_conflicts", Kind::integer, true, 1},
    {"misaligned", Kind::integer, true, 1},
};

[[noreturn]] void bad(const std::string& where, const std::string& why) {
  throw std::runtime_error(where + ": " + why);
}

const char* kind_words(Kind k) {
  switch (k) {
    case Kind::text:
      return "a string";
    case Kind::integer:
      return "an integer";
    case Kind::boolean:
      return "true or false";
    case Kind::object:
      return "an object";
    case Kind::list:
      return "an array";
    case Kind::any:
      return "a value";
  }
  return "a value";
}

bool is(const json& v, Kind k) {
  switch (k) {
    case Kind::text:
      return v.is_string();
    case Kind::integer:
      return v.is_number_integer();
    case Kind::boolean:
      return v.is_boolean();
    case Kind::object:
      return v.is_object();
    case Kind::list:
      return v.is_array();
    case Kind::any:
      return true;
  }
  return false;
}

/// `j` (at `where`) holds exactly the fields of `rules` a version-`version` report has, each of
/// its kind.
template <std::size_t N>
void check_fields(const json& j, const std::string& where, const FieldRule (&rules)[N], int version) {
  if (!j.is_object()) bad(where, "expected an object, got " + what_is(j));
  for (const auto& [key, value] : j.items()) {
    const FieldRule* rule = nullptr;
    for (const FieldRule& r : rules)
      if (key == r.name) rule = &r;
    if (!rule) bad(where, "no field \"" + echo_text(key) + "\" in a tiled report");
    if (rule->since > version)
      bad(where + "." + key, "a version " + std::to_string(version) +
                                 " tiled report has no such field (it came in "
                                 "version " +
                                 std::to_string(rule->since) + ")");
    if (!is(value, rule->kind))
      bad(where + "." + key, std::string("expected ") + kind_words(rule->kind) + ", got " + what_is(value));
  }
  for (const FieldRule& r : rules)
    if (r.required && r.since <= version && !j.contains(r.name))
      bad(where, std::string("no \"") + r.name + "\"");
}

std::int64_t whole(const json& j, const char* key, const std::string& where) {
  return integer<std::int64_t>(j.at(key), where + "." + key);
}

void check_counts(const json& j, const std::string& where) {
  const std::int64_t cells = whole(j, "cells", where), mismatches = whole(j, "mismatches", where);
  if (cells < 0 || mismatches < 0 || mismatches > cells)
    bad(where, std::to_string(mismatches) + " mismatches of " + std::to_string(cells) + " cells");
  if ((mismatches > 0) != j.contains("first_mismatch"))
    bad(where, mismatches ? "mismatches but no first_mismatch" : "a first_mismatch but no mismatch");
}

std::string k_block_key(std::int64_t k) { return k < 0 ? "epilogue" : "k-block " + std::to_string(k); }

void check_banks(const json& b, const std::string& where, int version) {
  check_fields(b, where, kBanks, version);
  for (const char* list : {"per_k_block", "per_warp"}) {
    std::set<std::string> seen;
    std::int64_t sums[5] = {};
    std::size_t i = 0;
    for (const json& row : entries(b.at(list), list)) {
      const std::string at = where + "." + list + "[" + std::to_string(i++) + "]";
      check_fields(row, at, kBankRow, version);
      const std::string key =
          (std::string(list) == "per_warp" ? "warp " + std::to_string(whole(row, "warp", at)) + " "
                                           : std::string()) +
          k_block_key(whole(row, "k_block", at));
      if (!seen.insert(key).second) bad(at, "a second row for " + key);
      for (int c = 0; c < 5; ++c) sums[c] += whole(row, kBankCounts[c], at);
    }
    for (int c = 0; c < 5; ++c)
      if (sums[c] != whole(b, kBankCounts[c], where))
        bad(where + "." + kBankCounts[c], std::to_string(whole(b, kBankCounts[c], where)) +
                                              " is not the sum of " + list + "'s (" +
                                              std::to_string(sums[c]) + ")");
  }
}

void check_operand(const json& o, std::size_t i, int version) {
  static const char* const kNames[] = {"A", "B", "C"};
  const std::string where = "operands[" + std::to_string(i) + "]";
  check_fields(o, where, kOperand, version);
  if (o.at("operand") != kNames[i]) bad(where + ".operand", std::string("expected \"") + kNames[i] + "\"");
  if (version >= 2 && (i < 2) != o.contains("gmem_copy"))
    bad(where, i < 2 ? "no \"gmem_copy\"" : "C has no gmem_copy");
  if (i == 2 && (o.contains("fill") || o.contains("fill_device") || o.contains("fill_banks") ||
                 o.contains("fill_no_banks")))
    bad(where, "C has no cp.async fill");
  if (o.contains("join")) {
    check_fields(o.at("join"), where + ".join", kJoin, version);
    check_counts(o.at("join"), where + ".join");
  }
  if (o.contains("fill")) {
    check_fields(o.at("fill"), where + ".fill", kFill, version);
    check_counts(o.at("fill"), where + ".fill");
  }
  if (o.contains("banks")) check_banks(o.at("banks"), where + ".banks", version);
  if (o.contains("fill_banks")) check_banks(o.at("fill_banks"), where + ".fill_banks", version);
}

// [SECTION] the tree ------------------------------------------------------------------------------

TiledNode leaf(std::string key, const json& v) {
  TiledNode n;
  n.key = std::move(key);
  n.leaf = true;
  n.text = v.dump(-1, ' ', false, json::error_handler_t::replace);
  return n;
}

/// The identity of an entry of list `list` (a JSON key), or "" for a list kept by position.
std::string entry_key(const std::string& list, const json& e) {
  if (!e.is_object()) return "";
  const auto num = [&](const char* k) {
    return e.contains(k) && e[k].is_number_integer() ? e[k].get<std::int64_t>() : 0;
  };
  if (list == "operands" && e.contains("operand") && e["operand"].is_string())
    return e["operand"].get<std::string>();
  if (list == "per_k_block") return k_block_key(num("k_block"));
  if (list == "per_warp") return "warp " + std::to_string(num("warp")) + " " + k_block_key(num("k_block"));
  if (list == "slices") return "slice " + std::to_string(num("slice")) + " " + k_block_key(num("k_block"));
  return "";
}

TiledNode tree(std::string key, const json& v) {
  if (v.is_object()) {
    TiledNode n;
    n.key = std::move(key);
    for (const auto& [k, child] : v.items()) n.children.push_back(tree(k, child));
    return n;
  }
  if (v.is_array() && !v.empty() &&
      std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_object(); })) {
    TiledNode n;
    n.key = key;
    for (std::size_t i = 0; i < v.size(); ++i) {
      std::string k = entry_key(key, v[i]);
      if (k.empty()) k = "#" + std::to_string(i);
      TiledNode e = tree(k, v[i]);
      e.entry = true;
      n.children.push_back(std::move(e));
    }
    return n;
  }
  return leaf(std::move(key), v);  // a value, or a list of values (a tile's [M,N,K])
}

// [SECTION] comparing ---------------------------------------------------------------------------

/// A part absent on a side, in a few words: its value, or what kind of part it is.
std::string summary(const TiledNode& n) {
  if (n.leaf) return n.text;
  return n.children.empty() ? "{}"
                            : std::string(n.children.front().entry ? "a list of " : "an object of ") +
                                  plural(static_cast<long long>(n.children.size()),
                                         n.children.front().entry ? "entry" : "field",
                                         n.children.front().entry ? "entries" : "fields");
}

/// The path of `child` under `path`.
std::string child_path(const std::string& path, const TiledNode& child) {
  return child.entry ? path + "[" + child.key + "]" : path + "." + child.key;
}

/// The first format version with the field at `path` with its entries' keys taken out
/// ("tiled.operands[].fill"); 1 for every field the first version had.
int field_since(const std::string& path) {
  std::string schema;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] != '[') {
      schema += path[i];
      continue;
    }
    schema += "[]";
    i = path.find(']', i);
    if (i == std::string::npos) break;
  }
  for (const FieldRule& r : kTop)
    if (schema == std::string("tiled.") + r.name) return r.since;
  for (const FieldRule& r : kOperand)
    if (schema == std::string("tiled.operands[].") + r.name) return r.since;
  return 1;
}

struct Comparer {
  const TiledReportFile& a;
  const TiledReportFile& b;
  ReportDiff diff;

  void add(const std::string& where, std::string va, std::string vb, int lacking = 0, char side = 0) {
    ReportDifference d;
    d.area = DiffArea::tiled;
    d.where = where;
    d.a = std::move(va);
    d.b = std::move(vb);
    if (lacking) {
      d.older_format = true;
      d.lacking_version = lacking;
      d.lacking_side = side;
    }
    diff.differences.push_back(std::move(d));
  }

  /// `n` is at `path` in one report only (`in_a`): a field the other's older format lacks, or a
  /// real difference.
  void one_side(const std::string& path, const TiledNode& n, bool in_a) {
    const int other = in_a ? b.version : a.version;
    const int lacking = field_since(path) > other ? other : 0;
    if (in_a)
      add(path, summary(n), "absent", lacking, 'B');
    else
      add(path, "absent", summary(n), lacking, 'A');
  }

  void compare(const std::string& path, const TiledNode& x, const TiledNode& y) {
    if (x.leaf || y.leaf) {
      if (x.leaf != y.leaf || x.text != y.text) add(path, summary(x), summary(y));
      return;
    }
    for (const TiledNode& cx : x.children) {
      const std::string at = child_path(path, cx);
      if (const TiledNode* cy = y.find(cx.key))
        compare(at, cx, *cy);
      else
        one_side(at, cx, true);
    }
    for (const TiledNode& cy : y.children)
      if (!x.find(cy.key)) one_side(child_path(path, cy), cy, false);
  }
};

/// Why a device part did not run ("no_device: no CUDA device"), or "" when it ran.
std::string not_run_why(const TiledNode& n) {
  const TiledNode* e = n.find("error");
  if (!e) return "";
  const TiledNode* m = n.find("message");
  std::string why = e->text;
  if (why.size() >= 2 && why.front() == '"') why = why.substr(1, why.size() - 2);
  if (m && m->text.size() > 2) why += ": " + m->text.substr(1, m->text.size() - 2);
  return why;
}

/// Sets aside, in both copies, the device part `key` of `x` and `y` (at `path`) where a side did not
/// run it: absent from a report whose format has it (run without --device), or holding an error (no
/// usable GPU, refused). Absent only because that side's format version has no such part, while the
/// other side ran it, it stays: an older-format field.
void set_aside(TiledNode& x, TiledNode& y, const std::string& key, const std::string& path, const Comparer& c,
               std::vector<std::string>& not_run, const char* absent = "run without --device") {
  const auto at = [&](TiledNode& parent) {
    return std::find_if(parent.children.begin(), parent.children.end(),
                        [&](const TiledNode& n) { return n.key == key; });
  };
  const bool in_x = at(x) != x.children.end(), in_y = at(y) != y.children.end();
  if (!in_x && !in_y) return;  // neither ran --device: nothing to set aside
  const int since = field_since(path);
  // Why a side did not run the part; "" when it ran, or when its format has no such part.
  const auto why = [&](TiledNode& parent, bool in, int version) -> std::string {
    if (!in) return since > version ? "" : absent;
    const TiledNode& n = *at(parent);
    if (path == "tiled.device") {  // the GPU itself: present, or why not
      const TiledNode* p = n.find("present");
      if (!p || p->text != "false") return "";
      const TiledNode* e = n.find("error");
      return e && e->text.size() > 2 ? e->text.substr(1, e->text.size() - 2) : std::string("no device");
    }
    return not_run_why(n);
  };
  const std::string wx = why(x, in_x, c.a.version), wy = why(y, in_y, c.b.version);
  if (wx.empty() && wy.empty()) return;  // both ran (compared), or one ran and the other's format lacks it
  std::string line = path + ": not run in ";
  if (!wx.empty() && !wy.empty())
    line += wx == wy ? "A or B (" + wx + ")" : "A (" + wx + ") or B (" + wy + ")";
  else
    line += !wx.empty() ? "A (" + wx + ")" : "B (" + wy + ")";
  not_run.push_back(line);
  if (in_x) x.children.erase(at(x));
  if (in_y) y.children.erase(at(y));
}

}  // namespace

const TiledNode* TiledNode::find(std::string_view k) const {
  for (const TiledNode& c : children)
    if (c.key == k) return &c;
  return nullptr;
}

bool is_tiled_report_text(std::string_view text) {
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (!j.is_object()) return false;
  if (j.contains("format")) return j["format"] == kTiledReportFormat;
  return j.contains("operands") && j.contains("cta_tile");
}

Outcome<TiledReportFile> parse_tiled_report(std::string_view text) {
  using R = Outcome<TiledReportFile>;
  auto document = report_json::parse_strict_document(text);
  if (!document) return R::fail(ErrorKind::refused, document.error.message);
  const json& j = *document.value;
  if (!j.is_object()) return R::fail(ErrorKind::refused, "not a tiled report: the document is no object");
  int version = 1;
  if (j.contains("format")) {
    if (j["format"] != kTiledReportFormat)
      return R::fail(ErrorKind::refused, "not a tiled report (no \"format\": \"fragviz-tiled\")");
    const json& v = j.contains("version") ? j["version"] : json();
    // Compared as written: get<int>() would read 4294967298 as version 2.
    const bool known = v.is_number_unsigned()  ? v.get<std::uint64_t>() >= 2 && v.get<std::uint64_t>() <= 3
                       : v.is_number_integer() ? v.get<std::int64_t>() >= 2 && v.get<std::int64_t>() <= 3
                                               : false;
    static_assert(kTiledReportVersion == 3, "the versions read: 1 (no format), 2 and 3");
    if (!known)
      return R::fail(ErrorKind::refused,
                     "tiled report version " + (v.is_null() ? std::string("(none)") : v.dump()) +
                         " is not supported (this build reads versions 1 to " +
                         std::to_string(kTiledReportVersion) + "; version 1 has no \"format\")");
    version = v.get<int>();
  }
  try {
    check_fields(j, "tiled", kTop, version);
    const json& ops = j.at("operands");
    if (ops.size() != 3)
      bad("tiled.operands", "expected A, B and C, got " + std::to_string(ops.size()) + " entries");
    for (std::size_t i = 0; i < 3; ++i) check_operand(ops[i], i, version);
    for (const char* tile : {"mma_tile", "cta_tile"}) {
      const json& t = j.at(tile);
      if (t.size() != 3 ||
          !std::all_of(t.begin(), t.end(), [](const json& e) { return e.is_number_integer(); }))
        bad(std::string("tiled.") + tile, "expected [M, N, K], got " + t.dump());
    }
  } catch (const std::exception& e) {
    return R::fail(ErrorKind::refused, std::string("malformed tiled report: ") + e.what());
  }
  TiledReportFile f;
  f.version = version;
  f.root = tree("tiled", j);
  return R::ok(std::move(f));
}

ReportComparison compare_tiled_reports(const TiledReportFile& a, const TiledReportFile& b) {
  ReportComparison out;
  TiledReportFile x = a, y = b;
  Comparer c{a, b, {}};
  // The device's parts that did not run on a side: named, never compared.
  for (const char* key : {"tiled_mma", "device"})
    set_aside(x.root, y.root, key, std::string("tiled.") + key, c, out.not_run);
  TiledNode* ox = nullptr;
  TiledNode* oy = nullptr;
  for (TiledNode& n : x.root.children)
    if (n.key == "operands") ox = &n;
  for (TiledNode& n : y.root.children)
    if (n.key == "operands") oy = &n;
  if (ox && oy)
    for (TiledNode& opx : ox->children)
      for (TiledNode& opy : oy->children)
        if (opx.key == opy.key)
          for (const char* key : {"device", "fill_device"}) {
            const std::string path = "tiled.operands[" + opx.key + "]." + key;
            set_aside(opx, opy, key, path, c, out.not_run);
            // Both ran the copy: its Nsight Compute counters (--ncu) compared only where both have them.
            const auto part = [&](TiledNode& op) -> TiledNode* {
              for (TiledNode& n : op.children)
                if (n.key == key) return &n;
              return nullptr;
            };
            TiledNode* dx = part(opx);
            TiledNode* dy = part(opy);
            if (dx && dy) set_aside(*dx, *dy, "ncu", path + ".ncu", c, out.not_run, "run without --ncu");
          }
  // The format fields themselves say which version a file is: not compared.
  for (TiledNode* r : {&x.root, &y.root})
    r->children.erase(
        std::remove_if(r->children.begin(), r->children.end(),
                       [](const TiledNode& n) { return n.key == "format" || n.key == "version"; }),
        r->children.end());
  c.compare("tiled", x.root, y.root);
  out.diff = std::move(c.diff);
  return out;
}

}  // namespace fragviz
