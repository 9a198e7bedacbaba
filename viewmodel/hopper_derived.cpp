#include "fragviz/viewmodel/hopper_derived.hpp"

#include <algorithm>
#include <cstdio>

#include "fragviz/isa/fragment_names.hpp"

namespace fragviz::app {

namespace {

const char* operand_name(Operand op) { return op == Operand::A ? "A" : op == Operand::B ? "B" : "D"; }

}  // namespace

const char* to_string(MoveView v) {
  switch (v) {
    case MoveView::stmatrix:
      return "stmatrix";
    case MoveView::movmatrix:
      return "movmatrix";
    case MoveView::epilogue:
      return "epilogue";
  }
  return "?";
}

// [SECTION] the wgmma picker

const WgmmaPickerOrder& wgmma_picker_order() {
  static const WgmmaPickerOrder order = [] {
    WgmmaPickerOrder o;
    const std::vector<WgmmaInstruction>& cat = wgmma_catalogue();
    for (int i = 0; i < static_cast<int>(cat.size()); ++i) {
      const WgmmaInstruction& in = cat[static_cast<std::size_t>(i)];
      auto g =
          std::find_if(o.groups.begin(), o.groups.end(), [&](const auto& x) { return x.name == in.group; });
      if (g == o.groups.end()) g = o.groups.insert(o.groups.end(), WgmmaPickerOrder::Group{in.group, {}});
      const std::string types = "." + std::string(to_string(in.d_type)) + "." +
                                std::string(to_string(in.a_type)) + "." + std::string(to_string(in.b_type));
      auto t = std::find_if(g->types.begin(), g->types.end(), [&](const auto& x) { return x.name == types; });
      if (t == g->types.end()) t = g->types.insert(g->types.end(), WgmmaPickerOrder::Types{types, {}});
      t->entries.push_back(i);
    }
    for (auto& g : o.groups)
      for (auto& t : g.types)
        std::stable_sort(t.entries.begin(), t.entries.end(), [&](int a, int b) {
          return cat[static_cast<std::size_t>(a)].n < cat[static_cast<std::size_t>(b)].n;
        });
    return o;
  }();
  return order;
}

FollowedWgmma wgmma_following(const std::string& instruction) {
  const Instruction* mma = find_instruction_named(instruction);
  if (!mma) return {kDefaultWgmma, ""};  // settings and the picker allow catalogue names only
  if (const WgmmaInstruction* w = wgmma_for_mma(*mma)) return {w->mnemonic, ""};
  const std::string shown = std::string(kDefaultWgmma).substr(kWgmmaPrefix.size());
  return {kDefaultWgmma, wgmma_missing_types(*mma) + ": showing " + shown};
}

const WgmmaInstruction& wgmma_or_default(const std::string& mnemonic) {
  if (const WgmmaInstruction* in = find_wgmma(mnemonic)) return *in;
  return *find_wgmma(kDefaultWgmma);
}

std::string short_wgmma(const WgmmaInstruction& in) {
  constexpr std::string_view kPrefix = "wgmma.mma_async.sync.aligned.";
  const std::string& m = in.mnemonic;
  return m.compare(0, kPrefix.size(), kPrefix) == 0 ? m.substr(kPrefix.size()) : m;
}

// [SECTION] warpgroup view

namespace {

WgmmaGrid make_grid(const WgmmaInstruction& in, Operand op) {
  WgmmaGrid g;
  g.operand = op;
  const bool d = op == Operand::C;
  g.type = d ? in.d_type : in.a_type;
  g.rows = 64;
  g.cols = d ? in.n : in.k;
  g.per_thread = d ? wgmma_d_elements(in) : wgmma_a_elements(in);
  g.registers = d ? wgmma_d_registers(in) : kWgmmaARegisters;
  const OperandSpec& spec = d ? in.d : in.a;  // 64 x N, 64 x K
  g.owner = owner_table(spec, kWarpgroupSize, 1);
  g.thread_cells.assign(kWarpgroupSize, std::vector<Coord>(static_cast<std::size_t>(g.per_thread)));
  for (int t = 0; t < kWarpgroupSize; ++t)
    for (int i = 0; i < g.per_thread; ++i)
      g.thread_cells[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] = operand_coord(spec, t, i);
  return g;
}

}  // namespace

WarpgroupTable make_warpgroup_table(const WgmmaInstruction& in) {
  WarpgroupTable t;
  t.instr = &in;
  t.d = make_grid(in, Operand::C);
  t.a = make_grid(in, Operand::A);
  return t;
}

std::vector<WgmmaRegister> thread_registers(const WgmmaInstruction& in, int thread) {
  std::vector<WgmmaRegister> regs;
  if (thread < 0 || thread >= kWarpgroupSize) return regs;
  // D: one 32-bit element per register, or two f16 packed low half first.
  const int d_per = in.d_type == ElemType::f16 ? 2 : 1;
  const int d_bits = 32 / d_per;
  for (int r = 0; r < wgmma_d_registers(in); ++r) {
    WgmmaRegister reg{Operand::C, r, register_name(Operand::C, in.d_type, r, FragmentScope::warpgroup), {}};
    for (int j = 0; j < d_per; ++j) {
      const int i = r * d_per + j;
      reg.fields.push_back(WgmmaField{i, j * d_bits, d_bits, wgmma_d_coord(in, thread, i)});
    }
    regs.push_back(std::move(reg));
  }
  // A from registers: 32 / bits elements per register, element i at bits (i % per) * bits.
  const int a_per = elements_per_register(in.a_type), a_bits = element_bits(in.a_type);
  for (int r = 0; r < kWgmmaARegisters; ++r) {
    WgmmaRegister reg{Operand::A, r, register_name(Operand::A, in.a_type, r, FragmentScope::warpgroup), {}};
    for (int j = 0; j < a_per; ++j) {
      const int i = r * a_per + j;
      if (i >= wgmma_a_elements(in)) break;
      reg.fields.push_back(WgmmaField{i, j * a_bits, a_bits, wgmma_a_coord(in, thread, i)});
    }
    regs.push_back(std::move(reg));
  }
  return regs;
}

Rgb warpgroup_thread_rgb(const Palette& p, int thread) {
  const Rgb base = p.warps[static_cast<std::size_t>((thread / kWarpSize) & 3)];
  const int lane = thread % kWarpSize;
  const float value = 0.42f + 0.58f * static_cast<float>(lane >> 2) / 7.f;  // groupID 0..7
  const float tint = 0.11f * static_cast<float>(lane & 3);                  // threadID_in_group
  auto channel = [&](std::uint8_t c) {
    const float v = static_cast<float>(c) * value;
    return static_cast<std::uint8_t>(std::min(255.f, v + (255.f - v) * tint + 0.5f));
  };
  return Rgb{channel(base.r), channel(base.g), channel(base.b)};
}

WarpgroupMeasured measure_warpgroup(const WarpgroupTable& t, const ProbeReport* report) {
  WarpgroupMeasured m;
  m.d_state.assign(t.d.owner.size(), 0);
  m.a_state.assign(t.a.owner.size(), 0);
  m.d_check.assign(static_cast<std::size_t>(kWarpgroupSize * t.d.per_thread), nullptr);
  m.a_check.assign(static_cast<std::size_t>(kWarpgroupSize * t.a.per_thread), nullptr);
  if (!report) return m;
  m.report = true;
  m.hopper_in_report = report_has_hopper(report);
  for (const WgmmaProbe& p : report->wgmma)
    if (p.mnemonic == t.instr->mnemonic) m.probe = &p;
  if (!m.probe || !m.probe->ran) return m;
  auto index = [](const std::vector<ElementCheck>& checks, const WgmmaGrid& g,
                  std::vector<const ElementCheck*>& by_slot) {
    for (const ElementCheck& e : checks)
      if (e.lane >= 0 && e.lane < kWarpgroupSize && e.element >= 0 && e.element < g.per_thread)
        by_slot[static_cast<std::size_t>(e.lane * g.per_thread + e.element)] = &e;
  };
  index(m.probe->d, t.d, m.d_check);
  index(m.probe->a, t.a, m.a_check);
  auto states = [](const WgmmaGrid& g, const std::vector<const ElementCheck*>& by_slot,
                   std::vector<std::uint8_t>& state, int& checked, int& matched) {
    for (std::size_t cell = 0; cell < g.owner.size(); ++cell) {
      const Owner o = g.owner[cell];
      if (o.lane < 0) continue;
      const ElementCheck* e = by_slot[static_cast<std::size_t>(o.lane * g.per_thread + o.element)];
      if (!e) continue;
      ++checked;
      matched += e->match() ? 1 : 0;
      state[cell] = e->match() ? 1 : 2;
    }
  };
  states(t.d, m.d_check, m.d_state, m.d_checked, m.d_matched);
  states(t.a, m.a_check, m.a_state, m.a_checked, m.a_matched);
  for (const DescriptorProbe& d : m.probe->descriptors) {
    ++m.descriptor_layouts;
    m.descriptor_elements += static_cast<int>(d.expected.size());
    m.descriptor_matching += static_cast<int>(d.expected.size()) - d.mismatches();
  }
  return m;
}

// [SECTION] descriptor view

SmemOperandLayout descriptor_layout(const WgmmaInstruction& in, const DescriptorControls& c) {
  const bool a = c.operand == Operand::A;
  SmemOperandLayout l = canonical_layout(a ? in.a_type : in.b_type, c.major, c.swizzle, a ? 64 : in.n, in.k);
  if (c.custom) {
    l.lbo = c.lbo;
    l.sbo = c.sbo;
  }
  return l;
}

bool same_layout(const SmemOperandLayout& a, const SmemOperandLayout& b) {
  return a.type == b.type && a.major == b.major && a.swizzle == b.swizzle && a.lbo == b.lbo &&
         a.sbo == b.sbo && a.mn == b.mn && a.k == b.k;
}

std::string layout_name(const SmemOperandLayout& l) {
  return std::string(to_string(l.major)) + "-major " + std::string(to_string(l.swizzle));
}

DescriptorTable make_descriptor_table(const WgmmaInstruction& in, const DescriptorControls& c) {
  DescriptorTable t;
  t.instr = &in;
  t.controls = c;
  t.layout = descriptor_layout(in, c);
  t.start = c.start;
  t.refusal = validate_layout(t.layout, t.start);
  if (t.refusal) return t;
  const SmemOperandLayout& l = t.layout;
  t.bits = encode_descriptor(descriptor_for(l, t.start));
  t.described = describe_descriptor(t.bits);
  const int eb = smem_element_bytes(l.type), per_unit = 16 / eb;
  t.cores_mn = l.major == Major::K ? (l.mn + 7) / 8 : (l.mn + per_unit - 1) / per_unit;
  t.cores_k = l.major == Major::K ? (l.k + per_unit - 1) / per_unit : (l.k + 7) / 8;
  std::uint32_t end = t.start;
  t.elements.resize(static_cast<std::size_t>(l.mn * l.k));
  for (int mn = 0; mn < l.mn; ++mn)
    for (int k = 0; k < l.k; ++k) {
      SmemElement& e = t.elements[static_cast<std::size_t>(mn * l.k + k)];
      e.address = smem_operand_address(l, t.start, mn, k);
      e.place = core_matrix_place(l, t.start, mn, k);
      e.bank = static_cast<int>((e.address / 4) % 32);
      end = std::max(end, e.address + static_cast<std::uint32_t>(eb));
    }
  t.base = t.start & ~127u;
  t.rows = static_cast<int>((end - t.base + 127) / 128);
  t.byte_element.assign(static_cast<std::size_t>(t.rows) * 128, -1);
  t.chunks.assign(static_cast<std::size_t>(t.rows) * 8, SmemChunk{});
  for (int i = 0; i < static_cast<int>(t.elements.size()); ++i) {
    const SmemElement& e = t.elements[static_cast<std::size_t>(i)];
    const std::uint32_t at = e.address - t.base;
    for (int b = 0; b < eb; ++b) t.byte_element[at + static_cast<std::uint32_t>(b)] = i;
    SmemChunk& ch = t.chunks[at / 16];
    const int mn = i / l.k, k = i % l.k;
    if (ch.elements == 0) {
      ch.core_mn = e.place.core_mn;
      ch.core_k = e.place.core_k;
      ch.core_row = e.place.row;
      ch.mn0 = ch.mn1 = mn;
      ch.k0 = ch.k1 = k;
    }
    ++ch.elements;
    ch.mn0 = std::min(ch.mn0, mn);
    ch.mn1 = std::max(ch.mn1, mn);
    ch.k0 = std::min(ch.k0, k);
    ch.k1 = std::max(ch.k1, k);
  }
  return t;
}

void measure_descriptor(DescriptorTable& t, const ProbeReport* report) {
  t.probe = nullptr;
  t.probed.clear();
  t.measured_offset.assign(t.elements.size(), -1);
  t.state.assign(t.elements.size(), 0);
  t.checked = t.matching = 0;
  if (!report || !t.instr) return;
  const WgmmaProbe* wp = nullptr;
  for (const WgmmaProbe& p : report->wgmma)
    if (p.mnemonic == t.instr->mnemonic && p.ran) wp = &p;
  if (!wp) return;
  for (const DescriptorProbe& d : wp->descriptors) {
    if (d.operand != t.controls.operand) continue;
    t.probed.push_back(&d);
    if (t.refusal || !same_layout(d.layout, t.layout)) continue;
    // The swizzle acts on address bits 4-9: a start 1024 bytes away gives the same offsets. An
    // exact start wins over one that is merely in the same place of the pattern.
    if (d.start % 1024 != t.start % 1024) continue;
    if (!t.probe || d.start == t.start) t.probe = &d;
  }
  if (!t.probe || t.probe->measured.size() != t.elements.size()) {
    t.probe = nullptr;
    return;
  }
  for (std::size_t i = 0; i < t.elements.size(); ++i) {
    const std::int64_t got = t.probe->measured[i];
    const std::int64_t want = static_cast<std::int64_t>(t.elements[i].address) - t.start;
    t.measured_offset[i] = got >= 0 ? got - static_cast<std::int64_t>(t.probe->start) : -1;
    ++t.checked;
    const bool ok = got >= 0 && t.measured_offset[i] == want;
    t.matching += ok ? 1 : 0;
    t.state[i] = ok ? 1 : 2;
  }
}

// [SECTION] matrix-move view

namespace {

const MatrixMoveProbe* find_move(const ProbeReport* r, const std::string& kind, const std::string& mnemonic,
                                 const std::string& detail_prefix) {
  if (!r) return nullptr;
  for (const MatrixMoveProbe& p : r->moves)
    if (p.kind == kind && (mnemonic.empty() || p.mnemonic == mnemonic) &&
        p.detail.compare(0, detail_prefix.size(), detail_prefix) == 0)
      return &p;
  return nullptr;
}

std::uint8_t judge(const MoveCheck& c, int& checked, int& matching) {
  ++checked;
  matching += c.match() ? 1 : 0;
  return c.match() ? 1 : 2;
}

}  // namespace

StmatrixTable make_stmatrix_table(LdmatrixConfig c, const ProbeReport* report) {
  StmatrixTable t;
  t.config = c;
  t.mnemonic = stmatrix_mnemonic(c);
  const int n = matrices(c.num);
  t.rows = n == 1 ? 8 : 16;
  t.cols = n == 4 ? 16 : 8;
  t.cells.assign(static_cast<std::size_t>(t.rows * t.cols), StmatrixTable::Cell{});
  for (int reg = 0; reg < n; ++reg)
    for (int lane = 0; lane < kWarpSize; ++lane)
      for (int half = 0; half < 2; ++half) {
        const Coord o = explorer_matrix_origin(reg), e = stmatrix_element(c.trans, lane, half);
        StmatrixTable::Cell& cell =
            t.cells[static_cast<std::size_t>((o.row + e.row) * t.cols + o.col + e.col)];
        cell.lane = lane;
        cell.reg = reg;
        cell.half = half;
      }
  for (int lane = 0; lane < address_lanes(c.num); ++lane) {
    const Coord o = stmatrix_row_start(lane);
    for (int k = 0; k < 8; ++k)
      t.cells[static_cast<std::size_t>(o.row * t.cols + o.col + k)].address_lane = lane;
  }
  t.probe = find_move(report, "stmatrix", t.mnemonic, "");
  if (t.probe && t.probe->ran)
    for (const MoveCheck& m : t.probe->cells) {
      if (m.expected.row < 0 || m.expected.row >= t.rows || m.expected.col < 0 || m.expected.col >= t.cols)
        continue;
      StmatrixTable::Cell& cell = t.cells[static_cast<std::size_t>(m.expected.row * t.cols + m.expected.col)];
      cell.check = &m;
      cell.measured = judge(m, t.checked, t.matching);
    }
  return t;
}

std::string stmatrix_lane_word(const StmatrixTable::Cell& c) { return "T" + std::to_string(c.lane); }

std::string stmatrix_register_word(const StmatrixTable::Cell& c) {
  return "r" + std::to_string(c.reg) + (c.half ? ".hi" : ".lo");
}

std::string stmatrix_cell_label(const StmatrixTable::Cell& c) {
  return stmatrix_lane_word(c) + " " + stmatrix_register_word(c);
}

Coord stmatrix_row_start(int lane) {
  const Coord o = explorer_matrix_origin(address_matrix(lane));
  return Coord{o.row + address_row(lane), o.col};
}

MovmatrixTable make_movmatrix_table(const ProbeReport* report) {
  MovmatrixTable t;
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int half = 0; half < 2; ++half) {
      MovmatrixTable::Half& h = t.lanes[static_cast<std::size_t>(lane)][static_cast<std::size_t>(half)];
      h.source = movmatrix_source(lane, half);
      h.before = ldmatrix_element(false, lane, half);
      h.after = ldmatrix_element(false, h.source.lane, h.source.half);
    }
  t.probe = find_move(report, "movmatrix", kMovmatrixMnemonic, "");
  if (t.probe && t.probe->ran)
    for (const MoveCheck& m : t.probe->cells) {
      if (m.lane < 0 || m.lane >= kWarpSize || m.half < 0 || m.half > 1) continue;
      MovmatrixTable::Half& h = t.lanes[static_cast<std::size_t>(m.lane)][static_cast<std::size_t>(m.half)];
      h.check = &m;
      h.measured = judge(m, t.checked, t.matching);
    }
  return t;
}

MovmatrixCell movmatrix_cell(const MovmatrixTable& t, bool after, int row, int col) {
  MovmatrixCell c;
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int half = 0; half < 2; ++half) {
      const MovmatrixTable::Half& h = t.lanes[static_cast<std::size_t>(lane)][static_cast<std::size_t>(half)];
      if (h.before.row != row || h.before.col != col) continue;
      c.lane = lane;
      c.half = half;
      c.colour_lane = after ? h.source.lane : lane;
      c.word = movmatrix_half_word(lane, half);
      c.detail = after ? "<" + movmatrix_half_word(h.source.lane, h.source.half)
                       : "M" + std::to_string(h.before.row) + "," + std::to_string(h.before.col);
    }
  return c;
}

std::string movmatrix_half_word(int lane, int half) {
  return "T" + std::to_string(lane) + (half ? ".hi" : ".lo");
}

std::string movmatrix_cell_label(const MovmatrixCell& c) { return c.word + " " + c.detail; }

EpilogueTable make_epilogue_table(const std::string& preset, const ProbeReport* report) {
  EpilogueTable t;
  const std::vector<EpilogueStore> presets = epilogue_presets();
  t.store = presets.front();
  for (const EpilogueStore& e : presets)
    if (e.name == preset) t.store = e;
  t.mma = find_instruction(kEpilogueMma);
  t.rows = 16;
  t.cols = 8 * t.store.tiles;
  t.cells.assign(static_cast<std::size_t>(t.rows * t.cols), EpilogueTable::Cell{});
  if (!t.mma) return t;
  for (const EpilogueCell& c : epilogue_cells(*t.mma, t.store)) {
    if (c.stored.row < 0 || c.stored.row >= t.rows || c.stored.col < 0 || c.stored.col >= t.cols) continue;
    EpilogueTable::Cell& cell = t.cells[static_cast<std::size_t>(c.stored.row * t.cols + c.stored.col)];
    cell.lane = c.lane;
    cell.reg = c.reg;
    cell.half = c.half;
    cell.fragment = c.fragment;
    cell.moved = !c.match();
    t.order_differences += c.match() ? 0 : 1;
  }
  t.probe = find_move(report, "epilogue", stmatrix_mnemonic(t.store.store), t.store.name + " (");
  if (t.probe && t.probe->ran)
    for (const MoveCheck& m : t.probe->cells) {
      if (m.expected.row < 0 || m.expected.row >= t.rows || m.expected.col < 0 || m.expected.col >= t.cols)
        continue;
      EpilogueTable::Cell& cell = t.cells[static_cast<std::size_t>(m.expected.row * t.cols + m.expected.col)];
      cell.check = &m;
      cell.measured = judge(m, t.checked, t.matching);
    }
  return t;
}

// [SECTION] what the views say about measurement

bool report_has_hopper(const ProbeReport* r) { return r && (!r->wgmma.empty() || !r->moves.empty()); }

namespace {

std::string of(int a, int b) { return std::to_string(a) + " of " + std::to_string(b); }

std::string hex_address(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04X", v);
  return buf;
}

const char* kNoReport =
    "model only: the PTX ISA's layout, not measured (File > Open report shows a report "
    "recorded on a GPU)";

std::string no_hopper(const std::string& label) {
  return "model only: the open report (" + label +
         ") holds no Hopper measurements (recorded before report version 3, or without the Hopper probes)";
}

}  // namespace

std::string warpgroup_measured_text(const std::string& label, const WarpgroupTable& t,
                                    const WarpgroupMeasured& m, const DescriptorTable* shown) {
  if (!m.report) return kNoReport;
  if (!m.hopper_in_report) return no_hopper(label);
  const std::string name = short_wgmma(*t.instr);
  // One sentence: which report, its GPU (the label), what it lacks (newcomer issue 22 read "measured on
  // NVIDIA H200, sm_90 has no measurement of ..." as garbled).
  if (!m.probe) return "model only: the open report (" + label + ") holds no measurement of " + name;
  if (!m.probe->ran) return "model only: " + name + " was not run on the device: " + m.probe->skipped;
  std::string s =
      label + ": " + of(m.d_matched, m.d_checked) + " D elements, " + of(m.a_matched, m.a_checked) + " A";
  if (shown && shown->probe)
    s += ", descriptor " + std::string(operand_name(shown->controls.operand)) + " " +
         layout_name(shown->layout) + ": " + of(shown->matching, shown->checked) + " elements";
  else if (m.descriptor_layouts > 0)
    s += ", " + std::to_string(m.descriptor_layouts) +
         " descriptor layouts: " + of(m.descriptor_matching, m.descriptor_elements) + " elements";
  s += " match the model";
  const int differ = (m.d_checked - m.d_matched) + (m.a_checked - m.a_matched);
  if (differ) s += " (" + std::to_string(differ) + " differ: red X)";
  if (!m.probe->tile_exact) s += "; the random tile is NOT exact: " + m.probe->tile_detail;
  if (m.descriptor_layouts == 0)
    s += "; no descriptor layouts were probed for this N (the probes cover 64 and 256)";
  return s;
}

Tone warpgroup_measured_tone(const WarpgroupMeasured& m) {
  if (!m.ran()) return Tone::dim;
  const bool differs = m.d_matched != m.d_checked || m.a_matched != m.a_checked || !m.probe->tile_exact;
  return differs ? Tone::bad : Tone::good;
}

std::string descriptor_measured_text(const std::string& label, const DescriptorTable& t, bool report,
                                     bool hopper_in_report) {
  if (!report) return kNoReport;
  if (!hopper_in_report) return no_hopper(label);
  const std::string what = std::string(operand_name(t.controls.operand)) + " " + layout_name(t.layout);
  if (t.probe) {
    std::string s = label + ": " + what + " at start " + hex_address(t.probe->start) + ": " +
                    of(t.matching, t.checked) + " element addresses match the model";
    if (t.matching != t.checked) s += " (" + std::to_string(t.checked - t.matching) + " differ: red X)";
    return s;
  }
  std::string s = "model only: " + label + " did not probe " + what;
  if (t.controls.custom)
    s += " with LBO " + std::to_string(t.layout.lbo) + ", SBO " + std::to_string(t.layout.sbo);
  if (!t.refusal && t.start % 1024 != 0) s += " at start " + hex_address(t.start);
  if (t.probed.empty())
    return s + " (nothing for this entry's " + std::string(operand_name(t.controls.operand)) +
           ": the descriptor probes cover N = 64 and 256)";
  s += "; it probed";
  for (std::size_t i = 0; i < t.probed.size(); ++i) {
    const DescriptorProbe& d = *t.probed[i];
    s += (i ? ", " : " ") + layout_name(d.layout);
    if (d.start % 1024) s += " +" + std::to_string(d.start % 1024);
  }
  return s;
}

std::string move_measured_text(const std::string& label, const MatrixMoveProbe* p, int checked, int matching,
                               bool report, bool hopper_in_report, const std::string& what) {
  if (!report) return kNoReport;
  if (!hopper_in_report) return no_hopper(label);
  if (!p) return "model only: the open report (" + label + ") holds no measurement of " + what;
  if (!p->ran) return "model only: " + what + " was not run on the device: " + p->skipped;
  std::string s =
      label + ": " + what + ": " + of(matching, checked) + " register halves where the model puts them";
  if (matching != checked) s += " (" + std::to_string(checked - matching) + " differ: red X)";
  if (p->stray_writes) s += "; " + std::to_string(p->stray_writes) + " stray writes";
  return s;
}

}  // namespace fragviz::app
