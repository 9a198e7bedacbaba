// The CTA tile view's content (cta_tile_view.hpp).
#include "fragviz/viewmodel/cta_tile_view.hpp"

#include <algorithm>
#include <utility>

#include "fragviz/util/words.hpp"

namespace fragviz::app {

namespace {

/// A bank table's rows as the grid keeps them: per warp and k-block, per k-block, the total (warp
/// -1, k-block -2 "all"); a fill counted over the whole K has its rows' k-block "all" and no
/// per-k-block rows.
std::vector<tile::WarpBanks> bank_rows(const tile::CtaBanks& b) {
  std::vector<tile::WarpBanks> rows = b.rows;
  if (b.whole_k)
    for (tile::WarpBanks& r : rows) r.k_block = -2;
  else
    rows.insert(rows.end(), b.per_k_block.begin(), b.per_k_block.end());
  tile::WarpBanks total;
  total.warp = -1;
  total.k_block = -2;  // every k-block
  total.instructions = b.instructions;
  total.wavefronts = b.wavefronts;
  total.ideal = b.ideal;
  total.conflicts = b.conflicts;
  total.misaligned = b.misaligned;
  rows.push_back(total);
  return rows;
}

const char* extent_words(Operand op) {
  return op == Operand::A ? "M x K" : op == Operand::B ? "N x K" : "M x N";
}

/// Marks `g`'s wrong cells from the join's cells (thread-major, so each cell's first mismatch is
/// its lowest thread's).
void mark_wrong(CtaGrid& g, const tile::CtaJoin& j) {
  g.store = j.store;
  g.wrong_count = tile::wrong_values_text(j.mismatches, j.cells, j.wrong_cells, j.tile_cells);
  g.wrong.assign(g.cells.size(), 0);
  std::vector<CtaWrongCell> first(g.cells.size());
  for (const tile::CtaJoinCell& c : j.all) {
    if (c.match()) continue;
    const tile::Cell e = c.expected;
    if (e.row < 0 || e.row >= g.rows || e.col < 0 || e.col >= g.cols) continue;
    const std::size_t k = static_cast<std::size_t>(e.row * g.cols + e.col);
    if (g.wrong[k]) continue;
    g.wrong[k] = 1;
    first[k] =
        CtaWrongCell{e.row,    e.col,  static_cast<std::int32_t>(c.thread), static_cast<std::int32_t>(c.reg),
                     c.read(), c.byte, c.swapped ? j.swap : std::string(),  c.moved};
  }
  for (std::size_t k = 0; k < g.wrong.size(); ++k)
    if (g.wrong[k]) g.wrong_cells.push_back(first[k]);
  // Where they are, for a user scrolled to rows without a mark (newcomer round 22).
  std::vector<std::uint8_t> rows(static_cast<std::size_t>(g.rows), 0);
  for (const CtaWrongCell& w : g.wrong_cells) rows[static_cast<std::size_t>(w.row)] = 1;
  g.wrong_rows = compact_rows_text(rows);
}

/// "<label>: <instruction>: N instructions, ..." of a table's last row (its total).
std::string bank_total_text(const char* label, const std::string& instruction,
                            const std::vector<tile::WarpBanks>& rows) {
  const tile::WarpBanks& t = rows.back();  // the total over every warp and k-block
  return std::string(label) + ": " + instruction + ": " + std::to_string(t.instructions) + " instructions, " +
         std::to_string(t.wavefronts) + " wavefronts (ideal " + std::to_string(t.ideal) +
         "), bank conflicts " + std::to_string(t.conflicts) + ", misaligned " + std::to_string(t.misaligned);
}

}  // namespace

int cta_warp_colour_index(std::int64_t warp) {
  // Warps side by side differ in hue: blue, green, yellow, purple, cyan, orange, magenta, brown
  // first (the 4 and 8 warps of most tiles), then the rest of the lane colours that are not red.
  static constexpr int kOrder[] = {3,  1,  2,  5,  6,  4,  7,  12, 10, 8,  11, 16, 18,
                                   19, 13, 15, 17, 21, 22, 23, 25, 26, 27, 28, 30, 31};
  constexpr std::int64_t n = sizeof kOrder / sizeof kOrder[0];
  return kOrder[static_cast<std::size_t>(((warp % n) + n) % n)];
}

std::string cta_wrong_text(Operand op, bool store, const CtaWrongCell& w) {
  const char* names = op == Operand::A ? "(m,k)" : op == Operand::B ? "(n,k)" : "(m,n)";
  const std::string who = "wrong: thread " + std::to_string(w.thread) + " V" + std::to_string(w.value);
  const std::string cell =
      std::string(names) + " = (" + std::to_string(w.row) + "," + std::to_string(w.col) + ")";
  const std::string none = "no element (byte " + std::to_string(w.byte) + " is padding or inside an element)";
  const std::string there = w.delivered ? tile::to_string(*w.delivered) : none;
  if (store) return who + " holds " + cell + "; the store writes it over " + there;
  if (!w.swap.empty())
    return who + " needs " + cell + "; the copy delivers " + (w.loaded ? tile::to_string(*w.loaded) : none) +
           ", but after the register swap " + w.swap + " the MMA reads " + there;
  return who + " needs " + cell + "; the copy delivers " + there;
}

tile::CtaTileSpec cta_preset_spec(std::string_view name) {
  const tile::CtaPreset* p = tile::find_cta_preset(name);
  return p ? p->spec : tile::CtaTileSpec{};
}

bool cta_model_current(const CtaTileModel& m, const CtaTileControls& c) {
  return m.made && m.preset == c.preset && m.thread == c.thread && m.spec == c.spec;
}

void pick_cta_preset(CtaTileControls& c, const std::string& name) {
  const tile::CtaPreset* p = tile::find_cta_preset(name);
  if (!p) return;
  const tile::CtaPreset* from = tile::find_cta_preset(c.preset);
  if (!from || from->spec != c.spec) {  // edited: kept, replacing older kept edits
    c.kept_edits = c.spec;
    c.kept_preset = c.preset;
  }
  c.preset = p->name;
  c.spec = p->spec;
}

bool restore_cta_edits(CtaTileControls& c) {
  if (!c.kept_edits) return false;
  c.preset = c.kept_preset;
  c.spec = *c.kept_edits;
  c.kept_edits.reset();
  c.kept_preset.clear();
  return true;
}

std::string cta_cell_text(Operand op, std::int64_t row, std::int64_t col, const CtaCell& cell) {
  const char* names = op == Operand::A ? "(m,k)" : op == Operand::B ? "(n,k)" : "(m,n)";
  std::string s = std::string(names) + " = (" + std::to_string(row) + "," + std::to_string(col) + "): ";
  if (cell.thread < 0) return s + "no thread (read through a shared-memory descriptor)";
  return s + "thread " + std::to_string(cell.thread) + " (warp " + std::to_string(cell.thread / 32) +
         " lane " + std::to_string(cell.thread % 32) + "), value V" + std::to_string(cell.value);
}

std::string compact_rows_text(const std::vector<std::uint8_t>& marked) {
  const std::size_t n = marked.size();
  const auto on = [&](std::size_t r) { return marked[r] != 0; };
  std::size_t count = 0;
  for (std::size_t r = 0; r < n; ++r) count += on(r) ? 1 : 0;
  if (count == 0) return "";
  if (count == n) return "all " + std::to_string(n);
  // The smallest period that repeats at least twice; n itself (no repeat) otherwise.
  std::size_t period = n;
  for (std::size_t p = 1; p <= n / 2 && period == n; ++p) {
    bool repeats = true;
    for (std::size_t r = p; r < n && repeats; ++r) repeats = on(r) == on(r - p);
    if (repeats) period = p;
  }
  // The marked runs within one period.
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  for (std::size_t r = 0; r < period; ++r) {
    if (!on(r)) continue;
    if (!runs.empty() && runs.back().second + 1 == r)
      runs.back().second = r;
    else
      runs.emplace_back(r, r);
  }
  constexpr std::size_t kMostRuns = 8;
  std::string out;
  for (std::size_t i = 0; i < runs.size() && i < kMostRuns; ++i) {
    out += (i ? ", " : "") + std::to_string(runs[i].first);
    if (runs[i].second != runs[i].first) out += "-" + std::to_string(runs[i].second);
  }
  if (runs.size() > kMostRuns) out += " and " + std::to_string(runs.size() - kMostRuns) + " more runs";
  if (period < n) out += " of every " + std::to_string(period);
  return out;
}

std::string cta_wrong_rows_text(const CtaGrid& g) {
  if (g.wrong_rows.empty()) return "";
  return std::string("wrong rows (") + (g.operand == Operand::B ? "n" : "m") + "): " + g.wrong_rows;
}

std::string cta_wrong_legend(const CtaGrid& g) {
  if (g.wrong_cells.empty()) return "";
  const bool swapped = std::any_of(g.wrong_cells.begin(), g.wrong_cells.end(),
                                   [](const CtaWrongCell& w) { return !w.swap.empty(); });
  // The join's own count (values and cells), the words `fragviz-cli tiled` prints.
  const std::string rows = "; " + cta_wrong_rows_text(g);
  if (swapped)
    return g.wrong_count +
           ": the register swap after the copy feeds the MMA another element there (hover a cell: "
           "needed, delivered and read)" +
           rows;
  return g.wrong_count + ": " +
         (g.store ? "the store writes the MMA's value there over another cell"
                  : "the copy delivers another element than the MMA needs there") +
         " (hover a cell: needed and delivered)" + rows;
}

std::string cta_bank_total_text(const CtaGrid& g) {
  return g.banks.empty() ? "" : bank_total_text("banks", g.bank_instruction, g.banks);
}

std::string cta_fill_bank_total_text(const CtaGrid& g) {
  if (!g.fill_no_banks.empty()) return "fill banks: " + g.fill_no_banks;
  return g.fill_banks.empty() ? "" : bank_total_text("fill banks", g.fill_bank_instruction, g.fill_banks);
}

bool cta_banks_ok(const CtaGrid& g) {
  return g.banks.empty() || (g.banks.back().conflicts == 0 && g.banks.back().misaligned == 0);
}

std::string cta_verdict_text(const CtaGrid& g) {
  std::string out = std::string(to_string(g.operand)) + ": ";
  // The join line's own first word says which verdict it is ("join: ...", "descriptors: ...", or
  // why none was made).
  const bool descriptors = g.join.rfind("descriptors:", 0) == 0, joined = g.join.rfind("join:", 0) == 0;
  if (descriptors)
    out += g.join_ok ? "descriptors ok" : "descriptors wrong";
  else if (!g.wrong_cells.empty())
    out += "join " + g.wrong_count + ", " + cta_wrong_rows_text(g);  // counts as the join line says them
  else if (!g.join_ok)
    out += "join wrong";
  else
    out += joined ? "join ok" : "no join";
  if (!g.fill_ok) out += ", fill wrong";
  if (g.banks.empty()) return out;
  const tile::WarpBanks& t = g.banks.back();  // the total over every warp and k-block
  // A misaligned instruction cannot run: its conflict count says nothing, so that is what is said.
  return out + ", " +
         (t.misaligned ? plural(t.misaligned, "misaligned instruction")
                       : plural(t.conflicts, "bank conflict"));
}

bool cta_verdict_ok(const CtaGrid& g) { return g.join_ok && g.fill_ok && cta_banks_ok(g); }

CtaTileModel make_cta_tile_model(const CtaTileControls& c) {
  CtaTileModel m;
  m.made = true;
  m.preset = c.preset;
  m.spec = c.spec;
  m.thread = c.thread;
  tile::CtaConfigError where;
  const auto made = tile::make_cta_tile(c.spec, &where);
  if (!made) {
    m.error = made.message;
    m.error_field = where.field;
    m.error_column = where.column;
    return m;
  }
  const tile::CtaTile& t = *made.value;
  tile::CtaOptions options;
  options.keep_cells = true;  // every join cell: the grids mark the wrong ones
  const auto report = tile::analyze_cta_tile(t, options);
  if (!report) {
    m.error = report.message;
    return m;
  }
  m.threads = t.mma.threads();
  m.source = tile::cta_tile_source(c.preset, t);  // never an edited preset's stale sentence
  m.summary = t.mma.atom.name + ", " + algebra::to_string(t.mma.atom_layout_mnk) + ", " +
              tile::permutation_text(t.mma.permutation) + ", " + std::to_string(m.threads) +
              " threads; CTA " + std::to_string(t.tile_mnk[0]) + "x" + std::to_string(t.tile_mnk[1]) + "x" +
              std::to_string(t.tile_mnk[2]) + ", k-block " + std::to_string(t.k_block) + " (" +
              std::to_string(t.k_blocks()) + ")";
  const Operand ops[] = {Operand::A, Operand::B, Operand::C};
  for (std::size_t i = 0; i < 3; ++i) {
    const Operand op = ops[i];
    const tile::CtaOperandReport& o = report->operands[i];
    CtaGrid g;
    g.operand = op;
    const auto e = t.extent(op);
    g.rows = e[0];
    g.cols = e[1];
    g.title = std::string(to_string(op)) + " (" + extent_words(op) + ") " + std::to_string(g.rows) + " x " +
              std::to_string(g.cols);
    if (t.smem[i]) g.layout = t.smem[i]->notation;
    if (o.fill) {
      const tile::GmemCopy& gc = *t.gmem_copy[i];
      g.fill = "filled by " + gc.text + " (" + gc.copy.atom.instruction + ", " +
               std::to_string(gc.instructions()) + " per thread): " + o.fill->verdict();
      g.fill_ok = o.fill->ok();
    }
    if (o.descriptors) {
      g.join = "descriptors: " + o.descriptors->verdict;
      g.join_ok = o.descriptors->layout.has_value();
      g.fragment = "read by wgmma through a shared-memory descriptor: no register fragment";
    } else {
      g.cells.assign(static_cast<std::size_t>(g.rows * g.cols), CtaCell{});
      g.mine.assign(g.cells.size(), 0);
      const std::int64_t regs = tile::cta_fragment_size(t, op);
      for (std::int64_t th = 0; th < m.threads; ++th) {
        const std::vector<tile::Cell> cells = tile::cta_fragment_cells(t, op, th);
        for (std::int64_t r = 0; r < regs; ++r) {
          const tile::Cell cell = cells[static_cast<std::size_t>(r)];
          const std::size_t k = static_cast<std::size_t>(cell.row * g.cols + cell.col);
          if (g.cells[k].thread < 0)
            g.cells[k] = CtaCell{static_cast<std::int32_t>(th), static_cast<std::int32_t>(r)};
          if (th == c.thread) g.mine[k] = 1;
        }
      }
      // A thread past the TiledMMA's says so (newcomer round 24: 99999 left the line blank).
      g.fragment = c.thread < 0 ? ""
                   : c.thread < m.threads
                       ? "thread " + std::to_string(c.thread) + ": " + std::to_string(regs) + " values"
                       : "no thread " + std::to_string(c.thread) + ": this TiledMMA has " +
                             std::to_string(m.threads) + " (0-" + std::to_string(m.threads - 1) + ")";
      g.join = o.join ? "join: " + o.join->verdict(m.threads) : o.skipped;
      g.join_ok = !o.join || o.join->mismatches == 0;
      if (o.join && o.join->mismatches > 0) mark_wrong(g, *o.join);
    }
    if (o.banks) {
      g.bank_instruction = o.banks->instruction;
      g.banks = bank_rows(*o.banks);
    }
    if (o.fill_banks && !o.fill_banks->rows.empty()) {
      g.fill_bank_instruction = o.fill_banks->instruction;
      g.fill_banks = bank_rows(*o.fill_banks);
    } else if (o.fill_banks) {
      g.fill_no_banks = o.fill_banks->note;
    }
    if (!o.fill_no_banks.empty()) g.fill_no_banks = o.fill_no_banks;
    if (o.suggestion)
      g.suggestion = o.suggestion->notation + ": " + std::to_string(o.suggestion->wavefronts) +
                     " wavefronts (ideal " + std::to_string(o.suggestion->ideal) + ", bank conflicts " +
                     std::to_string(o.suggestion->conflicts) + ")";
    m.grids.push_back(std::move(g));
  }
  if (report->reuse) {
    m.reuse = "C as the next A (" + report->reuse->conversion + "): " + report->reuse->verdict(m.threads);
    m.reuse_ok = report->reuse->mismatches == 0;
  }
  m.ok = true;
  return m;
}

}  // namespace fragviz::app
