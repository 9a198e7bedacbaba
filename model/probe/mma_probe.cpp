// The tensor-core probe's passes and their judge (see fragviz/probe/mma_probe.hpp for the scheme).
#include "fragviz/probe/mma_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

using Kind = MmaProbePlan::Kind;

int cell_count(const Instruction& in, Operand op) {
  return operand_rows(in, op) * operand_cols(in, op) * in.products;
}

int bit_length(unsigned v) {
  int n = 0;
  while (v) {
    ++n;
    v >>= 1;
  }
  return n;
}

/// splitmix64: the same seeded sequence on every platform.
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t must_encode(ElemType t, double v) {
  const auto e = encode_element(t, v);
  return e ? *e : 0;  // every value used below is exact in its type (unit tests check the plan)
}

/// Writes element bits `raw` into one lane's words `w` at register slot `s`.
void put_slot(std::uint32_t* w, const RegisterSlot& s, std::uint64_t raw) {
  if (s.bits == 64) {
    w[2 * s.reg] = static_cast<std::uint32_t>(raw);
    w[2 * s.reg + 1] = static_cast<std::uint32_t>(raw >> 32);
  } else {
    const std::uint64_t mask = s.bits == 32 ? 0xFFFFFFFFull : (1ull << s.bits) - 1;
    w[s.reg] |= static_cast<std::uint32_t>((raw & mask) << s.bit);
  }
}

/// Lane-major words of an operand whose slot s (lane * E + element) holds value_of(s). Each
/// element's register slot is the same in every lane: looked up once.
template <class ValueOf>
std::vector<std::uint32_t> pack_with(const Instruction& in, Operand op, ValueOf value_of) {
  const int words = words_per_lane(in, op), per_lane = elements_per_lane(in, op);
  std::vector<RegisterSlot> reg(static_cast<std::size_t>(per_lane));
  for (int i = 0; i < per_lane; ++i) reg[static_cast<std::size_t>(i)] = register_slot(in, op, i);
  std::vector<std::uint32_t> out(static_cast<std::size_t>(in.threads * words), 0u);
  for (int lane = 0; lane < in.threads; ++lane) {
    std::uint32_t* w = &out[static_cast<std::size_t>(lane * words)];
    for (int i = 0; i < per_lane; ++i)
      put_slot(w, reg[static_cast<std::size_t>(i)], value_of(static_cast<std::size_t>(lane * per_lane + i)));
  }
  return out;
}

/// Lane-major words of an operand whose elements are given per slot (lane * E + element).
std::vector<std::uint32_t> pack_slots(const Instruction& in, Operand op,
                                      const std::vector<std::uint64_t>& slots) {
  return pack_with(in, op, [&](std::size_t s) { return slots[s]; });
}

/// The register words of one pass's label digit: slot s holds digit `d` of its label s + 1, each
/// distinct digit value encoded once.
std::vector<std::uint32_t> label_words(const Instruction& in, Operand op, ElemType t, int slots,
                                       int digit_bits, int d) {
  const unsigned mask = (1u << digit_bits) - 1;
  const unsigned shift = static_cast<unsigned>(d * digit_bits);
  // Digits reach at most min(mask, slots >> shift).
  const unsigned top = std::min(mask, static_cast<unsigned>(slots) >> shift);
  std::vector<std::uint64_t> encoded(top + 1);
  for (unsigned v = 0; v <= top; ++v) encoded[v] = must_encode(t, static_cast<double>(v));
  std::vector<std::uint64_t> labels(static_cast<std::size_t>(slots));
  for (std::size_t s = 0; s < labels.size(); ++s) labels[s] = encoded[((s + 1) >> shift) & mask];
  return pack_slots(in, op, labels);
}

/// Slot -> cell index under the model's map.
std::vector<int> slot_cells(const Instruction& in, Operand op) {
  const int per_lane = elements_per_lane(in, op);
  std::vector<int> out(static_cast<std::size_t>(in.threads * per_lane));
  for (int lane = 0; lane < in.threads; ++lane)
    for (int i = 0; i < per_lane; ++i)
      out[static_cast<std::size_t>(lane * per_lane + i)] =
          cell_index(in, op, fragment_coord(in, op, lane, i));
  return out;
}

/// pack_slots of the cell-major image `cells`, slot s taking cell slot_cell[s], without the
/// intermediate slot vector (the plans pack hundreds of one-hot images).
std::vector<std::uint32_t> pack_cells(const Instruction& in, Operand op, const std::vector<int>& slot_cell,
                                      const std::vector<std::uint64_t>& cells) {
  return pack_with(in, op, [&](std::size_t s) { return cells[static_cast<std::size_t>(slot_cell[s])]; });
}

void append(std::vector<std::uint32_t>& to, const std::vector<std::uint32_t>& words) {
  to.insert(to.end(), words.begin(), words.end());
}

/// The value of `in`'s random tile element: exact in its type, small enough that every sum of
/// products is exact in the accumulator (f16 D included).
double tile_value(ElemType t, std::uint64_t r, bool accumulator) {
  switch (t) {
    case ElemType::s32:
      return static_cast<double>(static_cast<int>(r % 2001) - 1000);
    case ElemType::s8:
      return static_cast<double>(static_cast<int>(r % 256) - 128);
    case ElemType::u8:
      return static_cast<double>(r % 256);
    case ElemType::s4:
      return static_cast<double>(static_cast<int>(r % 16) - 8);
    case ElemType::u4:
      return static_cast<double>(r % 16);
    case ElemType::b1:
      return static_cast<double>(r % 2);
    case ElemType::e2m1:  // holds 0, 0.5, 1, 1.5, 2, 3, 4, 6: no quarters
      return accumulator ? 0.0 : static_cast<double>(static_cast<int>(r % 5) - 2) * 0.5;
    default:  // floating point: multiples of 0.25 in [-1, 1] (inputs) or [-2, 2] (C)
      return accumulator ? static_cast<double>(static_cast<int>(r % 17) - 8) * 0.25
                         : static_cast<double>(static_cast<int>(r % 9) - 4) * 0.25;
  }
}

std::string coord_text(const Coord& c, bool products) {
  std::string s = "(" + std::to_string(c.row) + "," + std::to_string(c.col);
  if (products) s += ",q" + std::to_string(c.product);
  return s + ")";
}

}  // namespace

int label_digit_bits(ElemType t) {
  switch (t) {
    case ElemType::f16:
    case ElemType::tf32:
      return 11;
    case ElemType::bf16:
    case ElemType::u8:
      return 8;
    case ElemType::s8:
      return 7;
    case ElemType::e4m3:
    case ElemType::u4:
      return 4;
    case ElemType::e5m2:
    case ElemType::s4:
    case ElemType::e2m3:
      return 3;
    case ElemType::e3m2:
      return 3;
    case ElemType::e2m1:
      return 2;  // e2m1 holds 0, 1, 2, 3 exactly (and 4, 6)
    case ElemType::b1:
      return 1;
    case ElemType::f64:
      return 20;
    default:
      return 0;
  }
}

std::vector<std::uint32_t> pack_operand(const Instruction& in, Operand op,
                                        const std::vector<std::uint64_t>& cells) {
  return pack_cells(in, op, slot_cells(in, op), cells);
}

std::uint64_t element_bits_of(const Instruction& in, Operand op, const std::uint32_t* lane_words, int i) {
  const RegisterSlot s = register_slot(in, op, i);
  if (s.bits == 64)
    return static_cast<std::uint64_t>(lane_words[2 * s.reg]) |
           (static_cast<std::uint64_t>(lane_words[2 * s.reg + 1]) << 32);
  const std::uint64_t mask = s.bits == 32 ? 0xFFFFFFFFull : (1ull << s.bits) - 1;
  return (static_cast<std::uint64_t>(lane_words[s.reg]) >> s.bit) & mask;
}

MmaProbePlan plan_mma_probe(const Instruction& in) {
  MmaProbePlan plan;
  plan.instr = &in;
  const int M = in.m, N = in.n, K = in.k, P = in.products;
  const bool is_xor = in.op == MmaOp::xor_popc;
  const ElemType ta = in.a.type, tb = in.b.type;
  const std::uint64_t one_a = must_encode(ta, 1.0), one_b = must_encode(tb, 1.0);
  const auto slots_a = slot_cells(in, Operand::A), slots_b = slot_cells(in, Operand::B);
  const auto slots_c = slot_cells(in, Operand::C);
  const std::vector<std::uint64_t> zero_a(static_cast<std::size_t>(cell_count(in, Operand::A)), 0);
  const std::vector<std::uint64_t> zero_b(static_cast<std::size_t>(cell_count(in, Operand::B)), 0);
  const std::vector<std::uint32_t> zero_c =
      pack_slots(in, Operand::C, std::vector<std::uint64_t>(slots_c.size(), 0));
  const std::vector<std::uint32_t> zero_a_words = pack_cells(in, Operand::A, slots_a, zero_a);
  const std::vector<std::uint32_t> zero_b_words = pack_cells(in, Operand::B, slots_b, zero_b);
  auto add = [&](const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                 const std::vector<std::uint32_t>& c, MmaProbePlan::Pass pass) {
    append(plan.a, a);
    append(plan.b, b);
    append(plan.c, c);
    plan.info.push_back(pass);
    ++plan.passes;
  };
  auto a_at = [&](int m, int k, int p) { return static_cast<std::size_t>(p * M * K + m * K + k); };
  auto b_at = [&](int k, int n, int p) { return static_cast<std::size_t>(p * K * N + k * N + n); };

  // [SECTION] A: slot labels against B selections --------------------------------------------
  plan.digit_bits_a = label_digit_bits(ta);
  plan.digits_a =
      (bit_length(static_cast<unsigned>(slots_a.size())) + plan.digit_bits_a - 1) / plan.digit_bits_a;
  const int windows_a = (K + N - 1) / N;
  for (int d = 0; d < plan.digits_a; ++d) {
    const auto a_words =
        label_words(in, Operand::A, ta, static_cast<int>(slots_a.size()), plan.digit_bits_a, d);
    for (int w = 0; w < windows_a; ++w) {
      std::vector<std::uint64_t> sel = zero_b;
      for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
          if (w * N + n < K) sel[b_at(w * N + n, n, p)] = one_b;
      add(a_words, pack_cells(in, Operand::B, slots_b, sel), zero_c, {Kind::a_label, w, d});
    }
    if (is_xor) add(a_words, zero_b_words, zero_c, {Kind::a_base, 0, d});
  }

  // [SECTION] B: slot labels against A selections --------------------------------------------
  plan.digit_bits_b = label_digit_bits(tb);
  plan.digits_b =
      (bit_length(static_cast<unsigned>(slots_b.size())) + plan.digit_bits_b - 1) / plan.digit_bits_b;
  const int windows_b = (K + M - 1) / M;
  for (int d = 0; d < plan.digits_b; ++d) {
    const auto b_words =
        label_words(in, Operand::B, tb, static_cast<int>(slots_b.size()), plan.digit_bits_b, d);
    for (int w = 0; w < windows_b; ++w) {
      std::vector<std::uint64_t> sel = zero_a;
      for (int p = 0; p < P; ++p)
        for (int m = 0; m < M; ++m)
          if (w * M + m < K) sel[a_at(m, w * M + m, p)] = one_a;
      add(pack_cells(in, Operand::A, slots_a, sel), b_words, zero_c, {Kind::b_label, w, d});
    }
    if (is_xor) add(zero_a_words, b_words, zero_c, {Kind::b_base, 0, d});
  }

  // [SECTION] C/D: one-hot rows, columns, products --------------------------------------------
  for (int r = 0; r < M; ++r) {
    std::vector<std::uint64_t> a = zero_a, b = zero_b;
    for (int p = 0; p < P; ++p) {
      a[a_at(r, 0, p)] = one_a;
      for (int n = 0; n < N && !is_xor; ++n) b[b_at(0, n, p)] = one_b;
    }
    add(pack_cells(in, Operand::A, slots_a, a), pack_cells(in, Operand::B, slots_b, b), zero_c,
        {Kind::d_row, r, 0});
  }
  for (int c = 0; c < N; ++c) {
    std::vector<std::uint64_t> a = zero_a, b = zero_b;
    for (int p = 0; p < P; ++p) {
      for (int m = 0; m < M && !is_xor; ++m) a[a_at(m, 0, p)] = one_a;
      b[b_at(0, c, p)] = one_b;
    }
    add(pack_cells(in, Operand::A, slots_a, a), pack_cells(in, Operand::B, slots_b, b), zero_c,
        {Kind::d_col, c, 0});
  }
  for (int q = 0; q < P && P > 1; ++q) {
    std::vector<std::uint64_t> a = zero_a, b = zero_b;
    for (int m = 0; m < M; ++m) a[a_at(m, 0, q)] = one_a;
    for (int n = 0; n < N; ++n) b[b_at(0, n, q)] = one_b;
    add(pack_cells(in, Operand::A, slots_a, a), pack_cells(in, Operand::B, slots_b, b), zero_c,
        {Kind::d_product, q, 0});
  }

  // [SECTION] one tile of random exact inputs against the double reference ----------------------
  const ExactTile tile = exact_tile(in, 73);
  plan.tile_reference = tile.d;
  add(tile.a_words, tile.b_words, tile.c_words, {Kind::tile, 0, 0});
  return plan;
}

ExactTile exact_tile(const Instruction& in, std::uint64_t seed) {
  const int M = in.m, N = in.n, K = in.k, P = in.products;
  const ElemType ta = in.a.type, tb = in.b.type, tc = in.c.type;
  ExactTile t;
  std::uint64_t state = seed;
  t.a.resize(static_cast<std::size_t>(cell_count(in, Operand::A)));
  t.b.resize(static_cast<std::size_t>(cell_count(in, Operand::B)));
  t.c.resize(static_cast<std::size_t>(cell_count(in, Operand::C)));
  std::vector<std::uint64_t> ar(t.a.size()), br(t.b.size()), cr(t.c.size());
  for (std::size_t i = 0; i < t.a.size(); ++i)
    ar[i] = must_encode(ta, t.a[i] = tile_value(ta, splitmix64(state), false));
  for (std::size_t i = 0; i < t.b.size(); ++i)
    br[i] = must_encode(tb, t.b[i] = tile_value(tb, splitmix64(state), false));
  for (std::size_t i = 0; i < t.c.size(); ++i)
    cr[i] = must_encode(tc, t.c[i] = tile_value(tc, splitmix64(state), true));
  t.d.assign(t.c.size(), 0.0);
  for (int p = 0; p < P; ++p) {
    for (int m = 0; m < M; ++m) {
      for (int n = 0; n < N; ++n) {
        double sum = t.c[static_cast<std::size_t>(p * M * N + m * N + n)];
        for (int k = 0; k < K; ++k) {
          const double x = t.a[static_cast<std::size_t>(p * M * K + m * K + k)];
          const double y = t.b[static_cast<std::size_t>(p * K * N + k * N + n)];
          sum += in.op == MmaOp::multiply_add ? x * y
                 : in.op == MmaOp::and_popc   ? (x != 0 && y != 0)
                                              : (x != y);
        }
        t.d[static_cast<std::size_t>(p * M * N + m * N + n)] = sum;
      }
    }
  }
  t.a_words = pack_operand(in, Operand::A, ar);
  t.b_words = pack_operand(in, Operand::B, br);
  t.c_words = pack_operand(in, Operand::C, cr);
  return t;
}

InstructionProbe judge_mma_probe(const MmaProbePlan& plan, const std::vector<std::uint32_t>& d) {
  const Instruction& in = *plan.instr;
  InstructionProbe out;
  out.mnemonic = in.mnemonic;
  out.passes = plan.passes;
  const int M = in.m, N = in.n, K = in.k, P = in.products;
  const int wc = words_per_lane(in, Operand::C), ec = elements_per_lane(in, Operand::C);
  const std::size_t pass_words = static_cast<std::size_t>(in.threads * wc);
  if (d.size() < pass_words * static_cast<std::size_t>(plan.passes)) {
    out.skipped = "model error: " + plural(static_cast<long long>(d.size()), "D word") + " for " +
                  plural(plan.passes, "pass", "passes");
    return out;
  }
  out.ran = true;
  out.elements.reserve(static_cast<std::size_t>(
      in.threads * (elements_per_lane(in, Operand::A) + elements_per_lane(in, Operand::B) + ec)));
  // D slot values, by (pass, slot), read as element_bits_of reads them with each element's
  // register slot looked up once; and the model's owner slot of each D cell.
  std::vector<RegisterSlot> c_slot(static_cast<std::size_t>(ec));
  for (int i = 0; i < ec; ++i) c_slot[static_cast<std::size_t>(i)] = register_slot(in, Operand::C, i);
  auto slot_bits = [&](int pass, int lane, int i) -> std::uint64_t {
    const std::uint32_t* w =
        &d[static_cast<std::size_t>(pass) * pass_words + static_cast<std::size_t>(lane * wc)];
    const RegisterSlot& s = c_slot[static_cast<std::size_t>(i)];
    if (s.bits == 64)
      return static_cast<std::uint64_t>(w[2 * s.reg]) | (static_cast<std::uint64_t>(w[2 * s.reg + 1]) << 32);
    const std::uint64_t mask = s.bits == 32 ? 0xFFFFFFFFull : (1ull << s.bits) - 1;
    return (static_cast<std::uint64_t>(w[s.reg]) >> s.bit) & mask;
  };
  auto slot_value = [&](int pass, int lane, int i) -> std::optional<double> {
    return decode_element(in.c.type, slot_bits(pass, lane, i));
  };
  const std::vector<Owner> d_owner = owner_table(in, Operand::C);
  auto cell_value = [&](int pass, int m, int n, int p) -> std::optional<double> {
    const Owner o = d_owner[static_cast<std::size_t>(cell_index(in, Operand::C, Coord{m, n, p}))];
    if (o.lane < 0) return std::nullopt;
    return slot_value(pass, o.lane, o.element);
  };

  // Pass indices by kind.
  std::vector<std::vector<int>> a_pass(static_cast<std::size_t>(plan.digits_a)),
      b_pass(static_cast<std::size_t>(plan.digits_b));
  std::vector<int> a_base(static_cast<std::size_t>(plan.digits_a), -1),
      b_base(static_cast<std::size_t>(plan.digits_b), -1);
  std::vector<int> rows(static_cast<std::size_t>(M), -1), cols(static_cast<std::size_t>(N), -1),
      prods(static_cast<std::size_t>(P), -1);
  int tile = -1;
  for (int i = 0; i < plan.passes; ++i) {
    const MmaProbePlan::Pass& p = plan.info[static_cast<std::size_t>(i)];
    switch (p.kind) {
      case Kind::a_label:
        a_pass[static_cast<std::size_t>(p.digit)].push_back(i);
        break;
      case Kind::b_label:
        b_pass[static_cast<std::size_t>(p.digit)].push_back(i);
        break;
      case Kind::a_base:
        a_base[static_cast<std::size_t>(p.digit)] = i;
        break;
      case Kind::b_base:
        b_base[static_cast<std::size_t>(p.digit)] = i;
        break;
      case Kind::d_row:
        rows[static_cast<std::size_t>(p.window)] = i;
        break;
      case Kind::d_col:
        cols[static_cast<std::size_t>(p.window)] = i;
        break;
      case Kind::d_product:
        prods[static_cast<std::size_t>(p.window)] = i;
        break;
      case Kind::tile:
        tile = i;
        break;
    }
  }
  const bool is_xor = in.op == MmaOp::xor_popc;

  // A and B: the label each cell received; the slot that label names measured that cell.
  auto judge_operand = [&](Operand op) {
    const bool is_a = op == Operand::A;
    const int digits = is_a ? plan.digits_a : plan.digits_b,
              bits = is_a ? plan.digit_bits_a : plan.digit_bits_b;
    const int rows_op = operand_rows(in, op), cols_op = operand_cols(in, op),
              per_lane = elements_per_lane(in, op);
    const int slots = in.threads * per_lane;
    std::vector<long> cell_label(static_cast<std::size_t>(cell_count(in, op)), 0);
    for (int p = 0; p < P; ++p) {
      for (int r = 0; r < rows_op; ++r) {
        for (int c = 0; c < cols_op; ++c) {
          long label = 0;
          for (int dg = 0; dg < digits && label >= 0; ++dg) {
            // A cell (m, k) shows at D(m, k % N) of window k / N; B cell (k, n) at D(k % M, n).
            const int window = is_a ? c / N : r / M;
            const int dm = is_a ? r : r % M, dn = is_a ? c % N : c;
            const auto& passes =
                is_a ? a_pass[static_cast<std::size_t>(dg)] : b_pass[static_cast<std::size_t>(dg)];
            auto v = cell_value(passes[static_cast<std::size_t>(window)], dm, dn, p);
            if (v && is_xor) {
              const auto v0 = cell_value(
                  is_a ? a_base[static_cast<std::size_t>(dg)] : b_base[static_cast<std::size_t>(dg)], dm, dn,
                  p);
              v = v0 ? std::optional<double>((*v0 + 1 - *v) / 2) : std::nullopt;
            }
            if (!v || *v != std::floor(*v) || *v < 0 || *v >= (1 << bits)) {
              label = -1;
            } else {
              label |= static_cast<long>(*v) << (dg * bits);
            }
          }
          cell_label[static_cast<std::size_t>(p * rows_op * cols_op + r * cols_op + c)] = label;
        }
      }
    }
    std::vector<std::optional<Coord>> measured(static_cast<std::size_t>(slots));
    std::vector<int> hits(static_cast<std::size_t>(slots), 0);
    for (std::size_t cell = 0; cell < cell_label.size(); ++cell) {
      const long label = cell_label[cell];
      if (label < 1 || label > slots) continue;
      const int s = static_cast<int>(label - 1);
      const int p = static_cast<int>(cell) / (rows_op * cols_op),
                rc = static_cast<int>(cell) % (rows_op * cols_op);
      if (hits[static_cast<std::size_t>(s)]++ == 0)
        measured[static_cast<std::size_t>(s)] = Coord{rc / cols_op, rc % cols_op, p};
    }
    for (int lane = 0; lane < in.threads; ++lane) {
      for (int i = 0; i < per_lane; ++i) {
        const int s = lane * per_lane + i;
        ElementCheck e;
        e.operand = op;
        e.lane = lane;
        e.element = i;
        e.expected = fragment_coord(in, op, lane, i);
        // A label seen in two cells names no single cell.
        e.measured =
            hits[static_cast<std::size_t>(s)] == 1 ? measured[static_cast<std::size_t>(s)] : std::nullopt;
        const long at_expected = cell_label[static_cast<std::size_t>(cell_index(in, op, e.expected))];
        e.raw = static_cast<std::uint32_t>(at_expected < 0 ? 0 : at_expected);
        out.elements.push_back(e);
      }
    }
  };
  judge_operand(Operand::A);
  judge_operand(Operand::B);

  // C/D: each slot is named by the one-hot passes in which it reads exactly 1.
  auto one_hot = [&](const std::vector<int>& passes, int lane, int i) -> int {
    int found = -1;
    for (std::size_t j = 0; j < passes.size(); ++j) {
      const auto v = slot_value(passes[j], lane, i);
      if (!v || (*v != 0 && *v != 1)) return -1;
      if (*v == 1) {
        if (found >= 0) return -1;
        found = static_cast<int>(j);
      }
    }
    return found;
  };
  for (int lane = 0; lane < in.threads; ++lane) {
    for (int i = 0; i < ec; ++i) {
      ElementCheck e;
      e.operand = Operand::C;
      e.lane = lane;
      e.element = i;
      e.expected = fragment_coord(in, Operand::C, lane, i);
      const int r = one_hot(rows, lane, i), c = one_hot(cols, lane, i),
                q = P > 1 ? one_hot(prods, lane, i) : 0;
      if (r >= 0 && c >= 0 && q >= 0) e.measured = Coord{r, c, q};
      e.raw = static_cast<std::uint32_t>(slot_bits(rows[0], lane, i));
      out.elements.push_back(e);
    }
  }

  // Tile.
  int bad = 0;
  for (int p = 0; p < P && tile >= 0; ++p) {
    for (int m = 0; m < M; ++m) {
      for (int n = 0; n < N; ++n) {
        const auto got = cell_value(tile, m, n, p);
        const double want = plan.tile_reference[static_cast<std::size_t>(p * M * N + m * N + n)];
        if (got && *got == want) continue;  // exact: every value here is exact in the accumulator
        if (bad++ == 0) {
          char buf[160];
          std::snprintf(buf, sizeof buf, "D%s: got %.9g, want %.9g",
                        coord_text(Coord{m, n, p}, P > 1).c_str(), got ? *got : NAN, want);
          out.tile_detail = buf;
        }
      }
    }
  }
  out.tile_exact = bad == 0 && tile >= 0;
  if (bad > 0)
    out.tile_detail += " (" + std::to_string(bad) + " of " + std::to_string(M * N * P) + " " +
                       std::string(agree(bad, "differs", "differ")) + ")";
  (void)K;
  return out;
}

std::string describe_instruction_probe(const InstructionProbe& p) {
  const Instruction* in = find_instruction(p.mnemonic);
  std::string s = p.mnemonic + ": ";
  if (!p.ran) return s + (p.skipped.empty() ? "not run" : p.skipped);
  const int total = static_cast<int>(p.elements.size());
  const int bad = p.mismatches();
  if (bad == 0) {
    s += "all " + plural(total, "element") + " match (A " + std::to_string(p.checked(Operand::A)) + ", B " +
         std::to_string(p.checked(Operand::B)) + ", C/D " + std::to_string(p.checked(Operand::C)) + ")";
  } else {
    for (const ElementCheck& e : p.elements) {
      if (e.match()) continue;
      const bool prods = in && in->products > 1;
      s += std::to_string(bad) + " of " + plural(total, "element") + " " +
           std::string(agree(bad, "differs", "differ")) + "; first: " + std::string(to_string(e.operand)) +
           " lane " + std::to_string(e.lane) + " element " + std::to_string(e.element) + ": expected " +
           coord_text(e.expected, prods) + ", received " +
           (e.measured ? coord_text(*e.measured, prods) : std::string("(none)"));
      break;
    }
  }
  s += p.tile_exact ? ", tile exact" : ", tile NOT exact: " + p.tile_detail;
  return s + ", " + plural(p.passes, "pass", "passes");
}

}  // namespace fragviz
