// Every CTA tile preset (model/tile/cta_presets.hpp) against CuTe (cute_cta_presets.cpp), element
// for element: the TiledMMA's thr_layout_vmnk, tile and TV layouts; each TiledCopy's TV, source
// and destination layouts; over the whole CTA tile every thread's partition_A/B/C (cta_fragment_cell
// at every register) and partition_S/D of the shared tensor (cta_copy_addresses: the byte of every
// copy call's vector); each cp.async copy's TV layout, and every thread's partition_S of the compact
// global tile and partition_D of the shared one (gmem_copy_addresses); every element's byte in the shared
// layouts, which CuTe builds with tile_to_shape from swizzled atoms (GMMA's own 128-byte atoms for the Hopper
// tiles); and for the attention tiles, FlashAttention-2's (and FlashAttention-3's wgmma)
// convert_layout_acc_Aregs of CuTe's accumulator puts in every A register the cell (m, n = k) the A
// fragment expects, as fragviz's reuse join says.
// Two configurations that are no preset give an operand the user's own make_tiled_copy(ATOM, THR,
// VAL): their TiledCopy layouts, partitions and the cells CuTe's copy delivers into the retiled
// MMA fragment (run on the host: UniversalCopy) must be fragviz's join, right and wrong.
#include <gtest/gtest.h>

#include "cta_preset_record.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace {

using namespace tiled_oracle;
namespace ft = fragviz::tile;
namespace fa = fragviz::algebra;

const std::vector<CtaPresetCase>& cases() {
  static const std::vector<CtaPresetCase> all = [] {
    std::vector<CtaPresetCase> v;
    cta_preset_cases(v);
    return v;
  }();
  return all;
}

void expect_layout(const LayoutRecord& cute, const fa::Layout& ours, const std::string& what) {
  EXPECT_EQ(fa::to_string(ours), cute.printed) << what;
  ASSERT_EQ(fa::size(ours), static_cast<std::int64_t>(cute.values.size())) << what;
  for (std::size_t i = 0; i < cute.values.size(); ++i)
    ASSERT_EQ(fa::evaluate(ours, static_cast<std::int64_t>(i)), cute.values[i]) << what << " at " << i;
}

TEST(CuteCtaPresets, EveryPresetIsChecked) {
  for (const ft::CtaPreset& p : ft::cta_presets()) {
    if (p.name == "gate-scalar-b-k8") continue;  // ldmatrix-k8's tile with B by 2-byte loads: no TiledCopy
    bool found = false;
    for (const CtaPresetCase& c : cases()) found = found || c.preset == p.name;
    EXPECT_TRUE(found) << p.name << " has no CuTe record";
  }
}

/// The user's own make_tiled_copy configurations of cute_cta_presets.cpp, typed as a user types
/// them (a CtaTileSpec), and whether CuTe's copy puts in every register the MMA's cell.
struct UserConfig {
  const char* name;
  ft::CtaTileSpec spec;
  bool joins_right;
};
const std::vector<UserConfig>& user_configs() {
  static const std::vector<UserConfig> all = [] {
    std::vector<UserConfig> v;
    ft::CtaTileSpec a;
    a.mma = "SM80_16x8x16_F32F16F16F32_TN";
    a.atoms = "(4,1,1)";
    a.copy[0] = "make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))";
    a.smem[0] = "(64,16):(16,1)";
    v.push_back({"user-copy-universal128-a", a, false});
    ft::CtaTileSpec b;
    b.mma = "SM80_16x8x8_F32F16F16F32_TN";
    b.atoms = "(1,4,1)";
    b.copy[1] = "make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))";
    b.smem[1] = "(32,8):(8,1)";
    v.push_back({"user-copy-universal32-b", b, true});
    return v;
  }();
  return all;
}
const UserConfig* find_user_config(const std::string& name) {
  for (const UserConfig& u : user_configs())
    if (name == u.name) return &u;
  return nullptr;
}

class CuteCtaPreset : public ::testing::TestWithParam<std::size_t> {};

TEST_P(CuteCtaPreset, EqualsCute) {
  const CtaPresetRecord c = cases()[GetParam()].make();
  SCOPED_TRACE(c.preset);
  const ft::CtaPreset* p = ft::find_cta_preset(c.preset);
  const UserConfig* user = find_user_config(c.preset);
  ASSERT_TRUE(p || user) << "no preset or user configuration " << c.preset;
  const auto made = ft::make_cta_tile(p ? p->spec : user->spec);
  ASSERT_TRUE(made) << made.message;
  const ft::CtaTile& t = *made.value;
  expect_layout(c.vmnk, t.mma.thr_layout_vmnk, "thr_layout_vmnk");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(t.mma.tile_mnk[static_cast<std::size_t>(i)], c.tile[i]);
  expect_layout(c.a, t.mma.layout_a_tv, "get_layoutA_TV");
  expect_layout(c.b, t.mma.layout_b_tv, "get_layoutB_TV");
  expect_layout(c.c, t.mma.layout_c_tv, "get_layoutC_TV");
  const fragviz::Operand ops[] = {fragviz::Operand::A, fragviz::Operand::B, fragviz::Operand::C};
  for (std::size_t i = 0; i < 3; ++i) {
    const fragviz::Operand op = ops[i];
    const CtaOperandRecord& o = c.operands[i];
    SCOPED_TRACE(std::string("operand ") + std::string(fragviz::to_string(op)));
    if (o.registers) {
      ASSERT_EQ(ft::cta_fragment_size(t, op), o.registers_per_thread);
      std::size_t k = 0;
      for (std::int64_t th = 0; th < t.mma.threads(); ++th) {
        const std::vector<ft::Cell> cells = ft::cta_fragment_cells(t, op, th);
        for (std::int64_t r = 0; r < o.registers_per_thread; ++r, k += 2) {
          const ft::Cell cell = cells[static_cast<std::size_t>(r)];
          ASSERT_EQ(cell.row, o.cells[k]) << "thread " << th << " register " << r;
          ASSERT_EQ(cell.col, o.cells[k + 1]) << "thread " << th << " register " << r;
        }
      }
    }
    ASSERT_EQ(t.smem[i].has_value(), o.layout);
    if (o.layout) {
      const auto& l = *t.smem[i];
      std::size_t k = 0;
      for (int r = 0; r < l.rows(); ++r)
        for (int col = 0; col < l.cols(); ++col, ++k)
          ASSERT_EQ(l.byte_offset(r, col), o.bytes[k]) << r << "," << col;
    }
    // The global -> shared copy: CuTe's make_tiled_copy, and its partition_S / partition_D.
    ASSERT_EQ(i < 2 && t.gmem_copy[i].has_value(), o.gmem);
    if (o.gmem) {
      const ft::GmemCopy& g = *t.gmem_copy[i];
      expect_layout(o.gmem_tv, g.copy.layout_tv, "gmem TiledLayout_TV");
      EXPECT_EQ(fa::to_string(g.copy.tiler), o.gmem_tiler);
      const std::vector<ft::GmemCopyAddress> ours = ft::gmem_copy_addresses(g, *t.smem[i]);
      ASSERT_EQ(ours.size(), o.gmem_src.size());
      for (std::size_t k = 0; k < ours.size(); ++k) {
        ASSERT_EQ(ours[k].src, o.gmem_src[k])
            << "gmem thread " << ours[k].thread << " cp.async " << ours[k].instruction;
        ASSERT_EQ(ours[k].dst, o.gmem_dst[k])
            << "gmem thread " << ours[k].thread << " cp.async " << ours[k].instruction;
      }
    }
    ASSERT_EQ(t.copy[i].has_value(), o.copy);
    if (!o.copy) continue;
    expect_layout(o.tv, t.copy[i]->layout_tv, "TiledLayout_TV");
    expect_layout(o.s, t.copy[i]->layout_s_tv, "get_layoutS_TV");
    expect_layout(o.d, t.copy[i]->layout_d_tv, "get_layoutD_TV");
    EXPECT_EQ(fa::to_string(t.copy[i]->tiler), o.tiler);
    const std::vector<ft::CopyAddress> ours = ft::cta_copy_addresses(t, op);
    ASSERT_EQ(ours.size(), o.addresses.size());
    for (std::size_t k = 0; k < ours.size(); ++k)
      ASSERT_EQ(ours[k].byte, o.addresses[k]) << "thread " << ours[k].thread << " call " << ours[k].call
                                              << " tile (" << ours[k].tile0 << "," << ours[k].tile1 << ")";
  }
  const auto report = ft::analyze_cta_tile(t, ft::CtaOptions{true, true});
  ASSERT_TRUE(report) << report.message;
  // gate-broken-swap-b's register swap after the copy makes its B join wrong on purpose.
  EXPECT_EQ(report->joins_ok(), user ? user->joins_right : t.spec.register_swap.empty());
  // The user's make_tiled_copy: the cell CuTe's own copy put in each register is the join's.
  for (std::size_t i = 0; i < 2; ++i) {
    const CtaOperandRecord& o = c.operands[i];
    if (o.delivered.empty()) continue;
    const ft::CtaJoin& j = *report->operands[i].join;
    ASSERT_EQ(j.all.size() * 2, o.delivered.size());
    std::int64_t wrong = 0;
    for (std::size_t k = 0; k < j.all.size(); ++k) {
      const ft::CtaJoinCell& x = j.all[k];  // thread-major, then register: CuTe's order
      ASSERT_TRUE(x.moved) << "thread " << x.thread << " V" << x.reg;
      ASSERT_EQ(x.moved->row, o.delivered[2 * k]) << "thread " << x.thread << " V" << x.reg;
      ASSERT_EQ(x.moved->col, o.delivered[2 * k + 1]) << "thread " << x.thread << " V" << x.reg;
      wrong += x.match() ? 0 : 1;
    }
    EXPECT_EQ(wrong, j.mismatches);
    EXPECT_EQ(wrong == 0, user->joins_right);
  }
  if (!c.reuse_cells.empty()) {
    ASSERT_TRUE(report->reuse);
    EXPECT_EQ(report->reuse->mismatches, 0);
    const std::int64_t regs = ft::cta_fragment_size(t, fragviz::Operand::A);
    std::size_t k = 0;
    for (std::int64_t th = 0; th < t.mma.threads(); ++th)
      for (std::int64_t r = 0; r < regs; ++r, k += 2) {
        const ft::Cell a = ft::cta_fragment_cell(t, fragviz::Operand::A, th, r);
        ASSERT_EQ(a.row, c.reuse_cells[k]) << "thread " << th << " A register " << r;
        ASSERT_EQ(a.col, c.reuse_cells[k + 1]) << "thread " << th << " A register " << r;
      }
  }
}

INSTANTIATE_TEST_SUITE_P(All, CuteCtaPreset, ::testing::Range<std::size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           std::string id = cases()[i.param].preset;
                           for (char& ch : id)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return id;
                         });

}  // namespace
