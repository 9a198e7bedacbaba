// The CTA tile window (issue 25): a preset's A (M x K), B (N x K) and C (M x N) as CuTe's
// print_latex draws a TiledMMA, each cell "T12 V3" (thread, register) coloured by warp, a chosen
// thread's cells outlined (typed, or picked by clicking a cell); each operand's join verdict through its
// shared layout and its bank table per warp and k-block (viewmodel/cta_tile_view.hpp).
#include <algorithm>
#include <cstdio>

#include "../palette.hpp"
#include "../window_names.hpp"
#include "panels.hpp"

namespace fragviz::app {
namespace {

/// One operand's grid at the cursor: row numbers left, column numbers above.
void draw_grid(AppState& s, const CtaGrid& g, int index) {
  const float cw = s.cta_tile.cell, ch = std::max(12.f, cw * 0.5f);
  const float left = ImGui::CalcTextSize("0000").x, top = ImGui::GetTextLineHeight() + 2;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + left, o.y + top);
  const ImVec2 size(left + cw * static_cast<float>(g.cols), top + ch * static_cast<float>(g.rows));
  char id[32];
  std::snprintf(id, sizeof id, "##cta_grid%d", index);
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.f), std::max(size.y, 1.f)));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 label = IM_COL32(160, 166, 176, 255);
  const ImVec2 clip0 = dl->GetClipRectMin(), clip1 = dl->GetClipRectMax();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  char buf[32];
  for (std::int64_t c = 0; c < g.cols; c += std::max<std::int64_t>(1, static_cast<std::int64_t>(24 / cw))) {
    const float x = g0.x + cw * static_cast<float>(c);
    if (x > clip1.x || x + cw < clip0.x) continue;
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(c));
    centred_text(dl, fonts().small, ImVec2(x, o.y), ImVec2(x + cw, g0.y), label, buf);
  }
  for (std::int64_t r = 0; r < g.rows; ++r) {
    const float y = g0.y + ch * static_cast<float>(r);
    if (y > clip1.y || y + ch < clip0.y) continue;
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(r));
    centred_text(dl, fonts().small, ImVec2(o.x, y), ImVec2(g0.x - 2, y + ch), label, buf);
    for (std::int64_t c = 0; c < g.cols; ++c) {
      const float x = g0.x + cw * static_cast<float>(c);
      if (x > clip1.x || x + cw < clip0.x) continue;
      const std::size_t k = static_cast<std::size_t>(r * g.cols + c);
      const CtaCell& cell = g.cells[k];
      const int colour = cta_warp_colour_index(cell.thread / 32);
      const ImVec2 a(x, y), b(x + cw, y + ch);
      dl->AddRectFilled(a, b, lane_colour(colour));
      dl->AddRect(a, b, IM_COL32(30, 30, 30, 255));
      if (cw >= 40) {
        std::snprintf(buf, sizeof buf, "T%d V%d", cell.thread, cell.value);
        centred_text(dl, fonts().small, a, b, lane_text_colour(colour), buf);
      }
      if (g.mine[k]) dl->AddRect(a, b, IM_COL32(255, 255, 255, 255), 0.f, 0, 2.5f);
      // Cell (1,0)'s rect in the state dump, so tests click where the app drew it.
      if (r == 1 && c == 0)
        s.frame.widgets["cta_cell_" + std::string(to_string(g.operand)) + "_1_0"] = Rect{a.x, a.y, cw, ch};
      if (hovered && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) {
        // A click picks the thread holding the cell.
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) s.cta_tile.thread = cell.thread;
        const char* names = g.operand == Operand::A ? "(m,k)" : g.operand == Operand::B ? "(n,k)" : "(m,n)";
        text_tooltip(ImVec4(1, 1, 1, 1), std::string(names) + " = (" + std::to_string(r) + "," +
                                             std::to_string(c) + "): thread " + std::to_string(cell.thread) +
                                             " (warp " + std::to_string(cell.thread / 32) + " lane " +
                                             std::to_string(cell.thread % 32) + ") register " +
                                             std::to_string(cell.value));
      }
    }
  }
}

void draw_bank_table(const CtaGrid& g, int index) {
  if (g.banks.empty()) return;
  ImGui::TextColored(kDimV, "banks: %s", g.bank_instruction.c_str());
  char id[32];
  std::snprintf(id, sizeof id, "##cta_banks%d", index);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(id, 6, flags)) return;
  for (const char* h : {"warp", "k-block", "instructions", "wavefronts", "ideal", "bank conflicts"})
    ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (const tile::WarpBanks& b : g.banks) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(b.warp < 0 ? "all" : std::to_string(b.warp).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(b.k_block == -2   ? "all"
                           : b.k_block == -1 ? "epilogue"
                                             : std::to_string(b.k_block).c_str());
    for (int v : {b.instructions, b.wavefronts, b.ideal}) {
      ImGui::TableNextColumn();
      ImGui::Text("%d", v);
    }
    ImGui::TableNextColumn();
    ImGui::TextColored(b.conflicts ? kRedV : kGreenV, "%d", b.conflicts);
  }
  ImGui::EndTable();
}

}  // namespace

void draw_cta_tile(AppState& s, CtaTileModel& m) {
  if (!s.cta_tile.open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.15f, vp->WorkPos.y + vp->WorkSize.y * 0.08f),
      ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.7f, vp->WorkSize.y * 0.85f), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(kWinCtaTile, &s.cta_tile.open)) {
    ImGui::End();
    return;
  }
  CtaTileControls& c = s.cta_tile;
  ImGui::SetNextItemWidth(280);
  if (ImGui::BeginCombo("preset", c.preset.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (const tile::CtaPreset& p : tile::cta_presets())
      if (ImGui::Selectable(p.name.c_str(), p.name == c.preset)) c.preset = p.name;
    ImGui::EndCombo();
  }
  record_widget(s, "cta_preset");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  ImGui::InputInt("thread", &c.thread);
  c.thread = std::max(-1, c.thread);
  record_widget(s, "cta_thread");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  ImGui::SliderFloat("cell", &c.cell, 8.f, 64.f, "%.0f px");
  if (m.preset != c.preset || m.thread != c.thread) m = make_cta_tile_model(c);
  if (!m.ok) {
    status_text(kRedV, "%s", m.error.c_str());
    record_widget(s, "cta_error");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(m.summary.c_str());
  record_widget(s, "cta_summary");
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(kDimV, "%s", m.source.c_str());
  ImGui::PopTextWrapPos();
  if (!m.reuse.empty())
    ImGui::TextColored(m.reuse.find("all ") == 0 ? kGreenV : kRedV, "%s", m.reuse.c_str());
  ImGui::BeginChild("##cta_grids", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  for (std::size_t i = 0; i < m.grids.size(); ++i) {
    const CtaGrid& g = m.grids[i];
    ImGui::Separator();
    ImGui::TextUnformatted(g.title.c_str());
    if (!g.layout.empty()) ImGui::Text("shared layout %s", g.layout.c_str());
    ImGui::TextColored(g.join_ok ? kGreenV : kRedV, "%s", g.join.c_str());
    record_widget(s, ("cta_join_" + std::string(to_string(g.operand))).c_str());
    if (!g.suggestion.empty()) ImGui::TextColored(kDimV, "suggested: %s", g.suggestion.c_str());
    if (!g.fragment.empty()) ImGui::TextColored(kDimV, "%s", g.fragment.c_str());
    draw_bank_table(g, static_cast<int>(i));
    if (!g.cells.empty()) {
      draw_grid(s, g, static_cast<int>(i));
      record_widget(s, ("cta_grid_" + std::string(to_string(g.operand))).c_str());
    }
    ImGui::Spacing();
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace fragviz::app
