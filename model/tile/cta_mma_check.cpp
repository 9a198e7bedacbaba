// The CTA tiled-MMA probe's plan and judge (cta_mma_check.hpp).
#include "fragviz/tile/cta_mma_check.hpp"

#include <cmath>
#include <map>
#include <unordered_map>

#include "mma_fragment.hpp"

namespace fragviz::tile {

Result<detail::Frag> detail::frag_of(const CtaTile& t, Operand op) {
  const auto shape = fragment_shape(t.mma, op);
  if (!shape) return Result<Frag>::fail(Refusal::bad_input, shape.message);
  const IntTuple& s = *shape.value;
  Frag f;
  f.v = algebra::product(s.items[0]);
  f.mode1 = algebra::product(s.items[1]) * (t.extent(op)[0] / tile_rows(t.mma, op));
  f.mode2 = algebra::product(s.items[2]) * (t.extent(op)[1] / tile_cols(t.mma, op));
  return Result<Frag>::ok(f);
}

namespace {

using detail::Frag;
using detail::frag_of;

Result<CtaMmaProbePlan> refuse(const std::string& why) {
  return Result<CtaMmaProbePlan>::fail(Refusal::bad_input, why);
}

struct AtomForm {
  const char* mnemonic;
  MmaProbeAtom kind;
  int min_sm, a_regs, b_regs;
  bool bf16;
};
const AtomForm kForms[] = {
    {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", MmaProbeAtom::m16n8k8_f16, 75, 2, 1, false},
    {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", MmaProbeAtom::m16n8k8_bf16, 80, 2, 1, true},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MmaProbeAtom::m16n8k16_f16, 80, 4, 2, false},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", MmaProbeAtom::m16n8k16_bf16, 80, 4, 2, true},
};

/// The copy plan's image with each element's label replaced by its value (pad stays 0xFFFF).
void fill_values(CtaCopyProbePlan& p, bool bf16, std::vector<int>& logical) {
  const std::int64_t labels = p.rows * p.cols;
  logical.assign(static_cast<std::size_t>(labels), 0);
  for (std::int64_t cell = 0; cell < labels; ++cell)
    logical[static_cast<std::size_t>(cell)] = mma_probe_value(p.operand, cell / p.cols, cell % p.cols);
  for (std::size_t b = 0; b + 1 < p.image.size(); b += 2) {
    const std::uint32_t label = p.image[b] | (std::uint32_t{p.image[b + 1]} << 8);
    if (label < 1 || label > labels) continue;
    const std::uint16_t v = mma_probe_encode(logical[label - 1], bf16);
    p.image[b] = static_cast<std::uint8_t>(v);
    p.image[b + 1] = static_cast<std::uint8_t>(v >> 8);
  }
}

/// Per thread and fragment value V, the half of the loaded registers the MMA reads: the copy's
/// register for V, or after `swap` the one the partner cell's copy fills. "" or why not.
std::string sources(const CtaCopyProbePlan& p, const std::optional<RegisterSwap>& swap,
                    std::int64_t frag_size, std::vector<std::uint32_t>& out) {
  out.assign(static_cast<std::size_t>(std::int64_t{p.threads} * frag_size), 0xFFFFFFFFu);
  std::map<std::pair<std::int64_t, std::pair<std::int64_t, std::int64_t>>, const CopyProbeValue*> held;
  for (const CopyProbeValue& v : p.values) held[{v.thread, {v.expected.row, v.expected.col}}] = &v;
  const bool swapped = swap && swap->operand == p.operand;
  for (const CopyProbeValue& v : p.values) {
    const std::int64_t row = swapped ? swap->partner(v.expected.row) : v.expected.row;
    const auto it = held.find({v.thread, {row, v.expected.col}});
    if (it == held.end())
      return "thread " + std::to_string(v.thread) + " has no register holding (" + std::to_string(row) + "," +
             std::to_string(v.expected.col) + ") to swap in";
    const CopyProbeValue& s = *it->second;
    if (s.register_byte % 2 != 0 || v.reg < 0 || v.reg >= frag_size)
      return "thread " + std::to_string(v.thread) + " V" + std::to_string(v.reg) +
             " is no 16-bit register half";
    out[static_cast<std::size_t>(v.thread * frag_size + v.reg)] =
        static_cast<std::uint32_t>((s.instruction * p.registers * 4 + s.register_byte) / 2);
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i] == 0xFFFFFFFFu)
      return "thread " + std::to_string(i / static_cast<std::size_t>(frag_size)) + " V" +
             std::to_string(i % static_cast<std::size_t>(frag_size)) + " is filled by no copy";
  return "";
}

}  // namespace

std::uint16_t mma_probe_encode(int v, bool bf16) {
  static const std::uint16_t f16[] = {0x0000, 0x3C00, 0x4000, 0x4200};
  static const std::uint16_t b16[] = {0x0000, 0x3F80, 0x4000, 0x4040};
  return bf16 ? b16[v & 3] : f16[v & 3];
}

int mma_probe_value(Operand op, std::int64_t row, std::int64_t col) {
  // A small integer hash (murmur3's finaliser): neighbouring cells get unrelated values.
  std::uint32_t x = static_cast<std::uint32_t>(row) * 0x9E3779B1u ^
                    static_cast<std::uint32_t>(col) * 0x85EBCA77u ^
                    (op == Operand::B ? 0x27D4EB2Fu : 0x165667B1u);
  x ^= x >> 16;
  x *= 0x85EBCA6Bu;
  x ^= x >> 13;
  x *= 0xC2B2AE35u;
  x ^= x >> 16;
  return static_cast<int>(x & 3u);
}

std::vector<std::int64_t> multiply_a_bt(const std::vector<int>& a, const std::vector<int>& b, std::int64_t m,
                                        std::int64_t n, std::int64_t k) {
  std::vector<std::int64_t> c(static_cast<std::size_t>(m * n), 0);
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      std::int64_t sum = 0;
      for (std::int64_t l = 0; l < k; ++l)
        sum += a[static_cast<std::size_t>(i * k + l)] * b[static_cast<std::size_t>(j * k + l)];
      c[static_cast<std::size_t>(i * n + j)] = sum;
    }
  return c;
}

Result<CtaMmaProbePlan> plan_cta_mma_probe(const CtaTile& tile) {
  const MmaAtom& atom = tile.mma.atom;
  if (atom.warpgroup) return plan_cta_wgmma_probe(tile);
  const AtomForm* form = nullptr;
  for (const AtomForm& f : kForms)
    if (atom.mnemonic == f.mnemonic) form = &f;
  if (!form)
    return refuse(atom.name + " (" + atom.mnemonic +
                  "): the probe issues mma.sync m16n8k8 and m16n8k16 with f16 or bf16 inputs and f32 "
                  "accumulators only");
  CtaMmaProbePlan p;
  p.atom = atom.name;
  p.instruction = atom.mnemonic;
  p.kind = form->kind;
  p.min_sm = form->min_sm;
  p.a_regs = form->a_regs;
  p.b_regs = form->b_regs;
  for (Operand op : {Operand::A, Operand::B}) {
    auto plan = plan_cta_copy_probe(tile, op);
    if (!plan) return refuse(std::string(to_string(op)) + ": " + plan.message);
    if (plan->element_bytes != 2)
      return refuse(std::string(to_string(op)) + ": the probe fills 16-bit elements");
    (op == Operand::A ? p.a : p.b) = std::move(*plan.value);
  }
  fill_values(p.a, form->bf16, p.a_tile);
  fill_values(p.b, form->bf16, p.b_tile);
  p.threads = p.a.threads;
  p.m = tile.tile_mnk[0];
  p.n = tile.tile_mnk[1];
  p.k = tile.tile_mnk[2];

  const auto fa = frag_of(tile, Operand::A), fb = frag_of(tile, Operand::B), fc = frag_of(tile, Operand::C);
  if (!fa || !fb || !fc) return refuse(!fa ? fa.message : !fb ? fb.message : fc.message);
  const Frag a = *fa.value, b = *fb.value, c = *fc.value;
  if (a.v != 2 * p.a_regs || b.v != 2 * p.b_regs || c.v != 4)
    return refuse("the fragments hold " + std::to_string(a.v) + ", " + std::to_string(b.v) + " and " +
                  std::to_string(c.v) + " values per atom, not " + p.instruction + "'s registers");
  if (a.mode1 != c.mode1 || b.mode1 != c.mode2 || a.mode2 != b.mode2)
    return refuse("MMA_M, MMA_N or MMA_K of A, B and C do not meet");
  std::vector<std::uint32_t> src_a, src_b;
  if (std::string why = sources(p.a, tile.swap, a.v * a.mode1 * a.mode2, src_a); !why.empty())
    return refuse("A: " + why);
  if (std::string why = sources(p.b, tile.swap, b.v * b.mode1 * b.mode2, src_b); !why.empty())
    return refuse("B: " + why);

  p.c_values = static_cast<int>(c.v * c.mode1 * c.mode2);
  p.calls = static_cast<int>(a.mode1 * b.mode1 * a.mode2);
  const std::int64_t frag_a = a.v * a.mode1 * a.mode2, frag_b = b.v * b.mode1 * b.mode2;
  p.table.reserve(static_cast<std::size_t>(std::int64_t{p.threads} * p.calls * p.entries()));
  for (std::int64_t t = 0; t < p.threads; ++t)
    for (std::int64_t kk = 0; kk < a.mode2; ++kk)  // CuTe's gemm: k outermost, then m, n
      for (std::int64_t mm = 0; mm < a.mode1; ++mm)
        for (std::int64_t nn = 0; nn < b.mode1; ++nn) {
          // The atom's register r holds fragment values 2r (low half) and 2r+1 (CuTe's recast).
          for (std::int64_t v = 0; v < a.v; ++v)
            p.table.push_back(src_a[static_cast<std::size_t>(t * frag_a + v + a.v * (mm + a.mode1 * kk))]);
          for (std::int64_t v = 0; v < b.v; ++v)
            p.table.push_back(src_b[static_cast<std::size_t>(t * frag_b + v + b.v * (nn + b.mode1 * kk))]);
          for (std::int64_t v = 0; v < c.v; ++v)
            p.table.push_back(static_cast<std::uint32_t>(v + c.v * (mm + c.mode1 * nn)));
        }
  p.c_cells.reserve(static_cast<std::size_t>(std::int64_t{p.threads} * p.c_values));
  for (std::int64_t t = 0; t < p.threads; ++t) {
    const std::vector<Cell> cells = cta_fragment_cells(tile, Operand::C, t);
    p.c_cells.insert(p.c_cells.end(), cells.begin(), cells.end());
  }
  CtaOptions options;
  options.suggest = false;
  const auto report = analyze_cta_tile(tile, options);
  if (!report) return refuse(report.message);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& join = report->operands[i].join;
    p.model_predicts_match = p.model_predicts_match && join && join->mismatches == 0;
  }
  return Result<CtaMmaProbePlan>::ok(std::move(p));
}

std::string mma_probe_launch_problem(const CtaMmaProbePlan& p, std::int64_t shared_limit) {
  if (p.kind == MmaProbeAtom::wgmma_f16 || p.wgmma) return wgmma_probe_launch_problem(p, shared_limit);
  const std::int64_t bytes = static_cast<std::int64_t>(p.a.image.size() + p.b.image.size());
  for (const CtaCopyProbePlan* c : {&p.a, &p.b})
    if (std::string why = copy_probe_launch_problem(*c, shared_limit); !why.empty())
      return std::string(to_string(c->operand)) + ": " + why;
  if (p.a.store || p.b.store || p.a.threads != p.threads || p.b.threads != p.threads)
    return "A and B must be loads over the tiled MMA's threads";
  if (bytes > shared_limit)
    return "A and B need " + std::to_string(bytes) +
           " bytes of shared memory; the device gives a block at most " + std::to_string(shared_limit);
  const std::int64_t words_a = std::int64_t{p.a.instructions} * p.a.registers;
  const std::int64_t words_b = std::int64_t{p.b.instructions} * p.b.registers;
  if (words_a > kMmaProbeMaxWords || words_b > kMmaProbeMaxWords)
    return "A or B loads " + std::to_string(std::max(words_a, words_b)) +
           " registers per thread; the kernel holds " + std::to_string(kMmaProbeMaxWords);
  if (p.c_values < 1 || p.c_values > kMmaProbeMaxAccumulators)
    return std::to_string(p.c_values) + " accumulators per thread; the kernel holds 1 to " +
           std::to_string(kMmaProbeMaxAccumulators);
  const bool k16 = p.kind == MmaProbeAtom::m16n8k16_f16 || p.kind == MmaProbeAtom::m16n8k16_bf16;
  if (p.a_regs != (k16 ? 4 : 2) || p.b_regs != (k16 ? 2 : 1))
    return "the registers do not fit " + p.instruction;
  if (p.calls < 1 ||
      static_cast<std::int64_t>(p.table.size()) != std::int64_t{p.threads} * p.calls * p.entries())
    return "the table does not hold every thread's every call";
  if (static_cast<std::int64_t>(p.c_cells.size()) != std::int64_t{p.threads} * p.c_values)
    return "the C cells do not cover every thread's accumulators";
  for (std::size_t i = 0; i < p.table.size(); ++i) {
    const int e = static_cast<int>(i % static_cast<std::size_t>(p.entries()));
    const std::int64_t limit = e < 2 * p.a_regs                ? 2 * words_a
                               : e < 2 * (p.a_regs + p.b_regs) ? 2 * words_b
                                                               : p.c_values;
    if (p.table[i] >= limit)
      return "table entry " + std::to_string(i) + " points past the thread's registers";
  }
  return "";
}

CtaMmaVerdict judge_c_values(const std::vector<std::int64_t>& expected, std::int64_t rows, std::int64_t cols,
                             const std::vector<Cell>& cells, std::int64_t regs,
                             const std::vector<float>& measured) {
  CtaMmaVerdict out;
  out.threads = regs > 0 ? static_cast<std::int64_t>(cells.size()) / regs : 0;
  for (std::size_t i = 0; i < cells.size() && i < measured.size(); ++i) {
    const Cell c = cells[i];
    ++out.cells;
    const bool inside = c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols;
    const std::int64_t want = inside ? expected[static_cast<std::size_t>(c.row * cols + c.col)] : -1;
    if (inside && measured[i] == static_cast<float>(want)) continue;
    ++out.mismatches;
    if (out.first) continue;
    CMismatch m;
    m.thread = static_cast<std::int64_t>(i) / regs;
    m.reg = static_cast<std::int64_t>(i) % regs;
    m.cell = c;
    m.measured = measured[i];
    m.expected = want;
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t q = 0; q < cols; ++q)
        if (static_cast<float>(expected[static_cast<std::size_t>(r * cols + q)]) == measured[i]) {
          if (m.holders.size() < 4) m.holders.push_back(Cell{r, q});
          ++m.holders_total;
        }
    out.first = m;
  }
  return out;
}

Result<CtaMmaVerdict> judge_cta_mma_probe(const CtaMmaProbePlan& p, const std::vector<float>& measured) {
  using R = Result<CtaMmaVerdict>;
  if (static_cast<std::int64_t>(measured.size()) != std::int64_t{p.threads} * p.c_values)
    return R::fail(Refusal::bad_input, "the device returned " + std::to_string(measured.size()) +
                                           " C values, the plan " + std::to_string(p.threads * p.c_values));
  const std::int64_t unlimited =
      p.wgmma ? wgmma_probe_smem_bytes(p) : static_cast<std::int64_t>(p.a.image.size() + p.b.image.size());
  if (const std::string problem = mma_probe_launch_problem(p, unlimited); !problem.empty())
    return R::fail(Refusal::bad_input, "the plan: " + problem);
  CtaMmaVerdict v = judge_c_values(multiply_a_bt(p.a_tile, p.b_tile, p.m, p.n, p.k), p.m, p.n, p.c_cells,
                                   p.c_values, measured);
  v.model_predicts_match = p.model_predicts_match;
  return R::ok(std::move(v));
}

std::string CtaMmaVerdict::text() const {
  const std::string model = agrees_with_model() ? ", as the model predicted"
                            : model_predicts_match
                                ? "; the model predicted all would match"
                                : "; the model predicted mismatches (its join feeds the MMA wrong cells)";
  if (!first) return "all " + std::to_string(cells) + " C values match A x B^T" + model;
  const CMismatch& m = *first;
  std::string value = std::isnan(m.measured) ? "NaN" : std::to_string(m.measured);
  if (!std::isnan(m.measured) && m.measured == std::floor(m.measured))
    value = std::to_string(static_cast<std::int64_t>(m.measured));
  std::string held;
  for (const Cell& c : m.holders) held += (held.empty() ? "" : ", ") + to_string(c);
  if (m.holders_total > static_cast<std::int64_t>(m.holders.size()))
    held += " and " + std::to_string(m.holders_total - static_cast<std::int64_t>(m.holders.size())) + " more";
  return "thread " + std::to_string(m.thread) + " V" + std::to_string(m.reg) +
         ", (m,n) = " + to_string(m.cell) + " in the model: the GPU computed " + value +
         ", A x B^T there is " +
         (m.expected < 0 ? std::string("outside the tile") : std::to_string(m.expected)) + "; " + value +
         (held.empty() ? " is A x B^T at no cell" : " is A x B^T at " + held) + " (" +
         std::to_string(mismatches) + " of " + std::to_string(cells) + " C values differ" + model + ")";
}

}  // namespace fragviz::tile
