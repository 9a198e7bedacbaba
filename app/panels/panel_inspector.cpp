// The selected lane, register by register: hex value (measured when a report has it, else the
// model's synthetic cell-index value), the two 16-bit halves decoded to (operand, row, col), and
// the lane's part in the explorer's ldmatrix: the row it addresses and who receives it, and who
// addresses the rows it receives.
#include <algorithm>
#include <cstdio>
#include <set>

#include "../layout.hpp"
#include "../palette.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// Lane chips: "T0 T1 ..." in the lanes' colours; clicking one selects that lane.
void lane_chips(AppState& s, const std::set<int>& lanes) {
  bool first = true;
  for (int l : lanes) {
    if (!first) ImGui::SameLine(0, 3);
    first = false;
    char buf[16];
    std::snprintf(buf, sizeof buf, "T%d##chip%d", l, l);
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(lane_colour(l)));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(lane_text_colour(l)));
    if (ImGui::SmallButton(buf)) s.selected_lane = l;
    ImGui::PopStyleColor(2);
    if (ImGui::GetContentRegionAvail().x < 40.f) first = true;  // wrap
  }
  if (lanes.empty()) ImGui::TextColored(kDimV, "none");
}

const ElementCheck* find_check(const FragmentProbe* fp, Operand op, int lane, int element) {
  if (!fp || !fp->ran) return nullptr;
  for (const ElementCheck& e : fp->elements)
    if (e.operand == op && e.lane == lane && e.element == element) return &e;
  return nullptr;
}

void register_table(AppState& s, const Derived& d, int lane) {
  const Shape shape = s.controls.shape;
  const FragmentProbe* fp = measured_fragments(s, shape);
  const bool measured = fp && fp->ran;
  ImGui::TextColored(kDimV, measured ? "values: %s" : "values: model (%s)",
                     measured ? s.probe.label.c_str() : "each cell holds its index, B +512");
  if (!ImGui::BeginTable(
          "regs", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("reg");
  ImGui::TableSetupColumn("hex");
  ImGui::TableSetupColumn("low 16 bits");
  ImGui::TableSetupColumn("high 16 bits");
  ImGui::TableHeadersRow();
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const OperandTable& t = d.op(op);
    const char* opn = op == Operand::C ? "C" : op == Operand::A ? "A" : "B";
    for (int r = 0; r < registers_per_lane(shape, op); ++r) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(register_name(op, r).c_str());
      const int e0 = op == Operand::C ? r : 2 * r;
      const int halves = op == Operand::C ? 1 : 2;
      std::uint32_t bits = 0;
      bool bad = false;
      std::string dec[2];
      for (int h = 0; h < halves; ++h) {
        const int e = e0 + h;
        const Coord c = t.lane_cells[static_cast<std::size_t>(lane)][static_cast<std::size_t>(e)];
        std::uint32_t v = synthetic_bits(op, t.cols, c);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s (%s,%d,%d)", element_name(op, e).c_str(), opn, c.row, c.col);
        dec[h] = buf;
        if (const ElementCheck* m = find_check(fp, op, lane, e)) {
          v = m->raw;
          if (!m->match()) {
            bad = true;
            if (m->measured)
              std::snprintf(buf, sizeof buf, "%s got (%s,%d,%d)", element_name(op, e).c_str(), opn,
                            m->measured->row, m->measured->col);
            else
              std::snprintf(buf, sizeof buf, "%s names no cell", element_name(op, e).c_str());
            dec[h] = buf;
          }
        }
        bits |= op == Operand::C ? v : (v & 0xffffu) << (16 * h);
      }
      ImGui::TableNextColumn();
      ImGui::TextColored(bad ? kRedV : ImVec4(1, 1, 1, 1), "%s", hex(bits, 8).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(bad ? kRedV : ImVec4(0.9f, 0.9f, 0.9f, 1), "%s", dec[0].c_str());
      ImGui::TableNextColumn();
      if (halves == 2)
        ImGui::TextColored(bad ? kRedV : ImVec4(0.9f, 0.9f, 0.9f, 1), "%s", dec[1].c_str());
      else
        ImGui::TextColored(kDimV, "(whole .f32)");
    }
  }
  ImGui::EndTable();
}

void ldmatrix_relations(AppState& s, const Derived& d, int lane) {
  const LdmatrixTable& t = d.ldmatrix;
  const LdmatrixConfig cfg = t.config;
  ImGui::TextColored(kDimV, "%s", ldmatrix_mnemonic(cfg).c_str());
  const LaneAddress& a = d.padded.report.lanes[static_cast<std::size_t>(lane)];
  if (supplies_address(cfg.num, lane)) {
    const int j = address_matrix(lane), i = address_row(lane);
    ImGui::Text("supplies the row address of matrix %d, row %d:", j, i);
    ImGui::Text("  tile (%d, %d), byte %s, banks %d-%d", a.logical.row, a.logical.col,
                hex(a.byte_address, 4).c_str(), a.banks[0], a.banks[3]);
    if (!a.aligned) ImGui::TextColored(kRedV, "  not 16-byte aligned: illegal");
    std::set<int> receivers;
    for (int k = 0; k < 8; ++k) receivers.insert(t.at(a.logical.row, a.logical.col + k).lane);
    ImGui::Text("lanes receiving that row (register %d):", j);
    lane_chips(s, receivers);
  } else {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(
        kDimV,
        "supplies no address for .%s (only lanes 0-%d do); on sm_75 it must still hold a valid one, "
        "e.g. lane %d's",
        std::string(to_string(cfg.num)).c_str(), address_lanes(cfg.num) - 1, lane % address_lanes(cfg.num));
    ImGui::PopTextWrapPos();
  }
  ImGui::Text("receives:");
  std::set<int> suppliers;
  for (int reg = 0; reg < matrices(cfg.num); ++reg) {
    std::string line = "  r" + std::to_string(reg) + ":";
    for (int half = 0; half < 2; ++half) {
      const Coord o = explorer_matrix_origin(reg);
      const Coord e = ldmatrix_element(cfg.trans, lane, half);
      const Coord c{o.row + e.row, o.col + e.col};
      const int sup = t.at(c.row, c.col).address_lane;
      suppliers.insert(sup);
      line += std::string(half ? "  hi" : " lo") + " (" + std::to_string(c.row) + "," +
              std::to_string(c.col) + ") from T" + std::to_string(sup);
    }
    ImGui::TextUnformatted(line.c_str());
  }
  ImGui::Text("lanes supplying the rows it receives:");
  lane_chips(s, suppliers);
}

}  // namespace

void draw_inspector(AppState& s, const Derived& d) {
  place_window(kWinInspector, s.reset_layout);
  if (!ImGui::Begin(kWinInspector, &s.windows.inspector)) {
    ImGui::End();
    return;
  }
  const int lane = s.selected_lane;
  if (lane < 0) {
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(
        kDimV,
        "No lane selected. Click a cell in any grid, or a lane button above the grids, to see that "
        "lane's registers and its part in ldmatrix.");
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  dl->AddRectFilled(p, ImVec2(p.x + h * 1.6f, p.y + h), lane_colour(lane), 3.f);
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  ImGui::SameLine();
  ImGui::Text("lane %d   groupID %d, threadID_in_group %d", lane, group_id(lane), thread_id_in_group(lane));
  ImGui::Spacing();
  if (ImGui::CollapsingHeader("Registers", ImGuiTreeNodeFlags_DefaultOpen)) register_table(s, d, lane);
  if (ImGui::CollapsingHeader("ldmatrix (explorer)", ImGuiTreeNodeFlags_DefaultOpen))
    ldmatrix_relations(s, d, lane);
  ImGui::End();
}

}  // namespace fragviz::app
