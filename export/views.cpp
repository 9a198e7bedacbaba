#include "fragviz_export/views.hpp"

namespace fragviz::scene {
namespace {

constexpr std::pair<View, std::string_view> kNames[] = {
    {View::fragments, "fragments"}, {View::warpgroup, "warpgroup"},
    {View::ldmatrix, "ldmatrix"},   {View::stmatrix, "stmatrix"},
    {View::movmatrix, "movmatrix"}, {View::banks, "banks"},
    {View::output, "output"},       {View::algebra, "algebra"},
    {View::tmem, "tmem"},           {View::cta, "cta"},
};

/// The scene of `r` in placeholder colours (build_scene paints it).
Outcome<Scene> build_unpainted(const ViewRequest& r);

}  // namespace

std::string_view to_string(View v) {
  for (const auto& [view, name] : kNames)
    if (view == v) return name;
  return "?";
}

std::optional<View> parse_view(std::string_view text) {
  for (const auto& [view, name] : kNames)
    if (name == text) return view;
  return std::nullopt;
}

std::string view_names() {
  std::string s;
  for (const auto& [view, name] : kNames) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

std::vector<std::string> view_name_list() {
  std::vector<std::string> out;
  for (const auto& [view, name] : kNames) out.emplace_back(name);
  return out;
}

namespace {
constexpr std::pair<CellLabels, std::string_view> kLabelNames[] = {{CellLabels::full, "full"},
                                                                   {CellLabels::lane, "lane"},
                                                                   {CellLabels::number, "number"},
                                                                   {CellLabels::none, "none"}};
}  // namespace

std::string_view to_string(CellLabels l) {
  for (const auto& [labels, name] : kLabelNames)
    if (labels == l) return name;
  return "full";
}

std::string_view cell_legend(CellLabels l) {
  switch (l) {
    case CellLabels::full:
      return "Cell: T<lane> V<element>, coloured by lane";
    case CellLabels::lane:
      return "Cell: T<lane>, coloured by lane";
    case CellLabels::number:
      return "Cell: the lane's number, coloured by lane";
    case CellLabels::none:
      break;
  }
  return "Cell: coloured by lane";
}

std::optional<CellLabels> parse_cell_labels(std::string_view text) {
  for (const auto& [labels, name] : kLabelNames)
    if (name == text) return labels;
  return std::nullopt;
}

std::string cell_labels_names() {
  std::string s;
  for (const auto& [labels, name] : kLabelNames) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

const std::vector<PaletteName>& palette_names() {
  static const std::vector<PaletteName> names = {
      {"light", false}, {"document", false}, {"dark", true}, {"screen", true}};
  return names;
}

std::optional<bool> parse_palette_name(std::string_view text) {
  for (const PaletteName& p : palette_names())
    if (p.name == text) return p.dark;
  return std::nullopt;
}

Outcome<Scene> build_scene(const ViewRequest& r) {
  Outcome<Scene> s = build_unpainted(r);
  if (s) wrap_text_to_drawing(*s.value);
  if (s) paint_scene(*s.value, r.dark ? r.palette.screen : r.palette.document);
  return s;
}

namespace {

Outcome<Scene> build_unpainted(const ViewRequest& r) {
  switch (r.view) {
    case View::fragments:
      return fragments_scene(r);
    case View::warpgroup:
      return warpgroup_scene(r);
    case View::ldmatrix:
      return ldmatrix_scene(r);
    case View::stmatrix:
      return stmatrix_scene(r);
    case View::movmatrix:
      return movmatrix_scene(r);
    case View::banks:
      return banks_scene(r);
    case View::output:
      return output_scene(r);
    case View::algebra:
      return algebra_scene(r);
    case View::tmem:
      return tmem_scene(r);
    case View::cta:
      return cta_scene(r);
  }
  return Outcome<Scene>::fail(ErrorKind::internal, "unknown view");
}

}  // namespace

}  // namespace fragviz::scene
