// The CTA tile's global -> shared stage (gmem_copy.hpp).
#include "fragviz/tile/gmem_copy.hpp"

#include <algorithm>
#include <unordered_map>

#include "fragviz/tile/copy_atoms.hpp"
#include "fragviz/tile/copy_text.hpp"

namespace fragviz::tile {

namespace {

Result<GmemCopy> refuse(std::string message, int column = 0, Refusal r = Refusal::bad_input) {
  if (column > 0) message = "col " + std::to_string(column) + ": " + message;
  return Result<GmemCopy>::fail(r, std::move(message), column);
}

/// (thread, value) of a rank-2 TV layout, evaluated: index thread + threads * value.
std::int64_t at(const Layout& tv, std::int64_t thread, std::int64_t value) {
  return algebra::evaluate(tv, thread + algebra::size(tv.mode(0)) * value);
}

}  // namespace

const char* const kCpAsyncCgNotModelled =
    "cp.async.cg is not modelled: Nsight Compute counts none of its shared-memory writes and its time "
    "follows no bank rule (measured on the H100: docs/device-runs/2026-12-06-h100-session20)";

std::int64_t GmemCopy::global_byte(Cell c) const {
  const std::int64_t element = along_rows ? c.col * extent[0] + c.row : c.row * extent[1] + c.col;
  return element * (copy.values.value_bits / 8);
}

Cell GmemCopy::global_cell(std::int64_t byte) const {
  const std::int64_t e = byte / (copy.values.value_bits / 8);
  return along_rows ? Cell{e % extent[0], e / extent[0]} : Cell{e / extent[1], e % extent[1]};
}

Result<GmemCopy> make_gmem_copy(std::string_view text, int value_bits, std::array<std::int64_t, 2> extent) {
  const auto parts = parse_make_tiled_copy(
      text, "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))");
  if (!parts) return Result<GmemCopy>::fail(parts.refusal, parts.message, parts.column);
  const CopyAtom* atom = find_copy_atom(parts->atom);
  if (!atom || atom->instruction.rfind("cp.async", 0) != 0)
    return refuse("'" + parts->atom +
                      "' is no cp.async copy atom: the global -> shared stage is SM80_CP_ASYNC_CACHEGLOBAL"
                      "<uint128_t> or SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
                  parts->atom_column);
  const auto made = make_tiled_copy(*atom, value_bits, parts->thr, parts->val);
  if (!made) return refuse("make_tiled_copy: " + made.message, 0, made.refusal);

  GmemCopy g;
  g.text = std::string(text);
  g.copy = *made.value;
  g.extent = extent;
  const TiledCopy& c = g.copy;
  if (!c.tiler.is_tuple || c.tiler.items.size() != 2)
    return refuse("make_tiled_copy's tile " + algebra::to_string(c.tiler) + " is not (rows, cols)");
  const std::int64_t tr = algebra::product(c.tiler.items[0]), tc = algebra::product(c.tiler.items[1]);
  if (extent[0] % tr != 0 || extent[1] % tc != 0)
    return refuse("make_tiled_copy's tile " + std::to_string(tr) + " x " + std::to_string(tc) +
                  " does not divide the operand's " + std::to_string(extent[0]) + " x " +
                  std::to_string(extent[1]));
  g.blocks0 = extent[0] / tr;
  g.blocks1 = extent[1] / tc;
  g.vector = c.values.num_val_src;
  g.calls = c.values_per_thread() / c.atom_values;
  // Each cp.async's values: one run down a column or along a row of the tile, the same way for all
  // (the compact global tile is contiguous that way: cp.async moves 16 contiguous bytes).
  std::optional<bool> rows_way;
  for (std::int64_t t = 0; t < c.threads(); ++t)
    for (std::int64_t x = 0; x < g.calls; ++x) {
      const std::int64_t first = at(c.layout_s_tv, t, g.vector * x);
      bool down = g.vector > 1, across = g.vector > 1;
      for (std::int64_t v = 1; v < g.vector; ++v) {
        const std::int64_t i = at(c.layout_s_tv, t, g.vector * x + v);
        down = down && i == first + v && first % tr + v < tr;
        across = across && i == first + v * tr;
      }
      if (g.vector == 1) down = true;
      if ((!down && !across) || (rows_way && *rows_way != down))
        return refuse("thread " + std::to_string(t) + " cp.async " + std::to_string(x) +
                      ": its values are no run along one row or one column of the tile (" +
                      std::to_string(g.vector) +
                      " values of 16 bytes' cp.async): CuTe could not vectorize "
                      "them (\"src layout doesn't vectorize\")");
      rows_way = down;
    }
  g.along_rows = rows_way.value_or(false);
  return Result<GmemCopy>::ok(std::move(g));
}

std::vector<GmemCopyAddress> gmem_copy_addresses(const GmemCopy& g, const SmemLayout& layout) {
  const TiledCopy& c = g.copy;
  const std::int64_t tr = g.extent[0] / g.blocks0, tc = g.extent[1] / g.blocks1;
  const std::int64_t threads = c.threads(), per_thread = g.instructions();
  std::vector<GmemCopyAddress> out(static_cast<std::size_t>(threads * per_thread));
  for (std::int64_t t = 0; t < threads; ++t)
    for (std::int64_t x = 0; x < g.calls; ++x) {
      // The source and destination layouts of a cp.async are the same (SrcLayout = DstLayout).
      const std::int64_t index = at(c.layout_s_tv, t, g.vector * x);
      const Cell start{index % tr, index / tr};
      for (std::int64_t b1 = 0; b1 < g.blocks1; ++b1)
        for (std::int64_t b0 = 0; b0 < g.blocks0; ++b0) {
          GmemCopyAddress& a =
              out[static_cast<std::size_t>(t * per_thread + (b1 * g.blocks0 + b0) * g.calls + x)];
          a.thread = t;
          a.instruction = (b1 * g.blocks0 + b0) * g.calls + x;
          a.cell = Cell{start.row + b0 * tr, start.col + b1 * tc};
          a.src = g.global_byte(a.cell);
          a.dst = layout.byte_offset(static_cast<int>(a.cell.row), static_cast<int>(a.cell.col));
        }
    }
  return out;
}

void CtaFill::add(const CtaFillCell& c) {
  ++cells;
  if (c.match()) return;
  ++mismatches;
  if (!first) first = c;
}

std::string CtaFill::verdict() const {
  const std::string faults =
      misaligned ? "; " + std::to_string(misaligned) +
                       " cp.async have an address that is no multiple of 16: they fault (misaligned address)"
                 : "";
  if (!first)
    return "all " + std::to_string(cells) + " shared cells hold their element (" + std::to_string(threads) +
           " threads x " + std::to_string(instructions) + " cp.async x " + std::to_string(vector) +
           " values)" + faults;
  const CtaFillCell& c = *first;
  const std::string keeps =
      "the layout keeps " + (c.expected ? to_string(*c.expected) : std::string("no element")) + " there";
  const std::string tail = " (" + std::to_string(mismatches) + " of " + std::to_string(cells) + " differ)";
  const std::string holds = c.landed ? to_string(*c.landed) : std::string("no element");
  if (c.thread < 0)
    return "byte " + std::to_string(c.byte) + ": no cp.async writes it, it holds " + holds + ", " + keeps +
           tail + faults;
  return "thread " + std::to_string(c.thread) + " cp.async " + std::to_string(c.instruction) + " value " +
         std::to_string(c.value) + " to byte " + std::to_string(c.byte) + ": holds " + holds + ", " + keeps +
         tail + faults;
}

CtaFill analyze_fill(const GmemCopy& g, const SmemLayout& layout, Operand op) {
  CtaFill f;
  f.operand = op;
  f.threads = g.copy.threads();
  f.instructions = g.instructions();
  f.vector = g.vector;
  const std::int64_t eb = g.copy.values.value_bits / 8;
  const std::vector<ByteOwner> owners = tile_byte_owners(layout);
  const auto layout_cell = [&](std::int64_t byte) -> std::optional<Cell> {
    if (byte < 0 || byte >= static_cast<std::int64_t>(owners.size())) return std::nullopt;
    const ByteOwner& o = owners[static_cast<std::size_t>(byte)];
    if (o.cell < 0 || o.byte != 0) return std::nullopt;
    const Coord rc = cell_coord(layout, o.cell);
    return Cell{rc.row, rc.col};
  };
  // What each shared byte holds after the copies (later cp.async over earlier: one of them, as
  // on the GPU); a byte no cp.async writes holds no element.
  std::unordered_map<std::int64_t, Cell> landed;
  const std::vector<GmemCopyAddress> all = gmem_copy_addresses(g, layout);
  const std::int64_t access = g.vector * eb;
  for (const GmemCopyAddress& a : all) f.misaligned += (a.src % access != 0 || a.dst % access != 0) ? 1 : 0;
  for (const GmemCopyAddress& a : all)
    for (std::int64_t v = 0; v < g.vector; ++v) landed[a.dst + v * eb] = g.global_cell(a.src + v * eb);
  for (const GmemCopyAddress& a : all)
    for (std::int64_t v = 0; v < g.vector; ++v) {
      CtaFillCell c;
      c.thread = a.thread;
      c.instruction = a.instruction;
      c.value = v;
      c.byte = a.dst + v * eb;
      c.landed = landed[c.byte];
      c.expected = layout_cell(c.byte);
      f.add(c);
    }
  // The layout's elements no cp.async writes, by byte (as the probe's judge reads them).
  for (std::size_t b = 0; b < owners.size(); ++b) {
    const std::int64_t byte = static_cast<std::int64_t>(b);
    if (owners[b].cell < 0 || owners[b].byte != 0 || landed.count(byte)) continue;
    CtaFillCell c;
    c.byte = byte;
    c.expected = layout_cell(byte);
    f.add(c);
  }
  return f;
}

}  // namespace fragviz::tile
