// Exact encoding of numbers into the bit patterns of every mma element type, and back. The
// probes only ever use values a type holds exactly (small integers, multiples of 0.25), so
// encoding refuses anything it would have to round.
//
// Formats (PTX ISA, "Fundamental Types" and "Alternate Floating-Point Data Formats"): f16 (1, 5,
// 10), bf16 (1, 8, 7), tf32 (1, 8, 10 in a 32-bit container whose low 13 bits are ignored), f32,
// f64, e4m3 (1, 4, 3, bias 7, no infinities), e5m2 (1, 5, 2, bias 15), e3m2 (1, 3, 2, bias 3),
// e2m3 (1, 2, 3, bias 1), e2m1 (1, 2, 1, bias 1); s8/u8/s4/u4 two's complement / unsigned,
// b1 a single bit, s32.
#pragma once

#include <cstdint>
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

}  // namespace fragviz
