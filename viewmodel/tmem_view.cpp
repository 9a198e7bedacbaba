#include "fragviz/viewmodel/tmem_view.hpp"

#include <algorithm>

#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz::app {
namespace {

/// Whole number 0-9999 of `t`, or nullopt.
std::optional<int> small_number(std::string_view t) {
  if (t.empty() || t.size() > 4 || t.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  int n = 0;
  for (char ch : t) n = n * 10 + (ch - '0');
  return n;
}

/// The split .16x32bx2 uses: as given, or CuTe's (the columns one half spans).
int effective_split(const TmemControls& c) { return c.split >= 0 ? c.split : (c.pack16 ? 2 : 1) * c.num; }

TmemModel load_store_model(const TmemControls& c) {
  TmemModel m;
  m.status = sm100_model_only_line();
  // The same warp range, taddr lane, check and words as fragviz-cli tmem --warp and --lane.
  const int base = tmem_taddr_lane(c.warp, c.lane);
  if (auto why = tmem_access_refusal(c.shape, c.num, c.warp, base)) {
    m.error = *why;
    return m;
  }
  const int split = effective_split(c);
  if (c.split > 512) {
    m.error = "immHalfSplitoff " + std::to_string(c.split) + " runs past TMEM's 512 columns";
    return m;
  }
  const int regs = tmem_registers(c.shape, c.num);
  m.lane_base = base;
  const int last_lane = base + tmem_shape_lanes(c.shape) - 1;
  const int sub = base / 32;
  m.reach = "taddr lane " + std::to_string(base) + " reaches lanes " + std::to_string(base) + "-" +
            std::to_string(last_lane) + " of sub-partition " + std::to_string(sub) + " (lanes " +
            std::to_string(32 * sub) + "-" + std::to_string(32 * sub + 31) + ", reached by warps " +
            tmem_subpartition_warps(sub) + ")";
  m.title = "tcgen05.ld/st.sync.aligned." + std::string(to_string(c.shape)) + ".x" + std::to_string(c.num) +
            (c.pack16 ? ".{pack,unpack}::16b" : "") + ".b32, warp " + std::to_string(c.warp);
  m.source = std::string("PTX ISA 9.1, 9.7.16.2.3.1 \"Memory Layout\"") +
             (c.pack16 ? ", 9.7.16.8.2 \"Packing and Unpacking\"" : "");
  m.facts = std::to_string(regs) + " registers per thread; warp " + std::to_string(c.warp) +
            " (id % 4 = " + std::to_string(c.warp % 4) + ") reaches lanes " +
            std::to_string(tmem_warp_lane_base(c.warp)) + "-" +
            std::to_string(tmem_warp_lane_base(c.warp) + 31) + "; taddr = lane " + std::to_string(base) +
            ", column 0" +
            (c.shape == TmemShape::s16x32bx2
                 ? "; threads 16-31 at taddr + immHalfSplitoff = " + std::to_string(split) + " columns"
                 : std::string());
  if (c.shape == TmemShape::s16x256b && !c.pack16) m.relation = tmem_16x256b_relation();
  // Every (thread, register[, half]) placed; the grid spans column 0 to the last one touched.
  struct Placed {
    TmemCell at;
    TmemGridCell who;
  };
  std::vector<Placed> placed;
  int last = 0;
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < regs; ++r)
      for (int h = 0; h < (c.pack16 ? 2 : 1); ++h) {
        const TmemCell x = c.pack16 ? tmem_cell_packed16(c.shape, c.num, t, r, h, split)
                                    : tmem_cell(c.shape, c.num, t, r, split);
        TmemGridCell g;
        g.thread = t;
        g.reg = r;
        g.half = c.pack16 ? h : -1;
        placed.push_back({x, g});
        last = std::max(last, x.column);
      }
  m.columns = last + 1;
  m.cells.assign(static_cast<std::size_t>(m.lanes) * static_cast<std::size_t>(m.columns), TmemGridCell{});
  for (const Placed& p : placed)
    m.cells[static_cast<std::size_t>(base + p.at.lane) * static_cast<std::size_t>(m.columns) +
            static_cast<std::size_t>(p.at.column)] = p.who;
  m.ok = true;
  return m;
}

TmemModel accumulator_model(const TmemControls& c) {
  TmemModel m;
  if (auto why = umma_accumulator_refusal(c.acc)) {
    m.status = sm100_model_only_line();
    m.error = *why;
    return m;
  }
  if (c.cta < 0 || c.cta >= c.acc.cta_group) {
    m.status = sm100_model_only_line();
    m.error = "cta " + std::to_string(c.cta) + ": .cta_group::" + std::to_string(c.acc.cta_group) + " has " +
              (c.acc.cta_group == 1 ? "CTA 0 only" : "CTAs 0 and 1");
    return m;
  }
  const TmemDataPath p = umma_data_path(c.acc);
  m.layout = static_cast<char>(p);
  m.status = umma_accumulator_status(p);
  m.relation = umma_accumulator_relation();
  m.source = "PTX ISA 9.1, 9.7.16.10.5 \"Data path layout organization\"";
  m.title = umma_accumulator_mnemonic(c.acc) + " M=" + std::to_string(c.acc.m) +
            " N=" + std::to_string(c.acc.n) + (c.acc.sparse ? " (sparse A)" : "") + ": D in tensor memory" +
            (c.acc.cta_group == 2 ? " of CTA " + std::to_string(c.cta) : std::string());
  const bool half = p == TmemDataPath::C || p == TmemDataPath::F;
  m.facts =
      std::string("Layout ") + m.layout + ", " + std::string(data_path_organization(p)) +
      "; one 32-bit column per element; lanes and columns from taddr" +
      (c.acc.cta_group == 2
           ? "; each CTA of the pair holds " + std::to_string(umma_rows_per_cta(c.acc)) + " rows of D"
           : std::string()) +
      (half ? "; lanes 16-31 of each sub-partition stay free (a second accumulator at taddr lane + 16)" : "");
  int last = 0;
  for (int r = 0; r < c.acc.m; ++r)
    for (int col = 0; col < c.acc.n; ++col) {
      const TmemAccumulatorCell x = umma_accumulator_cell(c.acc, r, col);
      if (x.cta == c.cta) last = std::max(last, x.column);
    }
  m.columns = last + 1;
  m.cells.assign(static_cast<std::size_t>(m.lanes) * static_cast<std::size_t>(m.columns), TmemGridCell{});
  for (int r = 0; r < c.acc.m; ++r)
    for (int col = 0; col < c.acc.n; ++col) {
      const TmemAccumulatorCell x = umma_accumulator_cell(c.acc, r, col);
      if (x.cta != c.cta) continue;
      TmemGridCell& g = m.cells[static_cast<std::size_t>(x.lane) * static_cast<std::size_t>(m.columns) +
                                static_cast<std::size_t>(x.column)];
      g.row = r;
      g.col = col;
    }
  m.ok = true;
  return m;
}

TmemModel copy_model(const TmemControls& c) {
  TmemModel m;
  const TmemCpShape s = c.cp_shape;
  m.status = tmem_cp_status(s, TmemCpDecompress::none);
  m.title = tmem_cp_mnemonic(s, 1, TmemCpDecompress::none) + " [taddr], s-desc";
  m.source = "PTX ISA 9.1, 9.7.16.9.2 \"tcgen05.cp\"";
  m.cp_shape = s;
  // The same bound and words as fragviz-cli tmem --cp --lane --column.
  if (auto why = tmem_cp_taddr_refusal(s, c.cp_lane, c.cp_column)) {
    m.error = *why;
    return m;
  }
  const int copies = tmem_cp_copies(s);
  m.facts = std::to_string(tmem_cp_rows(s)) + " source rows of " + std::to_string(tmem_cp_row_bits(s)) +
            " bits from shared memory (s-desc), each to " + std::to_string(copies) +
            (copies == 1 ? " lane" : " lanes") +
            "; cell Rr wk: source row r, its 32-bit word k; taddr = lane " + std::to_string(c.cp_lane) +
            ", column " + std::to_string(c.cp_column) +
            " (the PTX text sets it no alignment; the copy must stay inside 128 lanes x 512 columns)";
  m.lane_base = c.cp_lane;
  m.columns = c.cp_column + 4 * tmem_cp_chunks(s);  // 4 columns a 128-bit chunk, from taddr's column
  m.cells.assign(static_cast<std::size_t>(m.lanes) * static_cast<std::size_t>(m.columns), TmemGridCell{});
  for (int r = 0; r < tmem_cp_rows(s); ++r)
    for (int k = 0; k < copies; ++k)
      for (int chunk = 0; chunk < tmem_cp_chunks(s); ++chunk)
        for (int w = 0; w < 4; ++w) {
          const TmemCpDest d = tmem_cp_dest(s, r, chunk, k, w);
          const int lane = c.cp_lane + d.lane, column = c.cp_column + d.column;
          TmemGridCell& g = m.cells[static_cast<std::size_t>(lane) * static_cast<std::size_t>(m.columns) +
                                    static_cast<std::size_t>(column)];
          g.src_row = r;
          g.src_word = 4 * chunk + w;
          g.copy = k;
        }
  m.ok = true;
  return m;
}

}  // namespace

std::string tmem_controls_text(const TmemControls& c) {
  if (c.mode == TmemMode::copy)
    return "cp shape=" + std::string(to_string(c.cp_shape)) +
           (c.cp_lane != 0 ? " lane=" + std::to_string(c.cp_lane) : std::string()) +
           (c.cp_column != 0 ? " column=" + std::to_string(c.cp_column) : std::string());
  if (c.mode == TmemMode::accumulator)
    return "accumulator m=" + std::to_string(c.acc.m) + " n=" + std::to_string(c.acc.n) +
           " cta_group=" + std::to_string(c.acc.cta_group) + (c.acc.sparse ? " sparse" : "") +
           (c.acc.ws ? " ws" : "") + " cta=" + std::to_string(c.cta);
  return "ld shape=" + std::string(to_string(c.shape)) + " num=" + std::to_string(c.num) +
         " warp=" + std::to_string(c.warp) +
         (c.lane >= 0 ? " lane=" + std::to_string(c.lane) : std::string()) + (c.pack16 ? " pack16" : "") +
         (c.split >= 0 ? " split=" + std::to_string(c.split) : std::string());
}

TmemControlsParse parse_tmem_controls(std::string_view text) {
  TmemControlsParse out;
  TmemControls c;
  std::size_t i = 0;
  bool first = true;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',') ++j;
    if (j == i) break;
    const std::string_view tok = text.substr(i, j - i);
    i = j;
    const std::size_t eq = tok.find('=');
    const std::string_view key = tok.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : tok.substr(eq + 1);
    const auto bad = [&](const std::string& why) {
      out.error = "'" + std::string(tok) + "': " + why;
      return out;
    };
    if (eq == std::string_view::npos) {
      if (first && (tok == "ld" || tok == "st" || tok == "ld/st"))
        c.mode = TmemMode::load_store;
      else if (first && tok == "accumulator")
        c.mode = TmemMode::accumulator;
      else if (first && tok == "cp")
        c.mode = TmemMode::copy;
      else if (tok == "pack16")
        c.pack16 = true;
      else if (tok == "sparse")
        c.acc.sparse = true;
      else if (tok == "ws")
        c.acc.ws = true;
      else
        return bad("not a word of the tmem view (ld, accumulator, cp, pack16, sparse, ws, or key=value)");
      first = false;
      continue;
    }
    first = false;
    if (key == "shape" && c.mode == TmemMode::copy) {
      const auto s = parse_tmem_cp_shape(value);
      if (!s)
        return bad(
            "a tcgen05.cp shape is 128x256b, 4x256b, 128x128b, 64x128b.warpx2::02_13, "
            "64x128b.warpx2::01_23 or 32x128b.warpx4");
      c.cp_shape = *s;
      continue;
    }
    if (key == "shape") {
      const auto s = parse_tmem_shape(value);
      if (!s) return bad("the shape is 32x32b, 16x64b, 16x128b, 16x256b or 16x32bx2");
      c.shape = *s;
      continue;
    }
    if (key == "num") {
      const auto n = parse_tmem_num(value);
      if (!n) return bad("num is x1, x2, x4, ... x128");
      c.num = *n;
      continue;
    }
    const auto n = small_number(value);
    if (!n) return bad("the value is a whole number 0-9999");
    if (key == "warp") {
      // Settings and export read this text: a warp no CTA has is refused here, never kept.
      if (auto why = tmem_warp_refusal(*n)) return bad(*why);
      c.warp = *n;
    } else if (key == "lane" && c.mode == TmemMode::copy)
      c.cp_lane = *n;
    else if (key == "column" && c.mode == TmemMode::copy)
      c.cp_column = *n;
    else if (key == "lane")
      c.lane = *n;
    else if (key == "split")
      c.split = *n;
    else if (key == "m")
      c.acc.m = *n;
    else if (key == "n")
      c.acc.n = *n;
    else if (key == "cta_group")
      c.acc.cta_group = *n;
    else if (key == "cta")
      c.cta = *n;
    else
      return bad("keys are shape, num, warp, lane, split, m, n, cta_group, cta (and column under cp)");
  }
  out.controls = c;
  return out;
}

std::string tmem_mode_text(TmemControls c, TmemMode mode) {
  c.mode = mode;
  return tmem_controls_text(c);
}

void take_tmem_mode(TmemControls& into, const TmemControls& from, TmemMode mode) {
  if (mode == TmemMode::load_store) {
    into.shape = from.shape;
    into.num = from.num;
    into.pack16 = from.pack16;
    into.warp = from.warp;
    into.lane = from.lane;
    into.split = from.split;
  } else if (mode == TmemMode::accumulator) {
    into.acc = from.acc;
    into.cta = from.cta;
  } else {
    into.cp_shape = from.cp_shape;
    into.cp_lane = from.cp_lane;
    into.cp_column = from.cp_column;
  }
}

TmemModel make_tmem_model(const TmemControls& c) {
  TmemModel m = c.mode == TmemMode::accumulator ? accumulator_model(c)
                : c.mode == TmemMode::copy      ? copy_model(c)
                                                : load_store_model(c);
  m.key = tmem_controls_text(c);
  return m;
}

int tmem_cell_colour(const TmemGridCell& cell) {
  if (cell.thread >= 0) return cell.thread & 31;
  if (cell.src_row >= 0) return cell.src_row % 32;
  return cell.row >= 0 ? cell.row % 32 : 0;
}

std::string tmem_cell_label(const TmemGridCell& cell) {
  if (cell.thread >= 0)
    return "T" + std::to_string(cell.thread) + " r" + std::to_string(cell.reg) +
           (cell.half == 0   ? "lo"
            : cell.half == 1 ? "hi"
                             : "");
  if (cell.row >= 0) return std::to_string(cell.row) + "," + std::to_string(cell.col);
  if (cell.src_row >= 0) return "R" + std::to_string(cell.src_row) + " w" + std::to_string(cell.src_word);
  return "";
}

std::string tmem_cell_text(const TmemModel& m, int lane, int column) {
  if (!m.ok || lane < 0 || lane >= m.lanes || column < 0 || column >= m.columns) return "";
  const TmemGridCell& g = m.at(lane, column);
  std::string s = "TMEM lane " + std::to_string(lane) + ", column " + std::to_string(column) + " (" +
                  tmem_subpartition_label(lane / 32) + ")";
  if (!g.used()) return s + "\nnot touched";
  if (g.thread >= 0) {
    s += "\n<-> thread " + std::to_string(g.thread) + ", register r" + std::to_string(g.reg);
    if (g.half >= 0) s += g.half == 0 ? ", its low 16 bits" : ", its high 16 bits";
    s += " (lane " + std::to_string(lane - m.lane_base) + ", column " + std::to_string(column) +
         " from taddr)";
    if (!m.relation.empty()) {
      // .16x256b: repetition i covers columns 8i-8i+7; its r0-r3 are c0-c3 of that m16n8 tile.
      const int rep = g.reg / 4;
      s += "\n= mma.sync m16n8 C fragment c" + std::to_string(g.reg % 4) + " of tile " + std::to_string(rep) +
           " (row " + std::to_string(lane - m.lane_base) + ", column " + std::to_string(column - 8 * rep) +
           ")";
    }
    return s;
  }
  if (g.src_row >= 0) {
    const int copies = tmem_cp_copies(m.cp_shape);
    s += "\n<- source row " + std::to_string(g.src_row) + ", bits " + std::to_string(32 * g.src_word) + "-" +
         std::to_string(32 * g.src_word + 31) + " (128-bit chunk " + std::to_string(g.src_word / 4) + ")";
    if (copies > 1)
      s += "\ncopy " + std::to_string(g.copy + 1) + " of " + std::to_string(copies) + ": row " +
           std::to_string(g.src_row) + " goes to " + tmem_cp_row_lanes(m.cp_shape, g.src_row, m.lane_base);
    return s;
  }
  s += "\n<-> D(" + std::to_string(g.row) + ", " + std::to_string(g.col) + ")";
  s += "; warps with id % 4 = " + std::to_string(lane / 32) + " may tcgen05.ld it; Layout ";
  s += m.layout;
  return s;
}

std::string tmem_subpartition_label(int sub) {
  return "lanes " + std::to_string(32 * sub) + "-" + std::to_string(32 * sub + 31) + ": warps " +
         tmem_subpartition_warps(sub) + " (id % 4 = " + std::to_string(sub) + ")";
}

std::string tmem_subpartition_warps(int sub) {
  // A CTA has up to kCtaMaxWarps (32) warps; every fourth one reaches the sub-partition.
  return std::to_string(sub) + ", " + std::to_string(sub + 4) + ", " + std::to_string(sub + 8) + ", ..., " +
         std::to_string(sub + kCtaMaxWarps - 4);
}

std::string tmem_subpartition_chip(int sub) {
  return "w" + std::to_string(sub) + "," + std::to_string(sub + 4) + ".." +
         std::to_string(sub + kCtaMaxWarps - 4);
}

}  // namespace fragviz::app
