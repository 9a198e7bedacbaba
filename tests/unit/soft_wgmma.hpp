// A software warpgroup MMA for the Hopper probe tests (test_hopper_probe.cpp) and
// tools/probe_host_bench.cpp: D = A * B with A and B read through the descriptors a pass issued
// (decoded from the descriptor bits, addressed with CuTe's canonical layouts as
// test_smem_descriptor.cpp writes them) or A from registers, optionally with a planted fault.
#pragma once

#include <cstdint>
#include <vector>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/hopper_probe.hpp"

namespace fragviz::soft_wgmma {

struct Faults {
  bool swap_d_warps = false;         ///< D rows of warps 1 and 2 exchanged
  bool b_swizzle_ignored = false;    ///< B read as if unswizzled
  bool a_registers_swapped = false;  ///< A register elements 0 and 1 exchanged
};

// Swizzle<B,4,3> on a byte address, from CuTe's definition.
inline std::uint32_t swizzle(SmemSwizzle s, std::uint32_t a) {
  const int b = s == SmemSwizzle::b128 ? 3 : s == SmemSwizzle::b64 ? 2 : s == SmemSwizzle::b32 ? 1 : 0;
  return a ^ ((a & (((1u << b) - 1u) << 7)) >> 3);
}

// Byte address of (mn, k) as the descriptor `bits` describes it (start field included).
inline std::uint32_t hw_address(std::uint64_t bits, ElemType type, Major major, int mn, int k,
                                bool ignore_swizzle) {
  const MatrixDescriptor d = decode_descriptor(bits);
  const int eb = element_bits(type) / 8, t = 16 / eb;
  const int w = d.swizzle == SmemSwizzle::b128  ? 8
                : d.swizzle == SmemSwizzle::b64 ? 4
                : d.swizzle == SmemSwizzle::b32 ? 2
                                                : 1;
  std::uint32_t off = 0;
  if (major == Major::K) {
    off = (mn % 8) * 16 * w + (mn / 8) * d.stride_byte_offset +
          (w == 1 ? (k / t) * d.leading_byte_offset : (k / t) * 16) + (k % t) * eb;
  } else if (w == 1) {
    off = (mn / t) * d.stride_byte_offset + (k % 8) * 16 + (k / 8) * d.leading_byte_offset + (mn % t) * eb;
  } else {
    off = ((mn / t) % w) * 16 + (mn / t / w) * d.leading_byte_offset + (k % 8) * 16 * w +
          (k / 8) * d.stride_byte_offset + (mn % t) * eb;
  }
  const std::uint32_t a = d.start_address + static_cast<std::uint32_t>(off);
  return ignore_swizzle ? a : swizzle(d.swizzle, a);
}

inline double read(const std::vector<std::uint8_t>& image, std::uint32_t at, ElemType t) {
  const int eb = element_bits(t) / 8;
  std::uint64_t bits = 0;
  for (int b = 0; b < eb; ++b)
    bits |= static_cast<std::uint64_t>(at + b < image.size() ? image[at + b] : 0) << (8 * b);
  return decode_element(t, bits).value_or(0);
}

// The stand-in wgmma: D = A * B with A, B read through the pass's descriptors (or A from registers).
inline std::vector<std::uint32_t> simulate(const WgmmaInstruction& in, const WgmmaPass& p, const Faults& f) {
  const int K = in.k, N = in.n;
  std::vector<double> a(64 * K), b(K * N);
  const Major a_major = p.form == WgmmaForm::ss_a_mn ? Major::MN : Major::K;
  const Major b_major = p.form == WgmmaForm::ss_b_mn ? Major::MN : Major::K;
  if (p.form == WgmmaForm::rs) {
    const int per = wgmma_a_elements(in), bits = element_bits(in.a_type), per_reg = 32 / bits;
    for (int t = 0; t < 128; ++t)
      for (int i = 0; i < per; ++i) {
        const int src = f.a_registers_swapped && i < 2 ? 1 - i : i;
        const std::uint32_t word = p.a_registers[t * 4 + src / per_reg];
        const std::uint64_t raw = (word >> ((src % per_reg) * bits)) & ((1ull << bits) - 1);
        const Coord c = wgmma_a_coord(in, t, i);
        a[c.row * K + c.col] = decode_element(in.a_type, raw).value_or(0);
      }
  } else {
    for (int r = 0; r < 64; ++r)
      for (int k = 0; k < K; ++k)
        a[r * K + k] =
            read(p.image, hw_address(p.a_descriptor | (p.a_start >> 4), in.a_type, a_major, r, k, false),
                 in.a_type);
  }
  for (int n = 0; n < N; ++n)
    for (int k = 0; k < K; ++k)
      b[k * N + n] =
          read(p.image,
               hw_address(p.b_descriptor | (p.b_start >> 4), in.b_type, b_major, n, k, f.b_swizzle_ignored),
               in.b_type);
  const int regs = wgmma_d_registers(in);
  std::vector<std::uint32_t> d(128 * regs, 0);
  for (int t = 0; t < 128; ++t) {
    for (int i = 0; i < wgmma_d_elements(in); ++i) {
      int src = t;
      if (f.swap_d_warps && (t / 32 == 1 || t / 32 == 2)) src = t ^ 96;  // warp 1 <-> warp 2
      const Coord c = wgmma_d_coord(in, src, i);
      double s = 0;
      for (int k = 0; k < K; ++k) s += a[c.row * K + k] * b[k * N + c.col];
      const std::uint64_t bits = *encode_element(in.d_type, s);
      if (in.d_type == ElemType::f16)
        d[t * regs + i / 2] |= static_cast<std::uint32_t>(bits << (16 * (i % 2)));
      else
        d[t * regs + i] = static_cast<std::uint32_t>(bits);
    }
  }
  return d;
}

}  // namespace fragviz::soft_wgmma
