#include "hopper_views.hpp"

#include <cmath>
#include <cstdio>

#include "picker_filter.hpp"

namespace fragviz::app {

void HopperViews::refresh(const AppState& s) {
  const HopperState& h = s.hopper;
  const bool new_report = !valid_ || report_ != s.probe.report;
  report_ = s.probe.report;
  const ProbeReport* r = report_.get();
  const WgmmaInstruction& in = wgmma_or_default(h.wgmma);
  const bool new_entry = !valid_ || warpgroup_.instr != &in;
  if (new_entry) warpgroup_ = make_warpgroup_table(in);
  if (new_entry || new_report) warpgroup_measured_ = measure_warpgroup(warpgroup_, r);
  if (new_entry || descriptor_controls_ != h.descriptor) {
    descriptor_controls_ = h.descriptor;
    descriptor_ = make_descriptor_table(in, h.descriptor);
    measure_descriptor(descriptor_, r);
  } else if (new_report) {
    measure_descriptor(descriptor_, r);
  }
  if (!valid_ || new_report || move_controls_ != h.moves) {
    move_controls_ = h.moves;
    stmatrix_ = make_stmatrix_table(h.moves.stmatrix, r);
    movmatrix_ = make_movmatrix_table(r);
    epilogue_ = make_epilogue_table(h.moves.epilogue, r);
  }
  valid_ = true;
}

const FollowedWgmma& HopperViews::followed(const std::string& instruction) {
  if (followed_for_ != instruction) {
    followed_ = wgmma_following(instruction);
    followed_for_ = instruction;
    ++follow_lookups_;
  }
  return followed_;
}

namespace {

using nlohmann::json;

json coord(const Coord& c) { return json::array({c.row, c.col}); }
json maybe_coord(const std::optional<Coord>& c) { return c ? coord(*c) : json(nullptr); }

}  // namespace

json HopperViews::state_json(const AppState& s, float px) const {
  const HopperState& h = s.hopper;
  const HopperFrame& f = frame;
  auto rect = [px](const Rect& r) { return json::array({r.x * px, r.y * px, r.w * px, r.h * px}); };
  auto grid = [&](const HopperGridRecord& g) {
    return json{{"drawn", g.drawn},
                {"origin", json::array({g.x * px, g.y * px})},
                {"cell", json::array({g.cw * px, g.ch * px})},
                {"rows", g.rows},
                {"cols", g.cols},
                {"visible", rect(g.visible)}};
  };
  json j;
  if (!valid_) return j;  // before the first frame
  j["windows"] = {
      {"warpgroup", h.warpgroup_open}, {"descriptor", h.descriptor_open}, {"moves", h.moves_open}};
  j["picker_open"] = f.picker_open;
  j["follow_lookups"] = follow_lookups_;
  // While the picker is open: the entries it shows under its filter, in its order (tests scroll
  // towards one).
  json order = json::array();
  if (f.picker_open)
    for (const auto& g : wgmma_picker_order().groups)
      for (const auto& t : g.types)
        for (int i : t.entries)
          if (wgmma_entry_shown(h.wgmma_filter, i))
            order.push_back(wgmma_catalogue()[static_cast<std::size_t>(i)].mnemonic);
  j["picker_entries"] = order;
  j["picker_filter"] = h.wgmma_filter;
  j["hopper_in_report"] = hopper_in_report();
  j["hover"] = f.hover ? json{{"view", f.hover->view},
                              {"grid", f.hover->grid},
                              {"row", f.hover->row},
                              {"col", f.hover->col}}
                       : json(nullptr);

  // The wgmma entry and the warpgroup view.
  const WgmmaInstruction& in = *warpgroup_.instr;
  j["wgmma"] = {{"mnemonic", in.mnemonic},
                {"requested", h.wgmma},
                {"picked", h.wgmma_picked},
                {"note", h.wgmma_note},
                {"group", in.group},
                {"m", in.m},
                {"n", in.n},
                {"k", in.k},
                {"a_type", std::string(to_string(in.a_type))},
                {"b_type", std::string(to_string(in.b_type))},
                {"d_type", std::string(to_string(in.d_type))},
                {"transpose_allowed", in.transpose_allowed},
                {"d_elements", wgmma_d_elements(in)},
                {"d_registers", wgmma_d_registers(in)},
                {"a_elements", wgmma_a_elements(in)},
                {"a_registers", kWgmmaARegisters}};
  {
    const WarpgroupMeasured& m = warpgroup_measured_;
    // [grid, row, col, label] of each cell of the selected thread drawn, its label as it shows.
    json selected_labels = json::array();
    for (const SelectedCellLabel& c : f.selected_labels)
      selected_labels.push_back(json::array({c.grid, c.row, c.col, c.label}));
    json regs = json::array();
    for (const WgmmaRegister& r : f.registers) {
      json fields = json::array();
      for (const WgmmaField& x : r.fields) {
        const auto& checks = r.operand == Operand::C ? m.d_check : m.a_check;
        const int per = r.operand == Operand::C ? warpgroup_.d.per_thread : warpgroup_.a.per_thread;
        const std::size_t slot = static_cast<std::size_t>(f.registers_thread * per + x.element);
        const ElementCheck* e = slot < checks.size() ? checks[slot] : nullptr;
        fields.push_back({{"element", x.element},
                          {"bit", x.bit},
                          {"bits", x.bits},
                          {"row", x.coord.row},
                          {"col", x.coord.col},
                          {"measured", e ? maybe_coord(e->measured) : json(nullptr)},
                          {"match", e ? json(e->match()) : json(nullptr)}});
      }
      regs.push_back({{"operand", r.operand == Operand::C ? "D" : "A"},
                      {"index", r.index},
                      {"name", r.name},
                      {"fields", fields}});
    }
    int green = 0, red = 0;
    for (const auto* st : {&m.d_state, &m.a_state})
      for (std::uint8_t v : *st) {
        green += v == 1 ? 1 : 0;
        red += v == 2 ? 1 : 0;
      }
    // Each grid's index bands and labels, as the fragments view's ("null": a band not drawn).
    json bands = json::object(), sizes = json::object(), labels = json::object();
    const auto at = [px](float v) { return std::isnan(v) ? json(nullptr) : json(v * px); };
    for (const auto& [k, b] : f.label_bands) bands[k] = json::array({at(b.first), at(b.second)});
    for (const auto& [k, b] : f.band_sizes) sizes[k] = json::array({b.first * px, b.second * px});
    for (const auto& [k, list] : f.index_labels) {
      json l = json::array();
      for (const TextRecord& t : list) l.push_back({{"text", t.text}, {"rect", rect(t.rect)}});
      labels[k] = l;
    }
    j["warpgroup"] = {{"drawn", f.warpgroup_drawn},
                      {"selected_thread", h.selected_thread},
                      {"measured_text", f.warpgroup_text},
                      {"thread_text", f.thread_text},
                      {"thread_clamp_note", h.thread_clamp_note.text},
                      {"find_text", h.warpgroup_find},
                      {"find_answer", f.find_answer},
                      {"find_error", f.find_error},
                      {"found", f.found ? json{{"operand", f.found->op},
                                               {"row", f.found->row},
                                               {"col", f.found->col},
                                               {"rect", rect(f.found->rect)}}
                                        : json(nullptr)},
                      {"model_only", !m.probe || !m.probe->ran},
                      {"measured",
                       {{"report", m.report},
                        {"probe", m.probe != nullptr},
                        {"ran", m.probe && m.probe->ran},
                        {"skipped", m.probe ? m.probe->skipped : std::string()},
                        {"tile_exact", m.probe && m.probe->tile_exact},
                        {"d_checked", m.d_checked},
                        {"d_matched", m.d_matched},
                        {"a_checked", m.a_checked},
                        {"a_matched", m.a_matched},
                        {"descriptor_layouts", m.descriptor_layouts},
                        {"descriptor_elements", m.descriptor_elements},
                        {"descriptor_matching", m.descriptor_matching},
                        {"cells_matching", green},
                        {"cells_differing", red}}},
                      {"zoom", f.zoom},
                      {"scroll", json::array({f.scroll_x * px, f.scroll_y * px})},
                      {"scroll_max", json::array({f.scroll_max_x * px, f.scroll_max_y * px})},
                      {"cells_drawn", f.cells_drawn},
                      {"labels_drawn", f.labels_drawn},
                      {"selected_labels", selected_labels},
                      {"readable_zoom", f.readable_zoom},
                      {"label_mode", f.label_mode},
                      {"label_bands", bands},
                      {"band_sizes", sizes},
                      {"index_labels", labels},
                      {"grids", {{"D", grid(f.d)}, {"A", grid(f.a)}}},
                      {"registers_thread", f.registers_thread},
                      {"register_rows_visible", f.register_rows_visible},
                      {"registers", regs}};
  }

  // The descriptor view.
  {
    const DescriptorTable& t = descriptor_;
    const DescriptorControls& c = h.descriptor;
    const SmemOperandLayout canon = descriptor_layout(in, DescriptorControls{c.operand, c.major, c.swizzle});
    // Per-element arrays only while the view is open (the dump is written every frame).
    json addresses = json::array(), measured = json::array();
    if (h.descriptor_open) {
      for (const SmemElement& e : t.elements) addresses.push_back(e.address);
      for (std::int64_t v : t.measured_offset) measured.push_back(v);
    }
    char bits[24];
    std::snprintf(bits, sizeof bits, "0x%016llx", static_cast<unsigned long long>(t.bits));
    j["descriptor"] = {{"drawn", f.descriptor_drawn},
                       {"operand", c.operand == Operand::A ? "A" : "B"},
                       {"major", std::string(to_string(c.major))},
                       {"swizzle", std::string(to_string(c.swizzle))},
                       {"custom", c.custom},
                       {"lbo", t.layout.lbo},
                       {"sbo", t.layout.sbo},
                       {"canonical", {{"lbo", canon.lbo}, {"sbo", canon.sbo}}},
                       {"start", t.start},
                       {"mn", t.layout.mn},
                       {"k", t.layout.k},
                       {"refusal", t.refusal ? json(*t.refusal) : json(nullptr)},
                       {"input_errors",
                        {{"lbo", descriptor_input_errors.lbo},
                         {"sbo", descriptor_input_errors.sbo},
                         {"start", descriptor_input_errors.start}}},
                       {"descriptor", t.refusal ? json(nullptr) : json(bits)},
                       {"described", t.described},
                       {"base", t.base},
                       {"rows", t.rows},
                       {"addresses", addresses},
                       {"measured_text", f.descriptor_text},
                       {"measured",
                        {{"probe", t.probe != nullptr},
                         {"probe_start", t.probe ? json(t.probe->start) : json(nullptr)},
                         {"checked", t.checked},
                         {"matching", t.matching},
                         {"offsets", measured},
                         {"probed", static_cast<int>(t.probed.size())}}},
                       {"grids", {{"operand", grid(f.operand)}, {"tile", grid(f.tile)}}}};
    if (f.hover && f.hover->view == "descriptor" && f.hover->row >= 0 && !t.refusal) {
      const int i = f.hover->row * t.layout.k + f.hover->col;
      const SmemElement& e = t.elements[static_cast<std::size_t>(i)];
      j["descriptor"]["hovered"] = {
          {"mn", f.hover->row},
          {"k", f.hover->col},
          {"address", e.address},
          {"offset", e.address - t.start},
          {"core_mn", e.place.core_mn},
          {"core_k", e.place.core_k},
          {"core_row", e.place.row},
          {"chunk", e.place.chunk},
          {"bank", e.bank},
          {"measured_offset",
           t.probe ? json(t.measured_offset[static_cast<std::size_t>(i)]) : json(nullptr)}};
    } else {
      j["descriptor"]["hovered"] = nullptr;
    }
  }

  // The matrix-move view; its cells only while it is open.
  {
    const bool open = h.moves_open;
    json m = {{"drawn", f.moves_drawn},
              {"view", to_string(h.moves.view)},
              // The lane every page highlights: the app's (draw_matrix_moves).
              {"selected_lane", s.selected_lane},
              {"measured_text", f.moves_text},
              {"grids", {{"tile", grid(f.moves)}, {"before", grid(f.before)}, {"after", grid(f.after)}}}};
    json move_labels = json::object();
    for (const auto& [k, list] : f.moves_index_labels) {
      json l = json::array();
      for (const TextRecord& t : list) l.push_back({{"text", t.text}, {"rect", rect(t.rect)}});
      move_labels[k] = l;
    }
    m["index_labels"] = move_labels;
    json st_labels = json::array();
    for (const HopperFrame::CellWords& w : f.stmatrix_cell_labels)
      st_labels.push_back({w.row, w.col, w.text});
    json row_lanes = json::object();
    for (const auto& [row, lane] : f.stmatrix_row_lanes) row_lanes[std::to_string(row)] = lane;
    m["stmatrix_view"] = {{"zoom", f.stmatrix_zoom},
                          {"readable_zoom", f.stmatrix_readable_zoom},
                          {"labels", f.stmatrix_labels},
                          {"cell_labels", st_labels},
                          {"row_lanes", row_lanes}};
    json mov_labels = json::object();
    for (const auto& [name, list] : f.movmatrix_cell_labels) {
      json l = json::array();
      for (const HopperFrame::CellWords& w : list) l.push_back({w.row, w.col, w.text});
      mov_labels[name] = l;
    }
    m["movmatrix_view"] = {{"zoom", f.movmatrix_zoom},
                           {"readable_zoom", f.movmatrix_readable_zoom},
                           {"labels", f.movmatrix_labels},
                           {"cell_labels", mov_labels}};
    const StmatrixTable& st = stmatrix_;
    json cells = json::array();
    for (int r = 0; open && r < st.rows; ++r)
      for (int c = 0; c < st.cols; ++c) {
        const StmatrixTable::Cell& x = st.at(r, c);
        cells.push_back({{"row", r},
                         {"col", c},
                         {"lane", x.lane},
                         {"reg", x.reg},
                         {"half", x.half},
                         {"address_lane", x.address_lane},
                         {"measured", x.measured}});
      }
    m["stmatrix"] = {{"mnemonic", st.mnemonic},  {"num", std::string(to_string(st.config.num))},
                     {"trans", st.config.trans}, {"rows", st.rows},
                     {"cols", st.cols},          {"checked", st.checked},
                     {"matching", st.matching},  {"cells", cells}};
    json lanes = json::array();
    for (int l = 0; open && l < kWarpSize; ++l)
      for (int half = 0; half < 2; ++half) {
        const MovmatrixTable::Half& x =
            movmatrix_.lanes[static_cast<std::size_t>(l)][static_cast<std::size_t>(half)];
        lanes.push_back({{"lane", l},
                         {"half", half},
                         {"source_lane", x.source.lane},
                         {"source_half", x.source.half},
                         {"before", coord(x.before)},
                         {"after", coord(x.after)},
                         {"measured", x.measured}});
      }
    m["movmatrix"] = {{"mnemonic", kMovmatrixMnemonic},
                      {"checked", movmatrix_.checked},
                      {"matching", movmatrix_.matching},
                      {"halves", lanes}};
    const EpilogueTable& ep = epilogue_;
    json ecells = json::array();
    for (int r = 0; open && r < ep.rows; ++r)
      for (int c = 0; c < ep.cols; ++c) {
        const EpilogueTable::Cell& x = ep.at(r, c);
        ecells.push_back({{"row", r},
                          {"col", c},
                          {"lane", x.lane},
                          {"reg", x.reg},
                          {"half", x.half},
                          {"fragment", coord(x.fragment)},
                          {"moved", x.moved},
                          {"measured", x.measured}});
      }
    m["epilogue"] = {{"preset", ep.store.name},
                     {"mnemonic", stmatrix_mnemonic(ep.store.store)},
                     {"mma", ep.mma ? ep.mma->mnemonic : ""},
                     {"rows", ep.rows},
                     {"cols", ep.cols},
                     {"order_differences", ep.order_differences},
                     {"checked", ep.checked},
                     {"matching", ep.matching},
                     {"cells", ecells}};
    j["moves"] = m;
  }
  return j;
}

}  // namespace fragviz::app
