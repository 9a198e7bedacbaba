// What the three Hopper windows share: the frame's entry point (draw_hopper_views), their place
// in the tiling, the wgmma picker and the warpgroup colours.
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "../palette.hpp"
#include "../picker_filter.hpp"
#include "../window_placement.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "hopper_common.hpp"

namespace fragviz::app {

void draw_hopper_views(AppState& s, HopperViews& v) {
  v.frame = HopperFrame{};
  // Until the user picks an entry, the wgmma views show the mma.sync form's types (newcomer round
  // 20: an f16 form opened the Warpgroup view on the .bf16 default).
  HopperState& h = s.hopper;
  // The lookup runs only when the form changes (v.followed), not every frame.
  if (!h.wgmma_picked) {
    const FollowedWgmma& f = v.followed(s.controls.instruction);
    if (h.wgmma != f.mnemonic) h.wgmma = f.mnemonic;
    if (h.wgmma_note != f.note) h.wgmma_note = f.note;
  } else {
    h.wgmma_note.clear();
  }
  v.refresh(s);
  // A window behind the stacked slot's tabs is not drawn (window_placement.hpp, behind_tab).
  if (s.hopper.warpgroup_open && !behind_tab(s, kWinWarpgroup)) draw_warpgroup(s, v);
  v.refresh(s);  // a pick in one window shows in the next in the same frame
  if (s.hopper.descriptor_open && !behind_tab(s, kWinDescriptor)) draw_descriptor(s, v);
  v.refresh(s);
  if (s.hopper.moves_open && !behind_tab(s, kWinMatrixMoves)) draw_matrix_moves(s, v);
  v.refresh(s);
}

bool begin_hopper_window(AppState& s, const char* name, bool* open) {
  // A tiled view like the others (window_placement.hpp): its place in the layout, no overlap.
  return begin_view(s, name, open);
}

void draw_hopper_view_items(AppState& s) {
  HopperState& h = s.hopper;
  view_menu_item(s, kWinWarpgroup, &h.warpgroup_open, "view_warpgroup");
  view_menu_item(s, kWinDescriptor, &h.descriptor_open, "view_descriptor");
  view_menu_item(s, kWinMatrixMoves, &h.moves_open, "view_moves");
}

namespace {

/// The picker's tag for one entry: what the report says of it, else what it needs.
struct Tag {
  std::string text;
  ImVec4 colour;
};
Tag entry_tag(const AppState& s, const WgmmaInstruction& in) {
  if (const ProbeReport* r = s.probe.report.get())
    for (const WgmmaProbe& p : r->wgmma)
      if (p.mnemonic == in.mnemonic) {
        if (!p.ran) return {"not run", kAmberV};
        return p.mismatches() ? Tag{"measured: DIFFERS", kRedV} : Tag{"measured: match", kGreenV};
      }
  return {"sm_90a", kDimV};
}

}  // namespace

void wgmma_picker(AppState& s, HopperViews& v) {
  const WgmmaInstruction& cur = *v.warpgroup().instr;
  ImGui::SetNextItemWidth(-1);
  const std::string shown = short_wgmma(cur);
  const bool open = ImGui::BeginCombo("##wgmma", shown.c_str(), ImGuiComboFlags_HeightLargest);
  record_widget(s, "wgmma_combo");
  if (ImGui::IsItemHovered() && !open) ImGui::SetTooltip("%s", cur.mnemonic.c_str());
  if (!open) return;
  v.frame.picker_open = true;
  {
    const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
    s.frame.widgets["wgmma_popup"] = Rect{wp.x, wp.y, ws.x, ws.y};
  }
  HopperState& h = s.hopper;
  const bool enter = picker_filter_field(s, "##wgmma_filter", "type to filter, e.g. n256 e4m3",
                                         h.wgmma_filter, "wgmma_filter");
  const std::vector<WgmmaInstruction>& cat = wgmma_catalogue();
  const auto listed = [&](int i) { return wgmma_entry_shown(h.wgmma_filter, i); };
  // The entries shown, in list order, and their labels: Enter takes enter_choice's, as every picker.
  std::vector<const WgmmaInstruction*> shown_entries;
  std::vector<std::string> shown_labels;
  ImFont* bold = fonts().bold ? fonts().bold : ImGui::GetFont();
  const float tag_x = ImGui::GetFontSize() * 19.f;
  for (const WgmmaPickerOrder::Group& g : wgmma_picker_order().groups) {
    if (std::none_of(g.types.begin(), g.types.end(), [&](const WgmmaPickerOrder::Types& t) {
          return std::any_of(t.entries.begin(), t.entries.end(), listed);
        }))
      continue;
    ImGui::PushFont(bold);
    ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1.f), "%s", g.name.c_str());
    ImGui::PopFont();
    for (const WgmmaPickerOrder::Types& t : g.types) {
      if (std::none_of(t.entries.begin(), t.entries.end(), listed)) continue;
      ImGui::Indent();
      ImGui::TextColored(kDimV, "%s  (D, A, B)", t.name.c_str());
      ImGui::Unindent();
      for (int i : t.entries) {
        if (!listed(i)) continue;
        const WgmmaInstruction& in = cat[static_cast<std::size_t>(i)];
        ImGui::Indent(2.f * ImGui::GetFontSize());
        ImGui::PushID(i);
        const bool selected = &in == &cur;
        const std::string name = short_wgmma(in);
        shown_entries.push_back(&in);
        shown_labels.push_back(name);
        if (ImGui::Selectable(name.c_str(), selected, ImGuiSelectableFlags_None,
                              ImVec2(tag_x + ImGui::GetFontSize() * 9.f, 0))) {
          s.hopper.wgmma = in.mnemonic;  // every wgmma has 128 threads: the selected one stays
          s.hopper.wgmma_picked = true;
        }
        if (ImGui::IsItemVisible()) s.frame.widgets["wgmma:" + in.mnemonic] = last_item_rect();
        if (selected) ImGui::SetItemDefaultFocus();
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s\nD %dx%d .%s, A %dx%d .%s, B %dx%d .%s%s", in.mnemonic.c_str(), 64, in.n,
                            std::string(to_string(in.d_type)).c_str(), 64, in.k,
                            std::string(to_string(in.a_type)).c_str(), in.k, in.n,
                            std::string(to_string(in.b_type)).c_str(),
                            in.transpose_allowed ? "\nM/N-major shared-memory operands allowed" : "");
        const Tag tag = entry_tag(s, in);
        ImGui::SameLine(tag_x);
        ImGui::TextColored(tag.colour, "%s", tag.text.c_str());
        ImGui::PopID();
        ImGui::Unindent(2.f * ImGui::GetFontSize());
      }
    }
  }
  if (shown_entries.empty()) {
    ImGui::TextColored(kAmberV, "no entry has every word of the filter");
  } else if (enter) {
    const std::vector<std::string_view> labels(shown_labels.begin(), shown_labels.end());
    h.wgmma = shown_entries[static_cast<std::size_t>(enter_choice(h.wgmma_filter, labels))]->mnemonic;
    h.wgmma_picked = true;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndCombo();
}

ImU32 thread_colour(int thread) {
  const Rgb c = warpgroup_thread_rgb(assets().palette, thread);
  return IM_COL32(c.r, c.g, c.b, 255);
}

ImU32 thread_text_colour(int thread) {
  const Rgb c = warpgroup_thread_rgb(assets().palette, thread);
  const float luma = (0.299f * c.r + 0.587f * c.g + 0.114f * c.b) / 255.f;
  return luma > 0.55f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

void owner_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 fill, bool dim, bool selected, bool hovered) {
  if (dim) fill = over_window_bg(fill, kDimmedCellAlpha);
  dl->AddRectFilled(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), fill);
  // A thick outline would hide the fill of a small cell: there the bright fill among dimmed cells
  // says enough, with a thin outline.
  const bool small = b.x - a.x < 14.f || b.y - a.y < 12.f;
  if (selected && small)
    dl->AddRect(a, b, IM_COL32(255, 255, 255, 230), 0.f, 0, 1.f);
  else if (selected)
    dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), IM_COL32(255, 255, 255, 255), 0.f, 0,
                2.5f);
  else if (hovered)
    dl->AddRect(a, b, IM_COL32(255, 255, 255, 200), 0.f, 0, 1.5f);
}

void measured_mark(ImDrawList* dl, ImVec2 a, ImVec2 b, int state) {
  if (state == 2) {
    mismatch_mark(dl, a, b);
  } else if (state == 1 && b.x - a.x >= 10.f && b.y - a.y >= 10.f) {
    dl->AddTriangleFilled(ImVec2(b.x - 7.f, a.y + 1.f), ImVec2(b.x - 1.f, a.y + 1.f),
                          ImVec2(b.x - 1.f, a.y + 7.f), kGreen);
  }
}

void measured_line(const std::string& text, bool measured, bool differs) {
  status_text(differs ? kRedV : measured ? kGreenV : kDimV, "%s", text.c_str());
}

void wgmma_field_cells(const WgmmaRegister& r, const WgmmaField& f) {
  ImGui::TableNextColumn();
  ImGui::Text("%d..%d", f.bit + f.bits - 1, f.bit);
  ImGui::TableNextColumn();
  ImGui::Text("%s (V%d)", element_name(r.operand, f.element, FragmentScope::warpgroup).c_str(), f.element);
  ImGui::TableNextColumn();
  ImGui::Text(r.operand == Operand::A ? "(%d, k %d)" : "(%d, %d)", f.coord.row, f.coord.col);
}

}  // namespace fragviz::app
