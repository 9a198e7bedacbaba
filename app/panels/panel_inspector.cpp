// The selected lane, register by register: the hex value (measured when a report has it, else the
// register as the tensor-core probe feeds it: every A/B element holds its slot's label, the one
// encoding the probes use), every element's bit field (two halves, four bytes, eight nibbles, 32
// bits or one 64-bit double, from register_slot) decoded to (operand, row, col), and, where the
// instruction's A/B is loaded with ldmatrix, the lane's part in those loads (the stored row it
// addresses, the bytes each register receives and from whom) and in the explorer's ldmatrix: the
// row it addresses and who receives it, and who addresses the rows it receives.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "../hopper_views.hpp"
#include "../palette.hpp"
#include "../window_placement.hpp"
#include "hopper_common.hpp"
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

// [SECTION] registers as data

std::string hex64(std::uint64_t v, int bits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llX", bits / 4, static_cast<unsigned long long>(v));
  return buf;
}

/// The selected lane's registers with every element's bit field, from the model, the
/// tensor-core probe's labels and, when a report has them, the measured values.
std::vector<InspectorRegister> build_registers(const Derived& d, int lane, std::string& encoding,
                                               const std::string& label) {
  const MeasuredTable& ms = d.measured;
  const bool ip = ms.instruction != nullptr, fp = !ip && ms.fragment != nullptr;
  std::vector<InspectorRegister> out;
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const OperandTable& t = d.op(op);
    const int per_reg = elements_per_register(operand_spec(*d.instr, op));
    const int reg_bits = element_bits(t.type) == 64 ? 64 : 32;
    for (int r = 0; r < t.registers; ++r) {
      InspectorRegister reg;
      reg.operand = op;
      reg.index = r;
      reg.name = register_name(t, r);
      reg.bits = reg_bits;
      std::uint64_t measured_value = 0;
      bool have_measured_value = false;
      for (int j = 0; j < per_reg; ++j) {
        const int e = r * per_reg + j;
        const RegisterSlot slot = register_slot(*d.instr, op, e);
        InspectorField f;
        f.element = e;
        f.bit = slot.bit;
        f.bits = slot.bits;
        f.coord = t.lane_cells[static_cast<std::size_t>(lane)][static_cast<std::size_t>(e)];
        if (op != Operand::C) f.label = probe_label(t, lane, e);
        const int si = lane * t.per_lane + e;
        if (const ElementCheck* c = ip ? ms.ip_check(op, si) : fp ? ms.fp_check(op, si) : nullptr) {
          f.measured = true;
          f.measured_raw = c->raw;
          f.measured_coord = c->measured;
          f.match = c->match();
          // Registers the probe really returned: the ldmatrix probe's A/B halves and D (the
          // accumulator probe's values). The tensor-core probe names D by one-hot passes, whose
          // first pass's bits say nothing of their own: no hex for it.
          if (fp) {
            const std::uint64_t mask = slot.bits >= 32 ? 0xFFFFFFFFull : (1ull << slot.bits) - 1;
            measured_value |= (static_cast<std::uint64_t>(c->raw) & mask) << slot.bit;
            have_measured_value = true;
          }
        }
        reg.fields.push_back(f);
      }
      if (have_measured_value) {
        reg.has_value = true;
        reg.value = measured_value;
        reg.hex = hex64(measured_value, reg_bits);
        reg.value_source = "measured-ldmatrix";
      } else if (op != Operand::C && !t.probe_words.empty()) {
        const std::uint32_t* w = &t.probe_words[static_cast<std::size_t>(lane * t.words)];
        const std::uint64_t v = reg_bits == 64 ? (static_cast<std::uint64_t>(w[2 * r + 1]) << 32) | w[2 * r]
                                               : static_cast<std::uint64_t>(w[r]);
        reg.has_value = true;
        reg.value = v;
        reg.hex = hex64(v, reg_bits);
        reg.value_source = "probe-label";
      } else {
        reg.value_source = ip && op == Operand::C ? "measured-mma" : "none";
      }
      out.push_back(std::move(reg));
    }
  }
  const OperandTable &a = d.op(Operand::A), &b = d.op(Operand::B);
  char buf[640];
  std::snprintf(buf, sizeof buf,
                "A/B hex: the registers the tensor-core probe feeds. Slot (lane, element) holds the label "
                "lane x E + element + 1 (E: A %d, B %d elements per lane), in %d-bit digits (A, .%s: %d "
                "pass%s; B, .%s: %d pass%s); the hex shows the first pass, digit 0. C/D holds no label: the "
                "probe names D cells by one-hot passes, so without a report only its cells and bits show.",
                a.per_lane, b.per_lane, a.label_digit_bits, std::string(to_string(a.type)).c_str(),
                a.label_digits, a.label_digits == 1 ? "" : "es", std::string(to_string(b.type)).c_str(),
                b.label_digits, b.label_digits == 1 ? "" : "es");
  encoding = buf;
  if (ip)
    encoding = label +
               " (tensor core): each A/B field shows the label the mma returned at the model's "
               "cell and the cell that label names; C/D shows the D bits of the first row pass and the cell "
               "the one-hot passes name. " +
               encoding;
  else if (fp)
    encoding = label +
               " through ldmatrix: A cell (r, c) holds the half r x K + c, B cell (r, c) holds "
               "1024 + r x N + c; C/D holds the accumulator probe's 1000 + 8r + c (f32). The hex is the "
               "register as loaded.";
  (void)b;
  return out;
}

// [SECTION] registers drawn

/// One register: name and hex on a line, then a bar of its bit fields, most significant on the
/// left as the hex reads; each field labelled with its element and (row, col) where that fits.
void draw_register(AppState& s, const Derived& d, const InspectorRegister& reg, float hex_x,
                   int& hovered_field) {
  const OperandTable& t = d.op(reg.operand);
  const bool products = t.products > 1;
  ImGui::TextUnformatted(reg.name.c_str());
  ImGui::SameLine(hex_x);
  bool bad = false;
  for (const InspectorField& f : reg.fields) bad |= f.measured && !f.match;
  // The notes wrap at the window's edge (status_text) under the hex column: a narrow inspector cut
  // "(no value: 32 b..." off (newcomer round 25). Recorded (text_lines) so a test sees it all shows.
  const std::string value_widget =
      "inspector_value_" + std::string(operand_key(reg.operand)) + std::to_string(reg.index);
  if (reg.hex.empty()) {
    const std::string note = reg.value_source == "measured-mma"
                                 ? std::string("(cells named by one-hot passes)")
                                 : "(no value: " + std::to_string(reg.bits) + " bits)";
    status_text(kDimV, "%s", note.c_str());
    record_text_line(s, value_widget.c_str(), note);
  } else {
    ImGui::TextColored(bad ? kRedV : ImVec4(1, 1, 1, 1), "%s", reg.hex.c_str());
    record_text_line(s, value_widget.c_str(), reg.hex);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s", reg.value_source == "probe-label" ? "as the tensor-core probe feeds it (labels, digit 0)"
              : reg.value_source == "measured-ldmatrix" ? "as measured: loaded by ldmatrix on the device"
              : reg.value_source == "measured-mma"
                  ? "measured: each D element's cell is named by the one-hot row and column passes"
                  : "the model has no value for C/D");
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float fh = sf->FontSize;
  const float w = std::max(60.f, ImGui::GetContentRegionAvail().x);
  const float h = 2.f * fh + 6.f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const std::string id = "##bar" + std::string(operand_key(reg.operand)) + std::to_string(reg.index);
  ImGui::InvisibleButton(id.c_str(), ImVec2(w, h));
  s.frame.widgets["inspector_" + std::string(operand_key(reg.operand)) + std::to_string(reg.index)] =
      last_item_rect();
  const bool hov = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float px_per_bit = w / static_cast<float>(reg.bits);
  char l1[32], l2[32];
  for (std::size_t i = 0; i < reg.fields.size(); ++i) {
    const InspectorField& f = reg.fields[i];
    // Bit b sits at x = (bits - 1 - b): the most significant bit on the left.
    const float x1 = p.x + static_cast<float>(reg.bits - f.bit) * px_per_bit;
    const float x0 = p.x + static_cast<float>(reg.bits - f.bit - f.bits) * px_per_bit;
    const ImVec2 a(x0, p.y), b(x1, p.y + h);
    const bool here = hov && mouse.x >= x0 && mouse.x < x1;
    if (here) hovered_field = static_cast<int>(i);
    ImU32 fill = (f.element % 2) ? IM_COL32(52, 58, 70, 255) : IM_COL32(66, 74, 90, 255);
    if (here) fill = IM_COL32(96, 106, 126, 255);
    dl->AddRectFilled(ImVec2(a.x + 0.5f, a.y), ImVec2(b.x - 0.5f, b.y), fill);
    if (f.measured) dl->AddRect(a, b, f.match ? kGreen : kRed, 0.f, 0, f.match ? 1.f : 2.5f);
    const ImU32 tc = IM_COL32(235, 235, 240, 255);
    std::snprintf(l1, sizeof l1, "%s", element_name(reg.operand, f.element).c_str());
    std::snprintf(l2, sizeof l2, "%d,%d%s", f.coord.row, f.coord.col,
                  products ? (",q" + std::to_string(f.coord.product)).c_str() : "");
    char both[96];
    std::snprintf(both, sizeof both, "%s (%s,%s)", l1, operand_key(reg.operand), l2);
    // Line 1: element and cell, or the element alone; where not even that fits, the field's value
    // in the hex above (a nibble's digit, a bit's 0/1), so the bar reads as the register.
    const ImVec2 t0(a.x, a.y + 1.f), t1(b.x, a.y + fh + 2.f);
    if (!centred_text(dl, sf, t0, t1, tc, both) && !centred_text(dl, sf, t0, t1, tc, l1) && reg.has_value) {
      char v[20];
      std::snprintf(v, sizeof v, "%llX",
                    static_cast<unsigned long long>((reg.value >> f.bit) &
                                                    ((f.bits >= 64 ? 0 : (1ull << f.bits)) - 1)));
      centred_text(dl, sf, t0, t1, tc, v);
    }
    // Line 2: the bit range; single bits numbered every 4.
    char bits[24];
    if (f.bits == 1)
      std::snprintf(bits, sizeof bits, "%s", f.bit % 4 == 0 ? std::to_string(f.bit).c_str() : "");
    else
      std::snprintf(bits, sizeof bits, "[%d:%d]", f.bit + f.bits - 1, f.bit);
    const ImU32 dim = IM_COL32(170, 176, 186, 255);
    if (f.bits == 1) {
      if (bits[0]) dl->AddText(sf, fh, ImVec2(a.x + 1.f, a.y + fh + 3.f), dim, bits);
    } else if (!centred_text(dl, sf, ImVec2(a.x, a.y + fh + 3.f), ImVec2(b.x, b.y - 1.f), dim, bits)) {
      centred_text(dl, sf, ImVec2(a.x, a.y + fh + 3.f), ImVec2(b.x, b.y - 1.f), dim,
                   std::to_string(f.bit).c_str());
    }
  }
  if (hovered_field >= 0) {
    const InspectorField& f = reg.fields[static_cast<std::size_t>(hovered_field)];
    ImGui::BeginTooltip();
    const RegisterSlot slot{reg.index, f.bit, f.bits};
    ImGui::Text("%s of %s: %s of %s (%s), register %s (.%s)", element_name(reg.operand, f.element).c_str(),
                operand_title(reg.operand).c_str(), register_part(slot).c_str(), reg.name.c_str(),
                register_index_name(reg.index).c_str(), bit_range(slot).c_str(),
                std::string(to_string(t.type)).c_str());
    ImGui::Text("model: (%s, %d, %d)%s", operand_title(reg.operand).c_str(), f.coord.row, f.coord.col,
                products ? (" quad pair " + std::to_string(f.coord.product)).c_str() : "");
    if (f.label >= 0) {
      const int digit_bits = t.label_digit_bits;
      const long digit0 = digit_bits > 0 ? f.label & ((1l << digit_bits) - 1) : f.label;
      status_text(kDimV, "probe label %ld (digit 0 = %ld, %d-bit digits, %d pass%s)", f.label, digit0,
                  digit_bits, t.label_digits, t.label_digits == 1 ? "" : "es");
    }
    if (f.measured) {
      const std::string got =
          f.measured_coord ? coord_text(*f.measured_coord, products) : std::string("no cell");
      if (d.measured.instruction && reg.operand != Operand::C)
        status_text(f.match ? kGreenV : kRedV, "measured: label %u -> %s%s", f.measured_raw, got.c_str(),
                    f.match ? "  matches" : "  DIFFERS");
      else
        status_text(f.match ? kGreenV : kRedV, "measured: raw %s -> %s%s", hex(f.measured_raw, 8).c_str(),
                    got.c_str(), f.match ? "  matches" : "  DIFFERS");
    }
    ImGui::EndTooltip();
  }
}

void register_table(AppState& s, const Derived& d) {
  const std::string& encoding = s.frame.inspector_encoding;
  ImGui::PushTextWrapPos(0.f);
  status_text(kDimV, "values: %s (hover: how they are encoded)",
              d.measured.instruction ? "measured, tensor core"
              : d.measured.fragment  ? "measured, through ldmatrix"
                                     : "tensor-core probe labels (model)");
  ImGui::PopTextWrapPos();
  record_widget(s, "inspector_encoding");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34.f);
    ImGui::TextUnformatted(encoding.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  // The hex column starts right of the longest register name ("{a12,a13,a14,a15}").
  float hex_x = ImGui::GetFontSize() * 5.5f;
  for (const InspectorRegister& reg : s.frame.inspector)
    hex_x = std::max(hex_x, ImGui::CalcTextSize(reg.name.c_str()).x + ImGui::GetFontSize());
  Operand last = Operand::C;
  bool first = true;
  for (const InspectorRegister& reg : s.frame.inspector) {
    if (first || reg.operand != last) {
      const OperandTable& t = d.op(reg.operand);
      const int per = elements_per_register(operand_spec(*d.instr, reg.operand));
      const int bits = slot_bits(operand_spec(*d.instr, reg.operand));
      ImGui::Spacing();
      ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.f, 1.f), "%s  .%s: %d register%s of %d x %d bit%s",
                         operand_title(reg.operand).c_str(), std::string(to_string(t.type)).c_str(),
                         t.registers, t.registers == 1 ? "" : "s", per, bits, bits == 1 ? "" : "s");
      first = false;
      last = reg.operand;
    }
    int hovered_field = -1;
    ImGui::PushID(&reg);
    draw_register(s, d, reg, hex_x, hovered_field);
    ImGui::PopID();
  }
}

void ldmatrix_relations(AppState& s, const Derived& d, int lane) {
  const LdmatrixTable& t = d.ldmatrix;
  const LdmatrixConfig cfg = t.config;
  const int unit = t.unit_bytes;
  status_text(kDimV, "%s", ldmatrix_mnemonic(cfg).c_str());
  const LaneAddress& a = d.padded.report.lanes[static_cast<std::size_t>(lane)];
  if (supplies_address(cfg.num, lane)) {
    const int j = address_matrix(lane), i = address_row(lane);
    ImGui::Text("supplies the row address of matrix %d, row %d:", j, i);
    ImGui::Text("  tile row %d, byte %d, address %s, banks %d-%d", a.logical.row, a.logical.col * kHalfBytes,
                hex(a.byte_address, 4).c_str(), a.banks[0], a.banks[3]);
    if (!a.aligned) status_text(kRedV, "  not 16-byte aligned: illegal");
    std::set<int> receivers;
    const int c0 = a.logical.col * kHalfBytes / unit;
    for (int k = 0; k < kRowBytes / unit; ++k)
      if (a.logical.row < t.rows && c0 + k < t.cols) receivers.insert(t.at(a.logical.row, c0 + k).lane);
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
  ImGui::Text("receives (tile row, byte):");
  std::set<int> suppliers;
  for (int reg = 0; reg < matrices(cfg.num); ++reg) {
    std::string line = " ";
    const Coord o = explorer_matrix_origin(reg);
    for (int part = 0; part < 4 / unit; ++part) {
      const Coord b = ldmatrix_byte(cfg.trans, lane, part * unit);
      const int row = o.row + b.row, byte = o.col * kHalfBytes + b.col;
      const int sup = t.at(row, byte / unit).address_lane;
      suppliers.insert(sup);
      line += " " + register_part_name(reg, part, unit) + " (" + std::to_string(row) + "," +
              std::to_string(byte) + ") T" + std::to_string(sup);
    }
    ImGui::TextUnformatted(line.c_str());
  }
  ImGui::Text("lanes supplying the rows it receives:");
  lane_chips(s, suppliers);
}

/// "A(1,4)..A(1,7)" or "A(1,4)": the operand cells of elements first..last of `lane`.
std::string cells_text(const OperandTable& t, int lane, int first, int last) {
  auto one = [&](int e) {
    const Coord c = t.lane_cells[static_cast<std::size_t>(lane)][static_cast<std::size_t>(e)];
    return std::string(operand_key(t.operand)) + "(" + std::to_string(c.row) + "," + std::to_string(c.col) +
           ")";
  };
  return first == last ? one(first) : one(first) + ".." + one(last);
}

/// The instruction's own loads of A and B (fragment_load): the stored row this lane addresses,
/// and for each register the stored row and bytes it receives, from which lane, holding which
/// elements. One line each in `lines` (the state dump's record), drawn as they are built.
void operand_load_relations(AppState& s, const Derived& d, int lane) {
  std::vector<std::string>& lines = s.frame.inspector_loads;
  lines.clear();
  auto line = [&](const std::string& text, const ImVec4& colour) {
    lines.push_back(text);
    status_text(colour, "%s", text.c_str());
  };
  ImGui::PushTextWrapPos(0.f);
  for (Operand op : {Operand::A, Operand::B}) {
    const OperandTable& t = d.op(op);
    if (!t.load) {
      line(std::string(operand_key(op)) + ": " + t.no_load, kDimV);
      continue;
    }
    const FragmentLoad& l = *t.load;
    line(
        std::string(operand_key(op)) + ": " + ldmatrix_mnemonic(l.config) + ", " + storage_words(*d.instr, l),
        kDimV);
    if (supplies_address(l.config.num, lane)) {
      const Coord a = address_byte(l, lane);
      const int e0 = a.col * 8 / l.element_bits;
      const Coord c0 = operand_cell(l, Coord{a.row, e0});
      const Coord c1 = operand_cell(l, Coord{a.row, e0 + row_elements(l) - 1});
      line("  addresses stored row " + std::to_string(a.row) + ", bytes " + std::to_string(a.col) + "-" +
               std::to_string(a.col + 15) + ": " + operand_key(op) + "(" + std::to_string(c0.row) + "," +
               std::to_string(c0.col) + ").." + operand_key(op) + "(" + std::to_string(c1.row) + "," +
               std::to_string(c1.col) + ")",
           ImGui::GetStyleColorVec4(ImGuiCol_Text));
    } else {
      line("  supplies no address (lanes 0-" + std::to_string(address_lanes(l.config.num) - 1) + " do)",
           kDimV);
    }
    const int per_reg = t.per_lane / t.registers;
    for (int reg = 0; reg < t.registers; ++reg) {
      const Coord b0 = loaded_byte(l, lane, reg, 0), b3 = loaded_byte(l, lane, reg, 3);
      const int sup = 8 * reg + (l.config.trans ? 2 * (lane % 4) : lane / 4);
      std::string text = "  " + register_name(t, reg) + ": stored row " + std::to_string(b0.row);
      text += l.config.trans ? "-" + std::to_string(b3.row) + ", bytes " + std::to_string(b0.col) + "-" +
                                   std::to_string(b0.col + 1) + " (.trans)"
                             : ", bytes " + std::to_string(b0.col) + "-" + std::to_string(b3.col);
      text += " from T" + std::to_string(sup) + (l.config.trans ? "-T" + std::to_string(sup + 1) : "") +
              ": " + cells_text(t, lane, reg * per_reg, reg * per_reg + per_reg - 1);
      line(text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
    }
  }
  ImGui::PopTextWrapPos();
}

/// A chip of lane `lane`'s colour, one text line high, with the cursor left after it on the line.
void lane_chip(int lane) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + h * 1.6f, p.y + h), lane_colour(lane), 3.f);
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  ImGui::SameLine();
}

/// The Warpgroup view's selected thread (the inspector's subject since it was chosen there): its
/// warp and lane, and its registers of the view's wgmma entry, element by element.
void warpgroup_thread(AppState& s, const WgmmaInstruction& in, int thread) {
  const int lane = thread % kWarpSize;
  lane_chip(lane);
  ImGui::TextWrapped("warpgroup thread %d: warp %d, lane %d", thread, thread / kWarpSize, lane);
  record_widget(s, "inspector_wg_thread");
  ImGui::PushTextWrapPos(0.f);
  status_text(kDimV, "selected in the Warpgroup view, %s; select a lane in the fragments view to see it here",
              in.mnemonic.c_str());
  ImGui::PopTextWrapPos();
  s.frame.inspector_wg_thread = thread;
  s.frame.inspector_wg_registers = thread_registers(in, thread);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##wg_registers", 4, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("register");
  ImGui::TableSetupColumn("bits");
  ImGui::TableSetupColumn("element");
  ImGui::TableSetupColumn("(row, col)", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  for (const WgmmaRegister& r : s.frame.inspector_wg_registers)
    for (std::size_t fi = 0; fi < r.fields.size(); ++fi) {
      const WgmmaField& f = r.fields[fi];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (fi == 0) ImGui::TextUnformatted(r.name.c_str());
      wgmma_field_cells(r, f);
    }
  ImGui::EndTable();
}

}  // namespace

void draw_inspector(AppState& s, const Derived& d, const HopperViews& hopper) {
  if (!begin_view(s, kWinInspector, &s.windows.inspector)) {
    ImGui::End();
    return;
  }
  // A thread selected in the Warpgroup view after the lane: that thread (issue 22), as a lane
  // selected in the fragments view shows that lane.
  if (const int thread = s.inspector_subject.thread(); thread >= 0 && hopper.warpgroup().instr) {
    warpgroup_thread(s, *hopper.warpgroup().instr, thread);
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
  lane_chip(lane);
  if (d.instr->products > 1)
    ImGui::TextWrapped("lane %d   groupID %d, threadID_in_group %d, quad pair %d", lane, group_id(lane),
                       thread_id_in_group(lane), (lane % 16) / 4);
  else
    ImGui::TextWrapped("lane %d   groupID %d, threadID_in_group %d", lane, group_id(lane),
                       thread_id_in_group(lane));
  ImGui::Spacing();
  // Built every frame the lane is shown (at most a few hundred fields), drawn when open.
  s.frame.inspector = build_registers(d, lane, s.frame.inspector_encoding, s.probe.label);
  s.frame.inspector_lane = lane;
  if (ImGui::CollapsingHeader("Registers", ImGuiTreeNodeFlags_DefaultOpen)) register_table(s, d);
  s.frame.inspector_loads.clear();
  if (ImGui::CollapsingHeader("ldmatrix (this instruction's A and B)", ImGuiTreeNodeFlags_DefaultOpen))
    operand_load_relations(s, d, lane);
  if (ImGui::CollapsingHeader("ldmatrix (explorer)", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (d.has_ldmatrix_form) {
      ldmatrix_relations(s, d, lane);
    } else {
      ImGui::PushTextWrapPos(0.f);
      status_text(kDimV, "%s", d.no_ldmatrix.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  ImGui::End();
}

}  // namespace fragviz::app
