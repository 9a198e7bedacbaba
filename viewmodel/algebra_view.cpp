// The Algebra view's content (algebra_view.hpp).
#include "fragviz/viewmodel/algebra_view.hpp"

#include <algorithm>

namespace fragviz::app {

const char* to_string(AlgebraColour c) {
  switch (c) {
    case AlgebraColour::offset:
      return "offset";
    case AlgebraColour::row:
      return "row";
    case AlgebraColour::column:
      return "column";
  }
  return "offset";
}

std::optional<AlgebraColour> parse_algebra_colour(std::string_view text) {
  for (AlgebraColour c : {AlgebraColour::offset, AlgebraColour::row, AlgebraColour::column})
    if (text == to_string(c)) return c;
  return std::nullopt;
}

int algebra_colour_index(AlgebraColour by, std::int64_t offset, std::int64_t row, std::int64_t col) {
  const std::int64_t k = by == AlgebraColour::offset ? offset : by == AlgebraColour::row ? row : col;
  return static_cast<int>(((k % 32) + 32) % 32);
}

const std::vector<AlgebraExample> kAlgebraExamples = {
    {"a 16x64 tile of halves in 8x8 blocks", "logical_divide((16,64):(64,1), (8,8))"},
    {"the same tile swizzled (ldmatrix without conflicts)", "Swizzle<3,3,3> o (16,64):(64,1)"},
    {"an 8x8 block of the swizzled tile", "composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))"},
    {"mma.sync m16n8 C/D: (T32,V4) -> (M16,N8)", "((4,8),(2,2)):((32,1),(16,8))"},
    {"complement: the rest of a 4:2 in 16", "complement(4:2, 16)"},
    {"blocked product", "blocked_product((2,2):(1,2), (3,4):(1,3))"},
    {"raked product", "raked_product((2,2):(1,2), (3,4):(1,3))"},
    {"right inverse of a row-major 4x8", "right_inverse((4,8):(8,1))"},
    {"zipped divide: tiles by tile index", "zipped_divide((8,8):(8,1), (4,2))"},
};

std::string swizzle_action(const CuteSwizzle& s) {
  if (s.bits == 0) return "";
  const auto range = [](int lo, int n) {
    return n == 1 ? "bit " + std::to_string(lo)
                  : "bits " + std::to_string(lo) + "-" + std::to_string(lo + n - 1);
  };
  const std::string name = "Swizzle<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," +
                           std::to_string(s.shift) + ">";
  const int from = s.shift >= 0 ? s.base + s.shift : s.base;
  const int to = s.shift >= 0 ? s.base : s.base - s.shift;
  return name + ": " + range(from, s.bits) + " of the offset are XORed into " + range(to, s.bits);
}

namespace {

AlgebraTable table_of(std::string title, const algebra::ComposedLayout& l) {
  AlgebraTable t;
  t.title = std::move(title);
  t.layout = algebra::to_string(l);
  t.value = l;
  t.swizzle = swizzle_action(l.swizzle);
  const algebra::TableExtent e = algebra::table_extent(l.layout);
  if (e.cells() > kAlgebraMaxCells) {
    t.table.extent = e;
    t.too_large = std::to_string(e.rows) + " x " + std::to_string(e.cols) +
                  " cells: the view draws at most " + std::to_string(kAlgebraMaxCells);
  } else {
    t.table = algebra::layout_table(l);
  }
  return t;
}

}  // namespace

AlgebraModel make_algebra_model(const AlgebraControls& c) {
  AlgebraModel m;
  m.expression = c.expression;
  m.step = c.step;
  const auto e = algebra::evaluate_steps(c.expression);
  if (!e) {
    m.error = e.message;
    m.error_column = e.column;
    return m;
  }
  m.ok = true;
  m.value = algebra::to_string(e->value);
  if (e->value.kind == algebra::Value::Kind::layout) {
    const algebra::Layout& l = e->value.layout.layout;
    m.facts = "size " + std::to_string(algebra::size(l)) + ", cosize " + std::to_string(algebra::cosize(l)) +
              ", rank " + std::to_string(l.rank()) + ", depth " + std::to_string(algebra::depth(l));
  } else {
    m.facts = algebra::kind_name(e->value.kind);
  }
  m.notes = e->notes();
  for (std::size_t i = 0; i < e->steps.size(); ++i)
    m.step_names.push_back(std::to_string(i + 1) + ": " + e->steps[i].operation + " (col " +
                           std::to_string(e->steps[i].column) + ")");
  if (e->steps.empty()) {
    if (e->value.kind == algebra::Value::Kind::layout)
      m.tables.push_back(table_of("layout", e->value.layout));
    return m;
  }
  const int n = static_cast<int>(e->steps.size());
  m.shown_step = c.step < 0 || c.step >= n ? n - 1 : c.step;
  const algebra::Step& st = e->steps[static_cast<std::size_t>(m.shown_step)];
  for (std::size_t i = 0; i < st.args.size(); ++i)
    if (st.args[i].kind == algebra::Value::Kind::layout)
      m.tables.push_back(table_of("operand " + std::to_string(i + 1), st.args[i].layout));
  if (st.result.kind == algebra::Value::Kind::layout)
    m.tables.push_back(table_of(st.operation + " =", st.result.layout));
  return m;
}

std::string algebra_cell_text(const AlgebraTable& t, std::int64_t row, std::int64_t col) {
  const std::int64_t i = row + t.table.extent.rows * col;
  const algebra::IntTuple shape = algebra::shape(t.value.layout);
  std::string s = "index " + std::to_string(i) + ", coordinate " + algebra::natural_coordinate(shape, i) +
                  ", (row, col) (" + std::to_string(row) + "," + std::to_string(col) + ")\noffset " +
                  std::to_string(algebra::evaluate(t.value, i));
  if (t.value.composed()) {
    const std::int64_t before = t.value.offset + algebra::evaluate(t.value.layout, i);
    s += " = swizzle(" + std::to_string(before) + ")";
  }
  return s;
}

}  // namespace fragviz::app
