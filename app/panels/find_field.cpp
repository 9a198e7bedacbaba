#include "find_field.hpp"

#include <algorithm>
#include <string_view>

#include "../text_fit.hpp"
#include "panels.hpp"
// After imgui.h (panels.hpp).
#include "imgui_stdlib.h"

namespace fragviz::app {

FindAnswer find_answer(const std::string& text, const std::string& mnemonic,
                       const std::vector<FragmentOperand>& operands) {
  FindAnswer a;
  if (text.find_first_not_of(" \t") == std::string::npos || operands.empty()) return a;
  const std::optional<FindRequest> f = parse_find(text, a.error);
  if (!f) return a;
  if (f->thread) {
    a.error = thread_problem(operands, *f->thread);
    if (!a.error.empty()) return a;
    a.thread = *f->thread;
    a.answer = thread_answer(mnemonic, operands, *f->thread, false);
    return a;
  }
  WhereRequest where = f->where;
  if (f->value) {  // a cell's label, T5 V3: that element, answered as A,9,3 is
    const std::optional<WhereRequest> w = value_where(operands, *f->value, a.error);
    if (!w) return a;
    where = *w;
  }
  a.error = where_problem(operands, where);
  if (!a.error.empty()) return a;
  for (const FragmentOperand& op : operands)
    if (op.op == where.op) {
      const Coord c{where.row, where.col, std::max(0, where.product)};
      if (const auto o = operand_owner(*op.spec, op.threads, op.products, c)) a.thread = o->lane;
    }
  a.where = where;
  a.answer = where_answer(mnemonic, operands, where, false);
  return a;
}

namespace {

/// The answer without its last newline (every line of it ends in one).
std::string_view answer_body(const std::string& a) {
  std::string_view v = a;
  while (!v.empty() && v.back() == '\n') v.remove_suffix(1);
  return v;
}

/// Where the answer's lines wrap: the view's width less a scrollbar's, whether or not one shows, so
/// the height worked out before the box is drawn is the height it gets.
float answer_wrap_width() {
  return std::max(ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize, 1.f);
}

/// The answer's lines as drawn: wrapped at the view's width (newcomer: "register bits 31..24" showed
/// as "31..2", cut at the edge), at spaces only ("31..16" stays whole: wrap_at_spaces).
std::string answer_lines_wrapped(const std::string& a) {
  return wrap_at_spaces(answer_body(a), answer_wrap_width(), [](std::string_view t) {
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  });
}

/// The answer's box for its `wrapped` lines (answer_lines_wrapped), scrolling in at most answer_lines.
float answer_box_height(const std::string& wrapped, int answer_lines) {
  const float text = ImGui::CalcTextSize(wrapped.c_str()).y;
  return std::min(text, static_cast<float>(answer_lines) * ImGui::GetFontSize()) + 2.f;
}

}  // namespace

float find_answer_height(const FindAnswer& answer, int answer_lines) {
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  if (!answer.error.empty())  // wrapped at the view's width, as status_text draws it
    return ImGui::CalcTextSize(answer.error.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y +
           spacing;
  if (!answer.answer.empty())
    return answer_box_height(answer_lines_wrapped(answer.answer), answer_lines) + spacing;
  return 0.f;
}

namespace {
/// Where find_field_same_line keeps, in the window's storage, whether it wrapped last frame.
ImGuiID find_wrapped_id() { return ImGui::GetID("##find_field_wrapped"); }
}  // namespace

float find_field_least_width() {
  return ImGui::CalcTextSize("Find").x + ImGui::GetStyle().ItemSpacing.x +
         80.f * ImGui::GetFontSize() / 13.f;  // a field that shows "D,17,2 or T37"
}

void find_field_same_line() {
  ImGui::SameLine();
  const bool wrap = ImGui::GetContentRegionAvail().x < find_field_least_width();
  if (wrap) ImGui::NewLine();
  ImGui::GetStateStorage()->SetBool(find_wrapped_id(), wrap);
}

float find_field_wrap_height() {
  return ImGui::GetStateStorage()->GetBool(find_wrapped_id(), false) ? ImGui::GetFrameHeightWithSpacing()
                                                                     : 0.f;
}

FindField draw_find_field(AppState& s, const char* id, std::string& text, const std::string& mnemonic,
                          const std::vector<FragmentOperand>& operands, int answer_lines, bool compact) {
  FindField f;
  ImGui::TextColored(kDimV, "Find");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(220.f * ImGui::GetFontSize() / 13.f, ImGui::GetContentRegionAvail().x));
  const bool warpgroup = !operands.empty() && operands.front().scope == FragmentScope::warpgroup;
  ImGui::InputTextWithHint((std::string("##") + id).c_str(),
                           warpgroup ? "D,17,2 or T37 V3" : "A,9,3, A T5 V3 or lane 5", &text);
  f.committed = ImGui::IsItemDeactivatedAfterEdit();
  record_widget(s, id);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "An element (OPERAND,ROW,COL), a cell by its label (T5 V3: %s 5's value 3; A T5 V3 where\n"
        "more than one operand holds it) or a %s (%s 5).\nEnter selects the answer's %s.",
        warpgroup ? "thread" : "lane", warpgroup ? "thread" : "lane", warpgroup ? "thread" : "lane",
        warpgroup ? "thread" : "lane");
  if (!compact) {
    ImGui::SameLine();
    ImGui::TextColored(kDimV, "as fragviz-cli layout --where / --lane");
  }
  f.answer = find_answer(text, mnemonic, operands);
  if (!f.answer.error.empty()) {
    answer_text(s, (std::string(id) + "_error").c_str(), kRedV, f.answer.error);
  } else if (!f.answer.answer.empty()) {
    const std::string& a = f.answer.answer;
    // Wrapped once, at the view's width outside the box (inside it a scroll bar would narrow it), for
    // its height and its lines alike; ImGui's own wrap only for a word wider than the view.
    const float wrap = answer_wrap_width();
    const std::string wrapped = answer_lines_wrapped(a);
    ImGui::BeginChild((std::string(id) + "_answer_box").c_str(),
                      ImVec2(0, answer_box_height(wrapped, answer_lines)));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
    ImGui::TextUnformatted(wrapped.c_str());
    ImGui::PopTextWrapPos();
    record_text_line(s, (std::string(id) + "_answer").c_str(), a);
    ImGui::EndChild();
  }
  return f;
}

void found_ring(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  dl->AddRect(ImVec2(a.x - 2.f, a.y - 2.f), ImVec2(b.x + 2.f, b.y + 2.f), IM_COL32(0, 0, 0, 255), 0, 0, 4.f);
  dl->AddRect(ImVec2(a.x - 1.f, a.y - 1.f), ImVec2(b.x + 1.f, b.y + 1.f), IM_COL32(255, 225, 60, 255), 0, 0,
              2.f);
}

void FindGoto::update(const FindField& f) {
  const std::optional<WhereRequest>& w = f.answer.where;
  if (f.committed && w) {
    where = w;
    reveal(*w);
    return;
  }
  const bool same = w && where && w->op == where->op && w->row == where->row && w->col == where->col &&
                    w->product == where->product;
  if (where && !same) {
    where.reset();
    reveal_frames = 0;
  }
}

void FindGoto::reveal(const WhereRequest& cell) {
  reveal_at = cell;
  // The frames in which the layout settles after Enter (the lane strip's line, the answer box, the
  // register list a selected thread opens).
  reveal_frames = 4;
}

const WhereRequest* FindGoto::take_reveal() {
  if (!reveal_at || reveal_frames <= 0) return nullptr;
  --reveal_frames;
  return &*reveal_at;
}

}  // namespace fragviz::app
