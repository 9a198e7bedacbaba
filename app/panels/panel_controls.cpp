// Shape, ldmatrix variant and tile geometry. Every view reads these through the derived cache,
// which app.cpp recomputes before the views draw, so a change shows everywhere in the same frame.
#include <algorithm>

#include "../layout.hpp"
#include "panels.hpp"

namespace fragviz::app {

void draw_controls(AppState& s, const Derived& d) {
  place_window(kWinControls, s.reset_layout);
  if (!ImGui::Begin(kWinControls, &s.windows.controls)) {
    ImGui::End();
    return;
  }
  Controls& c = s.controls;
  const float label_w = 110.f;

  ImGui::TextColored(kDimV, "mma shape");
  ImGui::SameLine(label_w);
  if (ImGui::RadioButton("m16n8k8", c.shape == Shape::m16n8k8)) c.shape = Shape::m16n8k8;
  record_widget(s, "shape_k8");
  ImGui::SameLine();
  if (ImGui::RadioButton("m16n8k16", c.shape == Shape::m16n8k16)) c.shape = Shape::m16n8k16;
  record_widget(s, "shape_k16");
  ImGui::TextColored(kDimV, "needs sm_%d", min_sm(c.shape));

  ImGui::Separator();
  ImGui::TextColored(kDimV, "ldmatrix .num");
  ImGui::SameLine(label_w);
  for (LdmNum n : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
    const std::string label = "." + std::string(to_string(n));
    if (ImGui::RadioButton(label.c_str(), c.num == n)) c.num = n;
    record_widget(s, ("num_" + std::string(to_string(n))).c_str());
    if (n != LdmNum::x4) ImGui::SameLine();
  }
  ImGui::TextColored(kDimV, "transpose");
  ImGui::SameLine(label_w);
  ImGui::Checkbox(".trans", &c.trans);
  record_widget(s, "trans");

  ImGui::Separator();
  ImGui::TextColored(kDimV, "tile width");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(-60);
  ImGui::InputInt("##width", &c.width_halves, 8, 64);
  record_widget(s, "width");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "halves");
  c.width_halves = std::clamp(c.width_halves, kMinWidthHalves, kMaxWidthHalves);

  ImGui::TextColored(kDimV, "pad");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(-60);
  ImGui::InputInt("##pad", &c.pad_halves, 8, 1);
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
  ImGui::TextColored(kDimV, "halves");
  c.pad_halves = std::clamp(c.pad_halves, 0, kMaxPadHalves);

  ImGui::TextColored(kDimV, "swizzle");
  ImGui::SameLine(label_w);
  if (ImGui::RadioButton("none", c.swizzle == Swizzle::none)) c.swizzle = Swizzle::none;
  record_widget(s, "swizzle_none");
  ImGui::SameLine();
  if (ImGui::RadioButton("xor", c.swizzle == Swizzle::xor_row_mod8)) c.swizzle = Swizzle::xor_row_mod8;
  record_widget(s, "swizzle_xor");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "16-byte chunk index XOR (row %% 8) inside each 128-byte group (CUTLASS Swizzle<3,4,3>);\n"
        "needs a row stride that is a multiple of 64 halves, so use it with pad 0");

  ImGui::Separator();
  const TileGeometry t = c.tile();
  ImGui::Text("row stride %d halves = %d bytes", t.stride_halves(), t.stride_bytes());
  if (d.padded.report.error)
    ImGui::TextColored(kRedV, "illegal for ldmatrix (see bank view)");
  else
    ImGui::TextColored(d.padded.report.bank_conflicts ? kAmberV : kGreenV, "%d wavefronts, %d bank conflicts",
                       d.padded.report.wavefronts, d.padded.report.bank_conflicts);
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(kDimV, "%s", mma_mnemonic(c.shape).c_str());
  ImGui::TextColored(kDimV, "%s", ldmatrix_mnemonic(c.ldmatrix()).c_str());
  ImGui::PopTextWrapPos();
  if (s.selected_lane >= 0) {
    if (ImGui::SmallButton("clear lane selection")) s.selected_lane = -1;
  } else {
    ImGui::TextColored(kDimV, "Click a cell or a lane button to select a lane.");
  }
  ImGui::End();
}

}  // namespace fragviz::app
