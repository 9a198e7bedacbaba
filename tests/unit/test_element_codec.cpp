// Element encodings against the formats' published bit patterns (IEEE 754 binary16 and binary64,
// bfloat16, tf32, and the OCP 8-bit formats E4M3 / E5M2 as PTX defines .e4m3 / .e5m2).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

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

// binary32 by its definition: (-1)^s * 2^(e - 127) * 1.m, subnormals 2^-126 * 0.m; nullopt for
// an all-ones exponent. decode_element must agree on every pattern class, signed zeros included.
std::optional<double> binary32(std::uint32_t b) {
  const int e = static_cast<int>((b >> 23) & 0xFFu);
  const double m = static_cast<double>(b & 0x7FFFFFu);
  if (e == 0xFF) return std::nullopt;
  const double mag = e == 0 ? std::ldexp(m, -126 - 23) : std::ldexp(m + 8388608.0, e - 127 - 23);
  return (b >> 31) ? -mag : mag;
}

TEST(ElementCodec, F32AndS32DecodeAsTheirDefinitions) {
  std::vector<std::uint32_t> patterns = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                                         0x3F800000u, 0xC0490FDBu, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u,
                                         0xFF800000u, 0x7FC00000u, 0xFFFFFFFFu, 0x7F800001u};
  std::uint64_t state = 7;
  for (int i = 0; i < 100000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    patterns.push_back(static_cast<std::uint32_t>(state >> 32));
  }
  for (const std::uint32_t b : patterns) {
    const auto got = decode_element(ElemType::f32, b), want = binary32(b);
    ASSERT_EQ(got.has_value(), want.has_value()) << std::hex << b;
    if (want) {
      EXPECT_EQ(*got, *want) << std::hex << b;
      EXPECT_EQ(std::signbit(*got), std::signbit(*want)) << std::hex << b;
    }
    const std::int64_t s = (b >> 31) ? static_cast<std::int64_t>(b) - (std::int64_t{1} << 32) : b;
    EXPECT_EQ(decode_element(ElemType::s32, b), static_cast<double>(s)) << std::hex << b;
  }
}

// f16 and bf16 by their definitions, every pattern: (-1)^s * 2^(e - bias) * 1.m, subnormals
// 2^(1 - bias) * 0.m; nullopt for an all-ones exponent.
TEST(ElementCodec, F16AndBf16DecodeAsTheirDefinitions) {
  struct Def {
    ElemType t;
    int man, bias;
  };
  for (const Def f : {Def{ElemType::f16, 10, 15}, Def{ElemType::bf16, 7, 127}}) {
    const int exp = 15 - f.man;
    for (std::uint32_t b = 0; b < 0x10000u; ++b) {
      const int e = static_cast<int>((b >> f.man) & ((1u << exp) - 1));
      const double m = static_cast<double>(b & ((1u << f.man) - 1));
      const auto got = decode_element(f.t, b);
      if (e == (1 << exp) - 1) {
        EXPECT_FALSE(got.has_value()) << std::hex << b;
        continue;
      }
      const double mag = e == 0 ? std::ldexp(m, 1 - f.bias - f.man)
                                : std::ldexp(m + std::ldexp(1.0, f.man), e - f.bias - f.man);
      ASSERT_TRUE(got.has_value()) << std::hex << b;
      EXPECT_EQ(*got, (b >> 15) ? -mag : mag) << std::hex << b;
      EXPECT_EQ(std::signbit(*got), (b >> 15) != 0) << std::hex << b;
    }
  }
}

// encode_element is exact or nothing: it agrees with rounding (round_element) then reading back,
// for values on, between and beyond every float format's grid, signed zeros and subnormals included.
TEST(ElementCodec, EncodeIsRoundingThatChangesNothing) {
  std::vector<double> values = {0.0,
                                -0.0,
                                1.0,
                                -1.5,
                                65504.0,
                                65520.0,
                                448.0,
                                464.0,
                                57344.0,
                                6.0,
                                7.5,
                                std::ldexp(1.0, -24),
                                std::ldexp(3.0, -26),
                                std::ldexp(1.0, -149),
                                std::ldexp(1.0, -133),
                                std::ldexp(1.0, -1074),
                                1e300,
                                3.4028234663852886e38};
  std::uint64_t state = 11;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    // A few significant bits, an exponent anywhere from subnormal f16/f32 to past the ranges.
    const double m = static_cast<double>((state >> 40) & 0xFFFu) - 2048.0;
    values.push_back(std::ldexp(m, static_cast<int>((state >> 20) % 330) - 170));
  }
  for (ElemType t : {ElemType::f16, ElemType::bf16, ElemType::tf32, ElemType::f32, ElemType::f64,
                     ElemType::e4m3, ElemType::e5m2, ElemType::e3m2, ElemType::e2m3, ElemType::e2m1}) {
    for (const double v : values) {
      const auto r = round_element(t, v);
      const bool exact = r && element_value(t, *r) == v;
      const auto got = encode_element(t, v);
      ASSERT_EQ(got.has_value(), exact) << to_string(t) << " " << v;
      if (exact) EXPECT_EQ(*got, *r) << to_string(t) << " " << v;
    }
  }
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

// Rounding, worked out from each format's spacing: f16 holds 11 significant bits, so in
// [2048, 4096) its values are 2 apart (2049 lies halfway between 2048 and 2050); bf16 holds 8, so
// in [256, 512) they are 2 apart; e4m3 holds 4, so in [16, 32) they are 2 apart and in [256, 448]
// 32 apart. A tie goes to the even mantissa.
TEST(ElementCodec, RoundsToNearestTiesToEven) {
  const auto rnd = [](ElemType t, double v) { return round_element(t, v); };
  EXPECT_EQ(rnd(ElemType::f16, 2049.0), 0x6800u);  // 2048 = 2^11: mantissa 0 (even), not 2050
  EXPECT_EQ(rnd(ElemType::f16, 2051.0), 0x6802u);  // 2052 (mantissa 2), not 2050 (mantissa 1)
  EXPECT_EQ(rnd(ElemType::f16, 2050.9), 0x6801u);  // nearer 2050
  EXPECT_EQ(rnd(ElemType::f16, -2049.0), 0xE800u);
  EXPECT_EQ(rnd(ElemType::bf16, 257.0), 0x4380u);  // 256 = 2^8: biased 135, mantissa 0
  EXPECT_EQ(rnd(ElemType::e4m3, 17.0), 0x58u);     // 16: biased 4 + 7 = 11, mantissa 0
  EXPECT_EQ(rnd(ElemType::e4m3, 19.0), 0x5Au);     // 20 (mantissa 2), not 18 (mantissa 1)
  // Subnormals: f16's last place there is 2^-24; half of it is a tie with zero.
  EXPECT_EQ(rnd(ElemType::f16, std::ldexp(1.0, -25)), 0x0000u);
  EXPECT_EQ(rnd(ElemType::f16, 3 * std::ldexp(1.0, -25)), 0x0002u);  // 1.5 units: to 2
  // 1023.5 units of 2^-24 rounds up to 1024 units = 2^-14, the smallest normal (biased 1).
  EXPECT_EQ(rnd(ElemType::f16, std::ldexp(1.0, -14) - std::ldexp(1.0, -25)), 0x0400u);
  // A carry out of the mantissa bumps the exponent: 4095 lies halfway between 4094 and 4096.
  EXPECT_EQ(rnd(ElemType::f16, 4095.0), 0x6C00u);  // 4096 = 2^12: biased 27
  // tf32 rounds at 10 mantissa bits, in its f32 container.
  EXPECT_EQ(rnd(ElemType::tf32, 1.0 + std::ldexp(1.0, -11)), 0x3F800000u);      // a tie: to 1.0
  EXPECT_EQ(rnd(ElemType::tf32, 1.0 + 3 * std::ldexp(1.0, -11)), 0x3F804000u);  // to 1 + 2^-9
}

TEST(ElementCodec, RoundingPastTheRange) {
  // f16: 65504 is the largest finite value, the next step (32) would be 65536; 65520 is the tie,
  // and goes to the even side, which is infinity.
  EXPECT_EQ(round_element(ElemType::f16, 65519.0), 0x7BFFu);
  EXPECT_EQ(round_element(ElemType::f16, 65520.0), 0x7C00u);
  EXPECT_EQ(round_element(ElemType::f16, -1e6), 0xFC00u);
  EXPECT_EQ(round_element(ElemType::f16, INFINITY), 0x7C00u);
  EXPECT_EQ(round_element(ElemType::f16, NAN), 0x7E00u);  // the quiet NaN
  EXPECT_EQ(round_element(ElemType::e5m2, 1e6), 0x7Cu);
  // e4m3 has no infinity: 464 ties 448 (mantissa 110) and 480, which is the NaN code; past that
  // there is nothing to round to.
  EXPECT_EQ(round_element(ElemType::e4m3, 464.0), 0x7Eu);
  EXPECT_FALSE(round_element(ElemType::e4m3, 470.0));
  EXPECT_EQ(round_element(ElemType::e4m3, NAN), 0x7Fu);
  EXPECT_FALSE(round_element(ElemType::e2m1, NAN));
  EXPECT_FALSE(round_element(ElemType::s8, 1.0));  // integers are not rounded
}

TEST(ElementCodec, ValuesOfTheSpecials) {
  EXPECT_EQ(element_value(ElemType::f16, 0x7C00), INFINITY);
  EXPECT_EQ(element_value(ElemType::f16, 0xFC00), -INFINITY);
  EXPECT_TRUE(std::isnan(element_value(ElemType::f16, 0x7E00)));
  EXPECT_TRUE(std::isnan(element_value(ElemType::e4m3, 0x7F)));
  EXPECT_EQ(element_value(ElemType::e4m3, 0x7E), 448.0);
  EXPECT_EQ(element_value(ElemType::s4, 0x8), -8.0);
}

// The f16 names the probes use: the same codec.
TEST(HalfBits, ExactValuesRoundTrip) {
  for (int i = -2048; i <= 2048; ++i)
    EXPECT_EQ(half_to_float(half_bits(static_cast<float>(i))), static_cast<float>(i));
  for (int q = -8; q <= 8; ++q) EXPECT_EQ(half_to_float(half_bits(q * 0.25f)), q * 0.25f);
  EXPECT_EQ(half_bits(1.0f), 0x3C00);
  EXPECT_EQ(half_bits(-2.0f), 0xC000);
  EXPECT_EQ(half_bits(65504.0f), 0x7BFF);
  EXPECT_EQ(half_bits(1e6f), 0x7C00);
  EXPECT_EQ(half_bits(5.9604645e-8f), 0x0001);        // smallest subnormal
  EXPECT_EQ(half_bits(2049.0f), half_bits(2048.0f));  // ties to even
}

TEST(HalfBits, EveryPatternSurvivesFloat) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const float f = half_to_float(static_cast<std::uint16_t>(b));
    if (f != f) continue;  // NaN
    EXPECT_EQ(half_bits(f), b) << b;
  }
}

}  // namespace
}  // namespace fragviz
