// The descriptor view's architecture choice and its sm_100 side: with sm_100 the window decodes a
// tcgen05 shared-memory matrix descriptor field by field (editable as hex or field by field; its
// own swizzle codes, fixed bits 46-48, LBO mode) and a tcgen05.mma instruction descriptor read
// with a chosen .kind, each with the model's refusal or "an sm_100 tcgen05.mma can read it", under
// the model-only status (viewmodel/tcgen05_desc_view.hpp). sm_90 keeps the wgmma view as it was.
#include <algorithm>

#include "../palette.hpp"
#include "panels.hpp"
// After imgui.h (panels.hpp): its header needs IMGUI_API.
#include "imgui_stdlib.h"

namespace fragviz::app {
namespace {

constexpr UmmaKind kKinds[] = {UmmaKind::f16,      UmmaKind::tf32, UmmaKind::f8f6f4,  UmmaKind::i8,
                               UmmaKind::mxf8f6f4, UmmaKind::mxf4, UmmaKind::mxf4nvf4};

void verdict(const DecodedWord& w, const char* widget, AppState& s) {
  if (!w.read) {
    status_text(kRedV, "%s", w.error.c_str());
  } else if (w.refusal) {
    status_text(kRedV, "refused: %s", w.refusal->c_str());
  } else if (w.warning) {
    status_text(kAmberV, "warning: %s", w.warning->c_str());
  } else {
    status_text(kGreenV, "an sm_100 tcgen05.mma can read it");
  }
  record_widget(s, widget);
}

void lines(const DecodedWord& w) {
  ImGui::BeginGroup();
  for (const std::string& l : w.lines) ImGui::TextUnformatted(l.c_str());
  ImGui::EndGroup();
}

/// The shared-memory descriptor's fields as inputs: a change re-encodes the word (the fixed and
/// reserved bits kept as they were, so a Hopper word stays refused until they are right).
void smem_fields(AppState& s, Sm100DescriptorControls& c, std::uint64_t bits) {
  UmmaSmemDescriptor d = decode_umma_smem_descriptor(bits);
  bool changed = false;
  const auto field = [&](const char* label, const char* name, const char* widget, int* v, int lo, int hi,
                         int step) {
    ImGui::SetNextItemWidth(130);
    changed |= number_field(s, widget, label, name, v, lo, hi, step, step * 8);
  };
  int start = static_cast<int>(d.start_address), lbo = static_cast<int>(d.leading_byte_offset),
      sbo = static_cast<int>(d.stride_byte_offset);
  field("start (bytes)", "start", "desc100_start", &start, 0, (1 << 18) - 16, 16);
  ImGui::SameLine();
  field("LBO", "LBO", "desc100_lbo", &lbo, 0, (1 << 18) - 16, 16);
  field("SBO", "SBO", "desc100_sbo", &sbo, 0, (1 << 18) - 16, 16);
  ImGui::SameLine();
  field("base offset", "base offset", "desc100_base_offset", &d.base_offset, 0, 7, 1);
  field("LBO mode", "LBO mode", "desc100_lbo_mode", &d.lbo_mode, 0, 1, 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150);
  if (ImGui::BeginCombo("swizzle", umma_swizzle_name(d.swizzle).c_str())) {
    for (int code : {0, 1, 2, 4, 6})
      if (ImGui::Selectable(umma_swizzle_name(code).c_str(), code == d.swizzle)) {
        d.swizzle = code;
        changed = true;
      }
    ImGui::EndCombo();
  }
  record_widget(s, "desc100_swizzle");
  for (const char* w :
       {"desc100_start", "desc100_lbo", "desc100_sbo", "desc100_base_offset", "desc100_lbo_mode"})
    number_note(s, w);
  if (changed) {
    d.start_address = static_cast<std::uint32_t>(start);
    d.leading_byte_offset = static_cast<std::uint32_t>(lbo);
    d.stride_byte_offset = static_cast<std::uint32_t>(sbo);
    c.smem = descriptor_hex(encode_umma_smem_descriptor(d));
  }
}

}  // namespace

bool draw_descriptor_arch(AppState& s) {
  Sm100DescriptorControls& c = s.descriptor_sm100;
  ImGui::TextColored(kDimV, "architecture");
  ImGui::SameLine();
  if (ImGui::RadioButton("sm_90 (wgmma)", c.arch == DescriptorArch::sm90)) c.arch = DescriptorArch::sm90;
  record_widget(s, "desc_arch_sm90");
  ImGui::SameLine();
  if (ImGui::RadioButton("sm_100 (tcgen05, model only)", c.arch == DescriptorArch::sm100))
    c.arch = DescriptorArch::sm100;
  record_widget(s, "desc_arch_sm100");
  if (c.arch != DescriptorArch::sm100) return false;

  const Sm100DescriptorView v = make_sm100_descriptor_view(c);
  status_text(kAmberV, "%s", v.status.c_str());
  record_widget(s, "desc100_status");
  ImGui::TextColored(
      kDimV,
      "The sm_100 swizzle codes sit in bits 61-63 (Hopper's in 62-63) and bits 46-48 are fixed "
      "at 0b001 (0 on Hopper): a decoder must know the architecture.");
  ImGui::Separator();
  // The two descriptors side by side, so both fit a window of ordinary height.
  if (!ImGui::BeginTable("##desc100", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable))
    return true;
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("Shared-memory matrix descriptor");
  ImGui::TextColored(kDimV, "%s", v.smem_source.c_str());
  ImGui::SetNextItemWidth(220);
  // No character filter: ImGui's hexadecimal filter drops the x of the 0x the tool prints.
  ImGui::InputText("64 bits (hex)", &c.smem);
  record_widget(s, "desc100_smem");
  if (v.smem.read) smem_fields(s, c, v.smem.bits);
  lines(v.smem);
  record_widget(s, "desc100_smem_lines");
  verdict(v.smem, "desc100_smem_verdict", s);

  ImGui::TableNextColumn();
  ImGui::TextUnformatted("Instruction descriptor");
  ImGui::TextColored(kDimV, "%s", v.idesc_source.c_str());
  ImGui::SetNextItemWidth(140);
  // Filters as the user types, as every list picker of the app does (filtered_list).
  if (ImGui::BeginCombo(".kind", std::string(to_string(c.kind)).c_str())) {
    std::vector<PickerEntry> entries;
    for (UmmaKind k : kKinds) {
      const std::string name(to_string(k));
      entries.push_back(PickerEntry{name, "", "", k == c.kind, "desc100_kind_" + name});
    }
    if (const int i = filtered_list(s, "desc100_kind", entries); i >= 0) c.kind = kKinds[i];
    ImGui::EndCombo();
  }
  record_widget(s, "desc100_kind");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  ImGui::InputText("32 bits (hex)", &c.idesc);
  record_widget(s, "desc100_idesc");
  lines(v.idesc);
  record_widget(s, "desc100_idesc_lines");
  verdict(v.idesc, "desc100_idesc_verdict", s);
  ImGui::EndTable();
  return true;
}

}  // namespace fragviz::app
