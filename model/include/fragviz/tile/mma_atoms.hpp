// CuTe's MMA atoms by CuTe's name (SM80_16x8x16_F32F16F16F32_TN, SM90_64x128x16_F32BF16BF16_SS,
// ...), each mapped to a fragviz catalogue entry by its PTX mnemonic, with CuTe's MMA_Traits
// (ThrID, ALayout, BLayout, CLayout) derived from that entry's fragment maps, not transcribed:
//
//  - CuTe's conventions (mma_traits*.hpp): ALayout (thread, value) -> m + M*k, the (M,K) operand
//    column-major; BLayout -> n + N*k, (N,K) column-major; CLayout -> m + M*n, (M,N)
//    column-major; ThrID logical thread -> thread index (32:1 for mma.sync, 128:1 for wgmma).
//  - The catalogue's maps (isa/catalogue.hpp) are A as M x K (row + M*col, so m + M*k: the same
//    offsets), B as K x N (row = k: k + K*n) and C as M x N (m + M*n, the same). So A and C keep
//    their strides, and every stride s of B, read as k = s mod K, n = s div K, becomes n + N*k.
//  - The layouts keep the modes the catalogue declares (unused slots dropped): thread modes as one tuple,
//    value modes as a tuple (one value mode alone is a number, as CuTe writes `_2`); a declared
//    mode of shape 1 (wgmma D's N/8 at N = 8) stays, as in CuTe. Every derived
//    layout is checked against the catalogue at every (thread, value); one that does not agree (a
//    B map not affine in (n, k)) is no atom here.
//  - GMMA (wgmma) atoms: C is CLayout_64xN (isa/wgmma.hpp's D map, row + 64*col); _RS's A is the
//    register map (ALayout_64x16); _SS's A and B, and B of _RS, come through shared-memory
//    descriptors, which CuTe writes ABLayout<MN,K> = (128,(MN,K)):(0,(1,MN)): every thread "holds"
//    the whole operand. N other than 8, 16, 32, 64, 96, 128, 192, 256 are CuTe's "extended" GMMA
//    shapes, compiled in with CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED.
//
// tests/cute/test_cute_tiled.cpp holds each atom against CuTe's MMA_Traits (and its name against
// the instruction CuTe's cute/arch header issues). Left out: the SM70 m8n8k4 atoms (ThrID covers one
// quad pair, 8 threads: the catalogue's four products), the 4-bit and 1-bit atoms (where CuTe 4.2's
// own layouts are wrong: tests/cute/test_cute_mma_traits.cpp), tf32/fp8/int8 GMMA.
// Pure model: no CUDA, no GL.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/tile/copy_atoms.hpp"

namespace fragviz::tile {

/// Where an operand of an atom comes from.
enum class OperandSource : std::uint8_t {
  registers,  ///< a register fragment (mma.sync; wgmma's A of _RS; C/D)
  descriptor  ///< a shared-memory descriptor (wgmma's B, and A of _SS)
};

/// One MMA atom of CuTe, in CuTe's conventions (see the header comment).
struct MmaAtom {
  std::string name;        ///< CuTe's: "SM80_16x8x16_F32F16F16F32_TN", "SM90_64x128x16_F32BF16BF16_SS"
  std::string mnemonic;    ///< the catalogue's (or wgmma catalogue's) PTX mnemonic it issues
  bool warpgroup = false;  ///< wgmma: 128 threads
  OperandSource a_source = OperandSource::registers, b_source = OperandSource::registers;
  int m = 0, n = 0, k = 0;
  ElemType a_type = ElemType::f16, b_type = ElemType::f16, c_type = ElemType::f32;
  Layout thr_id;  ///< ThrID
  Layout a;       ///< ALayout: (thread, value) -> m + M*k
  Layout b;       ///< BLayout: (thread, value) -> n + N*k
  Layout c;       ///< CLayout: (thread, value) -> m + M*n
};

/// Every atom fragviz maps: the mma.sync ones of SM75, SM80, SM89 and SM90 (f64) with
/// 16-, 32-, 64- and 8-bit inputs, then GMMA SM90_64xNx16 for f16 (f32 and f16 D) and bf16, _SS
/// and _RS, at every N the wgmma catalogue holds.
const std::vector<MmaAtom>& mma_atoms();
/// The atom CuTe calls `name`, or nullptr.
const MmaAtom* find_mma_atom(std::string_view name);
/// The atoms' CuTe names, in mma_atoms() order (for "did you mean", name_suggest.hpp).
std::vector<std::string> mma_atom_names();

/// The CuTe names of the mma.sync atoms and the mnemonics they issue (CuTe's cute/arch headers),
/// whether or not the catalogue holds the mnemonic: mma_atoms() is built from those it does.
struct MmaAtomName {
  const char* name;
  const char* mnemonic;
};
const std::vector<MmaAtomName>& mma_sync_atom_names();

/// A catalogue operand map in CuTe's convention for `op` (the header comment's conversion), or why
/// not (a B map that is not affine in (n, k)).
Result<Layout> cute_operand_layout(const OperandSpec& spec, Operand op, int threads);

}  // namespace fragviz::tile
