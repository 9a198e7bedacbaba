// `fragviz-cli algebra 'EXPR'`: an expression of CuTe's layout algebra (algebra/expression.hpp)
// evaluated as CuTe evaluates it, its result in CuTe's notation and, for a layout, its table:
// row r, column c holds the offset of the coordinate whose mode-0 index is r and whose index over
// the other modes (colexicographic, as CuTe counts) is c, CuTe's print_layout for a rank-2 layout.
// --csv prints the table as row,col,offset lines; --svg draws it. A divide whose tiles overhang a
// mode is noted first ("note: 7 does not divide 16 (mode 0): ...", on standard error with --csv).
// A refused expression is said on standard error with a caret under its column, and whether CuTe
// refuses it too (exit 3).
#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "fragviz/algebra/expression.hpp"
#include "fragviz/algebra/table.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz_export/views.hpp"
#include "fragviz_export/writers.hpp"

namespace fragviz::cli {
namespace {

struct Opts {
  std::string expression;
  bool csv = false;
  std::string svg;
};

/// Most cells a text or CSV table prints, and an SVG draws.
constexpr std::int64_t kMaxTableCells = std::int64_t{1} << 16;
constexpr std::int64_t kMaxPictureCells = std::int64_t{1} << 14;

int refuse(const std::string& why, int code) {
  std::cerr << "fragviz-cli algebra: " << why << "\n";
  return finish_output(code);
}

using Table = algebra::LayoutTable;

void print_text(const Table& t) {
  const algebra::TableExtent& g = t.extent;
  std::size_t w = 1;
  for (std::int64_t r = 0; r < g.rows; ++r)
    for (std::int64_t c = 0; c < g.cols; ++c) w = std::max(w, std::to_string(t.at(r, c)).size());
  w = std::max(w, std::to_string(g.cols - 1).size());
  const std::size_t rw = std::to_string(g.rows - 1).size();
  std::cout << std::string(rw + 3, ' ');
  for (std::int64_t c = 0; c < g.cols; ++c)
    std::cout << std::setw(static_cast<int>(w)) << c << (c + 1 < g.cols ? " " : "");
  std::cout << "\n";
  for (std::int64_t r = 0; r < g.rows; ++r) {
    std::cout << std::setw(static_cast<int>(rw)) << r << " | ";
    for (std::int64_t c = 0; c < g.cols; ++c)
      std::cout << std::setw(static_cast<int>(w)) << t.at(r, c) << (c + 1 < g.cols ? " " : "");
    std::cout << "\n";
  }
}

int run(const Opts& o) {
  if (o.csv && o.svg == kStdoutPath)
    return refuse("--csv and --svg - would both write to standard output: give --svg a file", kExitUsage);
  if (!o.svg.empty())
    if (auto why = output_path_problem({"--svg", o.svg})) return refuse(*why, exit_code_for(ErrorKind::io));
  if (!o.svg.empty() && o.svg != kStdoutPath)
    if (auto why = scene::extension_mismatch(scene::Format::svg, o.svg)) return refuse("--svg " + *why, kExitUsage);
  const auto e = algebra::evaluate_steps(o.expression);
  if (!e) {
    std::cerr << "fragviz-cli algebra: " << e.message << "\n";
    if (e.column > 0) print_caret(o.expression, e.column);
    // Text that does not read, or names no operation, is a bad command line; CuTe's refusals are 3.
    return finish_output(e.refusal == algebra::Refusal::bad_input ? kExitUsage : kExitRefused);
  }
  const algebra::Value* v = &e->value;
  // Notes before the result; on standard error where standard output is CSV or SVG.
  std::ostream& note_out = o.csv || o.svg == kStdoutPath ? std::cerr : std::cout;
  for (const std::string& n : e->notes()) note_out << n << "\n";
  const std::string text = algebra::to_string(*v);
  if (v->kind != algebra::Value::Kind::layout) {
    if (!o.svg.empty())
      return refuse(
          "--svg: " + text + " is " + algebra::kind_name(v->kind) + ", not a layout: nothing to draw",
          kExitUsage);
    if (o.csv)
      std::cout << "value\n" << text << "\n";
    else
      std::cout << text << "\n";
    return finish_output(kExitOk);
  }
  const algebra::ComposedLayout& l = v->layout;
  const algebra::TableExtent g = algebra::table_extent(l.layout);
  const std::int64_t cells = g.cells();
  const auto table = [&] { return cells <= kMaxTableCells ? algebra::layout_table(l) : Table{g, {}}; };
  if (!o.svg.empty()) {
    if (cells > kMaxPictureCells)
      return refuse("--svg: " + text + " has " + std::to_string(cells) +
                        " coordinates; a picture holds at most " + std::to_string(kMaxPictureCells),
                    kExitRefused);
    const Table t = table();
    const auto offsets = [&](int r, int c) { return t.at(r, c); };
    const scene::Scene s =
        scene::layout_table_scene(text, o.expression, static_cast<int>(g.rows), static_cast<int>(g.cols),
                                  offsets, app::assets().palette);
    const std::string bytes = scene::svg_text(s);
    if (o.svg == kStdoutPath) {
      std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      return finish_output(kExitOk);
    }
    const Error e = scene::write_file(o.svg, bytes);
    if (e.kind != ErrorKind::none) return refuse(e.message, exit_code_for(e.kind));
  }
  std::ostream& out = o.svg == kStdoutPath ? std::cerr : std::cout;
  if (o.csv) {
    if (cells > kMaxTableCells)
      return refuse(text + " has " + std::to_string(cells) + " coordinates; --csv prints at most " +
                        std::to_string(kMaxTableCells),
                    kExitRefused);
    const Table t = table();
    std::cout << "row,col,offset\n";
    for (std::int64_t r = 0; r < g.rows; ++r)
      for (std::int64_t c = 0; c < g.cols; ++c) std::cout << r << "," << c << "," << t.at(r, c) << "\n";
    return finish_output(kExitOk);
  }
  out << text << "\n";
  out << "size " << algebra::size(l.layout) << ", cosize " << algebra::cosize(l.layout) << ", rank "
      << l.layout.rank() << ", depth " << algebra::depth(l.layout) << "\n";
  if (!o.svg.empty()) {
    out << "wrote " << (o.svg == kStdoutPath ? std::string("standard output") : escape_controls(o.svg))
        << " (SVG, " << g.rows << " x " << g.cols << " cells)\n";
    return finish_output(kExitOk);
  }
  if (cells > kMaxTableCells) {
    std::cout << "(" << cells << " coordinates: the table is left out above " << kMaxTableCells << ")\n";
    return finish_output(kExitOk);
  }
  std::cout << "\n"
            << (l.layout.rank() > 2 ? "rows: mode 0; columns: modes 1.. counted colexicographically\n" : "");
  print_text(table());
  return finish_output(kExitOk);
}

}  // namespace

void add_algebra_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("algebra",
                         "Evaluate CuTe's layout algebra: e.g. 'logical_divide((16,64):(64,1), (8,8))', "
                         "'composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))'; prints the result in "
                         "CuTe notation and its table");
  cmd->add_option(
         "expression", o->expression,
         "a layout, or an operation: size, cosize, rank, depth, get, select, flatten, coalesce, filter, "
         "composition, complement, right_inverse, left_inverse, logical/zipped/tiled/flat_divide, "
         "logical/zipped/tiled/flat_product, blocked_product, raked_product, with_shape, make_layout")
      ->required();
  cmd->add_flag("--csv", o->csv, "the table as CSV: row,col,offset (a number: value)");
  cmd->add_option("--svg", o->svg, "draw the table as SVG to this file, or '-' for standard output");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace fragviz::cli
