// The sparse-A CTA-pair accumulator probe (tcgen05.mma.sp.cta_group::2.kind::f16, M 128: Layout C;
// fragviz/probe/blackwell_probe.hpp) through a stand-in written from the PTX ISA 9.1 text: each CTA's
// image read through its own descriptors (9.7.16.4.1, canonical K-major layout without swizzle), A
// stored compressed (two of each four K elements, the metadata's 2-bit indices naming which), D = A B^T
// over the pair, placed by the data-path table of 9.7.16.10.5: CTA k holds rows 64k.. of D; Layout C
// puts local row m in lane m % 16 + 32 * (m / 16), column n. A planted Layout B is named.
#include <gtest/gtest.h>

#include <cstring>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

enum class Place { layout_c, layout_b };

float half_at(const std::vector<std::uint8_t>& img, std::uint32_t at) {
  const int h = img[at] | img[at + 1] << 8;
  if (h == 0) return 0.0f;
  return static_cast<float>((1024 + (h & 0x3FF)) << ((h >> 10) - 15)) / 1024.0f;
}

/// Byte of K-major element (row, k) under descriptor `desc` (start 0): 8x16-byte core matrices,
/// LBO between neighbours along K, SBO between 8-row groups.
std::uint32_t at(std::uint64_t desc, int row, int k) {
  const auto d = fragviz::decode_umma_smem_descriptor(desc);
  return (row / 8) * d.stride_byte_offset + (k / 8) * d.leading_byte_offset +
         static_cast<std::uint32_t>((row % 8) * 16 + (k % 8) * 2);
}

/// What the pair's tensor memory holds after each pass. The metadata's 4-bit group g of a row is
/// taken from the word every metadata cell holds (all groups alike); `indices` overrides it (a
/// device that selected other elements).
std::vector<std::vector<std::uint32_t>> run_pair(const fragviz::UmmaProbePlan& plan, Place place,
                                                 int indices = -1) {
  const int M = plan.shape.m, N = plan.shape.n, rows = M / 2, cols = N / 2;
  std::vector<std::vector<std::uint32_t>> out(2, std::vector<std::uint32_t>(2 * 128 * 64, 0xFFFFFFFFu));
  for (int pass = 0; pass < 2; ++pass) {
    const std::vector<std::uint8_t>* img[2] = {&plan.image[pass], &plan.peer_image[pass]};
    for (int m = 0; m < M; ++m)
      for (int n = 0; n < N; ++n) {
        float d = 0;
        for (int j = 0; j < 16; ++j) {  // compressed column j: group j / 2, index j % 2 of its pair
          const int group = j / 2;
          const int nibble =
              indices >= 0 ? indices : static_cast<int>(plan.meta_word >> (4 * (group % 8)) & 0xF);
          const int k = 4 * group + ((nibble >> (2 * (j % 2))) & 3);
          d += half_at(*img[m / rows], at(plan.a_descriptor, m % rows, j)) *
               half_at(*img[n / cols], plan.b_offset + at(plan.b_descriptor, n % cols, k));
        }
        const int cta = m / rows, local = m % rows;
        const int lane = place == Place::layout_c ? local % 16 + 32 * (local / 16) : local + 64 * (n / cols);
        const int column = place == Place::layout_c ? n : n % cols;
        std::uint32_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        out[static_cast<std::size_t>(pass)][static_cast<std::size_t>((cta * 128 + lane) * 64 + column)] =
            bits;
      }
  }
  return out;
}

TEST(UmmaSparseProbe, TheSparsePairIsJudgedAsLayoutC) {
  const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(128, 2, true);
  EXPECT_TRUE(plan.shape.sparse);
  EXPECT_EQ(plan.shape.m, 128);
  EXPECT_EQ(fragviz::umma_data_path(plan.shape), fragviz::TmemDataPath::C);
  // The instruction descriptor (PTX ISA 9.1 Table 42): sparse bit 2, selector 0, N >> 3, M >> 4.
  EXPECT_EQ(plan.instr_descriptor & 0x7, 0x4u);
  EXPECT_EQ(plan.instr_descriptor >> 17 & 0x3F, 64u >> 3);
  EXPECT_EQ(plan.instr_descriptor >> 24 & 0x1F, 128u >> 4);
  EXPECT_EQ(plan.meta_column, 64u);
  EXPECT_EQ(plan.meta_word, 0x44444444u);
  const fragviz::MatrixMoveProbe p = fragviz::judge_umma_probe(plan, run_pair(plan, Place::layout_c));
  EXPECT_TRUE(p.ran);
  EXPECT_EQ(p.mismatches(), 0);
  EXPECT_EQ(p.stray_writes, 0);
  EXPECT_EQ(p.cells.size(), 128u * 64u);
  EXPECT_EQ(p.mnemonic, "tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32");
  EXPECT_EQ(p.kind, "tcgen05.mma");
  // D(83, 5) is CTA 1's row 19: lane 19 % 16 + 32 = 35, column 5, counted 128 + 35.
  EXPECT_EQ(p.cells[static_cast<std::size_t>(83 * 64 + 5)].expected, (fragviz::Coord{128 + 35, 5}));
}

TEST(UmmaSparseProbe, APlantedLayoutBIsNamedAndTheSelectionDoesNotMatter) {
  const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(128, 2, true);
  // Layout B (lane m + 64 (n / 32), column n % 32) meets Layout C only for local rows 0-15 and
  // columns 0-31: the other 64 x 64 - 16 x 32 cells of each CTA are elsewhere.
  EXPECT_EQ(fragviz::judge_umma_probe(plan, run_pair(plan, Place::layout_b)).mismatches(),
            2 * (64 * 64 - 16 * 32));
  // Whichever two of each four elements a device selects (indices 2 and 3 here), D is the same.
  EXPECT_EQ(fragviz::judge_umma_probe(plan, run_pair(plan, Place::layout_c, 0xE)).mismatches(), 0);
}

TEST(UmmaSparseProbe, ItHasANameAndASavedReportReadsBack) {
  const std::string name = "tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32";
  EXPECT_TRUE(fragviz::is_blackwell_probe_name(name));
  EXPECT_FALSE(fragviz::is_blackwell_probe_name("tcgen05.mma.sp.cta_group::1.kind::f16.m128n64k32"));
  const auto expected = fragviz::blackwell_expected_probe(name);
  ASSERT_TRUE(expected);
  EXPECT_FALSE(expected->ran);
  EXPECT_EQ(expected->cells.size(), 128u * 64u);
  // The dense plans are as they were: no metadata.
  EXPECT_EQ(fragviz::plan_umma_probe(128, 2).meta_column, 0u);
  EXPECT_FALSE(fragviz::plan_umma_probe(128, 1, true).shape.sparse);  // cta_group::1: no sparse probe
  fragviz::ProbeReport report;
  const fragviz::UmmaProbePlan plan = fragviz::plan_umma_probe(128, 2, true);
  report.moves.push_back(fragviz::judge_umma_probe(plan, run_pair(plan, Place::layout_b)));
  fragviz::ReportFile file;
  file.probe = report;
  const std::string text = fragviz::to_json_text(file);
  const auto back = fragviz::parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(fragviz::to_json_text(*back.value), text);
  EXPECT_EQ(back.value->probe->moves[0].mismatches(), 2 * (64 * 64 - 16 * 32));
}

}  // namespace
