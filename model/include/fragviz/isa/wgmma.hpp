// wgmma.mma_async.sync.aligned (sm_90a): the warpgroup instructions of the catalogue, with the
// (thread, element) maps of D and of A when A comes from registers. A warpgroup is four
// consecutive warps, threads 0-127; warp w = thread / 32 owns rows 16w .. 16w+15 of A and D.
//
// Source: PTX ISA 9.0, "Register Fragments and Shared Memory Matrix Layouts" under
// "Asynchronous Warpgroup Level Matrix Multiply-Accumulate Instructions" (the fragments are given
// as figures: per warp, D of m64nNk* repeats mma.m16n8's accumulator along N, A repeats the
// m16n8k16 / m16n8k8 .tf32 / m16n8k32 .s8 A fragment), and "Warpgroup MMA: wgmma.mma_async"
// (shapes, types, N per type). The maps are named as CuTe names them, CLayout_64xN and
// ALayout_64x{8,16,32}, in wgmma_layouts.hpp; tests/cute checks them, the device probes check all.
//
// Offsets are column-major like the mma.sync catalogue: A row + 64*k, D row + 64*col. B always
// comes from shared memory (fragviz/isa/smem_descriptor.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wgmma_layouts.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// Threads of a warpgroup.
inline constexpr int kWarpgroupSize = 128;

/// D of m64nNk* over the warpgroup: gmma_layouts::CLayout_64xN(n), CuTe's CLayout_64xN.
FRAGVIZ_HD constexpr TvLayout wgmma_d_layout(int n) { return gmma_layouts::CLayout_64xN(n); }

/// A from registers, 64 x K over the warpgroup, by element width: CuTe's ALayout_64x8 (32-bit
/// .tf32, k8), ALayout_64x16 (16-bit, k16) or ALayout_64x32 (8-bit, k32); gmma_layouts names them.
FRAGVIZ_HD constexpr TvLayout wgmma_a_layout(int element_bits) {
  return element_bits == 32   ? gmma_layouts::ALayout_64x8()
         : element_bits == 16 ? gmma_layouts::ALayout_64x16()
                              : gmma_layouts::ALayout_64x32();
}

/// Which operands wgmma takes through descriptors, and which are M/N-major (imm-trans-a/b = 1).
/// The values are the probe kernels' template arguments.
enum class WgmmaForm : int {
  ss = 0,       ///< A and B through descriptors, both K-major
  ss_a_mn = 1,  ///< A M-major (imm-trans-a 1), B K-major
  ss_b_mn = 2,  ///< A K-major, B N-major (imm-trans-b 1)
  rs = 3,       ///< A from registers, B K-major
};

/// One wgmma entry. Every entry takes B through a descriptor; A through a descriptor (SS) or
/// from registers (RS, the `a` map).
struct WgmmaInstruction {
  std::string mnemonic;  ///< e.g. "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"
  std::string group;     ///< picker group: "f16", "bf16", "tf32", "fp8", "s8/u8"
  int m = 64, n = 8, k = 16;
  ElemType a_type = ElemType::f16, b_type = ElemType::f16, d_type = ElemType::f32;
  /// imm-trans-a / imm-trans-b exist (M/N-major shared-memory operands): .f16 and .bf16 only.
  bool transpose_allowed = false;
  OperandSpec a;  ///< A from registers: 64 x K
  OperandSpec d;  ///< D (and C): 64 x N
};

/// Registers per thread of D: N/2 for 32-bit D (f32, s32), N/4 for f16 (f16x2).
FRAGVIZ_HD constexpr int wgmma_d_registers(const WgmmaInstruction& in) {
  return in.d_type == ElemType::f16 ? in.n / 4 : in.n / 2;
}
/// Registers per thread of A from registers: always 4 (64 x 32 bytes over 128 threads).
inline constexpr int kWgmmaARegisters = 4;
/// Fragment elements per thread of A (8 f16, 4 tf32, 16 8-bit) and of D (N/2).
FRAGVIZ_HD constexpr int wgmma_a_elements(const WgmmaInstruction& in) { return 64 * in.k / kWarpgroupSize; }
FRAGVIZ_HD constexpr int wgmma_d_elements(const WgmmaInstruction& in) { return 64 * in.n / kWarpgroupSize; }

/// The N values PTX allows for a type pair ("Warpgroup MMA: wgmma.mma_async", shapes): 8..256
/// step 8, except .s8/.u8 with .s32 D: 8, 16, 24, 32, then 48..256 step 16.
std::vector<int> wgmma_legal_n(ElemType a_type);

/// Every wgmma entry of the catalogue: .f16 with f32 and f16 D and .bf16 at every N 8..256;
/// .tf32, .e4m3/.e5m2 (f32 D, and e4m3 with f16 D) and .s8/.u8 at N = 8, 16, 32, 64, 128, 256.
const std::vector<WgmmaInstruction>& wgmma_catalogue();
/// The entry whose mnemonic is `mnemonic`, or nullptr.
const WgmmaInstruction* find_wgmma(std::string_view mnemonic);
/// The prefix every wgmma mnemonic of the catalogue starts with.
inline constexpr std::string_view kWgmmaPrefix = "wgmma.mma_async.sync.aligned.";
/// The entry a user names, or nullptr: the full mnemonic or its part after kWgmmaPrefix
/// ("m64n64k16.f32.bf16.bf16"). The one parser of wgmma names for every command and view.
const WgmmaInstruction* find_wgmma_named(std::string_view name);
/// Index in wgmma_catalogue(), or -1.
int wgmma_index(const WgmmaInstruction* in);

/// The wgmma entry of the types a warp-level mma.sync form multiplies: the catalogue's N = 64 entry
/// whose A, B and D types are the form's A, B and C/D types (.f16 with .f32 or .f16 D as the form
/// accumulates, .bf16, .tf32, .s8/.u8 with .s32, .e4m3/.e5m2), so the Hopper views open on the
/// user's types; nullptr where the catalogue has none (.f64, .b1, .s4/.u4, fp6/fp4, and the type
/// pairs it leaves out, such as .e5m2 x .e4m3). Every entry takes A from registers or a descriptor
/// alike, so the operand source is the default entry's.
const WgmmaInstruction* wgmma_for_mma(const Instruction& mma);
/// Why wgmma_for_mma found none, as the views say it: "no wgmma form for .f64" where PTX's wgmma has
/// no such A or B type (.f64, .s4/.u4, fp6/fp4), else "no wgmma entry in the catalogue for .b1" (the
/// types PTX has but the catalogue leaves out). Types: A's, then B's where it differs, then "with
/// .f16 D" where the catalogue has those A and B types only with another D.
std::string wgmma_missing_types(const Instruction& mma);

/// True for the entries whose M/N-major forms the probes issue (and the kernels compile): .f16
/// and .bf16 at N = 64 and 256, which cover one and several swizzle atoms along N.
inline bool wgmma_mn_major_probed(const WgmmaInstruction& in) {
  return in.transpose_allowed && (in.n == 64 || in.n == 256);
}

/// The register fragment of operand `op`: A from registers (in.a), D (in.d, for Operand::C);
/// nullptr for B, which always comes through a shared-memory descriptor.
inline const OperandSpec* wgmma_register_operand(const WgmmaInstruction& in, Operand op) {
  return op == Operand::A ? &in.a : op == Operand::C ? &in.d : nullptr;
}

/// (row, col) of D element `i` of warpgroup thread `thread`.
FRAGVIZ_HD constexpr Coord wgmma_d_coord(const WgmmaInstruction& in, int thread, int i) {
  return operand_coord(in.d, thread, i);
}
/// (row, k) of A-register element `i` of `thread`.
FRAGVIZ_HD constexpr Coord wgmma_a_coord(const WgmmaInstruction& in, int thread, int i) {
  return operand_coord(in.a, thread, i);
}

}  // namespace fragviz
