// File > Load kernel: a user kernel's source, entry and launch (docs/user-kernels.md). The run
// itself is the gate's (app.cpp starts it in the kernel runner's child process); its verdict,
// figures and output land in the gate panel and the output view like a built-in variant's, its
// compile errors (file:line) and CUDA errors in the gate panel's error line and at the top of this
// window. Browse... opens the file browser File > Open report uses, on CUDA sources.
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <system_error>

#include "../kernel_form.hpp"
#include "../window_placement.hpp"
#include "file_browser.hpp"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// Browse... beside the source field: the browser opens in the typed source's folder (else where it
/// was last); the file picked replaces the typed path, which stays editable.
void draw_source_browser(AppState& s) {
  FileBrowserState& b = s.kernel_browser;
  if (draw_file_browser(b, s)) {
    s.kernel.source_path = b.chosen;
    b.chosen.clear();
  }
}

void open_source_browser(AppState& s) {
  FileBrowserState& b = s.kernel_browser;
  // A typed relative path is the kernel runner's: from the app's current folder.
  std::error_code ec;
  const std::string cwd = std::filesystem::current_path(ec).string();
  const std::string typed =
      s.kernel.source_path.empty() || ec ? std::string() : resolve_path(cwd, s.kernel.source_path);
  open_browser(b, typed.empty() ? b.listing.dir : parent_folder(typed));
}

}  // namespace

void draw_load_kernel(AppState& s) {
  KernelForm& f = s.kernel;
  draw_source_browser(s);
  if (!f.open) return;
  // Height 0 every frame: fitted to what the window holds now, so no result is cut off below.
  ImGui::SetNextWindowSize(ImVec2(640, 0), ImGuiCond_Always);
  if (!ImGui::Begin("Load kernel", &f.open)) {
    ImGui::End();
    return;
  }
  s.frame.widgets["kernel_window"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                          ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  const bool running = s.gate_status == JobStatus::running;
  // Checked every frame (cheap): what is wrong is said before anything is started.
  const Outcome<GateRequest> req = kernel_request(f, s.gate_request);
  // The results first, where they are seen: why Run is disabled, and the last user-kernel run's
  // error in full (compile errors are one file:line per line).
  // A box of fixed height (it scrolls when a compile error is longer), so that the fields below do
  // not move when a reason or an error line appears, goes or wraps: a click aimed at a field lands
  // in it.
  ImGui::BeginChild("##kernel_results", ImVec2(0, 4.f * ImGui::GetTextLineHeightWithSpacing()), false);
  if (!req) {
    status_text(kAmberV, "%s", req.error.message.c_str());
    s.frame.kernel_reason = s.frame.kernel_status = req.error.message;
  } else if (s.device_blocked) {
    // Without a GPU (none found, or --no-device) the runner still compiles the source, which finds
    // its compile errors; said before Run, so no one expects a gate verdict from it.
    s.frame.kernel_status = "no GPU (" + *s.device_blocked + "): Run only compiles " + f.entry +
                            " to find compile errors; nothing runs";
    status_text(kAmberV, "%s", s.frame.kernel_status.c_str());
  } else {
    s.frame.kernel_status = "ready: Run compiles " + f.entry + " and runs it through the gate";
    status_text(kGreenV, "%s", s.frame.kernel_status.c_str());
  }
  record_widget(s, "kernel_status");
  const GateReport* last = s.gate.report.get();
  // Only while the form still names that kernel: an error of another source is no answer to this one.
  if (last != nullptr && last->request.kernel && !last->ran && !last->cancelled &&
      last->request.kernel->source_path == f.source_path && last->request.kernel->entry == f.entry) {
    status_text(kRedV, "%s", last->error.message.c_str());
    record_widget(s, "kernel_last_error");
  }
  ImGui::EndChild();
  ImGui::Separator();
  // The contract in the model's words (user_kernel.hpp): the header first, or __half is undefined.
  status_text(kDimV,
              "%s, then %s: A and B n x n fp16 row-major, C fp32. Compiled with NVRTC for this GPU, run in a "
              "separate process.",
              std::string(kUserKernelHeader).c_str(), std::string(kUserKernelSignature).c_str());
  ImGui::BeginDisabled(running);
  if (ImGui::Button("Browse...")) open_source_browser(s);
  record_widget(s, "kernel_browse");
  ImGui::SameLine();
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
  number_field(s, "kernel_smem", "dynamic shared bytes", "dynamic shared bytes", &f.smem_bytes, 0,
               std::numeric_limits<int>::max(), 1024, 16384);
  if (f.smem_bytes < 0) f.smem_bytes = 0;  // a value from a file, not typed
  number_note(s, "kernel_smem");
  // #include <...> folders, as gate --kernel's -I DIR and --cutlass.
  ImGui::SetNextItemWidth(-120);
  ImGui::InputText("include (a:b:...)", &f.include_dirs);
  record_widget(s, "kernel_include");
  ImGui::Checkbox("CUTLASS/CuTe headers (tools/fetch-cutlass.sh)", &f.cutlass);
  record_widget(s, "kernel_cutlass");
  ImGui::EndDisabled();

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
    // Until the gate reports progress the child is compiling: say so, with the seconds it has taken.
    const std::string text = f.run_started_s < 0 ? std::string()
                                                 : kernel_progress_text(s.gate_progress_permille,
                                                                        ImGui::GetTime() - f.run_started_s);
    if (text.empty()) {
      ImGui::ProgressBar(static_cast<float>(s.gate_progress_permille) / 1000.f, ImVec2(-1, 0));
    } else {
      // Indeterminate: a fill that sweeps once a second while nothing can be measured.
      const float sweep = static_cast<float>(std::fmod(ImGui::GetTime(), 1.0));
      ImGui::ProgressBar(sweep, ImVec2(-1, 0), text.c_str());
    }
    record_widget(s, "kernel_progress");
    s.frame.kernel_progress = text.empty() ? std::to_string(s.gate_progress_permille / 10) + "%" : text;
  }
  ImGui::End();
}

}  // namespace fragviz::app
