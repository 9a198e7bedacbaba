// Element encodings against the formats' published bit patterns (IEEE 754 binary16 and binary64,
// bfloat16, tf32, and the OCP 8-bit formats E4M3 / E5M2 as PTX defines .e4m3 / .e5m2).
#include <gtest/gtest.h>

#include <cmath>

#include "fragviz/isa/element_codec.hpp"

namespace fragviz {
namespace {

std::uint64_t enc(ElemType t, double v) {
  const auto e = encode_element(t, v);
  EXPECT_TRUE(e.has_value()) << to_string(t) << " " << v;
  return e.value_or(~0ull);
}

TEST(ElementCodec, KnownBitPatterns) {
  EXPECT_EQ(enc(ElemType::f16, 1.0), 0x3C00u);
  EXPECT_EQ(enc(ElemType::f16, -2.0), 0xC000u);
  EXPECT_EQ(enc(ElemType::f16, 65504.0), 0x7BFFu);
  EXPECT_EQ(enc(ElemType::f16, std::ldexp(1.0, -24)), 0x0001u);  // smallest subnormal
  EXPECT_EQ(enc(ElemType::bf16, 1.0), 0x3F80u);
  EXPECT_EQ(enc(ElemType::bf16, -0.5), 0xBF00u);
  EXPECT_EQ(enc(ElemType::tf32, 1.75), 0x3FE00000u);
  EXPECT_EQ(enc(ElemType::f32, 1.0), 0x3F800000u);
  EXPECT_EQ(enc(ElemType::f64, 1.0), 0x3FF0000000000000ull);
  EXPECT_EQ(enc(ElemType::e4m3, 1.0), 0x38u);
  EXPECT_EQ(enc(ElemType::e4m3, 448.0), 0x7Eu);  // E4M3's largest finite value
  EXPECT_EQ(enc(ElemType::e4m3, -0.25), 0xA8u);
  EXPECT_EQ(enc(ElemType::e4m3, std::ldexp(1.0, -9)), 0x01u);  // smallest subnormal
  EXPECT_EQ(enc(ElemType::e5m2, 1.0), 0x3Cu);
  EXPECT_EQ(enc(ElemType::e5m2, 57344.0), 0x7Bu);  // E5M2's largest finite value
  EXPECT_EQ(enc(ElemType::e5m2, std::ldexp(1.0, -16)), 0x01u);
  EXPECT_EQ(enc(ElemType::e2m1, 6.0), 0x7u);
  EXPECT_EQ(enc(ElemType::e2m1, 0.5), 0x1u);
  EXPECT_EQ(enc(ElemType::s8, -1), 0xFFu);
  EXPECT_EQ(enc(ElemType::s4, -8), 0x8u);
  EXPECT_EQ(enc(ElemType::u4, 15), 0xFu);
  EXPECT_EQ(enc(ElemType::b1, 1), 0x1u);
  EXPECT_EQ(enc(ElemType::s32, -1), 0xFFFFFFFFu);
}

TEST(ElementCodec, RefusesWhatWouldRound) {
  EXPECT_FALSE(encode_element(ElemType::f16, 2049.0));
  EXPECT_FALSE(encode_element(ElemType::f16, 65520.0));
  EXPECT_FALSE(encode_element(ElemType::bf16, 257.0));
  EXPECT_FALSE(encode_element(ElemType::tf32, 2049.0));
  EXPECT_FALSE(encode_element(ElemType::e4m3, 17.0));
  EXPECT_FALSE(encode_element(ElemType::e4m3, 480.0));  // would be the NaN code S.1111.111
  EXPECT_FALSE(encode_element(ElemType::e5m2, 9.0));
  EXPECT_FALSE(encode_element(ElemType::e5m2, 65536.0));
  EXPECT_FALSE(encode_element(ElemType::e2m1, 0.25));
  EXPECT_FALSE(encode_element(ElemType::s4, 8));
  EXPECT_FALSE(encode_element(ElemType::u8, -1));
  EXPECT_FALSE(encode_element(ElemType::s8, 0.5));
  EXPECT_FALSE(encode_element(ElemType::b1, 2));
  EXPECT_FALSE(encode_element(ElemType::f32, NAN));
}

TEST(ElementCodec, SpecialsDecodeToNothing) {
  EXPECT_FALSE(decode_element(ElemType::f16, 0x7C00));  // inf
  EXPECT_FALSE(decode_element(ElemType::f16, 0x7E00));  // NaN
  EXPECT_FALSE(decode_element(ElemType::e4m3, 0x7F));   // E4M3's only NaN codes
  EXPECT_FALSE(decode_element(ElemType::e4m3, 0xFF));
  EXPECT_EQ(decode_element(ElemType::e4m3, 0x78), 256.0);       // no infinities in E4M3: a normal number
  EXPECT_FALSE(decode_element(ElemType::e5m2, 0x7C));           // E5M2 keeps IEEE infinities
  EXPECT_EQ(decode_element(ElemType::tf32, 0x3F801FFFu), 1.0);  // the low 13 bits are not tf32
}

TEST(ElementCodec, EveryPatternOfTheSmallTypesRoundTrips) {
  for (ElemType t :
       {ElemType::f16, ElemType::bf16, ElemType::e4m3, ElemType::e5m2, ElemType::e3m2, ElemType::e2m3,
        ElemType::e2m1, ElemType::s8, ElemType::u8, ElemType::s4, ElemType::u4, ElemType::b1}) {
    // The fp6 and fp4 formats sit in 8-bit containers: only their own 6 or 4 bits are patterns.
    const int bits = t == ElemType::e3m2 || t == ElemType::e2m3 ? 6
                     : t == ElemType::e2m1                      ? 4
                                                                : element_bits(t);
    const std::uint64_t n = 1ull << bits;
    for (std::uint64_t bits = 0; bits < n; ++bits) {
      const auto v = decode_element(t, bits);
      if (!v) continue;
      const auto back = encode_element(t, *v);
      ASSERT_TRUE(back.has_value()) << to_string(t) << " " << bits;
      // -0 encodes back as -0; every other value as itself.
      EXPECT_EQ(*back, bits) << to_string(t) << " " << *v;
    }
  }
}

}  // namespace
}  // namespace fragviz
