// The join of a TiledCopy and a TiledMMA (join.hpp).
#include "fragviz/tile/join.hpp"

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "tile_detail.hpp"

namespace fragviz::tile {

namespace {

namespace ad = algebra::detail;

/// (thread, value) of a rank-2 TV layout, evaluated: index thread + threads * value.
std::int64_t at(const Layout& tv, std::int64_t thread, std::int64_t value) {
  return algebra::evaluate(tv, thread + algebra::size(tv.mode(0)) * value);
}

Cell cell_of(std::int64_t index, std::int64_t rows) { return Cell{index % rows, index / rows}; }

const char* axis_name(Operand op, int axis) {
  static const char* names[3][2] = {{"m", "k"}, {"n", "k"}, {"m", "n"}};
  return names[op == Operand::A ? 0 : op == Operand::B ? 1 : 2][axis];
}

}  // namespace

CopySource copy_source(const TiledCopy& copy, std::int64_t thread, std::int64_t value) {
  const CopyAtom& atom = copy.atom;
  if (atom.kind == CopyKind::universal) return CopySource{thread, value};
  const int bits = copy.values.value_bits;
  const std::int64_t lane = thread % kWarpSize, warp_base = thread - lane;
  // Register `reg` of `lane`, its byte `byte`: (row, byte within the row) of matrix `reg`
  // (ldmatrix_byte; stmatrix stores its registers in the same layout, matrix_move.hpp),
  // the row whose address lane 8 * reg + row of the warp gives.
  const std::int64_t bit = value * bits;
  const int reg = static_cast<int>(bit / 32), byte = static_cast<int>((bit % 32) / 8);
  if (atom.kind == CopyKind::stmatrix && bits == 16) {
    const Coord half =
        stmatrix_element(atom.trans, static_cast<int>(lane), static_cast<int>((bit % 32) / 16));
    return CopySource{warp_base + 8 * reg + half.row, half.col};
  }
  const Coord in = ldmatrix_byte(atom.trans, static_cast<int>(lane), byte);
  return CopySource{warp_base + 8 * reg + in.row, (in.col * 8 + bit % 8) / bits};
}

const JoinCell* Join::first_mismatch() const {
  for (const JoinCell& c : cells)
    if (!c.match()) return &c;
  return nullptr;
}

std::string Join::verdict() const {
  const std::int64_t n = static_cast<std::int64_t>(cells.size());
  const std::string shape =
      "(" + std::to_string(threads) + " threads x " + std::to_string(values) + " values)";
  const JoinCell* m = first_mismatch();
  if (!m) return "all " + std::to_string(n) + " match " + shape;
  return "thread " + std::to_string(m->thread) + " V" + std::to_string(m->slot) + ": " +
         (store ? "stored to " : "delivered ") + to_string(m->moved) + ", expected " +
         to_string(m->expected) + " (" + std::to_string(mismatches) + " of " + std::to_string(n) + " differ)";
}

Result<Join> join(const TiledCopy& copy, const TiledMma& mma, Operand op) {
  return ad::guarded<Join>([&] {
    const CopyAtom& atom = copy.atom;
    Join j;
    j.operand = op;
    j.store = op == Operand::C;
    const std::string what = atom.name + " for " + std::string(to_string(op));
    if (atom.kind == CopyKind::ldmatrix && j.store)
      ad::stop(Refusal::bad_input,
               what + ": ldmatrix loads registers; the accumulator C is stored (stmatrix)");
    if (atom.kind == CopyKind::stmatrix && !j.store)
      ad::stop(Refusal::bad_input, what + ": stmatrix stores registers; operand " +
                                       std::string(to_string(op)) + " is loaded (ldmatrix)");
    const OperandSource source = op == Operand::A   ? mma.atom.a_source
                                 : op == Operand::B ? mma.atom.b_source
                                                    : OperandSource::registers;
    if (source == OperandSource::descriptor)
      ad::stop(Refusal::bad_input, what + ": " + mma.atom.name + " takes " + std::string(to_string(op)) +
                                       " through a shared-memory descriptor; no register fragment to fill");
    if (copy.threads() != mma.threads())
      ad::stop(Refusal::bad_input, what + ": the copy has " + std::to_string(copy.threads()) +
                                       " threads, the tiled MMA " + std::to_string(mma.threads()));
    const std::int64_t rows = tile_rows(mma, op), cols = tile_cols(mma, op);
    if (copy.tiler != IntTuple::tuple({IntTuple::number(rows), IntTuple::number(cols)}))
      ad::stop(Refusal::bad_input, what + ": the copy's tile " + algebra::to_string(copy.tiler) +
                                       " is not the MMA's " + std::to_string(rows) + " x " +
                                       std::to_string(cols));
    const int bits = copy.values.value_bits;
    if (atom.trans && bits != 16)
      ad::stop(Refusal::bad_input,
               what + ": .trans moves 16-bit elements; these values are " + std::to_string(bits) + "-bit");
    // The thread's fragment of one tile, compact: slot r = colexicographic index.
    const IntTuple frag_shape = detail::take(fragment_shape(mma, op), "partition_fragment");
    const Layout fragment = algebra::make_layout(frag_shape);
    const Layout retiled = detail::take(retile(copy, fragment), "retile");
    const std::int64_t slots = algebra::size(fragment);
    if (algebra::size(retiled) != slots)
      ad::stop(Refusal::bad_input, what + ": retile gives " + std::to_string(algebra::size(retiled)) +
                                       " values for a fragment of " + std::to_string(slots));
    std::vector<int> hits(static_cast<std::size_t>(slots), 0);
    std::vector<std::int64_t> slot_of(static_cast<std::size_t>(slots));
    for (std::int64_t i = 0; i < slots; ++i) {
      const std::int64_t s = algebra::evaluate(retiled, i);
      if (s < 0 || s >= slots || hits[static_cast<std::size_t>(s)]++)
        ad::stop(Refusal::bad_input, what + ": retile " + algebra::to_string(retiled) +
                                         " does not cover the fragment's slots once (value " +
                                         std::to_string(i) + " -> slot " + std::to_string(s) + ")");
      slot_of[static_cast<std::size_t>(i)] = s;
    }
    if (copy.values_per_thread() != slots)
      ad::stop(Refusal::bad_input, what + ": the copy moves " + std::to_string(copy.values_per_thread()) +
                                       " values per thread for a fragment of " + std::to_string(slots));
    const Layout& memory = j.store ? copy.layout_d_tv : copy.layout_s_tv;    // addresses
    const Layout& reg_side = j.store ? copy.layout_s_tv : copy.layout_d_tv;  // CuTe's register side
    const std::int64_t mem_values = j.store ? copy.values.num_val_dst : copy.values.num_val_src;
    const std::int64_t av = copy.atom_values;
    const int reg_bits = j.store ? atom.src_register_bits : atom.dst_register_bits;
    const std::int64_t per_register = std::max<std::int64_t>(1, reg_bits / bits);
    const Layout& expected_tv = layout_tv(mma, op);
    j.threads = copy.threads();
    j.values = slots;
    // The shared-memory vectors' direction, over every thread and atom call.
    int axis = -1;
    bool mixed = false;
    for (std::int64_t t = 0; t < j.threads; ++t)
      for (std::int64_t x = 0; x < slots / av; ++x)
        for (std::int64_t e = 0; e + 1 < mem_values; ++e) {
          const std::int64_t d = at(memory, t, e + 1 + mem_values * x) - at(memory, t, e + mem_values * x);
          const int a = d == 1 ? 0 : d == rows ? 1 : 2;
          if (axis == -1) axis = a;
          if (a != axis) mixed = true;
        }
    j.vector_run = mem_values == 1 ? "one value per vector"
                   : mixed || axis == 2
                       ? "mixed: a thread's vector is not one run along " + std::string(axis_name(op, 0)) +
                             " or " + axis_name(op, 1)
                       : "along " + std::string(axis_name(op, axis)) + " (" + std::to_string(mem_values) +
                             " values of " + std::to_string(bits) + " bits)";
    for (std::int64_t t = 0; t < j.threads; ++t) {
      for (std::int64_t i = 0; i < slots; ++i) {
        const std::int64_t a = i % av, x = i / av;
        const CopySource src = copy_source(copy, t, a);
        const std::int64_t supplier = src.thread, element = src.element;
        JoinCell c;
        c.thread = t;
        c.copy_value = i;
        c.slot = slot_of[static_cast<std::size_t>(i)];
        c.moved = cell_of(at(memory, supplier, element + mem_values * x), rows);
        c.expected = cell_of(at(expected_tv, t, c.slot), rows);
        c.cute = cell_of(at(reg_side, t, i), rows);
        if (!c.match()) ++j.mismatches;
        if (c.cute != c.moved) ++j.cute_disagrees;
        j.cells.push_back(c);
      }
    }
    // Each register (vector) of an atom call: its values in consecutive, aligned slots.
    for (std::int64_t g = 0; g < slots; g += per_register) {
      bool ok = slot_of[static_cast<std::size_t>(g)] % per_register == 0;
      for (std::int64_t q = 1; q < per_register && g + q < slots; ++q)
        ok = ok && slot_of[static_cast<std::size_t>(g + q)] == slot_of[static_cast<std::size_t>(g)] + q;
      if (!ok) ++j.unvectorized;
    }
    return j;
  });
}

}  // namespace fragviz::tile
