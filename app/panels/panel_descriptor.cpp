// The descriptor view: one operand (A or B) of the selected wgmma entry in shared memory, as the
// 64-bit matrix descriptor describes it. Left, the operand as M/N rows by K columns, each element
// coloured by its core matrix (8 rows x 16 bytes) and labelled with the 16-byte chunk of its
// 128-byte row it lands in; right, the shared-memory rows it occupies, 128 bytes (banks 0-31) each
// as eight 16-byte chunks, each chunk coloured by the core matrix it holds and labelled with the
// (mn, k) range in it, so the swizzle's permutation of chunks shows row by row. Hover an element on
// either side for its byte address, core matrix, chunk and bank (and, with a report, the address
// the device read it from). A layout validate_layout refuses draws nothing but the refusal.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "hopper_common.hpp"

namespace fragviz::app {

namespace {

/// Records an InputInt's field and its [-] [+] step buttons (`name`, `name`_minus, `name`_plus),
/// so tests click them as a user would.
void record_input_int(AppState& s, const std::string& name) {
  const Rect r = last_item_rect();
  const float b = ImGui::GetFrameHeight(), spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  s.frame.widgets[name] = r;
  s.frame.widgets[name + "_plus"] = Rect{r.x + r.w - b, r.y, b, b};
  s.frame.widgets[name + "_minus"] = Rect{r.x + r.w - 2 * b - spacing, r.y, b, b};
}

/// "B" operand's M/N letter: n; A's: m.
char mn_letter(Operand op) { return op == Operand::A ? 'm' : 'n'; }

/// Core matrices take the lane palette's colours in turn, K fastest (the palette's neighbours
/// differ most), so the two K halves of a row of cores never look alike.
int core_index(int core_mn, int core_k) { return (2 * core_mn + core_k) % 32; }
ImU32 core_colour(int core_mn, int core_k) { return lane_colour(core_index(core_mn, core_k)); }
ImU32 core_text_colour(int core_mn, int core_k) { return lane_text_colour(core_index(core_mn, core_k)); }

std::string range(char letter, int lo, int hi) {
  char buf[32];
  if (lo == hi)
    std::snprintf(buf, sizeof buf, "%c%d", letter, lo);
  else
    std::snprintf(buf, sizeof buf, "%c%d-%d", letter, lo, hi);
  return buf;
}

// [SECTION] controls

void layout_controls(AppState& s, HopperViews& v, const WgmmaInstruction& in) {
  DescriptorControls& c = s.hopper.descriptor;
  const DescriptorControls before = c;
  const float label_w = 70.f;
  ImGui::TextColored(kDimV, "operand");
  ImGui::SameLine(label_w);
  if (ImGui::RadioButton("A (M x K)", c.operand == Operand::A)) c.operand = Operand::A;
  record_widget(s, "desc_operand_A");
  ImGui::SameLine();
  if (ImGui::RadioButton("B (N x K)", c.operand == Operand::B)) c.operand = Operand::B;
  record_widget(s, "desc_operand_B");
  ImGui::SameLine(0, 24.f);
  ImGui::TextColored(kDimV, "major");
  ImGui::SameLine();
  if (ImGui::RadioButton("K", c.major == Major::K)) c.major = Major::K;
  record_widget(s, "desc_major_K");
  ImGui::SameLine();
  ImGui::BeginDisabled(!in.transpose_allowed && c.major != Major::MN);
  if (ImGui::RadioButton("MN", c.major == Major::MN)) c.major = Major::MN;
  ImGui::EndDisabled();
  record_widget(s, "desc_major_MN");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("M/N-major (imm-trans-a/b = 1): .f16 and .bf16 only");
  ImGui::TextColored(kDimV, "swizzle");
  ImGui::SameLine(label_w);
  for (SmemSwizzle sw : {SmemSwizzle::none, SmemSwizzle::b32, SmemSwizzle::b64, SmemSwizzle::b128}) {
    const std::string name(to_string(sw));
    if (ImGui::RadioButton(name.c_str(), c.swizzle == sw)) c.swizzle = sw;
    record_widget(s, ("desc_swizzle_" + name).c_str());
    if (sw != SmemSwizzle::b128) ImGui::SameLine();
  }
  // Another operand, major-ness or swizzle: LBO and SBO follow the canonical layout again.
  if (c.operand != before.operand || c.major != before.major || c.swizzle != before.swizzle) c.custom = false;
  const SmemOperandLayout canon = descriptor_layout(in, DescriptorControls{c.operand, c.major, c.swizzle});
  int lbo = static_cast<int>(c.custom ? c.lbo : canon.lbo),
      sbo = static_cast<int>(c.custom ? c.sbo : canon.sbo);
  int start = static_cast<int>(c.start);
  // Each field's value when its edit began: a refused value keeps that, not the last digits typed
  // that were taken (typing 99999999 kept 99999, a value no one typed: newcomer issue 22).
  int lbo_before = lbo, sbo_before = sbo, start_before = start;
  const float field_w = 120.f;
  ImGui::TextColored(kDimV, "LBO");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(field_w);
  const NumberEdit lbo_edit = input_number("##lbo", &lbo, 16, 128, 0, &lbo_before);
  record_input_int(s, "desc_lbo");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "SBO");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field_w);
  const NumberEdit sbo_edit = input_number("##sbo", &sbo, 16, 128, 0, &sbo_before);
  record_input_int(s, "desc_sbo");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "start");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field_w);
  const NumberEdit start_edit = input_number("##start", &start, 16, 1024, 0, &start_before);
  record_input_int(s, "desc_start");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "bytes");
  // A value no descriptor field can hold is refused and said, never clamped or wrapped into another
  // layout (the multiple-of-16 rule is validate_layout's, shown with the layout's refusal); text
  // that is no number is said too. Either names the value kept.
  const auto field_problem = [](NumberEdit edit, const char* name, int v, int kept) -> std::string {
    if (edit == NumberEdit::not_a_number) return not_a_number_note(name, kept, "bytes");
    if (v >= 0 && static_cast<std::uint32_t>(v) <= kDescriptorFieldMaxBytes) return {};
    return std::string(name) + " " + std::to_string(v) + " refused: a descriptor holds 0 to " +
           std::to_string(kDescriptorFieldMaxBytes) + " bytes (14 bits of bytes / 16); kept at " +
           std::to_string(kept);
  };
  HopperViews::DescriptorInputErrors& errors = v.descriptor_input_errors;
  if (start_edit != NumberEdit::none) {
    errors.start = field_problem(start_edit, "start", start, start_before);
    c.start = static_cast<std::uint32_t>(errors.start.empty() ? start : start_before);
  }
  if (lbo_edit != NumberEdit::none || sbo_edit != NumberEdit::none) {
    const bool is_lbo = lbo_edit != NumberEdit::none;
    int& typed = is_lbo ? lbo : sbo;
    const int kept = is_lbo ? lbo_before : sbo_before;
    std::string& error = is_lbo ? errors.lbo : errors.sbo;
    error = field_problem(is_lbo ? lbo_edit : sbo_edit, is_lbo ? "LBO" : "SBO", typed, kept);
    if (!error.empty()) typed = kept;
    c.lbo = static_cast<std::uint32_t>(lbo);
    c.sbo = static_cast<std::uint32_t>(sbo);
    // A value taken is yours; a refusal leaves the canonical layout where it gave its values back.
    c.custom = error.empty() || c.lbo != canon.lbo || c.sbo != canon.sbo;
  }
  if (c.operand != before.operand || c.major != before.major || c.swizzle != before.swizzle) errors = {};
  ImGui::BeginDisabled(!c.custom);
  // Back to the canonical layout: a refusal of a value typed before is no longer about what is shown.
  if (ImGui::SmallButton("canonical")) {
    c.custom = false;
    errors = {};
  }
  ImGui::EndDisabled();
  record_widget(s, "desc_canonical");
  ImGui::SameLine();
  const bool differ = c.custom && (c.lbo != canon.lbo || c.sbo != canon.sbo);
  status_text(kDimV, "canonical_layout: LBO %u, SBO %u%s", canon.lbo, canon.sbo,
              differ ? "  (yours differ)" : "");
  // Every refusal, in the fields' order, each on its own line naming its field.
  for (const auto& [error, widget] :
       {std::pair{&errors.lbo, "desc_lbo_error"}, std::pair{&errors.sbo, "desc_sbo_error"},
        std::pair{&errors.start, "desc_start_error"}}) {
    if (error->empty()) continue;
    status_text(kRedV, "%s", error->c_str());
    record_widget(s, widget);
  }
}

// [SECTION] tooltip

void element_tooltip(const DescriptorTable& t, int i) {
  const int mn = i / t.layout.k, k = i % t.layout.k;
  const SmemElement& e = t.elements[static_cast<std::size_t>(i)];
  const Operand op = t.controls.operand;
  const int eb = smem_element_bytes(t.layout.type);
  ImGui::BeginTooltip();
  if (op == Operand::B)
    ImGui::Text("B(k=%d, n=%d)   .%s", k, mn, std::string(to_string(t.layout.type)).c_str());
  else
    ImGui::Text("A(m=%d, k=%d)   .%s", mn, k, std::string(to_string(t.layout.type)).c_str());
  ImGui::Separator();
  if (eb > 1)
    ImGui::Text("bytes %s-%s (%u-%u), offset %u from the start", hex(e.address, 4).c_str(),
                hex(e.address + static_cast<std::uint32_t>(eb) - 1, 4).c_str(), e.address,
                e.address + static_cast<std::uint32_t>(eb) - 1, e.address - t.start);
  else
    ImGui::Text("byte %s (%u), offset %u from the start", hex(e.address, 4).c_str(), e.address,
                e.address - t.start);
  ImGui::Text("core matrix (%c %d, k %d), its row %d", mn_letter(op), e.place.core_mn, e.place.core_k,
              e.place.row);
  ImGui::Text("128-byte row %s, chunk %d of it (16-byte unit %u), bank %d", hex(e.address & ~127u, 4).c_str(),
              static_cast<int>((e.address >> 4) & 7), e.address >> 4, e.bank);
  ImGui::TextColored(
      kDimV, "unswizzled offset %u; swizzle %s moves the 16-byte unit to chunk %d of the pattern",
      unswizzled_offset(t.layout, mn, k), std::string(to_string(t.layout.swizzle)).c_str(), e.place.chunk);
  if (t.probe) {
    ImGui::Separator();
    const std::int64_t got = t.measured_offset[static_cast<std::size_t>(i)];
    const std::int64_t raw = t.probe->measured[static_cast<std::size_t>(i)];
    if (got < 0)
      status_text(kRedV, "measured: the value wgmma read named no address: DIFFERS");
    else if (t.state[static_cast<std::size_t>(i)] == 1)
      status_text(kGreenV, "measured: read from byte %s at probe start %s: offset %lld, matches",
                  hex(static_cast<std::uint32_t>(raw), 4).c_str(), hex(t.probe->start, 4).c_str(),
                  static_cast<long long>(got));
    else
      status_text(kRedV, "measured: read from byte %s at probe start %s: offset %lld, DIFFERS",
                  hex(static_cast<std::uint32_t>(raw), 4).c_str(), hex(t.probe->start, 4).c_str(),
                  static_cast<long long>(got));
  }
  ImGui::EndTooltip();
}

// [SECTION] the operand grid (left)

/// The grids' children are never shorter than this: where the view leaves less (the warpgroup view
/// open in the same column keeps its register rows), the view itself scrolls to them, instead of a
/// grid strip a few pixels tall that the wheel over the view cannot reach.
float grid_child_height() {
  constexpr float kLeastGridHeight = 200.f;
  return ImGui::GetContentRegionAvail().y < kLeastGridHeight ? kLeastGridHeight : 0.f;
}

int draw_operand(AppState& s, HopperViews& v, int hovered_element, float width) {
  const DescriptorTable& t = v.descriptor();
  const SmemOperandLayout& l = t.layout;
  ImGui::BeginChild("##desc_operand", ImVec2(width, grid_child_height()), false,
                    ImGuiWindowFlags_HorizontalScrollbar);
  const float wl = 30.f, hl = 16.f, title = 18.f;
  const float sb = ImGui::GetStyle().ScrollbarSize;
  const float cw = std::clamp(std::floor((width - wl - sb - 6.f) / static_cast<float>(l.k)), 6.f, 26.f);
  const float ch = 16.f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + wl, o.y + title + hl);
  const ImVec2 size(wl + cw * static_cast<float>(l.k) + 2.f,
                    title + hl + ch * static_cast<float>(l.mn) + 2.f);
  ImGui::InvisibleButton("##desc_operand_grid", size);
  const bool hov = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hit = -1;
  if (hov) {
    const int c = static_cast<int>(std::floor((mouse.x - g0.x) / cw));
    const int r = static_cast<int>(std::floor((mouse.y - g0.y) / ch));
    if (r >= 0 && r < l.mn && c >= 0 && c < l.k) hit = r * l.k + c;
  }
  const int shown_hover = hit >= 0 ? hit : hovered_element;
  ImDrawList* wl_list = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = wl_list->GetClipRectMin(), clip_max = wl_list->GetClipRectMax();
  const ImVec2 vis_min(std::max(clip_min.x, o.x), std::max(clip_min.y, o.y));
  const ImVec2 vis_max(std::min(clip_max.x, o.x + size.x), std::min(clip_max.y, o.y + size.y));
  if (vis_max.x > vis_min.x && vis_max.y > vis_min.y) {
    ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
    ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
    ImFont* bf = fonts().bold ? fonts().bold : ImGui::GetFont();
    const ImU32 lab = IM_COL32(160, 166, 176, 255);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s  %dx%d (%c x k)", t.controls.operand == Operand::A ? "A" : "B", l.mn,
                  l.k, mn_letter(t.controls.operand));
    dl->AddText(bf, bf->FontSize, ImVec2(o.x + 2.f, o.y + 1.f), IM_COL32(240, 240, 240, 255), buf);
    for (int c = 0; c < l.k; c += cw >= 16.f ? 1 : 4) {
      std::snprintf(buf, sizeof buf, "%d", c);
      centred_text(dl, sf, ImVec2(g0.x + c * cw, g0.y - hl),
                   ImVec2(g0.x + (c + (cw >= 16.f ? 1 : 4)) * cw, g0.y), lab, buf);
    }
    const int r0 = std::clamp(static_cast<int>(std::floor((vis_min.y - g0.y) / ch)), 0, l.mn);
    const int r1 = std::clamp(static_cast<int>(std::ceil((vis_max.y - g0.y) / ch)), 0, l.mn);
    if (r0 < r1) grid_backdrop(dl, ImVec2(g0.x, g0.y + r0 * ch), ImVec2(g0.x + l.k * cw, g0.y + r1 * ch));
    for (int r = r0; r < r1; ++r) {
      std::snprintf(buf, sizeof buf, "%c%d", mn_letter(t.controls.operand), r);
      centred_text(dl, sf, ImVec2(o.x, g0.y + r * ch), ImVec2(g0.x - 2.f, g0.y + (r + 1) * ch), lab, buf);
      for (int c = 0; c < l.k; ++c) {
        const int i = r * l.k + c;
        const SmemElement& e = t.elements[static_cast<std::size_t>(i)];
        const ImVec2 a(g0.x + c * cw, g0.y + r * ch), b(a.x + cw, a.y + ch);
        const ImU32 fill = core_colour(e.place.core_mn, e.place.core_k);
        owner_cell(dl, a, b, fill, false, i == shown_hover, false);
        std::snprintf(buf, sizeof buf, "%d", static_cast<int>((e.address >> 4) & 7));
        centred_text(dl, sf, a, b, core_text_colour(e.place.core_mn, e.place.core_k), buf);
        if (!t.state.empty()) measured_mark(dl, a, b, t.state[static_cast<std::size_t>(i)]);
      }
      // Core-matrix rows: a rule every 8 rows (K-major) or T rows (M/N-major).
      const int per = l.major == Major::K ? 8 : 16 / smem_element_bytes(l.type);
      if ((r + 1) % per == 0 && r + 1 < l.mn)
        dl->AddLine(ImVec2(g0.x, g0.y + (r + 1) * ch), ImVec2(g0.x + l.k * cw, g0.y + (r + 1) * ch),
                    IM_COL32(255, 255, 255, 160), 2.f);
    }
    const int kper = l.major == Major::K ? 16 / smem_element_bytes(l.type) : 8;
    for (int c = kper; c < l.k; c += kper)
      dl->AddLine(ImVec2(g0.x + c * cw, g0.y + r0 * ch), ImVec2(g0.x + c * cw, g0.y + r1 * ch),
                  IM_COL32(255, 255, 255, 160), 2.f);
    end_grid_clip();
  }
  v.frame.operand = HopperGridRecord{
      true,
      g0.x,
      g0.y,
      cw,
      ch,
      l.mn,
      l.k,
      Rect{vis_min.x, vis_min.y, std::max(0.f, vis_max.x - vis_min.x), std::max(0.f, vis_max.y - vis_min.y)}};
  s.frame.widgets["desc_operand"] = Rect{o.x, o.y, size.x, size.y};
  ImGui::EndChild();
  return hit;
}

// [SECTION] the shared-memory rows (right)

int draw_tile(AppState& s, HopperViews& v, int hovered_element) {
  const DescriptorTable& t = v.descriptor();
  const SmemOperandLayout& l = t.layout;
  const int eb = smem_element_bytes(l.type);
  ImGui::BeginChild("##desc_tile", ImVec2(0, grid_child_height()), false,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float wl = 50.f, hl = 32.f;
  const float sb = ImGui::GetStyle().ScrollbarSize;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float cw = std::max(24.f, std::floor((avail - wl - sb - 4.f) / 8.f));
  const float line_w = sf->CalcTextSizeA(sf->FontSize, 1e9f, 0.f, "n255 k24-31").x + 6.f;
  const bool one_line = line_w <= cw;
  const float rh = one_line ? std::max(18.f, sf->FontSize + 6.f) : 2.f * sf->FontSize + 6.f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + wl, o.y + hl);
  const ImVec2 size(wl + 8.f * cw + 2.f, hl + rh * static_cast<float>(t.rows) + 2.f);
  ImGui::InvisibleButton("##desc_tile_grid", size);
  const bool hov = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hit = -1;
  if (hov) {
    const float x = mouse.x - g0.x, y = mouse.y - g0.y;
    const int row = static_cast<int>(std::floor(y / rh));
    const int byte = static_cast<int>(std::floor(x / (cw / 16.f)));
    if (row >= 0 && row < t.rows && byte >= 0 && byte < 128)
      hit = t.byte_element[static_cast<std::size_t>(row * 128 + byte)];
  }
  const int shown_hover = hit >= 0 ? hit : hovered_element;
  ImDrawList* wl_list = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = wl_list->GetClipRectMin(), clip_max = wl_list->GetClipRectMax();
  const ImVec2 vis_min(std::max(clip_min.x, o.x), std::max(clip_min.y, o.y));
  const ImVec2 vis_max(std::min(clip_max.x, o.x + size.x), std::min(clip_max.y, o.y + size.y));
  if (vis_max.x > vis_min.x && vis_max.y > vis_min.y) {
    ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
    ImFont* bf = fonts().bold ? fonts().bold : ImGui::GetFont();
    const ImU32 lab = IM_COL32(160, 166, 176, 255);
    char buf[48];
    dl->AddText(bf, bf->FontSize, ImVec2(o.x + 2.f, o.y), IM_COL32(240, 240, 240, 255),
                "shared memory: 128-byte rows, 16-byte chunks");
    for (int c = 0; c < 8; ++c) {
      std::snprintf(buf, sizeof buf, "banks %d-%d", 4 * c, 4 * c + 3);
      if (!centred_text(dl, sf, ImVec2(g0.x + c * cw, g0.y - sf->FontSize - 2.f),
                        ImVec2(g0.x + (c + 1) * cw, g0.y), lab, buf)) {
        std::snprintf(buf, sizeof buf, "%d-%d", 4 * c, 4 * c + 3);
        centred_text(dl, sf, ImVec2(g0.x + c * cw, g0.y - sf->FontSize - 2.f),
                     ImVec2(g0.x + (c + 1) * cw, g0.y), lab, buf);
      }
    }
    const int r0 = std::clamp(static_cast<int>(std::floor((vis_min.y - g0.y) / rh)), 0, t.rows);
    const int r1 = std::clamp(static_cast<int>(std::ceil((vis_max.y - g0.y) / rh)), 0, t.rows);
    if (r0 < r1) grid_backdrop(dl, ImVec2(g0.x, g0.y + r0 * rh), ImVec2(g0.x + 8 * cw, g0.y + r1 * rh));
    const int hovered_chunk =
        shown_hover >= 0
            ? static_cast<int>((t.elements[static_cast<std::size_t>(shown_hover)].address - t.base) / 16)
            : -1;
    const char letter = mn_letter(t.controls.operand);
    for (int r = r0; r < r1; ++r) {
      std::snprintf(buf, sizeof buf, "0x%04X", t.base + static_cast<std::uint32_t>(r) * 128u);
      centred_text(dl, sf, ImVec2(o.x, g0.y + r * rh), ImVec2(g0.x - 2.f, g0.y + (r + 1) * rh), lab, buf);
      // The swizzle pattern's 8-row repeat (1024 bytes at 128B): a stronger rule where it starts.
      const std::uint32_t addr = t.base + static_cast<std::uint32_t>(r) * 128u;
      if (addr % static_cast<std::uint32_t>(std::max(128, swizzle_repeat_bytes(l.swizzle))) == 0 && r > r0)
        dl->AddLine(ImVec2(g0.x - 4.f, g0.y + r * rh), ImVec2(g0.x + 8 * cw, g0.y + r * rh),
                    IM_COL32(255, 255, 255, 170), 2.f);
      for (int c = 0; c < 8; ++c) {
        const int ci = r * 8 + c;
        const SmemChunk& ch = t.chunks[static_cast<std::size_t>(ci)];
        const ImVec2 a(g0.x + c * cw, g0.y + r * rh), b(a.x + cw, a.y + rh);
        if (ch.elements == 0) {
          dl->AddRectFilled(ImVec2(a.x + 1, a.y + 1), ImVec2(b.x - 1, b.y - 1), IM_COL32(40, 42, 48, 255));
          continue;
        }
        owner_cell(dl, a, b, core_colour(ch.core_mn, ch.core_k), false, false, ci == hovered_chunk);
        // Bytes of the chunk that hold nothing (a gap inside a custom layout), darkened.
        const float bw = cw / 16.f;
        for (int byte = 0; byte < 16; byte += eb)
          if (t.byte_element[static_cast<std::size_t>(ci * 16 + byte)] < 0)
            dl->AddRectFilled(ImVec2(a.x + byte * bw, a.y + 1), ImVec2(a.x + (byte + eb) * bw, b.y - 1),
                              IM_COL32(40, 42, 48, 255));
        if (shown_hover >= 0 && ci == hovered_chunk) {
          const int byte =
              static_cast<int>((t.elements[static_cast<std::size_t>(shown_hover)].address - t.base) % 16);
          dl->AddRect(ImVec2(a.x + byte * bw, a.y), ImVec2(a.x + (byte + eb) * bw, b.y),
                      IM_COL32(255, 255, 255, 255), 0.f, 0, 2.f);
        }
        const std::string mn = range(letter, ch.mn0, ch.mn1), k = range('k', ch.k0, ch.k1);
        const ImU32 tc = core_text_colour(ch.core_mn, ch.core_k);
        if (one_line) {
          centred_text(dl, sf, a, b, tc, (mn + " " + k).c_str());
        } else if (!centred_text(dl, sf, a, ImVec2(b.x, a.y + rh * 0.5f + 1.f), tc, mn.c_str()) ||
                   !centred_text(dl, sf, ImVec2(a.x, a.y + rh * 0.5f - 1.f), b, tc, k.c_str())) {
          std::snprintf(buf, sizeof buf, "%d", ch.core_mn);
          centred_text(dl, sf, a, b, tc, buf);
        }
        // Measured: the chunk's elements all match (green) or one differs (red X).
        if (t.probe) {
          int st = 1;
          for (int byte = 0; byte < 16; byte += eb) {
            const int e = t.byte_element[static_cast<std::size_t>(ci * 16 + byte)];
            if (e >= 0 && t.state[static_cast<std::size_t>(e)] == 2) st = 2;
          }
          measured_mark(dl, a, b, st);
        }
      }
    }
    end_grid_clip();
  }
  v.frame.tile = HopperGridRecord{
      true,
      g0.x,
      g0.y,
      cw,
      rh,
      t.rows,
      8,
      Rect{vis_min.x, vis_min.y, std::max(0.f, vis_max.x - vis_min.x), std::max(0.f, vis_max.y - vis_min.y)}};
  s.frame.widgets["desc_tile"] = Rect{o.x, o.y, size.x, size.y};
  ImGui::EndChild();
  return hit;
}

}  // namespace

void draw_descriptor(AppState& s, HopperViews& v) {
  if (!begin_hopper_window(s, kWinDescriptor, &s.hopper.descriptor_open)) {
    ImGui::End();
    return;
  }
  v.frame.descriptor_drawn = true;
  if (draw_descriptor_arch(s)) {
    ImGui::End();
    return;
  }
  wgmma_picker(s, v);
  v.refresh(s);
  const WgmmaInstruction& in = *v.warpgroup().instr;
  layout_controls(s, v, in);
  v.refresh(s);  // the controls' change shows in this frame
  const DescriptorTable& t = v.descriptor();

  ImGui::Separator();
  if (t.refusal) {
    // Nothing is drawn for a layout wgmma cannot read: only why.
    ImGui::PushTextWrapPos(0.f);
    status_text(kRedV, "Refused: %s", t.refusal->c_str());
    record_widget(s, "desc_refusal");
    ImGui::TextColored(
        kDimV,
        "(fragviz::validate_layout, after the PTX ISA's \"Matrix Descriptor Format\" and \"Shared "
        "Memory Matrix Layout\"; no descriptor is encoded and no tile drawn.)");
    ImGui::PopTextWrapPos();
    v.frame.descriptor_text = "";
    ImGui::End();
    return;
  }
  // The descriptor's 64 bits, decoded.
  ImGui::BeginGroup();
  for (const std::string& line : t.described) ImGui::TextUnformatted(line.c_str());
  ImGui::EndGroup();
  record_widget(s, "desc_bits");
  {
    const MatrixDescriptor back = decode_descriptor(t.bits);
    const bool same = back.start_address == t.start && back.leading_byte_offset == t.layout.lbo &&
                      back.stride_byte_offset == t.layout.sbo && back.swizzle == t.layout.swizzle;
    ImGui::SameLine(0, 20.f);
    ImGui::BeginGroup();
    status_text(same ? kDimV : kRedV, same ? "decodes back to the fields above" : "decodes to other fields");
    status_text(kDimV, "%s: %d x %d .%s, footprint %u bytes", layout_name(t.layout).c_str(), t.layout.mn,
                t.layout.k, std::string(to_string(t.layout.type)).c_str(),
                layout_footprint_bytes(t.layout, t.start));
    ImGui::TextColored(kDimV, "%d x %d core matrices of 8 rows x 16 bytes", t.cores_mn, t.cores_k);
    ImGui::TextColored(kDimV, "operand cells: number = chunk (0-7) of its 128-byte row");
    ImGui::EndGroup();
  }
  if (t.layout.major == Major::K && t.layout.swizzle != SmemSwizzle::none &&
      swizzle_units(t.layout.swizzle) > 2) {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(
        kDimV,
        "One wgmma reads 32 bytes of K per row; the other chunks of each %d-byte swizzled row hold "
        "the next K steps (the descriptor start moves by 32 bytes for each).",
        16 * swizzle_units(t.layout.swizzle));
    ImGui::PopTextWrapPos();
  }
  const std::string text =
      descriptor_measured_text(s.probe.label, t, s.probe.report != nullptr, v.hopper_in_report());
  v.frame.descriptor_text = text;
  measured_line(text, t.probe != nullptr, t.probe && t.matching != t.checked);
  record_widget(s, "desc_measured");

  // Operand grid left, shared-memory rows right; a hover on either marks the element on both.
  const float left =
      std::min(ImGui::GetContentRegionAvail().x * 0.42f, 70.f + 26.f * static_cast<float>(t.layout.k));
  // The element hovered last frame is marked on the side the mouse is not over.
  const int last = v.descriptor_hover < static_cast<int>(t.elements.size()) ? v.descriptor_hover : -1;
  const int a = draw_operand(s, v, last, left);
  ImGui::SameLine();
  const int b = draw_tile(s, v, last);
  const int hit = a >= 0 ? a : b;
  v.descriptor_hover = hit;
  if (hit >= 0) {
    element_tooltip(t, hit);
    v.frame.hover =
        HopperHover{"descriptor", a >= 0 ? "operand" : "tile", hit / t.layout.k, hit % t.layout.k};
  }
  ImGui::End();
}

}  // namespace fragviz::app
