#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>

#include "../palette.hpp"
#include "../picker_filter.hpp"
#include "../text_fit.hpp"
#include "../window_placement.hpp"
#include "../zoom_grid.hpp"
#include "fragviz/viewmodel/tile_units.hpp"  // is_typed_number
#include "imgui_internal.h"                  // ImGui::GetCurrentWindow, for a window that sizes itself
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {

Fonts& fonts() {
  static Fonts f;
  return f;
}

Rect last_item_rect() {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void record_widget(AppState& s, const char* name) { s.frame.widgets[name] = last_item_rect(); }

void view_menu_item(AppState& s, const char* title, bool* open, const char* widget) {
  if (ImGui::MenuItem(title, nullptr, open) && *open) reveal_opened_view(s, title);
  record_widget(s, widget);
}

namespace {

/// What an ImGui label shows: the text before "##".
std::string_view shown_part(std::string_view label) { return label.substr(0, label.find("##")); }

/// Width of a combo's frame that is not its preview: the left padding and the square arrow button
/// (ImGui 1.86's BeginCombo clips the preview there).
float combo_chrome() { return ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight(); }

}  // namespace

float combo_width(const std::vector<std::string>& labels) {
  float text = 0.f;
  for (const std::string& l : labels) {
    const std::string_view v = shown_part(l);
    text = std::max(text, ImGui::CalcTextSize(v.data(), v.data() + v.size()).x);
  }
  // A pixel over, so that ImGui's clip at the arrow never takes the last glyph's edge.
  return std::min(std::ceil(text + combo_chrome()) + 1.f, ImGui::GetContentRegionAvail().x);
}

void combo_preview(AppState& s, const char* widget, const std::string& preview, const std::string& about) {
  record_widget(s, widget);
  const std::string_view v = shown_part(preview);
  FrameRecord::PickerRecord r;
  r.preview = std::string(v);
  r.text_w = ImGui::CalcTextSize(v.data(), v.data() + v.size()).x;
  r.room = ImGui::GetItemRectSize().x - combo_chrome();
  r.cut = r.text_w > r.room;
  if ((r.cut || !about.empty()) && ImGui::IsItemHovered() &&
      !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    r.tooltip_text = r.cut ? r.preview + (about.empty() ? "" : "\n\n" + about) : about;
    text_tooltip(ImGui::GetStyle().Colors[ImGuiCol_Text], r.tooltip_text);
    r.tooltip = r.cut;
  }
  s.frame.pickers[widget] = r;
}

void status_text(const ImVec4& colour, const char* fmt, ...) {
  std::va_list args;
  va_start(args, fmt);
  std::va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  std::string text(n > 0 ? static_cast<std::size_t>(n) : 0u, '\0');
  if (n > 0) std::vsnprintf(text.data(), text.size() + 1, fmt, again);
  va_end(again);
  // A window that sizes itself to its content (tooltip, popup) has no right edge to wrap at: wrapping
  // at it would narrow the window frame by frame.
  ImGuiWindow* w = ImGui::GetCurrentWindow();
  const bool self_sizing = (w->Flags & ImGuiWindowFlags_AlwaysAutoResize) != 0;
  // Else at the visible right edge: ImGui's own (wrap pos 0) is the content's, which in a child that
  // scrolls sideways (the CTA tile's grids) lies past the view and cut the join line there.
  const float edge = std::min(w->WorkRect.Max.x, w->InnerRect.Max.x - w->WindowPadding.x);
  // A self-sizing one wraps at 40 em, or less where the display is narrower than that (a tooltip
  // must fit beside the pointer: the ladder's rung 7 ran off the screen, newcomer round 25).
  const ImGuiStyle& st = ImGui::GetStyle();
  const float display_room =
      ImGui::GetIO().DisplaySize.x - 2.f * (st.WindowPadding.x + st.DisplaySafeAreaPadding.x);
  ImGui::PushTextWrapPos(self_sizing ? ImGui::GetCursorPosX() +
                                           std::max(ImGui::GetFontSize() * 10.f,
                                                    std::min(ImGui::GetFontSize() * 40.f, display_room))
                                     : std::max(edge - w->Pos.x + w->Scroll.x, 1.f));
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
}

void record_text_line(AppState& s, const char* widget, const std::string& text, bool cut) {
  record_widget(s, widget);
  FrameRecord::TextLineRecord r;
  r.text = text;
  r.right = ImGui::GetItemRectMax().x;
  r.view_right = ImGui::GetCurrentWindow()->InnerClipRect.Max.x;
  r.lines = std::max(1, static_cast<int>(std::lround(ImGui::GetItemRectSize().y / ImGui::GetFontSize())));
  r.clipped = r.right > r.view_right + 0.5f;
  r.cut = cut;
  s.frame.text_lines[widget] = r;
}

void answer_text(AppState& s, const char* widget, const ImVec4& colour, const std::string& text) {
  status_text(colour, "%s", text.c_str());
  record_text_line(s, widget, text, false);
}

void fit_text(AppState& s, const char* widget, const ImVec4& colour, const std::string& text) {
  const bool cut = fit_text_cut(colour, text);
  record_text_line(s, widget, text, cut);
}

void fit_text(const ImVec4& colour, const std::string& text) { fit_text_cut(colour, text); }

bool fit_text_cut(const ImVec4& colour, const std::string& text) {
  // A self-sizing window (tooltip, popup) has no width to cut at: 40 em, as status_text wraps.
  const bool self_sizing = (ImGui::GetCurrentWindow()->Flags & ImGuiWindowFlags_AlwaysAutoResize) != 0;
  const float room = self_sizing ? ImGui::GetFontSize() * 40.f : ImGui::GetContentRegionAvail().x;
  const auto measure = [](std::string_view t) {
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  };
  const std::string shown = elide(text, room, measure);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
  ImGui::PopStyleColor();
  if (shown != text && ImGui::IsItemHovered()) text_tooltip(colour, text);
  return shown != text;
}

void text_tooltip(const ImVec4& colour, const std::string& text) {
  ImGui::BeginTooltip();
  status_text(colour, "%s", text.c_str());
  ImGui::EndTooltip();
}

void toggle_lane(AppState& s, int lane) { s.selected_lane = (s.selected_lane == lane) ? -1 : lane; }

bool centred_text(ImDrawList* dl, ImFont* font, ImVec2 a, ImVec2 b, ImU32 col, const char* text) {
  if (!font) font = ImGui::GetFont();
  const float size = font->FontSize;
  const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.f, text);
  if (ts.x > b.x - a.x - 2.f || ts.y > b.y - a.y + 1.f) return false;
  dl->AddText(font, size, ImVec2(a.x + (b.x - a.x - ts.x) * 0.5f, a.y + (b.y - a.y - ts.y) * 0.5f), col,
              text);
  return true;
}

namespace {

/// A label of a cell (or a run of cells) spanning [c0, c1) along the band, its box at `lo` sized
/// `t`, kept between `vis_min` and `vis_max` along the band: slid into the visible part of its
/// cells, so a row or column cut by the view's edge keeps its number (issue 22: a zoomed grid's
/// top, partly visible row had none), and clipped where that part is shorter than the label.
/// Returns false where none of its cells is in view; sets the visible part of the box.
bool slide_into_view(ImVec2& lo, ImVec2 t, float c0, float c1, bool horizontal, const ImVec2& vis_min,
                     const ImVec2& vis_max, ImVec2* clip_min, ImVec2* clip_max) {
  float& p = horizontal ? lo.x : lo.y;
  const float size = horizontal ? t.x : t.y;
  const float v0 = std::max(c0, horizontal ? vis_min.x : vis_min.y);
  const float v1 = std::min(c1, horizontal ? vis_max.x : vis_max.y);
  if (v1 - v0 < 1.f) return false;
  // Into the visible part; where it is shorter than the label, the label's end stays at the cell's.
  p = std::min(std::max(p, v0), v1 - size);
  *clip_min = lo;
  *clip_max = ImVec2(lo.x + t.x, lo.y + t.y);
  (horizontal ? clip_min->x : clip_min->y) = std::max(p, v0);
  (horizontal ? clip_max->x : clip_max->y) = std::min(p + size, v1);
  return true;
}

}  // namespace

int index_label_step(ImFont* f, int count, float cell, bool horizontal, const IndexLabelStyle& style) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d", count - 1);
  const ImVec2 ts = f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, buf);
  const float need = (horizontal ? ts.x : ts.y) + style.gap;
  int step = 1;
  while (step < count && static_cast<float>(step) * cell < need) step *= 2;
  return step;
}

void index_labels(ImDrawList* dl, ImFont* f, ImVec2 o, int count, float cell, bool horizontal, float a,
                  float b, const ImVec2& vis_min, const ImVec2& vis_max, const IndexLabelStyle& style,
                  bool keep_in_view, std::vector<TextRecord>* drawn) {
  const ImU32 col = IM_COL32(160, 166, 176, 255);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d", count - 1);
  const ImVec2 ts = f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, buf);
  const int step = index_label_step(f, count, cell, horizontal, style);
  if (style.skip_thin_band && horizontal && b - a < ts.y - 1.f) return;
  if (style.skip_thin_band && !horizontal && b - a < ts.x + 2.f) return;
  for (int i = 0; i < count; i += step) {
    const float p0 = (horizontal ? o.x : o.y) + static_cast<float>(i) * cell;
    const float span = cell * static_cast<float>(step);
    if (horizontal ? (p0 > vis_max.x || p0 + span < vis_min.x) : (p0 > vis_max.y || p0 + span < vis_min.y))
      continue;
    std::snprintf(buf, sizeof buf, "%d", i);
    // The label's box, where centred_text (step 1) or AddText puts it.
    const ImVec2 t = f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, buf);
    ImVec2 lo = step != 1    ? (horizontal ? ImVec2(p0 + 1.f, a) : ImVec2(a, p0))
                : horizontal ? ImVec2(p0 + (cell - t.x) * 0.5f, a + (b - a - t.y) * 0.5f)
                             : ImVec2(a + (b - a - t.x) * 0.5f, p0 + (cell - t.y) * 0.5f);
    if (step == 1 && (t.x > (horizontal ? cell : b - a) - 2.f || t.y > (horizontal ? b - a : cell) + 1.f))
      continue;  // no room in its cell (centred_text's rule)
    ImVec2 clip_min = lo, clip_max(lo.x + t.x, lo.y + t.y);
    if (step > 1) {
      // A label over several cells names its first: never slid beside another row or column ("30"
      // read as row 31's number when row 30 lay under the pinned column band, newcomer round 29);
      // with its cell's centre out of view it is left out, and cut where the view ends.
      const float lo_edge = horizontal ? vis_min.x : vis_min.y, hi_edge = horizontal ? vis_max.x : vis_max.y;
      if (p0 + 0.5f * cell < lo_edge || p0 + 0.5f * cell > hi_edge) continue;
      clip_min = ImVec2(std::max(clip_min.x, vis_min.x), std::max(clip_min.y, vis_min.y));
      clip_max = ImVec2(std::min(clip_max.x, vis_max.x), std::min(clip_max.y, vis_max.y));
      if (clip_max.x - clip_min.x < 1.f || clip_max.y - clip_min.y < 1.f) continue;
    } else if (keep_in_view &&
               !slide_into_view(lo, t, p0, p0 + span, horizontal, vis_min, vis_max, &clip_min, &clip_max)) {
      continue;
    }
    const bool clipped =
        clip_min.x > lo.x || clip_min.y > lo.y || clip_max.x < lo.x + t.x || clip_max.y < lo.y + t.y;
    if (clipped) dl->PushClipRect(clip_min, clip_max, true);
    dl->AddText(f, f->FontSize, lo, col, buf);
    if (clipped) dl->PopClipRect();
    if (drawn)
      drawn->push_back(
          TextRecord{buf, Rect{clip_min.x, clip_min.y, clip_max.x - clip_min.x, clip_max.y - clip_min.y}});
  }
}

std::pair<float, float> pinned_index_labels(ImDrawList* dl, ImFont* f, ImVec2 g0, int rows, int cols,
                                            float cw, float ch, float hl, float wl, bool columns_in_place,
                                            const ImVec2& vis_min, const ImVec2& vis_max,
                                            const IndexLabelStyle& style, std::vector<TextRecord>* drawn) {
  const float none = std::nanf("");
  const ImVec2 g1(g0.x + static_cast<float>(cols) * cw, g0.y + static_cast<float>(rows) * ch);
  if (g1.x <= vis_min.x || g0.x >= vis_max.x || g1.y <= vis_min.y || g0.y >= vis_max.y) return {none, none};
  float band_y = none;
  const float y = sticky_band(g0.y - hl, vis_min.y, g1.y - hl);
  const bool stuck_y = y > g0.y - hl;
  const float x = sticky_band(g0.x - wl, vis_min.x, g1.x - wl);
  // Each band's labels stay in their own band: the column numbers right of the row band, the row
  // numbers under the column band (zoomed in, a row number was drawn in the column band).
  if (columns_in_place || stuck_y) {
    if (stuck_y)
      sticky_backdrop(dl, ImVec2(std::max(g0.x, vis_min.x), y), ImVec2(std::min(g1.x, vis_max.x), y + hl));
    index_labels(dl, f, g0, cols, cw, true, y, y + hl, ImVec2(std::max(vis_min.x, x + wl), vis_min.y),
                 vis_max, style, true, drawn);
    band_y = y;
  }
  if (x > g0.x - wl)
    sticky_backdrop(dl, ImVec2(x, std::max(g0.y, vis_min.y)), ImVec2(x + wl, std::min(g1.y, vis_max.y)));
  const float rows_from = std::isnan(band_y) ? vis_min.y : std::max(vis_min.y, band_y + hl);
  index_labels(dl, f, g0, rows, ch, false, x, x + wl - 1.f, ImVec2(vis_min.x, rows_from), vis_max, style,
               true, drawn);
  return {band_y, x};
}

ImU32 over_window_bg(ImU32 colour, int alpha) {
  const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  const float t = static_cast<float>(alpha) / 255.f;
  return ImGui::GetColorU32(
      ImVec4(bg.x + (c.x - bg.x) * t, bg.y + (c.y - bg.y) * t, bg.z + (c.z - bg.z) * t, 1.f));
}

void grid_backdrop(ImDrawList* dl, ImVec2 a, ImVec2 b) { dl->AddRectFilled(a, b, IM_COL32(20, 20, 24, 255)); }

void lane_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, int lane, int selected, bool hovered) {
  ImU32 fill = lane_colour(lane);
  if (selected >= 0 && selected != lane) fill = over_window_bg(fill, 0x38);  // dim others
  // The cell's 1-pixel dark border is the grid backdrop showing around the fill: one rectangle per
  // cell instead of a fill and an outline (half the triangles, none of them thin slivers).
  dl->AddRectFilled(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), fill);
  if (selected == lane) {
    dl->AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), IM_COL32(255, 255, 255, 255), 0.f, 0,
                2.5f);
  } else if (hovered) {
    dl->AddRect(a, b, IM_COL32(255, 255, 255, 200), 0.f, 0, 1.5f);
  }
}

void mismatch_mark(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  dl->AddRect(a, b, kRed, 0.f, 0, 3.f);
  dl->AddLine(a, b, kRed, 2.f);
  dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), kRed, 2.f);
}

const char* operand_key(Operand op) { return op == Operand::A ? "A" : op == Operand::B ? "B" : "C"; }

int filtered_list(AppState& s, const char* widget, const std::vector<PickerEntry>& entries,
                  const char* noun) {
  const std::string field = std::string(widget) + "_filter";
  const bool enter =
      picker_filter_field(s, ("##" + field).c_str(), "type to filter", s.list_filter, field.c_str());
  int picked = -1;
  std::vector<int> shown;  // indices of the entries the filter lets through, for Enter
  std::vector<std::string_view> shown_labels, shown_also;
  const std::string* group = nullptr;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const PickerEntry& e = entries[i];
    if (!picker_matches(s.list_filter, e.label, e.group, e.also)) continue;
    shown.push_back(static_cast<int>(i));
    shown_labels.emplace_back(e.label);
    shown_also.emplace_back(e.also);
    if (!e.group.empty() && (!group || *group != e.group)) {
      group = &e.group;
      ImGui::Separator();
      ImGui::TextDisabled("%s", e.group.c_str());
    }
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(e.label.c_str(), e.selected)) picked = static_cast<int>(i);
    if (e.selected) ImGui::SetItemDefaultFocus();
    if (!e.widget.empty() && ImGui::IsItemVisible()) record_widget(s, e.widget.c_str());
    if (!e.tooltip.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.tooltip.c_str());
    ImGui::PopID();
  }
  if (shown.empty()) {
    // Named with the filter, so Enter on a name the list lacks says what it looked for.
    const std::string none = std::string("no ") + noun + " matches '" + s.list_filter + "'";
    status_text(kAmberV, "%s", none.c_str());
    record_text_line(s, (std::string(widget) + "_no_match").c_str(), none);
  } else if (enter && picked < 0) {
    picked = shown[static_cast<std::size_t>(enter_choice(s.list_filter, shown_labels, shown_also))];
    ImGui::CloseCurrentPopup();
  }
  return picked;
}

bool escape_closes_dialog(bool& picker_was_open) {
  // A popup opened above the current BeginPopup level: a combo's or a picker's list.
  const bool open_now = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  const bool was_open = picker_was_open;
  picker_was_open = open_now;
  return !was_open && !open_now && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
}

bool picker_filter_field(AppState& s, const char* id, const char* hint, std::string& text,
                         const char* widget) {
  if (ImGui::IsWindowAppearing()) {
    text.clear();
    ImGui::SetKeyboardFocusHere();
  }
  ImGui::SetNextItemWidth(-1);
  const bool enter = ImGui::InputTextWithHint(id, hint, &text, ImGuiInputTextFlags_EnterReturnsTrue);
  record_widget(s, widget);
  // Escape in the field only ends its editing; a user means the list.
  if (ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  return enter;
}

std::string register_name(const OperandTable& t, int r) {
  // Elements per register from the table itself: .kind::mxf4 packs eight .e2m1 where element_bits says 8.
  return fragviz::register_name_per(t.operand, t.registers > 0 ? t.per_lane / t.registers : 1, r);
}

std::string coord_text(const Coord& c, bool products) {
  std::string s = "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")";
  if (products) s += " q" + std::to_string(c.product);
  return s;
}

std::string hex(std::uint32_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*X", digits, v);
  return buf;
}

const char* short_mnemonic(const Instruction& in) {
  constexpr const char kPrefix[] = "mma.sync.aligned.";
  const std::string_view m = in.mnemonic;
  return m.substr(0, sizeof kPrefix - 1) == kPrefix ? in.mnemonic + sizeof kPrefix - 1 : in.mnemonic;
}

const LdmatrixProbe* measured_ldmatrix(const AppState& s) {
  if (!s.probe.report) return nullptr;
  const LdmatrixProbe& p = s.probe.report->ldmatrix;
  const Controls& c = s.controls;
  if (!p.ran || p.config.num != c.num || p.config.trans != c.trans || p.tile.width_halves != c.width_halves ||
      p.tile.pad_halves != c.pad_halves || p.tile.swizzle != c.swizzle)
    return nullptr;
  return &p;
}

bool draw_no_ldmatrix_notice(AppState& s, const Derived& d, const char* widget, const char* view) {
  if (d.has_ldmatrix_form) return false;
  status_text(kAmberV, "%s", d.no_ldmatrix.c_str());
  record_text_line(s, widget, d.no_ldmatrix);
  const std::string hint = no_ldmatrix_hint(view);
  status_text(kDimV, "%s", hint.c_str());
  record_text_line(s, (std::string(widget) + "_hint").c_str(), hint);
  return true;
}

scene::CellLabels export_labels(CellLabelMode m) {
  switch (m) {
    case CellLabelMode::full:
    case CellLabelMode::two_lines:
      return scene::CellLabels::full;
    case CellLabelMode::owner:
      return scene::CellLabels::lane;
    case CellLabelMode::number:
      return scene::CellLabels::number;
    case CellLabelMode::none:
      break;
  }
  return scene::CellLabels::none;
}

CellLabelSizes cell_label_sizes(ImFont* f, int max_owner, int max_element) {
  auto width = [&](const std::string& t) {
    return f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, t.c_str()).x + 2.f;
  };
  const std::string owner = std::to_string(max_owner), element = "V" + std::to_string(max_element);
  return CellLabelSizes{width("T" + owner + " " + element), width("T" + owner), width(owner), width(element),
                        f->FontSize};
}

CellLabelMode cell_label_mode(ImFont* f, float cw, float ch, int max_owner, int max_element) {
  return cell_label_mode(cw, ch, cell_label_sizes(f, max_owner, max_element));
}

CellLabelMode bank_word_label_mode(float cw, float chh) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  return owner_label_mode(cw, chh, cell_label_sizes(sf, kWarpSize - 1, 0));
}

void bank_word_label(AppState& s, ImDrawList* dl, const std::string& key, int line, int bank, int reader,
                     CellLabelMode mode, ImVec2 a, ImVec2 z, bool faded) {
  if (reader < 0 || (mode != CellLabelMode::owner && mode != CellLabelMode::number)) return;
  char text[8];
  std::snprintf(text, sizeof text, mode == CellLabelMode::owner ? "T%d" : "%d", reader);
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  if (!centred_text(dl, sf, a, z, faded ? faded_text_colour() : lane_text_colour(reader), text)) return;
  const auto v = s.frame.banks_view.visible.find(key);
  if (v != s.frame.banks_view.visible.end() && !v->second.empty() && line >= v->second.first_row &&
      line <= v->second.last_row && bank >= v->second.first_col && bank <= v->second.last_col)
    s.frame.banks_view.labels[key].push_back(BanksViewRecord::WordLabel{line, bank, text});
}

ImVec2 fit_bank_cells(ImVec2 avail, int grids, int lines, float wl, float hl, float foot, float gap) {
  const float n = static_cast<float>(std::max(1, grids));
  const float cw = std::max(4.f, std::floor((avail.x - n * wl - (n - 1.f) * gap) / (32.f * n)));
  // Whole pixels, never under kMinBankLinePx: a longer tile in a short view scrolls (newcomer round
  // 9: "fit" drew 1-pixel lines nobody could read or hit).
  const float raw = (avail.y - hl - foot - 4.f) / static_cast<float>(std::max(1, lines));
  const float chh = std::min(cw * 1.3f, std::max(kMinBankLinePx, std::floor(raw)));
  return ImVec2(cw, chh);
}

float readable_bank_zoom(ImVec2 fit) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  // zoomed_cell floors to whole pixels: a hair more, so the zoomed line is at least the font's height.
  return std::max(1.f, (std::ceil(sf->FontSize) + 0.5f) / std::max(fit.y, 0.01f));
}

float bank_grid_least_height(float hl, float foot) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  // A line at the readable zoom (readable_bank_zoom) is the small font's height, whole pixels.
  const float line = std::ceil(sf->FontSize);
  return ImGui::GetFrameHeightWithSpacing() + hl + static_cast<float>(kMinBankGridLines) * line + foot +
         ImGui::GetStyle().ScrollbarSize;
}

ImVec2 zoomed_bank_cells(ImVec2 fit, float zoom) {
  const float chh = zoomed_cell(fit.y, zoom);
  return ImVec2(std::max(fit.x, std::floor(chh / 1.3f)), chh);
}

VisibleGrid visible_cells(ImVec2 g0, float cw, float ch, int rows, int cols, const ImVec2& vis_min,
                          const ImVec2& vis_max) {
  VisibleGrid v;
  v.rows = rows;
  v.cols = cols;
  if (vis_max.x <= vis_min.x || vis_max.y <= vis_min.y) return v;
  const IndexSpan c = visible_span(g0.x, cw, cols, vis_min.x, vis_max.x);
  const IndexSpan r = visible_span(g0.y, ch, rows, vis_min.y, vis_max.y);
  v.first_col = c.first;
  v.last_col = c.last;
  v.first_row = r.first;
  v.last_row = r.last;
  return v;
}

VisibleGrid visible_bank_grid(const AppState& s, const BankGrid& g, ImVec2 vis_min, ImVec2 vis_max) {
  // Less the sticky bank-number and address bands (draw_grid_labels), which hide the cells under them.
  vis_min = ImVec2(std::max(vis_min.x, g.o.x) + g.wl, std::max(vis_min.y, g.o.y) + g.hl);
  clip_to_view_area(s, vis_min, vis_max);
  return visible_cells(g.g0, g.cw, g.chh, g.lines, 32, vis_min, vis_max);
}

BankGrid place_bank_grid(const char* id, ImVec2 o, int lines, float wl, float hl, float foot, float cw,
                         float chh) {
  BankGrid g;
  g.o = o;
  g.lines = lines;
  g.cw = cw;
  g.chh = chh;
  g.wl = wl;
  g.hl = hl;
  g.g0 = ImVec2(o.x + wl, o.y + hl);
  g.size = ImVec2(wl + 32 * cw, hl + chh * static_cast<float>(lines) + foot);
  ImGui::SetCursorScreenPos(o);
  ImGui::InvisibleButton(id, g.size);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  g.hb = static_cast<int>(std::floor((mouse.x - g.g0.x) / g.cw));
  g.hline = static_cast<int>(std::floor((mouse.y - g.g0.y) / g.chh));
  g.hit = hovered && g.hb >= 0 && g.hb < 32 && g.hline >= 0 && g.hline < lines;
  return g;
}

std::pair<float, float> draw_bank_grid_labels(ImDrawList* dl, const BankGrid& g, const char* address_format,
                                              const ImVec2& vis_min, const ImVec2& vis_max,
                                              int* address_every) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImU32 lab = kBankGridLabel;
  const ImVec2 g1(g.g0.x + 32.f * g.cw, g.g0.y + static_cast<float>(g.lines) * g.chh);
  // Bank numbers: at the top of the grid, or of the view while the grid runs on under it.
  const float y = sticky_band(g.o.y, vis_min.y, g1.y - g.hl);
  if (y > g.o.y)
    sticky_backdrop(dl, ImVec2(std::max(g.g0.x, vis_min.x), y), ImVec2(std::min(g1.x, vis_max.x), y + g.hl));
  index_labels(dl, sf, g.g0, 32, g.cw, true, y, y + g.hl, vis_min, vis_max, IndexLabelStyle{3.f, false});
  // Line addresses: every line where a label fits its height, else every few.
  const float x = sticky_band(g.o.x, vis_min.x, g1.x - g.wl);
  if (x > g.o.x)
    sticky_backdrop(dl, ImVec2(x, std::max(g.g0.y, vis_min.y)), ImVec2(x + g.wl, std::min(g1.y, vis_max.y)));
  const int every = g.chh >= sf->FontSize ? 1 : static_cast<int>(std::ceil(sf->FontSize / g.chh));
  if (address_every) *address_every = every;
  char buf[24];
  for (int line = 0; line < g.lines; line += every) {
    const float ly = g.g0.y + static_cast<float>(line) * g.chh;
    if (ly + g.chh < vis_min.y || ly > vis_max.y) continue;
    std::snprintf(buf, sizeof buf, address_format, line * 128);
    dl->AddText(sf, sf->FontSize, ImVec2(x, ly + (g.chh - sf->FontSize) * 0.5f), lab, buf);
  }
  return {y, x};
}

void record_banks_view(AppState& s, float zoom, float readable, float cw, float chh, const ZoomScroll& sc) {
  BanksViewRecord& r = s.frame.banks_view;
  r.drawn = true;
  r.zoom = zoom;
  r.readable_zoom = readable;
  r.cell_w = cw;
  r.cell_h = chh;
  r.scroll_x = sc.x;
  r.scroll_y = sc.y;
  r.scroll_max_x = sc.max_x;
  r.scroll_max_y = sc.max_y;
  s.banks_whole_height = ImGui::GetCurrentWindow()->RootWindow->Size.y + sc.max_y;
}

namespace {

/// A whole number of `T` read from text typed into a number field (is_typed_number), held to T's
/// range; `past` gets which end of it the number was past: -1 below, 1 above, 0 neither.
template <class T>
T read_held(const std::string& text, int* past) {
  using L = std::numeric_limits<T>;
  *past = 0;
  if constexpr (std::is_signed_v<T>) {
    const long long x = std::strtoll(text.c_str(), nullptr, 10);  // ERANGE: LLONG_MAX/MIN
    *past = x > L::max() ? 1 : x < L::min() ? -1 : 0;
    return static_cast<T>(std::clamp<long long>(x, L::min(), L::max()));
  } else {
    // strtoull takes "-1" as 2^64 - 1: a minus (before any digit but 0s) is below the least.
    const std::size_t first = text.find_first_not_of(" \t");
    if (text[first] == '-') {
      if (text.find_first_not_of("0 \t", first + 1) != std::string::npos) *past = -1;
      return 0;
    }
    errno = 0;
    const unsigned long long x = std::strtoull(text.c_str(), nullptr, 10);  // ERANGE: ULLONG_MAX
    if (errno == ERANGE || x > L::max()) {
      *past = 1;
      return L::max();
    }
    return static_cast<T>(x);
  }
}

/// `v` moved by `by`, held to T's range.
template <class T>
T stepped(T v, long long by) {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>(std::clamp<long long>(static_cast<long long>(v) + by, L::min(), L::max()));
  else if (by >= 0)
    return v > L::max() - static_cast<T>(by) ? L::max() : static_cast<T>(v + static_cast<T>(by));
  else
    return v < static_cast<T>(-by) ? T{0} : static_cast<T>(v - static_cast<T>(-by));
}

/// input_number over any whole-number type: `past`, where given, gets which end of T the number
/// taken from the text last this frame was past (read_held), 0 when none was taken.
template <class T>
NumberEdit input_whole(const char* label, T* v, int step, int step_fast, ImGuiInputTextFlags flags,
                       T* edit_start, int* past) {
  // ImGui::InputScalar's field and step buttons, laid out as it lays them out, but over a text field
  // without its character filter: ImGui 1.86 drops each letter typed, so "1e3" read as 13 and "a1"
  // as 1 (then "set to 8"), and "abc" left no trace. Here the text is kept as typed and read only
  // where it is a number (is_typed_number). Per field while it is edited: its text, and its value
  // before the edit, which an edit that ends on no number gives back.
  struct Typed {
    std::string text;
    T start{};
  };
  static std::map<ImGuiID, Typed> typed;
  ImGuiContext& g = *GImGui;
  ImGuiStyle& style = ImGui::GetStyle();
  const bool buttons = step > 0;
  const float button_size = ImGui::GetFrameHeight();
  std::string text = std::to_string(*v);  // what the field shows unless it is being edited
  flags |= ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_NoMarkEdited;
  bool value_changed = false;
  if (past) *past = 0;
  const auto take = [&](T held) {
    value_changed |= held != *v;
    *v = held;
  };
  if (buttons) {
    ImGui::BeginGroup();  // the caller's last item: the field and its buttons, as InputScalar's
    ImGui::PushID(label);
    ImGui::SetNextItemWidth(
        std::max(1.f, ImGui::CalcItemWidth() - (button_size + style.ItemInnerSpacing.x) * 2));
  }
  const bool edited = ImGui::InputText(buttons ? "" : label, &text, flags);
  const ImGuiID text_id = ImGui::GetItemID();
  if (edited) {
    typed.try_emplace(text_id, Typed{{}, *v}).first->second.text = text;
    if (is_typed_number(text)) {
      int end = 0;
      take(read_held<T>(text, &end));
      if (past) *past = end;
    }
  }
  if (edit_start) {
    const auto it = typed.find(text_id);
    *edit_start = it != typed.end() ? it->second.start : *v;
  }
  bool not_a_number = false;
  if (!ImGui::IsItemActive()) {
    if (const auto it = typed.find(text_id); it != typed.end()) {  // its edit ended
      const bool blank = it->second.text.find_first_not_of(" \t") == std::string::npos;
      if (!blank && !is_typed_number(it->second.text)) {
        not_a_number = true;
        take(it->second.start);  // the value before the edit: the digits among the letters were not it
      }
      typed.erase(it);
    }
  }
  if (buttons) {
    const ImVec2 backup_frame_padding = style.FramePadding;
    style.FramePadding.x = style.FramePadding.y;
    const ImGuiButtonFlags button_flags = ImGuiButtonFlags_Repeat | ImGuiButtonFlags_DontClosePopups;
    const long long by = g.IO.KeyCtrl && step_fast > 0 ? step_fast : step;
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    if (ImGui::ButtonEx("-", ImVec2(button_size, button_size), button_flags)) take(stepped(*v, -by));
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    if (ImGui::ButtonEx("+", ImVec2(button_size, button_size), button_flags)) take(stepped(*v, by));
    const char* label_end = ImGui::FindRenderedTextEnd(label);
    if (label != label_end) {
      ImGui::SameLine(0, style.ItemInnerSpacing.x);
      ImGui::TextEx(label, label_end);
    }
    style.FramePadding = backup_frame_padding;
    ImGui::PopID();
    ImGui::EndGroup();
  }
  // As InputScalar marks it, but not for the value an edit ended by a click elsewhere gave back: the
  // item clicked is the active one by then (ImGui asserts that the one marked is).
  if (value_changed && (g.ActiveId == 0 || g.ActiveId == g.LastItemData.ID))
    ImGui::MarkItemEdited(g.LastItemData.ID);
  if (not_a_number) return NumberEdit::not_a_number;
  return value_changed ? NumberEdit::changed : NumberEdit::none;
}

}  // namespace

NumberEdit input_number(const char* label, int* v, int step, int step_fast, ImGuiInputTextFlags flags,
                        int* edit_start) {
  return input_whole(label, v, step, step_fast, flags, edit_start, nullptr);
}

bool seed_field(AppState& s, const char* widget, const char* label, std::uint64_t* v) {
  // Its note is said of the seed's two 32-bit halves (ClampNote holds ints).
  const auto halves = [](std::uint64_t x) {
    return std::array<int, 2>{static_cast<int>(static_cast<std::uint32_t>(x)), static_cast<int>(x >> 32)};
  };
  ClampNote& note = s.number_notes[widget];
  std::uint64_t x = *v;
  int past = 0;
  const NumberEdit edit = input_whole(label, &x, 0, 0, 0, static_cast<std::uint64_t*>(nullptr), &past);
  record_widget(s, widget);
  const bool changed = x != *v;
  *v = x;
  if (edit == NumberEdit::not_a_number)  // `x`: the seed before the edit
    note = {not_a_number_note("seed", std::to_string(x), ""), halves(x)};
  else if (past != 0)  // said even where the seed was that end already
    note = {past_end_note("seed", past > 0, std::to_string(x), ""), halves(x)};
  else if (edit == NumberEdit::changed)
    note = {};
  note.drop_unless(halves(*v));  // changed elsewhere since it was said
  return changed;
}

bool number_field(AppState& s, const char* widget, const char* label, const char* name, int* v, int lo,
                  int hi, int step, int step_fast) {
  ClampNote& note = s.number_notes[widget];
  int x = *v;
  const NumberEdit edit = input_number(label, &x, step, step_fast);
  record_widget(s, widget);
  if (edit == NumberEdit::not_a_number) {  // `x`: the value before the edit, which digits typed changed
    const bool changed = x != *v;
    *v = x;
    note = {not_a_number_note(name, x, ""), {x, 0}};
    return changed;
  }
  if (edit == NumberEdit::changed) {
    const int held = std::clamp(x, lo, hi);
    note = {clamp_note(name, x, lo, hi, ""), {held, 0}};
    const bool changed = held != *v;
    *v = held;
    return changed;
  }
  note.drop_unless({*v, 0});  // changed elsewhere since it was said
  return false;
}

void number_note(AppState& s, const char* widget) {
  const auto it = s.number_notes.find(widget);
  if (it == s.number_notes.end() || it->second.text.empty()) return;
  status_text(kAmberV, "%s", it->second.text.c_str());
  record_widget(s, (std::string(widget) + "_note").c_str());
}

}  // namespace fragviz::app
