// The CTA tile window (issue 25): a configuration, started from a preset and edited field by field as
// CuTe users write it (the MMA and copy atoms also from filtered pickers), analysed on every edit,
// a refusal shown under the field's text at its column; its A (M x K), B (N x K) and C (M x N) as
// CuTe's print_latex draws a TiledMMA, each cell "T12 V3" (thread, CuTe value index) coloured by warp, a
// chosen thread's cells outlined (typed, or picked by clicking a cell), the cells a wrong join gets
// wrong crossed out in red (a legend line above the grid; the hover says needed and delivered); each
// operand's join verdict through its shared layout and its bank table per warp and k-block
// (viewmodel/cta_tile_view.hpp); "Run on GPU" measures each copy on the device and puts its line under
// the join (viewmodel/cta_device_view.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <utility>

#include "../palette.hpp"
#include "../settings.hpp"  // kMinCtaCell, kMaxCtaCell: the cell widths settings keep
#include "../window_names.hpp"
#include "../window_placement.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImGui::SetNextWindowScroll: the grids' scroll back to the top
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {
namespace {

/// The error red of wrong cells (kCtaWrongColour), packed as ImGui draws it.
ImU32 wrong_colour() { return IM_COL32(kCtaWrongColour.r, kCtaWrongColour.g, kCtaWrongColour.b, 255); }

/// A wrong cell's mark in a..b: a red cross over a dark one (readable on every warp colour) and a
/// red outline.
void draw_wrong_mark(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  const ImVec2 p(a.x + 3, a.y + 3), q(b.x - 3, b.y - 3);
  for (const auto& [colour, width] :
       {std::pair{IM_COL32(0, 0, 0, 200), 3.5f}, std::pair{wrong_colour(), 2.f}}) {
    dl->AddLine(p, q, colour, width);
    dl->AddLine(ImVec2(p.x, q.y), ImVec2(q.x, p.y), colour, width);
  }
  dl->AddRect(a, b, wrong_colour(), 0.f, 0, 2.f);
}

/// The legend line of a grid with wrong cells: the mark and what it says.
void draw_wrong_legend(AppState& s, const CtaGrid& g) {
  if (g.wrong_cells.empty()) return;
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  draw_wrong_mark(ImGui::GetWindowDrawList(), o, ImVec2(o.x + h * 1.6f, o.y + h));
  ImGui::SameLine();
  answer_text(s, ("cta_wrong_legend_" + std::string(to_string(g.operand))).c_str(), kRedV,
              cta_wrong_legend(g));
}

/// Scrolls the current window (the grids' child) so that the cell at screen `a` (`size`) comes into
/// sight, unless it will be once the scroll to its grid's title at `title_y` is done: a click on a
/// verdict scrolled to B's title, 400 px above B's first wrong cell (newcomer round 22).
void reveal_cell(ImVec2 a, ImVec2 size, float title_y) {
  ImGuiWindow* const win = ImGui::GetCurrentWindow();
  const ImRect in = win->InnerRect;
  if (in.Min.y + (a.y + size.y - title_y) > in.Max.y)
    ImGui::SetScrollFromPosY(a.y - win->Pos.y, 0.75f);  // the rows and the legend above it in sight too
  if (a.x + size.x > in.Max.x || a.x < in.Min.x) ImGui::SetScrollFromPosX(a.x - win->Pos.x, 0.2f);
}

/// One operand's grid at the cursor: row numbers left, column numbers above. Records the part of it
/// in view (File > Export's "Visible region") and its first wrong cell; with `reveal_from` (a verdict
/// clicked, its grid's title at that y) scrolls that cell into sight.
void draw_grid(AppState& s, const CtaGrid& g, int index, std::optional<float> reveal_from) {
  const float cw = s.cta_tile.cell, ch = std::max(12.f, cw * 0.5f);
  const float left = ImGui::CalcTextSize("0000").x, top = ImGui::GetTextLineHeight() + 2;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + left, o.y + top);
  const ImVec2 size(left + cw * static_cast<float>(g.cols), top + ch * static_cast<float>(g.rows));
  char id[32];
  std::snprintf(id, sizeof id, "##cta_grid%d", index);
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.f), std::max(size.y, 1.f)));
  const bool hovered = ImGui::IsItemHovered();
  if (!g.wrong_cells.empty()) {  // row-major: the first is the topmost
    const CtaWrongCell& w = g.wrong_cells.front();
    const ImVec2 a(g0.x + cw * static_cast<float>(w.col), g0.y + ch * static_cast<float>(w.row));
    s.frame.widgets["cta_first_wrong_" + std::string(to_string(g.operand))] = Rect{a.x, a.y, cw, ch};
    if (reveal_from) reveal_cell(a, ImVec2(cw, ch), *reveal_from);
  }
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
      if (g.mine[k]) dl->AddRect(a, b, IM_COL32(255, 255, 255, 255), 0.f, 0, 2.5f);
      const bool wrong = !g.wrong.empty() && g.wrong[k];
      if (wrong) draw_wrong_mark(dl, a, b);
      if (cw >= 40) {  // over a wrong cell's mark, so the cross does not hide the thread and value
        std::snprintf(buf, sizeof buf, "T%d V%d", cell.thread, cell.value);
        centred_text(dl, fonts().small, a, b, lane_text_colour(colour), buf);
      }
      // Cell (1,0)'s rect in the state dump, so tests click where the app drew it.
      if (r == 1 && c == 0)
        s.frame.widgets["cta_cell_" + std::string(to_string(g.operand)) + "_1_0"] = Rect{a.x, a.y, cw, ch};
      if (hovered && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) {
        // A click picks the thread holding the cell.
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) s.cta_tile.thread = cell.thread;
        std::string text = cta_cell_text(g.operand, r, c, cell);
        if (wrong) {
          const auto w =
              std::lower_bound(g.wrong_cells.begin(), g.wrong_cells.end(), std::pair{r, c},
                               [](const CtaWrongCell& x, std::pair<std::int64_t, std::int64_t> rc) {
                                 return std::pair{x.row, x.col} < rc;
                               });
          if (w != g.wrong_cells.end()) text += "\n" + cta_wrong_text(g.operand, g.store, *w);
        }
        text_tooltip(ImVec4(1, 1, 1, 1), text);
      }
    }
  }
  // For File > Export's "Visible region".
  ImVec2 shown0 = clip0, shown1 = clip1;  // inside the app's window too
  clip_to_view_area(s, shown0, shown1);
  const VisibleGrid v =
      visible_cells(g0, cw, ch, static_cast<int>(g.rows), static_cast<int>(g.cols), shown0, shown1);
  s.frame.cta_visible[std::string(to_string(g.operand))] = v;
}

/// One bank table (an operand's copy, or its cp.async.ca fill): `label` and the instruction, then a
/// row per warp and k-block, per k-block, and the total; `id` keeps the two tables of one grid apart.
void draw_bank_rows(const char* label, const std::string& instruction,
                    const std::vector<tile::WarpBanks>& rows, const char* id) {
  if (rows.empty()) return;
  ImGui::TextColored(kDimV, "%s: %s", label, instruction.c_str());
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(id, 7, flags)) return;
  for (const char* h :
       {"warp", "k-block", "instructions", "wavefronts", "ideal", "bank conflicts", "misaligned"})
    ImGui::TableSetupColumn(h);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < 7; ++c) {
    ImGui::TableSetColumnIndex(c);
    ImGui::TableHeader(ImGui::TableGetColumnName(c));
    if (c == 6 && ImGui::IsItemHovered()) text_tooltip(ImVec4(1, 1, 1, 1), tile::kMisalignedNote);
  }
  for (const tile::WarpBanks& b : rows) {
    ImGui::TableNextRow();
    // A row with misaligned instructions left them out of its counts: marked, its counts "-".
    if (!tile::bank_row_counted(b))
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(110, 30, 30, 160));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(b.warp < 0 ? "all" : std::to_string(b.warp).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(b.k_block == -2   ? "all"
                           : b.k_block == -1 ? "epilogue"
                                             : std::to_string(b.k_block).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", b.instructions);
    for (int v : {b.wavefronts, b.ideal}) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(tile::bank_count_cell(b, v).c_str());
    }
    ImGui::TableNextColumn();
    // A misaligned instruction cannot run: its 0 conflicts is no green verdict.
    ImGui::TextColored(b.conflicts || b.misaligned ? kRedV : kGreenV, "%s",
                       tile::bank_count_cell(b, b.conflicts).c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(b.misaligned ? kRedV : kGreenV, "%d", b.misaligned);
  }
  ImGui::EndTable();
  if (std::any_of(rows.begin(), rows.end(),
                  [](const tile::WarpBanks& b) { return !tile::bank_row_counted(b); }))
    ImGui::TextWrapped("%s", tile::kMisalignedNote);
}

/// Grid `g`'s bank section: its copy's table, then its cp.async fill's (a .ca fill), or why the
/// fill has none (a .cg fill, wrapped at the view's edge).
void draw_bank_table(AppState& s, const CtaGrid& g, int index) {
  const std::string op(to_string(g.operand));
  draw_bank_rows("banks", g.bank_instruction, g.banks, ("##cta_banks" + std::to_string(index)).c_str());
  if (!g.fill_banks.empty()) {
    draw_bank_rows("fill banks", g.fill_bank_instruction, g.fill_banks, ("##cta_fill_banks" + op).c_str());
    record_widget(s, ("cta_fill_banks_" + op).c_str());
  } else if (!g.fill_no_banks.empty()) {
    answer_text(s, ("cta_fill_no_banks_" + op).c_str(), kDimV, "fill banks: " + g.fill_no_banks);
  }
}

/// A picker of atom names beside a text field (filtered_list, grouped by the name's first word);
/// returns the name picked this frame, or "".
std::string atom_picker(AppState& s, const char* widget, const std::vector<PickerEntry>& entries) {
  std::string picked;
  if (ImGui::BeginCombo((std::string("##") + widget).c_str(), "pick",
                        ImGuiComboFlags_NoPreview | ImGuiComboFlags_HeightLarge)) {
    if (const int i = filtered_list(s, widget, entries); i >= 0)
      picked = entries[static_cast<std::size_t>(i)].label;
    ImGui::EndCombo();
  }
  record_widget(s, widget);
  return picked;
}

std::vector<PickerEntry> mma_entries(const std::string& current) {
  std::vector<PickerEntry> out;
  for (const tile::MmaAtom& a : tile::mma_atoms())
    out.push_back(PickerEntry{a.name, a.name.substr(0, a.name.find('_')), a.mnemonic, a.name == current});
  return out;
}

std::vector<PickerEntry> copy_entries(const std::string& current) {
  std::vector<PickerEntry> out;
  for (const tile::CopyAtom& a : tile::copy_atoms()) {
    const char* group = a.kind == tile::CopyKind::ldmatrix   ? "ldmatrix"
                        : a.kind == tile::CopyKind::stmatrix ? "stmatrix"
                                                             : "vector loads and stores, cp.async";
    out.push_back(PickerEntry{a.name, group,
                              a.instruction.empty() ? "a C++ assignment of the vector" : a.instruction,
                              a.name == current});
  }
  return out;
}

/// One control of a FieldRow: `chrome` wide besides its box (label, picker), its box `frame` wide
/// at most and `least` at the narrowest (its text's width: still read whole).
struct RowItem {
  float chrome = 0, frame = 0, least = 0;
};

/// A row of controls that wraps at the window's visible width (newcomer round 18: at 1600x1000 the
/// fields' rows ran past the window's right edge, cut). Its lines are packed with each box at its
/// least width, then each line's room left over widens its boxes back towards their full width; a
/// control wider than a line of its own has its box narrowed to fit.
class FieldRow {
 public:
  explicit FieldRow(const std::vector<RowItem>& items) {
    const float avail = ImGui::GetContentRegionAvail().x, gap = ImGui::GetStyle().ItemSpacing.x;
    constexpr float kLeastFrame = 60.f;  // a box narrower reads nothing
    std::size_t first = 0;
    while (first < items.size()) {
      // The line: as many items as fit at their least widths (one at least).
      float used = items[first].chrome + items[first].least;
      std::size_t end = first + 1;
      for (; end < items.size() && used + gap + items[end].chrome + items[end].least <= avail; ++end)
        used += gap + items[end].chrome + items[end].least;
      float grow = 0;
      for (std::size_t i = first; i < end; ++i) grow += items[i].frame - items[i].least;
      const float room = avail - used;
      for (std::size_t i = first; i < end; ++i) {
        const RowItem& it = items[i];
        float w = grow <= room || grow <= 0 ? it.frame
                                            : it.least + (it.frame - it.least) * std::max(0.f, room) / grow;
        if (it.chrome + w > avail && it.frame > 0) w = std::max(kLeastFrame, avail - it.chrome);
        widths_.push_back(w);
        new_line_.push_back(i == first);
      }
      first = end;
    }
  }
  /// Moves to the next control's place (beside the last, or a new line); returns its box's width.
  float place() {
    const std::size_t i = next_++;
    if (i >= widths_.size()) return 0.f;  // more controls than items: a bug, drawn on a line of their own
    if (i > 0 && !new_line_[i]) ImGui::SameLine();
    return widths_[i];
  }
  /// Whether the control place() last placed starts a line.
  bool starts_line() const { return next_ == 0 || next_ > new_line_.size() || new_line_[next_ - 1]; }

 private:
  std::vector<float> widths_;
  std::vector<bool> new_line_;
  std::size_t next_ = 0;
};

/// Width of label `label` (the part before "##") after a box, with the gap before it; 0 for none.
float label_width(const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;
  return text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.f;
}

/// Width of an atom picker (atom_picker: a combo with no preview, its arrow only) after a field.
float picker_width() { return ImGui::GetStyle().ItemSpacing.x + ImGui::GetFrameHeight(); }

/// A text field's RowItem: its box `width` wide, down to its text's width (or kLongText for a long
/// text, which then scrolls in its box and shows whole on hover); `extra` after its label.
RowItem text_item(const char* label, const std::string& text, float width, float extra = 0.f) {
  constexpr float kLongText = 250.f;
  const float least = ImGui::CalcTextSize(text.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x + 2.f;
  return RowItem{label_width(label) + extra, width, std::min({least, kLongText, width})};
}

/// A control that keeps its width: a box `width` wide with `label` after it.
RowItem fixed_item(const char* label, float width) { return RowItem{label_width(label), width, width}; }

/// The fields of one FieldRow whose text is longer than their box, drawn whole under the row (wrapped
/// at the view's edge): newcomer round 20 read a make_tiled_copy_A(...) only by hovering its box.
struct CutFields {
  std::vector<std::pair<std::string, std::string>> lines;  ///< widget, "label: text"
  /// Each as "label: text" in dim text, recorded as `widget`_full.
  void draw(AppState& s) const {
    for (const auto& [widget, text] : lines) answer_text(s, (widget + "_full").c_str(), kDimV, text);
  }
};

/// One text field of the configuration, recorded as `widget`; `label` after it; at `row`'s next place;
/// a text longer than its box goes in `cut` too.
void text_field(AppState& s, FieldRow& row, CutFields& cut, const char* label, const char* widget,
                std::string& text) {
  const float box = row.place();
  ImGui::SetNextItemWidth(box);
  ImGui::InputText((std::string(label) + "##" + widget).c_str(), &text);
  // The box as `widget` (a narrowed box's centre can fall on its label, where a click edits
  // nothing), the box with its label as `widget`_whole.
  const Rect whole = last_item_rect();
  s.frame.widgets[widget] = Rect{whole.x, whole.y, box, whole.h};
  s.frame.widgets[std::string(widget) + "_whole"] = whole;
  // A text longer than its box, whole under the row and on hover.
  if (ImGui::CalcTextSize(text.c_str()).x > box - 2 * ImGui::GetStyle().FramePadding.x) {
    cut.lines.emplace_back(widget, std::string(label) + ": " + text);
    if (ImGui::IsItemHovered()) text_tooltip(ImVec4(1, 1, 1, 1), text);
  }
}

/// A number_field of the configuration at `row`'s next place, held to lo..hi (a typed value past
/// either end said; number_note under the row says it).
void int_field(AppState& s, FieldRow& row, const char* label, const char* widget, int& value, int lo,
               int hi) {
  ImGui::SetNextItemWidth(row.place());
  number_field(s, widget, (std::string(label) + "##" + widget).c_str(), label, &value, lo, hi);
  value = std::clamp(value, lo, hi);  // a value from a file, not typed
}

using F = tile::CtaField;

/// A field's label (tile/cta_config.hpp's one table, which also words the window's errors).
const char* label(F f) { return tile::cta_field_label(f).data(); }

/// The configuration's fields, as `fragviz-cli tiled` takes them (tile/cta_config.hpp): a line per
/// part (the MMA, each operand's copy, the global copies, the tile), each wrapping at the view's width.
void draw_fields(AppState& s, tile::CtaTileSpec& spec) {
  const float wide = 330, narrow = 150;
  {
    FieldRow row({text_item(label(F::mma), spec.mma, wide, picker_width()),
                  text_item(label(F::atoms), spec.atoms, narrow),
                  text_item(label(F::permute), spec.permute, 220)});
    CutFields cut;
    text_field(s, row, cut, label(F::mma), "cta_mma", spec.mma);
    ImGui::SameLine();
    if (const std::string p = atom_picker(s, "cta_mma_picker", mma_entries(spec.mma)); !p.empty())
      spec.mma = p;
    text_field(s, row, cut, label(F::atoms), "cta_atoms", spec.atoms);
    text_field(s, row, cut, label(F::permute), "cta_permute", spec.permute);
    cut.draw(s);
  }
  static const char* const kCopy[] = {"cta_copy_a", "cta_copy_b", "cta_copy_c"};
  static const char* const kPick[] = {"cta_copy_a_picker", "cta_copy_b_picker", "cta_copy_c_picker"};
  static const char* const kBits[] = {"cta_bits_a", "cta_bits_b", "cta_bits_c"};
  static const char* const kSmem[] = {"cta_smem_a", "cta_smem_b", "cta_smem_c"};
  for (std::size_t i = 0; i < 3; ++i) {
    const char* const copy_label = label(tile::cta_operand_field(F::copy_a, i));
    const char* const smem_label = label(tile::cta_operand_field(F::smem_a, i));
    const char* const bits_label = label(tile::cta_operand_field(F::value_bits_a, i));
    FieldRow row({text_item(copy_label, spec.copy[i], 220, picker_width()), fixed_item(bits_label, 90),
                  text_item(smem_label, spec.smem[i], 420)});
    CutFields cut;
    text_field(s, row, cut, copy_label, kCopy[i], spec.copy[i]);
    if (ImGui::IsItemHovered())
      text_tooltip(ImVec4(1, 1, 1, 1),
                   "A copy atom (make_tiled_copy_A/B/C over the TiledMMA), or the kernel's own "
                   "make_tiled_copy(ATOM, THR, VAL), e.g. make_tiled_copy(UniversalCopy<uint128_t>, "
                   "(64,2):(2,1), (1,8)): the TiledMMA's threads over the operand's TiledMMA tile.");
    ImGui::SameLine();
    if (const std::string p = atom_picker(s, kPick[i], copy_entries(spec.copy[i])); !p.empty())
      spec.copy[i] = p;
    int_field(s, row, bits_label, kBits[i], spec.value_bits[i], 0, 128);
    text_field(s, row, cut, smem_label, kSmem[i], spec.smem[i]);
    cut.draw(s);
    number_note(s, kBits[i]);
  }
  // The global -> shared stage of A and B (cp.async), make_tiled_copy(atom, thr, val) as CuTe writes it.
  static const char* const kGmem[] = {"cta_gmem_copy_a", "cta_gmem_copy_b"};
  const char* const kGmemLabel[] = {label(F::gmem_copy_a), label(F::gmem_copy_b)};
  FieldRow gmem(
      {text_item(kGmemLabel[0], spec.gmem_copy[0], 380), text_item(kGmemLabel[1], spec.gmem_copy[1], 380)});
  CutFields gmem_cut;
  for (std::size_t i = 0; i < 2; ++i) {
    text_field(s, gmem, gmem_cut, kGmemLabel[i], kGmem[i], spec.gmem_copy[i]);
    if (ImGui::IsItemHovered())
      text_tooltip(ImVec4(1, 1, 1, 1),
                   "The global -> shared copy that fills this operand's shared layout: make_tiled_copy("
                   "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, thread layout, value layout) over its CTA extent, "
                   "e.g. (32,4):(4,1), (1,8). Empty: none.");
  }
  gmem_cut.draw(s);
  const std::string reuse_id = std::string(label(F::reuse_c_as_a)) + "##cta_reuse";
  const char* const reuse = reuse_id.c_str();
  const char* const swap = label(F::register_swap);
  FieldRow row({text_item(label(F::tile), spec.tile, narrow), fixed_item(label(F::k_block), 90),
                fixed_item(reuse, ImGui::GetFrameHeight()), text_item(swap, spec.register_swap, narrow)});
  CutFields cut;
  text_field(s, row, cut, label(F::tile), "cta_tile_mnk", spec.tile);
  int_field(s, row, label(F::k_block), "cta_k_block", spec.k_block, 0, 1 << 20);
  row.place();
  ImGui::Checkbox(reuse, &spec.reuse_c_as_a);
  record_widget(s, "cta_reuse");
  text_field(s, row, cut, swap, "cta_register_swap", spec.register_swap);
  if (ImGui::IsItemHovered())
    text_tooltip(ImVec4(1, 1, 1, 1),
                 "<A|B> <a>-<b>:<c>-<d>/<period>: rows (M of A, N of B) a-b and c-d of every period "
                 "exchange registers between the copy and the MMA (gate-broken-swap-b: B 8-15:16-23/32). "
                 "Empty: none.");
  cut.draw(s);
  number_note(s, "cta_k_block");
}

/// The refusal under the fields, in the fields' labels (the model words it in the CLI's flags), then
/// the field's label and text with a caret under the column it names.
void draw_error(AppState& s, const CtaTileModel& m) {
  ImGui::PushTextWrapPos(0.f);
  status_text(kRedV, "%s", tile::cta_message_in_labels(m.error).c_str());
  ImGui::PopTextWrapPos();
  record_widget(s, "cta_error");
  if (m.error_column <= 0) return;
  const tile::CtaTileSpec& sp = s.cta_tile.spec;
  const std::string* text = nullptr;
  switch (m.error_field) {
    case tile::CtaField::atoms:
      text = &sp.atoms;
      break;
    case tile::CtaField::permute:
      text = &sp.permute;
      break;
    case tile::CtaField::tile:
      text = &sp.tile;
      break;
    case tile::CtaField::copy_a:  // make_tiled_copy(ATOM, THR, VAL): its atom or THR column
      text = &sp.copy[0];
      break;
    case tile::CtaField::copy_b:
      text = &sp.copy[1];
      break;
    case tile::CtaField::copy_c:
      text = &sp.copy[2];
      break;
    case tile::CtaField::smem_a:
      text = &sp.smem[0];
      break;
    case tile::CtaField::smem_b:
      text = &sp.smem[1];
      break;
    case tile::CtaField::smem_c:
      text = &sp.smem[2];
      break;
    case tile::CtaField::register_swap:
      text = &sp.register_swap;
      break;
    case tile::CtaField::gmem_copy_a:
      text = &sp.gmem_copy[0];
      break;
    case tile::CtaField::gmem_copy_b:
      text = &sp.gmem_copy[1];
      break;
    default:
      return;
  }
  // The caret under the column: the width of the text before it (columns count characters, so a
  // UTF-8 continuation byte does not start one).
  const std::string line = std::string(label(m.error_field)) + ": " + *text;
  const std::size_t skip = line.size() - text->size();
  std::size_t end = skip;
  for (int col = 1; end < line.size(); ++end)
    if ((static_cast<unsigned char>(line[end]) & 0xC0) != 0x80 && col++ == m.error_column) break;
  const float x = ImGui::GetCursorPosX();
  ImGui::TextUnformatted(line.c_str());
  ImGui::SetCursorPosX(x + ImGui::CalcTextSize(line.substr(0, end).c_str()).x);
  ImGui::TextColored(kRedV, "^");
  record_widget(s, "cta_error_caret");
}

/// "Run on GPU" and what it says: greyed with the reason when no device can run it, "running on
/// <GPU>" while it runs, "measured on <GPU>" once the shown configuration has run.
void draw_device_run(AppState& s) {
  const std::optional<std::string> blocked = cta_device_blocked(s);
  const CtaDeviceRun& run = s.cta_device;
  const bool running = run.status == JobStatus::running;
  ImGui::BeginDisabled(blocked.has_value() || running);
  if (ImGui::Button("Run on GPU##cta_run_gpu")) s.cta_device.requested = true;
  ImGui::EndDisabled();
  record_widget(s, "cta_run_gpu");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    text_tooltip(ImVec4(1, 1, 1, 1),
                 blocked
                     ? *blocked
                     : "Runs A's and B's loads from shared memory and C's store into it on " + s.device.name +
                           " (one CTA, every thread at the model's addresses) and checks every value "
                           "against the model, then the tiled MMA on unique values with C checked "
                           "against A x B^T, as fragviz-cli tiled --device does");
  ImGui::SameLine();
  if (blocked)
    status_text(kDimV, "%s", blocked->c_str());  // wrapped: "no usable GPU: ..." ran past the edge
  else if (running)
    ImGui::TextColored(kDimV, "running on %s ...", s.device.name.c_str());
  else if (run.status == JobStatus::failed)
    ImGui::TextColored(kRedV, "the GPU run failed: %s", run.error.c_str());
  else if (cta_device_current(s))
    ImGui::TextColored(kDimV, "measured on %s", run.result->device.name.c_str());
  else if (run.result)
    ImGui::TextColored(kDimV, "the fields changed since the last run on %s", run.result->device.name.c_str());
  record_widget(s, "cta_device_status");
}

/// Operand `g`'s measured line under its join, when the shown configuration ran.
void draw_measured_line(AppState& s, const CtaGrid& g, std::int64_t threads) {
  if (!cta_device_current(s)) return;
  const std::size_t i = g.operand == Operand::A ? 0 : g.operand == Operand::B ? 1 : 2;
  const CtaOperandMeasure& m = s.cta_device.result->operands[i];
  const bool judged = m.run && m.run->verdict;
  const ImVec4 colour = !judged ? kDimV : m.run->verdict->model_disagreements == 0 ? kGreenV : kRedV;
  answer_text(s, ("cta_measured_" + std::string(to_string(g.operand))).c_str(), colour,
              measured_line(*s.cta_device.result, i, threads));
}

/// Operand `g`'s measured cp.async fill under its model fill, when the shown configuration ran it.
void draw_fill_measured_line(AppState& s, const CtaGrid& g) {
  if (!cta_device_current(s) || g.operand == Operand::C) return;
  const std::size_t i = g.operand == Operand::A ? 0 : 1;
  const CtaFillMeasure& m = s.cta_device.result->fills[i];
  if (!m.attempted) return;
  const bool judged = m.run && m.run->verdict;
  const ImVec4 colour = !judged ? kDimV : m.run->verdict->model_disagreements == 0 ? kGreenV : kRedV;
  answer_text(s, ("cta_fill_measured_" + std::string(to_string(g.operand))).c_str(), colour,
              fill_measured_line(*s.cta_device.result, i));
}

/// The tiled MMA's line (C by value) under "Run on GPU", when the shown configuration ran.
void draw_mma_line(AppState& s) {
  if (!cta_device_current(s)) return;
  const CtaMmaMeasure& m = s.cta_device.result->mma;
  const bool judged = m.run && m.run->verdict;
  const ImVec4 colour = !judged ? kDimV : m.run->verdict->agrees_with_model() ? kGreenV : kRedV;
  answer_text(s, "cta_measured_mma", colour, mma_measured_line(*s.cta_device.result));
}

/// The verdict line under the fields: per operand its join and banks (cta_verdict_text), red where
/// wrong; a click scrolls the grids to that operand's join line. Returns the operand clicked, or -1.
int draw_verdicts(AppState& s, const CtaTileModel& m) {
  int clicked = -1;
  // A verdict that does not fit beside the last starts a line; "|" before each but the first.
  const float sep = ImGui::CalcTextSize("|").x + ImGui::GetStyle().ItemSpacing.x;
  std::vector<RowItem> items;
  for (std::size_t i = 0; i < m.grids.size(); ++i) {
    const float w = ImGui::CalcTextSize(cta_verdict_text(m.grids[i]).c_str()).x;
    items.push_back(RowItem{i ? sep : 0.f, w, w});
  }
  FieldRow row(items);
  for (std::size_t i = 0; i < m.grids.size(); ++i) {
    const CtaGrid& g = m.grids[i];
    const std::string text = cta_verdict_text(g);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    row.place();
    if (!row.starts_line()) {
      ImGui::TextColored(kDimV, "|");
      ImGui::SameLine();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, cta_verdict_ok(g) ? kGreenV : kRedV);
    if (ImGui::Selectable((text + "##cta_verdict" + std::to_string(i)).c_str(), false, 0, size))
      clicked = static_cast<int>(i);
    ImGui::PopStyleColor();
    record_widget(s, ("cta_verdict_" + std::string(to_string(g.operand))).c_str());
    if (ImGui::IsItemHovered())
      text_tooltip(ImVec4(1, 1, 1, 1), (g.fill.empty() ? "" : g.fill + "\n") + g.join + "\n" +
                                           cta_bank_total_text(g) + "\n(click: show it below)");
  }
  return clicked;
}

/// The least height (logical px) of the results (the grids' part under the form): a grid's title, its
/// fill and join lines and a dozen rows of its bank table or grid. Where the window shows less under
/// the form, the results take the window's whole inner height and the window scrolls (wheel over the
/// form) to bring them up: at 1600x1000 the form alone is about 300 px, and holding form and results
/// both on screen ran the column past the window, leaving about 3 lines of results in view (issue 22).
constexpr float kMinCtaResultsHeight = 300.f;

/// "Edit form" and, beside it, one line saying the configuration (the TiledMMA, the CTA tile, whether
/// edited), in place of the fields; "Hide form" above the fields once open. Folded, the results start
/// under it: at 1600x1000 the form took 300 px of the window's 400 (newcomer round 20). A refused
/// configuration (`refused`) keeps the fields open, the one to mend in view.
void draw_form_toggle(AppState& s, CtaTileControls& c, bool refused) {
  ImGui::BeginDisabled(refused && c.form_open);
  if (ImGui::Button(c.form_open ? "Hide form##cta_form_toggle" : "Edit form##cta_form_toggle"))
    c.form_open = !c.form_open;
  ImGui::EndDisabled();
  record_widget(s, "cta_form_toggle");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    text_tooltip(ImVec4(1, 1, 1, 1),
                 refused && c.form_open ? "The configuration is refused: the fields stay open to mend it"
                 : c.form_open          ? "Folds the fields into one line; the results move up"
                                        : "Shows the fields: the MMA, copies, shared layouts, tile");
  if (c.form_open) return;
  ImGui::SameLine();
  const tile::CtaPreset* p = tile::find_cta_preset(c.preset);
  const tile::CtaTileSpec& sp = c.spec;
  answer_text(s, "cta_form_summary", kDimV,
              "TiledMMA " + sp.mma + (sp.atoms.empty() ? "" : " x " + sp.atoms) + ", CTA tile " +
                  (sp.tile.empty() ? "the TiledMMA's" : sp.tile) +
                  (!p              ? ", your configuration"
                   : p->spec == sp ? ""
                                   : ", edited from the preset"));
}

}  // namespace

void draw_cta_tile(AppState& s, CtaTileModel& m) {
  if (!s.cta_tile.open) {
    s.cta_tile.form_open = false;  // opened again, the window shows its results first
    return;
  }
  if (behind_tab(s, kWinCtaTile)) return;  // behind the stacked slot's tabs: not drawn
  // A tiled view (window_placement.hpp): its place under the bank view, over no other view (issue
  // 22: floating, it hid the gate, ldmatrix and device views).
  if (!begin_view(s, kWinCtaTile, &s.cta_tile.open)) {
    ImGui::End();
    return;
  }
  CtaTileControls& c = s.cta_tile;
  std::vector<std::string> preset_names;
  for (const tile::CtaPreset& p : tile::cta_presets()) preset_names.push_back(p.name);
  // The preset's name says when the fields no longer are the preset (newcomer round 23: edited
  // atoms left "sm80-gemm-128x128x32" with no sign).
  const tile::CtaPreset* const picked = tile::find_cta_preset(c.preset);
  const std::string shown = c.preset + (picked && !(picked->spec == c.spec) ? " (edited)" : "");
  preset_names.push_back(shown);
  // The preset, its undo, the thread and the cell width: wrapped at the view's width.
  const float preset_w =
      std::max(std::min(280.f, ImGui::GetContentRegionAvail().x), combo_width(preset_names));
  const char* const restore = "restore my edits##cta_restore_edits";
  std::vector<RowItem> items = {fixed_item("preset", preset_w)};
  if (c.kept_edits)
    items.push_back(
        RowItem{ImGui::CalcTextSize(restore, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x});
  items.push_back(fixed_item("thread", 110));
  items.push_back(fixed_item("cell", 120));
  FieldRow row(items);
  ImGui::SetNextItemWidth(row.place());
  // Every preset in the list, as the instruction picker's (HeightLargest: the popup as tall as the
  // work area allows): at HeightLarge's 20 rows the 21st scrolled out of the list (newcomer round 23).
  if (ImGui::BeginCombo("preset", shown.c_str(), ImGuiComboFlags_HeightLargest)) {
    std::vector<PickerEntry> entries;
    for (const tile::CtaPreset& p : tile::cta_presets())
      entries.push_back(PickerEntry{p.name, "", p.source, p.name == c.preset, "cta_preset:" + p.name});
    // Picking a preset (the current one too) puts its configuration in the fields; edited fields
    // are kept first, for the restore button.
    if (const int i = filtered_list(s, "cta_preset", entries); i >= 0) {
      pick_cta_preset(c, tile::cta_presets()[static_cast<std::size_t>(i)].name);
      c.form_open = false;  // the new preset's results in view, under its one-line summary
    }
    ImGui::EndCombo();
  }
  combo_preview(s, "cta_preset", shown,
                "A preset replaces the fields; your edits are kept, \"restore my edits\" brings them back");
  if (c.kept_edits) {
    row.place();
    if (ImGui::Button(restore)) restore_cta_edits(c);
    record_widget(s, "cta_restore_edits");
    if (ImGui::IsItemHovered())
      text_tooltip(ImVec4(1, 1, 1, 1), "Puts back the fields as you had edited them from preset " +
                                           c.kept_preset + " before picking a preset");
  }
  // A thread typed past the TiledMMA's threads is set to its last and said, by number_field's rule
  // for every number field (newcomer round 30: 999 was kept, "no thread 999", where the warpgroup
  // view's field set it to 127). Before the first analysis, or with a configuration that does not
  // analyse, there is no count to hold it to.
  const int last_thread = m.ok && m.threads > 0
                              ? static_cast<int>(std::min<std::int64_t>(m.threads - 1, kMaxCtaThread))
                              : kMaxCtaThread;
  ImGui::SetNextItemWidth(row.place());
  number_field(s, "cta_thread", "thread##cta_thread", "thread", &c.thread, -1, last_thread);
  c.thread = std::clamp(c.thread, -1, kMaxCtaThread);  // a value from a file, not typed
  ImGui::SetNextItemWidth(row.place());
  ImGui::SliderFloat("cell", &c.cell, kMinCtaCell, kMaxCtaCell, "%.0f px");
  record_widget(s, "cta_cell");
  number_note(s, "cta_thread");
  draw_form_toggle(s, c, !m.ok && cta_model_current(m, c));
  if (c.form_open) draw_fields(s, c.spec);
  // The window's inner part, less its scroll bars (tests: no field cut at its edges); where the
  // canvas shows only part of the window, its scroll brings the rest into view.
  const ImRect view = ImGui::GetCurrentWindow()->InnerRect;
  s.frame.widgets["cta_tile_view"] = Rect{view.Min.x, view.Min.y, view.GetWidth(), view.GetHeight()};
  // Remade on every edit (the analysis of a 128x128x64 tile takes a few milliseconds).
  if (!cta_model_current(m, c)) m = make_cta_tile_model(c);
  if (!m.ok) {
    c.form_open = true;  // the field to mend in view (from the next frame)
    draw_error(s, m);
    ImGui::End();
    return;
  }
  // The verdicts first: the join and banks of B stand below A's grid, many screens down.
  int& scroll_to = s.cta_tile.scroll_to_join;
  if (const int clicked = draw_verdicts(s, m); clicked >= 0) scroll_to = clicked;
  if (c.form_open) {  // folded, the summary line above says the TiledMMA
    answer_text(s, "cta_summary", ImGui::GetStyleColorVec4(ImGuiCol_Text), m.summary);
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(kDimV, "%s", m.source.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!m.reuse.empty()) answer_text(s, "cta_reuse", m.reuse_ok ? kGreenV : kRedV, m.reuse);
  draw_device_run(s);
  draw_mma_line(s);
  // Another preset or tile shape starts at the top: the scroll kept from the last one landed the
  // user mid-grid, rows 79-99 with no grid title in view (issue 22).
  std::string grids_key = c.preset;
  for (const CtaGrid& g : m.grids) grids_key += " " + std::to_string(g.rows) + "x" + std::to_string(g.cols);
  if (grids_key != s.cta_grids_key) {
    ImGui::SetNextWindowScroll(ImVec2(0.f, 0.f));
    s.cta_grids_key = grids_key;
  }
  // The least height the layout keeps the window: its title and the results whole, not the form
  // above them (which the window's own scroll passes), so the column it joins holds it at 1600x1000
  // without running taller than the window; a column that cannot runs taller and the canvas scrolls
  // (window_placement.cpp).
  ImGuiWindow* const win = ImGui::GetCurrentWindow();
  const float inner_h = win->InnerRect.GetHeight() - 2.f * ImGui::GetStyle().WindowPadding.y;
  s.least_view_height[kWinCtaTile] = ImGui::GetWindowHeight() - win->InnerRect.GetHeight() +
                                     2.f * ImGui::GetStyle().WindowPadding.y + kMinCtaResultsHeight;
  const float avail_h = ImGui::GetContentRegionAvail().y;
  s.cta_tile_wants = ImGui::GetWindowHeight() - avail_h + kMinCtaResultsHeight;
  // What is left under the form, or where that is too little the window's whole inner height (the
  // window then scrolls); a verdict clicked brings the results up as well as the join in them.
  const float results_h = avail_h >= kMinCtaResultsHeight ? avail_h : std::max(kMinCtaResultsHeight, inner_h);
  if (scroll_to >= 0 && results_h > avail_h) ImGui::SetScrollHereY(0.f);
  const ImVec2 results_at = ImGui::GetCursorScreenPos();
  s.frame.widgets["cta_results"] =
      Rect{results_at.x, results_at.y, ImGui::GetContentRegionAvail().x, results_h};
  ImGui::BeginChild("##cta_grids", ImVec2(0, results_h), false, ImGuiWindowFlags_HorizontalScrollbar);
  s.frame.cta_grids_scroll = ImGui::GetScrollY();
  // The wheel over the results at their end scrolls the window, the form above them: ImGui passes
  // the wheel on only from a child that cannot scroll at all, so wheeling back up over the results
  // left the form scrolled away (newcomer round 23). Ctrl+wheel zooms the grids.
  if (const ImGuiIO& io = ImGui::GetIO(); io.MouseWheel != 0.f && !io.KeyCtrl && win->ScrollMax.y > 0.f &&
                                          ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows)) {
    const ImGuiWindow* const child = ImGui::GetCurrentWindow();
    const bool at_end = io.MouseWheel > 0.f ? child->Scroll.y <= 0.f : child->Scroll.y >= child->ScrollMax.y;
    // ImGui's own step: five lines, at most two thirds of the window.
    const float step = std::floor(std::min(5.f * ImGui::GetFontSize(), 0.67f * win->InnerRect.GetHeight()));
    if (at_end)
      ImGui::SetScrollY(win, std::clamp(win->Scroll.y - io.MouseWheel * step, 0.f, win->ScrollMax.y));
  }
  for (std::size_t i = 0; i < m.grids.size(); ++i) {
    const CtaGrid& g = m.grids[i];
    ImGui::Separator();
    const float title_y = ImGui::GetCursorScreenPos().y;
    status_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", g.title.c_str());
    if (!g.layout.empty())
      status_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), "shared layout %s", g.layout.c_str());
    // A clicked verdict: its grid's title at the top, or its first wrong cell in sight (draw_grid).
    std::optional<float> reveal;
    if (scroll_to == static_cast<int>(i)) {
      ImGui::SetScrollHereY(0.f);
      scroll_to = -1;
      reveal = title_y;
    }
    if (!g.fill.empty()) {
      answer_text(s, ("cta_fill_" + std::string(to_string(g.operand))).c_str(), g.fill_ok ? kGreenV : kRedV,
                  g.fill);
      draw_fill_measured_line(s, g);
    }
    // Wrapped at the view's edge: the grids' child is as wide as the widest grid, and a join line
    // naming a register swap ran past the window (issue 22).
    answer_text(s, ("cta_join_" + std::string(to_string(g.operand))).c_str(), g.join_ok ? kGreenV : kRedV,
                g.join);
    draw_measured_line(s, g, m.threads);
    if (!g.suggestion.empty()) status_text(kDimV, "suggested: %s", g.suggestion.c_str());
    if (!g.fragment.empty()) status_text(kDimV, "%s", g.fragment.c_str());
    draw_bank_table(s, g, static_cast<int>(i));
    if (!g.cells.empty()) {
      draw_wrong_legend(s, g);
      draw_grid(s, g, static_cast<int>(i), reveal);
      record_widget(s, ("cta_grid_" + std::string(to_string(g.operand))).c_str());
    }
    ImGui::Spacing();
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace fragviz::app
