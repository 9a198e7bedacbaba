// The app's state as JSON (App::state_json): what the GUI tests read instead of pixels, the
// windows' rectangles in window pixels, each view's figures and the settings they came from.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "fonts.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/device/kernel_process.hpp"
#include "fragviz/gate/bench_csv.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/file_check.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImGui::FindWindowByName (the windows' rectangles), the open popups
#include "panels/panels.hpp"
#include "report_view.hpp"
#include "settings.hpp"
#include "window_placement.hpp"

namespace fragviz::app {

namespace {

/// The Layout mode as the state dump gives it: fields and their errors, checks, figures, round trip.
nlohmann::json layout_view_json(const LayoutView& v) {
  using nlohmann::json;
  auto field = [](const FieldError& e) { return json{{"error", e.message}, {"column", e.column}}; };
  const LayoutControls& c = v.key;
  // The fields as settings.json names them, then what the view made of them.
  json j = layout_settings_json(c);
  j.update({{"title", c.title},
            {"element_error", field(v.element_error)},
            {"write_error", field(v.write_error)},
            {"read_error", field(v.read_error)},
            {"lanes_error", field(v.lanes_error)},
            {"ready", v.ready()},
            {"write_notation", v.write ? json(v.write->notation) : json(nullptr)},
            {"read_notation", v.read ? json(v.read->notation) : json(nullptr)},
            {"write_idle", v.write_idle},
            {"read_idle", v.read_idle},
            {"conflicting_lanes", v.conflicting_lanes},
            {"phases", v.phase_lines},
            {"totals", v.totals},
            {"lines", v.lines}});
  if (v.access) {
    const AccessReport& r = *v.access;
    json problems = json::array();
    for (const AccessProblem& p : r.problems)
      problems.push_back({{"fatal", p.fatal}, {"lanes", p.lanes}, {"message", p.message}});
    j["access"] = {{"mnemonic", r.mnemonic},
                   {"refused", r.refused()},
                   {"problems", problems},
                   {"wavefronts", r.wavefronts},
                   {"ideal_wavefronts", r.ideal_wavefronts},
                   {"bank_conflicts", r.bank_conflicts},
                   {"max_way", r.max_way},
                   {"rule", phase_rule_text(c.op)}};
  }
  if (v.trip) {
    json first = nullptr;
    if (v.trip->first)
      first = {{"row", v.trip->first->logical.row},
               {"col", v.trip->first->logical.col},
               {"read_byte", v.trip->first->read_byte}};
    j["round_trip"] = {{"mismatches", v.trip->mismatches}, {"first", first}, {"line", v.trip_line}};
  }
  return j;
}

const char* job_status_name(JobStatus st) {
  switch (st) {
    case JobStatus::running:
      return "running";
    case JobStatus::done:
      return "done";
    case JobStatus::failed:
      return "failed";
    default:
      return "idle";
  }
}

/// The CTA tile window's "Run on GPU": whether it can run (and why not, in the CLI's words), the
/// job's status, and the last result's lines (joins worded over `threads`) when it ran the
/// configuration shown.
nlohmann::json cta_device_json(const AppState& s, std::int64_t threads) {
  using nlohmann::json;
  const std::optional<std::string> blocked = cta_device_blocked(s);
  const bool current = cta_device_current(s);
  json measured = json::array(), disagreements = json::array(), fills = json::array();
  if (current) {
    const CtaDeviceResult& r = *s.cta_device.result;
    for (std::size_t i = 0; i < r.operands.size(); ++i) {
      measured.push_back(measured_line(r, i, threads));
      const CtaOperandMeasure& m = r.operands[i];
      disagreements.push_back(m.run && m.run->verdict ? json(m.run->verdict->model_disagreements) : json());
    }
    for (std::size_t i = 0; i < r.fills.size(); ++i) fills.push_back(fill_measured_line(r, i));
  }
  return {{"available", !blocked},
          {"blocked", blocked ? *blocked : ""},
          {"status", job_status_name(s.cta_device.status)},
          {"error", s.cta_device.error},
          {"current", current},
          {"gpu", current ? s.cta_device.result->device.name : ""},
          {"measured", measured},
          {"model_disagreements", disagreements},
          {"fill_measured", fills},
          {"tiled_mma", current ? mma_measured_line(*s.cta_device.result) : ""}};
}

/// Each grid's part in view: {"rows": [first, last], "cols": [first, last], "of": [rows, cols]},
/// both ends included; rows and cols null where none of it is in view.
nlohmann::json visible_json(const std::map<std::string, VisibleGrid>& grids) {
  using nlohmann::json;
  json j = json::object();
  for (const auto& [k, v] : grids)
    j[k] = {{"rows", v.empty() ? json(nullptr) : json::array({v.first_row, v.last_row})},
            {"cols", v.empty() ? json(nullptr) : json::array({v.first_col, v.last_col})},
            {"of", json::array({v.rows, v.cols})}};
  return j;
}

}  // namespace

std::string App::state_json() const {
  using nlohmann::json;
  const FrameRecord& fr = s_.frame;
  // The panels record rectangles in ImGui's logical pixels; the dump gives window pixels (what
  // xdotool clicks and a screenshot shows), whatever the display scale.
  const ImGuiIO& io = ImGui::GetIO();
  const float px = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.f;
  auto rect = [px](const Rect& r) { return json::array({r.x * px, r.y * px, r.w * px, r.h * px}); };
  auto coords = [](const std::vector<Coord>& v) {
    json a = json::array();
    for (const Coord& c : v) a.push_back(json::array({c.row, c.col}));
    return a;
  };
  auto bank = [](const BankTable& b) {
    json j;
    j["stride_halves"] = b.tile.stride_halves();
    j["legal"] = !b.report.error.has_value();
    j["error"] = b.report.error ? json(*b.report.error) : json(nullptr);
    j["wavefronts"] = b.report.wavefronts;
    j["ideal_wavefronts"] = b.report.ideal_wavefronts;
    j["bank_conflicts"] = b.report.bank_conflicts;
    j["max_way"] = b.report.max_way;
    json loads = json::array();
    for (const BankTable::OperandLoad& o : b.operand_loads)
      loads.push_back({{"operand", std::string(to_string(o.operand))},
                       {"ldmatrix", ldmatrix_mnemonic(o.config)},
                       {"problem", o.problem},
                       {"addresses", o.addresses},
                       {"wavefronts", o.report.wavefronts},
                       {"bank_conflicts", o.report.bank_conflicts}});
    j["operand_loads"] = loads;
    return j;
  };
  json j;
  const Controls& c = s_.controls;
  const Derived& d = *derived_;
  const Instruction& in = *d.instr;
  j["controls"] = {{"instruction", c.instruction},
                   {"shape", shape_name(in)},
                   {"num", std::string(to_string(c.num))},
                   {"trans", c.trans},
                   {"width_halves", c.width_halves},
                   {"pad_halves", c.pad_halves},
                   {"tile_unit", tile_field_unit(in.a.type).name},
                   {"swizzle", std::string(to_string(c.swizzle))}};
  j["instruction_notice"] = s_.instruction_notice;
  j["controls"]["tile_clamp_note"] = s_.tile_clamp_note.text;  // a typed width or pad set into range
  j["number_notes"] = json::object();  // number_field's notes, by widget: only those said now
  for (const auto& [widget, note] : s_.number_notes)
    if (!note.text.empty()) j["number_notes"][widget] = note.text;
  j["controls"]["illegal_line"] =
      d.padded.report.error ? "illegal for ldmatrix: " + *d.padded.report.error : "";
  j["text_input_active"] = ImGui::GetIO().WantTextInput;  // a text field is being typed in
  // The selected instruction as the views show it.
  {
    json ops = json::object();
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      const OperandTable& t = d.op(op);
      ops[std::string(to_string(op))] = {
          {"type", std::string(to_string(t.type))},
          {"rows", t.rows},
          {"cols", t.cols},
          {"elements_per_lane", t.per_lane},
          {"registers_per_lane", t.registers},
          {"ldmatrix", t.load ? json(ldmatrix_mnemonic(t.load->config)) : json(nullptr)},
          {"no_ldmatrix", t.no_load}};
    }
    const int ci = catalogue_index(&in);
    const MeasuredTable& m = d.measured;
    json measured = nullptr;
    if (ci >= 0 && static_cast<std::size_t>(ci) < m.catalogue.size()) {
      static const char* const kState[] = {"absent", "skipped", "matched", "differs"};
      const MeasuredTable::Entry& e = m.catalogue[static_cast<std::size_t>(ci)];
      measured = {{"state", kState[static_cast<int>(e.state)]},
                  {"detail", e.detail},
                  {"instruction_probe", m.instruction != nullptr},
                  {"fragment_probe", m.fragment != nullptr},
                  {"tensor_core_checked", m.ip_checked},
                  {"tensor_core_differing", m.ip_differing},
                  {"ldmatrix_checked", m.fp_checked},
                  {"ldmatrix_differing", m.fp_differing},
                  {"fed_probe", m.fed != nullptr},
                  {"fed_checked", m.fd_checked},
                  {"fed_differing", m.fd_differing},
                  {"fed_mma_differing", m.fed ? m.fed->mma.mismatches() : 0}};
    }
    j["instruction"] = {{"mnemonic", in.mnemonic},
                        {"group", in.group},
                        {"m", in.m},
                        {"n", in.n},
                        {"k", in.k},
                        {"products", in.products},
                        {"min_sm", in.min_sm},
                        {"arch_specific", in.arch_specific},
                        {"runs_on_device", device_runs(s_.device, in)},
                        {"run_status", run_status(s_, in)},
                        {"has_ldmatrix_form", d.has_ldmatrix_form},
                        {"no_ldmatrix", d.no_ldmatrix},
                        {"operands", ops},
                        {"measured", measured}};
    j["catalogue_measured"] = {
        {"in_report", m.in_report}, {"measured", m.measured}, {"matched", m.matched}, {"skipped", m.skipped}};
  }
  j["picker_open"] = fr.picker_open;
  {
    // Every open popup, the lowest first: a menu of the menu bar ("##Menu_00"), a combo's list, a
    // dialog (modal, by its title); a popup opened but not drawn yet has no window and no name.
    // Its rectangle, and whether it is in front: no window drawn after it (ImGui draws its windows
    // in the order of g.Windows) covers part of it (newcomer round 23: the CTA preset list).
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    json popups = json::array();
    for (const ImGuiPopupData& p : g.OpenPopupStack) {
      const ImGuiWindow* w = p.Window;
      bool front = w != nullptr;
      for (int i = g.Windows.Size - 1; w && i >= 0 && g.Windows[i] != w; --i) {
        const ImGuiWindow* o = g.Windows[i];
        const bool shown = o->Active && !o->Hidden && (o->Flags & ImGuiWindowFlags_ChildWindow) == 0 &&
                           (o->Flags & ImGuiWindowFlags_Tooltip) == 0;
        if (shown && o->Rect().Overlaps(w->Rect())) front = false;
      }
      popups.push_back(
          {{"name", w ? w->Name : ""},
           {"modal", w && (w->Flags & ImGuiWindowFlags_Modal) != 0},
           {"menu", w && (w->Flags & ImGuiWindowFlags_ChildMenu) != 0},
           {"rect",
            w ? json::array({w->Pos.x * px, w->Pos.y * px, w->Size.x * px, w->Size.y * px}) : json(nullptr)},
           {"front", front}});
    }
    j["open_popups"] = popups;
  }
  j["instruction_filter"] = s_.instruction_filter;
  {
    // File > Export's fields as the dialog holds them (the dialog may be closed).
    const ExportDialog& d = s_.export_dialog;
    j["export_dialog"] = {{"view", std::string(scene::to_string(d.view))},
                          {"format", std::string(scene::to_string(d.format))},
                          {"path", d.path},
                          {"scale", d.scale},
                          {"scale_note", d.scale_note},
                          {"dark", d.dark},
                          {"bank_picture", std::string(scene::to_string(d.bank_picture))},
                          {"bank_picture_applies", bank_picture_applies(s_, d.view)},
                          {"rows", fr.export_rows},
                          {"title_and_legend", d.title_and_legend},
                          {"operand", d.operand},
                          {"crop", d.crop},
                          {"part", d.part == ExportPart::whole     ? "whole"
                                   : d.part == ExportPart::visible ? "visible"
                                                                   : "chosen"},
                          {"visible_region", visible_region_text(visible_region(s_, d.view, d.operand))},
                          {"last_folder", d.last_folder},
                          {"looked_at", d.looked_at ? std::string(scene::to_string(*d.looked_at)) : ""},
                          {"pointed_at", d.pointed_at ? std::string(scene::to_string(*d.pointed_at)) : ""},
                          {"title", export_dialog_title(d.view)},
                          {"message", d.message},  // what the Export said last (wrote, refused)
                          {"picker_open", d.picker_open}};
  }
  j["selected_lane"] = s_.selected_lane;
  // Coordinates are [row, col], or [row, col, product] for an instruction of several products.
  const bool products = in.products > 1;
  auto coords_of = [&](const std::vector<Coord>& v) {
    json a = json::array();
    for (const Coord& x : v)
      a.push_back(products ? json::array({x.row, x.col, x.product}) : json::array({x.row, x.col}));
    return a;
  };
  j["highlighted"] = json::object();
  for (const char* k : {"A", "B", "C"}) {
    auto it = fr.highlighted.find(k);
    j["highlighted"][k] = it == fr.highlighted.end() ? json::array() : coords_of(it->second);
  }
  const FragmentsViewRecord& fv = fr.fragments_view;
  j["fragments_view"] = {{"find_answer", fv.find_answer},
                         {"find_error", fv.find_error},
                         {"find_text", s_.fragments_find},
                         {"zoom", fv.zoom},
                         {"cell_size", json::array({fv.cell_w * px, fv.cell_h * px})},
                         {"scroll", json::array({fv.scroll_x * px, fv.scroll_y * px})},
                         {"scroll_max", json::array({fv.scroll_max_x * px, fv.scroll_max_y * px})},
                         {"blocks_per_row", fv.blocks_per_row},
                         {"cells_drawn", fv.cells_drawn},
                         {"readable_zoom", fv.readable_zoom},
                         {"fit_note", fv.fit_note},
                         {"label_mode", fv.label_mode},
                         {"label_steps", json::array({fv.row_label_step, fv.col_label_step})}};
  {
    // Each operand's index bands: the column band's top, the row band's left (null: none drawn).
    json bands = json::object();
    for (const auto& [k, b] : fv.label_bands)
      bands[k] = json::array({std::isnan(b.first) ? json(nullptr) : json(b.first * px),
                              std::isnan(b.second) ? json(nullptr) : json(b.second * px)});
    j["fragments_view"]["label_bands"] = bands;
    // Each operand's bands' sizes and its index labels as drawn (a label in view lies in its band).
    json sizes = json::object(), labels = json::object();
    for (const auto& [k, b] : fv.band_sizes) sizes[k] = json::array({b.first * px, b.second * px});
    for (const auto& [k, list] : fv.index_labels) {
      json l = json::array();
      for (const TextRecord& t : list)
        l.push_back({{"text", t.text},
                     {"rect", json::array({t.rect.x * px, t.rect.y * px, t.rect.w * px, t.rect.h * px})}});
      labels[k] = l;
    }
    j["fragments_view"]["band_sizes"] = sizes;
    j["fragments_view"]["index_labels"] = labels;
    json texts = json::array();
    for (const TextRecord& t : fv.texts)
      texts.push_back({{"text", t.text},
                       {"rect", json::array({t.rect.x * px, t.rect.y * px, t.rect.w * px, t.rect.h * px})},
                       {"cut", t.cut}});
    j["fragments_view"]["texts"] = texts;
    j["fragments_view"]["visible"] = visible_json(fv.visible);
    // The cell Find went to (outlined) and the one whose tooltip shows: operand, row, col, product
    // and its rect; null when none.
    const auto cell = [px](const std::optional<FoundCellRecord>& c) {
      return c ? json{{"operand", c->op},
                      {"row", c->row},
                      {"col", c->col},
                      {"product", c->product},
                      {"rect", json::array({c->rect.x * px, c->rect.y * px, c->rect.w * px, c->rect.h * px})}}
               : json(nullptr);
    };
    j["fragments_view"]["found"] = cell(fv.found);
    j["fragments_view"]["hover"] = cell(fv.hover);
  }
  {
    json regs = json::array();
    for (const InspectorRegister& r : fr.inspector) {
      json fields = json::array();
      for (const InspectorField& f : r.fields)
        fields.push_back({{"element", f.element},
                          {"bit", f.bit},
                          {"bits", f.bits},
                          {"row", f.coord.row},
                          {"col", f.coord.col},
                          {"product", f.coord.product},
                          {"label", f.label >= 0 ? json(f.label) : json(nullptr)},
                          {"measured", f.measured},
                          {"measured_raw", f.measured ? json(f.measured_raw) : json(nullptr)},
                          {"measured_coord", f.measured && f.measured_coord
                                                 ? json::array({f.measured_coord->row, f.measured_coord->col,
                                                                f.measured_coord->product})
                                                 : json(nullptr)},
                          {"match", f.match}});
      regs.push_back({{"operand", std::string(to_string(r.operand))},
                      {"index", r.index},
                      {"name", r.name},
                      {"bits", r.bits},
                      {"hex", r.hex},
                      {"source", r.value_source},
                      {"fields", fields}});
    }
    j["inspector"] = {{"lane", fr.inspector_lane},
                      {"registers", regs},
                      {"encoding", fr.inspector_encoding},
                      {"loads", fr.inspector_loads}};
    // The Warpgroup view's thread where the inspector shows it: per register, [element, row, col].
    json wg = nullptr;
    if (fr.inspector_wg_thread >= 0) {
      json wregs = json::array();
      for (const WgmmaRegister& r : fr.inspector_wg_registers) {
        json fields = json::array();
        for (const WgmmaField& f : r.fields)
          fields.push_back(json::array({f.element, f.coord.row, f.coord.col}));
        wregs.push_back(
            {{"operand", r.operand == Operand::A ? "A" : "D"}, {"name", r.name}, {"fields", fields}});
      }
      wg = {{"thread", fr.inspector_wg_thread},
            {"warp", fr.inspector_wg_thread / kWarpSize},
            {"lane", fr.inspector_wg_thread % kWarpSize},
            {"registers", wregs}};
    }
    j["inspector"]["warpgroup"] = wg;
  }
  j["bank_marked"] = {{"unpadded", coords(fr.bank_marked_unpadded)},
                      {"padded", coords(fr.bank_marked_padded)}};
  j["banks"] = {{"unpadded", bank(derived_->unpadded)}, {"padded", bank(derived_->padded)}};
  {
    const BanksViewRecord& bv = fr.banks_view;
    json grids = json::object();
    for (const auto& [k, g] : bv.grids) {
      json a = json::array();
      for (float v : g) a.push_back(std::isnan(v) ? json(nullptr) : json(v * px));  // NaN: no band drawn
      grids[k] = a;
    }
    j["banks_view"] = {{"drawn", bv.drawn},
                       {"zoom", bv.zoom},
                       {"readable_zoom", bv.readable_zoom},
                       {"cell_size", json::array({bv.cell_w * px, bv.cell_h * px})},
                       {"scroll", json::array({bv.scroll_x * px, bv.scroll_y * px})},
                       {"scroll_max", json::array({bv.scroll_max_x * px, bv.scroll_max_y * px})},
                       {"address_every", bv.address_every},
                       {"grids", grids},
                       {"visible", visible_json(bv.visible)},
                       {"in_window", visible_json(bv.in_window)},
                       {"visible_tile", visible_json({{"tile", bv.visible_tile}})["tile"]},
                       {"tile_text", bv.tile_text},
                       {"label_mode", bv.label_mode}};
    json labels = json::object();  // per grid: [line, bank, text] of each word labelled in view
    for (const auto& [k, words] : bv.labels) {
      json a = json::array();
      for (const BanksViewRecord::WordLabel& w : words) a.push_back(json::array({w.line, w.bank, w.text}));
      labels[k] = a;
    }
    j["banks_view"]["labels"] = labels;
    j["banks_view"]["counts"] = bv.counts;  // per grid: [bank, count] of each count drawn in view
    json status_lines = json::object();     // per side: [text, "#RRGGBB"] of each line above its grid
    for (const auto& [k, lines] : bv.status_lines) {
      json a = json::array();
      for (const BanksViewRecord::StatusLine& l : lines) a.push_back(json::array({l.text, l.colour}));
      status_lines[k] = a;
    }
    j["banks_view"]["status_lines"] = status_lines;
    j["warpgroup_visible"] = visible_json(fr.warpgroup_visible);
  }
  if (layout_view_) {
    j["layout_view"] = layout_view_json(*layout_view_);
    const LayoutProbe* m = matching_layout_probe(*layout_view_, s_.probe.report.get());
    j["layout_view"]["measured"] = m ? json(measured_lines(*m, *layout_view_)) : json(nullptr);
  }
  {
    json marked = json::object();
    for (const auto& [k, v] : fr.compare_marked) marked[k] = coords(v);
    json cmp = nullptr;
    if (s_.comparison) {
      const Comparison& c = *s_.comparison;
      json lines = json::array();
      // The rows the Differences window lists (untagged), as `fragviz-cli diff` lists them.
      for (const DiffLine& d : listed_differences(c, s_.compare_timings))
        lines.push_back(d.difference->line());
      cmp = {{"path", c.path},
             {"against", c.against},
             {"headline", c.headline},
             {"not_run", c.not_run},
             {"nothing_compared", c.nothing_compared},
             {"content", c.diff.content()},
             {"timings", c.diff.timings()},
             {"timings_listed", s_.compare_timings},
             {"counts",
              {{"differ", c.counts.differ},
               {"older_format", c.counts.older_format},
               {"not_run", c.counts.not_run},
               {"timings", c.counts.timings}}},
             {"counts_text", counts_text(c.counts)},
             {"compared_text", compared_text(c.compared)},
             {"window_open", s_.differences_open},
             {"lines", lines},
             {"ldmatrix_lanes", c.ldmatrix_lanes}};
    }
    j["comparison"] = cmp;
    j["compare_marked"] = marked;
    j["compare_error"] = s_.compare_error;
  }
  j["banner_shown"] = fr.banner_shown;
  j["banner_text"] = fr.banner_text;
  j["report_label"] = s_.probe.report ? json(s_.probe.label) : json(nullptr);
  j["report_path"] = s_.report ? s_.report->path : std::string();
  j["report_error"] = s_.report_error;
  auto controls_json = [](const Controls& x) {
    return json{{"instruction", x.instruction},
                {"num", std::string(to_string(x.num))},
                {"trans", x.trans},
                {"width_halves", x.width_halves},
                {"pad_halves", x.pad_halves},
                {"swizzle", std::string(to_string(x.swizzle))}};
  };
  j["report"] = s_.report ? json{{"path", s_.report->path},
                                 {"probe_path", s_.report->probe_path},
                                 {"gate_path", s_.report->gate_path},
                                 {"headline", s_.report->headline},
                                 {"changes", s_.report->changes},
                                 {"user_controls", controls_json(s_.report->user_controls)}}
                          : json(nullptr);
  // What "Reopen comparison" (Close comparison's undo) would compare with again.
  j["closed_comparison"] = s_.closed_comparison ? json(*s_.closed_comparison) : json(nullptr);
  // What "Reopen" (Close report's undo) would open again.
  j["closed_report"] = s_.closed_report ? json{{"probe_path", s_.closed_report->probe_path},
                                               {"gate_path", s_.closed_report->gate_path},
                                               {"compare_path", s_.closed_report->compare_path},
                                               {"name", s_.closed_report->name}}
                                        : json(nullptr);
  // File > Recent reports: the list kept, and the items as the open submenu drew them.
  j["recent_reports"] = s_.recent_reports;
  {
    json items = json::array();
    for (const auto& [label, enabled] : fr.recent_items)
      items.push_back({{"label", label}, {"enabled", enabled}});
    j["recent_items"] = items;
  }
  j["status"] = {{"headline", fr.status_headline}, {"tooltip", fr.status_tooltip}};
  j["settings_notices"] = s_.settings_notices;
  j["messages"] = {{"open", s_.messages_open}, {"shown", fr.messages_shown}};
  {
    // A file browser as its modal shows it: File > Open report's, and Load kernel's Browse...
    const auto browser = [](const FileBrowserState& b) {
      json entries = json::array();
      for (const DirEntry& e : b.listing.entries) entries.push_back({{"name", e.name}, {"is_dir", e.is_dir}});
      return json{{"visible", b.visible},
                  {"dir", b.listing.dir},
                  {"error", b.listing.error},
                  {"message", b.message},
                  {"typed", b.typed},
                  {"filter", b.filter >= 0 && static_cast<std::size_t>(b.filter) < b.filters.size()
                                 ? json(b.filters[static_cast<std::size_t>(b.filter)].label)
                                 : json(nullptr)},
                  {"hidden", b.listing.hidden},
                  {"filtered", b.listing.filtered},
                  {"entries", entries}};
    };
    j["file_browser"] = browser(s_.report_browser);
    j["kernel_browser"] = browser(s_.kernel_browser);
  }
  j["compare_browser"] = {{"visible", s_.compare_browser.visible},
                          {"dir", s_.compare_browser.listing.dir},
                          {"message", s_.compare_browser.message},
                          {"working_dir", s_.compare_browser.working_dir},
                          {"typed", s_.compare_browser.typed}};
  j["fragments_measured_label"] = fr.fragments_measured_label;
  {
    json cells = json::array();
    for (const WmmaCellRecord& c : fr.wmma.cells)
      cells.push_back({{"row", c.row},
                       {"col", c.col},
                       {"lane", c.lane},
                       {"slot", c.slot},
                       {"holders", c.holders},
                       {"rect", rect(c.rect)}});
    j["wmma"] = {{"shown", fr.wmma.shown},       {"name", fr.wmma.name},
                 {"label", fr.wmma.label},       {"holders", fr.wmma.holders},
                 {"relation", fr.wmma.relation}, {"same_as", fr.wmma.same_as},
                 {"nothing", fr.wmma.nothing},   {"cells", cells},
                 {"kind", s_.wmma_kind}};
  }
  j["device_recorded"] = fr.device_recorded;
  j["device_probe_lines"] = fr.device_probe_lines;
  j["fragments_tile_problem"] = fr.fragments_tile_problem;
  j["ldmatrix_tile_problem"] = fr.ldmatrix_tile_problem;
  {
    // The explorer's grid as derived (what the ldmatrix view draws): cell width and, row-major,
    // each cell's [lane, register, part, address lane].
    const LdmatrixTable& t = d.ldmatrix;
    json cells = json::array();
    for (const LdmatrixTable::Cell& c : t.cells)
      cells.push_back(json::array({c.lane, c.reg, c.part, c.address_lane}));
    // Column indices as [col, left, right] (window pixels), row labels as [number, lane] ("" none).
    json col_labels = json::array(), row_labels = json::array();
    for (const FrameRecord::ColumnLabel& c : fr.ldmatrix_col_labels)
      col_labels.push_back(json::array({c.col, c.x0 * px, c.x1 * px}));
    for (const FrameRecord::RowLabel& r : fr.ldmatrix_row_labels)
      row_labels.push_back(json::array({r.number, r.lane}));
    // Labels over the cells as [row, first column, last column, text, [x0, y0, x1, y1]]: the last its
    // text's extent as drawn.
    json cell_labels = json::array();
    for (const FrameRecord::CellLabel& l : fr.ldmatrix_cell_labels)
      cell_labels.push_back(json::array(
          {l.row, l.col0, l.col1, l.text, json::array({l.x0 * px, l.y0 * px, l.x1 * px, l.y1 * px})}));
    j["ldmatrix_view"] = {{"mnemonic", ldmatrix_mnemonic(t.config)},
                          {"unit_bytes", t.unit_bytes},
                          {"rows", t.rows},
                          {"cols", t.cols},
                          {"labels", fr.ldmatrix_labels},
                          {"label_px", fr.ldmatrix_label_px},
                          {"labelled", fr.ldmatrix_labelled},
                          {"label_run", fr.ldmatrix_label_run},
                          {"grid", json::array({fr.ldmatrix_grid[0] * px, fr.ldmatrix_grid[1] * px,
                                                fr.ldmatrix_grid[2] * px, fr.ldmatrix_grid[3] * px})},
                          {"cell_labels", cell_labels},
                          {"tooltip", fr.ldmatrix_tooltip},
                          {"col_label_step", fr.ldmatrix_col_label_step},
                          {"col_labels", col_labels},
                          {"row_labels", row_labels},
                          {"cells", cells}};
  }
  const GateReport* g = s_.gate.report.get();
  j["gate"] = {
      {"button_enabled", fr.gate_button_enabled},
      {"reason", fr.gate_reason},
      {"has_result", g != nullptr},
      {"exact", g ? g->exact : false},
      {"origin", s_.gate.origin},
      {"variant", g ? std::string(to_string(g->request.variant)) : std::string()},
      {"n", g ? g->request.n : 0},
      {"mismatch_count", g ? g->mismatch_count : 0},
      {"first_mismatch", g && g->first ? json::array({g->first->row, g->first->col}) : json(nullptr)},
      {"verdict_shown", fr.gate_verdict},
      {"other_variant_note", fr.gate_other_variant},
      {"spot_checks_line", fr.gate_spot_checks},
      {"request_n", s_.gate_request.n},
      {"n_clamp_note", s_.gate_n_clamp_note.text},
      {"request_seed", s_.gate_request.seed},
      {"request_variant", std::string(to_string(s_.gate_request.variant))},
      {"seed_note", s_.number_notes.count("gate_seed") ? s_.number_notes.at("gate_seed").text : ""},
      {"history_rows", s_.history.size()},
      {"history_data_bytes", s_.history.data_bytes()}};
  j["kernel"] = {
      {"open", s_.kernel.open},
      {"source", s_.kernel.source_path},
      {"entry", s_.kernel.entry},
      {"grid", s_.kernel.grid},
      {"include", s_.kernel.include_dirs},
      {"cutlass", s_.kernel.cutlass},
      {"reason", fr.kernel_reason},
      {"status", fr.kernel_status},
      {"progress", fr.kernel_progress},
      {"is_last_run", g != nullptr && g->request.kernel.has_value()},
      {"last_error", g != nullptr && g->request.kernel ? g->error.message : std::string()},
      {"last_kind", g != nullptr && g->request.kernel ? std::string(to_string(g->error.kind)) : ""}};
  json ladder_rows = json::array();
  if (s_.gate_ladder.result)
    for (const LadderRow& row : s_.gate_ladder.result->rows) {
      const GateReport* r = row.report.get();
      ladder_rows.push_back({{"variant", std::string(to_string(row.variant))},
                             {"n", row.n},
                             {"tflops", r ? json(r->gflops / 1000.0) : json(nullptr)},
                             {"ratio_to_cublas", row.ratio_to_cublas},
                             {"exact", r ? json(r->exact) : json(nullptr)},
                             {"refusal", row.refusal}});
    }
  // The table as drawn: one row per variant, a column group per size (pivot_ladder).
  json pivot_rows = json::array();
  json pivot_sizes = json::array();
  if (s_.gate_ladder.result) {
    const LadderPivot p = pivot_ladder(s_.gate_ladder.result->rows, s_.gate_ladder.result->cublas_ms);
    pivot_sizes = p.sizes;
    for (const LadderPivot::Row& row : p.rows)
      pivot_rows.push_back({{"variant", std::string(to_string(row.variant))}, {"cells", row.cells}});
  }
  j["gate_ladder"] = {
      {"running", s_.gate_ladder.running},
      {"pivot_sizes", pivot_sizes},
      {"pivot_rows", pivot_rows},
      {"rows", s_.gate_ladder.result ? s_.gate_ladder.result->rows.size() : 0},
      {"recorded", s_.gate_ladder.result ? s_.gate_ladder.result->recorded : std::string()},
      {"recorded_line", s_.gate_ladder.result && !s_.gate_ladder.result->recorded.empty()
                            ? recorded_bench_line(*s_.gate_ladder.result)
                            : std::string()},
      {"recorded_notes",
       s_.gate_ladder.result ? s_.gate_ladder.result->recorded_notes : std::vector<std::string>()},
      {"has_live_before", s_.gate_ladder.live_before != nullptr},
      {"table", ladder_rows},
      {"geometry_variant",
       s_.gate_ladder.geometry ? std::string(to_string(s_.gate_ladder.geometry->variant)) : std::string()},
      {"geometry_shown", fr.gate_geometry},
      {"resource_columns", s_.gate_ladder.resource_columns},
      {"row_tip", fr.gate_ladder_tip},
      {"scroll_max_x", fr.gate_ladder_scroll_max * px},
      {"table_scrolls", s_.gate_table_cut > 0.f},
      {"scroll_y", fr.gate_ladder_scroll_y * px},
      {"scroll_max_y", fr.gate_ladder_scroll_max_y * px}};
  j["output_view_drawn"] = fr.output_view_drawn;
  j["output_view"] = {{"drawn", fr.output_view_drawn},
                      {"has_data", fr.output_has_data},
                      {"n", fr.output_n},
                      {"flagged", fr.output_flagged},
                      {"known_until", fr.output_known_until ? json::array({fr.output_known_until->row,
                                                                           fr.output_known_until->col})
                                                            : json(nullptr)},
                      {"text", fr.output_text},
                      {"viewport", {s_.output_view.x0, s_.output_view.y0, s_.output_view.scale}},
                      {"fitted", s_.output_view.fitted},
                      {"tiling",
                       {{"variant", fr.output_tiling_variant},
                        {"block", {fr.output_tiling.block_m, fr.output_tiling.block_n}},
                        {"warp_grid", {fr.output_tiling.warps_m, fr.output_tiling.warps_n}},
                        {"warp", {fr.output_tiling.warp_m, fr.output_tiling.warp_n}},
                        {"first_warp", fr.output_tiling.first_warp},
                        {"mma", {fr.output_tiling.mma_m, fr.output_tiling.mma_n}}}},
                      {"tooltip", fr.output_tooltip}};
  j["hopper"] = hopper_.state_json(s_, px);
  {
    json tables = json::array();
    for (const AlgebraTable& t : algebra_.tables)
      tables.push_back({{"title", t.title},
                        {"layout", t.layout},
                        {"rows", t.table.extent.rows},
                        {"cols", t.table.extent.cols},
                        {"offsets", t.table.offsets},
                        {"swizzle", t.swizzle},
                        {"too_large", t.too_large}});
    j["algebra"] = {{"open", s_.algebra.open},
                    {"expression", s_.algebra.expression},
                    {"ok", algebra_.ok},
                    {"error", algebra_.error},
                    {"value", algebra_.value},
                    {"facts", algebra_.facts},
                    {"notes", algebra_.notes},
                    {"steps", algebra_.step_names},
                    {"shown_step", algebra_.shown_step},
                    {"colour", to_string(s_.algebra.colour)},
                    {"tables", tables}};
  }
  {
    json grids = json::array();
    for (const CtaGrid& g : cta_tile_.grids) {
      // Every cell's holder for grids of up to 4096 cells (A and B of the presets; C's 16384 would
      // make each dump large); the chosen thread's cells as row-major indices.
      json threads = json::array(), values = json::array(), mine = json::array();
      if (g.cells.size() <= 4096)
        for (const CtaCell& c : g.cells) {
          threads.push_back(c.thread);
          values.push_back(c.value);
        }
      for (std::size_t k = 0; k < g.mine.size(); ++k)
        if (g.mine[k]) mine.push_back(k);
      // The wrong cells as the grid marks them: [row, col, thread, value, delivered row, col] (null
      // for no element), row-major, each with its hover line.
      json wrong = json::array(), wrong_text = json::array();
      for (const CtaWrongCell& w : g.wrong_cells) {
        wrong.push_back({w.row, w.col, w.thread, w.value, w.delivered ? json(w.delivered->row) : json(),
                         w.delivered ? json(w.delivered->col) : json()});
        if (wrong_text.size() < 64) wrong_text.push_back(cta_wrong_text(g.operand, g.store, w));
      }
      grids.push_back({{"operand", std::string(to_string(g.operand))},
                       {"rows", g.rows},
                       {"cols", g.cols},
                       {"threads", threads},
                       {"values", values},
                       {"cells", g.cells.size()},
                       {"mine", mine},
                       {"wrong", wrong},
                       {"wrong_text", wrong_text},
                       {"wrong_legend", cta_wrong_legend(g)},
                       {"join", g.join},
                       {"join_ok", g.join_ok},
                       {"fill", g.fill},
                       {"fill_ok", g.fill_ok},
                       {"verdict", cta_verdict_text(g)},
                       {"verdict_ok", cta_verdict_ok(g)},
                       {"layout", g.layout},
                       {"suggestion", g.suggestion},
                       {"bank_rows", g.banks.size()},
                       {"wavefronts", g.banks.empty() ? 0 : g.banks.back().wavefronts},
                       {"bank_conflicts", g.banks.empty() ? 0 : g.banks.back().conflicts},
                       {"misaligned", g.banks.empty() ? 0 : g.banks.back().misaligned},
                       {"banks_ok", cta_banks_ok(g)},
                       {"fill_bank_rows", g.fill_banks.size()},
                       {"fill_wavefronts", g.fill_banks.empty() ? 0 : g.fill_banks.back().wavefronts},
                       {"fill_bank_conflicts", g.fill_banks.empty() ? 0 : g.fill_banks.back().conflicts},
                       {"fill_banks", cta_fill_bank_total_text(g)}});
    }
    // The configuration as typed, by the flags that give each field on the command line.
    const tile::CtaTileSpec& sp = s_.cta_tile.spec;
    const json spec = {{"mma", sp.mma},
                       {"atoms", sp.atoms},
                       {"permute", sp.permute},
                       {"copy", {sp.copy[0], sp.copy[1], sp.copy[2]}},
                       {"value_bits", {sp.value_bits[0], sp.value_bits[1], sp.value_bits[2]}},
                       {"smem", {sp.smem[0], sp.smem[1], sp.smem[2]}},
                       {"gmem_copy", {sp.gmem_copy[0], sp.gmem_copy[1]}},
                       {"tile", sp.tile},
                       {"k_block", sp.k_block},
                       {"reuse_c_as_a", sp.reuse_c_as_a},
                       {"register_swap", sp.register_swap}};
    j["cta_tile"] = {{"open", s_.cta_tile.open},
                     {"preset", s_.cta_tile.preset},
                     {"spec", spec},
                     {"thread", s_.cta_tile.thread},
                     {"cell", s_.cta_tile.cell},
                     {"ok", cta_tile_.ok},
                     {"error", cta_tile_.error},
                     {"error_field", std::string(tile::cta_field_flag(cta_tile_.error_field))},
                     {"error_column", cta_tile_.error_column},
                     {"source", cta_tile_.source},
                     {"summary", cta_tile_.summary},
                     {"reuse", cta_tile_.reuse},
                     {"reuse_ok", cta_tile_.reuse_ok},
                     {"kept_preset", s_.cta_tile.kept_edits ? s_.cta_tile.kept_preset : ""},
                     {"kept_edits", s_.cta_tile.kept_edits.has_value()},
                     {"form_open", s_.cta_tile.form_open},
                     {"grids", grids},
                     {"visible", visible_json(s_.frame.cta_visible)},
                     {"grids_scroll", fr.cta_grids_scroll * px},
                     {"device", cta_device_json(s_, cta_tile_.threads)}};
    // The Tensor memory window: its controls, the model's lines and, per used cell, "lane,column":
    // label (the cells a test checks by hand), plus where the grid was drawn and what is hovered.
    json used = json::object();
    if (tmem_.ok)
      for (int lane = 0; lane < tmem_.lanes; ++lane)
        for (int col = 0; col < tmem_.columns; ++col)
          if (tmem_.at(lane, col).used())
            used[std::to_string(lane) + "," + std::to_string(col)] = tmem_cell_label(tmem_.at(lane, col));
    const TmemModel::Drawn& d = tmem_.drawn;
    // Each sub-partition name drawn: its chip [x, y, w, h], the chip's fill and the text's colour
    // as "#RRGGBB" (a test reads the contrast between them), and the text.
    json sub_labels = json::array();
    const auto rgb = [](std::uint32_t c) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "#%02X%02X%02X", c & 0xffu, (c >> 8) & 0xffu, (c >> 16) & 0xffu);
      return std::string(buf);
    };
    for (const TmemModel::SubLabel& l : d.sub_labels)
      sub_labels.push_back({{"rect", {l.x * px, l.y * px, l.w * px, l.h * px}},
                            {"fill", rgb(l.fill)},
                            {"ink", rgb(l.ink)},
                            {"text", l.text}});
    j["tmem"] = {{"open", s_.tmem.open},
                 {"controls", tmem_controls_text(s_.tmem)},
                 {"key", tmem_.key},
                 {"ok", tmem_.ok},
                 {"error", tmem_.error},
                 {"n_refusal", s_.tmem.n_refusal},
                 {"title", tmem_.title},
                 {"status", tmem_.status},
                 {"relation", tmem_.relation},
                 {"facts", tmem_.facts},
                 {"layout", tmem_.layout ? std::string(1, tmem_.layout) : std::string()},
                 {"lanes", tmem_.lanes},
                 {"columns", tmem_.columns},
                 {"cells", used},
                 {"visible", visible_json({{"tmem", s_.frame.tmem_visible}})["tmem"]},
                 {"grid",
                  {{"drawn", d.drawn},
                   {"x", d.x * px},
                   {"y", d.y * px},
                   {"cw", d.cw * px},
                   {"ch", d.ch * px},
                   {"zoom", d.zoom},
                   {"lane_band_x", d.lane_band_x * px},
                   {"column_band_y", d.column_band_y * px},
                   {"scroll", {s_.tmem.zoom.scroll_x * px, s_.tmem.zoom.scroll_y * px}},
                   {"sub_labels", sub_labels}}},
                 {"lane_base", tmem_.lane_base},
                 {"reach", tmem_.reach},
                 {"hover", {{"lane", d.hover_lane}, {"column", d.hover_column}, {"text", d.hover}}}};
  }
  {
    // The descriptor view's sm_100 side: what it decodes and what it says.
    const Sm100DescriptorControls& c = s_.descriptor_sm100;
    const Sm100DescriptorView v = make_sm100_descriptor_view(c);
    const auto word = [](const DecodedWord& w) {
      return json{{"read", w.read},
                  {"error", w.error},
                  {"lines", w.lines},
                  {"refusal", w.refusal ? json(*w.refusal) : json(nullptr)},
                  {"warning", w.warning ? json(*w.warning) : json(nullptr)}};
    };
    j["descriptor_sm100"] = {{"arch", c.arch == DescriptorArch::sm100 ? "sm_100" : "sm_90"},
                             {"smem", c.smem},
                             {"kind", std::string(to_string(c.kind))},
                             {"idesc", c.idesc},
                             {"status", v.status},
                             {"smem_word", word(v.smem)},
                             {"idesc_word", word(v.idesc)}};
  }
  {
    // The matrix-move view's 8-bit page: the form, its lines and per element "matrix,row,col": label.
    const MoveB8Model m = make_move_b8_model(s_.moves_b8.move);
    json cells = json::object();
    for (std::size_t i = 0; i < m.matrices.size(); ++i)
      for (int r = 0; r < m.matrices[i].rows; ++r)
        for (int c = 0; c < m.matrices[i].cols; ++c)
          cells[std::to_string(i) + "," + std::to_string(r) + "," + std::to_string(c)] =
              move_b8_cell_label(m.matrices[i].at(r, c));
    j["moves_b8"] = {{"shown", s_.moves_b8.shown},
                     {"mnemonic", m.mnemonic},
                     {"status", m.status},
                     {"cute", m.cute},
                     {"cells", cells},
                     {"hover", s_.moves_b8.hover}};
  }
  j["device"] = {{"known", s_.device_known}, {"present", s_.device.present}, {"name", s_.device.name}};
  json cells = json::object();
  for (const auto& [k, v] : fr.cells) {
    json a = json::array();
    for (const CellRecord& cr : v)
      a.push_back({{"row", cr.row},
                   {"col", cr.col},
                   {"product", cr.product},
                   {"lane", cr.lane},
                   {"element", cr.element},
                   {"visible", cr.visible},
                   {"measured", cr.measured},
                   {"rect", rect(cr.rect)}});
    cells[k] = a;
  }
  j["cells"] = cells;
  json lanes = json::array();
  for (const Rect& r : fr.lane_buttons) lanes.push_back(rect(r));
  j["lane_buttons"] = lanes;
  json widgets = json::object();
  for (const auto& [k, r] : fr.widgets) widgets[k] = rect(r);
  j["widgets"] = widgets;
  j["zoom_readouts"] = fr.zoom_readouts;
  json pickers = json::object();
  for (const auto& [k, r] : fr.pickers)
    pickers[k] = {{"preview", r.preview}, {"text_w", r.text_w},   {"room", r.room},
                  {"cut", r.cut},         {"tooltip", r.tooltip}, {"tooltip_text", r.tooltip_text}};
  j["pickers"] = pickers;
  json text_lines = json::object();
  for (const auto& [k, r] : fr.text_lines)
    text_lines[k] = {{"text", r.text},   {"right", r.right * px}, {"view_right", r.view_right * px},
                     {"lines", r.lines}, {"clipped", r.clipped},  {"cut", r.cut}};
  j["text_lines"] = text_lines;

  j["gl"] = {{"renderer", s_.gl_renderer}};  // which GPU (or software rasteriser) draws the window
  j["frames_skipped"] = s_.frames_skipped;   // frames not drawn again: their draw data repeated
  // Display scale, fonts, window rectangles and assets: what the HiDPI and asset tests check.
  j["display"] = {
      {"scale", px},
      {"pixel_size", json::array({std::lround(io.DisplaySize.x * px), std::lround(io.DisplaySize.y * px)})},
      {"logical_size", json::array({io.DisplaySize.x, io.DisplaySize.y})},
      {"menu_bar_height", ImGui::GetFrameHeight() * px},
      {"status_height", status_height() * px}};
  const FontStatus& fs = font_status();
  auto font = [&](const FontStatus::One& f, const ImFont* im) {
    return json{{"file", f.path.empty() ? json("built-in") : json(f.path)},
                {"size", f.size},
                {"raster_px", f.raster_px},
                // What the views really get, in window pixels.
                {"px", im ? im->FontSize * px : 0.f}};
  };
  j["fonts"] = {{"ui", font(fs.ui, fonts().ui)},
                {"small", font(fs.small, fonts().small)},
                {"bold", font(fs.bold, fonts().bold)},
                {"notice", fs.notice}};
  json windows = json::object();
  for (const WindowSetting& view : kWindowSettings) {
    // Every view's rectangle, the Hopper windows' too while open (they are tiled with the others).
    if (const ImGuiWindow* w = ImGui::FindWindowByName(view.title); w && w->Active)
      windows[view.title] = {
          {"rect", json::array({w->Pos.x * px, w->Pos.y * px, w->Size.x * px, w->Size.y * px})},
          {"scroll_max", json::array({w->ScrollMax.x * px, w->ScrollMax.y * px})},
          {"scroll", json::array({w->Scroll.x * px, w->Scroll.y * px})}};
  }
  j["windows"] = windows;
  // The tooltip shown this frame, if any (window pixels), and the right edge of its content: ImGui
  // keeps a tooltip's frame on the display but cuts a line longer than that, so a test sees that
  // both stay on it.
  json tooltip = nullptr, tooltip_right = nullptr;
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (w->Active && !w->Hidden && (w->Flags & ImGuiWindowFlags_Tooltip) != 0) {
      tooltip = json::array({w->Pos.x * px, w->Pos.y * px, w->Size.x * px, w->Size.y * px});
      tooltip_right = (w->Pos.x + w->WindowPadding.x + w->ContentSize.x) * px;
    }
  j["tooltip_rect"] = tooltip;
  j["tooltip_content_right"] = tooltip_right;
  {
    // The layout of this frame (view_tiling.hpp), in window pixels like the rectangles above.
    const LayoutFrame& lf = fr.layout;
    auto box = [px](const LayoutRect& r) {
      return json::array({r.x0 * px, r.y0 * px, r.w() * px, r.h() * px});
    };
    j["layout"] = {{"view", box(lf.canvas.view)},
                   {"canvas", json::array({lf.canvas.width * px, lf.canvas.height * px})},
                   {"scroll", json::array({lf.scroll_x * px, lf.scroll_y * px})},
                   {"scroll_bars", json::array({lf.canvas.scroll_x, lf.canvas.scroll_y})},
                   {"min_window", json::array({kMinLayoutWidth * px, kMinLayoutHeight * px})}};
    // Each column's own scroll and bar (null where it carries none), from the left.
    json column_scroll = json::array(), column_bars = json::array();
    for (float y : lf.column_scroll) column_scroll.push_back(y * px);
    for (const LayoutRect& r : lf.column_bars) column_bars.push_back(r.empty() ? json(nullptr) : box(r));
    j["layout"]["column_scroll"] = column_scroll;
    j["layout"]["column_bars"] = column_bars;
    // Each scrolled column's sign of the views above it: its rect and text (null where none).
    json column_signs = json::array();
    for (std::size_t c = 0; c < lf.column_signs.size(); ++c)
      column_signs.push_back(lf.column_signs[c].empty()
                                 ? json(nullptr)
                                 : json{{"rect", box(lf.column_signs[c])}, {"text", lf.column_sign_text[c]}});
    j["layout"]["column_signs"] = column_signs;
    for (const auto& [name, least] : lf.least) j["layout"]["least"][name] = least * px;
    j["layout"]["gate_least"] = lf.gate_least * px;
    // The stacked views sharing one slot as tabs: their names in order, the one shown, the strip and
    // each tab as drawn (what a test clicks); an empty list where each has its own slot.
    json tabs = json::array(), tab_rects = json::object();
    for (const char* name : lf.tabs) {
      tabs.push_back(name);
      if (const auto it = fr.widgets.find(std::string("tab:") + name); it != fr.widgets.end())
        tab_rects[name] = rect(it->second);
    }
    j["layout"]["tabs"] = {{"names", tabs},
                           {"shown", lf.tab_shown ? json(lf.tab_shown) : json(nullptr)},
                           {"strip", lf.tab_shown ? box(lf.tab_strip) : json(nullptr)},
                           {"rects", tab_rects}};
    // The window with the keyboard focus (a view opened from the View menu takes it).
    const ImGuiWindow* nav = GImGui->NavWindow;
    j["layout"]["focused"] = nav && nav->RootWindow ? nav->RootWindow->Name : "";
  }
  const Assets& a = assets();
  json lane_hex = json::array(), warp_hex = json::array(), block_warp_hex = json::array();
  for (Rgb c : a.palette.lanes) lane_hex.push_back(to_hex(c));
  for (Rgb c : a.palette.warps) warp_hex.push_back(to_hex(c));
  for (Rgb c : a.palette.block_warps) block_warp_hex.push_back(to_hex(c));
  j["assets"] = {{"dir", a.dir},
                 {"palette_source", a.palette_source},
                 {"layout_source", a.layout_source},
                 {"fonts_source", a.fonts_source},
                 {"notices", a.notices},
                 {"lanes", lane_hex},
                 {"warps", warp_hex},
                 {"block_warps", block_warp_hex}};
  // Paths and typed texts may be no UTF-8 (a file named "g\xff.json"): replaced, never thrown.
  return j.dump(1, ' ', false, json::error_handler_t::replace);
}

}  // namespace fragviz::app
