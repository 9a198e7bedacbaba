// fragviz's TiledMMA and TiledCopy (model/tile/) against CuTe's own (cute/atom/mma_atom.hpp,
// copy_atom.hpp of the pinned CUTLASS 4.2 headers; nothing of CUTLASS is in this repository):
//  - the MMA atoms fragviz derives from its catalogue against CuTe's MMA_Traits (ThrID, ALayout,
//    BLayout, CLayout, Shape_MNK), and each CuTe name against the instruction its cute/arch struct
//    issues;
//  - the copy atoms against CuTe's Copy_Traits, and Copy_Atom<Op, uint16/uint8>'s value layouts;
//  - every TiledMMA configuration of tiled_record.hpp: thr_layout_vmnk, the tile, get_layoutA/B/C_TV,
//    the fragment shapes and get_slice's thread coordinates;
//  - every TiledCopy of cute_tiled_copies.cpp: TiledLayout_TV, Tiler_MN, get_layoutS/D_TV, retile
//    of the MMA's fragment, tidfrg_S/D of a larger tile; CuTe's refusals (too few values) refused
//    by fragviz too; and the join of each copy made for an MMA finds every register right.
// Every layout must equal CuTe's as printed (shape:stride, CuTe's notation without the static
// underscores), coalesced mode by mode, and at every index, i.e. every (thread, value).
#define TILED_CUTE
// GMMA's N other than 8, 16, 32, 64, ..., 256 (SM90_64x24x16_...) are CuTe's extended shapes, opt-in.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
// cute/tensor.hpp before the atoms: copy_atom.hpp alone reaches algorithm/copy.hpp before Copy_Atom.
#include <cute/tensor.hpp>
// Then the rest.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm89.hpp>
#include <cute/atom/mma_traits_sm90.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "fragviz/tile/cta_tile.hpp"
#include "fragviz/tile/join.hpp"
#include "tiled_record.hpp"

#ifndef FRAGVIZ_CUTLASS_INCLUDE
#error "FRAGVIZ_CUTLASS_INCLUDE (the CUTLASS include folder) must be defined by the build"
#endif

namespace {

using namespace tiled_oracle;
namespace ft = fragviz::tile;
namespace fa = fragviz::algebra;

// ---------------------------------------------------------------------------------------------
// CuTe's side.

template <class Op>
MmaAtomRecord mma_atom_record(const char* name) {
  using T = cute::MMA_Traits<Op>;
  MmaAtomRecord r;
  r.name = name;
  using MNK = typename T::Shape_MNK;
  r.m = cute::size<0>(MNK{});
  r.n = cute::size<1>(MNK{});
  r.k = cute::size<2>(MNK{});
  r.thr_id = record(typename T::ThrID{});
  r.a = record(typename T::ALayout{});
  r.b = record(typename T::BLayout{});
  r.c = record(typename T::CLayout{});
  return r;
}

#define MMA_ATOM(Name) mma_atom_record<cute::Name>(#Name)
#define GMMA_ATOM(Name) mma_atom_record<cute::Name<cute::GMMA::Major::K, cute::GMMA::Major::K>>(#Name)

// Every mma.sync name of fragviz's list (mma_sync_atom_names; a test below requires the two lists
// to be the same), and GMMA atoms of each kind fragviz derives.
const std::vector<MmaAtomRecord>& cute_mma_atoms() {
  static const std::vector<MmaAtomRecord> all = {
      MMA_ATOM(SM75_16x8x8_F32F16F16F32_TN),    MMA_ATOM(SM75_8x8x16_S32S8S8S32_TN),
      MMA_ATOM(SM80_16x8x8_F16F16F16F16_TN),    MMA_ATOM(SM80_16x8x16_F16F16F16F16_TN),
      MMA_ATOM(SM80_16x8x8_F32F16F16F32_TN),    MMA_ATOM(SM80_16x8x16_F32F16F16F32_TN),
      MMA_ATOM(SM80_16x8x8_F32BF16BF16F32_TN),  MMA_ATOM(SM80_16x8x16_F32BF16BF16F32_TN),
      MMA_ATOM(SM80_16x8x4_F32TF32TF32F32_TN),  MMA_ATOM(SM80_16x8x8_F32TF32TF32F32_TN),
      MMA_ATOM(SM80_8x8x4_F64F64F64F64_TN),     MMA_ATOM(SM80_8x8x16_S32S8S8S32_TN),
      MMA_ATOM(SM80_16x8x16_S32S8S8S32_TN),     MMA_ATOM(SM80_16x8x32_S32S8S8S32_TN),
      MMA_ATOM(SM80_8x8x16_S32S8U8S32_TN),      MMA_ATOM(SM80_16x8x16_S32S8U8S32_TN),
      MMA_ATOM(SM80_16x8x32_S32S8U8S32_TN),     MMA_ATOM(SM80_8x8x16_S32U8S8S32_TN),
      MMA_ATOM(SM80_16x8x16_S32U8S8S32_TN),     MMA_ATOM(SM80_16x8x32_S32U8S8S32_TN),
      MMA_ATOM(SM80_8x8x16_S32U8U8S32_TN),      MMA_ATOM(SM80_16x8x16_S32U8U8S32_TN),
      MMA_ATOM(SM80_16x8x32_S32U8U8S32_TN),     MMA_ATOM(SM89_16x8x32_F32E4M3E4M3F32_TN),
      MMA_ATOM(SM89_16x8x32_F32E4M3E5M2F32_TN), MMA_ATOM(SM89_16x8x32_F32E5M2E4M3F32_TN),
      MMA_ATOM(SM89_16x8x32_F32E5M2E5M2F32_TN), MMA_ATOM(SM89_16x8x32_F16E4M3E4M3F16_TN),
      MMA_ATOM(SM89_16x8x32_F16E4M3E5M2F16_TN), MMA_ATOM(SM89_16x8x32_F16E5M2E4M3F16_TN),
      MMA_ATOM(SM89_16x8x32_F16E5M2E5M2F16_TN), MMA_ATOM(SM90_16x8x4_F64F64F64F64_TN),
      MMA_ATOM(SM90_16x8x8_F64F64F64F64_TN),    MMA_ATOM(SM90_16x8x16_F64F64F64F64_TN),
      GMMA_ATOM(SM90_64x128x16_F32BF16BF16_SS), GMMA_ATOM(SM90_64x128x16_F32BF16BF16_RS),
      GMMA_ATOM(SM90_64x64x16_F16F16F16_SS),    GMMA_ATOM(SM90_64x64x16_F16F16F16_RS),
      GMMA_ATOM(SM90_64x8x16_F32F16F16_SS),     GMMA_ATOM(SM90_64x256x16_F32F16F16_RS),
      GMMA_ATOM(SM90_64x24x16_F32BF16BF16_SS),  GMMA_ATOM(SM90_64x200x16_F16F16F16_RS),
  };
  return all;
}

template <class Op, class ValType>
CopyAtomRecord copy_atom_record(const char* name) {
  using T = cute::Copy_Traits<Op>;
  using A = cute::Copy_Atom<Op, ValType>;
  CopyAtomRecord r;
  r.name = name;
  r.thr_id = record(typename T::ThrID{});
  r.src = record(typename T::SrcLayout{});
  r.dst = record(typename T::DstLayout{});
  r.ref = record(typename T::RefLayout{});
  r.value_bits = int(cute::sizeof_bits_v<ValType>);
  r.val_src = record(typename A::ValLayoutSrc{});
  r.val_dst = record(typename A::ValLayoutDst{});
  r.val_ref = record(typename A::ValLayoutRef{});
  return r;
}

#define COPY_ATOM(Name, Bits) copy_atom_record<cute::Name, cute::uint##Bits##_t>(#Name)
#define COPY_ATOM_T(Name, T, Bits) \
  copy_atom_record<cute::Name<cute::T>, cute::uint##Bits##_t>(#Name "<" #T ">")

const std::vector<CopyAtomRecord>& cute_copy_atoms() {
  static const std::vector<CopyAtomRecord> all = {
      COPY_ATOM(SM75_U32x1_LDSM_N, 16),
      COPY_ATOM(SM75_U32x2_LDSM_N, 16),
      COPY_ATOM(SM75_U32x4_LDSM_N, 16),
      COPY_ATOM(SM75_U16x2_LDSM_T, 16),
      COPY_ATOM(SM75_U16x4_LDSM_T, 16),
      COPY_ATOM(SM75_U16x8_LDSM_T, 16),
      COPY_ATOM(SM90_U32x1_STSM_N, 16),
      COPY_ATOM(SM90_U32x2_STSM_N, 16),
      COPY_ATOM(SM90_U32x4_STSM_N, 16),
      COPY_ATOM(SM90_U16x2_STSM_T, 16),
      COPY_ATOM(SM90_U16x4_STSM_T, 16),
      COPY_ATOM(SM90_U16x8_STSM_T, 16),
      COPY_ATOM(SM75_U32x4_LDSM_N, 8),
      COPY_ATOM(SM75_U16x8_LDSM_T, 8),
      COPY_ATOM(SM90_U32x4_STSM_N, 8),
      COPY_ATOM(SM75_U32x2_LDSM_N, 32),
      COPY_ATOM_T(UniversalCopy, uint32_t, 16),
      COPY_ATOM_T(UniversalCopy, uint64_t, 16),
      COPY_ATOM_T(UniversalCopy, uint128_t, 16),
      COPY_ATOM_T(UniversalCopy, uint128_t, 8),
      COPY_ATOM_T(UniversalCopy, uint128_t, 32),
      COPY_ATOM_T(SM80_CP_ASYNC_CACHEALWAYS, uint128_t, 16),
      COPY_ATOM_T(SM80_CP_ASYNC_CACHEGLOBAL, uint128_t, 16),
  };
  return all;
}

template <class Op, class AtomLayout, class Perm>
MmaRecord mma_record(const char* id, const char* atom, const char* layout_text, const char* perm_text) {
  using namespace cute;
  const auto mma = make_tiled_mma(Op{}, AtomLayout{}, Perm{});
  MmaRecord r;
  r.id = id;
  r.atom = atom;
  r.atom_layout = layout_text;
  r.permutation = perm_text;
  r.vmnk = record(mma.get_thr_layout_vmnk());
  r.tile[0] = tile_size<0>(mma);
  r.tile[1] = tile_size<1>(mma);
  r.tile[2] = tile_size<2>(mma);
  r.a = record(mma.get_layoutA_TV());
  r.b = record(mma.get_layoutB_TV());
  r.c = record(mma.get_layoutC_TV());
  r.fragment[0] = printed(partition_shape_A(mma, make_shape(tile_size<0>(mma), tile_size<2>(mma))));
  r.fragment[1] = printed(partition_shape_B(mma, make_shape(tile_size<1>(mma), tile_size<2>(mma))));
  r.fragment[2] = printed(partition_shape_C(mma, make_shape(tile_size<0>(mma), tile_size<1>(mma))));
  const auto vmnk = mma.get_thr_layout_vmnk();
  for (int t = 0; t < int(size(vmnk)); ++t) {
    const auto c = vmnk.get_flat_coord(t);
    r.slice_vmnk.push_back(static_cast<long long>(get<0>(c)));
    r.slice_vmnk.push_back(static_cast<long long>(get<1>(c)));
    r.slice_vmnk.push_back(static_cast<long long>(get<2>(c)));
    r.slice_vmnk.push_back(static_cast<long long>(get<3>(c)));
  }
  return r;
}

// One TiledMMA configuration: its description (id, atom, layout, permutation) and its CuTe record,
// made when a test asks for it (each test is its own process under CTest).
struct MmaCase {
  MmaRecord description;
  std::function<MmaRecord()> make;
};

MmaRecord described(const char* id, const char* atom, const char* layout_text, const char* perm_text) {
  MmaRecord r;
  r.id = id;
  r.atom = atom;
  r.atom_layout = layout_text;
  r.permutation = perm_text;
  return r;
}

const std::vector<MmaCase>& mma_cases() {
  static const std::vector<MmaCase> all = [] {
    using namespace tiled_oracle::cfg;
    std::vector<MmaCase> v;
#define TILED_MMA_RECORD(id, Op, AtomLayout, Perm, layout_text, perm_text) \
  v.push_back(MmaCase{described(#id, #Op, layout_text, perm_text),         \
                      [] { return mma_record<Op, AtomLayout, Perm>(#id, #Op, layout_text, perm_text); }});
    TILED_MMA_CONFIGS(TILED_MMA_RECORD)
#undef TILED_MMA_RECORD
    return v;
  }();
  return all;
}

const std::vector<CopyCase>& copy_cases() {
  static const std::vector<CopyCase> all = [] {
    std::vector<CopyCase> v;
    tiled_oracle::copy_cases(v);
    return v;
  }();
  return all;
}

// ---------------------------------------------------------------------------------------------
// fragviz's side.

struct Tally {
  long layouts = 0, points = 0, printed_equal = 0;
  long copies = 0, copies_refused = 0, joins = 0, join_registers = 0;
  long copies_as_text = 0;  ///< of them also given as the copy field's text
};
Tally& tally() {
  static Tally t;
  return t;
}

std::string coalesced(const fa::Layout& l) {
  if (l.rank() == 2) {
    const auto r = fa::coalesce(l, fa::IntTuple::tuple({fa::IntTuple::number(1), fa::IntTuple::number(1)}));
    return r ? fa::to_string(*r.value) : "(refused: " + r.message + ")";
  }
  return fa::to_string(fa::coalesce(l));
}

// ours equals CuTe's as printed, coalesced and at every index.
void expect_layout(const LayoutRecord& cute, const fa::Layout& ours, const std::string& what) {
  ++tally().layouts;
  EXPECT_EQ(fa::to_string(ours), cute.printed) << what << ": printed";
  if (fa::to_string(ours) == cute.printed) ++tally().printed_equal;
  EXPECT_EQ(coalesced(ours), cute.coalesced) << what << ": coalesced";
  ASSERT_EQ(fa::size(ours), static_cast<std::int64_t>(cute.values.size())) << what << ": size";
  const std::vector<std::int64_t> at = fa::offsets(ours);
  for (std::size_t i = 0; i < cute.values.size(); ++i)
    if (at[i] != cute.values[i]) {
      ADD_FAILURE() << what << ": at index " << i << " fragviz " << at[i] << ", CuTe " << cute.values[i];
      return;
    }
  tally().points += static_cast<long>(cute.values.size());
}

class TallyPrinter : public ::testing::Environment {
 public:
  void TearDown() override {
    std::printf(
        "cute.tiled: %ld layouts equal to CuTe's at %ld indices ((thread, value) points), %ld of them "
        "printed identically\n",
        tally().layouts, tally().points, tally().printed_equal);
    std::printf(
        "cute.tiled: %ld TiledCopy built as CuTe builds them, %ld refused where CuTe static_asserts; %ld "
        "joins, %ld (thread, register) pairs, every one as the MMA expects; %ld also read from the text "
        "make_tiled_copy_X(ATOM, tiled_mma)\n",
        tally().copies, tally().copies_refused, tally().joins, tally().join_registers,
        tally().copies_as_text);
  }
};
const auto* const kTallyPrinter = ::testing::AddGlobalTestEnvironment(new TallyPrinter);

std::string read_header(const std::string& relative) {
  std::ifstream in(std::string(FRAGVIZ_CUTLASS_INCLUDE) + "/" + relative, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The first `token`.... word after `struct <key>` (exactly that identifier) in `text`, before the
// next struct; empty if none.
std::string asm_after(const std::string& text, const std::string& key, const std::string& token) {
  const std::string needle = "struct " + key;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    const std::size_t end = at + needle.size();
    if (end < text.size() && identifier_char(text[end])) continue;
    const std::size_t next = text.find("\nstruct ", end);
    // The instruction, not a word of a message ("cp.async requires ..."): the token and a dot.
    const std::size_t hit = text.find(token + ".", end);
    if (hit == std::string::npos || hit > next) return {};
    std::size_t stop = hit;
    while (stop < text.size() && !std::isspace(static_cast<unsigned char>(text[stop])) && text[stop] != '"')
      ++stop;
    return text.substr(hit, stop - hit);
  }
  return {};
}

fa::Layout parsed(const std::string& text) {
  const auto l = ft::parse_atom_layout(text);
  EXPECT_TRUE(l) << text << ": " << l.message;
  return l ? *l.value : fa::Layout::leaf(1, 0);
}

const MmaRecord* mma_config(const std::string& id) {
  for (const MmaCase& c : mma_cases())
    if (c.description.id == id) return &c.description;
  return nullptr;
}

fa::Result<ft::TiledMma> our_mma(const MmaRecord& r) {
  std::string name = r.atom;
  if (name == "GmmaSS") name = "SM90_64x128x16_F32BF16BF16_SS";
  if (name == "GmmaRS") name = "SM90_64x64x16_F16F16F16_RS";
  const ft::MmaAtom* atom = ft::find_mma_atom(name);
  if (!atom) return fa::Result<ft::TiledMma>::fail(fa::Refusal::bad_input, "no atom " + name);
  const auto perm = ft::parse_permutation(r.permutation);
  if (!perm) return fa::Result<ft::TiledMma>::fail(perm.refusal, perm.message);
  return ft::make_tiled_mma(*atom, parsed(r.atom_layout), *perm.value);
}

fragviz::Operand operand_of(char c) {
  return c == 'A' ? fragviz::Operand::A : c == 'B' ? fragviz::Operand::B : fragviz::Operand::C;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST(CuteTiledAtoms, MmaAtomsAreCuteMmaTraits) {
  for (const MmaAtomRecord& c : cute_mma_atoms()) {
    SCOPED_TRACE(c.name);
    const ft::MmaAtom* a = ft::find_mma_atom(c.name);
    ASSERT_NE(a, nullptr) << "fragviz has no atom " << c.name;
    EXPECT_EQ(a->m, c.m);
    EXPECT_EQ(a->n, c.n);
    EXPECT_EQ(a->k, c.k);
    expect_layout(c.thr_id, a->thr_id, c.name + " ThrID");
    expect_layout(c.a, a->a, c.name + " ALayout");
    expect_layout(c.b, a->b, c.name + " BLayout");
    expect_layout(c.c, a->c, c.name + " CLayout");
  }
}

// fragviz's list of mma.sync names is the list checked here, and every one resolves to an atom.
TEST(CuteTiledAtoms, EveryMmaSyncAtomIsChecked) {
  std::set<std::string> checked;
  for (const MmaAtomRecord& c : cute_mma_atoms()) checked.insert(c.name);
  for (const ft::MmaAtomName& n : ft::mma_sync_atom_names()) {
    EXPECT_TRUE(checked.count(n.name)) << n.name << " is in fragviz's list but not checked against CuTe";
    EXPECT_NE(ft::find_mma_atom(n.name), nullptr) << n.name << " names no catalogue entry";
  }
}

// Each name issues the mnemonic fragviz maps it to, as CuTe's cute/arch struct's asm spells it.
TEST(CuteTiledAtoms, MmaAtomNamesIssueTheirMnemonic) {
  for (const ft::MmaAtom& a : ft::mma_atoms()) {
    SCOPED_TRACE(a.name);
    std::string header, key = a.name, token = "mma.sync";
    if (a.warpgroup) {
      key = "MMA_" + a.name.substr(5);  // SM90_64x... is SM90::GMMA::MMA_64x...
      token = "wgmma.mma_async";
      const std::string base = read_header("cute/arch/mma_sm90_gmma.hpp");
      header = asm_after(base, key, token).empty() ? read_header("cute/arch/mma_sm90_gmma_ext.hpp") : base;
    } else {
      const std::string arch = a.name.substr(0, 4);
      header = read_header("cute/arch/mma_" +
                           std::string(arch == "SM75"   ? "sm75"
                                       : arch == "SM80" ? "sm80"
                                       : arch == "SM89" ? "sm89"
                                                        : "sm90") +
                           ".hpp");
      if (arch == "SM90") key = "MMA_" + a.name.substr(5);  // cute::SM90_16x8x4_… is SM90::MMA_16x8x4_…
    }
    ASSERT_FALSE(header.empty());
    EXPECT_EQ(asm_after(header, key, token), a.mnemonic);
  }
}

TEST(CuteTiledAtoms, CopyAtomsAreCuteCopyTraits) {
  for (const CopyAtomRecord& c : cute_copy_atoms()) {
    const std::string what = c.name + " (" + std::to_string(c.value_bits) + "-bit values)";
    SCOPED_TRACE(what);
    const ft::CopyAtom* a = ft::find_copy_atom(c.name);
    ASSERT_NE(a, nullptr) << "fragviz has no copy atom " << c.name;
    expect_layout(c.thr_id, a->thr_id, what + " ThrID");
    expect_layout(c.src, a->src, what + " SrcLayout");
    expect_layout(c.dst, a->dst, what + " DstLayout");
    expect_layout(c.ref, a->ref, what + " RefLayout");
    const auto v = ft::value_layouts(*a, c.value_bits);
    ASSERT_TRUE(v) << v.message;
    expect_layout(c.val_src, v->src, what + " ValLayoutSrc");
    expect_layout(c.val_dst, v->dst, what + " ValLayoutDst");
    expect_layout(c.val_ref, v->ref, what + " ValLayoutRef");
  }
  // Every atom fragviz models is among those checked.
  for (const ft::CopyAtom& a : ft::copy_atoms()) {
    const auto& all = cute_copy_atoms();
    EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const CopyAtomRecord& c) {
      return c.name == a.name;
    })) << a.name;
  }
}

TEST(CuteTiledAtoms, CopyAtomInstructions) {
  for (const ft::CopyAtom& a : ft::copy_atoms()) {
    SCOPED_TRACE(a.name);
    if (a.instruction.empty()) continue;  // UniversalCopy: a C++ assignment
    const bool ldsm = a.kind == ft::CopyKind::ldmatrix, stsm = a.kind == ft::CopyKind::stmatrix;
    const std::string header = read_header(ldsm   ? "cute/arch/copy_sm75.hpp"
                                           : stsm ? "cute/arch/copy_sm90.hpp"
                                                  : "cute/arch/copy_sm80.hpp");
    const std::string key = a.name.substr(0, a.name.find('<'));
    std::string cute = asm_after(header, key, ldsm ? "ldmatrix" : stsm ? "stmatrix" : "cp.async");
    // CuTe's asm writes .num before the shape ("ldmatrix.sync.aligned.x4.m8n8..."), fragviz in
    // PTX's order ("...m8n8.x4..."): the same qualifiers, the shape moved ahead of .num.
    if (const auto at = cute.find(".m8n8"); (ldsm || stsm) && at != std::string::npos) {
      cute.erase(at, 5);
      cute.insert(cute.find(".x"), ".m8n8");
    }
    EXPECT_EQ(cute, a.instruction);
  }
}

class CuteTiledMma : public ::testing::TestWithParam<std::size_t> {};

TEST_P(CuteTiledMma, LayoutsEqualCute) {
  const MmaRecord c = mma_cases()[GetParam()].make();
  SCOPED_TRACE(c.id + ": " + c.atom + " " + c.atom_layout + " " + c.permutation);
  const auto t = our_mma(c);
  ASSERT_TRUE(t) << t.message;
  expect_layout(c.vmnk, t->thr_layout_vmnk, "thr_layout_vmnk");
  EXPECT_EQ(t->tile_mnk[0], c.tile[0]);
  EXPECT_EQ(t->tile_mnk[1], c.tile[1]);
  EXPECT_EQ(t->tile_mnk[2], c.tile[2]);
  expect_layout(c.a, t->layout_a_tv, "get_layoutA_TV");
  expect_layout(c.b, t->layout_b_tv, "get_layoutB_TV");
  expect_layout(c.c, t->layout_c_tv, "get_layoutC_TV");
  const fragviz::Operand ops[] = {fragviz::Operand::A, fragviz::Operand::B, fragviz::Operand::C};
  for (int i = 0; i < 3; ++i) {
    const auto f = ft::fragment_shape(*t, ops[i]);
    ASSERT_TRUE(f) << f.message;
    EXPECT_EQ(fa::to_string(*f.value), c.fragment[i]) << "partition_shape of " << fragviz::to_string(ops[i]);
  }
  ASSERT_EQ(static_cast<std::int64_t>(c.slice_vmnk.size()), 4 * t->threads());
  for (std::int64_t th = 0; th < t->threads(); ++th) {
    const auto v = ft::thread_vmnk(*t, th);
    for (int i = 0; i < 4; ++i)
      ASSERT_EQ(v[static_cast<std::size_t>(i)], c.slice_vmnk[static_cast<std::size_t>(4 * th + i)])
          << "get_flat_coord(" << th << ") mode " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(All, CuteTiledMma, ::testing::Range<std::size_t>(0, mma_cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           return mma_cases()[i.param].description.id;
                         });

class CuteTiledCopy : public ::testing::TestWithParam<std::size_t> {};

TEST_P(CuteTiledCopy, LayoutsEqualCute) {
  const CopyRecord c = copy_cases()[GetParam()].make();
  SCOPED_TRACE(c.id);
  const ft::CopyAtom* atom = ft::find_copy_atom(c.copy);
  ASSERT_NE(atom, nullptr) << c.copy;
  fa::Result<ft::TiledCopy> copy = fa::Result<ft::TiledCopy>::fail(fa::Refusal::bad_input, "");
  std::optional<ft::TiledMma> mma;
  if (c.operand == 'T') {
    copy = ft::make_tiled_copy(*atom, c.value_bits, parsed(c.thr), parsed(c.val));
  } else {
    const MmaRecord* m = mma_config(c.mma);
    ASSERT_NE(m, nullptr);
    const auto t = our_mma(*m);
    ASSERT_TRUE(t) << t.message;
    mma = *t.value;
    copy = ft::make_tiled_copy_for(*atom, c.value_bits, *mma, operand_of(c.operand));
  }
  if (!c.cute_accepts) {
    ASSERT_FALSE(copy) << "CuTe's TiledCopy static_asserts here; fragviz built "
                       << fa::to_string(copy->layout_tv);
    EXPECT_EQ(copy.refusal, fa::Refusal::cute_refuses) << copy.message;
    EXPECT_NE(copy.message.find("TiledCopy uses too few"), std::string::npos) << copy.message;
    ++tally().copies_refused;
    return;
  }
  ASSERT_TRUE(copy) << copy.message;
  ++tally().copies;
  expect_layout(c.tv, copy->layout_tv, "TiledLayout_TV");
  EXPECT_EQ(fa::to_string(copy->tiler), c.tiler) << "Tiler_MN";
  expect_layout(c.s, copy->layout_s_tv, "get_layoutS_TV");
  expect_layout(c.d, copy->layout_d_tv, "get_layoutD_TV");
  std::vector<fa::IntTuple> big;
  for (const fa::IntTuple& n : copy->tiler.items) big.push_back(fa::IntTuple::number(2 * n.value));
  const fa::Layout big_layout = fa::make_layout(fa::IntTuple::tuple(big));
  const auto ts = ft::tidfrg_s(*copy, big_layout);
  const auto td = ft::tidfrg_d(*copy, big_layout);
  ASSERT_TRUE(ts && td) << ts.message << td.message;
  expect_layout(c.tidfrg_s, *ts.value, "tidfrg_S of " + fa::to_string(big_layout));
  expect_layout(c.tidfrg_d, *td.value, "tidfrg_D of " + fa::to_string(big_layout));
  if (!mma) return;
  const fragviz::Operand op = operand_of(c.operand);
  const auto shape = ft::fragment_shape(*mma, op);
  ASSERT_TRUE(shape) << shape.message;
  const auto r = ft::retile(*copy, fa::make_layout(*shape.value));
  ASSERT_TRUE(r) << r.message;
  expect_layout(c.retile, *r.value, "retile of the fragment " + fa::to_string(*shape.value));
  // A copy CuTe builds for the MMA, through CuTe's retile: the PTX ISA's ldmatrix/stmatrix puts
  // every value where the MMA's fragment has it, and CuTe's own partition agrees.
  const auto j = ft::join(*copy, *mma, op);
  ASSERT_TRUE(j) << j.message;
  EXPECT_EQ(j->mismatches, 0) << j->verdict();
  EXPECT_EQ(j->cute_disagrees, 0);
  EXPECT_EQ(j->unvectorized, 0);
  if (j->mismatches == 0 && j->cute_disagrees == 0) {
    ++tally().joins;
    tally().join_registers += static_cast<long>(j->cells.size());
  }
  if (c.text.empty()) return;
  // The copy field's text, as the CLI and the app read it (copy_text.hpp), over the same TiledMMA.
  const MmaRecord* m = mma_config(c.mma);
  ft::CtaTileSpec spec;
  spec.mma = m->atom;
  spec.atoms = m->atom_layout;
  spec.permute = m->permutation;
  const std::size_t i = c.operand == 'A' ? 0 : c.operand == 'B' ? 1 : 2;
  spec.copy[i] = c.text;
  const auto tile = ft::make_cta_tile(spec);
  ASSERT_TRUE(tile) << c.text << ": " << tile.message;
  ASSERT_TRUE(tile->copy[i]) << c.text;
  const ft::TiledCopy& typed = *tile->copy[i];
  EXPECT_EQ(typed.values.value_bits, c.value_bits);
  expect_layout(c.tv, typed.layout_tv, "TiledLayout_TV of " + c.text);
  EXPECT_EQ(fa::to_string(typed.tiler), c.tiler) << "Tiler_MN of " << c.text;
  expect_layout(c.s, typed.layout_s_tv, "get_layoutS_TV of " + c.text);
  expect_layout(c.d, typed.layout_d_tv, "get_layoutD_TV of " + c.text);
  ++tally().copies_as_text;
}

INSTANTIATE_TEST_SUITE_P(All, CuteTiledCopy, ::testing::Range<std::size_t>(0, copy_cases().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           std::string id = copy_cases()[i.param].id;
                           for (char& ch : id)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return id;
                         });
