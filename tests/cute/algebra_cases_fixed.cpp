// The fixed cases of the cross-check: the arguments of CuTe's own unit tests of the layout algebra
// (test/unit/cute/core/{coalesce,composition,complement,inverse_left,inverse_right,
// logical_divide,logical_product}.cpp of CUTLASS) and the worked examples of CuTe's layout-algebra
// documentation (media/docs/cpp/cute/02_layout_algebra.md: composition, complement, the 1-D and 2-D
// divides, the 1-D and 2-D products, blocked and raked), which the CuTe layout paper's figures
// draw. Only the arguments are written here, in fragviz's notation; what CuTe makes of them comes
// from CuTe at test time.
#include <stdexcept>

#include "algebra_cases.hpp"

namespace algebra_gen {

namespace {

using fragviz::algebra::evaluate_expression;
using fragviz::algebra::Value;

/// An argument written in fragviz's notation, read as the kind `op` takes at `position`.
Arg parse_arg(const std::string& op, std::size_t position, const std::string& text) {
  const auto v = evaluate_expression(text);
  if (!v) throw std::runtime_error("fixed case " + op + ": '" + text + "': " + v.message);
  const bool index = op == "get" || op == "select";
  const bool tuple = op == "complement" || op == "coalesce" || op == "with_shape";
  switch (v->kind) {
    case Value::Kind::layout:
      return v->layout.composed() ? composed_arg(v->layout.swizzle, v->layout.offset, v->layout.layout)
                                  : layout_arg(v->layout.layout);
    case Value::Kind::swizzle:
      return swizzle_arg(v->swizzle);
    case Value::Kind::tiler:
      return tiler_arg(v->tiler);
    case Value::Kind::number:
      if (index && position > 0) return index_arg(static_cast<int>(v->number));
      [[fallthrough]];
    case Value::Kind::shape:
      if (tuple) return tuple_arg(v->kind == Value::Kind::number ? IntTuple::number(v->number) : v->shape);
      return tiler_arg(v->kind == Value::Kind::number ? Tiler::of(v->number)
                                                      : fragviz::algebra::tiler_of(v->shape));
  }
  throw std::runtime_error("fixed case " + op + ": '" + text + "' has no kind");
}

struct Fixed {
  std::vector<Case> cases;
  void add(const std::string& op, std::vector<std::string> args, const char* source) {
    Case c{op, {}, source, false};
    for (std::size_t k = 0; k < args.size(); ++k) c.args.push_back(parse_arg(op, k, args[k]));
    cases.push_back(std::move(c));
  }
};

void unit_test_cases(Fixed& f) {
  const char* t = "cute-unit-test";
  // coalesce.cpp (its run-time integers as static ones)
  for (const char* l :
       {"1:0", "1:1", "(2,4):(1,2)", "(2,4,6):(1,2,8)", "(2,1,6):(1,6,2)", "(2,1,6):(1,7,2)",
        "(2,1,6):(4,7,8)", "(2,4):(4,1)", "(2,4,6):(24,6,1)", "(2,1,3):(3,0,1)", "(2,1,3):(3,3,1)",
        "(2,1,3):(2,4,4)", "(2,1,3):(2,0,4)", "((2,2),(2,2)):((1,4),(8,32))"})
    f.add("coalesce", {l}, t);
  // composition.cpp (the tuple-stride and dynamic-only cases left out)
  const std::vector<std::pair<const char*, const char*>> comp = {
      {"1:0", "1:0"},
      {"1:0", "1:1"},
      {"1:1", "1:0"},
      {"1:1", "1:1"},
      {"(4):(1)", "(4):(1)"},
      {"(4):(2)", "(4):(1)"},
      {"(4):(0)", "(4):(1)"},
      {"(4):(1)", "(4):(0)"},
      {"(4):(1)", "(1):(0)"},
      {"(4):(1)", "(2):(1)"},
      {"(4):(2)", "(2):(1)"},
      {"(4):(1)", "(2):(2)"},
      {"(4):(2)", "(2):(2)"},
      {"(4,3):(1,4)", "(12):(1)"},
      {"(12):(1)", "(4,3):(1,4)"},
      {"(12):(2)", "(4,3):(1,4)"},
      {"(12):(1)", "(4,3):(3,1)"},
      {"(12):(2)", "(4,3):(3,1)"},
      {"(12):(1)", "(2,3):(2,4)"},
      {"(4,3):(1,4)", "(4,3):(1,4)"},
      {"(4,3):(1,4)", "(6):(1)"},
      {"(4,3):(1,4)", "(6):(2)"},
      {"(4,3):(1,4)", "(6,2):(2,1)"},
      {"(4,3):(1,4)", "(4,3):(3,1)"},
      {"(4,3):(3,1)", "(4,3):(1,4)"},
      {"(4,3):(3,1)", "(12):(1)"},
      {"(4,3):(3,1)", "(6):(2)"},
      {"(4,3):(3,1)", "(6,2):(2,1)"},
      {"(8,8):(1,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"(8,8):(8,1)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"((4,2)):((1,16))", "(4,2):(2,1)"},
      {"(2,2):(2,1)", "(2,2):(2,1)"},
      {"(4,8,2):(1,4,32)", "(2,2,2):(2,8,1)"},
      {"(4,8,2):(2,8,1)", "(2,2,2):(1,8,2)"},
      {"(4,8,2):(2,8,1)", "(4,2,2):(2,8,1)"},
      {"12:1", "4:1"},
      {"(12,3):(1,24)", "(4):(1)"},
      {"16:2", "4:2"},
      {"(128,24,5):(1,128,3072)", "64:2"},
      {"(128,24,5):(1,128,3072)", "480:32"},
      {"(1):(0)", "(4):(1)"},
      {"(1):(1)", "(4):(1)"},
      {"(4):(1)", "(4):(2)"},
      {"(4,3):(3,1)", "(24):(1)"},
      {"(4,3):(3,1)", "(8):(1)"},
      {"(4,3,1):(3,1,0)", "(24):(1)"},
      {"3:1", "4:1"},
      {"(48,24,5):(1,128,3072)", "32:1"},
      {"(4):(-1)", "(4):(1)"},
      {"(4):(1)", "(4):(-1)"},
      {"(4):(-1)", "(4):(-1)"},
      {"(4):(1)", "(4):(-2)"},
      {"(4,4):(-1,1)", "(2,4,2):(1,2,8)"},
      {"(4,4):(-1,1)", "(2,4,2):(1,4,2)"},
      {"(1,(2,4)):(0,(-1,512))", "2:-1"},
      {"(1,(2,4)):(0,(-1,512))", "4:-1"}};
  for (const auto& [a, b] : comp) f.add("composition", {a, b}, t);
  f.add("composition", {"(8,8):(8,1)", "Swizzle<2,0,-3> o (8,8):(8,1)"}, t);
  // complement.cpp (the cotargets with run-time parts as static ones)
  const std::vector<std::pair<const char*, std::vector<const char*>>> comps = {
      {"1:0", {"2", "5", "(2,2)"}},  {"1:1", {"2", "5", "(2,2)"}}, {"1:2", {"1", "2", "8", "5", "(2,2)"}},
      {"4:0", {"1", "2", "8"}},      {"4:1", {"1", "2", "8"}},     {"4:2", {"1", "16", "19", "(2,2)"}},
      {"4:4", {"1", "17", "(2,2)"}}, {"(2,4,8):(8,1,0)", {"460"}}, {"64:1", {"(32,4,4)"}},
      {"12:1", {"1", "53", "128"}},  {"12:2", {"1", "53", "128"}}};
  for (const auto& [l, cotargets] : comps)
    for (const char* c : cotargets) f.add("complement", {l, c}, t);
  for (const char* l : {"1:0",
                        "1:1",
                        "4:2",
                        "4:4",
                        "(2,4):(1,2)",
                        "(2,3):(1,2)",
                        "(2,4):(1,4)",
                        "(2,4):(1,6)",
                        "(2,4,8):(8,1,64)",
                        "(2,4,8):(8,1,0)",
                        "((2,2),(2,2)):((1,4),(8,32))",
                        "((2,2),(2,2)):((1,32),(8,4))",
                        "((2,2),(2,2)):((1,8),(8,4))",
                        "(2,2):(2,3)",
                        "(4,6):(1,6)",
                        "(4,2):(1,10)",
                        "(4,2):(1,16)",
                        "12:1",
                        "12:2",
                        "(3,6):(1,3)",
                        "(3,6):(1,9)",
                        "(3,6):(1,10)"})
    f.add("complement", {l}, t);
  // inverse_right.cpp, inverse_left.cpp
  for (const char* l :
       {"1:0", "1:1", "(4):(0)", "((1,1)):((0,0))", "((3,7)):((0,0))", "(1):(1)", "(4):(1)", "(4):(2)",
        "(2,4):(0,2)", "(8,4):(1,8)", "(8,4):(4,1)", "(2,4,6):(1,2,8)", "(2,4,6):(4,1,8)",
        "(2,4,4,6):(4,1,0,8)", "(4,2):(1,16)", "(4,2):(1,5)", "(4,2):(1,4)"})
    f.add("right_inverse", {l}, t);
  for (const char* l :
       {"Swizzle<1,0,2> o (4,4):(1,4)", "Swizzle<1,0,2> o (4,4):(4,1)", "Swizzle<1,0,1> o (4,4):(8,1)"}) {
    f.add("right_inverse", {l}, t);
    f.add("left_inverse", {l}, t);
  }
  for (const char* l : {"(1):(0)", "((1,1)):((0,0))", "(1):(1)", "(4):(1)", "(4):(2)", "(8,4):(1,8)",
                        "(8,4):(4,1)", "(2,4,6):(1,2,8)", "(2,4,6):(4,1,8)", "(4,2):(1,16)"})
    f.add("left_inverse", {l}, t);
  // logical_divide.cpp (its run-time integers as static ones)
  const std::vector<std::pair<const char*, const char*>> divs = {{"1:0", "1:0"},
                                                                 {"1:0", "1:1"},
                                                                 {"1:1", "1:0"},
                                                                 {"1:1", "1:1"},
                                                                 {"6:1", "2:1"},
                                                                 {"6:1", "2:3"},
                                                                 {"6:1", "(2,3):(3,1)"},
                                                                 {"6:2", "2:1"},
                                                                 {"6:2", "2:3"},
                                                                 {"6:2", "(2,3):(3,1)"},
                                                                 {"(6,6):(1,12)", "(6,3):(3,1)"},
                                                                 {"(6,6):(12,1)", "(6,3):(3,1)"},
                                                                 {"32:1", "2:8"},
                                                                 {"(4,1):(1,1)", "2:1"},
                                                                 {"(4,1):(1,1)", "2:2"},
                                                                 {"(8,8):(1,8)", "32:2"},
                                                                 {"(8,8):(8,1)", "32:2"},
                                                                 {"2:1", "32:1"},
                                                                 {"48:1", "32:1"},
                                                                 {"96:1", "32:2"},
                                                                 {"32:1", "48:1"}};
  for (const auto& [a, b] : divs) f.add("logical_divide", {a, b}, t);
  // logical_product.cpp
  const std::vector<std::pair<const char*, const char*>> prods = {
      {"1:0", "1:0"},
      {"1:1", "1:0"},
      {"1:0", "1:1"},
      {"1:1", "1:1"},
      {"3:1", "4:0"},
      {"3:0", "4:1"},
      {"3:0", "4:0"},
      {"3:2", "4:1"},
      {"(3):(1)", "(2,4):(1,2)"},
      {"(2,4):(1,2)", "(3):(1)"},
      {"(8,(2,2)):(1,(8,16))", "(4):(2)"},
      {"(2,2):(1,2)", "(3,3):(3,1)"},
      {"(3):(32)", "(32):(1)"},
      {"(3):(2)", "(4):(1)"},
      {"(3):(32)", "(128):(1)"},
      {"(3):(32)", "(8,8):(1,8)"},
      {"(3):(32)", "(8,8):(8,1)"},
      {"((4,2)):((1,16))", "(4,4):(1,4)"},
      {"((4,2)):((1,16))", "(4,2):(2,1)"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(1,2)"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(2,1)"},
      {"((4,6)):((1,6))", "(3):(1)"}};
  for (const auto& [a, b] : prods) f.add("logical_product", {a, b}, t);
}

void documentation_cases(Fixed& f) {
  const char* d = "cute-docs";
  f.add("coalesce", {"(2,(1,6)):(1,(6,2))"}, d);
  f.add("coalesce", {"(2,(1,6)):(1,(6,2))", "(1,1)"}, d);
  f.add("composition", {"(6,2):(8,2)", "(4,3):(3,1)"}, d);
  f.add("composition", {"20:2", "(5,4):(4,1)"}, d);
  f.add("composition", {"(10,2):(16,4)", "(5,4):(1,5)"}, d);
  f.add("composition", {"(12,(4,8)):(59,(13,1))", "<3:4,8:2>"}, d);
  f.add("composition", {"(12,(4,8)):(59,(13,1))", "(3,8)"}, d);
  for (const char* c : {"4:1", "6:4", "(4,6):(1,4)", "4:2", "(2,4):(1,6)", "(2,2):(1,6)"})
    f.add("complement", {c, "24"}, d);
  f.add("logical_divide", {"(4,2,3):(2,1,8)", "4:2"}, d);
  for (const char* op : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"})
    f.add(op, {"(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"}, d);
  f.add("logical_product", {"(2,2):(4,1)", "6:1"}, d);
  f.add("logical_product", {"(2,2):(4,1)", "(4,2):(2,1)"}, d);
  f.add("logical_product", {"(2,5):(5,1)", "<3:5,4:6>"}, d);
  for (const char* op : {"blocked_product", "raked_product"}) f.add(op, {"(2,5):(5,1)", "(3,4):(1,3)"}, d);
  for (const char* op : {"zipped_product", "tiled_product", "flat_product"})
    f.add(op, {"(2,5):(5,1)", "<3:5,4:6>"}, d);
}

/// The issue's own examples and the swizzled shared-memory tiles of tensor-core kernels.
void fragviz_cases(Fixed& f) {
  const char* s = "fragviz-examples";
  f.add("logical_divide", {"(16,64):(64,1)", "(8,8)"}, s);
  f.add("composition", {"Swizzle<3,3,3> o (8,64):(64,1)", "(8,8):(8,1)"}, s);
  f.add("coalesce", {"((4,8),(2,2)):((32,1),(16,8))"}, s);
  f.add("composition", {"(8,8):(8,1)", "Swizzle<3,0,3>"}, s);
  f.add("composition", {"(8,8):(8,1)", "Swizzle<2,0,-3> o (8,8):(8,1)"}, s);
  f.add("composition", {"(6,8):(1,16)", "Swizzle<1,1,1>"}, s);
  f.add("composition", {"(4,3):(1,10)", "4:3"}, s);
  f.add("composition", {"(4,3):(1,10)", "6:5"}, s);
  f.add("complement", {"((1,6),4,2):((1,4),1,48)", "481"}, s);
  f.add("complement", {"(3,2):(3,16)", "524"}, s);
  f.add("composition", {"(4,3,6):(6,24,1)", "((2,6),4):((4,4),2)"}, s);
  for (const char* op : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}) {
    f.add(op, {"Swizzle<3,3,3> o (8,64):(64,1)", "(8,8)"}, s);
    f.add(op, {"(128,128):(128,1)", "(64,32)"}, s);
  }
  f.add("blocked_product", {"Swizzle<3,3,3> o (8,64):(64,1)", "(2,2):(1,2)"}, s);
  // Refusals of every kind CuTe has: indices and tilers past a layout's rank, zip's ranks.
  f.add("get", {"(2,4):(1,2)", "2"}, s);
  f.add("select", {"(2,4):(1,2)", "0", "3"}, s);
  f.add("logical_divide", {"(2,4):(1,2)", "(2,2,2)"}, s);
  f.add("logical_product", {"(2,4):(1,2)", "(2,2,2)"}, s);
  f.add("coalesce", {"(2,4):(1,2)", "(1,1,1)"}, s);
  f.add("composition", {"(2,4):(1,2)", "(2,2,2)"}, s);
  f.add("blocked_product", {"(4):(2)", "8:1"}, s);
  f.add("right_inverse", {"Swizzle<3,3,3> o (8,64):(64,1)"}, s);
  f.add("left_inverse", {"Swizzle<3,3,3> o (8,64):(64,1)"}, s);
}

}  // namespace

std::vector<Case> fixed_cases() {
  Fixed f;
  unit_test_cases(f);
  documentation_cases(f);
  fragviz_cases(f);
  return std::move(f.cases);
}

}  // namespace algebra_gen
