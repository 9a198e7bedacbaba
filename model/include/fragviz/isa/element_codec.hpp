// The one codec of numbers and the bit patterns of every mma element type: exact encoding and
// decoding (the probes only ever use values a type holds exactly, small integers and multiples of
// 0.25, so encode_element refuses anything it would have to round), the rounding conversion it is
// built on, and the f16 names the probes' host side uses (half_bits, half_to_float).
//
// Formats (PTX ISA, "Fundamental Types" and "Alternate Floating-Point Data Formats"): f16 (1, 5,
// 10), bf16 (1, 8, 7), tf32 (1, 8, 10 in a 32-bit container whose low 13 bits are ignored), f32,
// f64, e4m3 (1, 4, 3, bias 7, no infinities), e5m2 (1, 5, 2, bias 15), e3m2 (1, 3, 2, bias 3),
// e2m3 (1, 2, 3, bias 1), e2m1 (1, 2, 1, bias 1); s8/u8/s4/u4 two's complement / unsigned,
// b1 a single bit, s32.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>

#include "fragviz/isa/catalogue.hpp"

namespace fragviz {

/// Bit pattern (in the low element_bits(t) bits) of `v` in type `t`, or nullopt when `v` is not
/// exactly representable (out of range, too many significant bits, or not an integer for an
/// integer type).
std::optional<std::uint64_t> encode_element(ElemType t, double v);

/// The number a bit pattern of type `t` stands for; nullopt for NaN and infinities. Bits above
/// element_bits(t) are ignored.
std::optional<double> decode_element(ElemType t, std::uint64_t bits);

/// decode_element for f32, s32 and f16, the probes' D registers (millions a run), inline and with
/// NaN for "no number" (NaN and infinities) instead of nullopt: the host's own types decode them,
/// to the same values as the generic path (tests/unit/test_element_codec.cpp). Any other type
/// goes through decode_element.
inline double decode_d_element(ElemType t, std::uint64_t bits) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  static_assert(std::numeric_limits<float>::is_iec559, "f32 is decoded as the host's float");
  if (t == ElemType::f32) {
    const std::uint32_t word = static_cast<std::uint32_t>(bits);
    float f = 0;
    std::memcpy(&f, &word, sizeof f);
    return std::isfinite(f) ? static_cast<double>(f) : kNone;
  }
  if (t == ElemType::s32)
    return static_cast<double>(static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)));
  if (t == ElemType::f16) {  // a double's own fields, as float_value builds them
    const std::uint64_t be = (bits >> 10) & 0x1Fu, mant = bits & 0x3FFu;
    if (be == 0x1F) return kNone;
    double v = static_cast<double>(mant) * 0x1p-24;  // subnormal: exact (mant < 2^10)
    if (be != 0) {
      const std::uint64_t d = ((be - 15 + 1023) << 52) | (mant << 42);
      std::memcpy(&v, &d, sizeof v);
    }
    return ((bits >> 15) & 1u) ? -v : v;
  }
  return decode_element(t, bits).value_or(kNone);
}

/// Bit pattern of `v` in floating-point type `t` rounded to nearest, ties to even (IEEE 754
/// roundTiesToEven, PTX's .rn): past the largest finite value, infinity where the type has one
/// (f16, bf16, tf32, f32, f64, e5m2); NaN, the type's quiet NaN (e4m3: S.1111.111). nullopt for an
/// integer type, and where the type cannot hold the result (e4m3, e3m2, e2m3, e2m1 past their
/// largest value; NaN in the last three). tf32 comes in its f32 container, low 13 bits zero.
std::optional<std::uint64_t> round_element(ElemType t, double v);

/// The number a bit pattern of type `t` stands for, infinities and NaN included (decode_element
/// refuses those). Bits above element_bits(t) are ignored.
double element_value(ElemType t, std::uint64_t bits);

/// IEEE binary16 bits of `v`, rounded to nearest even (round_element's f16): exact for the probes'
/// values, integers up to 2048 and multiples of 0.25 in [-2, 2].
inline std::uint16_t half_bits(float v) {
  return static_cast<std::uint16_t>(*round_element(ElemType::f16, v));  // f16 holds every result
}
/// The float a binary16 pattern stands for (exact: every half is a float), NaN and infinities too.
inline float half_to_float(std::uint16_t bits) {
  return static_cast<float>(element_value(ElemType::f16, bits));
}

}  // namespace fragviz
