// File > Load kernel: a user kernel's source, entry and launch (docs/user-kernels.md). The run
// itself is the gate's (app.cpp starts it in the kernel runner's child process); its verdict,
// figures and output land in the gate panel and the output view like a built-in variant's, its
// compile errors (file:line) and CUDA errors in the gate panel's error line and here.
#include "../kernel_form.hpp"
#include "../layout.hpp"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {

void draw_load_kernel(AppState& s) {
  KernelForm& f = s.kernel;
  if (!f.open) return;
  ImGui::SetNextWindowSize(ImVec2(640, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Load kernel", &f.open)) {
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(kDimV,
                     "extern \"C\" __global__ void NAME(const __half* A, const __half* B, float* C, int n): "
                     "A and B n x n fp16 row-major, C fp32. Compiled with NVRTC for this GPU, run in a "
                     "separate process.");
  ImGui::PopTextWrapPos();
  const bool running = s.gate_status == JobStatus::running;
  ImGui::BeginDisabled(running);
  ImGui::SetNextItemWidth(-120);
  ImGui::InputText("source (.cu)", &f.source_path);
  record_widget(s, "kernel_source");
  ImGui::SetNextItemWidth(-120);
  ImGui::InputText("entry", &f.entry);
  record_widget(s, "kernel_entry");
  ImGui::SetNextItemWidth(200);
  ImGui::InputText("block (X,Y,Z of n)", &f.block);
  record_widget(s, "kernel_block");
  ImGui::SetNextItemWidth(200);
  ImGui::InputText("grid (X,Y,Z of n)", &f.grid);
  record_widget(s, "kernel_grid");
  ImGui::SetNextItemWidth(200);
  ImGui::InputInt("dynamic shared bytes", &f.smem_bytes, 1024, 16384);
  if (f.smem_bytes < 0) f.smem_bytes = 0;
  record_widget(s, "kernel_smem");
  ImGui::EndDisabled();

  // Checked every frame (cheap): what is wrong is said before anything is started.
  const Outcome<GateRequest> req = kernel_request(f, s.gate_request);
  const bool can = req && !running;
  ImGui::TextColored(kDimV, "n = %d, seed %llu (from the Gate panel)", s.gate_request.n,
                     static_cast<unsigned long long>(s.gate_request.seed));
  ImGui::BeginDisabled(!can);
  if (ImGui::Button("Run through the gate")) f.run_requested = true;
  ImGui::EndDisabled();
  record_widget(s, "kernel_run");
  if (running) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) s.gate_cancel_requested = true;
    ImGui::ProgressBar(static_cast<float>(s.gate_progress_permille) / 1000.f, ImVec2(-1, 0));
  }
  ImGui::PushTextWrapPos(0.f);
  if (!req) {
    ImGui::TextColored(kAmberV, "%s", req.error.message.c_str());
    s.frame.kernel_reason = req.error.message;
  }
  // The last user-kernel run's error, in full (compile errors are one file:line per line).
  const GateReport* last = s.gate.report.get();
  if (last != nullptr && last->request.kernel && !last->ran && !last->cancelled) {
    ImGui::Separator();
    ImGui::TextColored(kRedV, "%s", last->error.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace fragviz::app
