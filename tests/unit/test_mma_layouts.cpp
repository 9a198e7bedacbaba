// The named mma.sync layouts (fragviz/isa/mma_layouts.hpp) and the two transforms the catalogue
// builds its operands with. Each property is stated from its definition (a bijection onto the
// codomain; the PTX ISA's quad pairs; B's offset n + N*k read as k + K*n), not from the code's
// arithmetic. tests/cute/test_cute_named_layouts.cpp compares the layouts with CuTe's.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/mma_layouts.hpp"

namespace {

using fragviz::Mode;
using fragviz::NamedMmaLayout;
using fragviz::TvLayout;
using fragviz::mma_layouts::kMmaLayouts;

bool same(const TvLayout& x, const TvLayout& y) {
  for (int i = 0; i < 6; ++i)
    if (x.thread[i].shape != y.thread[i].shape || x.thread[i].stride != y.thread[i].stride ||
        x.value[i].shape != y.value[i].shape || x.value[i].stride != y.value[i].stride)
      return false;
  return true;
}

TEST(MmaLayouts, EachIsABijectionOntoItsCodomain) {
  for (const NamedMmaLayout& n : kMmaLayouts) {
    SCOPED_TRACE(n.name);
    const fragviz::MmaLayout& l = *n.layout;
    const int threads = fragviz::tv_threads(l.tv), values = fragviz::tv_values(l.tv);
    EXPECT_TRUE(threads == 32 || threads == fragviz::kQuadPairLanes) << threads;
    ASSERT_EQ(threads * values, l.rows * l.cols);
    std::set<int> seen;
    for (int t = 0; t < threads; ++t)
      for (int v = 0; v < values; ++v) {
        const int o = fragviz::tv_offset(l.tv, t, v);
        EXPECT_TRUE(o >= 0 && o < l.rows * l.cols) << "thread " << t << " value " << v << ": " << o;
        seen.insert(o);
      }
    EXPECT_EQ(static_cast<int>(seen.size()), l.rows * l.cols);
  }
}

TEST(MmaLayouts, NamesAreDistinctAndLayoutsToo) {
  std::set<std::string> names;
  for (const NamedMmaLayout& n : kMmaLayouts) EXPECT_TRUE(names.insert(n.name).second) << n.name;
  for (const NamedMmaLayout& x : kMmaLayouts)
    for (const NamedMmaLayout& y : kMmaLayouts)
      if (&x != &y)
        EXPECT_FALSE(same(x.layout->tv, y.layout->tv) && x.layout->rows == y.layout->rows &&
                     x.layout->cols == y.layout->cols)
            << x.name << " and " << y.name << " are one layout";
}

// PTX ISA, m8n8k4 .f16: quad pair q holds lanes 4q..4q+3 and 16+4q..16+4q+3; CuTe's logical thread
// t of one quad pair is lane t % 4 + 16 * (t / 4).
TEST(MmaLayouts, QuadPairsSpreadOneQuadPairOverTheWarp) {
  int checked = 0;
  for (const NamedMmaLayout& n : kMmaLayouts) {
    const fragviz::MmaLayout& l = *n.layout;
    if (fragviz::tv_threads(l.tv) != fragviz::kQuadPairLanes) continue;
    SCOPED_TRACE(n.name);
    const int cells = l.rows * l.cols;
    const TvLayout warp = fragviz::quad_pairs(l.tv, cells);
    ASSERT_EQ(fragviz::tv_threads(warp), 32);
    for (int lane = 0; lane < 32; ++lane) {
      const int quad_pair = (lane % 16) / 4;
      const int logical = lane % 4 + 4 * (lane / 16);
      for (int v = 0; v < fragviz::tv_values(l.tv); ++v, ++checked)
        EXPECT_EQ(fragviz::tv_offset(warp, lane, v), fragviz::tv_offset(l.tv, logical, v) + cells * quad_pair)
            << "lane " << lane << " value " << v;
    }
  }
  EXPECT_EQ(checked, 2 * 32 * 4 + 2 * 32 * 8);  // SM70_8x4_Row/Col (V4), SM70_8x8_16b/32b (V8)
}

// Any named layout read as CuTe's (N,K) B: element (n, k) at n + N*k must land at k + K*n.
TEST(MmaLayouts, KByNKeepsEveryElementWhereItWas) {
  for (const NamedMmaLayout& x : kMmaLayouts) {
    SCOPED_TRACE(x.name);
    const fragviz::MmaLayout& l = *x.layout;
    const int n = l.rows, k = l.cols;
    const TvLayout turned = fragviz::k_by_n(l.tv, n, k);
    for (int t = 0; t < fragviz::tv_threads(l.tv); ++t)
      for (int v = 0; v < fragviz::tv_values(l.tv); ++v) {
        const int o = fragviz::tv_offset(l.tv, t, v);
        EXPECT_EQ(fragviz::tv_offset(turned, t, v), o / n + k * (o % n)) << "thread " << t << " value " << v;
      }
  }
}

TEST(MmaLayouts, KByNRefusesAModeAcrossNAndK) {
  EXPECT_THROW(fragviz::k_by_n(Mode{4, 3}, 8, 8), const char*);   // steps 0, 3, 6, 9: n and k
  EXPECT_THROW(fragviz::k_by_n(Mode{4, 16}, 8, 4), const char*);  // k would reach 6 of 4
}

// The catalogue is built from these layouts and no others, and uses each.
TEST(MmaLayouts, TheCatalogueUsesExactlyTheNamedLayouts) {
  using fragviz::catalogue_entries::warp_map;
  std::set<std::string> used;
  for (const fragviz::Instruction& in : fragviz::kInstructions) {
    for (fragviz::Operand op : {fragviz::Operand::A, fragviz::Operand::B, fragviz::Operand::C}) {
      const fragviz::OperandSpec& s = fragviz::operand_spec(in, op);
      const char* found = nullptr;
      for (const NamedMmaLayout& n : kMmaLayouts) {
        const fragviz::MmaLayout& l = *n.layout;
        const bool match = op == fragviz::Operand::B
                               ? s.rows == l.cols && s.cols == l.rows &&
                                     same(s.map, fragviz::k_by_n(warp_map(l), l.rows, l.cols))
                               : s.rows == l.rows && s.cols == l.cols && same(s.map, warp_map(l));
        if (match) found = n.name;
      }
      if (found)
        used.insert(found);
      else
        ADD_FAILURE() << in.mnemonic << " operand " << fragviz::to_string(op) << ": no named layout";
    }
  }
  for (const NamedMmaLayout& n : kMmaLayouts) EXPECT_EQ(used.count(n.name), 1u) << n.name << " is unused";
}

}  // namespace
