#include "report_view.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "label_text.hpp"

namespace fragviz::app {

std::string report_date(const std::string& created_utc) {
  if (created_utc.empty()) return "no date recorded";
  int y = 0, mo = 0, d = 0, h = 0, mi = 0;
  char t = 0;
  if (std::sscanf(created_utc.c_str(), "%4d-%2d-%2d%c%2d:%2d", &y, &mo, &d, &t, &h, &mi) == 6 && t == 'T') {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d UTC", y, mo, d, h, mi);
    return buf;
  }
  return echo_text(created_utc);
}

namespace {

std::string device_words(const DeviceInfo& d) {
  if (d.name.empty()) return d.present ? join_present({"an unnamed GPU", sm_name(d)}) : "no recorded GPU";
  return join_present({echo_text(d.name), sm_name(d)});
}

std::string on_off(bool b) { return b ? "on" : "off"; }

}  // namespace

std::string report_headline(const std::string& path, const ReportFile& f) {
  const std::string name = std::filesystem::path(path).filename().string();
  std::string text = "Recorded report " + echo_text(name.empty() ? path : name) + ":";
  if (f.probe)
    text += " probes measured on " + device_words(f.probe->device) + ", " + report_date(f.probe->created_utc);
  if (f.probe && f.gate) text += ";";
  if (f.gate)
    text += " gate run on " + device_words(f.gate->device) + ", " + report_date(f.gate->created_utc);
  return text;
}

std::vector<std::string> describe_changes(const Controls& user, const Controls& shown) {
  std::vector<std::string> out;
  if (shown.instruction != user.instruction)
    out.push_back("instruction " + shown.instruction + " (yours " + user.instruction + ")");
  if (shown.num != user.num)
    out.push_back("ldmatrix ." + std::string(to_string(shown.num)) + " (yours ." +
                  std::string(to_string(user.num)) + ")");
  if (shown.trans != user.trans)
    out.push_back(".trans " + on_off(shown.trans) + " (yours " + on_off(user.trans) + ")");
  // In each instruction's field unit, as the tile fields show them (newcomer round 29: "pad 8 (yours
  // 64)" in halves beside a field that said 16 bytes for s8).
  const auto in_unit = [](int halves, const std::string& instruction) {
    const Instruction* in = find_instruction(instruction);
    const TileFieldUnit u = tile_field_unit(in ? in->a.type : ElemType::f16);
    return std::to_string(halves_to_field(halves, u)) + " " + u.name;
  };
  if (shown.width_halves != user.width_halves)
    out.push_back("width " + in_unit(shown.width_halves, shown.instruction) + " (yours " +
                  in_unit(user.width_halves, user.instruction) + ")");
  if (shown.pad_halves != user.pad_halves)
    out.push_back("pad " + in_unit(shown.pad_halves, shown.instruction) + " (yours " +
                  in_unit(user.pad_halves, user.instruction) + ")");
  if (shown.swizzle != user.swizzle)
    out.push_back("swizzle " + std::string(to_string(shown.swizzle)) + " (yours " +
                  std::string(to_string(user.swizzle)) + ")");
  return out;
}

std::string changes_text(const std::vector<std::string>& changes) {
  if (changes.empty()) return {};
  std::string text = "Showing the report's geometry: ";
  for (std::size_t i = 0; i < changes.size(); ++i) text += (i ? ", " : "") + changes[i];
  return text +
         "; a field you set while it is open shows yours, after a restart too; all your settings come back "
         "when the report is closed";
}

void track_user_edits(const Controls& before, const Controls& after, Controls& user) {
  if (after.instruction != before.instruction) user.instruction = after.instruction;
  if (after.num != before.num) user.num = after.num;
  if (after.trans != before.trans) user.trans = after.trans;
  if (after.width_halves != before.width_halves) user.width_halves = after.width_halves;
  if (after.pad_halves != before.pad_halves) user.pad_halves = after.pad_halves;
  if (after.swizzle != before.swizzle) user.swizzle = after.swizzle;
}

namespace {

/// Copies geometry field `name` (OpenedReport::yours) of `from` into `to`; false for another name.
bool copy_field(const std::string& name, const Controls& from, Controls& to) {
  if (name == "num")
    to.num = from.num;
  else if (name == "trans")
    to.trans = from.trans;
  else if (name == "width")
    to.width_halves = from.width_halves;
  else if (name == "pad")
    to.pad_halves = from.pad_halves;
  else if (name == "swizzle")
    to.swizzle = from.swizzle;
  else
    return false;
  return true;
}

void note_yours(OpenedReport& r, const std::string& name) {
  if (std::find(r.yours.begin(), r.yours.end(), name) == r.yours.end()) r.yours.push_back(name);
}

}  // namespace

std::vector<std::string> edited_fields(const Controls& before, const Controls& after) {
  std::vector<std::string> out;
  if (after.num != before.num) out.emplace_back("num");
  if (after.trans != before.trans) out.emplace_back("trans");
  if (after.width_halves != before.width_halves) out.emplace_back("width");
  if (after.pad_halves != before.pad_halves) out.emplace_back("pad");
  if (after.swizzle != before.swizzle) out.emplace_back("swizzle");
  return out;
}

void take_user_edits(AppState& s, const Controls& before) {
  if (!s.report) return;
  OpenedReport& r = *s.report;
  track_user_edits(before, s.controls, r.user_controls);
  if (r.has_probe)
    for (const std::string& f : edited_fields(before, s.controls)) note_yours(r, f);
  r.changes = describe_changes(r.user_controls, s.controls);
}

void show_user_fields(AppState& s, const std::vector<std::string>& fields) {
  if (!s.report || !s.report->has_probe) return;
  OpenedReport& r = *s.report;
  for (const std::string& f : fields)
    if (copy_field(f, r.user_controls, s.controls)) note_yours(r, f);
  r.changes = describe_changes(r.user_controls, s.controls);
}

namespace {

/// Shows recorded probe data `p`, read from `path`, as part of `r`: its ldmatrix geometry in the
/// controls and its layout run in the bank view's Layout mode (r.layout_before keeps the user's).
void show_probe_part(AppState& s, OpenedReport& r, const std::string& path,
                     std::shared_ptr<const ProbeReport> p) {
  const DeviceInfo& d = p->device;
  std::string label = probe_report_label(*p);
  s.probe = ProbeSource{p, label, path};
  r.probe_path = path;
  r.has_probe = true;
  // The user's own layout run (`probe --layout`): shown in the bank view's Layout mode.
  if (p->layout) {
    const LayoutProbe& lp = *p->layout;
    r.layout_before = s.layout;
    LayoutControls& l = s.layout;
    l.enabled = true;
    l.write_layout = lp.write;
    l.read_layout = lp.read;
    l.lanes = lp.lanes;
    l.op = lp.op;
    l.num = lp.ldmatrix.num;
    l.trans = lp.ldmatrix.trans;
    l.element_type = "b" + std::to_string(8 * lp.element_bytes);
    l.title = "recorded: " + lp.mnemonic + " on " + (d.name.empty() ? std::string("a GPU") : d.name);
    r.layout_shown = l;
  }
  // Show the geometry the device measured, so its ldmatrix data lines up with the views.
  if (p->ldmatrix.ran || !p->ldmatrix.skipped.empty()) {
    Controls& c = s.controls;
    c.num = p->request.ldmatrix.num;
    c.trans = p->request.ldmatrix.trans;
    c.swizzle = p->request.tile.swizzle;
    // Shown as recorded: the loader refuses a tile outside the one range the views draw
    // (banks.hpp), so nothing here is narrowed.
    c.width_halves = p->request.tile.width_halves;
    c.pad_halves = p->request.tile.pad_halves;
  }
}

/// Shows recorded gate run `g`, read from `path`, as part of `r`: in the gate panel, the output
/// view and the history.
void show_gate_part(AppState& s, OpenedReport& r, const std::string& path,
                    std::shared_ptr<const GateReport> g) {
  // The Gate window's fields name the run shown (a user kernel's run has no entry in the picker:
  // its line names the kernel instead).
  if (find_gate_variant(g->request.variant)) {
    r.request_before = s.gate_request;
    s.gate_request.variant = g->request.variant;
    s.gate_request.n = g->request.n;
    s.gate_request.seed = g->request.seed;
    r.request_shown = s.gate_request;
  }
  s.gate = GateRun{std::move(g), path, r.id};
  s.history.add(s.gate);
  r.gate_path = path;
  r.has_gate = true;
}

/// The headline of `r` as shown in `s`: each file it shows named.
std::string opened_headline(const AppState& s, const OpenedReport& r) {
  if (r.has_probe && r.has_gate && r.probe_path != r.gate_path) {
    ReportFile probe_only, gate_only;
    probe_only.probe = *s.probe.report;
    gate_only.gate = *s.gate.report;
    return report_headline(r.probe_path, probe_only) + "; " + report_headline(r.gate_path, gate_only);
  }
  ReportFile shown;
  if (r.has_probe) shown.probe = *s.probe.report;
  if (r.has_gate) shown.gate = *s.gate.report;
  return report_headline(r.has_probe ? r.probe_path : r.gate_path, shown);
}

/// Gives back what the probe part of `r` covered: the user's controls, layout and probe data.
void close_probe_part(AppState& s, OpenedReport& r) {
  s.controls = r.user_controls;  // only the probe part puts geometry in the controls
  r.yours.clear();
  if (r.layout_before && s.layout == r.layout_shown) s.layout = *r.layout_before;
  r.layout_before.reset();
  s.probe = std::move(r.probe_before);
  r.probe_before = ProbeSource{};
  r.has_probe = false;
  r.probe_path.clear();
}

/// Gives back what the gate part of `r` covered: the Gate window's fields, the gate result and
/// output view (unless a live run replaced it), and takes its runs out of the history.
void close_gate_part(AppState& s, OpenedReport& r) {
  if (r.request_before && same_gate_fields(s.gate_request, r.request_shown))
    s.gate_request = *r.request_before;
  r.request_before.reset();
  // A live run finished while the report was open is the user's and stays on screen.
  if (s.gate.report_id == r.id) {
    s.gate = std::move(r.gate_before);
    s.output_view = r.view_before;
  }
  r.gate_before = GateRun{};
  s.history.remove_report(r.id);
  r.has_gate = false;
  r.gate_path.clear();
}

}  // namespace

bool same_gate_fields(const GateRequest& a, const GateRequest& b) {
  return a.variant == b.variant && a.n == b.n && a.seed == b.seed;
}

void show_report(AppState& s, const std::string& path, const ReportFile& f) {
  // A part the new file lacks stays as shown when a report showed it: a gate report opened over a
  // probe report (or the other way round) joins it instead of taking it away.
  std::shared_ptr<const ProbeReport> kept_probe;
  std::shared_ptr<const GateReport> kept_gate;
  std::string kept_probe_path, kept_gate_path;
  std::vector<std::string> kept_yours;
  const OutputViewport kept_view = s.output_view;
  if (s.report) {
    if (!f.probe && s.report->has_probe) {
      kept_probe = s.probe.report;
      kept_probe_path = s.report->probe_path;
      kept_yours = s.report->yours;
    }
    // Unless a live run has replaced it on screen since (then it is closed with the report).
    if (!f.gate && s.report->has_gate && s.gate.report_id == s.report->id) {
      kept_gate = s.gate.report;
      kept_gate_path = s.report->gate_path;
    }
  }
  close_report(s);
  OpenedReport r;
  r.id = ++s.reports_opened;
  r.path = path;
  r.user_controls = s.controls;
  r.probe_before = s.probe;
  r.gate_before = s.gate;
  r.view_before = s.output_view;
  if (f.probe)
    show_probe_part(s, r, path, std::make_shared<const ProbeReport>(*f.probe));
  else if (kept_probe) {
    show_probe_part(s, r, kept_probe_path, kept_probe);
    for (const std::string& field : kept_yours)  // still the user's (take_user_edits)
      if (copy_field(field, r.user_controls, s.controls)) note_yours(r, field);
  }
  if (f.gate) {
    show_gate_part(s, r, path, std::make_shared<const GateReport>(*f.gate));
    s.output_view = OutputViewport{};
  } else if (kept_gate) {
    show_gate_part(s, r, kept_gate_path, kept_gate);
    s.output_view = kept_view;
  }
  r.headline = opened_headline(s, r);  // names each file shown
  r.changes = describe_changes(r.user_controls, s.controls);
  // The Layout view's texts too, when the report's layout run replaced the user's (newcomer round
  // 7: the write text changed and the strip listed nothing).
  if (r.layout_before && !(*r.layout_before == r.layout_shown))
    r.changes.push_back("the Layout view's layout " + echo_text(r.layout_shown.write_layout) + " (yours " +
                        echo_text(r.layout_before->write_layout.empty() ? std::string("none")
                                                                        : r.layout_before->write_layout) +
                        ")");
  s.report = std::move(r);
}

void close_report(AppState& s) {
  if (!s.report) return;
  OpenedReport r = std::move(*s.report);
  s.report.reset();
  s.controls = r.user_controls;
  if (r.has_probe) close_probe_part(s, r);
  if (r.has_gate) close_gate_part(s, r);
}

bool closes_whole_report(const OpenedReport& r, ReportPart part) {
  const bool other = part == ReportPart::probe ? r.has_gate : r.has_probe;
  return !other || r.probe_path == r.gate_path;
}

void close_report_part(AppState& s, ReportPart part) {
  if (!s.report) return;
  OpenedReport& r = *s.report;
  if ((part == ReportPart::probe ? !r.has_probe : !r.has_gate)) return;
  if (closes_whole_report(r, part)) {
    close_report(s);
    return;
  }
  if (part == ReportPart::probe) {
    close_probe_part(s, r);
    r.path = r.gate_path;
  } else {
    close_gate_part(s, r);
    r.path = r.probe_path;
  }
  r.headline = opened_headline(s, r);
  r.changes = describe_changes(r.user_controls, s.controls);
}

std::vector<ReportClose> report_closes(const OpenedReport& r) {
  if (r.has_probe && r.has_gate && r.probe_path != r.gate_path)
    return {{ReportPart::probe, "probe report", r.probe_path},
            {ReportPart::gate, "gate report", r.gate_path}};
  if (r.has_probe && r.has_gate) return {{std::nullopt, "report", r.probe_path}};
  if (r.has_probe) return {{std::nullopt, "probe report", r.probe_path}};
  if (r.has_gate) return {{std::nullopt, "gate report", r.gate_path}};
  return {};
}

void take_live_probe(AppState& s, ProbeSource live) {
  if (s.report && s.report->has_probe)
    s.report->probe_before = std::move(live);
  else
    s.probe = std::move(live);
}

void take_live_gate(AppState& s, std::shared_ptr<const GateReport> gate) {
  s.gate = GateRun{std::move(gate), "live", 0};
  s.history.add(s.gate);
  if (s.report && s.report->has_gate) {
    s.report->gate_before = GateRun{};  // superseded by this run
    s.report->request_before.reset();   // the fields it ran with are the user's now
  }
}

}  // namespace fragviz::app
