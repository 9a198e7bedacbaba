// Expressions of the layout algebra, read with notation::Parser and evaluated (algebra/expression.hpp).
#include "fragviz/algebra/expression.hpp"

#include <functional>
#include <map>

#include "detail.hpp"
#include "fragviz/algebra/notation.hpp"
#include "fragviz/util/parse_limits.hpp"

namespace fragviz::algebra {

const char* kind_name(Value::Kind k) {
  switch (k) {
    case Value::Kind::number:
      return "a number";
    case Value::Kind::shape:
      return "a shape";
    case Value::Kind::tiler:
      return "a tiler";
    case Value::Kind::layout:
      return "a layout";
    case Value::Kind::swizzle:
      break;
  }
  return "a swizzle";
}

std::string to_string(const Value& v) {
  switch (v.kind) {
    case Value::Kind::number:
      return std::to_string(v.number);
    case Value::Kind::shape:
      return to_string(v.shape);
    case Value::Kind::tiler:
      return to_string(v.tiler);
    case Value::Kind::layout:
      return to_string(v.layout);
    case Value::Kind::swizzle:
      break;
  }
  return notation::swizzle_text(v.swizzle);
}

namespace {

using notation::Node;
using notation::Parser;

/// A value being read, with the numeric tree it came from (for shape:stride's congruence check).
struct Term {
  Value value;
  std::optional<Node> node;  ///< set while the value is a number or a shape
  std::size_t pos = 0;       ///< byte where it starts
};

Value number_value(std::int64_t n) {
  Value v;
  v.number = n;
  return v;
}

IntTuple tuple_of(const Node& n) {
  if (n.leaf) return IntTuple::number(n.value);
  std::vector<IntTuple> items;
  for (const Node& k : n.kids) items.push_back(tuple_of(k));
  return IntTuple::tuple(std::move(items));
}

Value layout_value(ComposedLayout l) {
  Value v;
  v.kind = Value::Kind::layout;
  v.layout = std::move(l);
  return v;
}

Value layout_value(Layout l) { return layout_value(ComposedLayout{{}, 0, std::move(l)}); }

/// A tiler entry: a number, a shape (tuple of numbers), a tiler, or a plain layout.
std::optional<Tiler> as_tiler(const Value& v) {
  switch (v.kind) {
    case Value::Kind::number:
      return Tiler::of(v.number);
    case Value::Kind::shape:
      return tiler_of(v.shape);
    case Value::Kind::tiler:
      return v.tiler;
    case Value::Kind::layout:
      if (!v.layout.composed()) return Tiler::of(v.layout.layout);
      return std::nullopt;
    case Value::Kind::swizzle:
      break;
  }
  return std::nullopt;
}

/// An operation's argument list, with what each argument is for messages.
struct Call {
  std::string name;
  std::vector<Term> args;
  std::size_t pos = 0;
};

/// Thrown for a wrong argument or a refused operation; `pos` is where the message points.
struct Refused {
  std::size_t pos;
  Refusal refusal;
  std::string message;
};

[[noreturn]] void refuse_arg(const Call& c, std::size_t i, const std::string& wants) {
  throw Refused{c.args[i].pos, Refusal::bad_input,
                c.name + ": argument " + std::to_string(i + 1) + " must be " + wants + ", got " +
                    kind_name(c.args[i].value.kind) + " (" + to_string(c.args[i].value) + ")"};
}

void arity(const Call& c, std::size_t lo, std::size_t hi, const std::string& usage) {
  if (c.args.size() < lo || c.args.size() > hi)
    throw Refused{c.pos, Refusal::bad_input,
                  c.name + " takes " + usage + ", got " + std::to_string(c.args.size()) +
                      (c.args.size() == 1 ? " argument" : " arguments")};
}

/// Argument i as a layout (composed or plain).
const ComposedLayout& layout_arg(const Call& c, std::size_t i) {
  if (c.args[i].value.kind != Value::Kind::layout) refuse_arg(c, i, "a layout");
  return c.args[i].value.layout;
}

const Layout& plain_arg(const Call& c, std::size_t i) {
  const ComposedLayout& l = layout_arg(c, i);
  if (l.composed())
    throw Refused{
        c.args[i].pos, Refusal::beyond_fragviz,
        c.name + ": argument " + std::to_string(i + 1) + " must be a layout without a swizzle here"};
  return l.layout;
}

/// Argument i as numbers and tuples, as it was written (a stride may be negative or 0).
IntTuple tuple_arg(const Call& c, std::size_t i) {
  const Value& v = c.args[i].value;
  if (v.kind == Value::Kind::number) return IntTuple::number(v.number);
  if (v.kind == Value::Kind::shape) return v.shape;
  refuse_arg(c, i, "a number or a shape");
}

bool all_positive(const IntTuple& t) {
  for (std::int64_t v : leaves(t))
    if (v < 1) return false;
  return true;
}

bool all_positive(const Tiler& t) {
  if (t.kind == Tiler::Kind::number) return t.number >= 1;
  if (t.kind == Tiler::Kind::layout) return true;
  for (const Tiler& i : t.items)
    if (!all_positive(i)) return false;
  return true;
}

/// Argument i as a shape: numbers of at least 1.
IntTuple shape_arg(const Call& c, std::size_t i) {
  IntTuple t = tuple_arg(c, i);
  if (!all_positive(t)) refuse_arg(c, i, "a shape (numbers of at least 1)");
  return t;
}

Tiler tiler_arg(const Call& c, std::size_t i) {
  auto t = as_tiler(c.args[i].value);
  if (!t) refuse_arg(c, i, "a tiler: a layout without a swizzle, a number, a shape or <...>");
  if (!all_positive(*t)) refuse_arg(c, i, "a tiler whose numbers are at least 1");
  return *t;
}

/// Same tree of tuples (CuTe's congruent).
bool congruent(const IntTuple& a, const IntTuple& b) {
  if (a.is_tuple != b.is_tuple) return false;
  if (!a.is_tuple) return true;
  if (a.items.size() != b.items.size()) return false;
  for (std::size_t k = 0; k < a.items.size(); ++k)
    if (!congruent(a.items[k], b.items[k])) return false;
  return true;
}

int index_arg(const Call& c, std::size_t i) {
  const Value& v = c.args[i].value;
  if (v.kind != Value::Kind::number || v.number < 0) refuse_arg(c, i, "a mode index (0, 1, ...)");
  return static_cast<int>(v.number);
}

/// The value of an operation's Result, or Refused at the call.
template <class T>
T take(const Call& c, Result<T> r) {
  if (!r) throw Refused{c.pos, r.refusal, r.message};
  return std::move(*r.value);
}

Value apply_on_layout(const Call& c, const std::function<Result<Layout>(const Layout&)>& op) {
  return layout_value(take(c, inside(layout_arg(c, 0), op)));
}

Value composition_value(const Call& c) {
  arity(c, 2, 2, "two arguments, composition(A, B)");
  const Value& a = c.args[0].value;
  const Value& b = c.args[1].value;
  if (a.kind == Value::Kind::swizzle) {
    // CuTe's composition(Swizzle, Layout): Swizzle o L.
    const Layout& l = plain_arg(c, 1);
    return layout_value(ComposedLayout{a.swizzle.bits == 0 ? CuteSwizzle{} : a.swizzle, 0, l});
  }
  const ComposedLayout& la = layout_arg(c, 0);
  if (b.kind == Value::Kind::swizzle || (b.kind == Value::Kind::layout && b.layout.composed())) {
    if (la.composed())
      throw Refused{c.pos, Refusal::beyond_fragviz,
                    "composition: a swizzle on both sides nests one ComposedLayout in another, which fragviz "
                    "does not hold"};
    if (b.kind == Value::Kind::swizzle) return layout_value(take(c, composition(la.layout, b.swizzle)));
    return layout_value(take(c, composition(la.layout, b.layout)));
  }
  const Tiler t = tiler_arg(c, 1);
  return apply_on_layout(c, [&](const Layout& l) {
    return t.kind == Tiler::Kind::layout ? composition(l, t.layout) : composition(l, t);
  });
}

Value inverse_value(const Call& c, bool right) {
  arity(c, 1, 1, "one layout");
  const ComposedLayout& l = layout_arg(c, 0);
  return layout_value(take(c, right ? right_inverse(l) : left_inverse(l)));
}

using Handler = std::function<Value(const Call&)>;

/// A tiler operation: NAME(L, tiler), the swizzle kept.
Handler tiler_op(Result<Layout> (*op)(const Layout&, const Tiler&)) {
  return [op](const Call& c) {
    arity(c, 2, 2, "a layout and a tiler");
    const Tiler t = tiler_arg(c, 1);
    return apply_on_layout(c, [&](const Layout& l) { return op(l, t); });
  };
}

/// blocked_product / raked_product: NAME(A, B), B a plain layout.
Handler rank_op(Result<Layout> (*op)(const Layout&, const Layout&)) {
  return [op](const Call& c) {
    arity(c, 2, 2, "two layouts");
    const Layout& b = plain_arg(c, 1);
    return apply_on_layout(c, [&](const Layout& l) { return op(l, b); });
  };
}

Value count_value(const Call& c) {
  arity(c, 1, 1, "one layout or shape");
  const Value& v = c.args[0].value;
  const bool is_shape = v.kind == Value::Kind::shape || v.kind == Value::Kind::number;
  if (!is_shape && v.kind != Value::Kind::layout) refuse_arg(c, 0, "a layout or a shape");
  const IntTuple s = is_shape ? shape_arg(c, 0) : shape(v.layout.layout);
  if (c.name == "rank") return number_value(s.rank());
  if (c.name == "depth") return number_value(depth(s));
  return number_value(take(c, detail::guarded<std::int64_t>([&] { return product(s); })));
}

const std::map<std::string, Handler>& handlers() {
  static const std::map<std::string, Handler> table = {
      {"size", count_value},
      {"rank", count_value},
      {"depth", count_value},
      {"cosize",
       [](const Call& c) {
         arity(c, 1, 1, "one layout");
         const Layout& l = layout_arg(c, 0).layout;
         return number_value(take(c, detail::guarded<std::int64_t>([&] { return cosize(l); })));
       }},
      {"get",
       [](const Call& c) {
         arity(c, 2, 64, "a layout and mode indices, get(L, i, j, ...)");
         std::vector<int> path;
         for (std::size_t i = 1; i < c.args.size(); ++i) path.push_back(index_arg(c, i));
         return apply_on_layout(c, [&](const Layout& l) { return get(l, path); });
       }},
      {"select",
       [](const Call& c) {
         arity(c, 2, 64, "a layout and mode indices, select(L, i, j, ...)");
         std::vector<int> modes;
         for (std::size_t i = 1; i < c.args.size(); ++i) modes.push_back(index_arg(c, i));
         if (layout_arg(c, 0).composed())
           throw Refused{c.pos, Refusal::cute_refuses,
                         "select: CuTe has no select of a swizzled ComposedLayout"};
         return layout_value(take(c, select(layout_arg(c, 0).layout, modes)));
       }},
      {"flatten",
       [](const Call& c) {
         arity(c, 1, 1, "one layout");
         return apply_on_layout(c, [](const Layout& l) { return Result<Layout>::ok(flatten(l)); });
       }},
      {"coalesce",
       [](const Call& c) {
         arity(c, 1, 2, "a layout and optionally a profile, coalesce(L [, profile])");
         if (c.args.size() == 1)
           return apply_on_layout(c, [](const Layout& l) { return Result<Layout>::ok(coalesce(l)); });
         const IntTuple profile = shape_arg(c, 1);
         return apply_on_layout(c, [&](const Layout& l) { return coalesce(l, profile); });
       }},
      {"filter",
       [](const Call& c) {
         arity(c, 1, 1, "one layout");
         return layout_value(filter(plain_arg(c, 0)));
       }},
      {"composition", composition_value},
      {"complement",
       [](const Call& c) {
         arity(c, 1, 2, "a layout and optionally a cotarget, complement(L [, cotarget])");
         const Layout& l = layout_arg(c, 0).layout;  // CuTe: the complement of the inner layout
         return layout_value(take(c, c.args.size() == 1 ? complement(l) : complement(l, shape_arg(c, 1))));
       }},
      {"right_inverse", [](const Call& c) { return inverse_value(c, true); }},
      {"left_inverse", [](const Call& c) { return inverse_value(c, false); }},
      {"logical_divide", tiler_op(logical_divide)},
      {"zipped_divide", tiler_op(zipped_divide)},
      {"tiled_divide", tiler_op(tiled_divide)},
      {"flat_divide", tiler_op(flat_divide)},
      {"logical_product", tiler_op(logical_product)},
      {"zipped_product", tiler_op(zipped_product)},
      {"tiled_product", tiler_op(tiled_product)},
      {"flat_product", tiler_op(flat_product)},
      {"blocked_product", rank_op(blocked_product)},
      {"raked_product", rank_op(raked_product)},
      {"with_shape",
       [](const Call& c) {
         arity(c, 2, 2, "a layout and a shape");
         const IntTuple s = shape_arg(c, 1);
         return apply_on_layout(c, [&](const Layout& l) { return with_shape(l, s); });
       }},
      {"make_layout",
       [](const Call& c) {
         arity(c, 1, 2, "a shape and optionally a stride, make_layout(shape [, stride])");
         const IntTuple shape = shape_arg(c, 0);
         if (c.args.size() == 1) return layout_value(make_layout(shape));
         const IntTuple stride = tuple_arg(c, 1);
         if (!congruent(shape, stride))
           refuse_arg(c, 1, "a stride congruent with the shape " + to_string(shape));
         return layout_value(make_layout(shape, stride));
       }},
  };
  return table;
}

std::string operation_names() {
  std::string s;
  for (const auto& [name, h] : handlers()) s += (s.empty() ? "" : ", ") + name;
  return s;
}

/// Largest size and cosize of a layout an expression may hold: every offset and every index of it
/// then fits 64 bits with room to spare, whatever the caller computes from it.
constexpr std::int64_t kMaxExtent = std::int64_t{1} << 40;

/// Most leaf modes a layout of an expression may have (the complement and the inverses sort them
/// in quadratic time).
constexpr std::size_t kMaxLeaves = 1024;

/// Refuses a layout beyond kMaxExtent or kMaxLeaves (beyond_fragviz).
Term bounded(Term t) {
  if (t.value.kind != Value::Kind::layout) return t;
  const Layout& l = t.value.layout.layout;
  if (leaf_modes(l).size() > kMaxLeaves)
    throw Refused{t.pos, Refusal::beyond_fragviz,
                  "a layout of " + std::to_string(leaf_modes(l).size()) + " modes: fragviz holds at most " +
                      std::to_string(kMaxLeaves)};
  const auto extent = detail::guarded<std::int64_t>([&] { return std::max(size(l), cosize(l)); });
  if (!extent || *extent > kMaxExtent)
    throw Refused{t.pos, Refusal::beyond_fragviz,
                  to_string(l) + ": its size or cosize is beyond 2^40, more than fragviz holds"};
  return t;
}

class Reader {
 public:
  /// `steps`, when given, receives every operation applied, innermost first.
  explicit Reader(std::string_view text, std::vector<Step>* steps = nullptr) : p_(text), steps_(steps) {}

  Value whole() {
    if (p_.at_end()) p_.fail(0, "empty expression: expected e.g. logical_divide((16,64):(64,1), (8,8))");
    Term t = expr();
    if (!p_.at_end()) p_.fail(p_.pos(), "unexpected text after the expression" + p_.found());
    return std::move(t.value);
  }

 private:
  void nest(std::size_t pos) {
    if (++p_.depth() > kMaxParseNesting) p_.fail(pos, nesting_too_deep_message());
  }

  Term expr() {
    const std::size_t pos = p_.pos();
    if (p_.at_swizzle()) return swizzled(pos);
    const std::size_t before = p_.index();
    const std::string word = p_.take_word();
    if (!word.empty()) {
      if (!p_.take('(')) {
        p_.rewind(before);
        p_.fail(pos, "expected a number, '(', '<', Swizzle<B,M,S> or an operation" + p_.found());
      }
      return call(word, pos);
    }
    Term t = term();
    if (!p_.take(':')) return t;
    const std::size_t stride_pos = p_.pos();
    Term s = term();
    if (!t.node)
      p_.fail(t.pos, "a layout's shape must be numbers and tuples of them, got " + to_string(t.value));
    if (!s.node)
      p_.fail(stride_pos, "a layout's stride must be numbers and tuples of them, got " + to_string(s.value));
    notation::check_congruent(p_, *t.node, *s.node);
    return bounded(Term{layout_value(make_layout(tuple_of(*t.node), tuple_of(*s.node))), std::nullopt, pos});
  }

  Term swizzled(std::size_t pos) {
    const CuteSwizzle sw = p_.swizzle();
    Value v;
    v.kind = Value::Kind::swizzle;
    v.swizzle = sw;
    if (!p_.take_compose()) return Term{v, std::nullopt, pos};
    std::int64_t offset = 0;
    const std::size_t before = p_.index();
    if (p_.at_number()) {
      const std::int64_t k = p_.number("a number");
      if (p_.take_compose())
        offset = k;
      else
        p_.rewind(before);
    }
    nest(pos);
    const Term inner = expr();
    --p_.depth();
    if (inner.value.kind != Value::Kind::layout || inner.value.layout.composed())
      throw Refused{inner.pos, Refusal::bad_input,
                    "Swizzle o ...: expected a layout without a swizzle after 'o', got " +
                        std::string(kind_name(inner.value.kind)) + " (" + to_string(inner.value) + ")"};
    // CuTe's composition(Swizzle<0,...>, _0, L) is L itself.
    const bool identity = sw.bits == 0 && offset == 0;
    return Term{
        layout_value(ComposedLayout{identity ? CuteSwizzle{} : sw, offset, inner.value.layout.layout}),
        std::nullopt, pos};
  }

  Term call(const std::string& name, std::size_t pos) {
    const auto& table = handlers();
    const auto h = table.find(name);
    if (h == table.end())
      throw Refused{pos, Refusal::bad_input,
                    "no operation is named '" + name + "' (there are " + operation_names() + ")"};
    nest(pos);
    Call c{name, {}, pos};
    if (!p_.take(')')) {
      c.args.push_back(expr());
      while (p_.take(',')) c.args.push_back(expr());
      if (!p_.take(')')) p_.fail(p_.pos(), "expected ',' or ')' in " + name + "(...)" + p_.found());
    }
    --p_.depth();
    try {
      Term result = bounded(Term{h->second(c), std::nullopt, pos});
      if (steps_) {
        Step st{name, static_cast<int>(pos), {}, result.value, {}};
        for (const Term& a : c.args) st.args.push_back(a.value);
        if (name.size() > 7 && name.compare(name.size() - 7, 7, "_divide") == 0)
          st.notes = divide_notes(layout_arg(c, 0).layout, tiler_arg(c, 1));
        steps_->push_back(std::move(st));
      }
      return result;
    } catch (const detail::Stop& stop) {
      throw Refused{pos, stop.refusal, name + ": " + stop.message};
    }
  }

  /// A number, a parenthesised list, or <...>.
  Term term() {
    const std::size_t pos = p_.pos();
    if (p_.at_number()) {
      Node n;
      n.value = p_.number("a number");
      n.pos = pos;
      return Term{number_value(n.value), n, pos};
    }
    const bool angled = p_.peek() == '<';
    if (!p_.take('(') && !p_.take('<'))
      p_.fail(pos, "expected a number, '(', '<', Swizzle<B,M,S> or an operation" + p_.found());
    nest(pos);
    std::vector<Term> items{expr()};
    while (p_.take(',')) items.push_back(expr());
    if (!p_.take(angled ? '>' : ')'))
      p_.fail(p_.pos(), std::string("expected ',' or '") + (angled ? '>' : ')') + "'" + p_.found());
    --p_.depth();
    return list(std::move(items), angled, pos);
  }

  /// A shape when every entry is a number or a shape and the list is not <...>, else a tiler.
  Term list(std::vector<Term> items, bool angled, std::size_t pos) {
    bool numeric = !angled;
    for (const Term& t : items) numeric = numeric && t.node.has_value();
    if (numeric) {
      Node n;
      n.leaf = false;
      n.pos = pos;
      for (Term& t : items) n.kids.push_back(std::move(*t.node));
      Value v;
      v.kind = Value::Kind::shape;
      v.shape = tuple_of(n);
      return Term{std::move(v), std::move(n), pos};
    }
    std::vector<Tiler> tilers;
    for (const Term& t : items) {
      auto tiler = as_tiler(t.value);
      if (!tiler)
        throw Refused{t.pos, Refusal::bad_input,
                      "a tiler's entries are numbers, shapes, layouts without a swizzle or tilers, got " +
                          std::string(kind_name(t.value.kind)) + " (" + to_string(t.value) + ")"};
      tilers.push_back(std::move(*tiler));
    }
    Value v;
    v.kind = Value::Kind::tiler;
    v.tiler = Tiler::tuple(std::move(tilers));
    return Term{std::move(v), std::nullopt, pos};
  }

  Parser p_;
  std::vector<Step>* steps_;
};

}  // namespace

std::vector<std::string> Evaluation::notes() const {
  std::vector<std::string> all;
  for (const Step& st : steps) all.insert(all.end(), st.notes.begin(), st.notes.end());
  return all;
}

Result<Value> evaluate_expression(std::string_view text) {
  auto e = evaluate_steps(text);
  if (!e) return Result<Value>::fail(e.refusal, e.message, e.column);
  return Result<Value>::ok(std::move(e->value));
}

Result<Evaluation> evaluate_steps(std::string_view text) {
  const auto at = [&](std::size_t pos, Refusal r, const std::string& message) {
    const int col = notation::column_of(text, pos);
    return Result<Evaluation>::fail(r, "col " + std::to_string(col) + ": " + message, col);
  };
  try {
    Evaluation e;
    e.value = Reader(text, &e.steps).whole();
    for (Step& st : e.steps) st.column = notation::column_of(text, static_cast<std::size_t>(st.column));
    return Result<Evaluation>::ok(std::move(e));
  } catch (const notation::Failure& f) {
    return at(f.pos, Refusal::bad_input, f.message);
  } catch (const Refused& r) {
    return at(r.pos, r.refusal, r.message);
  } catch (const detail::Stop& s) {
    return at(0, s.refusal, s.message);
  }
}

}  // namespace fragviz::algebra
