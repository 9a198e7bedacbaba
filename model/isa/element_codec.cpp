#include "fragviz/isa/element_codec.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace fragviz {
namespace {

/// A binary floating-point format: sign, `exp` exponent bits, `man` mantissa bits.
struct FloatFormat {
  int exp, man, bias;
  bool ieee_specials;  ///< all-ones exponent is inf/NaN (f16, bf16, f32, f64, e5m2)
  bool e4m3_nan;       ///< e4m3: only S.1111.111 is NaN, the rest of that binade is finite
};

std::optional<FloatFormat> float_format(ElemType t) {
  switch (t) {
    case ElemType::f16:
      return FloatFormat{5, 10, 15, true, false};
    case ElemType::bf16:
      return FloatFormat{8, 7, 127, true, false};
    case ElemType::tf32:
      return FloatFormat{8, 10, 127, true, false};
    case ElemType::f32:
      return FloatFormat{8, 23, 127, true, false};
    case ElemType::f64:
      return FloatFormat{11, 52, 1023, true, false};
    case ElemType::e4m3:
      return FloatFormat{4, 3, 7, false, true};
    case ElemType::e5m2:
      return FloatFormat{5, 2, 15, true, false};
    case ElemType::e3m2:
      return FloatFormat{3, 2, 3, false, false};
    case ElemType::e2m3:
      return FloatFormat{2, 3, 1, false, false};
    case ElemType::e2m1:
      return FloatFormat{2, 1, 1, false, false};
    default:
      return std::nullopt;
  }
}

/// `v` in format `f` rounded to nearest, ties to even: the one conversion every float encoding
/// goes through. Beyond the largest finite value: infinity where the format has one; NaN: the quiet
/// NaN (e4m3: its NaN code). nullopt where the format cannot hold the result (no infinity or NaN).
std::optional<std::uint64_t> round_float(const FloatFormat& f, double v) {
  const std::uint64_t sign = (std::signbit(v) ? 1ull : 0ull) << (f.exp + f.man);
  const std::uint64_t all_ones = (1ull << f.exp) - 1;
  const std::uint64_t top = 1ull << f.man;  // the implicit leading 1 of a normal number
  if (std::isnan(v)) {
    if (f.ieee_specials) return sign | (all_ones << f.man) | (top >> 1);
    if (f.e4m3_nan) return sign | (all_ones << f.man) | (top - 1);
    return std::nullopt;
  }
  const std::uint64_t max_biased = all_ones - (f.ieee_specials ? 1 : 0);
  const auto overflow = [&]() -> std::optional<std::uint64_t> {
    if (!f.ieee_specials) return std::nullopt;
    return sign | (all_ones << f.man);
  };
  const double a = std::fabs(v);
  if (std::isinf(a)) return overflow();
  if (a == 0) return sign;
  int e2 = 0;
  std::frexp(a, &e2);  // a = fr * 2^e2, fr in [0.5, 1): a = 1.xxx * 2^(e2-1)
  const int exponent = e2 - 1;
  const bool normal = exponent + f.bias >= 1;
  // `a` in units of its binade's last mantissa place (a subnormal's: 2^(1-bias-man)). Exact, and
  // so is its fraction: a double has 53 significant bits.
  const double units = std::ldexp(a, normal ? f.man - exponent : f.man - (1 - f.bias));
  double whole = std::floor(units);
  const double rest = units - whole;
  if (rest > 0.5 || (rest == 0.5 && std::fmod(whole, 2.0) != 0)) whole += 1;
  auto r = static_cast<std::uint64_t>(whole);
  std::uint64_t biased = normal ? static_cast<std::uint64_t>(exponent + f.bias) : 0;
  // Rounding up may carry into the next binade (the largest subnormal up to the smallest normal).
  if (normal && r == 2 * top) {
    ++biased;
    r = top;
  } else if (!normal && r == top) {
    biased = 1;
  }
  const std::uint64_t mant = r & (top - 1);
  if (biased > max_biased) return overflow();
  if (f.e4m3_nan && biased == max_biased && mant == top - 1) return std::nullopt;  // the NaN code
  return sign | (biased << f.man) | mant;
}

/// The number `bits` stands for in format `f`, infinities and NaN included. A normal number is
/// assembled as a double's own fields (every format here fits a double's exponent and mantissa):
/// the probes decode millions of elements, and ldexp costs far more than this.
double float_value(const FloatFormat& f, std::uint64_t bits) {
  const std::uint64_t mant = bits & ((1ull << f.man) - 1);
  const std::uint64_t be = (bits >> f.man) & ((1ull << f.exp) - 1);
  const bool negative = (bits >> (f.exp + f.man)) & 1u;
  const std::uint64_t all_ones = (1ull << f.exp) - 1;
  double v;
  if (f.ieee_specials && be == all_ones) {
    v = mant != 0 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (f.e4m3_nan && be == all_ones && mant == (1ull << f.man) - 1) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (be == 0) {
    v = std::ldexp(static_cast<double>(mant), 1 - f.bias - f.man);
  } else {
    const std::uint64_t d =
        (static_cast<std::uint64_t>(static_cast<std::int64_t>(be) - f.bias + 1023) << 52) |
        (mant << (52 - f.man));
    std::memcpy(&v, &d, sizeof v);
  }
  return negative ? -v : v;
}

/// `v` in format `f` when it is exactly representable: rounding it changes nothing. Read off the
/// double's own fields where `v` is a normal double and a normal number of `f` (the plans encode
/// millions of labels); otherwise round and compare.
std::optional<std::uint64_t> encode_float(const FloatFormat& f, double v) {
  if (!std::isfinite(v)) return std::nullopt;
  std::uint64_t d = 0;
  std::memcpy(&d, &v, sizeof d);
  const std::int64_t e = static_cast<std::int64_t>((d >> 52) & 0x7FFu) - 1023;  // unbiased
  const std::int64_t biased = e + f.bias;
  if (((d >> 52) & 0x7FFu) != 0 && biased >= 1) {
    const std::uint64_t dmant = d & ((1ull << 52) - 1), top = 1ull << f.man;
    const std::int64_t max_biased =
        static_cast<std::int64_t>((1ull << f.exp) - 1) - (f.ieee_specials ? 1 : 0);
    if ((dmant & ((1ull << (52 - f.man)) - 1)) != 0 || biased > max_biased) return std::nullopt;
    const std::uint64_t mant = dmant >> (52 - f.man);
    if (f.e4m3_nan && biased == max_biased && mant == top - 1) return std::nullopt;  // the NaN code
    const std::uint64_t sign = (d >> 63) << (f.exp + f.man);
    return sign | (static_cast<std::uint64_t>(biased) << f.man) | mant;
  }
  const auto r = round_float(f, v);
  if (!r || float_value(f, *r) != v) return std::nullopt;
  return r;
}

std::optional<std::uint64_t> encode_int(double v, double lo, double hi, int bits) {
  if (!std::isfinite(v) || v != std::floor(v) || v < lo || v > hi) return std::nullopt;
  const auto i = static_cast<long long>(v);
  return static_cast<std::uint64_t>(i) & (bits == 64 ? ~0ull : (1ull << bits) - 1);
}

double decode_int(std::uint64_t bits, int width, bool is_signed) {
  const std::uint64_t mask = (1ull << width) - 1;
  const std::uint64_t u = bits & mask;
  if (is_signed && (u >> (width - 1)) != 0)
    return static_cast<double>(static_cast<long long>(u) - (1ll << width));
  return static_cast<double>(u);
}

}  // namespace

std::optional<std::uint64_t> encode_element(ElemType t, double v) {
  switch (t) {
    case ElemType::s32:
      return encode_int(v, -2147483648.0, 2147483647.0, 32);
    case ElemType::s8:
      return encode_int(v, -128, 127, 8);
    case ElemType::u8:
      return encode_int(v, 0, 255, 8);
    case ElemType::s4:
      return encode_int(v, -8, 7, 4);
    case ElemType::u4:
      return encode_int(v, 0, 15, 4);
    case ElemType::b1:
      return encode_int(v, 0, 1, 1);
    case ElemType::tf32: {
      // tf32 lives in an f32 container; the tensor core reads only the top 19 bits.
      const auto f = encode_float(*float_format(ElemType::f32), v);
      if (!f || (*f & 0x1FFFu) != 0) return std::nullopt;
      return f;
    }
    default: {
      const auto f = float_format(t);
      if (!f) return std::nullopt;
      return encode_float(*f, v);
    }
  }
}

std::optional<std::uint64_t> round_element(ElemType t, double v) {
  const auto f = float_format(t);
  if (!f) return std::nullopt;
  const auto r = round_float(*f, v);
  // tf32 sits in the top 19 bits of its f32 container.
  if (r && t == ElemType::tf32) return *r << 13;
  return r;
}

double element_value(ElemType t, std::uint64_t bits) {
  switch (t) {
    case ElemType::s32:
      return decode_int(bits, 32, true);
    case ElemType::s8:
      return decode_int(bits, 8, true);
    case ElemType::u8:
      return decode_int(bits, 8, false);
    case ElemType::s4:
      return decode_int(bits, 4, true);
    case ElemType::u4:
      return decode_int(bits, 4, false);
    case ElemType::b1:
      return decode_int(bits, 1, false);
    case ElemType::tf32:
      return float_value(*float_format(ElemType::f32), bits & 0xFFFFE000u);
    default: {
      const auto f = float_format(t);
      return f ? float_value(*f, bits) : std::numeric_limits<double>::quiet_NaN();
    }
  }
}

std::optional<double> decode_element(ElemType t, std::uint64_t bits) {
  // f32, s32 and f16: the inline path the probes' judges take (element_codec.hpp).
  if (t == ElemType::f32 || t == ElemType::s32 || t == ElemType::f16) {
    const double v = decode_d_element(t, bits);
    if (std::isnan(v)) return std::nullopt;
    return v;
  }
  const double v = element_value(t, bits);
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace fragviz
