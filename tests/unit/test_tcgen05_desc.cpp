// The sm_100 tcgen05 descriptors (fragviz/isa/tcgen05_desc.hpp). Every expected word below was
// assembled by hand from PTX ISA 9.1, 9.7.16.4.1 (Table 40) and 9.7.16.4.2 (Tables 42-44): the
// comment beside each names the bits it sets.
#include <gtest/gtest.h>

#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/isa/tcgen05_desc.hpp"

namespace {

using fragviz::UmmaInstrDescriptor;
using fragviz::UmmaKind;
using fragviz::UmmaSmemDescriptor;

TEST(Tcgen05SmemDescriptor, EncodesTable40FieldByField) {
  UmmaSmemDescriptor d;
  d.start_address = 0x400;      // 0x40 in bits 0-13
  d.leading_byte_offset = 16;   // 1 in bits 16-29: 0x10000
  d.stride_byte_offset = 1024;  // 0x40 in bits 32-45: 0x40'0000'0000
  d.fixed_46_48 = 1;            // bit 46: 0x4000'0000'0000
  d.swizzle = 2;                // 128B: 2 << 61 = 0x4000'0000'0000'0000
  EXPECT_EQ(fragviz::encode_umma_smem_descriptor(d), 0x4000404000010040ull);
  EXPECT_EQ(fragviz::validate_umma_smem_descriptor(d), std::nullopt);
}

TEST(Tcgen05SmemDescriptor, SwizzleCodesSitInBits61To63) {
  UmmaSmemDescriptor d;  // everything 0 but the fixed bit 46 and the swizzle
  const std::uint64_t fixed = 1ull << 46;
  d.swizzle = 1;  // 128B with 32B atomicity: bit 61
  EXPECT_EQ(fragviz::encode_umma_smem_descriptor(d), fixed | 0x2000000000000000ull);
  d.swizzle = 4;  // 64B: bit 63
  EXPECT_EQ(fragviz::encode_umma_smem_descriptor(d), fixed | 0x8000000000000000ull);
  d.swizzle = 6;  // 32B: bits 62, 63
  EXPECT_EQ(fragviz::encode_umma_smem_descriptor(d), fixed | 0xC000000000000000ull);
}

TEST(Tcgen05SmemDescriptor, DecodesEveryFieldIncludingModeAndBaseOffset) {
  // start 0x1230 bytes (0x123), LBO 0x80 (8), SBO 0x400 (0x40), fixed 1, base offset 5, LBO mode
  // 1, swizzle 32B (6).
  const std::uint64_t bits =
      0x123ull | 8ull << 16 | 0x40ull << 32 | 1ull << 46 | 5ull << 49 | 1ull << 52 | 6ull << 61;
  const UmmaSmemDescriptor d = fragviz::decode_umma_smem_descriptor(bits);
  EXPECT_EQ(d.start_address, 0x1230u);
  EXPECT_EQ(d.leading_byte_offset, 0x80u);
  EXPECT_EQ(d.stride_byte_offset, 0x400u);
  EXPECT_EQ(d.fixed_46_48, 1);
  EXPECT_EQ(d.base_offset, 5);
  EXPECT_EQ(d.lbo_mode, 1);
  EXPECT_EQ(d.swizzle, 6);
  EXPECT_EQ(fragviz::encode_umma_smem_descriptor(d), bits);
  // LBO mode 1 is sm_103a's (9.7.16.4.1.1).
  const auto why = fragviz::validate_umma_smem_descriptor(d);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("sm_103a"), std::string::npos) << *why;
}

TEST(Tcgen05SmemDescriptor, AHopperDescriptorIsRefusedOnSm100) {
  // The same layout as a Hopper wgmma descriptor: 128B swizzle (1 << 62), nothing in bit 46. The
  // swizzle bits happen to agree (sm_100's 128B is 2 << 61), the fixed 0b001 does not.
  fragviz::MatrixDescriptor h;
  h.start_address = 0x400;
  h.leading_byte_offset = 16;
  h.stride_byte_offset = 1024;
  h.swizzle = fragviz::SmemSwizzle::b128;
  const std::uint64_t hopper = fragviz::encode_descriptor(h);
  EXPECT_EQ(hopper, 0x4000004000010040ull);
  const UmmaSmemDescriptor d = fragviz::decode_umma_smem_descriptor(hopper);
  EXPECT_EQ(d.swizzle, 2);
  const auto why = fragviz::validate_umma_smem_descriptor(d);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("bits 46-48"), std::string::npos) << *why;
}

TEST(Tcgen05SmemDescriptor, RefusesWhatTheHardwareCannotRead) {
  UmmaSmemDescriptor ok;
  ok.swizzle = 2;
  for (int code : {3, 5, 7}) {
    UmmaSmemDescriptor d = ok;
    d.swizzle = code;
    EXPECT_TRUE(fragviz::validate_umma_smem_descriptor(d).has_value()) << code;
  }
  UmmaSmemDescriptor d = ok;
  d.start_address = 8;  // not 16-byte aligned
  EXPECT_TRUE(fragviz::validate_umma_smem_descriptor(d).has_value());
  d = ok;
  d.stride_byte_offset = 1u << 18;  // does not fit 14 bits of 16 bytes
  EXPECT_TRUE(fragviz::validate_umma_smem_descriptor(d).has_value());
  d = ok;
  d.fixed_53_60 = 1;
  EXPECT_TRUE(fragviz::validate_umma_smem_descriptor(d).has_value());
  d = ok;
  d.swizzle = 0;
  d.base_offset = 1;
  EXPECT_TRUE(fragviz::validate_umma_smem_descriptor(d).has_value());
}

TEST(Tcgen05SmemDescriptor, BaseOffsetOfTable41) {
  // 128B patterns repeat every 1024 bytes: one starting at 0x480 is 128 bytes in, (0x480 >> 7) & 7 = 1.
  EXPECT_EQ(fragviz::umma_base_offset_for(2, 0x480), 1);
  EXPECT_EQ(fragviz::umma_base_offset_for(1, 0x800), 0);
  // 32B patterns repeat every 256 bytes: 0x380 is 128 bytes into one, (0x380 >> 7) & 7 = 7.
  EXPECT_EQ(fragviz::umma_base_offset_for(6, 0x380), 7);
  EXPECT_EQ(fragviz::umma_base_offset_for(0, 0x380), 0);
}

// Issue 26: a 128B-swizzled start at 0x1080 (bits 0-13 = 0x108) with base offset 0. PTX ISA 9.1,
// 9.7.16.4.1: base offset 0 means the pattern starts on a 1024-byte boundary; a pattern starting
// at 0x1080 needs (0x1080 >> 7) & 7 = 1. The bits: 0x108 | LBO 16 (1 << 16) | SBO 1024 (0x40 << 32)
// | fixed 0b001 (1 << 46) | swizzle 128B (2 << 61).
TEST(Tcgen05SmemDescriptor, StartOffThePatternBoundaryWithBaseOffsetZeroWarns) {
  const auto d = fragviz::decode_umma_smem_descriptor(0x4000404000010108ull);
  EXPECT_FALSE(fragviz::validate_umma_smem_descriptor(d).has_value());
  const auto w = fragviz::umma_base_offset_warning(d);
  ASSERT_TRUE(w.has_value());
  EXPECT_NE(w->find("start address 0x01080 is 128 bytes into the 128B swizzle's 1024-byte pattern, with base "
                    "offset 0"),
            std::string::npos)
      << *w;
  EXPECT_NE(w->find("the base offset must be (0x01080 >> 7) & 7 = 1"), std::string::npos) << *w;
  EXPECT_NE(w->find("fragviz does not model non-zero base offsets"), std::string::npos) << *w;
  // Base offset 1 (1 << 49), as the text asks: no warning.
  EXPECT_FALSE(
      fragviz::umma_base_offset_warning(fragviz::decode_umma_smem_descriptor(0x4002404000010108ull)));
  // 32 bytes into the pattern's first row (0x1020, bits 0-13 = 0x102): (0x1020 >> 7) & 7 = 0, a K
  // offset inside a pattern that starts at 0x1000; no warning.
  EXPECT_FALSE(
      fragviz::umma_base_offset_warning(fragviz::decode_umma_smem_descriptor(0x4000404000010102ull)));
  // On the boundary (0x1000), and without a swizzle (0x1080, swizzle 0): no warning.
  EXPECT_FALSE(
      fragviz::umma_base_offset_warning(fragviz::decode_umma_smem_descriptor(0x4000404000010100ull)));
  EXPECT_FALSE(
      fragviz::umma_base_offset_warning(fragviz::decode_umma_smem_descriptor(0x0000404000010108ull)));
  // 64B (4 << 61) repeats every 512 bytes: 0x280 (bits 0-13 = 0x28) is 128 bytes in, (0x280 >> 7) & 7 = 5.
  const auto w64 =
      fragviz::umma_base_offset_warning(fragviz::decode_umma_smem_descriptor(0x8000404000010028ull));
  ASSERT_TRUE(w64.has_value());
  EXPECT_NE(w64->find("0x00280 is 128 bytes into the 64B swizzle's 512-byte pattern"), std::string::npos)
      << *w64;
  EXPECT_NE(w64->find("= 5."), std::string::npos) << *w64;
}

TEST(Tcgen05InstrDescriptor, DenseKindsOfTable42) {
  UmmaInstrDescriptor d;
  // .kind::f16, D F32 (1 << 4), A BF16 (1 << 7), B BF16 (1 << 10), N 256 (32 << 17), M 128 (8 << 24).
  d.d_format = 1;
  d.a_format = 1;
  d.b_format = 1;
  d.n = 256;
  d.m = 128;
  EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, UmmaKind::f16), 0x08400490u);
  EXPECT_EQ(fragviz::validate_umma_instr_descriptor(d, UmmaKind::f16), std::nullopt);

  // .kind::f16, D F16, A F16, B F16, A M-major (bit 15), N 8 (1 << 17), M 64 (4 << 24).
  d = {};
  d.d_format = 0;
  d.transpose_a = true;
  d.n = 8;
  d.m = 64;
  EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, UmmaKind::f16), 0x04028000u);

  // .kind::i8, saturate (bit 3), D S32 (2 << 4), A S8 (1 << 7), B U8, N 16 (2 << 17), M 128.
  d = {};
  d.saturate = true;
  d.d_format = 2;
  d.a_format = 1;
  d.b_format = 0;
  d.n = 16;
  d.m = 128;
  EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, UmmaKind::i8), 0x080400A8u);
  EXPECT_EQ(fragviz::validate_umma_instr_descriptor(d, UmmaKind::i8), std::nullopt);

  // .kind::tf32, D F32, A and B TF32 (2 << 7, 2 << 10), negate A (bit 13), N 128 (16 << 17),
  // M 256 (16 << 24), max shift 32 (3 << 30).
  d = {};
  d.a_format = 2;
  d.b_format = 2;
  d.negate_a = true;
  d.n = 128;
  d.m = 256;
  d.max_shift = 3;
  EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, UmmaKind::tf32), 0xD0202910u);

  // .kind::f8f6f4 sparse (bit 2) with selector 2 (bits 0-1), A E2M1 (5 << 7), B E3M2 (4 << 10),
  // N 64 (8 << 17), M 128.
  d = {};
  d.sparse = true;
  d.sparse_selector = 2;
  d.a_format = 5;
  d.b_format = 4;
  d.n = 64;
  d.m = 128;
  const std::uint32_t bits = fragviz::encode_umma_instr_descriptor(d, UmmaKind::f8f6f4);
  EXPECT_EQ(bits, 0x08101296u);
  const UmmaInstrDescriptor back = fragviz::decode_umma_instr_descriptor(bits, UmmaKind::f8f6f4);
  EXPECT_EQ(back.sparse_selector, 2);
  EXPECT_TRUE(back.sparse);
  EXPECT_EQ(back.a_format, 5);
  EXPECT_EQ(back.b_format, 4);
  EXPECT_EQ(back.n, 64);
  EXPECT_EQ(back.m, 128);
  EXPECT_EQ(back.reserved_bits, 0u);
}

TEST(Tcgen05InstrDescriptor, BlockScaledKindsOfTables43And44) {
  UmmaInstrDescriptor d;
  // .kind::mxf8f6f4: B scale ID 3 (3 << 4), A E4M3, B E5M2 (1 << 10), N 256 (32 << 17), UE8M0
  // (bit 23), M 128 (M >> 7 = 1 << 27), A scale ID 1 (1 << 29).
  d.b_scale_id = 3;
  d.a_format = 0;
  d.b_format = 1;
  d.n = 256;
  d.scale_format = 1;
  d.m = 128;
  d.a_scale_id = 1;
  EXPECT_EQ(fragviz::encode_umma_instr_descriptor(d, UmmaKind::mxf8f6f4), 0x28C00430u);
  EXPECT_EQ(fragviz::validate_umma_instr_descriptor(d, UmmaKind::mxf8f6f4), std::nullopt);

  // .kind::mxf4nvf4: B scale ID 2 (2 << 4), A and B E2M1 (1 << 7, 1 << 10), N 128 (16 << 17),
  // UE4M3 (bit 23 = 0), M 256 (2 << 27), A scale ID 2 (2 << 29), K 96 (bit 31).
  d = {};
  d.b_scale_id = 2;
  d.a_format = 1;
  d.b_format = 1;
  d.n = 128;
  d.scale_format = 0;
  d.m = 256;
  d.a_scale_id = 2;
  d.k_dimension = 1;
  const std::uint32_t bits = fragviz::encode_umma_instr_descriptor(d, UmmaKind::mxf4nvf4);
  EXPECT_EQ(bits, 0xD02004A0u);
  EXPECT_EQ(fragviz::validate_umma_instr_descriptor(d, UmmaKind::mxf4nvf4), std::nullopt);
  const UmmaInstrDescriptor back = fragviz::decode_umma_instr_descriptor(bits, UmmaKind::mxf4nvf4);
  EXPECT_EQ(back.m, 256);
  EXPECT_EQ(back.a_scale_id, 2);
  EXPECT_EQ(back.b_scale_id, 2);
  EXPECT_EQ(back.k_dimension, 1);
  EXPECT_EQ(back.scale_format, 0);
  // The same word read as .kind::mxf4 is refused: UE4M3 scales are mxf4nvf4's.
  EXPECT_TRUE(fragviz::validate_umma_instr_descriptor(back, UmmaKind::mxf4).has_value());
}

TEST(Tcgen05InstrDescriptor, ReservedBitsDependOnTheKind) {
  // Bit 6 is reserved everywhere; bit 12 only where B's format is 2 bits (the mxf4 kinds); bit
  // 31 is max shift (dense), reserved (mxf8f6f4), K (mxf4 kinds).
  EXPECT_NE(fragviz::umma_reserved_mask(UmmaKind::f16) & (1u << 6), 0u);
  EXPECT_EQ(fragviz::umma_reserved_mask(UmmaKind::f16) & (1u << 12), 0u);
  EXPECT_NE(fragviz::umma_reserved_mask(UmmaKind::mxf4) & (1u << 12), 0u);
  EXPECT_EQ(fragviz::umma_reserved_mask(UmmaKind::f16) & (1u << 31), 0u);
  EXPECT_NE(fragviz::umma_reserved_mask(UmmaKind::mxf8f6f4) & (1u << 31), 0u);
  EXPECT_EQ(fragviz::umma_reserved_mask(UmmaKind::mxf4nvf4) & (1u << 31), 0u);
  const UmmaInstrDescriptor d = fragviz::decode_umma_instr_descriptor(0x08400490u | 1u << 6, UmmaKind::f16);
  EXPECT_EQ(d.reserved_bits, 1u << 6);
  EXPECT_TRUE(fragviz::validate_umma_instr_descriptor(d, UmmaKind::f16).has_value());
}

TEST(Tcgen05InstrDescriptor, RefusesWhatTheTablesDoNotList) {
  const auto refused = [](UmmaInstrDescriptor d, UmmaKind k) {
    return fragviz::validate_umma_instr_descriptor(d, k).has_value();
  };
  UmmaInstrDescriptor ok;  // .kind::f16 F32 += F16 * F16, M 128, N 128
  ok.n = 128;
  ok.m = 128;
  ASSERT_FALSE(refused(ok, UmmaKind::f16));
  UmmaInstrDescriptor d = ok;
  d.b_format = 1;  // F16 x BF16
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d = ok;
  d.saturate = true;  // integer kinds only
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d = ok;
  d.d_format = 2;  // S32 is .kind::i8's
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d = ok;
  d.m = 64;
  d.n = 12;  // M 64: N in steps of 8
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d.n = 24;
  EXPECT_FALSE(refused(d, UmmaKind::f16));
  d.m = 128;  // M 128: N in steps of 16
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d = ok;
  d.m = 96;
  EXPECT_TRUE(refused(d, UmmaKind::f16));
  d = ok;
  d.sparse_selector = 1;  // with nothing sparse to select
  EXPECT_TRUE(refused(d, UmmaKind::f16));

  UmmaInstrDescriptor i8 = ok;
  i8.d_format = 2;
  i8.a_format = 1;
  ASSERT_FALSE(refused(i8, UmmaKind::i8));
  i8.negate_b = true;
  EXPECT_TRUE(refused(i8, UmmaKind::i8));

  UmmaInstrDescriptor mx;  // .kind::mxf4, E2M1 x E2M1, UE8M0, M 128, N 128
  mx.a_format = 1;
  mx.b_format = 1;
  mx.n = 128;
  mx.m = 128;
  ASSERT_FALSE(refused(mx, UmmaKind::mxf4));
  d = mx;
  d.transpose_b = true;
  EXPECT_TRUE(refused(d, UmmaKind::mxf4));
  d = mx;
  d.a_scale_id = 1;  // 0 or 2 in the mxf4 kinds
  EXPECT_TRUE(refused(d, UmmaKind::mxf4));
  EXPECT_TRUE(refused(d, UmmaKind::mxf4nvf4));
  d = mx;
  d.m = 64;  // block-scaled M is 128 or 256
  EXPECT_TRUE(refused(d, UmmaKind::mxf4));
  d = mx;
  d.k_dimension = 1;
  d.sparse = true;  // K 96 is dense only
  EXPECT_TRUE(refused(d, UmmaKind::mxf4));
}

TEST(Tcgen05InstrDescriptor, FormatNamesFollowTheKind) {
  // Code 1 is BF16 for .kind::f16, E5M2 for f8f6f4, S8 for i8 and E2M1 for mxf4.
  EXPECT_EQ(fragviz::umma_format_name(UmmaKind::f16, 'a', 1), "bf16");
  EXPECT_EQ(fragviz::umma_format_name(UmmaKind::f8f6f4, 'a', 1), "e5m2");
  EXPECT_EQ(fragviz::umma_format_name(UmmaKind::i8, 'a', 1), "s8");
  EXPECT_EQ(fragviz::umma_format_name(UmmaKind::mxf4, 'b', 1), "e2m1");
  EXPECT_EQ(fragviz::umma_format_name(UmmaKind::f8f6f4, 'a', 2), "invalid (2)");
  EXPECT_EQ(fragviz::umma_format_code(UmmaKind::f8f6f4, 'b', "e2m1"), 5);
  EXPECT_EQ(fragviz::umma_format_code(UmmaKind::i8, 'd', "s32"), 2);
  EXPECT_EQ(fragviz::umma_format_code(UmmaKind::tf32, 'd', "f16"), std::nullopt);
  EXPECT_EQ(fragviz::parse_umma_kind(".kind::mxf4nvf4"), UmmaKind::mxf4nvf4);
  EXPECT_EQ(fragviz::parse_umma_kind("f8"), std::nullopt);
}

TEST(Tcgen05InstrDescriptor, DescribeNamesEveryFieldOfTheKind) {
  const auto lines = fragviz::describe_umma_instr_descriptor(0xD02004A0u, UmmaKind::mxf4nvf4);
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  EXPECT_NE(all.find("M >> 7            bits 27-28  2       = M 256"), std::string::npos) << all;
  EXPECT_NE(all.find("dense K 96"), std::string::npos) << all;
  EXPECT_NE(all.find("UE4M3"), std::string::npos) << all;
  EXPECT_EQ(all.find("max shift"), std::string::npos) << all;  // a dense kind's field
}

}  // namespace
