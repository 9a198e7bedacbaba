// K split and accumulator-as-A relations, and the inputs and judges of their hardware checks (see
// fragviz/probe/relations.hpp). Every coordinate comes from the catalogue's maps.
#include "fragviz/probe/relations.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/mma_probe.hpp"

namespace fragviz {
namespace {

std::string coord_text(const Coord& c) {
  return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")";
}

std::string operand_name(Operand op) { return op == Operand::C ? "C/D" : std::string(to_string(op)); }

int cell_count(const Instruction& in, Operand op) {
  return operand_rows(in, op) * operand_cols(in, op) * in.products;
}

/// 32-bit words per register of an operand: 2 for .f64, else 1.
int words_per_register(const Instruction& in, Operand op) {
  return element_bits(operand_spec(in, op).type) == 64 ? 2 : 1;
}

// [SECTION] K split ----------------------------------------------------------------------------------

OperandSplit split_operand(const Instruction& whole, const Instruction& half, Operand op) {
  OperandSplit s;
  s.operand = op;
  const std::string name = operand_name(op);
  const int regs_w = registers_per_lane(whole, op), regs_h = registers_per_lane(half, op);
  if (regs_w != 2 * regs_h) {
    s.why =
        name + ": " + std::to_string(regs_w) + " registers per lane are not twice " + std::to_string(regs_h);
    return s;
  }
  const int half_k = half.k;
  const int per_lane_w = elements_per_lane(whole, op);
  const std::vector<Owner> inverse = owner_table(half, op);
  std::vector<std::optional<HalfRegister>> map(static_cast<std::size_t>(regs_w));
  for (int lane = 0; lane < whole.threads; ++lane) {
    for (int i = 0; i < per_lane_w; ++i) {
      const Coord c = fragment_coord(whole, op, lane, i);
      const int k = op == Operand::A ? c.col : c.row;
      const int h = k / half_k;
      Coord hc = c;
      (op == Operand::A ? hc.col : hc.row) -= h * half_k;
      const std::string where = "lane " + std::to_string(lane) + " element " + std::to_string(i) + " (" +
                                name + coord_text(c) + ")";
      const Owner owner = inverse[static_cast<std::size_t>(cell_index(half, op, hc))];
      if (owner.lane < 0) {
        s.why = name + ": " + where + ": no lane of the half holds " + coord_text(hc);
        return s;
      }
      const int lane_h = owner.lane, j = owner.element;
      if (lane_h != lane) {
        s.why = name + ": " + where + " is, in half " + std::to_string(h) + ", element " + std::to_string(j) +
                " of lane " + std::to_string(lane_h);
        return s;
      }
      const RegisterSlot sw = register_slot(whole, op, i), sh = register_slot(half, op, j);
      if (sw.bit != sh.bit) {
        s.why = name + ": " + where + " sits at bit " + std::to_string(sw.bit) + " of register " +
                std::to_string(sw.reg) + ", but half " + std::to_string(h) + " has it at bit " +
                std::to_string(sh.bit) + " of register " + std::to_string(sh.reg) + " (element " +
                std::to_string(j) + ")";
        return s;
      }
      const HalfRegister target{h, sh.reg};
      auto& slot = map[static_cast<std::size_t>(sw.reg)];
      if (!slot) {
        slot = target;
      } else if (!(*slot == target)) {
        s.why = name + ": register " + std::to_string(sw.reg) + " holds half " + std::to_string(slot->half) +
                " register " + std::to_string(slot->reg) + " in one place and half " + std::to_string(h) +
                " register " + std::to_string(sh.reg) + " at " + where;
        return s;
      }
    }
  }
  // Each (half, register) exactly once: the two halves' registers are the whole's, no more.
  std::vector<int> used(static_cast<std::size_t>(2 * regs_h), 0);
  for (int r = 0; r < regs_w; ++r) {
    const auto& slot = map[static_cast<std::size_t>(r)];
    if (!slot) {
      s.why = name + ": register " + std::to_string(r) + " holds no element";
      return s;
    }
    if (used[static_cast<std::size_t>(slot->half * regs_h + slot->reg)]++ > 0) {
      s.why = name + ": half " + std::to_string(slot->half) + " register " + std::to_string(slot->reg) +
              " comes from two registers";
      return s;
    }
  }
  s.holds = true;
  for (const auto& slot : map) s.map.push_back(*slot);
  return s;
}

std::string join_regs(const std::vector<int>& regs) {
  std::string s;
  for (std::size_t i = 0; i < regs.size(); ++i) s += (i ? "," : "") + std::to_string(regs[i]);
  return s;
}

// [SECTION] accumulator as A: label values -----------------------------------------------------------

/// Values the producer's D takes in a reuse check: exact in the consumer's A type and in the
/// producer's C/D type, and small enough that the consumer's sums stay exact (checked per plan).
std::vector<double> label_set(const AccumulatorReuse& r) {
  const ElemType to = r.consumer->a.type, acc = r.consumer->c.type;
  std::vector<double> out;
  auto keep = [&](double v) {
    if (encode_element(to, v) && encode_element(r.producer->c.type, v)) out.push_back(v);
  };
  switch (to) {
    case ElemType::s8:
    case ElemType::u8:
      for (int v = -128; v <= 255; ++v) keep(v);
      break;
    case ElemType::e4m3:
    case ElemType::e5m2:
      // Every finite value with |v| in [0.25, 16], and 0: a few significant bits, a narrow range.
      for (std::uint64_t code = 0; code < 256; ++code) {
        const auto v = decode_element(to, code);
        if (v && (*v == 0 ? !std::signbit(*v) : std::fabs(*v) >= 0.25 && std::fabs(*v) <= 16)) keep(*v);
      }
      break;
    default:
      // f16, bf16, tf32: multiples of 0.25 in [-32, 32) (with an .f16 accumulator, of 0.5 in
      // [-8, 8), so 16-term sums stay inside f16's 11 significant bits).
      if (acc == ElemType::f16) {
        for (int k = -16; k < 16; ++k) keep(k * 0.5);
      } else {
        for (int k = -128; k < 128; ++k) keep(k * 0.25);
      }
      break;
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Exponent of the lowest set bit of v (v != 0, finite).
int lowest_bit(double v) {
  int e = 0;
  const double m = std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1)
  auto bits = static_cast<std::uint64_t>(std::ldexp(m, 53));
  int tz = 0;
  while ((bits & 1u) == 0) bits >>= 1, ++tz;
  return e - 53 + tz;
}

/// Significant bits type `t` holds (integers: value bits).
int significant_bits(ElemType t) {
  switch (t) {
    case ElemType::f16:
      return 11;
    case ElemType::bf16:
      return 8;
    case ElemType::tf32:
      return 11;
    case ElemType::f32:
      return 24;
    case ElemType::f64:
      return 53;
    case ElemType::s32:
      return 31;
    default:
      return 0;
  }
}

/// Whether a sum of `terms` is exact in `acc` in every order and at every partial step: every
/// partial sum is a multiple of the finest bit of any term and at most the sum of magnitudes, so
/// that sum must stay below 2^(finest + significant bits) (integers: below 2^31).
bool sum_exact_everywhere(const std::vector<double>& terms, ElemType acc) {
  double magnitude = 0;
  int finest = 1 << 20;
  for (double v : terms) {
    if (v == 0) continue;
    magnitude += std::fabs(v);
    finest = std::min(finest, lowest_bit(v));
  }
  if (magnitude == 0) return true;
  if (acc == ElemType::s32) return magnitude < 2147483648.0;
  return magnitude < std::ldexp(1.0, std::max(finest, -1074) + significant_bits(acc));
}

std::vector<std::uint32_t> zero_words(const Instruction& in, Operand op) {
  const std::vector<std::uint64_t> cells(static_cast<std::size_t>(cell_count(in, op)),
                                         encode_element(operand_spec(in, op).type, 0.0).value_or(0));
  return pack_operand(in, op, cells);
}

void append(std::vector<std::uint32_t>& to, const std::vector<std::uint32_t>& words) {
  to.insert(to.end(), words.begin(), words.end());
}

std::string value_text(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

// [SECTION] K split: API ---------------------------------------------------------------------------------

bool OperandSplit::contiguous() const {
  if (!holds || map.empty() || map.size() % 2 != 0) return false;
  const int half_regs = static_cast<int>(map.size()) / 2;
  for (int r = 0; r < static_cast<int>(map.size()); ++r) {
    const HalfRegister want{r / half_regs, r % half_regs};
    if (!(map[static_cast<std::size_t>(r)] == want)) return false;
  }
  return true;
}

KSplit analyze_k_split(const Instruction& whole, const Instruction& half) {
  KSplit s;
  s.whole = &whole;
  s.half = &half;
  s.a = split_operand(whole, half, Operand::A);
  s.b = split_operand(whole, half, Operand::B);
  const int per_lane = elements_per_lane(whole, Operand::C);
  if (per_lane != elements_per_lane(half, Operand::C)) {
    s.c_why = "C/D: " + std::to_string(per_lane) + " elements per lane against " +
              std::to_string(elements_per_lane(half, Operand::C));
    return s;
  }
  for (int lane = 0; lane < whole.threads && s.c_why.empty(); ++lane) {
    for (int i = 0; i < per_lane; ++i) {
      const Coord w = fragment_coord(whole, Operand::C, lane, i),
                  h = fragment_coord(half, Operand::C, lane, i);
      if (w != h) {
        s.c_why = "C/D: lane " + std::to_string(lane) + " element " + std::to_string(i) + " is " +
                  coord_text(w) + " in the whole, " + coord_text(h) + " in the half";
        break;
      }
    }
  }
  s.c_same = s.c_why.empty();
  return s;
}

std::vector<KSplit> k_split_relations() {
  std::vector<KSplit> out;
  for (const Instruction& whole : catalogue())
    for (const Instruction& half : catalogue())
      if (is_k_split_candidate(whole, half)) out.push_back(analyze_k_split(whole, half));
  return out;
}

std::string describe_register_map(const OperandSplit& s) {
  const std::string name = operand_name(s.operand);
  if (!s.holds) return s.why;
  if (s.contiguous()) {
    std::vector<int> h0, h1;
    for (std::size_t r = 0; r < s.map.size(); ++r)
      (s.map[r].half == 0 ? h0 : h1).push_back(static_cast<int>(r));
    return name + (h0.size() == 1 ? " reg " : " regs ") + join_regs(h0) + " -> half 0, " + join_regs(h1) +
           " -> half 1";
  }
  std::string out = name;
  for (std::size_t r = 0; r < s.map.size(); ++r)
    out += (r ? ", reg " : " reg ") + std::to_string(r) + " -> half " + std::to_string(s.map[r].half) +
           " reg " + std::to_string(s.map[r].reg);
  return out;
}

std::string describe_k_split(const KSplit& s) {
  const std::string pair =
      std::string(s.whole->mnemonic) + (s.holds() ? " = 2 x " : " != 2 x ") + s.half->mnemonic;
  if (s.holds()) return pair + ": " + describe_register_map(s.a) + "; " + describe_register_map(s.b);
  std::string why;
  for (const OperandSplit* o : {&s.a, &s.b})
    if (!o->holds) why += (why.empty() ? "" : "; ") + o->why;
  if (!s.c_same) why += (why.empty() ? "" : "; ") + s.c_why;
  return pair + ": " + why;
}

// [SECTION] accumulator as A: API ----------------------------------------------------------------------

bool reuse_conversion_supported(ElemType from, ElemType to) {
  switch (from) {
    case ElemType::f32:
      return to == ElemType::f16 || to == ElemType::bf16 || to == ElemType::tf32 || to == ElemType::e4m3 ||
             to == ElemType::e5m2;
    case ElemType::s32:
      return to == ElemType::s8 || to == ElemType::u8;
    case ElemType::f16:
      return to == ElemType::f16;
    default:
      return false;
  }
}

std::optional<std::string> reuse_candidate_error(const Instruction& producer, const Instruction& consumer) {
  if (producer.products != 1 || consumer.products != 1)
    return std::string("an instruction of several independent products (m8n8k4 .f16) has no single tile");
  if (producer.threads != kWarpSize || consumer.threads != kWarpSize)
    return std::string("not a 32-thread mma");
  if (producer.m != consumer.m)
    return "M differs (" + std::to_string(producer.m) + " against " + std::to_string(consumer.m) + ")";
  if (consumer.k % producer.n != 0)
    return "the consumer's K (" + std::to_string(consumer.k) + ") is no multiple of the producer's N (" +
           std::to_string(producer.n) + ")";
  if (producer.op != MmaOp::multiply_add || consumer.op != MmaOp::multiply_add)
    return std::string("the .b1 popc forms take bits, not values");
  if (!reuse_conversion_supported(producer.c.type, consumer.a.type))
    return "no conversion from ." + std::string(to_string(producer.c.type)) + " to ." +
           std::string(to_string(consumer.a.type));
  const int tiles = consumer.k / producer.n;
  if (elements_per_lane(consumer, Operand::A) != tiles * elements_per_lane(producer, Operand::C))
    return std::string("the consumer's A elements per lane are not the producer tiles' accumulators");
  return std::nullopt;
}

AccumulatorReuse analyze_accumulator_reuse(const Instruction& producer, const Instruction& consumer) {
  AccumulatorReuse r;
  r.producer = &producer;
  r.consumer = &consumer;
  if (auto why = reuse_candidate_error(producer, consumer)) {
    r.refused = *why;
    return r;
  }
  r.tiles = consumer.k / producer.n;
  r.accumulators = elements_per_lane(producer, Operand::C);
  r.a_elements = elements_per_lane(consumer, Operand::A);
  const std::vector<Owner> inverse = owner_table(producer, Operand::C);
  const int E = r.accumulators;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < r.a_elements; ++i) {
      const Coord c = fragment_coord(consumer, Operand::A, lane, i);
      const int tile = c.col / producer.n;
      const Owner owner = inverse[static_cast<std::size_t>(
          cell_index(producer, Operand::C, Coord{c.row, c.col % producer.n, 0}))];
      const ElementSource right{owner.lane, tile, owner.element};
      const ElementSource naive{lane, i / E, i % E};
      r.right.push_back(right);
      r.naive.push_back(naive);
      if (right.lane != lane) ++r.cross_lane;
      if (group_id(right.lane) != group_id(lane)) r.within_quad = false;
      if (right != naive) ++r.naive_wrong;
    }
  }
  return r;
}

std::vector<AccumulatorReuse> accumulator_reuse_relations() {
  std::vector<AccumulatorReuse> out;
  for (const ReusePairNames& p : kReusePairs) {
    const Instruction* producer = find_instruction(p.producer);
    const Instruction* consumer = find_instruction(p.consumer);
    if (producer && consumer) out.push_back(analyze_accumulator_reuse(*producer, *consumer));
  }
  return out;
}

Coord source_cell(const AccumulatorReuse& r, ElementSource s) {
  const Coord c = fragment_coord(*r.producer, Operand::C, s.lane, s.element);
  return Coord{c.row, s.tile * r.producer->n + c.col, 0};
}

std::string describe_accumulator_reuse(const AccumulatorReuse& r) {
  std::string s = std::string(r.producer->mnemonic) + " C/D -> A of " + r.consumer->mnemonic;
  if (!r.refused.empty()) return s + ": not related: " + r.refused;
  s += " (" + std::to_string(r.tiles) + (r.tiles == 1 ? " n-tile" : " n-tiles") + "): ";
  if (r.holds())
    return s + "reuse in place holds: every A element is the lane's own accumulator, in order (" +
           std::to_string(r.slots()) + " of " + std::to_string(r.slots()) + ")";
  s += "reuse in place does NOT hold: ";
  if (r.cross_lane > 0) {
    s += std::to_string(r.cross_lane) + " of " + std::to_string(r.slots()) +
         " A elements must come from another lane (" +
         (r.within_quad ? "all within the quad, lanes 4g..4g+3" : "some from another quad") + "); ";
  }
  return s + "the naive in-order repack fills " + std::to_string(r.naive_wrong) + " of " +
         std::to_string(r.slots()) + " from the wrong cell";
}

std::string describe_reuse_element(const AccumulatorReuse& r, int lane, int i) {
  if (!r.refused.empty() || lane < 0 || lane >= kWarpSize || i < 0 || i >= r.a_elements) return {};
  const std::size_t at = static_cast<std::size_t>(lane * r.a_elements + i);
  const ElementSource right = r.right[at], naive = r.naive[at];
  const Coord cell = fragment_coord(*r.consumer, Operand::A, lane, i);
  std::string s = "lane " + std::to_string(lane) + " a" + std::to_string(i) + " = A" + coord_text(cell) +
                  " <- " + (right.lane == lane ? "own" : "lane " + std::to_string(right.lane)) + " n-tile " +
                  std::to_string(right.tile) + " c" + std::to_string(right.element) + "; naive: ";
  if (naive == right) return s + "the same";
  return s + "n-tile " + std::to_string(naive.tile) + " c" + std::to_string(naive.element) + " = A" +
         coord_text(source_cell(r, naive)) + ", wrong";
}

std::string reuse_example(const AccumulatorReuse& r) {
  if (!r.refused.empty()) return {};
  for (int pass = 0; pass < 2; ++pass)
    for (int lane = 0; lane < kWarpSize; ++lane)
      for (int i = 0; i < r.a_elements; ++i) {
        const std::size_t at = static_cast<std::size_t>(lane * r.a_elements + i);
        if (pass == 0 ? r.right[at].lane != lane : r.right[at] != r.naive[at])
          return describe_reuse_element(r, lane, i);
      }
  return {};
}

// [SECTION] hardware checks: K split ---------------------------------------------------------------------

KSplitRunPlan plan_k_split_run(const KSplit& s, std::uint64_t seed) {
  KSplitRunPlan p;
  p.whole = s.whole;
  p.half = s.half;
  if (!s.holds()) return p;
  const ExactTile t = exact_tile(*s.whole, seed);
  p.a = t.a_words;
  p.b = t.b_words;
  p.c = t.c_words;
  p.reference = t.d;
  auto words = [&](const OperandSplit& o, std::vector<int>& half, std::vector<int>& word) {
    const int per = words_per_register(*s.whole, o.operand);
    for (std::size_t r = 0; r < o.map.size(); ++r)
      for (int w = 0; w < per; ++w) {
        half.push_back(o.map[r].half);
        word.push_back(o.map[r].reg * per + w);
      }
  };
  words(s.a, p.a_half, p.a_word);
  words(s.b, p.b_half, p.b_word);
  return p;
}

KSplitCheck judge_k_split_run(const KSplit& model, const KSplitRunPlan& plan,
                              const std::vector<std::uint32_t>& d_whole,
                              const std::vector<std::uint32_t>& d_split) {
  KSplitCheck out;
  out.model = model;
  const Instruction& in = *plan.whole;
  const int wc = words_per_lane(in, Operand::C), per_lane = elements_per_lane(in, Operand::C);
  const std::size_t need = static_cast<std::size_t>(kWarpSize * wc);
  if (d_whole.size() < need || d_split.size() < need ||
      plan.reference.size() != static_cast<std::size_t>(in.m * in.n)) {
    out.skipped = "model error: " + std::to_string(d_whole.size()) + " and " +
                  std::to_string(d_split.size()) + " D words for " + std::to_string(need);
    return out;
  }
  out.ran = true;
  out.d_elements = in.m * in.n;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < per_lane; ++i) {
      const Coord c = fragment_coord(in, Operand::C, lane, i);
      const std::size_t at = static_cast<std::size_t>(lane * wc);
      const auto w = decode_element(in.c.type, element_bits_of(in, Operand::C, &d_whole[at], i));
      const auto h = decode_element(in.c.type, element_bits_of(in, Operand::C, &d_split[at], i));
      const double want = plan.reference[static_cast<std::size_t>(cell_index(in, Operand::C, c))];
      const bool equal = w && h && *w == *h;
      out.d_equal += equal;
      out.whole_exact += w && *w == want;
      out.split_exact += h && *h == want;
      if ((!equal || !w || *w != want) && out.first_difference.empty())
        out.first_difference = "D" + coord_text(c) + ": whole " + (w ? value_text(*w) : "NaN") + ", split " +
                               (h ? value_text(*h) : "NaN") + ", reference " + value_text(want);
    }
  }
  return out;
}

std::string describe_k_split_check(const KSplitCheck& c) {
  if (!c.ran) return c.skipped;
  std::string s =
      "on the GPU " + std::to_string(c.d_equal) + " of " + std::to_string(c.d_elements) + " D elements equal";
  if (c.whole_exact == c.d_elements && c.split_exact == c.d_elements)
    s += ", both exact";
  else
    s += "; exact against the double reference: whole " + std::to_string(c.whole_exact) + ", split " +
         std::to_string(c.split_exact);
  if (!c.first_difference.empty()) s += "; first difference " + c.first_difference;
  return s;
}

// [SECTION] hardware checks: accumulator as A
// ----------------------------------------------------------------

Outcome<ReuseRunPlan> plan_reuse_run(const AccumulatorReuse& r, std::uint64_t seed) {
  if (!r.refused.empty()) return Outcome<ReuseRunPlan>::fail(ErrorKind::refused, r.refused);
  ReuseRunPlan p;
  p.producer = r.producer;
  p.consumer = r.consumer;
  const Instruction& P = *r.producer;
  const Instruction& Q = *r.consumer;
  const int M = P.m, N = P.n, KQ = Q.k, NQ = Q.n, E = r.accumulators;
  p.tiles = r.tiles;
  const int windows = (KQ + NQ - 1) / NQ;
  p.passes = 1 + windows;

  // Labels: L(tile, row, col) spread over the set so that neighbouring cells differ.
  const std::vector<double> set = label_set(r);
  const int size = static_cast<int>(set.size());
  int stride = 97;
  while (std::gcd(stride, size) != 1) ++stride;
  auto label = [&](int tile, int row, int col) {
    const long x = static_cast<long>(tile) * M * N + static_cast<long>(row) * N + col;
    return set[static_cast<std::size_t>((x * stride + 11) % size)];
  };
  std::string bad;  // the first value that would not be exact

  // Producer tiles: random exact A_j, B_j; C_j = L_j - A_j*B_j, so D_j = L_j.
  for (int j = 0; j < r.tiles; ++j) {
    const ExactTile t = exact_tile(P, seed + static_cast<std::uint64_t>(j));
    append(p.pa, t.a_words);
    append(p.pb, t.b_words);
    std::vector<std::uint64_t> c_bits(t.c.size());
    for (int m = 0; m < M; ++m) {
      for (int n = 0; n < N; ++n) {
        const std::size_t cell = static_cast<std::size_t>(m * N + n);
        std::vector<double> terms;
        for (int k = 0; k < P.k; ++k)
          terms.push_back(t.a[static_cast<std::size_t>(m * P.k + k)] *
                          t.b[static_cast<std::size_t>(k * N + n)]);
        const double ab = std::accumulate(terms.begin(), terms.end(), 0.0);  // exact: small multiples
        const double c = label(j, m, n) - ab;
        terms.push_back(c);
        const auto enc = encode_element(P.c.type, c);
        if (!enc || !sum_exact_everywhere(terms, P.c.type)) {
          if (bad.empty())
            bad = "producer tile " + std::to_string(j) + " D" + coord_text(Coord{m, n, 0}) + " is not exact";
          continue;
        }
        c_bits[cell] = *enc;
      }
    }
    append(p.pc, pack_operand(P, Operand::C, c_bits));
  }

  // The consumer's A, right and naive, cell-major (row * KQ + col).
  p.a_right.assign(static_cast<std::size_t>(M * KQ), 0.0);
  p.a_naive.assign(p.a_right.size(), 0.0);
  for (int m = 0; m < M; ++m)
    for (int k = 0; k < KQ; ++k) p.a_right[static_cast<std::size_t>(m * KQ + k)] = label(k / N, m, k % N);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < r.a_elements; ++i) {
      const std::size_t at = static_cast<std::size_t>(lane * r.a_elements + i);
      const Coord cell = fragment_coord(Q, Operand::A, lane, i);
      const ElementSource n = r.naive[at];
      const Coord from = fragment_coord(P, Operand::C, n.lane, n.element);
      p.a_naive[static_cast<std::size_t>(cell.row * KQ + cell.col)] = label(n.tile, from.row, from.col);
      p.src_lane.push_back(r.right[at].lane);
      p.src_slot.push_back(r.right[at].tile * E + r.right[at].element);
    }
  }

  // Consumer passes: a random exact B, then the selection windows. C = 0.
  const std::vector<std::uint32_t> zero_c = zero_words(Q, Operand::C);
  const std::uint64_t one = encode_element(Q.b.type, 1.0).value_or(0),
                      zero = encode_element(Q.b.type, 0.0).value_or(0);
  for (int pass = 0; pass < p.passes; ++pass) {
    std::vector<double> b(static_cast<std::size_t>(KQ * NQ), 0.0);
    std::vector<std::uint32_t> b_words;
    if (pass == 0) {
      const ExactTile t = exact_tile(Q, seed + 1000);
      b = t.b;
      b_words = t.b_words;
    } else {
      std::vector<std::uint64_t> bits(b.size(), zero);
      for (int n = 0; n < NQ; ++n) {
        const int k = (pass - 1) * NQ + n;
        if (k >= KQ) continue;
        b[static_cast<std::size_t>(k * NQ + n)] = 1.0;
        bits[static_cast<std::size_t>(k * NQ + n)] = one;
      }
      b_words = pack_operand(Q, Operand::B, bits);
    }
    append(p.qb, b_words);
    append(p.qc, zero_c);
    for (const bool naive : {false, true}) {
      const std::vector<double>& a = naive ? p.a_naive : p.a_right;
      for (int m = 0; m < M; ++m) {
        for (int n = 0; n < NQ; ++n) {
          std::vector<double> terms;
          for (int k = 0; k < KQ; ++k)
            terms.push_back(a[static_cast<std::size_t>(m * KQ + k)] *
                            b[static_cast<std::size_t>(k * NQ + n)]);
          const double d = std::accumulate(terms.begin(), terms.end(), 0.0);
          if ((!encode_element(Q.c.type, d) || !sum_exact_everywhere(terms, Q.c.type)) && bad.empty())
            bad =
                "consumer pass " + std::to_string(pass) + " D" + coord_text(Coord{m, n, 0}) + " is not exact";
          (naive ? p.d_naive : p.d_right).push_back(d);
        }
      }
    }
  }
  if (!bad.empty()) return Outcome<ReuseRunPlan>::fail(ErrorKind::internal, bad);
  return Outcome<ReuseRunPlan>::ok(std::move(p));
}

bool ReuseCheck::agrees() const {
  if (!ran || naive_as_predicted != d_elements || right_exact != d_elements ||
      a_wrong_seen != a_wrong_predicted)
    return false;
  return model.holds() ? naive_equal_right == d_elements : naive_equal_right < d_elements;
}

ReuseCheck judge_reuse_run(const AccumulatorReuse& model, const ReuseRunPlan& plan,
                           const std::vector<std::uint32_t>& d_naive,
                           const std::vector<std::uint32_t>& d_right) {
  ReuseCheck out;
  out.model = model;
  const Instruction& Q = *plan.consumer;
  const int M = Q.m, NQ = Q.n, KQ = Q.k;
  const int wc = words_per_lane(Q, Operand::C), per_lane = elements_per_lane(Q, Operand::C);
  const std::size_t need = static_cast<std::size_t>(plan.passes) * static_cast<std::size_t>(kWarpSize * wc);
  if (d_naive.size() < need || d_right.size() < need) {
    out.skipped = "model error: " + std::to_string(d_naive.size()) + " D words for " + std::to_string(need);
    return out;
  }
  out.ran = true;
  out.d_elements = plan.passes * M * NQ;
  for (int pass = 0; pass < plan.passes; ++pass) {
    for (int lane = 0; lane < kWarpSize; ++lane) {
      for (int i = 0; i < per_lane; ++i) {
        const Coord c = fragment_coord(Q, Operand::C, lane, i);
        const std::size_t words = static_cast<std::size_t>((pass * kWarpSize + lane) * wc);
        const auto vn = decode_element(Q.c.type, element_bits_of(Q, Operand::C, &d_naive[words], i));
        const auto vr = decode_element(Q.c.type, element_bits_of(Q, Operand::C, &d_right[words], i));
        const std::size_t at = static_cast<std::size_t>(pass * M * NQ + c.row * NQ + c.col);
        const double want = plan.d_right[at], predicted = plan.d_naive[at];
        out.naive_equal_right += vn && *vn == want;
        out.naive_as_predicted += vn && *vn == predicted;
        out.right_exact += vr && *vr == want;
        if (out.first_difference.empty() && (!vn || *vn != predicted))
          out.first_difference = "pass " + std::to_string(pass) + " naive D" + coord_text(c) + ": " +
                                 (vn ? value_text(*vn) : "NaN") + ", model predicts " + value_text(predicted);
        if (out.first_difference.empty() && (!vr || *vr != want))
          out.first_difference = "pass " + std::to_string(pass) + " shuffle D" + coord_text(c) + ": " +
                                 (vr ? value_text(*vr) : "NaN") + ", reference " + value_text(want);
        // Selection passes: D(m, n) of pass 1 + w is A(m, w*N + n) as the tensor core read it.
        const int k = (pass - 1) * NQ + c.col;
        if (pass == 0 || k >= KQ) continue;
        const std::size_t cell = static_cast<std::size_t>(c.row * KQ + k);
        ++out.a_cells;
        out.a_wrong_seen += !vn || *vn != plan.a_right[cell];
        out.a_wrong_predicted += plan.a_naive[cell] != plan.a_right[cell];
      }
    }
  }
  return out;
}

std::string describe_reuse_check(const ReuseCheck& c) {
  if (!c.ran) return c.skipped;
  const std::string of = " of " + std::to_string(c.d_elements);
  std::string s = "on the GPU: naive repack ";
  if (c.model.holds()) {
    s += "D exact in " + std::to_string(c.naive_equal_right) + of;
  } else {
    s += "D as the model predicts in " + std::to_string(c.naive_as_predicted) + of + ", right in " +
         std::to_string(c.naive_equal_right) + of + " (A cells wrong: " + std::to_string(c.a_wrong_seen) +
         " of " + std::to_string(c.a_cells) + ", model " + std::to_string(c.a_wrong_predicted) + ")";
  }
  s += "; shuffle repack exact in " + std::to_string(c.right_exact) + of;
  if (!c.first_difference.empty()) s += "; first difference " + c.first_difference;
  return s;
}

RelationsReport relations_not_run(const DeviceInfo& device, const std::string& why) {
  RelationsReport report;
  report.device = device;
  for (const KSplit& s : k_split_relations()) {
    KSplitCheck c;
    c.model = s;
    c.skipped = why;
    report.k_splits.push_back(c);
  }
  for (const AccumulatorReuse& r : accumulator_reuse_relations()) {
    ReuseCheck c;
    c.model = r;
    c.skipped = why;
    report.reuse.push_back(c);
  }
  return report;
}

}  // namespace fragviz
