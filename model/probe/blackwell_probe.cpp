// The Blackwell matrix-move probes: plans and judge (fragviz/probe/blackwell_probe.hpp).
#include "fragviz/probe/blackwell_probe.hpp"

#include <cstring>

#include "fragviz/probe/block_scale_probe.hpp"

namespace fragviz {
namespace {

std::uint8_t byte_of(std::uint32_t word, int byte) { return static_cast<std::uint8_t>(word >> (8 * byte)); }

int value_bits(MatrixMoveB8Form f) {
  return f == MatrixMoveB8Form::ldsm_m8n16_b4x16_p64   ? 4
         : f == MatrixMoveB8Form::ldsm_m8n16_b6x16_p32 ? 6
                                                       : 8;
}

/// Load pass `pass`: every stored value holds coordinate `pass` of its position (0 matrix, 1 stored
/// row, 2 stored column).
std::vector<std::uint8_t> load_image(MatrixMoveB8 m, int pass) {
  std::vector<std::uint8_t> image(static_cast<std::size_t>(b8_probe_smem_bytes(m)), 0);
  const int rows = matrix_move_b8_stored_rows(m);
  for (int a = 0; a < matrix_move_b8_address_lanes(m); ++a) {
    std::array<std::uint8_t, 16> values{};
    for (int c = 0; c < 16; ++c)
      values[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pass == 0   ? a / rows
                                                                      : pass == 1 ? a % rows
                                                                                  : c);
    const auto row = pack_b8_row(m.form, values);
    for (int b = 0; b < 16; ++b)
      image[static_cast<std::size_t>(16 * a + b)] = row[static_cast<std::size_t>(b)];
  }
  return image;
}

/// One MoveCheck per (lane, register, byte) of `m`, expected from the PTX map (matrix_move_b8_cell),
/// measured as `measured(lane, register, byte)` says (nullopt: nothing readable arrived).
template <class Measured>
void add_move_cells(MatrixMoveProbe& probe, const MatrixMoveB8& m, int n_regs, Measured&& measured) {
  for (int lane = 0; lane < 32; ++lane)
    for (int r = 0; r < n_regs; ++r)
      for (int b = 0; b < 4; ++b) {
        const MatrixMoveB8Cell c = matrix_move_b8_cell(m, lane, r, b);
        MoveCheck check;
        check.lane = lane;
        check.reg = r;
        check.half = b;
        check.expected = {c.address_lane, c.stored_col};
        check.measured = measured(lane, r, b);
        probe.cells.push_back(check);
      }
}

}  // namespace

std::array<std::uint8_t, 16> pack_b8_row(MatrixMoveB8Form form, const std::array<std::uint8_t, 16>& values) {
  std::array<std::uint8_t, 16> row{};
  const int bits = value_bits(form);
  if (bits == 8) return values;
  for (int c = 0; c < 16; ++c)
    for (int k = 0; k < bits; ++k)
      if ((values[static_cast<std::size_t>(c)] >> k) & 1) {
        const int bit = bits * c + k;
        row[static_cast<std::size_t>(bit / 8)] |= static_cast<std::uint8_t>(1u << (bit % 8));
      }
  return row;
}

B8MovePlan plan_b8_move(MatrixMoveB8 m) {
  B8MovePlan plan;
  plan.move = m;
  const int lanes = matrix_move_b8_address_lanes(m);
  for (int lane = 0; lane < 32; ++lane)
    plan.lane_offset[static_cast<std::size_t>(lane)] = static_cast<std::uint32_t>(16 * (lane % lanes));
  if (!matrix_move_b8_is_store(m)) {
    for (int pass = 0; pass < 3; ++pass) plan.passes.push_back({load_image(m, pass), {}});
    return plan;
  }
  for (int pass = 0; pass < 2; ++pass) {
    B8MovePass p;
    p.image.assign(static_cast<std::size_t>(b8_probe_smem_bytes(m)), 0xFF);
    for (int r = 0; r < matrix_move_b8_registers(m); ++r)
      for (int lane = 0; lane < 32; ++lane) {
        std::uint32_t word = 0;
        for (int b = 0; b < 4; ++b)
          word |= static_cast<std::uint32_t>(pass == 0 ? lane : 4 * r + b) << (8 * b);
        p.regs[static_cast<std::size_t>(r)][static_cast<std::size_t>(lane)] = word;
      }
    plan.passes.push_back(std::move(p));
  }
  return plan;
}

MatrixMoveProbe judge_b8_move(const B8MovePlan& plan,
                              const std::vector<std::array<std::array<std::uint32_t, 32>, 4>>& regs,
                              const std::vector<std::vector<std::uint8_t>>& smem) {
  const MatrixMoveB8 m = plan.move;
  MatrixMoveProbe probe;
  probe.mnemonic = matrix_move_b8_mnemonic(m);
  probe.kind = matrix_move_b8_is_store(m) ? "stmatrix-b8" : "ldmatrix-b8";
  probe.detail = "sm_100a, model only until run";
  const int n_regs = matrix_move_b8_registers(m);
  const int rows = matrix_move_b8_stored_rows(m);
  const int stored_bytes = 16 * matrix_move_b8_address_lanes(m);
  if (matrix_move_b8_is_store(m)) {
    if (smem.size() != 2) {
      probe.skipped = "internal: a stmatrix probe returns two shared-memory images";
      return probe;
    }
    // Where each (lane, register, byte) landed: the stored byte whose two labels name it.
    std::vector<std::optional<Coord>> landed(static_cast<std::size_t>(32 * 4 * 4));
    for (int at = 0; at < static_cast<int>(smem[0].size()) && at < static_cast<int>(smem[1].size()); ++at) {
      const std::uint8_t lane = smem[0][static_cast<std::size_t>(at)],
                         rb = smem[1][static_cast<std::size_t>(at)];
      if (lane == 0xFF && rb == 0xFF) continue;
      if (at >= stored_bytes || lane > 31 || rb > 15 || rb / 4 >= n_regs) {
        ++probe.stray_writes;
        continue;
      }
      landed[static_cast<std::size_t>(16 * lane + rb)] = Coord{at / 16, at % 16};
    }
    add_move_cells(probe, m, n_regs, [&](int lane, int r, int b) -> std::optional<Coord> {
      return landed[static_cast<std::size_t>(16 * lane + 4 * r + b)];
    });
  } else {
    if (regs.size() != 3) {
      probe.skipped = "internal: an ldmatrix probe returns three register sets";
      return probe;
    }
    add_move_cells(probe, m, n_regs, [&](int lane, int r, int b) -> std::optional<Coord> {
      const auto label = [&](int pass) {
        return byte_of(
            regs[static_cast<std::size_t>(pass)][static_cast<std::size_t>(r)][static_cast<std::size_t>(lane)],
            b);
      };
      const int matrix = label(0), row = label(1), col = label(2);
      if (matrix < m.num && row < rows && col < 16) return Coord{rows * matrix + row, col};
      return std::nullopt;
    });
  }
  probe.ran = true;
  return probe;
}

namespace {

/// f16 bits of a small non-negative integer (exact below 2048).
std::uint16_t f16_of(int v) {
  if (v <= 0) return 0;
  int e = 0;
  while ((v >> (e + 1)) != 0) ++e;
  const int mantissa = (v << (10 - e)) & 0x3FF;
  return static_cast<std::uint16_t>(((e + 15) << 10) | mantissa);
}

/// Byte offset of element (row, k) of a K-major operand of 16 f16 columns stored without swizzle:
/// 8x16-byte core matrices, the two along K kLbo apart, 8-row groups kSbo apart.
constexpr std::uint32_t kLbo = 128, kSbo = 256;
std::uint32_t kmajor_offset(int row, int k) {
  return static_cast<std::uint32_t>((row / 8) * kSbo + (k / 8) * kLbo + (row % 8) * 16 + (k % 8) * 2);
}

float f32_of(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

}  // namespace

std::string umma_probe_mnemonic(int m, int cta_group, bool sparse) {
  return std::string("tcgen05.mma") + (sparse ? ".sp" : "") + ".cta_group::" + std::to_string(cta_group) +
         ".kind::f16.m" + std::to_string(m) + "n" + std::to_string(kUmmaProbeColumns) +
         (sparse ? "k32" : "k16");
}

UmmaProbePlan plan_umma_probe(int m, int cta_group, bool sparse) {
  UmmaProbePlan plan;
  sparse = sparse && cta_group == 2;
  plan.shape = sparse           ? UmmaAccumulator{128, kUmmaProbeColumns, 2, true}
               : cta_group == 2 ? UmmaAccumulator{m == 128 ? 128 : 256, kUmmaProbeColumns, 2, false}
                                : UmmaAccumulator{m == 64 ? 64 : 128, kUmmaProbeColumns, 1, false};
  const int M = plan.shape.m, N = plan.shape.n, G = plan.shape.cta_group;
  // Under cta_group::2 CTA k holds rows k*M/2.. of A and columns k*N/2.. of B (CuTe's 2x1SM
  // ALayout / BLayout), at the same offsets of its own shared memory. Sparse A is stored compressed,
  // 16 columns as dense A's; B has K 32: four core matrices along K, so its 8-row groups lie 512
  // bytes apart.
  const int rows = M / G, cols = N / G;
  const int b_k = sparse ? 32 : 16;
  const std::uint32_t b_sbo = sparse ? 4 * kLbo : kSbo;
  const auto b_offset_of = [&](int n, int k) {
    return static_cast<std::uint32_t>((n / 8) * b_sbo + (k / 8) * kLbo + (n % 8) * 16 + (k % 8) * 2);
  };
  plan.b_offset = static_cast<std::uint32_t>(rows * 16 * 2);
  for (int cta = 0; cta < G; ++cta)
    for (int pass = 0; pass < 2; ++pass) {
      std::vector<std::uint8_t>& img = cta == 0 ? plan.image[pass] : plan.peer_image[pass];
      img.assign(plan.b_offset + static_cast<std::size_t>(cols * b_k * 2), 0);
      const auto put = [&img](std::uint32_t at, std::uint16_t h) {
        img[at] = static_cast<std::uint8_t>(h);
        img[at + 1] = static_cast<std::uint8_t>(h >> 8);
      };
      for (int r = 0; r < rows; ++r) put(kmajor_offset(r, 0), f16_of(pass == 0 ? cta * rows + r : 1));
      // Sparse: A's compressed column 0 is one of K 0-3, whichever the metadata says: B's rows 0-3
      // all hold the value, so any choice gives the same D.
      for (int n = 0; n < cols; ++n)
        for (int k = 0; k < (sparse ? 4 : 1); ++k)
          put(plan.b_offset + b_offset_of(n, k), f16_of(pass == 0 ? 1 : cta * cols + n));
    }
  UmmaSmemDescriptor d;
  d.leading_byte_offset = kLbo;
  d.stride_byte_offset = kSbo;
  plan.a_descriptor = encode_umma_smem_descriptor(d);
  d.stride_byte_offset = b_sbo;
  plan.b_descriptor = encode_umma_smem_descriptor(d);
  UmmaInstrDescriptor i;
  i.d_format = 1;  // F32
  i.a_format = 0;  // F16
  i.b_format = 0;
  i.sparse = sparse;  // selector 0
  i.m = M;
  i.n = N;
  plan.instr_descriptor = encode_umma_instr_descriptor(i, UmmaKind::f16);
  if (sparse) {
    plan.meta_column = kUmmaProbeMetaColumn;
    plan.meta_word = 0x44444444u;
  }
  return plan;
}

MatrixMoveProbe judge_umma_probe(const UmmaProbePlan& plan,
                                 const std::vector<std::vector<std::uint32_t>>& out) {
  MatrixMoveProbe probe;
  probe.mnemonic = umma_probe_mnemonic(plan.shape.m, plan.shape.cta_group, plan.shape.sparse);
  probe.kind = "tcgen05.mma";
  const int G = plan.shape.cta_group;
  probe.detail = std::string("Layout ") + static_cast<char>(umma_data_path(plan.shape)) +
                 (G == 2 ? "; a CTA pair, CTA 1's lanes counted 128-255" : "") +
                 (plan.shape.sparse ? "; sparse A, D independent of the metadata's selection" : "") +
                 "; sm_100a, model only until run";
  constexpr int kCols = kUmmaProbeColumns;
  const std::size_t cells = static_cast<std::size_t>(G) * 128u * kCols;
  if (out.size() != 2 || out[0].size() != cells || out[1].size() != cells) {
    probe.skipped = "internal: the accumulator probe returns two passes of 128 lanes x 64 columns a CTA";
    return probe;
  }
  const int M = plan.shape.m, N = plan.shape.n;
  std::vector<std::optional<Coord>> found(static_cast<std::size_t>(M * N));
  for (int lane = 0; lane < 128 * G; ++lane)  // CTA k's lane l at k * 128 + l
    for (int c = 0; c < kCols; ++c) {
      const std::uint32_t a = out[0][static_cast<std::size_t>(lane * kCols + c)];
      const std::uint32_t b = out[1][static_cast<std::size_t>(lane * kCols + c)];
      if (a == 0xFFFFFFFFu && b == 0xFFFFFFFFu) continue;
      const float row = f32_of(a), col = f32_of(b);
      const int r = static_cast<int>(row), k = static_cast<int>(col);
      if (!(row >= 0 && row < static_cast<float>(M) && col >= 0 && col < static_cast<float>(N)) ||
          static_cast<float>(r) != row || static_cast<float>(k) != col) {
        ++probe.stray_writes;
        continue;
      }
      found[static_cast<std::size_t>(r * N + k)] = Coord{lane, c};
    }
  for (int r = 0; r < M; ++r)
    for (int k = 0; k < N; ++k) {
      const TmemAccumulatorCell cell = umma_accumulator_cell(plan.shape, r, k);
      MoveCheck check;
      check.lane = r;
      check.reg = k;
      check.expected = {128 * cell.cta + cell.lane, cell.column};
      check.measured = found[static_cast<std::size_t>(r * N + k)];
      probe.cells.push_back(check);
    }
  probe.ran = true;
  return probe;
}

std::optional<MatrixMoveProbe> blackwell_expected_probe(std::string_view mnemonic) {
  std::optional<MatrixMoveProbe> p;
  if (const auto m = parse_matrix_move_b8(mnemonic)) {
    // Nothing labelled comes back: every register byte 0xFF, shared memory untouched.
    const B8MovePlan plan = plan_b8_move(*m);
    std::array<std::array<std::uint32_t, 32>, 4> none{};
    for (auto& reg : none) reg.fill(0xFFFFFFFFu);
    const std::vector<std::uint8_t> fill(static_cast<std::size_t>(b8_probe_smem_bytes(*m)), 0xFF);
    p = matrix_move_b8_is_store(*m) ? judge_b8_move(plan, {}, {fill, fill})
                                    : judge_b8_move(plan, {none, none, none}, {});
  }
  if (const auto t = find_tmem_probe(mnemonic))  // nothing labelled anywhere
    p = judge_tmem_probe(*t,
                         std::vector<std::uint32_t>(static_cast<std::size_t>(128 * tmem_probe_out_words(*t)),
                                                    kTmemProbeSentinel));
  for (const UmmaProbeShape& u : kUmmaProbeShapes)
    if (mnemonic == umma_probe_mnemonic(u.m, u.cta_group, u.sparse))
      p = judge_umma_probe(
          plan_umma_probe(u.m, u.cta_group, u.sparse),
          std::vector<std::vector<std::uint32_t>>(
              2, std::vector<std::uint32_t>(static_cast<std::size_t>(u.cta_group * 128 * kUmmaProbeColumns),
                                            0xFFFFFFFFu)));
  for (const BlockScaleProbePlan& plan : all_block_scale_probe_plans())
    if (mnemonic == block_scale_probe_name(plan)) p = judge_block_scale_probe(plan, {});
  if (p) p->ran = false;
  return p;
}

bool is_blackwell_probe_name(std::string_view name) {
  if (name == "blackwell" || name == "block-scale" || parse_matrix_move_b8(name).has_value()) return true;
  for (const BlockScaleProbePlan& plan : all_block_scale_probe_plans())
    if (name == block_scale_probe_name(plan)) return true;
  if (find_tmem_probe(name)) return true;
  for (const UmmaProbeShape& u : kUmmaProbeShapes)
    if (name == umma_probe_mnemonic(u.m, u.cta_group, u.sparse)) return true;
  return false;
}

std::vector<MatrixMoveB8> all_b8_moves() {
  std::vector<MatrixMoveB8> all;
  for (MatrixMoveB8Form f : {MatrixMoveB8Form::ldsm_m16n16_trans_b8, MatrixMoveB8Form::ldsm_m8n16_b6x16_p32,
                             MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, MatrixMoveB8Form::stsm_m16n8_trans_b8})
    for (int num : {1, 2, 4})
      if (matrix_move_b8_valid({f, num})) all.push_back({f, num});
  return all;
}

}  // namespace fragviz
