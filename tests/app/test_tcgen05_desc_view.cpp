// The descriptor view's sm_100 side (viewmodel/tcgen05_desc_view.hpp). Words worked out by hand
// from PTX ISA 9.1 Tables 40 and 42 (see tests/gui/test_descriptor_sm100.sh for the same words).
#include <gtest/gtest.h>

#include "fragviz/viewmodel/tcgen05_desc_view.hpp"

namespace fragviz::app {
namespace {

TEST(Sm100DescriptorView, DefaultsAreReadable) {
  const Sm100DescriptorView v = make_sm100_descriptor_view(Sm100DescriptorControls{});
  ASSERT_TRUE(v.smem.read);
  // LBO 16 >> 4 = 1 at bit 16, SBO 1024 >> 4 = 0x40 at bit 32, bit 46, swizzle 2 << 61.
  EXPECT_EQ(v.smem.bits, (1ull << 16) | (0x40ull << 32) | (1ull << 46) | (2ull << 61));
  EXPECT_FALSE(v.smem.refusal) << *v.smem.refusal;
  ASSERT_TRUE(v.idesc.read);
  // D f32 (1 << 4), N 256 >> 3 = 32 at bit 17, M 128 >> 4 = 8 at bit 24.
  EXPECT_EQ(v.idesc.bits, (1u << 4) | (32u << 17) | (8u << 24));
  EXPECT_FALSE(v.idesc.refusal) << *v.idesc.refusal;
  EXPECT_NE(v.status.find("model only"), std::string::npos);
  EXPECT_NE(v.idesc_source.find("Table 42"), std::string::npos);
}

TEST(Sm100DescriptorView, HopperWordAndBadTextRefused) {
  Sm100DescriptorControls c;
  c.smem = "0x4000004000010040";  // Hopper 128B: 1 << 62, bits 46-48 zero
  c.idesc = "0x1234567890";       // 40 bits
  c.kind = UmmaKind::mxf4;
  const Sm100DescriptorView v = make_sm100_descriptor_view(c);
  ASSERT_TRUE(v.smem.read);
  ASSERT_TRUE(v.smem.refusal);
  EXPECT_NE(v.smem.refusal->find("46-48"), std::string::npos) << *v.smem.refusal;
  EXPECT_FALSE(v.idesc.read);
  EXPECT_NE(v.idesc_source.find("Table 44"), std::string::npos);
  EXPECT_EQ(parse_descriptor_hex("0xfF", 2), 255u);
  EXPECT_FALSE(parse_descriptor_hex("0xg", 2));
  EXPECT_EQ(descriptor_hex(0x4000404000010000ull), "0x4000404000010000");
}

}  // namespace
}  // namespace fragviz::app
