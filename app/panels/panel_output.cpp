// The n x n gate output, drawn by the output shader into a texture; wheel zooms about the cursor,
// drag pans, double-click fits. Hover names the element, its value and reference when known, and
// the block / warp / lane / accumulator register that produced it in the run's own variant's
// tiling (GateVariantInfo::output), which the shader's colours follow too.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <string>
#include <vector>

#include "../output_renderer.hpp"
#include "../window_placement.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/gate_output.hpp"
#include "fragviz/util/words.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// The least height of the output picture the layout keeps (logical px): with a gate result, a 2048
/// output's 64 x 64 blocks 3 px each, its mismatches seen; without one (the ownership of an output
/// not run) a strip that says what the view is, so an open Ladder's table beside it keeps the room.
constexpr float kMinOutputPictureHeight = 96.f;
constexpr float kMinOwnershipPictureHeight = 32.f;

/// 2096642 -> "2,096,642".
std::string grouped(std::uint64_t v) {
  std::string d = std::to_string(v), out;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i && (d.size() - i) % 3 == 0) out += ',';
    out += d[i];
  }
  return out;
}

/// The variant whose tiling the block, warp and lane colours follow: the shown report's, else the
/// request's; nullptr for a user kernel (its tiling is its own, unknown here).
const GateVariantInfo* output_variant(const AppState& s) {
  const GateReport* r = s.gate.report && s.gate.report->ran ? s.gate.report.get() : nullptr;
  if (r != nullptr && r->request.kernel) return nullptr;
  return find_gate_variant(r != nullptr ? r->request.variant : s.gate_request.variant);
}

/// The whole n x n matrix centred in a w x h canvas; it stays fitted (follows the canvas) from now on.
void fit(OutputViewport& v, int n, float w, float h) {
  v.scale = static_cast<double>(n) / std::max(1.0, static_cast<double>(std::min(w, h)));
  v.x0 = -(static_cast<double>(w) * v.scale - n) * 0.5;
  v.y0 = -(static_cast<double>(h) * v.scale - n) * 0.5;
  v.fitted = true;
}

void element_tooltip(AppState& s, int n, int row, int col) {
  const GateReport* r = s.gate.report && s.gate.report->ran ? s.gate.report.get() : nullptr;
  ImGui::BeginTooltip();
  ImGui::Text("row %d, col %d", row, col);
  if (r) {
    const std::size_t i =
        static_cast<std::size_t>(row) * static_cast<std::size_t>(n) + static_cast<std::size_t>(col);
    if (r->output.size() == static_cast<std::size_t>(n) * n && r->reference.size() == r->output.size()) {
      const bool ok = r->output[i] == r->reference[i];
      status_text(ok ? kGreenV : kRedV, "value %g, reference %g%s", static_cast<double>(r->output[i]),
                  static_cast<double>(r->reference[i]), ok ? "" : "  MISMATCH");
    } else {
      auto it = std::lower_bound(
          r->mismatches.begin(), r->mismatches.end(), std::make_pair(row, col),
          [](const Mismatch& m, std::pair<int, int> rc) { return std::make_pair(m.row, m.col) < rc; });
      if (it != r->mismatches.end() && it->row == row && it->col == col)
        status_text(kRedV, "value %g, reference %g  MISMATCH", static_cast<double>(it->got),
                    static_cast<double>(it->want));
      else if (r->mismatch_count <= r->mismatches.size())
        status_text(kGreenV, "equal to the reference (values not recorded in the file)");
      else if (r->mismatches.empty() ||
               std::make_pair(row, col) > std::make_pair(r->mismatches.back().row, r->mismatches.back().col))
        ImGui::TextColored(kDimV, "not recorded: after the last of the %zu recorded mismatches",
                           r->mismatches.size());
      else
        status_text(kGreenV, "equal to the reference (before the last recorded mismatch)");
    }
  }
  if (r && r->request.kernel) {
    // A user kernel's block, warp and lane tiling is its own: nothing here may claim it.
    status_text(kDimV, "user kernel %s: its block, warp and lane tiling is not known",
                echo_text(r->request.kernel->entry).c_str());
    ImGui::EndTooltip();
    return;
  }
  // Block, warp, lane and accumulator as the run's own variant's kernel tiles C.
  const GateVariantInfo* info = output_variant(s);
  if (info == nullptr) {
    ImGui::EndTooltip();
    return;
  }
  std::vector<std::string>& lines = s.frame.output_tooltip;
  lines = gate_output_owner_words(info->output, row, col);
  lines.push_back(gate_output_tiling_words(info->name, info->output));
  ImGui::Separator();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i + 1 < lines.size())
      ImGui::TextUnformatted(lines[i].c_str());
    else
      status_text(kDimV, "%s", lines[i].c_str());
  }
  ImGui::EndTooltip();
}

}  // namespace

void draw_output(AppState& s, OutputRenderer& renderer) {
  if (!begin_view(s, kWinOutput, &s.windows.output)) {
    ImGui::End();
    return;
  }
  const bool have = s.gate.report && s.gate.report->ran;
  // Block, warp and lane colours follow the built-in kernels' tiling; a user kernel's is unknown.
  const bool user_kernel = have && s.gate.report->request.kernel.has_value();
  if (user_kernel) s.output_colour = OutputColour::mismatch;
  for (OutputColour c :
       {OutputColour::mismatch, OutputColour::block, OutputColour::warp, OutputColour::lane}) {
    if (c != OutputColour::mismatch) ImGui::SameLine();
    ImGui::BeginDisabled(user_kernel && c != OutputColour::mismatch);
    if (ImGui::RadioButton(to_string(c), s.output_colour == c)) s.output_colour = c;
    ImGui::EndDisabled();
  }
  const int n = have ? s.gate.report->request.n : std::max(64, s.gate_request.n);
  renderer.set_data(have ? s.gate.report : nullptr, n);
  // The run's own variant's tiling; a user kernel's is unknown, so only its mismatches (and the
  // gate's 64x64 checkerboard for orientation) are drawn.
  const GateVariantInfo* tiled = output_variant(s);
  GateOutputTiling regions;
  regions.block_m = regions.block_n = 64;
  renderer.set_tiling(tiled != nullptr ? tiled->output : regions);
  s.frame.output_tiling_variant = tiled != nullptr ? std::string(tiled->name) : std::string();
  s.frame.output_tiling = renderer.tiling();
  if (have) {
    const GateReport& r = *s.gate.report;
    const std::string kernel_name = r.request.kernel ? "user kernel " + r.request.kernel->entry
                                                     : std::string(to_string(r.request.variant));
    std::string text = "n = " + std::to_string(n) + ", " + kernel_name + ": " + grouped(r.mismatch_count) +
                       (r.mismatch_count == 1 ? " element differs" : " elements differ");
    if (const auto& k = renderer.known_until()) {
      text += "; the report records the first " + grouped(r.mismatches.size());
      if (k->row >= 0) text += " (rows 0-" + std::to_string(k->row) + ")";
      text += "; later cells are grey: not recorded";
    }
    s.frame.output_text = text;
    ImGui::PushTextWrapPos(0.f);
    status_text(r.mismatch_count ? kRedV : kGreenV, "%s", text.c_str());
    ImGui::PopTextWrapPos();
    if (renderer.known_until()) {
      // A swatch of the "not recorded" colour, so the legend matches the picture.
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float sz = ImGui::GetTextLineHeight();
      ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + sz, p.y + sz), IM_COL32(100, 102, 108, 255));
      ImGui::Dummy(ImVec2(sz, sz));
      ImGui::SameLine();
      ImGui::TextColored(kDimV, "not recorded (unknown)");
      ImGui::SameLine();
      const ImVec2 q = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(q, ImVec2(q.x + sz, q.y + sz), IM_COL32(255, 46, 31, 255));
      ImGui::Dummy(ImVec2(sz, sz));
      ImGui::SameLine();
      ImGui::TextColored(kDimV, "recorded mismatch");
    }
  } else {
    ImGui::TextColored(kDimV, "no gate result: ownership of an n = %d output", n);
  }
  if (!renderer.ready()) {
    status_text(kRedV, "output shader unavailable");
    ImGui::End();
    return;
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Its header and a picture kMinOutputPictureHeight tall: the layout keeps the view that tall (newcomer
  // issue 22: with a gate report the open Ladder left it a line or two under its header).
  s.least_view_height[kWinOutput] =
      ImGui::GetWindowHeight() - avail.y + (have ? kMinOutputPictureHeight : kMinOwnershipPictureHeight);
  const int w = std::max(16, static_cast<int>(avail.x)), h = std::max(16, static_cast<int>(avail.y));
  OutputViewport& v = s.output_view;
  // A fitted view follows the canvas every frame: one fitted while the canvas was a line tall (the
  // Gate window's ladder open) would otherwise stay that small after the canvas grows.
  if (v.scale <= 0 || v.fitted) fit(v, n, static_cast<float>(w), static_cast<float>(h));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  // The picture is rendered at the physical pixels it covers (w x h logical ones times the display
  // scale), so it stays sharp on a HiDPI screen; the viewport stays in logical pixels for the mouse.
  const float fs = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 0.01f);
  OutputViewport physical = v;
  physical.scale = v.scale / static_cast<double>(fs);
  const unsigned tex =
      renderer.render(static_cast<int>(std::lround(static_cast<float>(w) * fs)),
                      static_cast<int>(std::lround(static_cast<float>(h) * fs)), physical, s.output_colour);
  // The FBO's first row is the bottom of the picture: flip v.
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tex)),
               ImVec2(static_cast<float>(w), static_cast<float>(h)), ImVec2(0, 1), ImVec2(1, 0));
  record_widget(s, "output_image");
  s.frame.output_view_drawn = true;
  s.frame.output_has_data = renderer.has_data();
  s.frame.output_flagged = renderer.flagged();
  s.frame.output_n = renderer.n();
  s.frame.output_known_until = renderer.known_until();
  if (ImGui::IsItemHovered()) {
    const ImGuiIO& io = ImGui::GetIO();
    const double mx = io.MousePos.x - p0.x, my = io.MousePos.y - p0.y;
    if (io.MouseWheel != 0.f) {
      const double ex = v.x0 + mx * v.scale, ey = v.y0 + my * v.scale;
      v.scale = std::clamp(v.scale * std::pow(0.8, static_cast<double>(io.MouseWheel)), 1.0 / 64.0, 64.0);
      v.x0 = ex - mx * v.scale;
      v.y0 = ey - my * v.scale;
      v.fitted = false;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.f) &&
        (io.MouseDelta.x != 0.f || io.MouseDelta.y != 0.f)) {
      v.x0 -= io.MouseDelta.x * v.scale;
      v.y0 -= io.MouseDelta.y * v.scale;
      v.fitted = false;
    }
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
      fit(v, n, static_cast<float>(w), static_cast<float>(h));
    const int col = static_cast<int>(std::floor(v.x0 + mx * v.scale)),
              row = static_cast<int>(std::floor(v.y0 + my * v.scale));
    if (row >= 0 && row < n && col >= 0 && col < n) element_tooltip(s, n, row, col);
  }
  ImGui::End();
}

}  // namespace fragviz::app
