// The exact matmul gate: request controls, Run/Cancel, progress, the verdict lines as the seed
// prints them, figures, and this session's history.
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "../layout.hpp"
#include "fragviz/gate_host.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

constexpr GateVariant kVariants[] = {GateVariant::ldmatrix_k8, GateVariant::scalar_b_k8,
                                     GateVariant::ldmatrix_k16, GateVariant::broken_swap_b};

std::optional<std::uint64_t> parse_seed(const char* text) {
  if (!*text) return std::nullopt;
  std::uint64_t v = 0;
  for (const char* p = text; *p; ++p) {
    if (*p < '0' || *p > '9') return std::nullopt;
    const std::uint64_t d = static_cast<std::uint64_t>(*p - '0');
    if (v > (UINT64_MAX - d) / 10) return std::nullopt;  // overflow
    v = v * 10 + d;
  }
  return v;
}

std::string verdict_line(const GateReport& r) {
  char buf[256];
  if (!r.ran) return r.cancelled ? "cancelled" : "not run: " + r.error;
  if (r.exact)
    std::snprintf(buf, sizeof buf, "matmul at n = %d against the reference: exact match", r.request.n);
  else if (r.first)
    std::snprintf(buf, sizeof buf,
                  "matmul at n = %d: %" PRIu64 " mismatches, first at row %d, col %d: got %g, want %g",
                  r.request.n, r.mismatch_count, r.first->row, r.first->col,
                  static_cast<double>(r.first->got), static_cast<double>(r.first->want));
  else
    std::snprintf(buf, sizeof buf, "matmul at n = %d: %" PRIu64 " mismatches", r.request.n, r.mismatch_count);
  return buf;
}

void draw_result(const GateRun& run, std::string& shown) {
  const GateReport& r = *run.report;
  ImGui::PushTextWrapPos(0.f);
  const ImVec4 col = !r.ran ? kAmberV : r.exact ? kGreenV : kRedV;
  shown = verdict_line(r);
  ImGui::TextColored(col, "%s", shown.c_str());
  ImGui::PopTextWrapPos();
  if (!r.ran) return;
  ImGui::Text("%s, seed %" PRIu64 ", on %s%s", std::string(to_string(r.request.variant)).c_str(),
              r.request.seed, r.device.name.c_str(), run.origin == "live" ? "" : " (from file)");
  ImGui::Text("kernel %.3f ms, %.1f GFLOP/s", r.kernel_ms, r.gflops);
  if (r.cublas_ms > 0)
    ImGui::Text("cuBLAS %.3f ms, %.1f GFLOP/s; ratio %.2f", r.cublas_ms, r.cublas_gflops, r.ratio_to_cublas);
  ImGui::Text("%d registers, %d B shared, %d B spill/stack", r.resources.registers,
              r.resources.static_shared_bytes, r.resources.local_bytes);
  if (!r.resources.ptxas.empty()) ImGui::TextColored(kDimV, "ptxas: %s", r.resources.ptxas.c_str());
  ImGui::TextColored(kDimV, "verdict in %.1f ms; %d reference spot checks, %d failed", r.verdict_ms,
                     r.spot_checks, r.spot_check_failures);
}

}  // namespace

void draw_gate(AppState& s) {
  if (!begin_view(s, kWinGate, &s.windows.gate)) {
    ImGui::End();
    return;
  }
  GateRequest& req = s.gate_request;
  const bool running = s.gate_status == JobStatus::running;
  ImGui::BeginDisabled(running);
  ImGui::SetNextItemWidth(110);
  // The gate's own range and tile step (gate_host.hpp); a size inside the range that does not tile
  // (2000) stays as typed and the reason below says what would work.
  ImGui::InputInt("n", &req.n, kGateBlockTile, 8 * kGateBlockTile);
  req.n = std::clamp(req.n, kGateMinN, kGateMaxN);
  record_widget(s, "gate_n");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150);
  if (ImGui::BeginCombo("variant", std::string(to_string(req.variant)).c_str())) {
    for (GateVariant v : kVariants) {
      std::string name(to_string(v));
      if (v == GateVariant::broken_swap_b) name += "  (deliberately wrong)";
      if (ImGui::Selectable(name.c_str(), v == req.variant)) req.variant = v;
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(110);
  // Unsigned decimal digits only: InputScalar would wrap "-1" and accept "1e3".
  static char seed_text[32] = "";
  static std::uint64_t seed_shown = ~req.seed;
  static std::string seed_error;
  if (seed_shown != req.seed && seed_error.empty()) {
    std::snprintf(seed_text, sizeof seed_text, "%" PRIu64, req.seed);
    seed_shown = req.seed;
  }
  if (ImGui::InputText("seed", seed_text, sizeof seed_text)) {
    if (std::optional<std::uint64_t> v = parse_seed(seed_text)) {
      req.seed = seed_shown = *v;
      seed_error.clear();
    } else {
      seed_error = std::string("seed \"") + seed_text +
                   "\" is not an unsigned decimal number (digits 0-9, at most 18446744073709551615); "
                   "keeping " +
                   std::to_string(req.seed);
    }
  }
  record_widget(s, "gate_seed");
  ImGui::EndDisabled();
  s.frame.gate_seed_error = seed_error;

  const bool can = !running && !s.gate_blocked;
  s.frame.gate_button_enabled = can;
  s.frame.gate_reason = s.gate_blocked.value_or(running ? "a gate run is in progress" : "");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can);
  if (ImGui::Button("Run gate")) s.gate_run_requested = true;
  ImGui::EndDisabled();
  record_widget(s, "run_gate");
  if (running) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) s.gate_cancel_requested = true;
    ImGui::ProgressBar(static_cast<float>(s.gate_progress_permille) / 1000.f, ImVec2(-1, 0));
  }
  if (s.gate_blocked) {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(kAmberV, "Gate unavailable: %s", s.gate_blocked->c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "gate_reason");
  }
  if (!s.frame.gate_seed_error.empty()) {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(kRedV, "%s", s.frame.gate_seed_error.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!s.gate_error.empty()) ImGui::TextColored(kRedV, "%s", s.gate_error.c_str());
  ImGui::Separator();
  if (s.gate.report)
    draw_result(s.gate, s.frame.gate_verdict);
  else
    ImGui::TextColored(kDimV, "No gate result yet.");

  if (!s.history.empty() && ImGui::CollapsingHeader("History", ImGuiTreeNodeFlags_DefaultOpen)) {
    const ImGuiTableFlags f = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (ImGui::BeginTable("history", 7, f, ImVec2(0, std::max(80.f, ImGui::GetContentRegionAvail().y)))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      for (const char* h : {"#", "variant", "n", "verdict", "ms", "GFLOP/s", "x cuBLAS"})
        ImGui::TableSetupColumn(h);
      ImGui::TableHeadersRow();
      // Older rows hold summaries (gate_history.hpp): every figure shown here, no matrices.
      for (std::size_t i = s.history.size(); i-- > 0;) {
        const GateReport& r = *s.history.rows()[i].report;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", s.history.number(i));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(to_string(r.request.variant)).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.request.n);
        ImGui::TableNextColumn();
        if (!r.ran)
          ImGui::TextColored(kAmberV, r.cancelled ? "cancelled" : "error");
        else if (r.exact)
          ImGui::TextColored(kGreenV, "exact");
        else
          ImGui::TextColored(kRedV, "%" PRIu64 " wrong", r.mismatch_count);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", verdict_line(r).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", r.kernel_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.0f", r.gflops);
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", r.ratio_to_cublas);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace fragviz::app
