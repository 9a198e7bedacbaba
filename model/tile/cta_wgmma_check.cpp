// The tiled-MMA probe's wgmma plan (cta_mma_check.hpp): B (and A of SS) in shared memory through
// the user's layouts, each warpgroup's calls through the descriptors the model built for them; A of
// RS gathered into registers by the model's A fragment cells.
#include <algorithm>
#include <map>

#include "fragviz/tile/cta_mma_check.hpp"
#include "mma_fragment.hpp"

namespace fragviz::tile {

namespace {

Result<CtaMmaProbePlan> refuse(const std::string& why) {
  return Result<CtaMmaProbePlan>::fail(Refusal::bad_input, why);
}

/// Largest image the plan builds (the biggest shared memory a block gets is 227 KiB).
constexpr std::int64_t kMaxImageBytes = std::int64_t{1} << 18;

/// `op`'s values at the bytes its layout gives them, appended to `image` at `at` (pad 0xFF, a NaN).
/// "" or why not (a cell outside the image's range, two cells on one byte).
std::string place(const CtaTile& t, Operand op, std::uint32_t at, std::vector<int>& logical,
                  std::vector<std::uint8_t>& image) {
  const auto ext = t.extent(op);
  const SmemLayout& layout = *t.smem[op == Operand::A ? 0 : 1];
  logical.assign(static_cast<std::size_t>(ext[0] * ext[1]), 0);
  std::map<std::int64_t, Cell> owner;
  for (std::int64_t r = 0; r < ext[0]; ++r)
    for (std::int64_t c = 0; c < ext[1]; ++c) {
      const int v = mma_probe_value(op, r, c);
      logical[static_cast<std::size_t>(r * ext[1] + c)] = v;
      const std::int64_t byte = at + layout.byte_offset(static_cast<int>(r), static_cast<int>(c));
      if (byte < at || byte % 2 != 0 || byte + 2 > kMaxImageBytes)
        return "the layout puts " + to_string(Cell{r, c}) + " at byte " + std::to_string(byte - at);
      const auto [it, fresh] = owner.emplace(byte, Cell{r, c});
      if (!fresh)
        return "the layout puts " + to_string(it->second) + " and " + to_string(Cell{r, c}) + " at byte " +
               std::to_string(byte - at);
      if (image.size() < static_cast<std::size_t>(byte + 2))
        image.resize(static_cast<std::size_t>(byte + 2), 0xFF);
      const std::uint16_t bits = mma_probe_encode(v, false);
      image[static_cast<std::size_t>(byte)] = static_cast<std::uint8_t>(bits);
      image[static_cast<std::size_t>(byte + 1)] = static_cast<std::uint8_t>(bits >> 8);
    }
  image.resize((image.size() + 1023) / 1024 * 1024, 0xFF);  // the next operand starts on a swizzle repeat
  return "";
}

/// The descriptor of the atom call whose first cell is `first` (the slice and k-block it starts).
const DescriptorSlice* slice_at(const CtaDescriptors& d, Cell first, std::int64_t mn, std::int64_t k) {
  if (first.row % mn != 0 || first.col % k != 0) return nullptr;
  for (const DescriptorSlice& s : d.slices)
    if (s.slice == first.row / mn && s.k_block == first.col / k) return &s;
  return nullptr;
}

}  // namespace

Result<CtaMmaProbePlan> plan_cta_wgmma_probe(const CtaTile& tile) {
  const MmaAtom& atom = tile.mma.atom;
  const bool rs = atom.a_source == OperandSource::registers;
  if (atom.b_source != OperandSource::descriptor)
    return refuse(atom.name + ": the probe issues wgmma with B through a descriptor only");
  if (atom.a_type != ElemType::f16 || atom.b_type != ElemType::f16 || atom.c_type != ElemType::f32 ||
      atom.m != 64 || atom.k != 16 || (atom.n != 64 && atom.n != 128 && atom.n != 256))
    return refuse(atom.name + " (" + atom.mnemonic +
                  "): the probe issues wgmma m64n64k16, m64n128k16 and m64n256k16 with f16 inputs and f32 "
                  "accumulators only");
  if (rs && !tile.smem[1]) return refuse("wgmma " + atom.name + " reads B through a shared layout: give it");
  if (!rs && (!tile.smem[0] || !tile.smem[1]))
    return refuse("wgmma reads A and B through shared layouts: give both");
  CtaMmaProbePlan p;
  p.atom = atom.name;
  p.instruction = atom.mnemonic;
  p.kind = MmaProbeAtom::wgmma_f16;
  p.min_sm = 90;
  p.m = tile.tile_mnk[0];
  p.n = tile.tile_mnk[1];
  p.k = tile.tile_mnk[2];
  p.threads = static_cast<int>(tile.mma.threads());
  WgmmaProbePlan w;
  w.n = atom.n;
  w.a_registers = rs;
  w.warpgroups = p.threads / 128;
  if (w.warpgroups < 1 || p.threads % 128 != 0)
    return refuse("the tiled MMA's threads are no whole warpgroups");

  CtaOptions options;
  options.suggest = false;
  const auto report = analyze_cta_tile(tile, options);
  if (!report) return refuse(report.message);
  const auto& da = report->operands[0].descriptors;
  const auto& db = report->operands[1].descriptors;
  if (!db || db->slices.empty() || (!rs && (!da || da->slices.empty())))
    return refuse("the model built no descriptors for A or B");
  p.model_predicts_match = db->layout.has_value() && (rs || da->layout.has_value());
  w.a_mn_major = !rs && da->layout && da->layout->major == Major::MN;
  w.b_mn_major = db->layout && db->layout->major == Major::MN;

  if (rs) {
    // A never touches shared memory: the logical tile's values, gathered below per register.
    p.a_tile.resize(static_cast<std::size_t>(p.m * p.k));
    w.a_values.resize(p.a_tile.size());
    for (std::int64_t r = 0; r < p.m; ++r)
      for (std::int64_t c = 0; c < p.k; ++c) {
        const auto i = static_cast<std::size_t>(r * p.k + c);
        p.a_tile[i] = mma_probe_value(Operand::A, r, c);
        w.a_values[i] = mma_probe_encode(p.a_tile[i], false);
      }
  } else if (std::string why = place(tile, Operand::A, 0, p.a_tile, w.image); !why.empty()) {
    return refuse("A: " + why);
  }
  w.b_offset = static_cast<std::uint32_t>(w.image.size());
  if (std::string why = place(tile, Operand::B, w.b_offset, p.b_tile, w.image); !why.empty())
    return refuse("B: " + why);

  // CuTe's partition_fragment of the TiledMMA: A (FrgV, MMA_M, MMA_K), B (FrgV, MMA_N, MMA_K), C
  // (FrgV, MMA_M, MMA_N); an SS atom's A and B FrgV is its whole m64 x k16 and nN x k16 tile, an
  // RS atom's A FrgV its 8 register halves per thread.
  const auto fa = detail::frag_of(tile, Operand::A), fb = detail::frag_of(tile, Operand::B),
             fc = detail::frag_of(tile, Operand::C);
  if (!fa || !fb || !fc) return refuse(!fa ? fa.message : !fb ? fb.message : fc.message);
  const detail::Frag a = *fa.value, b = *fb.value, c = *fc.value;
  const std::int64_t a_atom = std::int64_t{atom.m} * atom.k / (rs ? 128 : 1),
                     b_atom = std::int64_t{atom.n} * atom.k;
  if (a.v != a_atom || b.v != b_atom || c.v != atom.n / 2)
    return refuse("the fragments hold " + std::to_string(a.v) + ", " + std::to_string(b.v) + " and " +
                  std::to_string(c.v) + " values per atom, not " + p.instruction + "'s tiles and D");
  if (a.mode1 != c.mode1 || b.mode1 != c.mode2 || a.mode2 != b.mode2)
    return refuse("MMA_M, MMA_N or MMA_K of A, B and C do not meet");
  w.atoms = static_cast<int>(c.mode1 * c.mode2);
  p.c_values = static_cast<int>(c.v) * w.atoms;
  if (p.c_values > kWgmmaProbeMaxAccumulators)
    return refuse("each thread holds " + std::to_string(p.c_values) + " accumulators (" +
                  std::to_string(w.atoms) + " atoms of " + std::to_string(c.v) + " per warpgroup, MMA_M " +
                  std::to_string(c.mode1) + " x MMA_N " + std::to_string(c.mode2) +
                  "); the probe keeps at most " + std::to_string(kWgmmaProbeMaxAccumulators) +
                  " f32 D registers per thread (a thread has 255 registers)");
  p.calls = static_cast<int>(a.mode2) * w.atoms;
  for (int g = 0; g < w.warpgroups; ++g) {
    // CuTe's gemm over the warpgroup's fragments: per k16 step kk, atom (mm, nn) reads the atom
    // tiles its A block (mm, kk) and B block (nn, kk) start at (the TiledMMA's partition_A/B),
    // through that slice's and k-block's descriptor, into D set mm + MMA_M nn.
    const std::vector<Cell> ca = cta_fragment_cells(tile, Operand::A, 128 * g);
    const std::vector<Cell> cb = cta_fragment_cells(tile, Operand::B, 128 * g);
    for (std::int64_t kk = 0; kk < a.mode2; ++kk)
      for (int j = 0; j < w.atoms; ++j) {
        const std::int64_t mm = j % c.mode1, nn = j / c.mode1;
        const Cell first_a = ca[static_cast<std::size_t>(a.v * (mm + a.mode1 * kk))],
                   first_b = cb[static_cast<std::size_t>(b.v * (nn + b.mode1 * kk))];
        const DescriptorSlice* sa = rs ? nullptr : slice_at(*da, first_a, atom.m, atom.k);
        const DescriptorSlice* sb = slice_at(*db, first_b, atom.n, atom.k);
        if ((!rs && !sa) || !sb)
          return refuse("warpgroup " + std::to_string(g) + " k-step " + std::to_string(kk) + " atom " +
                        std::to_string(j) + " starts at A " + to_string(first_a) + ", B " +
                        to_string(first_b) + ": no descriptor of the model starts there");
        MatrixDescriptor bd = sb->descriptor;
        bd.start_address += w.b_offset;
        w.descriptors.push_back(rs ? 0 : encode_descriptor(sa->descriptor));
        w.descriptors.push_back(encode_descriptor(bd));
      }
  }
  if (rs) {
    // Call c = kk * atoms + j reads A block (mm, kk) of the thread's fragment: its 8 values, value
    // h in half h % 2 of register h / 2 (the model's A layout is the PTX A fragment's order).
    w.a_table.reserve(static_cast<std::size_t>(std::int64_t{p.threads} * p.calls * 8));
    for (std::int64_t t = 0; t < p.threads; ++t) {
      const std::vector<Cell> ca = cta_fragment_cells(tile, Operand::A, t);
      for (std::int64_t kk = 0; kk < a.mode2; ++kk)
        for (int j = 0; j < w.atoms; ++j)
          for (std::int64_t h = 0; h < a.v; ++h) {
            const Cell cell = ca[static_cast<std::size_t>(a.v * (j % c.mode1 + a.mode1 * kk) + h)];
            if (cell.row < 0 || cell.row >= p.m || cell.col < 0 || cell.col >= p.k)
              return refuse("thread " + std::to_string(t) + "'s A value " + std::to_string(h) +
                            " of k-step " + std::to_string(kk) + " is " + to_string(cell) +
                            ", outside the tile");
            w.a_table.push_back(static_cast<std::uint32_t>(cell.row * p.k + cell.col));
          }
    }
  }
  p.c_cells.reserve(static_cast<std::size_t>(std::int64_t{p.threads} * p.c_values));
  for (std::int64_t t = 0; t < p.threads; ++t) {
    // D register i of set j is fragment value j * n / 2 + i: CuTe hands C(_, mm, nn) to the asm.
    const std::vector<Cell> cells = cta_fragment_cells(tile, Operand::C, t);
    p.c_cells.insert(p.c_cells.end(), cells.begin(), cells.end());
  }
  p.wgmma = std::move(w);
  return Result<CtaMmaProbePlan>::ok(std::move(p));
}

std::int64_t wgmma_probe_smem_bytes(const CtaMmaProbePlan& p) {
  return p.wgmma ? static_cast<std::int64_t>(p.wgmma->image.size()) + 1024 : 0;
}

std::string wgmma_probe_launch_problem(const CtaMmaProbePlan& p, std::int64_t shared_limit) {
  if (!p.wgmma || p.kind != MmaProbeAtom::wgmma_f16) return "not a wgmma plan";
  const WgmmaProbePlan& w = *p.wgmma;
  if (w.n != 64 && w.n != 128 && w.n != 256)
    return "wgmma N " + std::to_string(w.n) + ": the kernels issue 64, 128 and 256";
  if (w.warpgroups < 1 || w.warpgroups > 3 || p.threads != 128 * w.warpgroups)
    return "the block must be 1 to 3 warpgroups (the kernel keeps up to 128 D registers per thread)";
  if (w.atoms < 1 || std::int64_t{w.atoms} * (w.n / 2) > kWgmmaProbeMaxAccumulators)
    return std::to_string(w.atoms) + " atoms of m64n" + std::to_string(w.n) + "k16 per warpgroup hold " +
           std::to_string(std::int64_t{w.atoms} * (w.n / 2)) +
           " D registers per thread; the kernel keeps at most " + std::to_string(kWgmmaProbeMaxAccumulators);
  if (w.atoms > (w.n == 256 ? 1 : 2))  // the kernels compiled (cta_wgmma_probe.cu)
    return std::to_string(w.atoms) + " atoms of m64n" + std::to_string(w.n) +
           "k16 per warpgroup: the kernel issues at most " + (w.n == 256 ? "1" : "2");
  if (p.calls < 1 || p.calls % w.atoms != 0 ||
      w.descriptors.size() != static_cast<std::size_t>(2 * w.warpgroups * p.calls))
    return "the descriptors do not give every warpgroup's every call (k16 steps x atoms)";
  if (p.c_values != w.atoms * (w.n / 2))
    return "the accumulators are not " + std::to_string(w.atoms) + " D's of m64n" + std::to_string(w.n) +
           "k16";
  if (static_cast<std::int64_t>(p.c_cells.size()) != std::int64_t{p.threads} * p.c_values)
    return "the C cells do not cover every thread's accumulators";
  if (w.image.empty() || w.image.size() % 1024 != 0 || w.b_offset % 1024 != 0 ||
      w.b_offset >= w.image.size() || (w.a_registers && w.b_offset != 0))
    return w.a_registers ? "the image is not B alone, 1024-byte aligned"
                         : "the image is not two 1024-byte aligned operands";
  if (w.a_registers) {
    if (w.a_mn_major || static_cast<std::int64_t>(w.a_values.size()) != p.m * p.k ||
        static_cast<std::int64_t>(w.a_table.size()) != std::int64_t{p.threads} * p.calls * 8)
      return "A's registers: the table does not give 8 halves of the " + std::to_string(p.m) + "x" +
             std::to_string(p.k) + " A tile per thread and call";
    for (std::size_t i = 0; i < w.a_table.size(); ++i)
      if (w.a_table[i] >= w.a_values.size())
        return "A's register table entry " + std::to_string(i) + " reads value " +
               std::to_string(w.a_table[i]) + " of " + std::to_string(w.a_values.size());
  } else if (!w.a_values.empty() || !w.a_table.empty()) {
    return "an SS plan with an A register table";
  }
  if (wgmma_probe_smem_bytes(p) > shared_limit)
    return "A and B need " + std::to_string(wgmma_probe_smem_bytes(p)) +
           " bytes of shared memory (1024 of them to align the swizzle); the device gives a block at most " +
           std::to_string(shared_limit);
  for (std::size_t i = 0; i < w.descriptors.size(); ++i) {
    const bool is_b = i % 2 == 1;
    if (!is_b && w.a_registers) {
      if (w.descriptors[i] != 0)
        return "descriptor " + std::to_string(i) + ": the RS form has no A descriptor";
      continue;
    }
    const MatrixDescriptor d = decode_descriptor(w.descriptors[i]);
    SmemOperandLayout l;
    l.type = ElemType::f16;
    l.major = (is_b ? w.b_mn_major : w.a_mn_major) ? Major::MN : Major::K;
    l.swizzle = d.swizzle;
    l.lbo = d.leading_byte_offset;
    l.sbo = d.stride_byte_offset;
    l.mn = is_b ? w.n : 64;
    l.k = 16;
    std::uint32_t last = 0;
    for (int r = 0; r < l.mn; ++r)
      for (int q = 0; q < l.k; ++q) last = std::max(last, smem_operand_address(l, d.start_address, r, q));
    if (d.base_offset != 0 || last + 2 > w.image.size())
      return "descriptor " + std::to_string(i) + " reads byte " + std::to_string(last) + " of a " +
             std::to_string(w.image.size()) + "-byte image";
  }
  return "";
}

}  // namespace fragviz::tile
