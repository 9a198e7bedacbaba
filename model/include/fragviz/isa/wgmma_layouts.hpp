// The register layouts of wgmma, named as CuTe names them in cute/atom/mma_traits_sm90_gmma.hpp
// (namespace SM90::GMMA): CLayout_64xN for the accumulator D, ALayout_64x8/16/32 for A from
// registers (a K of 32 bytes: .tf32, 16-bit, 8-bit). tests/cute/test_cute_gmma.cpp compares each
// with CuTe's at every (thread, value), CLayout_64xN at every N of the catalogue.
//
// Conventions are CuTe's and the catalogue's: (thread, value) -> offset into a column-major
// (M64, N) or (M64, K) codomain, m + 64 * col. Warpgroup thread T is lane l = T % 32 of warp
// w = T / 32; its thread modes are (T % 4, T / 4 % 8, w). Per warp these repeat mma.sync's m16n8
// fragments (PTX ISA 9.0, "Register Fragments and Shared Memory Matrix Layouts" under
// "Asynchronous Warpgroup Level Matrix Multiply-Accumulate Instructions"). Functions rather than
// constants, so device code can call them.
#pragma once

#include "fragviz/isa/tv_layout.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz::gmma_layouts {

/// (T128,V(N/2)) -> (M64,N): CuTe's CLayout_64xN, ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512)).
/// D of m64nNk*: row = 16w + l/4 + 8*((i>>1)&1), col = 8*(i>>2) + 2*(l%4) + (i&1). N % 8 == 0.
FRAGVIZ_HD constexpr TvLayout CLayout_64xN(int n) {
  return TvLayout{{{4, 128}, {8, 1}, {4, 16}}, {{2, 64}, {2, 8}, {n / 8, 512}}};
}

/// (T128,V4) -> (M64,K8): CuTe's ALayout_64x8, ((4,8,4),(2,2)):((64,1,16),(8,256)). A of .tf32:
/// row = 16w + l/4 + 8*(i&1), k = l%4 + 4*(i>>1).
FRAGVIZ_HD constexpr TvLayout ALayout_64x8() {
  return TvLayout{{{4, 64}, {8, 1}, {4, 16}}, {{2, 8}, {2, 256}}};
}

/// (T128,V8) -> (M64,K16): CuTe's ALayout_64x16, ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)). A of
/// .f16/.bf16: row = 16w + l/4 + 8*((i>>1)&1), k = 2*(l%4) + (i&1) + 8*(i>>2).
FRAGVIZ_HD constexpr TvLayout ALayout_64x16() {
  return TvLayout{{{4, 128}, {8, 1}, {4, 16}}, {{2, 64}, {2, 8}, {2, 512}}};
}

/// (T128,V16) -> (M64,K32): CuTe's ALayout_64x32, ((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)). A of
/// 8-bit types: row = 16w + l/4 + 8*((i>>2)&1), k = 4*(l%4) + (i&3) + 16*(i>>3).
FRAGVIZ_HD constexpr TvLayout ALayout_64x32() {
  return TvLayout{{{4, 256}, {8, 1}, {4, 16}}, {{4, 64}, {2, 8}, {2, 1024}}};
}

}  // namespace fragviz::gmma_layouts
