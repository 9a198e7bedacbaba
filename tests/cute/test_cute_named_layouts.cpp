// Each named mma.sync layout (fragviz/isa/mma_layouts.hpp) against every CuTe layout it claims to
// be: CuTe's named layout (SM80_16x8_Row, SM70_8x4_Row, ...) or the ALayout/BLayout/CLayout a
// CuTe MMA_Traits writes inline, evaluated by CuTe at every (thread, value). Both sides are in
// CuTe's conventions ((M,K), (N,K), (M,N), column-major), so offsets compare as they are. Layouts
// CuTe 4.2 gets wrong (docs/catalogue.md) claim nothing of it; test_cute_mma_traits.cpp keeps
// those differences recorded. Host only.
#include <gtest/gtest.h>

#include <cctype>
#include <cute/atom/mma_traits_sm120.hpp>
#include <cute/atom/mma_traits_sm70.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm89.hpp>
#include <cute/atom/mma_traits_sm90.hpp>
#include <set>
#include <string>
#include <vector>

#include "fragviz/isa/mma_layouts.hpp"

namespace {

// One claim: named layout `ours` is CuTe's `cute` (its text), evaluated.
struct Claim {
  std::string ours;
  std::string cute;
  int threads = 0, values = 0;
  std::vector<int> offset;  // [t * values + v]
};

template <class L>
Claim claim(const char* ours, const char* cute_text, const L& l) {
  Claim c;
  c.ours = ours;
  c.cute = cute_text;
  c.threads = int(cute::size<0>(l));
  c.values = int(cute::size<1>(l));
  for (int t = 0; t < c.threads; ++t)
    for (int v = 0; v < c.values; ++v) c.offset.push_back(int(l(t, v)));
  return c;
}

#define FRAGVIZ_CLAIM(OURS, ...) claim(#OURS, #__VA_ARGS__, cute::__VA_ARGS__{})
#define FRAGVIZ_TRAIT(OURS, ATOM, MEMBER) \
  claim(#OURS, #ATOM "::" #MEMBER, typename MMA_Traits<ATOM>::MEMBER{})

const std::vector<Claim>& claims() {
  using namespace cute;
  using SM120_16x8x32_TN_E4M3E2M1F32 = SM120_16x8x32_TN<float_e4m3_t, float_e2m1_t, float>;
  static const std::vector<Claim> all = {
      // CuTe's named layouts
      FRAGVIZ_CLAIM(SM70_8x4_Row, SM70_8x4_Row),
      FRAGVIZ_CLAIM(SM70_8x4_Col, SM70_8x4_Col),
      FRAGVIZ_CLAIM(SM70_8x8_16b, SM70_8x8_16b),
      FRAGVIZ_CLAIM(SM70_8x8_32b, SM70_8x8_32b),
      FRAGVIZ_CLAIM(SM80_8x4, SM80_8x4),
      FRAGVIZ_CLAIM(SM80_8x8_Row, SM80_8x8_Row),
      FRAGVIZ_CLAIM(SM80_8x16_Row, SM80_8x16_Row),
      FRAGVIZ_CLAIM(SM80_16x8_Row, SM80_16x8_Row),
      // ... and where CuTe's traits use them under other spellings
      FRAGVIZ_TRAIT(SM80_16x8_Row, SM75_16x8x8_F32F16F16F32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x8_Row, SM75_16x8x8_F32F16F16F32_TN, CLayout),
      FRAGVIZ_TRAIT(SM80_8x8_Row, SM75_16x8x8_F32F16F16F32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x16_Row, SM75_8x8x16_S32S8S8S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_8x16_Row, SM75_8x8x16_S32S8S8S32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x8_Row, SM75_8x8x16_S32S8S8S32_TN, CLayout),
      FRAGVIZ_TRAIT(SM80_8x4, SM90_16x8x4_F64F64F64F64_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_16x8_Row, SM90_16x8x16_F64F64F64F64_TN, CLayout),
      // layouts CuTe writes inline in a trait
      FRAGVIZ_TRAIT(SM80_16x16_16b, SM80_16x8x16_F16F16F16F16_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_8x16_16b, SM80_16x8x16_F16F16F16F16_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_16x4_32b, SM80_16x8x4_F32TF32TF32F32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x4_32b, SM90_16x8x4_F64F64F64F64_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x8_32b, SM80_16x8x8_F32TF32TF32F32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x8_32b, SM90_16x8x8_F64F64F64F64_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_8x8_32b, SM80_16x8x8_F32TF32TF32F32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x8_32b, SM90_16x8x8_F64F64F64F64_TN, BLayout),
      FRAGVIZ_TRAIT(SM90_16x16_64b, SM90_16x8x16_F64F64F64F64_TN, ALayout),
      FRAGVIZ_TRAIT(SM90_8x16_64b, SM90_16x8x16_F64F64F64F64_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_16x16_8b, SM80_16x8x16_S32S8S8S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x32_8b, SM80_16x8x32_S32S8S8S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x32_8b, SM89_16x8x32_F32E4M3E4M3F32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x32_8b, SM120_16x8x32_TN_E4M3E2M1F32, ALayout),
      FRAGVIZ_TRAIT(SM80_8x32_8b, SM80_16x8x32_S32S8S8S32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x32_8b, SM89_16x8x32_F32E4M3E4M3F32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x32_8b, SM120_16x8x32_TN_E4M3E2M1F32, BLayout),
      FRAGVIZ_TRAIT(SM80_8x32_4b, SM80_8x8x32_S32S4S4S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_8x32_4b, SM80_8x8x32_S32S4S4S32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_16x32_4b, SM80_16x8x32_S32S4S4S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_16x64_4b, SM80_16x8x64_S32S4S4S32_TN, ALayout),
      FRAGVIZ_TRAIT(SM80_8x64_4b, SM80_16x8x64_S32S4S4S32_TN, BLayout),
      FRAGVIZ_TRAIT(SM80_8x128_1b, SM80_8x8x128_S32U1U1S32_TN_XORPOPC, ALayout),
      FRAGVIZ_TRAIT(SM80_8x128_1b, SM80_8x8x128_S32U1U1S32_TN_XORPOPC, BLayout),
      FRAGVIZ_TRAIT(SM80_8x128_1b, SM80_16x8x128_S32U1U1S32_TN_XORPOPC, BLayout),
      FRAGVIZ_TRAIT(SM80_16x256_1b, SM80_16x8x256_S32U1U1S32_TN_XORPOPC, ALayout),
      FRAGVIZ_TRAIT(SM80_8x256_1b, SM80_16x8x256_S32U1U1S32_TN_XORPOPC, BLayout),
  };
  return all;
}

// Named layouts CuTe 4.2 has no right layout for: its m16n8k128 .b1 ALayout does not evaluate
// (docs/catalogue.md).
const std::set<std::string> kNotInCute = {"SM80_16x128_1b"};

const fragviz::MmaLayout* named(const std::string& name) {
  for (const fragviz::NamedMmaLayout& n : fragviz::mma_layouts::kMmaLayouts)
    if (name == n.name) return n.layout;
  return nullptr;
}

class NamedLayoutClaim : public ::testing::TestWithParam<std::size_t> {};

TEST_P(NamedLayoutClaim, EqualsCute) {
  const Claim& c = claims()[GetParam()];
  SCOPED_TRACE(c.ours + " as CuTe's " + c.cute);
  const fragviz::MmaLayout* l = named(c.ours);
  ASSERT_NE(l, nullptr) << "no named layout " << c.ours;
  ASSERT_EQ(fragviz::tv_threads(l->tv), c.threads);
  ASSERT_EQ(fragviz::tv_values(l->tv), c.values);
  for (int t = 0; t < c.threads; ++t)
    for (int v = 0; v < c.values; ++v)
      EXPECT_EQ(fragviz::tv_offset(l->tv, t, v), c.offset[std::size_t(t) * c.values + v])
          << "thread " << t << " value " << v;
}

std::vector<std::size_t> claim_indices() {
  std::vector<std::size_t> out(claims().size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = i;
  return out;
}

std::string claim_name(const ::testing::TestParamInfo<std::size_t>& info) {
  std::string name = claims()[info.param].ours + "_is_" + claims()[info.param].cute;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(All, NamedLayoutClaim, ::testing::ValuesIn(claim_indices()), claim_name);

// Every named layout is compared with CuTe at least once, unless CuTe has no right one.
TEST(NamedLayouts, EachHasACuteClaim) {
  std::set<std::string> claimed;
  for (const Claim& c : claims()) claimed.insert(c.ours);
  for (const fragviz::NamedMmaLayout& n : fragviz::mma_layouts::kMmaLayouts) {
    if (kNotInCute.count(n.name)) {
      EXPECT_EQ(claimed.count(n.name), 0u) << n.name << " is listed as not in CuTe";
      continue;
    }
    EXPECT_EQ(claimed.count(n.name), 1u) << n.name << " claims no CuTe layout";
  }
}

}  // namespace
