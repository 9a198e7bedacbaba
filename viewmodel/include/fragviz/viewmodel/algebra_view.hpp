// The Algebra view's content, window-free: an expression of CuTe's layout algebra evaluated with
// its steps (algebra/expression.hpp), and for the step shown, a table per layout operand and one
// for its result (algebra/table.hpp), as CuTe's print_layout draws them. The panel
// (panels/panel_algebra.cpp) draws these and links the tables by offset; the state dump reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/algebra/expression.hpp"
#include "fragviz/algebra/table.hpp"

namespace fragviz::app {

/// What colours a table's cells: its offset (cells of one offset share a colour across the
/// tables), its row (mode 0: the thread of a thread-value layout) or its column (the value).
enum class AlgebraColour : std::uint8_t { offset, row, column };
const char* to_string(AlgebraColour c);
/// The colour `text` names (offset, row, column), or nullopt.
std::optional<AlgebraColour> parse_algebra_colour(std::string_view text);
/// The lane colour (0-31) of cell (row, col) holding `offset` when coloured `by`: the one rule the
/// window, export's algebra view and the CLI's table picture share.
int algebra_colour_index(AlgebraColour by, std::int64_t offset, std::int64_t row, std::int64_t col);

/// The view's controls (AppState::algebra; the expression is saved in settings.json).
struct AlgebraControls {
  bool open = false;  ///< View > Algebra
  std::string expression = "logical_divide((16,64):(64,1), (8,8))";
  int step = -1;  ///< which operation's operands and result are shown; -1 = the outermost
  AlgebraColour colour = AlgebraColour::offset;
  float cell = 22.f;  ///< cell width in pixels (height follows)
};

/// Examples in the view's picker: an entry's label and expression.
struct AlgebraExample {
  const char* label;
  const char* expression;
};
extern const std::vector<AlgebraExample> kAlgebraExamples;

/// Most cells one table draws; a larger layout is named with its size, not drawn.
inline constexpr std::int64_t kAlgebraMaxCells = std::int64_t{1} << 14;

/// One drawn layout: a step's operand or result.
struct AlgebraTable {
  std::string title;              ///< "operand 1", "result", ...
  std::string layout;             ///< in CuTe's notation
  algebra::ComposedLayout value;  ///< the layout itself (hover evaluates it)
  algebra::LayoutTable table;     ///< empty offsets when too large (`too_large` says why)
  std::string too_large;
  std::string swizzle;  ///< the swizzle's bit action in words, or ""
};

/// The whole view for one expression and step.
struct AlgebraModel {
  std::string expression;  ///< what it was made from (a change remakes it)
  int step = -1;
  bool ok = false;
  std::string error;  ///< the refusal, with its column ("col 16: ...")
  int error_column = 0;
  std::string value;                    ///< the result in CuTe's notation
  std::string facts;                    ///< "size 1024, cosize 1024, rank 2, depth 2" for a layout
  std::vector<std::string> notes;       ///< every step's notes (Evaluation::notes), "note: ..."
  std::vector<std::string> step_names;  ///< "1: composition (col 10)", innermost first
  int shown_step = -1;                  ///< the step the tables are of; -1 = a plain value
  std::vector<AlgebraTable> tables;     ///< operands that are layouts, then the result
  std::optional<std::int64_t> linked;   ///< the offset hovered last frame, outlined in every table
};

/// Evaluates `c.expression` and lays out the tables of step `c.step` (clamped; -1 the outermost).
AlgebraModel make_algebra_model(const AlgebraControls& c);

/// "Swizzle<3,3,3>: bits 6-8 of the offset are XORed into bits 3-5" (S < 0 the other way).
std::string swizzle_action(const CuteSwizzle& s);

/// The cell's hover text: index, natural coordinate, (row, col), offset, and the offset before the
/// swizzle where one applies.
std::string algebra_cell_text(const AlgebraTable& t, std::int64_t row, std::int64_t col);

}  // namespace fragviz::app
