// The CUDA device (or why there is none), probe status, how many catalogue instructions this GPU
// runs and the report measured and matched, and the measured cycles table.
#include "../run_status.hpp"
#include "../window_placement.hpp"
#include "fragviz/device/device.hpp"
#include "panels.hpp"

namespace fragviz::app {

void draw_device(AppState& s, const Derived& d) {
  if (!begin_view(s, kWinDevice, &s.windows.device)) {
    ImGui::End();
    return;
  }
  const DeviceInfo& dev = s.device;
  if (!built_with_cuda()) {
    status_text(kAmberV, "Built without CUDA: model only.");
  } else if (!s.device_known) {
    ImGui::TextColored(kDimV, "Querying the CUDA device...");
  } else if (!dev.present) {
    status_text(kAmberV, "No CUDA device");
    status_text(kDimV, "%s", dev.error.message.c_str());
  } else {
    if (!dev.name.empty()) fit_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), dev.name);
    ImGui::Text("compute capability %d.%d (sm_%d)", dev.cc_major, dev.cc_minor, dev.sm());
    const std::string driver = driver_line(dev), figures = device_figures(dev);
    if (!driver.empty()) fit_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), driver);
    if (!figures.empty()) fit_text(kDimV, figures);
  }
  switch (s.probe_status) {
    case JobStatus::running:
      ImGui::TextColored(kDimV, "probes: running...");
      break;
    case JobStatus::failed:
      status_text(kRedV, "probes failed: %s", s.probe_error.c_str());
      break;
    default:
      break;
  }
  const std::vector<Instruction>& cat = catalogue();
  if (dev.present) {
    int runs = 0;
    for (const Instruction& in : cat) runs += device_runs(dev, in) ? 1 : 0;
    ImGui::TextColored(kDimV, "runs %d of the %zu catalogue instructions", runs, cat.size());
  }
  if (const ProbeReport* p = s.probe.report.get()) {
    ImGui::Separator();
    fit_text(kGreenV, s.probe.label);
    record_widget(s, "device_measured_label");
    // The register-fed tensor-core probes, one per catalogue instruction the report holds, and the
    // fragment probes (ldmatrix, then mma), named apart: a report may hold only the second kind,
    // which the fragments view shows as measured.
    const MeasuredTable& m = d.measured;
    const std::string fragments = fragment_probes_line(*p);
    s.frame.device_probe_lines.clear();
    if (!fragments.empty()) {
      status_text(kGreenV, "%s", fragments.c_str());
      s.frame.device_probe_lines.push_back(fragments);
    }
    if (m.in_report == 0) {
      const char* none = "no register-fed mma probes (one per catalogue instruction) in this report";
      ImGui::TextColored(kDimV, "%s", none);
      s.frame.device_probe_lines.push_back(none);
    } else {
      ImGui::PushTextWrapPos(0.f);
      status_text(m.matched == m.measured ? kGreenV : kRedV,
                  "tensor core: %d instructions measured, %d matched", m.measured, m.matched);
      record_widget(s, "device_instruction_counts");
      if (m.skipped) status_text(kAmberV, "%d in the report not run there", m.skipped);
      ImGui::PopTextWrapPos();
      if ((m.skipped || m.matched != m.measured) && ImGui::TreeNode("not run or differing")) {
        using State = MeasuredTable::Entry::State;
        for (std::size_t i = 0; i < cat.size() && i < m.catalogue.size(); ++i) {
          const MeasuredTable::Entry& e = m.catalogue[i];
          if (e.state != State::skipped && e.state != State::differs) continue;
          status_text(e.state == State::differs ? kRedV : kAmberV, "%s", short_mnemonic(cat[i]));
          if (ImGui::IsItemHovered()) text_tooltip(kDimV, std::string(cat[i].mnemonic) + "\n" + e.detail);
        }
        ImGui::TreePop();
      }
    }
    if (p->device.present && s.probe.origin != "live") {
      const std::string recorded = recorded_line(p->created_utc, p->device);
      if (!recorded.empty()) fit_text(kDimV, recorded);
      record_widget(s, "device_recorded");
      s.frame.device_recorded = recorded;
    }
    ImGui::TextColored(kDimV, "CUDA start-up %.1f ms, probes %.1f ms", p->cuda_init_ms, p->probe_ms);
    if (!p->error.message.empty()) status_text(kRedV, "%s", p->error.message.c_str());
    if (!p->cycles.empty() &&
        ImGui::BeginTable("cycles", 4,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
      ImGui::TableSetupColumn("ldmatrix");
      ImGui::TableSetupColumn("stride (width + pad)");
      ImGui::TableSetupColumn("wavefronts");
      ImGui::TableSetupColumn("cycles");
      ImGui::TableHeadersRow();
      for (const CyclesRow& r : p->cycles) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text(".%s%s", std::string(to_string(r.config.num)).c_str(), r.config.trans ? ".trans" : "");
        ImGui::TableNextColumn();
        ImGui::Text("%s%s", cycles_stride_words(r).c_str(), r.tile.swizzle == Swizzle::none ? "" : " xor");
        ImGui::TableNextColumn();
        ImGui::Text("%d / %d", r.predicted_wavefronts, r.measured_wavefronts);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("predicted / from measured addresses");
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", r.cycles_per_instruction);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace fragviz::app
