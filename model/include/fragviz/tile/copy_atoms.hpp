// CuTe's copy atoms as CuTe's Copy_Traits state them (NVIDIA/cutlass include/cute/atom/
// copy_traits.hpp, copy_traits_sm75.hpp, copy_traits_sm80.hpp, copy_traits_sm90.hpp of CUTLASS
// 4.2): per copy operation its ThrID (logical thread -> thread index) and its SrcLayout, DstLayout
// and RefLayout, each (thread, value) -> bit, in bits as CuTe writes them. The abstract bit order
// is CuTe's and means nothing by itself: TiledCopy uses it only to map a reference (thread, value)
// to a source or destination (thread, value) (copy_traits.hpp's concept comment).
//
// A Copy_Atom<Op, ValType> recasts the three layouts from bits to values of ValType
// (recast_layout<uint1_t, ValType>, i.e. upcast<bits of ValType>): value_layouts() does the same,
// with CuTe's checks. The atoms are transcribed from CuTe's headers; tests/cute/test_cute_tiled.cpp
// holds every one against CuTe's Copy_Traits, and tests/unit/test_tiled_copy_atoms.cpp holds the
// ldmatrix/stmatrix ones against the PTX ISA's fragment tables (isa/ldmatrix.hpp).
// Pure model: no CUDA, no GL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/algebra/operations.hpp"

namespace fragviz::tile {

using algebra::IntTuple;
using algebra::Layout;
using algebra::Refusal;
using algebra::Result;

/// What the copy issues, for the join's own model of it (the PTX ISA's, not CuTe's layouts).
enum class CopyKind : std::uint8_t {
  ldmatrix,   ///< ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16
  stmatrix,   ///< stmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16
  universal,  ///< one thread moves one vector: UniversalCopy<T> (a C++ assignment), cp.async
};

/// One copy operation of CuTe, with its Copy_Traits.
struct CopyAtom {
  std::string name;         ///< CuTe's spelling: "SM75_U32x4_LDSM_N", "UniversalCopy<uint128_t>"
  std::string instruction;  ///< what CuTe's cute/arch header issues ("" for a C++ assignment), in
                            ///< PTX's order: "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (CuTe's
                            ///< asm writes .x4 before .m8n8)
  CopyKind kind = CopyKind::universal;
  int matrices = 0;                              ///< ldmatrix/stmatrix .num: 1, 2 or 4 (0 for the others)
  bool trans = false;                            ///< .trans
  int src_register_bits = 0, src_registers = 0;  ///< CuTe's SRegisters: uint128_t[1] is 128, 1
  int dst_register_bits = 0, dst_registers = 0;  ///< CuTe's DRegisters
  Layout thr_id;                                 ///< ThrID: logical thread -> thread index
  Layout src, dst, ref;                          ///< SrcLayout, DstLayout, RefLayout: (thread, value) -> bit
  const char* header;                            ///< the cute/atom header whose Copy_Traits these are
};

/// Every copy atom fragviz models: SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T,
/// SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T, UniversalCopy<uint32_t/uint64_t/uint128_t>,
/// SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>.
const std::vector<CopyAtom>& copy_atoms();
/// The atom CuTe calls `name`, or nullptr.
const CopyAtom* find_copy_atom(std::string_view name);
/// The atoms' CuTe names, in copy_atoms() order (for "did you mean", name_suggest.hpp).
std::vector<std::string> copy_atom_names();

/// CuTe's upcast<N>(layout) (layout.hpp): a static stride-0 mode kept, another mode's shape
/// ceil_div(shape, ceil_div(N, |stride|)) and stride signum(stride) * ceil_div(|stride|, N).
/// Refused, as CuTe's static_assert refuses it ("Divisibility condition"), where a stride neither
/// divides N nor is divided by it.
Result<Layout> upcast(const Layout& l, std::int64_t n);

/// A Copy_Atom<Op, ValType>'s layouts: CuTe's ValLayoutSrc/Dst/Ref, (thread, value) -> value
/// index in the atom's bit order divided by value_bits.
struct CopyValueLayouts {
  int value_bits = 16;
  Layout src, dst, ref;
  std::int64_t num_val_src = 0, num_val_dst = 0;  ///< size<1> of src and dst: values per thread
};

/// The layouts of Copy_Atom<atom, a ValType of `value_bits` bits>, refused where CuTe's Copy_Atom
/// static_asserts ("CopyOperation is not valid for Src of ValType.": size<0> of a recast layout
/// is not size(ThrID)) or its upcast does.
Result<CopyValueLayouts> value_layouts(const CopyAtom& atom, int value_bits);

}  // namespace fragviz::tile
