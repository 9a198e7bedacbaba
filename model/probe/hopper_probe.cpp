// The Hopper probes' passes and their judges (see fragviz/probe/hopper_probe.hpp for the scheme).
#include "fragviz/probe/hopper_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/mma_probe.hpp"

namespace fragviz {
namespace {

using Role = WgmmaPass::Role;

/// Bytes of the helper region: the canonical K-major A (2048 bytes) and B (at most 8192) that
/// the D, tile and label passes use; probed descriptor regions start after it.
constexpr std::uint32_t kHelperB = 2048;
constexpr std::uint32_t kProbedBase = 10240;

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t bits_of(ElemType t, double v) {
  const auto e = encode_element(t, v);
  return e ? *e : 0;  // every value the plans use is exact in its type (tests/unit checks)
}

void put_element(std::vector<std::uint8_t>& image, std::uint32_t at, ElemType t, std::uint64_t bits) {
  const std::uint32_t eb = static_cast<std::uint32_t>(smem_element_bytes(t));
  if (image.size() < at + eb) image.resize((at + eb + 15) / 16 * 16, 0);
  for (std::uint32_t b = 0; b < eb; ++b) image[at + b] = static_cast<std::uint8_t>(bits >> (8 * b));
}

/// bits_of(t, v) for v = 0, 1, ..., count - 1: the label digits a pass writes, encoded once.
std::vector<std::uint64_t> digit_bits(ElemType t, int count) {
  std::vector<std::uint64_t> out(static_cast<std::size_t>(count));
  for (int v = 0; v < count; ++v) out[static_cast<std::size_t>(v)] = bits_of(t, static_cast<double>(v));
  return out;
}

/// Writes operand values through a layout: value(mn, k) at the layout's address of (mn, k).
/// Runs of one value (the selectors' zeros) are encoded once: the last value's bits are kept,
/// keyed by the double's own bits so -0.0 and 0.0 stay apart.
template <class F>
void fill(std::vector<std::uint8_t>& image, const SmemOperandLayout& l, std::uint32_t start, F value) {
  std::uint64_t last_key = 0, last_bits = 0;
  bool have_last = false;
  for (int mn = 0; mn < l.mn; ++mn)
    for (int k = 0; k < l.k; ++k) {
      const double v = static_cast<double>(value(mn, k));
      std::uint64_t key = 0;
      std::memcpy(&key, &v, sizeof key);
      if (!have_last || key != last_key) {
        last_key = key;
        last_bits = bits_of(l.type, v);
        have_last = true;
      }
      put_element(image, smem_operand_address(l, start, mn, k), l.type, last_bits);
    }
}

std::uint64_t descriptor_bits(const SmemOperandLayout& l) { return encode_descriptor(descriptor_for(l, 0)); }

int digits_for(std::int64_t count, int base) {
  int d = 1;
  std::int64_t reach = base;
  while (reach < count) {
    reach *= base;
    ++d;
  }
  return d;
}

std::int64_t power(int base, int e) {
  std::int64_t p = 1;
  while (e-- > 0) p *= base;
  return p;
}

/// The model's D map as cells: [t * wgmma_d_elements + i] = row + 64 * col of thread t's element i.
std::vector<std::size_t> d_cells(const WgmmaInstruction& in) {
  const int ne = wgmma_d_elements(in);
  std::vector<std::size_t> cells(static_cast<std::size_t>(kWarpgroupSize * ne));
  for (int t = 0; t < kWarpgroupSize; ++t)
    for (int i = 0; i < ne; ++i) {
      const Coord c = wgmma_d_coord(in, t, i);
      cells[static_cast<std::size_t>(t * ne + i)] = static_cast<std::size_t>(c.row + 64 * c.col);
    }
  return cells;
}

/// D registers -> D(row + 64*col) values in `out` (64 * in.n of them), read with the model's D
/// map (`cells`, from d_cells(in)); NaN where no register held a finite value. `out` is reused
/// pass after pass, and the registers are decoded inline (decode_d_element).
void decode_d(const WgmmaInstruction& in, const std::vector<std::size_t>& cells,
              const std::vector<std::uint32_t>& regs, std::vector<double>& out) {
  out.assign(static_cast<std::size_t>(64 * in.n), std::numeric_limits<double>::quiet_NaN());
  const int nr = wgmma_d_registers(in), ne = wgmma_d_elements(in);
  const bool half = in.d_type == ElemType::f16;
  for (int t = 0; t < kWarpgroupSize; ++t) {
    // Registers past the end of a short `regs` leave their cells NaN.
    const std::size_t first = static_cast<std::size_t>(t * nr);
    const std::size_t* cell = &cells[static_cast<std::size_t>(t * ne)];
    for (int i = 0; i < ne; ++i) {
      const std::size_t r = first + static_cast<std::size_t>(half ? i / 2 : i);
      if (r >= regs.size()) continue;
      const std::uint32_t word = regs[r];
      out[cell[i]] = decode_d_element(in.d_type, half ? (word >> (16 * (i % 2))) & 0xFFFFu : word);
    }
  }
}

/// Raw D element i of thread t (no map): the value itself, NaN for none.
double d_element(const WgmmaInstruction& in, const std::vector<std::uint32_t>& regs, int t, int i) {
  const int nr = wgmma_d_registers(in);
  const bool half = in.d_type == ElemType::f16;
  const std::size_t r = static_cast<std::size_t>(t * nr + (half ? i / 2 : i));
  if (r >= regs.size()) return std::numeric_limits<double>::quiet_NaN();
  return decode_d_element(in.d_type, half ? (regs[r] >> (16 * (i % 2))) & 0xFFFFu : regs[r]);
}

/// is_index for decode_d's values (NaN: none).
bool is_index(double v, std::int64_t limit) {
  return v >= 0 && v < static_cast<double>(limit) && std::floor(v) == v;
}

WgmmaPass ss_pass(WgmmaForm form, Role role) {
  WgmmaPass p;
  p.form = form;
  p.role = role;
  return p;
}

void finish_image(WgmmaPass& p) { p.image.resize((p.image.size() + 15) / 16 * 16, 0); }

/// Random exact tile values: multiples of 0.25 in [-1, 1] for floating types, [-8, 8] (u8: [0, 8])
/// for integers; sums of 32 such products are exact in f32, s32 and f16.
double tile_value(ElemType t, std::uint64_t r) {
  if (t == ElemType::s8) return static_cast<double>(static_cast<int>(r % 17) - 8);
  if (t == ElemType::u8) return static_cast<double>(r % 9);
  return static_cast<double>(static_cast<int>(r % 9) - 4) * 0.25;
}

}  // namespace

int DescriptorProbe::mismatches() const {
  int n = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (i >= measured.size() || measured[i] != static_cast<std::int64_t>(expected[i])) ++n;
  return n;
}

int WgmmaProbe::mismatches() const {
  if (!ran) return 0;
  int n = 0;
  for (const ElementCheck& e : d) n += e.match() ? 0 : 1;
  for (const ElementCheck& e : a) n += e.match() ? 0 : 1;
  for (const DescriptorProbe& p : descriptors) n += p.mismatches();
  return n + (tile_exact ? 0 : 1);
}

int MatrixMoveProbe::mismatches() const {
  if (!ran) return 0;
  int n = stray_writes;
  for (const MoveCheck& c : cells) n += c.match() ? 0 : 1;
  return n;
}

int MatrixMoveProbe::order_differences() const {
  if (kind != "epilogue") return 0;
  int n = 0;
  for (const MoveCheck& c : cells) n += c.expected == c.fragment ? 0 : 1;
  return n;
}

WgmmaProbePlan plan_wgmma_probe(const WgmmaInstruction& in) {
  WgmmaProbePlan plan;
  plan.instr = &in;
  const int K = in.k, N = in.n;
  const SmemOperandLayout a_canon = canonical_layout(in.a_type, Major::K, SmemSwizzle::none, 64, K);
  const SmemOperandLayout b_canon = canonical_layout(in.b_type, Major::K, SmemSwizzle::none, N, K);
  const auto helpers = [&](WgmmaPass& p) {
    p.a_start = 0;
    p.b_start = kHelperB;
    p.a_descriptor = descriptor_bits(a_canon);
    p.b_descriptor = descriptor_bits(b_canon);
  };

  // [SECTION] D map: D(row, col) = row, then col.
  {
    WgmmaPass rows = ss_pass(WgmmaForm::ss, Role::d_rows);
    helpers(rows);
    fill(rows.image, a_canon, 0, [](int r, int k) { return k == 0 ? r & 7 : k == 1 ? r >> 3 : 0; });
    fill(rows.image, b_canon, kHelperB, [](int, int k) { return k == 0 ? 1 : k == 1 ? 8 : 0; });
    finish_image(rows);
    plan.passes.push_back(std::move(rows));
    WgmmaPass cols = ss_pass(WgmmaForm::ss, Role::d_cols);
    helpers(cols);
    fill(cols.image, a_canon, 0, [](int, int k) { return k == 0 ? 1 : k == 1 ? 8 : k == 2 ? 64 : 0; });
    fill(cols.image, b_canon, kHelperB, [](int n, int k) {
      return k == 0 ? n & 7 : k == 1 ? (n >> 3) & 7 : k == 2 ? n >> 6 : 0;
    });
    finish_image(cols);
    plan.passes.push_back(std::move(cols));
  }

  // [SECTION] one random exact tile.
  {
    WgmmaPass tile = ss_pass(WgmmaForm::ss, Role::tile);
    helpers(tile);
    std::uint64_t state = 91;
    std::vector<double> a(static_cast<std::size_t>(64 * K)), b(static_cast<std::size_t>(K * N));
    for (double& v : a) v = tile_value(in.a_type, splitmix64(state));
    for (double& v : b) v = tile_value(in.b_type, splitmix64(state));
    fill(tile.image, a_canon, 0, [&](int r, int k) { return a[static_cast<std::size_t>(r * K + k)]; });
    fill(tile.image, b_canon, kHelperB, [&](int n, int k) { return b[static_cast<std::size_t>(k * N + n)]; });
    finish_image(tile);
    plan.tile_reference.assign(static_cast<std::size_t>(64 * N), 0.0);
    for (int r = 0; r < 64; ++r)
      for (int n = 0; n < N; ++n) {
        double s = 0;
        for (int k = 0; k < K; ++k)
          s += a[static_cast<std::size_t>(r * K + k)] * b[static_cast<std::size_t>(k * N + n)];
        plan.tile_reference[static_cast<std::size_t>(r + 64 * n)] = s;
      }
    plan.passes.push_back(std::move(tile));
  }

  // [SECTION] A from registers: labels as digits, B selects k = (n + shift) % K.
  {
    const int elems = wgmma_a_elements(in);
    const int base = 1 << label_digit_bits(in.a_type);
    plan.a_digit_base = base;
    plan.a_digits = digits_for(kWarpgroupSize * elems, base);
    const int per_reg = elements_per_register(in.a_type), bits = element_bits(in.a_type);
    for (int shift = 0; shift < K; shift += N) {
      // The same B selector for every digit: written once, copied into each pass.
      std::vector<std::uint8_t> selector;
      fill(selector, b_canon, kHelperB, [&](int n, int k) { return k == (n + shift) % K ? 1 : 0; });
      for (int digit = 0; digit < plan.a_digits; ++digit) {
        WgmmaPass p = ss_pass(WgmmaForm::rs, Role::a_label);
        p.digit = digit;
        p.shift = shift;
        p.b_start = kHelperB;
        p.b_descriptor = descriptor_bits(b_canon);
        p.image = selector;
        finish_image(p);
        p.a_registers.assign(static_cast<std::size_t>(kWarpgroupSize * kWgmmaARegisters), 0u);
        for (int t = 0; t < kWarpgroupSize; ++t) {
          for (int i = 0; i < elems; ++i) {
            const std::int64_t label = t * elems + i;
            const double value = static_cast<double>((label / power(base, digit)) % base);
            const std::uint64_t raw = bits_of(in.a_type, value);
            p.a_registers[static_cast<std::size_t>(t * kWgmmaARegisters + i / per_reg)] |=
                static_cast<std::uint32_t>(raw << ((i % per_reg) * bits));
          }
        }
        plan.passes.push_back(std::move(p));
      }
    }
  }

  // [SECTION] A and B through descriptors.
  if (N == 64 || N == 256) {
    struct Mode {
      Operand op;
      Major major;
      SmemSwizzle swizzle;
      std::uint32_t offset;
      std::uint32_t lbo = 0;  ///< non-zero: this LBO instead of the canonical one
    };
    std::vector<Mode> modes;
    const SmemSwizzle all[] = {SmemSwizzle::none, SmemSwizzle::b32, SmemSwizzle::b64, SmemSwizzle::b128};
    for (Operand op : {Operand::A, Operand::B}) {
      for (SmemSwizzle s : all) modes.push_back({op, Major::K, s, 0});
      if (op == Operand::B) {
        for (SmemSwizzle s : {SmemSwizzle::b64, SmemSwizzle::b128}) modes.push_back({op, Major::K, s, 32});
        // The model says a swizzled K-major layout ignores LBO: a wild one must change nothing.
        modes.push_back({op, Major::K, SmemSwizzle::b128, 0, 4096});
      }
      if (wgmma_mn_major_probed(in))
        for (SmemSwizzle s : all) modes.push_back({op, Major::MN, s, 0});
    }
    for (const Mode& m : modes) {
      const bool is_a = m.op == Operand::A;
      const ElemType type = is_a ? in.a_type : in.b_type;
      DescriptorProbe probe;
      probe.operand = m.op;
      probe.layout = canonical_layout(type, m.major, m.swizzle, is_a ? 64 : N, K);
      if (m.lbo) probe.layout.lbo = m.lbo;
      probe.start = kProbedBase + m.offset;
      probe.descriptor = encode_descriptor(descriptor_for(probe.layout, probe.start));
      for (int mn = 0; mn < probe.layout.mn; ++mn)
        for (int k = 0; k < K; ++k)
          probe.expected.push_back(smem_operand_address(probe.layout, probe.start, mn, k));
      const std::uint32_t eb = static_cast<std::uint32_t>(smem_element_bytes(type));
      const std::uint32_t end = probe.start + layout_footprint_bytes(probe.layout, probe.start);
      const int base = 1 << label_digit_bits(type);
      const int digits = digits_for(end / eb, base);
      const int index = static_cast<int>(plan.descriptors.size());
      plan.descriptors.push_back(probe);
      const WgmmaForm form = m.major == Major::K ? WgmmaForm::ss
                             : is_a              ? WgmmaForm::ss_a_mn
                                                 : WgmmaForm::ss_b_mn;
      const std::vector<std::uint64_t> encoded = digit_bits(type, base);
      for (int shift = 0; shift < (is_a ? K : 1); shift += N) {
        // The other operand's selector, the same for every digit: written once, copied per pass.
        std::vector<std::uint8_t> selector;
        if (is_a)
          fill(selector, b_canon, kHelperB, [&](int n, int k) { return k == (n + shift) % K ? 1 : 0; });
        else
          fill(selector, a_canon, 0, [&](int r, int k) { return k == r % K ? 1 : 0; });
        for (int digit = 0; digit < digits; ++digit) {
          WgmmaPass p = ss_pass(form, Role::descriptor);
          p.digit = digit;
          p.shift = shift;
          p.descriptor = index;
          if (is_a) {
            p.a_start = probe.start;
            p.a_descriptor = descriptor_bits(probe.layout);
            p.b_start = kHelperB;
            p.b_descriptor = descriptor_bits(b_canon);
          } else {
            p.a_start = 0;
            p.a_descriptor = descriptor_bits(a_canon);
            p.b_start = probe.start;
            p.b_descriptor = descriptor_bits(probe.layout);
          }
          p.image = selector;
          p.image.reserve((end + 15) / 16 * 16);
          const std::int64_t weight = power(base, digit);
          for (std::uint32_t at = kProbedBase; at < end; at += eb) {
            const std::int64_t v = (static_cast<std::int64_t>(at / eb) / weight) % base;
            put_element(p.image, at, type, encoded[static_cast<std::size_t>(v)]);
          }
          finish_image(p);
          plan.passes.push_back(std::move(p));
        }
      }
    }
  }
  return plan;
}

std::optional<double> d_value(const WgmmaInstruction& in, const std::vector<std::uint32_t>& d_regs, int row,
                              int col) {
  std::vector<double> all;
  decode_d(in, d_cells(in), d_regs, all);
  const std::size_t at = static_cast<std::size_t>(row + 64 * col);
  if (at >= all.size() || std::isnan(all[at])) return std::nullopt;
  return all[at];
}

WgmmaProbe judge_wgmma_probe(const WgmmaProbePlan& plan, const std::vector<std::vector<std::uint32_t>>& d) {
  const WgmmaInstruction& in = *plan.instr;
  WgmmaProbe out;
  out.mnemonic = in.mnemonic;
  out.ran = true;
  out.passes = static_cast<int>(plan.passes.size());
  out.descriptors = plan.descriptors;
  const int K = in.k, N = in.n;
  if (d.size() != plan.passes.size()) {
    out.ran = false;
    out.skipped = "internal: the device returned " + std::to_string(d.size()) + " passes, the plan has " +
                  std::to_string(plan.passes.size());
    return out;
  }
  const std::vector<std::uint32_t>* rows = nullptr;
  const std::vector<std::uint32_t>* cols = nullptr;
  const std::vector<std::size_t> cells = d_cells(in);
  // Labels of A seen at each (row, k) and addresses of each descriptor probe's elements, built
  // digit by digit; -2 marks a cell whose observations disagree.
  std::vector<std::int64_t> a_label(static_cast<std::size_t>(64 * K), 0);
  std::vector<int> a_seen(static_cast<std::size_t>(64 * K), 0);
  std::vector<std::vector<std::int64_t>> desc_index(plan.descriptors.size());
  for (std::size_t i = 0; i < plan.descriptors.size(); ++i)
    desc_index[i].assign(plan.descriptors[i].expected.size(), 0);
  std::vector<double> got;               // one pass's D, decoded (decode_d)
  std::vector<std::int64_t> pass_digit;  // one descriptor pass's digit of each element
  for (std::size_t pi = 0; pi < plan.passes.size(); ++pi) {
    const WgmmaPass& p = plan.passes[pi];
    if (p.role == Role::d_rows) rows = &d[pi];
    if (p.role == Role::d_cols) cols = &d[pi];
    if (p.role == Role::tile) {
      decode_d(in, cells, d[pi], got);
      out.tile_exact = true;
      for (int c = 0; c < N && out.tile_exact; ++c) {
        for (int r = 0; r < 64; ++r) {
          const std::size_t at = static_cast<std::size_t>(r + 64 * c);
          if (!(got[at] == plan.tile_reference[at])) {  // NaN: no value
            char buf[128];
            std::snprintf(buf, sizeof buf, "D(%d,%d): got %s, want %g", r, c,
                          std::isnan(got[at]) ? "NaN" : std::to_string(got[at]).c_str(),
                          plan.tile_reference[at]);
            out.tile_detail = buf;
            out.tile_exact = false;
            break;
          }
        }
      }
    }
    if (p.role == Role::a_label) {
      decode_d(in, cells, d[pi], got);
      const std::int64_t weight = power(plan.a_digit_base, p.digit);
      for (int r = 0; r < 64; ++r) {
        for (int n = 0; n < N && n < K; ++n) {
          const int k = (n + p.shift) % K;
          const std::size_t cell = static_cast<std::size_t>(r + 64 * k);
          const double v = got[static_cast<std::size_t>(r + 64 * n)];
          if (!is_index(v, plan.a_digit_base)) {
            a_label[cell] = -2;
            continue;
          }
          if (a_label[cell] >= 0) a_label[cell] += static_cast<std::int64_t>(v) * weight;
          if (p.digit == 0) ++a_seen[cell];
        }
      }
    }
    if (p.role == Role::descriptor) {
      const DescriptorProbe& probe = plan.descriptors[static_cast<std::size_t>(p.descriptor)];
      const bool is_a = probe.operand == Operand::A;
      const int base = 1 << label_digit_bits(is_a ? in.a_type : in.b_type);
      const std::int64_t weight = power(base, p.digit);
      decode_d(in, cells, d[pi], got);
      std::vector<std::int64_t>& idx = desc_index[static_cast<std::size_t>(p.descriptor)];
      // B: D(r, n) = B(k = r % K, n), rows r = k first, the rest must agree; A: D(r, n) = A(r, (n + shift) %
      // K).
      pass_digit.assign(idx.size(), -1);
      const int columns = is_a ? std::min(N, K) : N;  // A: column n shows k = (n + shift) % K, n < K
      for (int r = 0; r < 64; ++r) {
        for (int n = 0; n < columns; ++n) {
          const int mn = is_a ? r : n;
          const int k = is_a ? (n + p.shift) % K : r % K;
          const std::size_t e = static_cast<std::size_t>(mn * K + k);
          const double v = got[static_cast<std::size_t>(r + 64 * n)];
          const std::int64_t digit = is_index(v, base) ? static_cast<std::int64_t>(v) : -2;
          if (pass_digit[e] == -1)
            pass_digit[e] = digit;
          else if (pass_digit[e] != digit)
            pass_digit[e] = -2;
        }
      }
      for (std::size_t e = 0; e < idx.size(); ++e) {
        if (idx[e] < 0) continue;
        if (pass_digit[e] < 0 && !(is_a && pass_digit[e] == -1)) {
          idx[e] = -2;
          continue;
        }
        if (pass_digit[e] >= 0) idx[e] += pass_digit[e] * weight;
      }
    }
  }

  // D: each thread's elements named by the rows and cols passes.
  out.d.reserve(static_cast<std::size_t>(kWarpgroupSize * wgmma_d_elements(in)));
  for (int t = 0; t < kWarpgroupSize; ++t) {
    for (int i = 0; i < wgmma_d_elements(in); ++i) {
      ElementCheck c;
      c.operand = Operand::C;
      c.lane = t;
      c.element = i;
      c.expected = wgmma_d_coord(in, t, i);
      if (rows && cols) {
        const double r = d_element(in, *rows, t, i), cl = d_element(in, *cols, t, i);
        if (is_index(r, 64) && is_index(cl, N))
          c.measured = Coord{static_cast<int>(r), static_cast<int>(cl), 0};
      }
      out.d.push_back(c);
    }
  }
  // A registers: where each label was seen.
  out.a.reserve(static_cast<std::size_t>(kWarpgroupSize * wgmma_a_elements(in)));
  std::vector<int> where(static_cast<std::size_t>(kWarpgroupSize * wgmma_a_elements(in)), -1);
  for (int cell = 0; cell < 64 * K; ++cell) {
    const std::int64_t l = a_label[static_cast<std::size_t>(cell)];
    if (a_seen[static_cast<std::size_t>(cell)] > 0 && l >= 0 && l < static_cast<std::int64_t>(where.size()))
      where[static_cast<std::size_t>(l)] = where[static_cast<std::size_t>(l)] == -1 ? cell : -2;
  }
  for (int t = 0; t < kWarpgroupSize; ++t) {
    for (int i = 0; i < wgmma_a_elements(in); ++i) {
      ElementCheck c;
      c.operand = Operand::A;
      c.lane = t;
      c.element = i;
      c.expected = wgmma_a_coord(in, t, i);
      const int cell = where[static_cast<std::size_t>(t * wgmma_a_elements(in) + i)];
      if (cell >= 0) c.measured = Coord{cell % 64, cell / 64, 0};
      out.a.push_back(c);
    }
  }
  // Descriptors: element index -> byte offset.
  for (std::size_t i = 0; i < out.descriptors.size(); ++i) {
    DescriptorProbe& probe = out.descriptors[i];
    const std::int64_t eb = smem_element_bytes(probe.operand == Operand::A ? in.a_type : in.b_type);
    probe.measured.resize(probe.expected.size());
    for (std::size_t e = 0; e < probe.expected.size(); ++e)
      probe.measured[e] = desc_index[i][e] >= 0 ? desc_index[i][e] * eb : -1;
  }
  return out;
}

std::string describe_wgmma_probe(const WgmmaProbe& p) {
  if (!p.ran) return p.mnemonic + ": not run (" + p.skipped + ")";
  const auto count = [](const std::vector<ElementCheck>& v) {
    int m = 0;
    for (const ElementCheck& e : v) m += e.match() ? 1 : 0;
    return std::to_string(m) + " of " + std::to_string(v.size());
  };
  std::string s = p.mnemonic + ": D " + count(p.d) + ", A registers " + count(p.a);
  if (!p.descriptors.empty()) {
    std::size_t total = 0, bad = 0;
    int layouts_ok = 0;
    for (const DescriptorProbe& d : p.descriptors) {
      total += d.expected.size();
      bad += static_cast<std::size_t>(d.mismatches());
      layouts_ok += d.mismatches() == 0 ? 1 : 0;
    }
    s += ", descriptor layouts " + std::to_string(layouts_ok) + " of " +
         std::to_string(p.descriptors.size()) + " (" + std::to_string(total - bad) + " of " +
         std::to_string(total) + " elements)";
  }
  s += p.tile_exact ? ", tile exact" : ", tile NOT exact: " + p.tile_detail;
  return s;
}

std::string describe_move_probe(const MatrixMoveProbe& p) {
  const std::string name = p.kind == "epilogue" ? "epilogue " + p.detail : p.mnemonic;
  if (!p.ran) return name + ": not run (" + p.skipped + ")";
  int ok = 0;
  for (const MoveCheck& c : p.cells) ok += c.match() ? 1 : 0;
  std::string s = name + ": " + std::to_string(ok) + " of " + std::to_string(p.cells.size()) + " as modelled";
  if (p.stray_writes) s += ", " + std::to_string(p.stray_writes) + " stray writes";
  if (p.kind == "epilogue") {
    const int diff = p.order_differences();
    s += diff ? ", " + std::to_string(diff) +
                    " elements stored away from their fragment position (order differs)"
              : ", every element stored at its fragment position";
  }
  return s;
}

}  // namespace fragviz
