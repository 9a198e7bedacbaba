// The words every sm_100 view and CLI line uses for what fragviz knows of Blackwell: the
// "model only" status (no Blackwell GPU has run any of it) and the relations users trip on. One
// definition, so the CLI (cli/cmd_tcgen05.cpp, cmd_tmem_accumulator.cpp), the app's Tensor memory
// window and its export say the same thing (docs/guide/blackwell.md).
#pragma once

#include <string>

#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"
#include "fragviz/isa/tmem_cp.hpp"

namespace fragviz {

/// The status of the tcgen05 descriptors and the tcgen05.ld/st register maps: "model only: PTX ISA
/// 9.1 and CuTe 4.2 agree; not yet run on a GPU (docs/guide/blackwell.md, "How the sm_100 model was
/// checked")". Every status line points a user to the guide's section, never to a test source.
const char* sm100_model_only_line();

/// The status of an accumulator in data-path layout `p`: as sm100_model_only_line for every layout
/// but C, where the PTX text and CuTe disagree and the line names the disagreement, and the .ws
/// layouts E and G, which CuTe has as a TMEM fragment only (no .ws MMA atom).
std::string umma_accumulator_status(TmemDataPath p);

/// The status of tcgen05.cp shape `s` with decompression `d`: sm100_model_only_line for .128x256b,
/// .128x128b and .32x128b.warpx4; for .4x256b (the PTX text does not say which 4 lanes) and the
/// .warpx2 forms (its pairing sentence reads two ways) the line says the lanes are CuTe's reading;
/// with decompression it says CuTe has no such atom to check against.
std::string tmem_cp_status(TmemCpShape s, TmemCpDecompress d);

/// The relation of tcgen05.ld.16x256b to mma.sync m16n8: "each repetition's r0-r3 are the mma.sync
/// m16n8 accumulator fragment c0-c3 (row = lane - taddr lane, column = TMEM column - taddr column)".
const char* tmem_16x256b_relation();

/// The same relation said of an accumulator: the 16x256b load from a 16-row block's first lane
/// gives each thread, per 8 columns, the m16n8 C fragment of D, which is why it pairs with stmatrix.
const char* umma_accumulator_relation();

/// The status of an 8-bit / sub-byte matrix move: the loads are the PTX text's and CuTe agrees; the
/// store's map is CuTe's (its PTX figure was not read as text), and the line says so.
std::string matrix_move_b8_status(MatrixMoveB8 m);
/// CuTe's atom of the instruction and what it does to the raw registers (the deliberate byte
/// shuffle of SM100_U8x{8,16}_LDSM_T).
std::string matrix_move_b8_cute_line(MatrixMoveB8 m);
/// What each matrix is and how it is stored, with the lane/register/byte formula.
std::string matrix_move_b8_shape_line(MatrixMoveB8 m);

}  // namespace fragviz
