// A case as fragviz's notation and as CuTe code (algebra_cases.hpp).
#include "algebra_cases.hpp"
#include "fragviz/algebra/notation.hpp"

namespace algebra_gen {

Arg layout_arg(Layout l) {
  Arg a;
  a.layout = ComposedLayout{{}, 0, std::move(l)};
  return a;
}

Arg composed_arg(CuteSwizzle s, std::int64_t offset, Layout l) {
  Arg a;
  a.layout = ComposedLayout{s, offset, std::move(l)};
  return a;
}

Arg tiler_arg(Tiler t) {
  Arg a;
  a.kind = Arg::Kind::tiler;
  a.tiler = std::move(t);
  return a;
}

Arg tuple_arg(IntTuple t) {
  Arg a;
  a.kind = Arg::Kind::tuple;
  a.tuple = std::move(t);
  return a;
}

Arg index_arg(int i) {
  Arg a;
  a.kind = Arg::Kind::index;
  a.index = i;
  return a;
}

Arg swizzle_arg(CuteSwizzle s) {
  Arg a;
  a.kind = Arg::Kind::swizzle;
  a.swizzle = s;
  return a;
}

namespace {

std::string arg_text(const Arg& a) {
  switch (a.kind) {
    case Arg::Kind::layout:
      return to_string(a.layout);
    case Arg::Kind::tiler:
      return to_string(a.tiler);
    case Arg::Kind::tuple:
      return to_string(a.tuple);
    case Arg::Kind::index:
      return std::to_string(a.index);
    case Arg::Kind::swizzle:
      break;
  }
  return fragviz::notation::swizzle_text(a.swizzle);
}

/// Writes numbers as CuTe code: static, or read from v[k].
struct Numbers {
  std::vector<std::int64_t>* values = nullptr;  ///< null: static
  std::string operator()(std::int64_t n) const {
    if (!values || n == 0) return "Int<" + std::to_string(n) + ">{}";
    values->push_back(n);
    return "v[" + std::to_string(values->size() - 1) + "]";
  }
};

std::string tuple_code(const IntTuple& t, const Numbers& num, const char* maker) {
  if (!t.is_tuple) return num(t.value);
  std::string s = std::string(maker) + "(";
  for (std::size_t k = 0; k < t.items.size(); ++k) s += (k ? ", " : "") + tuple_code(t.items[k], num, maker);
  return s + ")";
}

std::string layout_code(const Layout& l, const Numbers& num) {
  // Shapes first, then strides, so that v[k] counts in the order the row lists them.
  const std::string shape = tuple_code(fragviz::algebra::shape(l), num, "make_shape");
  const std::string stride = tuple_code(fragviz::algebra::stride(l), num, "make_stride");
  return "make_layout(" + shape + ", " + stride + ")";
}

std::string swizzle_code(CuteSwizzle s) {
  return "Swizzle<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) +
         ">{}";
}

std::string tiler_code(const Tiler& t, const Numbers& num) {
  switch (t.kind) {
    case Tiler::Kind::number:
      return num(t.number);
    case Tiler::Kind::layout:
      return layout_code(t.layout, num);
    case Tiler::Kind::tuple:
      break;
  }
  std::string s = "make_tile(";
  for (std::size_t k = 0; k < t.items.size(); ++k) s += (k ? ", " : "") + tiler_code(t.items[k], num);
  return s + ")";
}

std::string arg_code(const Arg& a, const Numbers& num) {
  switch (a.kind) {
    case Arg::Kind::layout:
      if (!a.layout.composed()) return layout_code(a.layout.layout, num);
      return "composition(" + swizzle_code(a.layout.swizzle) + ", Int<" + std::to_string(a.layout.offset) +
             ">{}, " + layout_code(a.layout.layout, num) + ")";
    case Arg::Kind::tiler:
      return tiler_code(a.tiler, num);
    case Arg::Kind::tuple:
      return tuple_code(a.tuple, num, "make_shape");
    case Arg::Kind::index:
      return std::to_string(a.index);
    case Arg::Kind::swizzle:
      break;
  }
  return swizzle_code(a.swizzle);
}

}  // namespace

std::string expression_text(const Case& c) {
  std::string s = c.operation + "(";
  for (std::size_t k = 0; k < c.args.size(); ++k) s += (k ? "," : "") + arg_text(c.args[k]);
  return s + ")";
}

std::string cute_code(const Case& c, std::vector<std::int64_t>* values) {
  const Numbers num{values};
  std::vector<std::string> args;
  for (const Arg& a : c.args) args.push_back(arg_code(a, num));
  std::string code;
  for (std::size_t k = 0; k < args.size(); ++k)
    if (c.args[k].kind != Arg::Kind::index) code += "auto a" + std::to_string(k) + " = " + args[k] + "; ";
  const std::string& op = c.operation;
  if (op == "get" || op == "select") {
    std::string is;
    for (std::size_t k = 1; k < args.size(); ++k) is += (k > 1 ? "," : "") + args[k];
    return code + "auto x = " + (op == "get" ? std::string("cute::layout") : op) + "<" + is + ">(a0);";
  }
  // Layout::with_shape(int) with a run-time int does not compile in CuTe 4.2 (its body's
  // make_layout is found by argument-dependent lookup only for CuTe's own integers): the same
  // composition, written out.
  if (op == "with_shape")
    return code + (values ? "auto x = composition(a0, make_layout(a1));" : "auto x = a0.with_shape(a1);");
  std::string call = "auto x = " + op + "(";
  for (std::size_t k = 0; k < args.size(); ++k) call += (k ? ", a" : "a") + std::to_string(k);
  return code + call + ");";
}

}  // namespace algebra_gen
