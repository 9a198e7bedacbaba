// CuTe's copy atoms (copy_atoms.hpp), transcribed from CUTLASS 4.2's Copy_Traits and its
// cute/arch copy headers (the asm strings and register arrays).
#include "fragviz/tile/copy_atoms.hpp"

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "tile_detail.hpp"

namespace fragviz::tile {

namespace {

using detail::layout_of_text;

CopyAtom atom(const char* name, const char* instruction, CopyKind kind, int matrices, bool trans,
              int src_bits, int src_regs, int dst_bits, int dst_regs, const char* thr_id, const char* src,
              const char* dst, bool ref_is_src, const char* header) {
  CopyAtom a;
  a.name = name;
  a.instruction = instruction;
  a.kind = kind;
  a.matrices = matrices;
  a.trans = trans;
  a.src_register_bits = src_bits;
  a.src_registers = src_regs;
  a.dst_register_bits = dst_bits;
  a.dst_registers = dst_regs;
  a.thr_id = layout_of_text(thr_id);
  a.src = layout_of_text(src);
  a.dst = layout_of_text(dst);
  a.ref = ref_is_src ? a.src : a.dst;
  a.header = header;
  return a;
}

// ldmatrix and stmatrix take their PTX name from the ISA model, so every view spells it in PTX's
// order (shape, .num, .trans, state space, type); CuTe's asm writes .num first, which ptxas accepts.
CopyAtom matrix_atom(const char* name, CopyKind kind, int matrices, bool trans, int src_bits, int src_regs,
                     int dst_bits, int dst_regs, const char* src, const char* dst, const char* header) {
  const LdmatrixConfig c{matrices == 1 ? LdmNum::x1 : matrices == 2 ? LdmNum::x2 : LdmNum::x4, trans};
  const std::string ptx = kind == CopyKind::ldmatrix ? ldmatrix_mnemonic(c) : stmatrix_mnemonic(c);
  return atom(name, ptx.c_str(), kind, matrices, trans, src_bits, src_regs, dst_bits, dst_regs, "32:1", src,
              dst, kind == CopyKind::stmatrix, header);
}

// copy_traits_sm75.hpp: (src-thr, src-val) -> bit is the 128-bit row each thread addresses (x1 and
// x2 repeat the first 8 or 16 rows over the other threads, stride 0); (dst-thr, dst-val) -> bit
// is where each destination register's bits sit. RefLayout = DstLayout.
constexpr const char* kLdsmSrcX1 = "((8,4),128):((128,0),1)";
constexpr const char* kLdsmSrcX2 = "((16,2),128):((128,0),1)";
constexpr const char* kLdsmSrcX4 = "(32,128):(128,1)";
constexpr const char* kLdsmDstNX1 = "(32,32):(32,1)";
constexpr const char* kLdsmDstNX2 = "(32,(32,2)):(32,(1,1024))";
constexpr const char* kLdsmDstNX4 = "(32,(32,4)):(32,(1,1024))";
constexpr const char* kLdsmDstTX1 = "((4,8),(16,2)):((256,16),(1,128))";
constexpr const char* kLdsmDstTX2 = "((4,8),(16,2,2)):((256,16),(1,128,1024))";
constexpr const char* kLdsmDstTX4 = "((4,8),(16,2,4)):((256,16),(1,128,1024))";

constexpr const char* kSm75 = "cute/atom/copy_traits_sm75.hpp";
constexpr const char* kSm90 = "cute/atom/copy_traits_sm90.hpp";

std::vector<CopyAtom> build() {
  const CopyKind ld = CopyKind::ldmatrix, st = CopyKind::stmatrix, uni = CopyKind::universal;
  return {
      matrix_atom("SM75_U32x1_LDSM_N", ld, 1, false, 128, 1, 32, 1, kLdsmSrcX1, kLdsmDstNX1, kSm75),
      matrix_atom("SM75_U32x2_LDSM_N", ld, 2, false, 128, 1, 32, 2, kLdsmSrcX2, kLdsmDstNX2, kSm75),
      matrix_atom("SM75_U32x4_LDSM_N", ld, 4, false, 128, 1, 32, 4, kLdsmSrcX4, kLdsmDstNX4, kSm75),
      matrix_atom("SM75_U16x2_LDSM_T", ld, 1, true, 128, 1, 32, 1, kLdsmSrcX1, kLdsmDstTX1, kSm75),
      matrix_atom("SM75_U16x4_LDSM_T", ld, 2, true, 128, 1, 32, 2, kLdsmSrcX2, kLdsmDstTX2, kSm75),
      matrix_atom("SM75_U16x8_LDSM_T", ld, 4, true, 128, 1, 32, 4, kLdsmSrcX4, kLdsmDstTX4, kSm75),
      // copy_traits_sm90.hpp: stmatrix is ldmatrix backwards, SrcLayout = the LDSM atom's DstLayout,
      // DstLayout = its SrcLayout, RefLayout = SrcLayout (the registers).
      matrix_atom("SM90_U32x1_STSM_N", st, 1, false, 32, 1, 128, 1, kLdsmDstNX1, kLdsmSrcX1, kSm90),
      matrix_atom("SM90_U32x2_STSM_N", st, 2, false, 32, 2, 128, 1, kLdsmDstNX2, kLdsmSrcX2, kSm90),
      matrix_atom("SM90_U32x4_STSM_N", st, 4, false, 32, 4, 128, 1, kLdsmDstNX4, kLdsmSrcX4, kSm90),
      matrix_atom("SM90_U16x2_STSM_T", st, 1, true, 32, 1, 128, 1, kLdsmDstTX1, kLdsmSrcX1, kSm90),
      matrix_atom("SM90_U16x4_STSM_T", st, 2, true, 32, 2, 128, 1, kLdsmDstTX2, kLdsmSrcX2, kSm90),
      matrix_atom("SM90_U16x8_STSM_T", st, 4, true, 32, 4, 128, 1, kLdsmDstTX4, kLdsmSrcX4, kSm90),
      // copy_traits.hpp: UniversalCopy<S, D>, one thread, Layout<Shape<_1, bits>> (a shape-1 mode
      // gets stride 0), RefLayout = SrcLayout.
      atom("UniversalCopy<uint32_t>", "", uni, 0, false, 32, 1, 32, 1, "1:0", "(1,32):(0,1)", "(1,32):(0,1)",
           true, "cute/atom/copy_traits.hpp"),
      atom("UniversalCopy<uint64_t>", "", uni, 0, false, 64, 1, 64, 1, "1:0", "(1,64):(0,1)", "(1,64):(0,1)",
           true, "cute/atom/copy_traits.hpp"),
      atom("UniversalCopy<uint128_t>", "", uni, 0, false, 128, 1, 128, 1, "1:0", "(1,128):(0,1)",
           "(1,128):(0,1)", true, "cute/atom/copy_traits.hpp"),
      // copy_traits_sm80.hpp: the same form for cp.async (16 bytes: .ca, L2::128B).
      atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "cp.async.ca.shared.global.L2::128B", uni, 0, false, 128,
           1, 128, 1, "1:0", "(1,128):(0,1)", "(1,128):(0,1)", true, "cute/atom/copy_traits_sm80.hpp"),
      // The same with .cg (cached in L2 only): CUTLASS's DefaultGemm_TensorOpSm80, FlashAttention-2.
      atom("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "cp.async.cg.shared.global.L2::128B", uni, 0, false, 128,
           1, 128, 1, "1:0", "(1,128):(0,1)", "(1,128):(0,1)", true, "cute/atom/copy_traits_sm80.hpp"),
  };
}

}  // namespace

const std::vector<CopyAtom>& copy_atoms() {
  static const std::vector<CopyAtom> all = build();
  return all;
}

const CopyAtom* find_copy_atom(std::string_view name) {
  for (const CopyAtom& a : copy_atoms())
    if (a.name == name) return &a;
  return nullptr;
}

std::vector<std::string> copy_atom_names() {
  std::vector<std::string> out;
  for (const CopyAtom& a : copy_atoms()) out.push_back(a.name);
  return out;
}

namespace {

Layout upcast_x(const Layout& l, std::int64_t n) {
  if (l.is_tuple) {
    std::vector<Layout> modes;
    for (const Layout& m : l.modes) modes.push_back(upcast_x(m, n));
    return Layout::tuple(std::move(modes));
  }
  if (l.stride == 0) return l;
  const std::int64_t s = algebra::detail::abs64(l.stride);
  if (s % n != 0 && n % s != 0)
    algebra::detail::cute_refuses("upcast<" + std::to_string(n) + "> of the mode " + algebra::to_string(l) +
                                      ": its stride neither divides " + std::to_string(n) +
                                      " nor is divided by it",
                                  "Divisibility condition");
  return Layout::leaf(algebra::detail::ceil_div(l.shape, algebra::detail::ceil_div(n, s)),
                      algebra::detail::signum(l.stride) * algebra::detail::ceil_div(s, n));
}

}  // namespace

Result<Layout> upcast(const Layout& l, std::int64_t n) {
  return algebra::detail::guarded<Layout>([&] { return upcast_x(l, n); });
}

Result<CopyValueLayouts> value_layouts(const CopyAtom& atom, int value_bits) {
  return algebra::detail::guarded<CopyValueLayouts>([&] {
    if (value_bits < 1 || value_bits > 128)
      algebra::detail::stop(Refusal::bad_input, "a value of " + std::to_string(value_bits) +
                                                    " bits: fragviz takes ValTypes of 1 to 128 bits");
    CopyValueLayouts v;
    v.value_bits = value_bits;
    const auto recast = [&](const Layout& bits, const char* which) {
      return value_bits == 1 ? bits
                             : detail::take(upcast(bits, value_bits), std::string("recast of ") + which);
    };
    v.src = recast(atom.src, "SrcLayout");
    v.dst = recast(atom.dst, "DstLayout");
    v.ref = recast(atom.ref, "RefLayout");
    const std::int64_t threads = algebra::size(atom.thr_id);
    const struct {
      const Layout& l;
      const char* which;
    } checks[] = {{v.src, "Src"}, {v.dst, "Dst"}, {v.ref, "Ref"}};
    for (const auto& c : checks)
      if (algebra::size(detail::mode(c.l, 0, "Copy_Atom")) != threads)
        algebra::detail::cute_refuses(
            atom.name + " with " + std::to_string(value_bits) + "-bit values: its " + c.which +
                " layout recast is " + algebra::to_string(c.l) + ", " +
                std::to_string(algebra::size(c.l.mode(0))) + " threads for ThrID's " +
                std::to_string(threads),
            std::string("CopyOperation is not valid for ") + c.which + " of ValType.");
    v.num_val_src = algebra::size(detail::mode(v.src, 1, "Copy_Atom"));
    v.num_val_dst = algebra::size(detail::mode(v.dst, 1, "Copy_Atom"));
    return v;
  });
}

}  // namespace fragviz::tile
