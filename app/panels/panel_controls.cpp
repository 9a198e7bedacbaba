// Instruction picker, ldmatrix variant and tile geometry. Every view reads these through the
// derived cache, which app.cpp recomputes before the views draw, so a change shows everywhere in
// the same frame.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "../controls_fit.hpp"
#include "../picker_filter.hpp"
#include "../picker_order.hpp"
#include "../report_view.hpp"
#include "../window_placement.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

// [SECTION] instruction picker

/// The short tag shown right of an entry, and its colour.
struct Tag {
  std::string text;
  ImVec4 colour;
};
Tag entry_tag(const AppState& s, const Derived& d, int index, const Instruction& in) {
  using State = MeasuredTable::Entry::State;
  const auto& cat = d.measured.catalogue;
  if (index >= 0 && static_cast<std::size_t>(index) < cat.size())
    switch (cat[static_cast<std::size_t>(index)].state) {
      case State::matched:
        return {"measured: match", kGreenV};
      case State::differs:
        return {"measured: DIFFERS", kRedV};
      case State::skipped:
        return {"not run", kAmberV};
      case State::absent:
        break;
    }
  if (s.device.present && !device_runs(s.device, in))
    return {"model only: needs " + target_name(in), kAmberV};
  return {target_name(in), kDimV};
}

void entry_tooltip(const AppState& s, const Derived& d, int index, const Instruction& in) {
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(in.mnemonic);
  status_text(kDimV, "PTX ISA: %s", in.ptx_section);
  status_text(kDimV, "A .%s %dx%d, B .%s %dx%d, C/D .%s %dx%d%s", std::string(to_string(in.a.type)).c_str(),
              in.a.rows, in.a.cols, std::string(to_string(in.b.type)).c_str(), in.b.rows, in.b.cols,
              std::string(to_string(in.c.type)).c_str(), in.c.rows, in.c.cols,
              in.products > 1 ? ", four quad-pair products" : "");
  status_text(kDimV, "needs %s, PTX ISA %d.%d", target_name(in).c_str(), in.ptx_major, in.ptx_minor);
  const std::string run = run_status(s, in);
  ImGui::TextColored(run.rfind("runs", 0) == 0 ? kGreenV : kAmberV, "%s", run.c_str());
  if (index >= 0 && static_cast<std::size_t>(index) < d.measured.catalogue.size()) {
    const MeasuredTable::Entry& e = d.measured.catalogue[static_cast<std::size_t>(index)];
    using State = MeasuredTable::Entry::State;
    // status_text: a tooltip sizes itself to an unwrapped line, and the detail is the file's text.
    if (e.state != State::absent)
      status_text(e.state == State::matched   ? kGreenV
                  : e.state == State::differs ? kRedV
                                              : kAmberV,
                  "%s: %s", s.probe.label.c_str(), e.detail.c_str());
  }
  if (in.note && *in.note) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.f);
    status_text(kDimV, "%s", in.note);
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTooltip();
}

/// A combo listing the catalogue by group and shape; picking an entry selects it by mnemonic.
void instruction_picker(AppState& s, const Derived& d) {
  const Instruction& cur = *d.instr;
  ImGui::SetNextItemWidth(-1);
  const bool open = ImGui::BeginCombo("##instruction", short_mnemonic(cur), ImGuiComboFlags_HeightLargest);
  record_widget(s, "instruction_combo");
  // Open, the last item is the list's, not the picker's.
  const bool hovered = !open && ImGui::IsItemHovered();
  // Released by the pointer's place, not by hover: the frame after the list closes, the list still
  // counts as hovered and the picker does not.
  const bool over = !open && ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  if (open || !over) s.instruction_tip_held = open;
  FrameRecord::PickerRecord& rec = s.frame.pickers["instruction_combo"];
  rec.preview = short_mnemonic(cur);
  if (hovered && !s.instruction_tip_held) {
    entry_tooltip(s, d, catalogue_index(&cur), cur);
    rec.tooltip_text = cur.mnemonic;
  }
  if (!open) return;
  s.frame.picker_open = true;
  {
    const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
    s.frame.widgets["instruction_popup"] = Rect{wp.x, wp.y, ws.x, ws.y};
  }
  const bool enter = picker_filter_field(s, "##instruction_filter", "type to filter, e.g. k16 bf16",
                                         s.instruction_filter, "instruction_filter");
  const std::vector<Instruction>& cat = catalogue();
  const auto shown = [&](int i) {
    const Instruction& in = cat[static_cast<std::size_t>(i)];
    return picker_matches(s.instruction_filter, in.mnemonic, in.group);
  };
  // The entries shown, in list order, and their labels: Enter takes enter_choice's, as every picker.
  std::vector<const Instruction*> listed;
  std::vector<std::string_view> listed_labels;
  ImFont* bold = fonts().bold ? fonts().bold : ImGui::GetFont();
  // The tag column starts past the widest name of the whole catalogue (the .kind::mxf4nvf4
  // .block_scale names run to ~80 characters), so no name is ever drawn under its tag and the
  // column stays put while the filter changes; the popup widens to fit.
  float widest = 0.f;
  for (const Instruction& in : cat) widest = std::max(widest, ImGui::CalcTextSize(short_mnemonic(in)).x);
  const float tag_x = std::max(ImGui::GetFontSize() * 27.f,
                               2.f * ImGui::GetFontSize() + widest + 2.f * ImGui::GetStyle().ItemSpacing.x);
  // Architecture headings (sm_70 ... sm_120a), each over its groups; a heading shows while any
  // entry under it does.
  for (const PickerOrder::Arch& arch : picker_order().archs)
    for (std::size_t gi = 0; gi < arch.groups.size(); ++gi) {
      const PickerOrder::Group& g = arch.groups[gi];
      if (std::none_of(g.entries.begin(), g.entries.end(), shown)) continue;
      if (std::none_of(arch.groups.begin(), arch.groups.begin() + static_cast<std::ptrdiff_t>(gi),
                       [&](const PickerOrder::Group& e) {
                         return std::any_of(e.entries.begin(), e.entries.end(), shown);
                       })) {
        ImGui::PushFont(bold);
        ImGui::TextColored(ImVec4(1.f, 0.85f, 0.45f, 1.f), "%s", arch.name.c_str());
        ImGui::PopFont();
        if (ImGui::IsItemVisible()) s.frame.widgets["arch:" + arch.name] = last_item_rect();
        ImGui::Separator();
      }
      ImGui::PushFont(bold);
      ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1.f), "%s", g.name.c_str());
      ImGui::PopFont();
      std::string shape;
      for (int i : g.entries) {
        if (!shown(i)) continue;
        const Instruction& in = cat[static_cast<std::size_t>(i)];
        listed.push_back(&in);
        listed_labels.emplace_back(short_mnemonic(in));
        if (const std::string sh = shape_name(in); sh != shape) {
          shape = sh;
          ImGui::Indent();
          ImGui::TextColored(kDimV, "%s", shape.c_str());
          ImGui::Unindent();
        }
        ImGui::Indent(2.f * ImGui::GetFontSize());
        ImGui::PushID(i);
        const bool selected = &in == &cur;
        if (ImGui::Selectable(short_mnemonic(in), selected, ImGuiSelectableFlags_None,
                              ImVec2(tag_x + ImGui::GetFontSize() * 13.f, 0))) {
          s.controls.instruction = in.mnemonic;
          s.instruction_notice.clear();
        }
        // Only entries the popup shows, so tests click what a user could; the name's own extent and
        // the tag's, so a test sees that one never runs under the other.
        if (ImGui::IsItemVisible()) {
          const Rect item = last_item_rect();
          s.frame.widgets[std::string("instr:") + in.mnemonic] = item;
          s.frame.widgets[std::string("instr_name:") + in.mnemonic] =
              Rect{item.x, item.y, ImGui::CalcTextSize(short_mnemonic(in)).x, item.h};
        }
        if (selected) ImGui::SetItemDefaultFocus();
        if (ImGui::IsItemHovered()) entry_tooltip(s, d, i, in);
        const Tag tag = entry_tag(s, d, i, in);
        ImGui::SameLine(tag_x);
        ImGui::TextColored(tag.colour, "%s", tag.text.c_str());
        if (ImGui::IsItemVisible())
          s.frame.widgets[std::string("instr_tag:") + in.mnemonic] = last_item_rect();
        ImGui::PopID();
        ImGui::Unindent(2.f * ImGui::GetFontSize());
      }
    }
  if (listed.empty()) {
    ImGui::TextColored(kAmberV, "no entry has every word of the filter");
  } else if (enter) {
    s.controls.instruction =
        listed[static_cast<std::size_t>(enter_choice(s.instruction_filter, listed_labels))]->mnemonic;
    s.instruction_notice.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndCombo();
}

/// What the selected instruction is, whether this GPU runs it and what the report says of it.
void instruction_summary(AppState& s, const Derived& d) {
  const Instruction& in = *d.instr;
  ImGui::PushTextWrapPos(0.f);
  status_text(kDimV, "%s: A .%s %dx%d, B .%s %dx%d, C/D .%s %dx%d", in.group,
              std::string(to_string(in.a.type)).c_str(), in.a.rows, in.a.cols,
              std::string(to_string(in.b.type)).c_str(), in.b.rows, in.b.cols,
              std::string(to_string(in.c.type)).c_str(), in.c.rows, in.c.cols);
  const std::string run = run_status(s, in);
  ImGui::TextColored(run.rfind("runs", 0) == 0         ? kGreenV
                     : run.rfind("model only", 0) == 0 ? kAmberV
                                                       : kDimV,
                     "%s", run.c_str());
  record_widget(s, "instruction_run_status");
  const int index = catalogue_index(&in);
  if (index >= 0 && static_cast<std::size_t>(index) < d.measured.catalogue.size()) {
    using State = MeasuredTable::Entry::State;
    const MeasuredTable::Entry& e = d.measured.catalogue[static_cast<std::size_t>(index)];
    if (e.state != State::absent)
      ImGui::TextColored(e.state == State::matched   ? kGreenV
                         : e.state == State::differs ? kRedV
                                                     : kAmberV,
                         "tensor core: %s", e.detail.c_str());
  }
  if (!s.instruction_notice.empty()) {
    status_text(kAmberV, "%s", s.instruction_notice.c_str());
    record_widget(s, "instruction_notice");
    if (ImGui::SmallButton("dismiss")) s.instruction_notice.clear();
  }
  ImGui::PopTextWrapPos();
}

// [SECTION] labelled rows

/// The labelled rows' fit for this frame: measured in the current font, at the width left now
/// (less the view's scroll bar when it shows), so they follow the window and the display scale.
ControlRowsFit fit_rows() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float box = ImGui::GetFrameHeight();
  const auto text = [](const char* t) { return ImGui::CalcTextSize(t).x; };
  // A radio button or checkbox: its box, the inner gap, its label.
  const auto button = [&](const char* t) { return box + st.ItemInnerSpacing.x + text(t); };
  ControlRowsNeed n;
  n.avail = ImGui::GetContentRegionAvail().x;
  for (const char* l : {"ldmatrix .num", "transpose", "tile width", "pad", "swizzle"})
    n.label_w = std::max(n.label_w, text(l));
  n.spacing = st.ItemSpacing.x;
  n.widest_buttons = std::max({button(".x1") + button(".x2") + button(".x4") + 2 * st.ItemSpacing.x,
                               button(".trans"), button("none") + button("xor") + st.ItemSpacing.x});
  // Four digits (512 and room) in the field, then its - and + buttons.
  n.field_min = text("0000") + 2 * st.FramePadding.x + 2 * (box + st.ItemInnerSpacing.x);
  n.suffix_w = std::max({text("halves"), text("bytes"), text("words"), text("doubles")});
  return fit_control_rows(n);
}

/// A row's label (recorded as `widget`), leaving the cursor where its control goes: beside it, or
/// on the next line when the rows are stacked.
void row_label(AppState& s, const ControlRowsFit& fit, const char* label, const char* widget) {
  ImGui::TextColored(kDimV, "%s", label);
  record_widget(s, widget);
  if (!fit.stacked) ImGui::SameLine(ImGui::GetCursorStartPos().x + fit.control_x);
}

}  // namespace

void draw_controls(AppState& s, const Derived& d) {
  if (!begin_view(s, kWinControls, &s.windows.controls)) {
    ImGui::End();
    return;
  }
  Controls& c = s.controls;

  ImGui::TextColored(kDimV, "instruction");
  instruction_picker(s, d);
  instruction_summary(s, d);

  // A recorded report shows its own ldmatrix geometry: say which controls it set, and that the
  // user's come back on close (report_view.hpp).
  if (s.report && !s.report->changes.empty()) {
    ImGui::PushTextWrapPos(0.f);
    status_text(kAmberV, "%s", changes_text(s.report->changes).c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "controls_report_changes");
  }

  ImGui::Separator();
  // The explorer's ldmatrix and tile feed the ldmatrix and bank views, which relate to the
  // instruction only where its A or B is loaded with ldmatrix.
  if (!d.has_ldmatrix_form) {
    ImGui::PushTextWrapPos(0.f);
    status_text(kDimV, "ldmatrix explorer: %s", d.no_ldmatrix.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(!d.has_ldmatrix_form);
  const ControlRowsFit fit = fit_rows();
  row_label(s, fit, "ldmatrix .num", "label_num");
  for (LdmNum n : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
    const std::string label = "." + std::string(to_string(n));
    if (ImGui::RadioButton(label.c_str(), c.num == n)) c.num = n;
    record_widget(s, ("num_" + std::string(to_string(n))).c_str());
    if (n != LdmNum::x4) ImGui::SameLine();
  }
  row_label(s, fit, "transpose", "label_trans");
  ImGui::Checkbox(".trans", &c.trans);
  record_widget(s, "trans");

  ImGui::Separator();
  // The fields count the instruction's elements (bytes for 8-bit data): the tile is kept in halves.
  const TileFieldUnit unit = tile_field_unit(d.instr->a.type);
  const int step = std::max(1, halves_to_field(8, unit));
  row_label(s, fit, "tile width", "label_width");
  ImGui::SetNextItemWidth(fit.field_w);
  int width = halves_to_field(c.width_halves, unit);
  bool typed = false;  // the note is said of the tile as clamped below
  const NumberEdit width_edit = input_number("##width", &width, step, 8 * step);
  if (width_edit == NumberEdit::changed) {
    c.width_halves = field_to_halves(width, unit);
    s.tile_clamp_note.text = clamp_note("width", width, halves_to_field(kMinWidthHalves, unit),
                                        halves_to_field(kMaxWidthHalves, unit), unit);
    typed = true;
  } else if (width_edit == NumberEdit::not_a_number) {  // `width`: the width before that edit
    c.width_halves = field_to_halves(width, unit);
    s.tile_clamp_note.text = not_a_number_note("width", width, unit);
    typed = true;
  }
  record_widget(s, "width");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "%s", unit.name);
  record_widget(s, "width_unit");
  c.width_halves = std::clamp(c.width_halves, kMinWidthHalves, kMaxWidthHalves);

  row_label(s, fit, "pad", "label_pad");
  ImGui::SetNextItemWidth(fit.field_w);
  int pad = halves_to_field(c.pad_halves, unit);
  const NumberEdit pad_edit = input_number("##pad", &pad, step, step / 8 > 0 ? step / 8 : 1);
  if (pad_edit == NumberEdit::changed) {
    c.pad_halves = field_to_halves(pad, unit);
    s.tile_clamp_note.text = clamp_note("pad", pad, 0, halves_to_field(kMaxPadHalves, unit), unit);
    typed = true;
  } else if (pad_edit == NumberEdit::not_a_number) {  // `pad`: the pad before that edit
    c.pad_halves = field_to_halves(pad, unit);
    s.tile_clamp_note.text = not_a_number_note("pad", pad, unit);
    typed = true;
  }
  {
    // InputInt draws [field][-][+]; record the step buttons separately so tests can click them.
    const Rect r = last_item_rect();
    const float b = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
    s.frame.widgets["pad"] = r;
    s.frame.widgets["pad_plus"] = Rect{r.x + r.w - b, r.y, b, b};
    s.frame.widgets["pad_minus"] = Rect{r.x + r.w - 2 * b - spacing, r.y, b, b};
  }
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "%s", unit.name);
  record_widget(s, "pad_unit");
  c.pad_halves = std::clamp(c.pad_halves, 0, kMaxPadHalves);
  if (typed) s.tile_clamp_note.of = {c.width_halves, c.pad_halves};
  s.tile_clamp_note.drop_unless({c.width_halves, c.pad_halves});
  if (!s.tile_clamp_note.text.empty()) {
    status_text(kAmberV, "%s", s.tile_clamp_note.text.c_str());
    record_widget(s, "tile_clamp_note");
  }

  row_label(s, fit, "swizzle", "label_swizzle");
  if (ImGui::RadioButton("none", c.swizzle == Swizzle::none)) c.pick_swizzle(Swizzle::none);
  record_widget(s, "swizzle_none");
  ImGui::SameLine();
  if (ImGui::RadioButton("xor", c.swizzle == Swizzle::xor_row_mod8))
    s.pad_cleared_for_xor = c.pick_swizzle(Swizzle::xor_row_mod8) || s.pad_cleared_for_xor;
  record_widget(s, "swizzle_xor");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "16-byte chunk index XOR (row %% 8) inside each 128-byte group: CUTLASS Swizzle<3,4,3> on\n"
        "byte offsets, Swizzle<3,3,3> on offsets in halves (as fragviz-cli banks --swizzle takes it);\n"
        "needs a row stride that is a multiple of 64 halves, so picking it sets pad 0");
  if (c.swizzle != Swizzle::xor_row_mod8 || c.pad_halves != 0) s.pad_cleared_for_xor = false;
  if (s.pad_cleared_for_xor) {
    status_text(kDimV, "pad set to 0: the XOR swizzle is defined on an unpadded tile");
    record_widget(s, "pad_cleared_for_xor");
  }

  ImGui::Separator();
  const TileGeometry t = c.tile();
  // Wrapped, as every line below: a narrow view cuts no sentence off at its edge.
  status_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", tile_stride_line(t, unit).c_str());
  if (d.padded.report.error)
    status_text(kRedV, "illegal for ldmatrix: %s", d.padded.report.error->c_str());
  else
    status_text(d.padded.report.bank_conflicts ? kAmberV : kGreenV, "%d wavefronts, %d bank conflicts",
                d.padded.report.wavefronts, d.padded.report.bank_conflicts);
  ImGui::EndDisabled();
  // Two answers on screen at once read as one question's (newcomer round 27): say whose this is.
  if (s.layout.enabled) {
    status_text(kDimV,
                "these figures are this padded tile's; the bank view shows your own layout "
                "(Layout mode), its figures there");
    record_widget(s, "controls_layout_mode_note");
  }
  if (d.has_ldmatrix_form) {
    ImGui::PushTextWrapPos(0.f);
    status_text(kDimV, "%s", ldmatrix_mnemonic(c.ldmatrix()).c_str());
    ImGui::PopTextWrapPos();
  }
  if (s.selected_lane >= 0) {
    if (ImGui::SmallButton("clear lane selection")) s.selected_lane = -1;
  } else {
    status_text(kDimV, "Click a cell or a lane button to select a lane.");
  }
  ImGui::End();
}

}  // namespace fragviz::app
