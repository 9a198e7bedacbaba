// The sm_100 model (fragviz/isa/tcgen05_desc.hpp, tmem.hpp) against CuTe, host only (g++):
//   descriptors: UMMA::SmemDescriptor, InstrDescriptor, InstrDescriptorBlockScaled bitfields and
//   make_instr_desc / make_instr_desc_block_scaled (cute/arch/mma_sm100_desc.hpp), over
//   generated field combinations, both ways (fragviz encodes what CuTe's fields say; fragviz
//   decodes CuTe's words into CuTe's fields);
//   tensor memory: the (thread, register) -> (lane, column) map of every SM100_TMEM_LOAD_* and
//   SM100_TMEM_STORE_* atom of the five shapes, every repeat count CuTe has (32dp32b = .32x32b,
//   16dp64b = .16x64b, 16dp128b = .16x128b, 16dp256b = .16x256b, 16dp32b = .16x32bx2 with
//   immHalfSplitoff = .num, as cute/arch/copy_sm100.hpp issues it).
// Where CuTe and PTX ISA 9.1 differ in how they name bits, docs/guide/blackwell.md lists it; every
// check here is on values both define.
#include <gtest/gtest.h>

#include <cstdint>
#include <cute/arch/mma_sm100_desc.hpp>
#include <cute/atom/copy_traits_sm100.hpp>
#include <string>
#include <type_traits>

#include "fragviz/isa/tcgen05_desc.hpp"
#include "fragviz/isa/tmem.hpp"

namespace {

// A fixed-seed generator: the same cases every run.
struct Lcg {
  std::uint64_t s = 0x9E3779B97F4A7C15ull;
  std::uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(s >> 33);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
};

constexpr int kCases = 4000;

TEST(CuteSm100, SmemDescriptorBitfieldsEqualTheModel) {
  Lcg g;
  for (int i = 0; i < kCases; ++i) {
    fragviz::UmmaSmemDescriptor d;
    d.start_address = static_cast<std::uint32_t>(g.below(1 << 14)) << 4;
    d.leading_byte_offset = static_cast<std::uint32_t>(g.below(1 << 14)) << 4;
    d.stride_byte_offset = static_cast<std::uint32_t>(g.below(1 << 14)) << 4;
    d.fixed_46_48 = g.below(4);  // CuTe's version_ is 2 bits (46-47); bit 48 is padding there
    d.base_offset = g.below(8);
    d.lbo_mode = g.below(2);
    d.fixed_53_60 = 0;  // CuTe names none of bits 53-60: padding, always 0
    d.swizzle = g.below(8);
    cute::UMMA::SmemDescriptor c;
    c.start_address_ = static_cast<std::uint16_t>(d.start_address >> 4);
    c.leading_byte_offset_ = static_cast<std::uint16_t>(d.leading_byte_offset >> 4);
    c.stride_byte_offset_ = static_cast<std::uint16_t>(d.stride_byte_offset >> 4);
    c.version_ = static_cast<std::uint16_t>(d.fixed_46_48);
    c.base_offset_ = static_cast<std::uint8_t>(d.base_offset);
    c.lbo_mode_ = static_cast<std::uint8_t>(d.lbo_mode);
    c.layout_type_ = static_cast<std::uint8_t>(d.swizzle);
    const std::uint64_t bits = fragviz::encode_umma_smem_descriptor(d);
    ASSERT_EQ(bits, c.desc_) << "case " << i;
    const fragviz::UmmaSmemDescriptor back = fragviz::decode_umma_smem_descriptor(c.desc_);
    ASSERT_EQ(back.start_address >> 4, c.start_address_);
    ASSERT_EQ(back.leading_byte_offset >> 4, c.leading_byte_offset_);
    ASSERT_EQ(back.stride_byte_offset >> 4, c.stride_byte_offset_);
    ASSERT_EQ(back.fixed_46_48, c.version_);
    ASSERT_EQ(back.base_offset, c.base_offset_);
    ASSERT_EQ(back.lbo_mode, c.lbo_mode_);
    ASSERT_EQ(back.swizzle, c.layout_type_);
  }
}

TEST(CuteSm100, SwizzleCodesEqualLayoutType) {
  using LT = cute::UMMA::LayoutType;
  EXPECT_EQ(*fragviz::parse_umma_swizzle("none"), static_cast<int>(LT::SWIZZLE_NONE));
  EXPECT_EQ(*fragviz::parse_umma_swizzle("128B_BASE32B"), static_cast<int>(LT::SWIZZLE_128B_BASE32B));
  EXPECT_EQ(*fragviz::parse_umma_swizzle("128B"), static_cast<int>(LT::SWIZZLE_128B));
  EXPECT_EQ(*fragviz::parse_umma_swizzle("64B"), static_cast<int>(LT::SWIZZLE_64B));
  EXPECT_EQ(*fragviz::parse_umma_swizzle("32B"), static_cast<int>(LT::SWIZZLE_32B));
}

// CuTe's dense descriptor from fragviz's fields.
cute::UMMA::InstrDescriptor cute_dense(const fragviz::UmmaInstrDescriptor& d) {
  cute::UMMA::InstrDescriptor c{};
  c.desc_ = 0;
  c.sparse_id2_ = static_cast<std::uint16_t>(d.sparse_selector);
  c.sparse_flag_ = d.sparse;
  c.saturate_ = d.saturate;
  c.c_format_ = static_cast<std::uint16_t>(d.d_format);
  c.a_format_ = static_cast<std::uint16_t>(d.a_format);
  c.b_format_ = static_cast<std::uint16_t>(d.b_format);
  c.a_negate_ = d.negate_a;
  c.b_negate_ = d.negate_b;
  c.a_major_ = d.transpose_a;
  c.b_major_ = d.transpose_b;
  c.n_dim_ = static_cast<std::uint16_t>(d.n >> 3);
  c.m_dim_ = static_cast<std::uint16_t>(d.m >> 4);
  c.max_shift_ = static_cast<std::uint16_t>(d.max_shift);
  return c;
}

TEST(CuteSm100, DenseInstrDescriptorBitfieldsEqualTheModel) {
  Lcg g;
  for (fragviz::UmmaKind kind :
       {fragviz::UmmaKind::f16, fragviz::UmmaKind::tf32, fragviz::UmmaKind::f8f6f4, fragviz::UmmaKind::i8})
    for (int i = 0; i < kCases; ++i) {
      fragviz::UmmaInstrDescriptor d;
      d.sparse_selector = g.below(4);
      d.sparse = g.below(2) != 0;
      d.saturate = g.below(2) != 0;
      d.d_format = g.below(4);
      d.a_format = g.below(8);
      d.b_format = g.below(8);
      d.negate_a = g.below(2) != 0;
      d.negate_b = g.below(2) != 0;
      d.transpose_a = g.below(2) != 0;
      d.transpose_b = g.below(2) != 0;
      d.n = g.below(64) << 3;
      d.m = g.below(32) << 4;
      d.max_shift = g.below(4);
      const cute::UMMA::InstrDescriptor c = cute_dense(d);
      const std::uint32_t bits = fragviz::encode_umma_instr_descriptor(d, kind);
      ASSERT_EQ(bits, c.desc_) << to_string(kind) << " case " << i;
      const fragviz::UmmaInstrDescriptor back = fragviz::decode_umma_instr_descriptor(c.desc_, kind);
      ASSERT_EQ(back.sparse_selector, c.sparse_id2_);
      ASSERT_EQ(back.sparse, c.sparse_flag_ != 0);
      ASSERT_EQ(back.saturate, c.saturate_ != 0);
      ASSERT_EQ(back.d_format, c.c_format_);
      ASSERT_EQ(back.a_format, c.a_format_);
      ASSERT_EQ(back.b_format, c.b_format_);
      ASSERT_EQ(back.negate_a, c.a_negate_ != 0);
      ASSERT_EQ(back.negate_b, c.b_negate_ != 0);
      ASSERT_EQ(back.transpose_a, c.a_major_ != 0);
      ASSERT_EQ(back.transpose_b, c.b_major_ != 0);
      ASSERT_EQ(back.n >> 3, c.n_dim_);
      ASSERT_EQ(back.m >> 4, c.m_dim_);
      ASSERT_EQ(back.max_shift, c.max_shift_);
      ASSERT_EQ(back.reserved_bits, 0u);
    }
}

// Block-scaled words on the values both define: CuTe's m_dim_ is 5 bits (24-28) holding M >> 4,
// PTX's is 2 bits (27-28) holding M >> 7, equal for M = 128 and 256 (the only block-scaled M);
// CuTe's sparse_id2_ (bits 0-1) is reserved in Tables 43-44; CuTe's b_format_ is 3 bits, PTX's
// 2 bits in the mxf4 kinds (E2M1 = 1 either way); CuTe's k_size_ (bit 31) is reserved for
// mxf8f6f4 in Table 43.
TEST(CuteSm100, BlockScaledInstrDescriptorBitfieldsEqualTheModel) {
  Lcg g;
  for (fragviz::UmmaKind kind :
       {fragviz::UmmaKind::mxf8f6f4, fragviz::UmmaKind::mxf4, fragviz::UmmaKind::mxf4nvf4})
    for (int i = 0; i < kCases; ++i) {
      const bool mxf4 = kind != fragviz::UmmaKind::mxf8f6f4;
      fragviz::UmmaInstrDescriptor d;
      d.sparse = g.below(2) != 0;
      d.b_scale_id = g.below(4);
      d.a_format = g.below(8);
      d.b_format = g.below(mxf4 ? 4 : 8);
      d.negate_a = g.below(2) != 0;
      d.negate_b = g.below(2) != 0;
      d.transpose_a = g.below(2) != 0;
      d.transpose_b = g.below(2) != 0;
      d.n = g.below(64) << 3;
      d.scale_format = g.below(2);
      d.m = g.below(2) != 0 ? 256 : 128;
      d.a_scale_id = g.below(4);
      d.k_dimension = mxf4 ? g.below(2) : 0;
      cute::UMMA::InstrDescriptorBlockScaled c{};
      c.desc_ = 0;
      c.sparse_flag_ = d.sparse;
      c.b_sf_id_ = static_cast<std::uint16_t>(d.b_scale_id);
      c.a_format_ = static_cast<std::uint16_t>(d.a_format);
      c.b_format_ = static_cast<std::uint16_t>(d.b_format);
      c.a_negate_ = d.negate_a;
      c.b_negate_ = d.negate_b;
      c.a_major_ = d.transpose_a;
      c.b_major_ = d.transpose_b;
      c.n_dim_ = static_cast<std::uint16_t>(d.n >> 3);
      c.scale_format_ = static_cast<std::uint16_t>(d.scale_format);
      c.m_dim_ = static_cast<std::uint16_t>(d.m >> 4);
      c.a_sf_id_ = static_cast<std::uint16_t>(d.a_scale_id);
      c.k_size_ = static_cast<std::uint16_t>(d.k_dimension);
      ASSERT_EQ(fragviz::encode_umma_instr_descriptor(d, kind), c.desc_) << to_string(kind) << " case " << i;
      const fragviz::UmmaInstrDescriptor back = fragviz::decode_umma_instr_descriptor(c.desc_, kind);
      ASSERT_EQ(back.m >> 4, c.m_dim_);
      ASSERT_EQ(back.n >> 3, c.n_dim_);
      ASSERT_EQ(back.a_scale_id, c.a_sf_id_);
      ASSERT_EQ(back.b_scale_id, c.b_sf_id_);
      ASSERT_EQ(back.scale_format, c.scale_format_);
      ASSERT_EQ(back.a_format, c.a_format_);
      ASSERT_EQ(back.b_format, c.b_format_);
      ASSERT_EQ(back.k_dimension, c.k_size_);
      ASSERT_EQ(back.reserved_bits, 0u);
    }
}

// fragviz's own type names give the codes CuTe's make_instr_desc gives its types.
fragviz::UmmaInstrDescriptor named(fragviz::UmmaKind k, const char* a, const char* b, const char* dtype,
                                   int m, int n, bool ta, bool tb) {
  fragviz::UmmaInstrDescriptor d;
  d.a_format = *fragviz::umma_format_code(k, 'a', a);
  d.b_format = *fragviz::umma_format_code(k, 'b', b);
  if (!fragviz::umma_kind_block_scaled(k)) d.d_format = *fragviz::umma_format_code(k, 'd', dtype);
  d.m = m;
  d.n = n;
  d.transpose_a = ta;
  d.transpose_b = tb;
  return d;
}

TEST(CuteSm100, MakeInstrDescEqualsTheModelsNamedTypes) {
  using cute::UMMA::Major;
  using fragviz::UmmaKind;
  const auto word = [](auto desc) { return static_cast<std::uint32_t>(desc.desc_); };
  const auto check = [](std::uint32_t cute_word, const fragviz::UmmaInstrDescriptor& d, UmmaKind k) {
    EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, k), cute_word) << to_string(k);
    EXPECT_EQ(fragviz::validate_umma_instr_descriptor(d, k), std::nullopt) << to_string(k);
  };
  check(word(cute::UMMA::make_instr_desc<cute::half_t, cute::half_t, float, 128, 256, Major::K, Major::K>()),
        named(UmmaKind::f16, "f16", "f16", "f32", 128, 256, false, false), UmmaKind::f16);
  check(word(cute::UMMA::make_instr_desc<cute::bfloat16_t, cute::bfloat16_t, float, 64, 8, Major::MN,
                                         Major::K>()),
        named(UmmaKind::f16, "bf16", "bf16", "f32", 64, 8, true, false), UmmaKind::f16);
  check(word(cute::UMMA::make_instr_desc<cute::half_t, cute::half_t, cute::half_t, 128, 64, Major::K,
                                         Major::MN>()),
        named(UmmaKind::f16, "f16", "f16", "f16", 128, 64, false, true), UmmaKind::f16);
  check(word(cute::UMMA::make_instr_desc<cute::tfloat32_t, cute::tfloat32_t, float, 256, 128, Major::K,
                                         Major::K>()),
        named(UmmaKind::tf32, "tf32", "tf32", "f32", 256, 128, false, false), UmmaKind::tf32);
  check(word(cute::UMMA::make_instr_desc<int8_t, uint8_t, int32_t, 128, 16, Major::K, Major::K>()),
        named(UmmaKind::i8, "s8", "u8", "s32", 128, 16, false, false), UmmaKind::i8);
  check(word(cute::UMMA::make_instr_desc<cute::float_e4m3_t, cute::float_e5m2_t, float, 128, 128, Major::K,
                                         Major::K>()),
        named(UmmaKind::f8f6f4, "e4m3", "e5m2", "f32", 128, 128, false, false), UmmaKind::f8f6f4);
  // Block-scaled: UE8M0 scales (bit 23 = 1) for mxf8f6f4 and mxf4, UE4M3 (0) for nvf4.
  fragviz::UmmaInstrDescriptor mx = named(UmmaKind::mxf8f6f4, "e4m3", "e4m3", "f32", 128, 128, false, false);
  mx.scale_format = 1;
  check(word(cute::UMMA::make_instr_desc_block_scaled<cute::float_e4m3_t, cute::float_e4m3_t, float,
                                                      cute::float_ue8m0_t, 128, 128, Major::K, Major::K>()),
        mx, UmmaKind::mxf8f6f4);
  fragviz::UmmaInstrDescriptor nv = named(UmmaKind::mxf4nvf4, "e2m1", "e2m1", "f32", 256, 256, false, false);
  nv.scale_format = 0;
  check(word(cute::UMMA::make_instr_desc_block_scaled<cute::float_e2m1_t, cute::float_e2m1_t, float,
                                                      cute::float_ue4m3_t, 256, 256, Major::K, Major::K>()),
        nv, UmmaKind::mxf4nvf4);
}

// --- Tensor memory --------------------------------------------------------------------------

// The cell of (thread t, register r) in CuTe's traits: DstLayout (LOAD) or SrcLayout (STORE) maps
// (thread, value bit) to a logical bit, ValID maps that to a TMEM bit address (column bits + lane
// * DP_b); register r starts at value bit 32 r.
template <class Traits, bool kLoad>
fragviz::TmemCell cute_cell(int t, int r) {
  using RegLayout = std::conditional_t<kLoad, typename Traits::DstLayout, typename Traits::SrcLayout>;
  const int logical = static_cast<int>(RegLayout{}(t, 32 * r));
  const std::int64_t addr = static_cast<std::int64_t>(typename Traits::ValID{}(logical));
  const std::int64_t dp = cute::TMEM::DP_b::value;
  return {static_cast<int>(addr / dp), static_cast<int>((addr % dp) / 32)};
}

template <class Op, bool kLoad>
void check_atom(fragviz::TmemShape s, int num, const char* name) {
  using Traits = cute::Copy_Traits<Op>;
  using Regs = std::conditional_t<kLoad, typename Op::DRegisters, typename Op::SRegisters>;
  const int regs = static_cast<int>(sizeof(Regs) / sizeof(std::uint32_t));
  ASSERT_EQ(regs, fragviz::tmem_registers(s, num)) << name;
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < regs; ++r) {
      const fragviz::TmemCell want = fragviz::tmem_cell(s, num, t, r, num);
      const fragviz::TmemCell got = cute_cell<Traits, kLoad>(t, r);
      ASSERT_EQ(want.lane, got.lane) << name << " thread " << t << " r" << r;
      ASSERT_EQ(want.column, got.column) << name << " thread " << t << " r" << r;
    }
}

#define FRAGVIZ_TMEM_ATOM(shape, cute_shape, n)                                                      \
  check_atom<cute::SM100_TMEM_LOAD_##cute_shape##n##x, true>(fragviz::TmemShape::shape, n,           \
                                                             "SM100_TMEM_LOAD_" #cute_shape #n "x"); \
  check_atom<cute::SM100_TMEM_STORE_##cute_shape##n##x, false>(fragviz::TmemShape::shape, n,         \
                                                               "SM100_TMEM_STORE_" #cute_shape #n "x")

TEST(CuteSm100, Tmem32x32bEqualsCute) {
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 1);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 2);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 4);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 8);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 16);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 32);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 64);
  FRAGVIZ_TMEM_ATOM(s32x32b, 32dp32b, 128);
}

TEST(CuteSm100, Tmem16x64bEqualsCute) {
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 1);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 2);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 4);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 8);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 16);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 32);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 64);
  FRAGVIZ_TMEM_ATOM(s16x64b, 16dp64b, 128);
}

TEST(CuteSm100, Tmem16x128bEqualsCute) {
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 1);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 2);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 4);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 8);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 16);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 32);
  FRAGVIZ_TMEM_ATOM(s16x128b, 16dp128b, 64);
}

TEST(CuteSm100, Tmem16x256bEqualsCute) {
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 1);
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 2);
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 4);
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 8);
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 16);
  FRAGVIZ_TMEM_ATOM(s16x256b, 16dp256b, 32);
}

TEST(CuteSm100, Tmem16x32bx2EqualsCuteWithSplitNum) {
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 1);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 2);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 4);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 8);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 16);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 32);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 64);
  FRAGVIZ_TMEM_ATOM(s16x32bx2, 16dp32b, 128);
}

// The *_16b atoms (.pack::16b loads, .unpack::16b stores): ValID sends each 16 logical bits to the
// low half of a column; register r's half h is value bit 32 r + 16 h. CuTe issues .16x32bx2 with
// immHalfSplitoff = 2 * .num here.
template <class Op, bool kLoad>
void check_atom_16b(fragviz::TmemShape s, int num, const char* name) {
  using Traits = cute::Copy_Traits<Op>;
  using RegLayout = std::conditional_t<kLoad, typename Traits::DstLayout, typename Traits::SrcLayout>;
  using Regs = std::conditional_t<kLoad, typename Op::DRegisters, typename Op::SRegisters>;
  const int regs = static_cast<int>(sizeof(Regs) / sizeof(std::uint32_t));
  ASSERT_EQ(regs, fragviz::tmem_registers(s, num)) << name;
  const std::int64_t dp = cute::TMEM::DP_b::value;
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < regs; ++r)
      for (int h = 0; h < 2; ++h) {
        const int logical = static_cast<int>(RegLayout{}(t, 32 * r + 16 * h));
        const std::int64_t addr = static_cast<std::int64_t>(typename Traits::ValID{}(logical));
        const fragviz::TmemCell want = fragviz::tmem_cell_packed16(s, num, t, r, h, 2 * num);
        ASSERT_EQ(addr % 32, 0) << name << ": not the low half of a column";
        ASSERT_EQ(want.lane, static_cast<int>(addr / dp))
            << name << " thread " << t << " r" << r << " half " << h;
        ASSERT_EQ(want.column, static_cast<int>((addr % dp) / 32))
            << name << " thread " << t << " r" << r << " half " << h;
      }
}

#define FRAGVIZ_TMEM_ATOM_16B(shape, cute_shape, n)                             \
  check_atom_16b<cute::SM100_TMEM_LOAD_##cute_shape##n##x_16b, true>(           \
      fragviz::TmemShape::shape, n, "SM100_TMEM_LOAD_" #cute_shape #n "x_16b"); \
  check_atom_16b<cute::SM100_TMEM_STORE_##cute_shape##n##x_16b, false>(         \
      fragviz::TmemShape::shape, n, "SM100_TMEM_STORE_" #cute_shape #n "x_16b")

TEST(CuteSm100, TmemPack16bEqualsCute) {
  FRAGVIZ_TMEM_ATOM_16B(s32x32b, 32dp32b, 1);
  FRAGVIZ_TMEM_ATOM_16B(s32x32b, 32dp32b, 8);
  FRAGVIZ_TMEM_ATOM_16B(s32x32b, 32dp32b, 128);
  FRAGVIZ_TMEM_ATOM_16B(s16x64b, 16dp64b, 1);
  FRAGVIZ_TMEM_ATOM_16B(s16x64b, 16dp64b, 4);
  FRAGVIZ_TMEM_ATOM_16B(s16x64b, 16dp64b, 128);
  FRAGVIZ_TMEM_ATOM_16B(s16x128b, 16dp128b, 1);
  FRAGVIZ_TMEM_ATOM_16B(s16x128b, 16dp128b, 2);
  FRAGVIZ_TMEM_ATOM_16B(s16x128b, 16dp128b, 64);
  FRAGVIZ_TMEM_ATOM_16B(s16x256b, 16dp256b, 1);
  FRAGVIZ_TMEM_ATOM_16B(s16x256b, 16dp256b, 2);
  FRAGVIZ_TMEM_ATOM_16B(s16x256b, 16dp256b, 32);
  FRAGVIZ_TMEM_ATOM_16B(s16x32bx2, 16dp32b, 1);
  FRAGVIZ_TMEM_ATOM_16B(s16x32bx2, 16dp32b, 4);
  FRAGVIZ_TMEM_ATOM_16B(s16x32bx2, 16dp32b, 128);
}

// CuTe's make_tmem_copy puts warp w of a warpgroup at lane 32 w (atom_t_layout stride 32 * DP),
// and its copy_unpack asserts (threadIdx.x / 32) % 4 == (lane / 32) % 4: the model's rule.
TEST(CuteSm100, WarpSubPartitionRuleEqualsCutesAssert) {
  for (int warp = 0; warp < 16; ++warp) {
    const int base = fragviz::tmem_warp_lane_base(warp);
    for (int lane = 0; lane < 128; lane += 16) {
      const bool cute_ok = (warp % 4) == ((lane / 32) % 4);
      const bool model_ok =
          !fragviz::tmem_access_refusal(fragviz::TmemShape::s16x256b, 1, warp, lane).has_value();
      EXPECT_EQ(cute_ok, model_ok) << "warp " << warp << " lane " << lane << " base " << base;
    }
  }
}

}  // namespace
