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

/// A report stores a device's error as its message alone: read back as unrecorded where there is one.
void device_error_kind_read(DeviceInfo& device) {
  device.error.kind = device.error.message.empty() ? ErrorKind::none : ErrorKind::unrecorded;
}

// [SECTION] probe report -------------------------------------------------------------------------

/// The probe report by its field list; the families whose entries are judged again on load have
/// their own codecs (hopper_json, wmma_json, layout_json).
json probe_json(const ProbeReport& r) {
  return fields_json::fields_to_json(r, [](const Field& f, const auto& v, json& out) {
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<T, std::vector<WgmmaProbe>>) {
      out[f.name] = wgmma_probes_json(v);
      return true;
    } else if constexpr (std::is_same_v<T, std::vector<MatrixMoveProbe>>) {
      out[f.name] = move_probes_json(v);
      return true;
    } else if constexpr (std::is_same_v<T, std::vector<WmmaProbe>>) {
      out[f.name] = wmma_probes_json(v);
      return true;
    } else if constexpr (std::is_same_v<T, std::shared_ptr<const LayoutProbe>>) {
      if (v) out[f.name] = layout_probe_json(*v);  // only in a `probe --layout` report
      return true;
    } else {
      return false;
    }
  });
}

ProbeReport probe_from(const json& j, int version) {
  ProbeReport r;
  fields_json::fields_from_json(
      j, r,
      [&](const Field& f, auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::vector<FragmentProbe>>) {
          if (version >= 2) return false;
          // Version 1 named the seed's two instructions by shape alone ("m16n8k8", "m16n8k16").
          for (const json& fj : entries(j.at(f.name), f.name)) {
            FragmentProbe p;
            fields_json::fields_from_json(
                fj, p,
                [&fj](const Field& g, auto& m) {
                  if constexpr (std::is_same_v<std::decay_t<decltype(m)>, std::string>) {
                    if (std::string_view(g.name) == "mnemonic") {
                      m = v1_mnemonic(fj.at("shape"));
                      return true;
                    }
                  }
                  return false;
                },
                version);
            v.push_back(std::move(p));
          }
          return true;
        } else if constexpr (std::is_same_v<T, std::vector<WgmmaProbe>>) {
          v = wgmma_probes_from(j.at(f.name));
          return true;
        } else if constexpr (std::is_same_v<T, std::vector<MatrixMoveProbe>>) {
          v = move_probes_from(j.at(f.name));
          return true;
        } else if constexpr (std::is_same_v<T, std::vector<WmmaProbe>>) {
          v = wmma_probes_from(j.at(f.name), r.device);  // the device is read before it
          return true;
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const LayoutProbe>>) {
          v = layout_probe_from(j.at(f.name));
          return true;
        } else if constexpr (std::is_same_v<T, ErrorKind>) {
          v = error_kind_from(j, version, r.error.message);  // the message is read before it
          return true;
        } else {
          return false;
        }
      },
      version);
  // The tensor-core half of a probe through ldmatrix is the probe's own instruction.
  for (LdmatrixFedProbe& p : r.through_ldmatrix) {
    p.mma.mnemonic = p.mnemonic;
    p.mma.ran = p.ran;
  }
  if (r.hopper_ms < 0) throw std::runtime_error("probe: negative time");
  device_error_kind_read(r.device);
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
      v = error_kind_from(j, version, g.error.message);
      return true;
    } else {
      return false;
    }
  });
  device_error_kind_read(g.device);
  return g;
}

}  // namespace

// [SECTION] file ---------------------------------------------------------------------------------

std::string to_json_text(const ReportFile& file) {
  json j = {{"format", kFormat}, {"version", ReportFile::kVersion}};
  if (file.probe) j["probe"] = probe_json(*file.probe);
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
