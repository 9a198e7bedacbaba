// make_tiled_copy(ATOM, THR, VAL) as text (copy_text.hpp).
#include "fragviz/tile/copy_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "fragviz/algebra/expression.hpp"
#include "fragviz/tile/join.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "tile_detail.hpp"

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
  if (v->kind == algebra::Value::Kind::shape) {
    if (const auto n = detail::leaf_under_one(v->shape))  // make_gmem_copy divided by it
      return refuse<Layout>(std::string("the ") + what + " layout " + algebra::to_string(v->shape) +
                                " has a mode of " + std::to_string(*n) + "; each mode takes at least 1",
                            p.column);
    l = algebra::make_layout(v->shape);
  } else if (v->kind == algebra::Value::Kind::layout && !v->layout.composed())
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

/// The bits of a Copy_Atom's ValType as CuTe names it (cute:: or cutlass:: prefix allowed), or 0.
int value_type_bits(std::string_view name) {
  for (std::string_view prefix : {"cute::", "cutlass::"})
    if (name.substr(0, prefix.size()) == prefix) name.remove_prefix(prefix.size());
  struct Named {
    std::string_view name;
    int bits;
  };
  static constexpr Named kTypes[] = {
      {"half_t", 16},   {"bfloat16_t", 16},  {"tfloat32_t", 32},  {"float", 32},
      {"double", 64},   {"float_e4m3_t", 8}, {"float_e5m2_t", 8}, {"int8_t", 8},
      {"uint8_t", 8},   {"int16_t", 16},     {"uint16_t", 16},    {"int32_t", 32},
      {"uint32_t", 32}, {"int64_t", 64},     {"uint64_t", 64},    {"uint128_t", 128},
  };
  for (const Named& t : kTypes)
    if (t.name == name) return t.bits;
  return 0;
}

constexpr std::string_view kForMma = "make_tiled_copy_";

/// The text's end with blanks removed.
std::string_view trim_back(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
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

bool is_make_tiled_copy_for_mma(std::string_view text) {
  std::string_view s = trim_front(text);
  if (s.substr(0, kForMma.size()) != kForMma || s.size() <= kForMma.size()) return false;
  const char letter = s[kForMma.size()];
  if (letter != 'A' && letter != 'B' && letter != 'C') return false;
  s = trim_front(s.substr(kForMma.size() + 1));
  return !s.empty() && s.front() == '(';
}

Result<OperandCopyText> parse_make_tiled_copy_for_mma(std::string_view text, Operand op, int value_bits) {
  const std::string_view body = trim_back(trim_front(text));
  const int column = 1 + static_cast<int>(text.size() - trim_front(text).size());
  const std::string want(to_string(op));
  const std::string example = "make_tiled_copy_" + want + "(SM75_U32x4_LDSM_N, tiled_mma)";
  if (!is_make_tiled_copy_for_mma(body))
    return refuse<OperandCopyText>("expected make_tiled_copy_" + want + "(ATOM, tiled_mma), e.g. " + example,
                                   column);
  const std::string letter(1, body[kForMma.size()]);
  const std::string call = std::string(kForMma) + letter;
  if (body.back() != ')')
    return refuse<OperandCopyText>(call + "( has no closing ')'", column + static_cast<int>(body.size()) - 1);
  const std::size_t open = body.find('(');
  // CuTe's make_tiled_copy_B tiles the atom over the TiledMMA's B layout: in A's field it would
  // deliver B's fragment where the MMA reads A's. The fix keeps the user's arguments.
  if (letter != want)
    return refuse<OperandCopyText>(call + " builds the copy of " + letter + " (the TiledMMA's " + letter +
                                       " fragment); this is " + want + "'s copy: make_tiled_copy_" + want +
                                       std::string(body.substr(open)),
                                   column);
  const std::vector<Part> parts =
      split_top(body.substr(open + 1, body.size() - open - 2), column + static_cast<int>(open) + 1);
  if (parts.size() != 2)
    return refuse<OperandCopyText>("expected " + call + "(ATOM, tiled_mma), e.g. " + example + "; found " +
                                       std::to_string(parts.size()) + " part" +
                                       (parts.size() == 1 ? "" : "s"),
                                   column);
  OperandCopyText out;
  out.value_bits = value_bits;
  out.atom_column = parts[0].column;
  // ATOM: a bare name, or Copy_Atom<OP, ValType> as CuTe code writes it (an object: "{}" after it).
  std::string_view atom = parts[0].text;
  if (atom.size() >= 2 && atom.substr(atom.size() - 2) == "{}")
    atom = trim_back(atom.substr(0, atom.size() - 2));
  std::string name(atom);
  int name_column = parts[0].column;
  for (std::string_view wrap : {"Copy_Atom<", "cute::Copy_Atom<"}) {
    if (atom.substr(0, wrap.size()) != wrap) continue;
    if (atom.back() != '>') return refuse<OperandCopyText>("Copy_Atom< has no closing '>'", parts[0].column);
    const std::vector<Part> args = split_top(atom.substr(wrap.size(), atom.size() - wrap.size() - 1),
                                             parts[0].column + static_cast<int>(wrap.size()));
    if (args.size() != 2)
      return refuse<OperandCopyText>(
          "Copy_Atom takes <OP, ValType>, e.g. Copy_Atom<SM75_U32x4_LDSM_N, half_t>", parts[0].column);
    const int bits = value_type_bits(args[1].text);
    if (bits == 0)
      return refuse<OperandCopyText>(
          "no ValType '" + args[1].text +
              "' (half_t, bfloat16_t, tfloat32_t, float, int8_t, uint8_t, uint16_t, "
              "uint32_t, uint64_t, uint128_t, ...)",
          args[1].column);
    if (value_bits > 0 && value_bits != bits)
      return refuse<OperandCopyText>("the ValType " + args[1].text + " is " + std::to_string(bits) +
                                         "-bit values, the value width given is " +
                                         std::to_string(value_bits) + ": give one or the other",
                                     args[1].column);
    out.value_bits = bits;
    name = args[0].text;
    name_column = args[0].column;
    break;
  }
  out.atom = find_copy_atom(name);
  if (!out.atom)
    return refuse<OperandCopyText>("no copy atom '" + name +
                                       "' (CuTe's names: ldmatrix, stmatrix, UniversalCopy; tiled --list)" +
                                       did_you_mean(name, copy_atom_names()),
                                   name_column);
  if (out.atom->instruction.rfind("cp.async", 0) == 0)
    return refuse<OperandCopyText>(
        out.atom->name +
            " copies global to shared memory, not into registers: ldmatrix, stmatrix "
            "or UniversalCopy here (the cp.async stage is --gmem-copy-a/-b)",
        name_column);
  // Only the TiledMMA the tile defines can be named: its name in CuTe code is the user's own, so
  // the word is fixed (a kernel's other TiledMMA is not in this tile to build from).
  if (parts[1].text != "tiled_mma")
    return refuse<OperandCopyText>(
        "the TiledMMA is '" + parts[1].text +
            "'; write tiled_mma, the TiledMMA this tile defines (--mma, --atoms, --permute)",
        parts[1].column);
  return Result<OperandCopyText>::ok(out);
}

}  // namespace fragviz::tile
