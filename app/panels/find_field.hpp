// The Find field of the fragments and warpgroup views (issue 22): the text `fragviz-cli layout
// --where` takes (`A,9,3`), or a lane or thread (`lane 5`, `T5`), read by the CLI's own parser
// (fragment_query.hpp) and answered in the CLI's words, under the field. Bad text shows the CLI's
// message there and changes nothing else.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/fragment_query.hpp"

namespace fragviz::app {

struct AppState;

/// What the field's text asks of the operands shown, worked out every frame.
struct FindAnswer {
  std::string answer;  ///< the CLI's answer text (where_answer, thread_answer), "" when none
  std::string error;   ///< the CLI's message for text it would not take, "" when none
  int thread = -1;     ///< the lane or thread the answer names (the owner of an element), -1 when none
  std::optional<WhereRequest> where;  ///< the element asked for, when one is
};

/// Answers `text` for the instruction `mnemonic` whose register operands are `operands`.
FindAnswer find_answer(const std::string& text, const std::string& mnemonic,
                       const std::vector<FragmentOperand>& operands);

/// The height (pixels, with the spacing under it) that draw_find_field's answer or message for
/// `answer` takes under the field at the current font and width, `answer_lines` as there: a view
/// sizes its grids with it before it draws the field ("fit" in the fragments view left a five-line
/// answer's height of rows out of view).
float find_answer_height(const FindAnswer& answer, int answer_lines = 5);

/// Puts the next item, a compact draw_find_field, on the current line where its label and a field
/// wide enough for "D,17,2" fit the rest of it, else on the next line (newcomer round 30: at 1024 px
/// the warpgroup view's Find sat past the window's right edge, its text and message cut off).
void find_field_same_line();

/// The width find_field_same_line needs left on the line to keep Find there: its label and a field
/// that shows "D,17,2". A view that puts other words before Find on that line leaves them out where
/// they would push Find to the next line.
float find_field_least_width();

/// The height find_field_same_line's last call in this window added by putting Find on a line of
/// its own (0 where it shared the zoom line): a view that sizes its grids before it draws the field
/// counts it with the answer's height, so "fit" leaves the wrapped line room.
float find_field_wrap_height();

/// Draws the field (widget `id` without its "##", its text `text`) and, under it, the answer to
/// the text (find_answer, in at most `answer_lines` lines, scrolling) or the message, both as typed;
/// `committed`: the user pressed Enter (or left the field) after changing the text, so the caller
/// selects the answer's thread and scrolls to its element. Selecting as characters arrive picked
/// the prefixes' threads ("thread 200" selected 2, then 20). `compact`: no words after the field, so
/// it can share a line with other controls.
struct FindField {
  FindAnswer answer;
  bool committed = false;
};
FindField draw_find_field(AppState& s, const char* id, std::string& text, const std::string& mnemonic,
                          const std::vector<FragmentOperand>& operands, int answer_lines = 5,
                          bool compact = false);

/// The element a view's Find last went to (Enter on `A,9,3`): the view outlines it while the field
/// still names it, and for a few frames scrolls it wholly into view with its row and column numbers
/// at the zoom the user had (centring it the frame Enter was pressed lost it when the lane strip's
/// line changed the view's height the next frame: newcomer round 13). A thread typed into the
/// warpgroup view's thread field goes to its first cell by the same rule, without the outline.
struct FindGoto {
  std::optional<WhereRequest> where;      ///< outlined; none once the text names another thing
  std::optional<WhereRequest> reveal_at;  ///< the cell scrolled into view while reveal_frames last
  int reveal_frames = 0;                  ///< frames in which the view still scrolls it into view
  /// Takes this frame's field: Enter on an element goes to it; text that no longer names it drops it.
  void update(const FindField& f);
  /// Scrolls `cell` into view for the next few frames, outlining nothing (a thread typed elsewhere).
  void reveal(const WhereRequest& cell);
  /// The cell the view scrolls wholly into view this frame (counts the frames down), or nullptr.
  const WhereRequest* take_reveal();
};

}  // namespace fragviz::app
