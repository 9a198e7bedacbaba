// JSON for reports. Strict on read: a missing or mistyped field is an error, never a default, so
// a half-read report can't be shown as measured data.
#include "fragviz/report/report_json.hpp"

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
#include "fragviz/gate/bench_csv.hpp"
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
#include "strict_document.hpp"
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

/// What parse_report gives for a text that is no report this build reads.
Outcome<ReportFile> refused(std::string why) {
  return Outcome<ReportFile>::fail(ErrorKind::refused, std::move(why));
}

}  // namespace

Outcome<ReportFile> parse_report(std::string_view text) {
  // A ladder bench CSV (its GPU line or its header first) said as one, not as JSON that does not
  // read (newcomer round 28: comparing one said "'#' is not a JSON value").
  if (text.rfind(kBenchCsvGpuPrefix, 0) == 0 || text.rfind(kBenchCsvHeader, 0) == 0)
    return refused(
        "a ladder bench CSV (fragviz-cli bench --csv), not a report: a bench opens in the app's ladder "
        "(fragviz FILE.csv, File > Open report) and is not compared");
  auto document = report_json::parse_strict_document(text);
  if (!document) return refused(document.error.message);
  json& j = *document.value;
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
  auto text = report_json::read_report_file(path);
  if (!text) return Outcome<ReportFile>::fail(text.error.kind, text.error.message);
  auto r = parse_report(*text.value);
  if (!r) r.error.message = path + ": " + r.error.message;
  return r;
}

Outcome<std::string> read_report_text(const std::string& path) { return report_json::read_report_file(path); }

std::string save_report(const ReportFile& file, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return "cannot write " + path;
  out << to_json_text(file);
  out.flush();
  if (!out) return "write failed: " + path;
  return {};
}

}  // namespace fragviz
