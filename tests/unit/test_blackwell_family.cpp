// The Blackwell family's host half (fragviz/probe/blackwell_family.hpp): which probes a request and a
// device make entries and launches, and the kernels' jobs read back as the PTX text reads them:
// the accumulator images through their own descriptors (the canonical K-major layout, the
// instruction descriptor's fields), the 8-bit moves' row addresses by the lanes the text assigns
// them. No GPU: the jobs are bytes, decoded here independently of the packing code.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "fragviz/probe/blackwell_family.hpp"
#include "fragviz/probe/blackwell_kernel_io.hpp"

using namespace fragviz;

namespace {

DeviceInfo device(int major, int minor) {
  DeviceInfo d;
  d.present = true;
  d.cc_major = major;
  d.cc_minor = minor;
  return d;
}

ProbeRequest named(std::vector<std::string> names) {
  ProbeRequest r;
  r.instructions = std::move(names);
  return r;
}

template <class T>
T job_of(const std::vector<std::uint8_t>& in, std::size_t i = 0) {
  T t;
  EXPECT_GE(in.size(), (i + 1) * sizeof(T));
  std::memcpy(&t, in.data() + i * sizeof(T), sizeof(T));
  return t;
}

/// The tensor-memory probes: five shapes at .x1, .x2 and their largest .num, stores and loads, and
/// .x1 packed (ld) and unpacked (st).
constexpr std::size_t kTmemProbes = 2 * (3 * 5 + 5);
/// The accumulator probes: Layouts F, D (cta_group::1), B, A and C (cta_group::2, C sparse).
constexpr std::size_t kUmmaProbes = 5;

std::uint64_t bits(std::uint64_t word, int lo, int width) { return (word >> lo) & ((1ull << width) - 1); }

/// The IEEE binary16 bits of a whole number 0-2047 (exact).
std::uint16_t f16_of(int v) {
  if (v == 0) return 0;
  int e = 0;
  while ((v >> (e + 1)) != 0) ++e;
  return static_cast<std::uint16_t>(((e + 15) << 10) | ((v << (10 - e)) & 0x3FF));
}

/// Element (row, k) of a 16-bit operand in a K-major image without swizzling, as a tcgen05
/// shared-memory descriptor places it (PTX ISA 9.7.16.4.1, the canonical layout
/// ((8,m),(T,2k)):((1T,SBO),(1,LBO)), T = 8 elements): 8-row core matrices of 16-byte rows, the
/// next core matrix along K LBO bytes on, the next 8 rows SBO bytes on. `desc`'s start field
/// (bits 0-13) and `base` give the first byte; LBO is bits 16-29, SBO bits 32-45, both in 16 bytes.
std::uint16_t kmajor_element(const std::uint8_t* image, std::uint64_t desc, std::uint32_t base, int row,
                             int k) {
  const std::uint64_t at = base + 16 * bits(desc, 0, 14) + (row % 8) * 16 +
                           (row / 8) * 16 * bits(desc, 32, 14) + (k / 8) * 16 * bits(desc, 16, 14) +
                           (k % 8) * 2;
  EXPECT_LT(at + 1, static_cast<std::uint64_t>(kernel_io::kUmmaProbeImage));
  return static_cast<std::uint16_t>(image[at] | (image[at + 1] << 8));
}

/// Each CTA's image of one accumulator pass, checked against what D(row, col) = row (pass 0) or
/// col (pass 1) needs: A column 0 holds the row (or 1), B column 0 holds 1 (or the column), all
/// else 0. CTA c holds A rows c*M/2.. and B columns c*N/2.. under cta_group::2.
void expect_operands(const std::uint8_t* image, int cta, int ctas, std::uint64_t a_desc, std::uint64_t b_desc,
                     std::uint32_t b_offset, int m, int pass) {
  const int rows = m / ctas, cols = 64 / ctas;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < 16; ++k)
      ASSERT_EQ(kmajor_element(image, a_desc, 0, r, k), k != 0 ? 0 : f16_of(pass == 0 ? cta * rows + r : 1))
          << "A row " << cta * rows + r << " k " << k << " pass " << pass;
  for (int n = 0; n < cols; ++n)
    for (int k = 0; k < 16; ++k)
      ASSERT_EQ(kmajor_element(image, b_desc, b_offset, n, k),
                k != 0 ? 0 : f16_of(pass == 0 ? 1 : cta * cols + n))
          << "B column " << cta * cols + n << " k " << k << " pass " << pass;
}

/// The descriptors' fixed fields (PTX ISA 9.7.16.4.1 and the .kind::f16 instruction descriptor
/// table): start 0 (the kernel adds its shared base), bits 46-48 = 0b001, no swizzle (bits 61-63);
/// dense, D F32 (bits 4-5 = 1), A and B F16 (bits 7-9, 10-12 = 0), both K-major (bits 15, 16),
/// N >> 3 in bits 17-22, M >> 4 in bits 24-28.
void expect_descriptors(std::uint64_t a, std::uint64_t b, std::uint32_t idesc, int m) {
  for (std::uint64_t d : {a, b}) {
    EXPECT_EQ(bits(d, 0, 14), 0u);
    EXPECT_EQ(bits(d, 46, 3), 1u);
    EXPECT_EQ(bits(d, 61, 3), 0u);
  }
  EXPECT_EQ(bits(idesc, 0, 4), 0u);
  EXPECT_EQ(bits(idesc, 4, 2), 1u);
  EXPECT_EQ(bits(idesc, 7, 3), 0u);
  EXPECT_EQ(bits(idesc, 10, 3), 0u);
  EXPECT_EQ(bits(idesc, 13, 4), 0u);
  EXPECT_EQ(bits(idesc, 17, 6), 64u >> 3);
  EXPECT_EQ(bits(idesc, 24, 5), static_cast<std::uint64_t>(m) >> 4);
}

}  // namespace

TEST(BlackwellFamily, AccumulatorJobsHoldTheOperandsTheirDescriptorsName) {
  const BlackwellWork w = pack_blackwell(
      named({"tcgen05.mma.cta_group::1.kind::f16.m64n64k16", "tcgen05.mma.cta_group::1.kind::f16.m128n64k16",
             "tcgen05.mma.cta_group::2.kind::f16.m128n64k16",
             "tcgen05.mma.cta_group::2.kind::f16.m256n64k16"}),
      device(10, 0), BlackwellBuild{true, false});
  ASSERT_EQ(w.moves.size(), 4u);
  ASSERT_EQ(w.launches.size(), 8u);  // two passes each
  const int ms[] = {64, 128, 128, 256}, groups[] = {1, 1, 2, 2};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(w.moves[i].mnemonic, "tcgen05.mma.cta_group::" + std::to_string(groups[i]) + ".kind::f16.m" +
                                       std::to_string(ms[i]) + "n64k16");
    EXPECT_EQ(w.moves[i].skipped, "");
    for (int pass = 0; pass < 2; ++pass) {
      SCOPED_TRACE("probe " + w.moves[i].mnemonic + " pass " + std::to_string(pass));
      const BlackwellWork::Launch& l = w.launches[2 * i + static_cast<std::size_t>(pass)];
      EXPECT_EQ(l.plan, i);
      // Each CTA reads back its 128 lanes x 64 columns of 32-bit cells.
      EXPECT_EQ(l.out_bytes, static_cast<std::size_t>(groups[i]) * 128 * 64 * 4);
      if (groups[i] == 1) {
        ASSERT_EQ(l.kernel, BlackwellKernel::umma);
        ASSERT_EQ(l.in.size(), sizeof(kernel_io::UmmaJob));
        const auto j = job_of<kernel_io::UmmaJob>(l.in);
        expect_descriptors(j.a_descriptor, j.b_descriptor, j.instr_descriptor, ms[i]);
        expect_operands(j.image, 0, 1, j.a_descriptor, j.b_descriptor, j.b_offset, ms[i], pass);
      } else {
        ASSERT_EQ(l.kernel, BlackwellKernel::umma2);
        ASSERT_EQ(l.in.size(), sizeof(kernel_io::Umma2Job));
        const auto j = job_of<kernel_io::Umma2Job>(l.in);
        EXPECT_EQ(j.meta_column, 0u);  // dense: no metadata, tcgen05.mma
        expect_descriptors(j.a_descriptor, j.b_descriptor, j.instr_descriptor, ms[i]);
        for (int cta = 0; cta < 2; ++cta)
          expect_operands(j.image[cta], cta, 2, j.a_descriptor, j.b_descriptor, j.b_offset, ms[i], pass);
      }
    }
  }
}

// Sparse A under cta_group::2 (Layout C): K 32, A compressed to 16 columns (CuTe's
// SM100_MMA_F16BF16_2x1SM_SS_SPARSE: K = 512 / 16 bits), B's 32 K columns read through its own
// descriptor (8-row groups 512 bytes apart), B's rows 0-3 alike so no selection changes D, and the
// metadata word 0x4 in every 4-bit group (indices 0 and 1).
TEST(BlackwellFamily, TheSparseAccumulatorJobHoldsCompressedAAndItsMetadata) {
  const BlackwellWork w = pack_blackwell(named({"tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32"}),
                                         device(10, 0), BlackwellBuild{true, false});
  ASSERT_EQ(w.moves.size(), 1u);
  ASSERT_EQ(w.launches.size(), 2u);
  EXPECT_NE(w.moves[0].detail.find("Layout C"), std::string::npos) << w.moves[0].detail;
  for (int pass = 0; pass < 2; ++pass) {
    SCOPED_TRACE(pass);
    const BlackwellWork::Launch& l = w.launches[static_cast<std::size_t>(pass)];
    ASSERT_EQ(l.kernel, BlackwellKernel::umma2);
    EXPECT_EQ(l.out_bytes, 2u * 128 * 64 * 4);
    ASSERT_EQ(l.in.size(), sizeof(kernel_io::Umma2Job));
    const auto j = job_of<kernel_io::Umma2Job>(l.in);
    EXPECT_EQ(j.meta_column, 64u);
    EXPECT_EQ(j.meta_word, 0x44444444u);
    EXPECT_EQ(bits(j.instr_descriptor, 0, 3), 0x4u);  // sparse, selector 0
    EXPECT_EQ(bits(j.instr_descriptor, 17, 6), 64u >> 3);
    EXPECT_EQ(bits(j.instr_descriptor, 24, 5), 128u >> 4);
    EXPECT_EQ(bits(j.b_descriptor, 32, 14) * 16, 512u);
    for (int cta = 0; cta < 2; ++cta) {
      for (int r = 0; r < 64; ++r)
        for (int k = 0; k < 16; ++k)
          ASSERT_EQ(kmajor_element(j.image[cta], j.a_descriptor, 0, r, k),
                    k != 0 ? 0 : f16_of(pass == 0 ? 64 * cta + r : 1))
              << "A row " << 64 * cta + r << " compressed k " << k;
      for (int n = 0; n < 32; ++n)
        for (int k = 0; k < 32; ++k)
          ASSERT_EQ(kmajor_element(j.image[cta], j.b_descriptor, j.b_offset, n, k),
                    k >= 4 ? 0 : f16_of(pass == 0 ? 1 : 32 * cta + n))
              << "B column " << 32 * cta + n << " k " << k;
    }
  }
}

TEST(BlackwellFamily, MatrixMoveJobsAddressTheRowsThePtxTextAssignsEachLane) {
  const BlackwellWork w = pack_blackwell(named({"blackwell"}), device(10, 0), BlackwellBuild{true, false});
  ASSERT_FALSE(w.launches.empty());
  const BlackwellWork::Launch& l = w.launches[0];
  ASSERT_EQ(l.kernel, BlackwellKernel::b8_moves);
  ASSERT_EQ(l.in.size(), static_cast<std::size_t>(l.arg) * sizeof(kernel_io::B8MoveJob));
  EXPECT_EQ(l.out_bytes, static_cast<std::size_t>(l.arg) * sizeof(kernel_io::B8MoveOut));
  std::size_t job = 0, forms = 0;
  for (const MatrixMoveProbe& entry : w.moves) {
    const std::string& mn = entry.mnemonic;
    if (mn.rfind("ldmatrix", 0) != 0 && mn.rfind("stmatrix", 0) != 0) continue;
    SCOPED_TRACE(mn);
    ++forms;
    const int num = mn.find(".x4.") != std::string::npos ? 4 : mn.find(".x2.") != std::string::npos ? 2 : 1;
    const bool store = mn.rfind("stmatrix", 0) == 0;
    // A matrix's rows, each 16 stored bytes addressed by one lane: 16 for m16n16, 8 for m8n16 and
    // stmatrix m16n8 (stored transposed as 8 rows); matrix m's row i is addressed by lane R*m + i.
    const int rows = mn.find(".m16n16.") != std::string::npos ? 16 : 8;
    // Bits per stored value: .b8, or 16 packed 6-bit (4-bit) values and padding.
    const int value_bits = mn.find("b6x16") != std::string::npos   ? 6
                           : mn.find("b4x16") != std::string::npos ? 4
                                                                   : 8;
    const int passes = store ? 2 : 3;
    for (int pass = 0; pass < passes; ++pass, ++job) {
      ASSERT_LT(job, static_cast<std::size_t>(l.arg));
      const auto j = job_of<kernel_io::B8MoveJob>(l.in, job);
      EXPECT_EQ(j.num, num);
      for (int lane = 0; lane < num * rows; ++lane) {
        const std::uint32_t at = j.lane_offset[lane];
        ASSERT_EQ(at % 16, 0u) << "lane " << lane;
        ASSERT_LE(at + 16, static_cast<std::uint32_t>(16 * num * rows)) << "lane " << lane;
        if (store) continue;
        // Loads: every stored value holds its matrix (pass 0), row (pass 1) or column (pass 2).
        for (int c = 0; c < 16; ++c) {
          const int bit = value_bits * c;
          const unsigned word =
              j.image[at + bit / 8] | (bit / 8 + 1 < 16 ? j.image[at + bit / 8 + 1] << 8 : 0);
          const int value = static_cast<int>((word >> (bit % 8)) & ((1u << value_bits) - 1));
          const int want = pass == 0 ? lane / rows : pass == 1 ? lane % rows : c;
          ASSERT_EQ(value, want) << "lane " << lane << " value " << c << " pass " << pass;
        }
      }
      if (!store) continue;
      // Stores: no byte of the stored rows or the 16-byte guard after them labelled; register r of
      // each lane labelled byte by byte with the lane (pass 0), then 4r + byte (pass 1), for the
      // .num registers the instruction stores.
      for (int b = 0; b < 16 * num * rows + 16; ++b) ASSERT_EQ(j.image[b], 0xFF) << "byte " << b;
      for (int r = 0; r < num; ++r)
        for (int lane = 0; lane < 32; ++lane)
          for (int b = 0; b < 4; ++b)
            ASSERT_EQ((j.regs[r][lane] >> (8 * b)) & 0xFF,
                      static_cast<unsigned>(pass == 0 ? lane : 4 * r + b))
                << "register " << r << " lane " << lane << " byte " << b;
    }
  }
  EXPECT_EQ(forms, all_b8_moves().size());
  EXPECT_EQ(job, static_cast<std::size_t>(l.arg));
}

TEST(BlackwellFamily, TensorMemoryAndBlockScaleLaunchesNameTheirProbe) {
  const BlackwellWork w = pack_blackwell(
      named({"tcgen05.st.sync.aligned.16x256b.x1.b32", "tcgen05.st.sync.aligned.32x32b.x1.b32",
             "tcgen05.st.sync.aligned.16x128b.x8.b32", "tcgen05.st.sync.aligned.16x64b.x1.unpack::16b.b32",
             "tcgen05.ld.sync.aligned.16x32bx2.x16.b32", "tcgen05.ld.sync.aligned.16x256b.x1.pack::16b.b32"}),
      device(10, 0), BlackwellBuild{true, false});
  ASSERT_EQ(w.launches.size(), 6u);
  // Per launch, as the PTX text names the form: (shape, .num, load, pack, immHalfSplitoff, columns read
  // back, words out per thread). The read back covers the columns the form spans (16x128b.x8: 8 x 4;
  // 16x64b unpacked: 2 x 2), a load returns its registers (16x32bx2.x16: 16; 16x256b: 4).
  const int want[6][7] = {{3, 1, 0, 0, 0, 8, 8}, {0, 1, 0, 0, 0, 8, 8},    {2, 8, 0, 0, 0, 32, 32},
                          {1, 1, 0, 1, 0, 8, 8}, {4, 16, 1, 0, 16, 0, 16}, {3, 1, 1, 1, 0, 0, 4}};
  for (std::size_t i = 0; i < w.launches.size(); ++i) {
    SCOPED_TRACE(i);
    const BlackwellWork::Launch& l = w.launches[i];
    EXPECT_EQ(l.kernel, BlackwellKernel::tmem);
    EXPECT_EQ(w.tmem_of[l.plan], i);
    ASSERT_EQ(l.in.size(), sizeof(kernel_io::TmemJob));
    const auto j = job_of<kernel_io::TmemJob>(l.in);
    const int got[6] = {j.shape, j.num, j.load, j.pack16, j.half_split, j.read};
    for (int k = 0; k < 6; ++k) EXPECT_EQ(got[k], want[i][k]) << "field " << k;
    EXPECT_EQ(l.out_bytes, static_cast<std::size_t>(128 * want[i][6] * 4));
    // Store: thread t's register r holds (t << 8) | r, its halves (t << 8) | 2r + h when unpacked;
    // load: lane t's column c holds 0xFFFF0000 | (t << 8) | c.
    for (std::uint32_t t = 0; t < 128; ++t)
      for (std::uint32_t r = 0; r < 32; ++r)
        ASSERT_EQ(j.words[t][r], j.load     ? 0xFFFF0000u | t << 8 | r
                                 : j.pack16 ? ((t << 8) | 2 * r) | ((t << 8) | (2 * r + 1)) << 16
                                            : (t << 8) | r)
            << t << " " << r;
  }
  EXPECT_EQ(w.moves[0].mnemonic, "tcgen05.st.sync.aligned.16x256b.x1.b32");
  EXPECT_EQ(w.moves[5].kind, "tcgen05.ld");

  const BlackwellWork s = pack_blackwell(named({"block-scale"}), device(12, 0), BlackwellBuild{false, true});
  ASSERT_EQ(s.launches.size(), all_block_scale_probe_plans().size());
  for (const BlackwellWork::Launch& l : s.launches) {
    const BlockScaleProbePlan& plan = s.scales[l.plan];
    const std::string& name = s.moves[s.scale_of[l.plan]].mnemonic;
    SCOPED_TRACE(name);
    EXPECT_EQ(l.kernel, BlackwellKernel::block_scale);
    EXPECT_EQ(block_scale_probe_name(plan), name);
    // The kernel takes form * 2 + selector pair (block_scale_kernels.hpp): the probe's own form
    // and the selectors its name says.
    const BlockScaleProbeForm& form = kBlockScaleProbeForms[l.arg / 2];
    const ScaleSelector sel = form.selectors[l.arg % 2];
    EXPECT_EQ(name.rfind(form.mnemonic, 0), 0u);
    EXPECT_EQ(sel.byte_id, plan.sel_a.byte_id);
    EXPECT_EQ(sel.thread_id, plan.sel_a.thread_id);
    // One job per k-block: .scale_vec::NX gives each row N scale factors along K (PTX ISA 9.7.14.3).
    const std::size_t at = name.find("scale_vec::");
    ASSERT_NE(at, std::string::npos);
    const int blocks = name[at + 11] - '0';
    EXPECT_EQ(l.count, blocks);
    ASSERT_EQ(l.in.size(), static_cast<std::size_t>(blocks) * sizeof(kernel_io::BlockScaleJob));
    EXPECT_EQ(l.out_bytes, static_cast<std::size_t>(blocks) * 32 * 4 * 4);  // [job][lane][4] D words
    ASSERT_EQ(plan.passes.size(), static_cast<std::size_t>(blocks));
    for (int k = 0; k < blocks; ++k) {
      const auto j = job_of<kernel_io::BlockScaleJob>(l.in, static_cast<std::size_t>(k));
      const BlockScalePass& pass = plan.passes[static_cast<std::size_t>(k)];
      for (std::size_t lane = 0; lane < 32; ++lane) {
        for (std::size_t r = 0; r < 4; ++r) ASSERT_EQ(j.a[r][lane], pass.a[r][lane]) << "k-block " << k;
        for (std::size_t r = 0; r < 2; ++r) ASSERT_EQ(j.b[r][lane], pass.b[r][lane]) << "k-block " << k;
        ASSERT_EQ(j.sfa[lane], plan.sfa[lane]);
        ASSERT_EQ(j.sfb[lane], plan.sfb[lane]);
      }
    }
  }
}

TEST(BlackwellFamily, ADeviceOrBuildThatCannotRunAProbeSkipsItWithTheReason) {
  // An H200 asked for every Blackwell probe: entries, each skipped with the SM it needs; no launch.
  const BlackwellWork h = pack_blackwell(named({"blackwell"}), device(9, 0), BlackwellBuild{true, true});
  EXPECT_TRUE(h.launches.empty());
  ASSERT_EQ(h.moves.size(),
            all_b8_moves().size() + kTmemProbes + kUmmaProbes + all_block_scale_probe_plans().size());
  for (const MatrixMoveProbe& p : h.moves) {
    const bool scale = p.kind == "block-scale", move = p.kind == "ldmatrix-b8" || p.kind == "stmatrix-b8";
    EXPECT_EQ(
        p.skipped,
        scale  ? "skipped: needs sm_120a, a compute capability 12.0 GPU (device is sm_90)"
        : move ? "skipped: needs sm_100a or sm_120a, a compute capability 10.0 or 12.0 GPU (device is sm_90)"
               : "skipped: needs sm_100a, a compute capability 10.0 GPU (device is sm_90)")
        << p.mnemonic;
    EXPECT_TRUE(p.cells.empty()) << p.mnemonic;
  }
  // A B200 and a build without sm_100a code: the option that builds it.
  const BlackwellWork b = pack_blackwell(named({"stmatrix.sync.aligned.m16n8.x4.trans.shared.b8"}),
                                         device(10, 0), BlackwellBuild{false, false});
  EXPECT_TRUE(b.launches.empty());
  ASSERT_EQ(b.moves.size(), 1u);
  EXPECT_EQ(b.moves[0].skipped,
            "skipped: this build has no sm_100a code (configure with -DFRAGVIZ_SM100_PROBES=ON)");
  // No names: every probe the device runs, none on an H200 (its report grows no skipped lines).
  EXPECT_TRUE(pack_blackwell(ProbeRequest{}, device(9, 0), BlackwellBuild{true, true}).moves.empty());
  const BlackwellWork all = pack_blackwell(ProbeRequest{}, device(10, 0), BlackwellBuild{true, true});
  EXPECT_EQ(all.moves.size(), all_b8_moves().size() + kTmemProbes + kUmmaProbes);
  // An sm_120 GPU: the 8-bit moves and the block-scale probes, run by an sm_120a build.
  const BlackwellWork rtx = pack_blackwell(ProbeRequest{}, device(12, 0), BlackwellBuild{false, true});
  EXPECT_EQ(rtx.moves.size(), all_b8_moves().size() + all_block_scale_probe_plans().size());
  EXPECT_EQ(rtx.launches.size(), 1 + all_block_scale_probe_plans().size());
  for (const MatrixMoveProbe& p : rtx.moves) EXPECT_EQ(p.skipped, "") << p.mnemonic;
  ProbeRequest off;
  off.instruction_probes = false;
  EXPECT_TRUE(pack_blackwell(off, device(10, 0), BlackwellBuild{true, true}).moves.empty());
}

TEST(BlackwellFamily, EachOutputIsJudgedIntoItsOwnEntry) {
  for (const DeviceInfo& d : {device(10, 0), device(12, 0)}) {
    SCOPED_TRACE("sm_" + std::to_string(d.sm()));
    BlackwellWork w = pack_blackwell(named({"blackwell"}), d, BlackwellBuild{true, true});
    ProbeReport report;
    report.moves.resize(1);
    report.moves[0].mnemonic = "an entry of another family";
    add_blackwell_entries(w, report);
    ASSERT_EQ(report.moves.size(), 1 + w.moves.size());
    for (std::size_t i = 0; i < w.launches.size(); ++i)
      judge_blackwell_launch(w, i, std::vector<std::uint8_t>(w.launches[i].out_bytes, 0xFF), report);
    EXPECT_EQ(report.moves[0].mnemonic, "an entry of another family");
    for (std::size_t i = 0; i < w.moves.size(); ++i) {
      const MatrixMoveProbe& p = report.moves[1 + i];
      EXPECT_EQ(p.mnemonic, w.moves[i].mnemonic);
      // A probe this device cannot run keeps its reason and no cells; each other one is judged, every
      // cell it expects listed.
      EXPECT_EQ(p.skipped, w.moves[i].skipped) << p.mnemonic;
      EXPECT_EQ(p.cells.empty(), !w.moves[i].skipped.empty()) << p.mnemonic;
    }
  }
}
