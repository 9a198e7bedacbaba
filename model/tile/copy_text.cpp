// make_tiled_copy(ATOM, THR, VAL) as text (copy_text.hpp).
#include "fragviz/tile/copy_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "fragviz/algebra/expression.hpp"
#include "fragviz/tile/join.hpp"
#include "fragviz/util/name_suggest.hpp"

namespace fragviz::tile {

namespace {

template <class T>
Result<T> refuse(std::string message, int column = 0, Refusal r = Refusal::bad_input) {
  if (column > 0) message = "col " + std::to_string(column) + ": " + message;
  return Result<T>::fail(r, std::move(message), column);
}

/// One comma-separated part of the text: its bytes and its 1-based column.
struct Part {
  std::string text;
  int column = 0;
};

/// The parts of "a, b, c" split at the commas outside (), <> and [], each trimmed.
std::vector<Part> split_top(std::string_view s, int first_column) {
  std::vector<Part> out;
  int depth = 0;
  std::size_t start = 0;
  const auto push = [&](std::size_t end) {
    std::size_t b = start, e = end;
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    out.push_back(Part{std::string(s.substr(b, e - b)), first_column + static_cast<int>(b)});
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      push(i);
      start = i + 1;
    }
  }
  push(s.size());
  return out;
}

/// A shape "(32,4)" (column-major, CuTe's Layout<Shape<...>>) or a layout "(32,4):(4,1)" of rank 2.
Result<Layout> thr_or_val(const Part& p, const char* what) {
  const algebra::Result<algebra::Value> v = algebra::evaluate_expression(p.text);
  if (!v) {
    // The expression's column is inside the part: give it in the whole text's columns.
    std::string m = v.message;
    if (m.rfind("col ", 0) == 0 && m.find(": ") != std::string::npos) m = m.substr(m.find(": ") + 2);
    return refuse<Layout>(std::string("the ") + what + " layout: " + m, p.column + std::max(0, v.column - 1));
  }
  Layout l;
  if (v->kind == algebra::Value::Kind::shape)
    l = algebra::make_layout(v->shape);
  else if (v->kind == algebra::Value::Kind::layout && !v->layout.composed())
    l = v->layout.layout;
  else
    return refuse<Layout>(std::string("the ") + what + " layout is " + algebra::kind_name(v->kind) +
                              "; give a shape such as (32,4) or a layout such as (32,4):(4,1)",
                          p.column);
  if (l.rank() != 2)
    return refuse<Layout>(std::string("the ") + what + " layout " + algebra::to_string(l) + " has rank " +
                              std::to_string(l.rank()) + "; the tile is (rows, cols): rank 2",
                          p.column);
  return Result<Layout>::ok(std::move(l));
}

constexpr std::string_view kCall = "make_tiled_copy(";

std::string_view trim_front(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

}  // namespace

bool is_make_tiled_copy(std::string_view text) { return trim_front(text).substr(0, kCall.size()) == kCall; }

Result<TiledCopyText> parse_make_tiled_copy(std::string_view text, std::string_view example) {
  // "make_tiled_copy(" ... ")" around the three parts, or the parts alone.
  std::string_view body = trim_front(text);
  int column = 1 + static_cast<int>(text.size() - body.size());
  while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.remove_suffix(1);
  if (body.substr(0, kCall.size()) == kCall) {
    if (body.back() != ')')
      return refuse<TiledCopyText>("make_tiled_copy( has no closing ')'",
                                   column + static_cast<int>(body.size()) - 1);
    body = body.substr(kCall.size(), body.size() - kCall.size() - 1);
    column += static_cast<int>(kCall.size());
  }
  const std::vector<Part> parts = split_top(body, column);
  if (parts.size() != 3)
    return refuse<TiledCopyText>("expected make_tiled_copy(ATOM, THR, VAL), e.g. " + std::string(example) +
                                 "; found " + std::to_string(parts.size()) + " part" +
                                 (parts.size() == 1 ? "" : "s"));
  TiledCopyText out;
  out.atom = parts[0].text;
  out.atom_column = parts[0].column;
  out.thr_column = parts[1].column;
  const auto thr = thr_or_val(parts[1], "thread");
  if (!thr) return Result<TiledCopyText>::fail(thr.refusal, thr.message, thr.column);
  const auto val = thr_or_val(parts[2], "value");
  if (!val) return Result<TiledCopyText>::fail(val.refusal, val.message, val.column);
  out.thr = *thr.value;
  out.val = *val.value;
  return Result<TiledCopyText>::ok(std::move(out));
}

Result<TiledCopy> make_operand_tiled_copy(std::string_view text, int value_bits, int element_bits,
                                          const TiledMma& mma, Operand op) {
  const auto p =
      parse_make_tiled_copy(text, "make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))");
  if (!p) return Result<TiledCopy>::fail(p.refusal, p.message, p.column);
  const CopyAtom* atom = find_copy_atom(p->atom);
  if (!atom)
    return refuse<TiledCopy>("no copy atom '" + p->atom +
                                 "' (CuTe's names: ldmatrix, stmatrix, UniversalCopy; " + "tiled --list)" +
                                 did_you_mean(p->atom, copy_atom_names()),
                             p->atom_column);
  if (atom->instruction.rfind("cp.async", 0) == 0)
    return refuse<TiledCopy>(atom->name +
                                 " copies global to shared memory, not into registers: ldmatrix, stmatrix or "
                                 "UniversalCopy here (the cp.async stage is --gmem-copy-a/-b)",
                             p->atom_column);
  const int bits = value_bits > 0 ? value_bits : atom->kind == CopyKind::stmatrix ? 16 : element_bits;
  const auto made = make_tiled_copy(*atom, bits, p->thr, p->val);
  if (!made) return refuse<TiledCopy>("make_tiled_copy: " + made.message, 0, made.refusal);
  const TiledCopy& c = *made.value;
  const std::string name(to_string(op));
  if (c.threads() != mma.threads())
    return refuse<TiledCopy>("make_tiled_copy has " + std::to_string(c.threads()) + " threads (size of " +
                                 algebra::to_string(p->thr) + "), the TiledMMA " +
                                 std::to_string(mma.threads()) +
                                 ": CuTe's partition and retile pair the copy's thread t with the MMA's",
                             p->thr_column);
  const std::int64_t rows = tile_rows(mma, op), cols = tile_cols(mma, op);
  if (c.tiler != IntTuple::tuple({IntTuple::number(rows), IntTuple::number(cols)}))
    return refuse<TiledCopy>("make_tiled_copy's tile " + algebra::to_string(c.tiler) +
                                 " is not the TiledMMA's " + name + " tile (" + std::to_string(rows) + "," +
                                 std::to_string(cols) + "): CuTe's copy needs partition_" +
                                 (op == Operand::C ? "D" : "S") +
                                 " and the retiled fragment of the same shape",
                             p->thr_column);
  const auto j = join(c, mma, op);
  if (!j) return Result<TiledCopy>::fail(j.refusal, j.message);
  return made;
}

}  // namespace fragviz::tile
