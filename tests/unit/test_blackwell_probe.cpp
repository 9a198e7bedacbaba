// The Blackwell matrix-move probes' plans and judge (fragviz/probe/blackwell_probe.hpp), run
// through a software stand-in of the instructions written from the PTX ISA 9.0 text (it reads the
// rows at the addresses the plan gives each lane and unpacks 4- and 6-bit values itself), and with
// planted faults the judge must see.
#include <gtest/gtest.h>

#include <cstring>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

using fragviz::B8MovePlan;
using fragviz::MatrixMoveB8;
using fragviz::MatrixMoveB8Form;
using Regs = std::array<std::array<std::uint32_t, 32>, 4>;

// Value `c` (0-15) of the stored row at byte offset `row_at` of `image`, as the form stores it.
int stored_value(MatrixMoveB8Form f, const std::vector<std::uint8_t>& image, std::uint32_t row_at, int c) {
  const int bits = f == MatrixMoveB8Form::ldsm_m8n16_b4x16_p64   ? 4
                   : f == MatrixMoveB8Form::ldsm_m8n16_b6x16_p32 ? 6
                                                                 : 8;
  int v = 0;
  for (int k = 0; k < bits; ++k) {
    const int bit = bits * c + k;
    v |= ((image[row_at + static_cast<std::uint32_t>(bit / 8)] >> (bit % 8)) & 1) << k;
  }
  return v;
}

// The load as the PTX text describes it: m16n16 lane t register 2m + r byte j is stored row
// 4(t%4) + j (addressed by lane 16m + that row), byte t/4 + 8r; m8n16 lane t register m byte j is
// value 4(t%4) + j of row t/4 (lane 8m + t/4). `swap_lanes`: lanes 0 and 1 exchange addresses.
Regs emulate_load(const B8MovePlan& plan, const std::vector<std::uint8_t>& image, bool swap_lanes) {
  auto offsets = plan.lane_offset;
  if (swap_lanes) std::swap(offsets[0], offsets[1]);
  Regs regs{};
  const MatrixMoveB8 m = plan.move;
  for (int t = 0; t < 32; ++t)
    for (int reg = 0; reg < fragviz::matrix_move_b8_registers(m); ++reg)
      for (int j = 0; j < 4; ++j) {
        int v = 0;
        if (m.form == MatrixMoveB8Form::ldsm_m16n16_trans_b8) {
          const int row = 4 * (t % 4) + j, byte = t / 4 + 8 * (reg % 2);
          v = stored_value(m.form, image, offsets[static_cast<std::size_t>(16 * (reg / 2) + row)], byte);
        } else {
          v = stored_value(m.form, image, offsets[static_cast<std::size_t>(8 * reg + t / 4)],
                           4 * (t % 4) + j);
        }
        regs[static_cast<std::size_t>(reg)][static_cast<std::size_t>(t)] |= static_cast<std::uint32_t>(v)
                                                                            << (8 * j);
      }
  return regs;
}

// stmatrix.m16n8.trans.b8 as the PTX text describes it: lane t register m byte k is M_m(t/4 +
// 8(k/2), 2(t%4) + k%2), stored transposed: row 2(t%4) + k%2 (lane 8m + row), byte t/4 + 8(k/2).
// `stray`: one extra byte written past the rows.
std::vector<std::uint8_t> emulate_store(const B8MovePlan& plan, const fragviz::B8MovePass& pass, bool stray) {
  std::vector<std::uint8_t> smem = pass.image;
  for (int t = 0; t < 32; ++t)
    for (int reg = 0; reg < plan.move.num; ++reg)
      for (int k = 0; k < 4; ++k) {
        const int row = 2 * (t % 4) + k % 2, byte = t / 4 + 8 * (k / 2);
        const std::uint32_t at =
            plan.lane_offset[static_cast<std::size_t>(8 * reg + row)] + static_cast<std::uint32_t>(byte);
        smem[at] = static_cast<std::uint8_t>(
            pass.regs[static_cast<std::size_t>(reg)][static_cast<std::size_t>(t)] >> (8 * k));
      }
  if (stray) smem[smem.size() - 1] = 7;
  return smem;
}

TEST(BlackwellProbe, EveryLoadFormPassesThroughTheStandIn) {
  for (const MatrixMoveB8 m : fragviz::all_b8_moves()) {
    if (fragviz::matrix_move_b8_is_store(m)) continue;
    const B8MovePlan plan = fragviz::plan_b8_move(m);
    ASSERT_EQ(plan.passes.size(), 3u);
    std::vector<Regs> regs;
    for (const auto& p : plan.passes) regs.push_back(emulate_load(plan, p.image, false));
    const fragviz::MatrixMoveProbe probe = fragviz::judge_b8_move(plan, regs, {});
    EXPECT_TRUE(probe.ran) << probe.mnemonic;
    EXPECT_EQ(static_cast<int>(probe.cells.size()), 32 * 4 * fragviz::matrix_move_b8_registers(m));
    EXPECT_EQ(probe.mismatches(), 0) << probe.mnemonic;
    EXPECT_EQ(probe.kind, "ldmatrix-b8");
  }
}

TEST(BlackwellProbe, SwappedRowAddressesAreSeen) {
  const B8MovePlan plan = fragviz::plan_b8_move({MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, 1});
  std::vector<Regs> regs;
  for (const auto& p : plan.passes) regs.push_back(emulate_load(plan, p.image, true));
  // Rows 0 and 1 trade places: lanes 0-7 receive 16 values each that name the other row.
  EXPECT_EQ(fragviz::judge_b8_move(plan, regs, {}).mismatches(), 2 * 16);
}

TEST(BlackwellProbe, CutesByteShuffleWouldShowAsHalfTheBytes) {
  // The registers of SM100_U8x8_LDSM_T (raw bytes permuted) judged against the raw map.
  const B8MovePlan plan = fragviz::plan_b8_move({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1});
  std::vector<Regs> regs;
  for (const auto& p : plan.passes) {
    const Regs raw = emulate_load(plan, p.image, false);
    Regs shuffled{};
    for (int d = 0; d < 2; ++d)
      for (int t = 0; t < 32; ++t)
        for (int k = 0; k < 4; ++k) {
          const auto src = fragviz::cute_ldsm_t_u8_raw_source(d, k);
          const std::uint32_t b =
              (raw[static_cast<std::size_t>(src.reg)][static_cast<std::size_t>(t)] >> (8 * src.byte)) & 0xFF;
          shuffled[static_cast<std::size_t>(d)][static_cast<std::size_t>(t)] |= b << (8 * k);
        }
    regs.push_back(shuffled);
  }
  EXPECT_EQ(fragviz::judge_b8_move(plan, regs, {}).mismatches(), 32 * 8 / 2);
}

TEST(BlackwellProbe, EveryStoreFormPassesAndAStrayWriteIsCounted) {
  for (int num : {1, 2, 4}) {
    const B8MovePlan plan = fragviz::plan_b8_move({MatrixMoveB8Form::stsm_m16n8_trans_b8, num});
    ASSERT_EQ(plan.passes.size(), 2u);
    std::vector<std::vector<std::uint8_t>> smem;
    for (const auto& p : plan.passes) smem.push_back(emulate_store(plan, p, false));
    const fragviz::MatrixMoveProbe probe = fragviz::judge_b8_move(plan, {}, smem);
    EXPECT_EQ(probe.mismatches(), 0) << num;
    EXPECT_EQ(probe.stray_writes, 0);
    EXPECT_EQ(static_cast<int>(probe.cells.size()), 32 * 4 * num);
  }
  const B8MovePlan plan = fragviz::plan_b8_move({MatrixMoveB8Form::stsm_m16n8_trans_b8, 1});
  std::vector<std::vector<std::uint8_t>> smem;
  for (const auto& p : plan.passes) smem.push_back(emulate_store(plan, p, true));
  EXPECT_EQ(fragviz::judge_b8_move(plan, {}, smem).stray_writes, 1);
}

TEST(BlackwellProbe, PacksSubByteRowsLittleEndian) {
  std::array<std::uint8_t, 16> v{};
  v[0] = 0x3;
  v[1] = 0xA;
  v[15] = 0xF;
  const auto b4 = fragviz::pack_b8_row(MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, v);
  EXPECT_EQ(b4[0], 0xA3);  // value 0 in the low nibble, value 1 in the high one
  EXPECT_EQ(b4[7], 0xF0);
  EXPECT_EQ(b4[8], 0);  // 64 bits of padding
  v[1] = 0x3F;
  const auto b6 = fragviz::pack_b8_row(MatrixMoveB8Form::ldsm_m8n16_b6x16_p32, v);
  EXPECT_EQ(b6[0], 0xC3);  // bits 0-5 value 0, bits 6-11 value 1 = 0x3F
  EXPECT_EQ(b6[1], 0x0F);
  EXPECT_EQ(b6[11], 0x0F << 2);  // value 15 at bits 90-95: byte 11 bits 2-7
  EXPECT_EQ(b6[12], 0);
}

// tcgen05.st.16x256b.x1 by thread 77 (warp 2) lost its register 0; the others landed where PTX ISA
// Figure 186 puts them: lane t/4 + 8(r/2), column 2(t%4) + r%2 of the warp's sub-partition.
fragviz::MatrixMoveProbe judge_dropped_16x256b() {
  const fragviz::TmemProbe p{fragviz::TmemShape::s16x256b, 1, false, false};
  std::vector<std::uint32_t> out(128 * 8, 0xFFFFFFFFu);
  for (int thread = 0; thread < 128; ++thread)
    for (int r = 0; r < 4; ++r) {
      const int t = thread % 32, lane = 32 * (thread / 32) + t / 4 + 8 * (r / 2), col = 2 * (t % 4) + r % 2;
      if (thread != 77 || r != 0)
        out[static_cast<std::size_t>(lane * 8 + col)] = static_cast<std::uint32_t>(thread << 8 | r);
    }
  return fragviz::judge_tmem_probe(p, out);
}

// A report holding Blackwell probes, judged and skipped, reads back as written: the loader finds
// each probe's expected cells (blackwell_expected_probe) and takes TMEM lanes up to 127.
TEST(BlackwellProbe, ReportsRoundTrip) {
  fragviz::ProbeReport r;
  const B8MovePlan plan = fragviz::plan_b8_move({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 2});
  std::vector<Regs> regs;
  for (const auto& p : plan.passes) regs.push_back(emulate_load(plan, p.image, true));  // 16 bytes off
  r.moves.push_back(fragviz::judge_b8_move(plan, regs, {}));
  r.moves.push_back(judge_dropped_16x256b());
  fragviz::MatrixMoveProbe skipped =
      *fragviz::blackwell_expected_probe("stmatrix.sync.aligned.m16n8.x4.trans.shared.b8");
  skipped.cells.clear();
  skipped.skipped = "skipped: needs sm_100a";
  r.moves.push_back(skipped);
  fragviz::ReportFile f;
  f.probe = r;
  const std::string text = fragviz::to_json_text(f);
  const auto back = fragviz::parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(fragviz::to_json_text(*back.value), text);
  const auto& moves = back.value->probe->moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].mismatches(), 32);
  EXPECT_EQ(moves[1].mismatches(), 1);
  EXPECT_EQ(moves[1].cells.back().measured->row, 96 + 15);  // thread 127 r3: lane 32*3 + 15
  EXPECT_FALSE(moves[2].ran);
  EXPECT_FALSE(fragviz::blackwell_expected_probe("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"));
}

// The accumulator probe through a stand-in: A and B read from the plan's images at the canonical
// K-major no-swizzle offsets (PTX ISA 9.1, 9.7.16.4.1: 8-row core matrices of 16 bytes, LBO between
// the two along K, SBO between 8-row groups, both read from the plan's descriptor), D = A B^T,
// placed by the Layout D / F rules of 9.7.16.10.5 written out here.
std::vector<std::vector<std::uint32_t>> emulate_umma(const fragviz::UmmaProbePlan& plan,
                                                     bool layout_d_for_m64) {
  const auto desc = fragviz::decode_umma_smem_descriptor(plan.a_descriptor);
  const auto half = [](const std::vector<std::uint8_t>& img, std::uint32_t at) {
    const int h = img[at] | img[at + 1] << 8;
    if (h == 0) return 0.0f;
    return static_cast<float>((1024 + (h & 0x3FF)) << ((h >> 10) - 15)) / 1024.0f;
  };
  const auto at = [&desc](int row, int k) {
    return (row / 8) * desc.stride_byte_offset + (k / 8) * desc.leading_byte_offset +
           static_cast<std::uint32_t>((row % 8) * 16 + (k % 8) * 2);
  };
  std::vector<std::vector<std::uint32_t>> out(2, std::vector<std::uint32_t>(128 * 64, 0xFFFFFFFFu));
  for (int pass = 0; pass < 2; ++pass)
    for (int m = 0; m < plan.shape.m; ++m)
      for (int n = 0; n < plan.shape.n; ++n) {
        float d = 0;
        for (int k = 0; k < 16; ++k)
          d += half(plan.image[pass], at(m, k)) * half(plan.image[pass], plan.b_offset + at(n, k));
        const int lane = plan.shape.m == 128 || layout_d_for_m64 ? m : m % 16 + 32 * (m / 16);
        std::uint32_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        out[static_cast<std::size_t>(pass)][static_cast<std::size_t>(lane * 64 + n)] = bits;
      }
  return out;
}

TEST(BlackwellProbe, AccumulatorProbeJudgesLayoutsDAndF) {
  for (int m : {64, 128}) {
    const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(m);
    EXPECT_EQ(plan.instr_descriptor >> 24 & 0x1F, static_cast<std::uint32_t>(m >> 4));
    const fragviz::MatrixMoveProbe p = fragviz::judge_umma_probe(plan, emulate_umma(plan, false));
    EXPECT_TRUE(p.ran);
    EXPECT_EQ(p.mismatches(), 0) << p.mnemonic;
    EXPECT_EQ(p.stray_writes, 0);
    EXPECT_EQ(static_cast<int>(p.cells.size()), m * 64);
  }
  // An M = 64 accumulator laid out in lanes 0-63 (the mistake tilelang #2877 is about) is seen:
  // every row from 16 on is elsewhere.
  const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(64);
  EXPECT_EQ(fragviz::judge_umma_probe(plan, emulate_umma(plan, true)).mismatches(), 48 * 64);
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("tcgen05.mma.cta_group::1.kind::f16.m64n64k16"));
  EXPECT_TRUE(fragviz::blackwell_expected_probe("tcgen05.mma.cta_group::1.kind::f16.m128n64k16"));
}

// The CTA-pair accumulator probe through a stand-in: CTA k's image holds its M/2 rows of A and its
// N/2 columns of B (CuTe's 2x1SM ALayout / BLayout); D = A B^T over the pair, placed by the rules of
// PTX ISA 9.1, 9.7.16.10.5 written out here: CTA k holds rows k*M/2.. of D; Layout A (M 256) row m
// in lane m, column n; Layout B (M 128, dense) row m in lane m + 64 * (n / (N/2)), column n % (N/2).
// `b_as_a`: Layout B's rows laid out as Layout A's (lane m, column n), the mistake
// facebookexperimental/triton PR #1367 calls "weird".
std::vector<std::vector<std::uint32_t>> emulate_umma2(const fragviz::UmmaProbePlan& plan, bool b_as_a) {
  const auto desc = fragviz::decode_umma_smem_descriptor(plan.a_descriptor);
  const auto half = [](const std::vector<std::uint8_t>& img, std::uint32_t at) {
    const int h = img[at] | img[at + 1] << 8;
    if (h == 0) return 0.0f;
    return static_cast<float>((1024 + (h & 0x3FF)) << ((h >> 10) - 15)) / 1024.0f;
  };
  const auto at = [&desc](int row, int k) {
    return (row / 8) * desc.stride_byte_offset + (k / 8) * desc.leading_byte_offset +
           static_cast<std::uint32_t>((row % 8) * 16 + (k % 8) * 2);
  };
  const int M = plan.shape.m, N = plan.shape.n, rows = M / 2, cols = N / 2;
  std::vector<std::vector<std::uint32_t>> out(2, std::vector<std::uint32_t>(2 * 128 * 64, 0xFFFFFFFFu));
  for (int pass = 0; pass < 2; ++pass) {
    const std::vector<std::uint8_t>* img[2] = {&plan.image[pass], &plan.peer_image[pass]};
    for (int m = 0; m < M; ++m)
      for (int n = 0; n < N; ++n) {
        float d = 0;
        for (int k = 0; k < 16; ++k)
          d += half(*img[m / rows], at(m % rows, k)) * half(*img[n / cols], plan.b_offset + at(n % cols, k));
        const int cta = m / rows, local = m % rows;
        const bool layout_a = M == 256 || b_as_a;
        const int lane = layout_a ? local : local + 64 * (n / cols);
        const int column = layout_a ? n : n % cols;
        std::uint32_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        out[static_cast<std::size_t>(pass)][static_cast<std::size_t>((cta * 128 + lane) * 64 + column)] =
            bits;
      }
  }
  return out;
}

TEST(BlackwellProbe, CtaPairAccumulatorProbeJudgesLayoutsAAndB) {
  for (int m : {128, 256}) {
    const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(m, 2);
    EXPECT_EQ(plan.shape.cta_group, 2);
    EXPECT_EQ(plan.instr_descriptor >> 24 & 0x1F, static_cast<std::uint32_t>(m >> 4));  // the pair's M
    ASSERT_EQ(plan.peer_image[0].size(), plan.image[0].size());
    const fragviz::MatrixMoveProbe p = fragviz::judge_umma_probe(plan, emulate_umma2(plan, false));
    EXPECT_TRUE(p.ran);
    EXPECT_EQ(p.mismatches(), 0) << p.mnemonic;
    EXPECT_EQ(p.stray_writes, 0);
    EXPECT_EQ(static_cast<int>(p.cells.size()), m * 64);
    EXPECT_EQ(p.mnemonic, "tcgen05.mma.cta_group::2.kind::f16.m" + std::to_string(m) + "n64k16");
  }
  // M 128: D(70, 40) is CTA 1's row 6, in its second half of N: lane 6 + 64, column 8.
  const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(128, 2);
  const fragviz::MatrixMoveProbe p = fragviz::judge_umma_probe(plan, emulate_umma2(plan, false));
  EXPECT_EQ(p.cells[static_cast<std::size_t>(70 * 64 + 40)].expected.row, 128 + 70);
  EXPECT_EQ(p.cells[static_cast<std::size_t>(70 * 64 + 40)].expected.col, 8);
  // Layout B read as Layout A: the second half of N (32 columns of each of 64 rows, both CTAs) is
  // elsewhere.
  EXPECT_EQ(fragviz::judge_umma_probe(plan, emulate_umma2(plan, true)).mismatches(), 2 * 64 * 32);
  // A saved report's cells read against the expected probe; a one-CTA output is refused, not misread.
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("tcgen05.mma.cta_group::2.kind::f16.m256n64k16"));
  const auto expected = fragviz::blackwell_expected_probe("tcgen05.mma.cta_group::2.kind::f16.m128n64k16");
  ASSERT_TRUE(expected);
  EXPECT_FALSE(expected->ran);
  EXPECT_EQ(expected->cells.size(), 128u * 64u);
  // A report with it reads back: CTA 1's lanes (128-255) are inside the tile the loader takes.
  fragviz::ProbeReport report;
  report.moves.push_back(fragviz::judge_umma_probe(plan, emulate_umma2(plan, true)));
  fragviz::ReportFile file;
  file.probe = report;
  const std::string text = fragviz::to_json_text(file);
  const auto back = fragviz::parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back.value->probe->moves[0].mismatches(), 2 * 64 * 32);
  EXPECT_EQ(back.value->probe->moves[0].cells[static_cast<std::size_t>(70 * 64 + 40)].measured->row, 128 + 6);
  EXPECT_FALSE(fragviz::judge_umma_probe(plan, std::vector<std::vector<std::uint32_t>>(
                                                   2, std::vector<std::uint32_t>(128 * 64, 0xFFFFFFFFu)))
                   .skipped.empty());
}

TEST(BlackwellProbe, NamesIt) {
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("tcgen05.st.sync.aligned.16x64b.x1.b32"));
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("blackwell"));
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"));
  EXPECT_FALSE(fragviz::is_blackwell_probe_name("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"));
  EXPECT_EQ(fragviz::all_b8_moves().size(), 11u);
}

}  // namespace
