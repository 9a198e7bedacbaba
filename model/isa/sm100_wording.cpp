#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz {

const char* sm100_model_only_line() {
  return "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU (docs/guide/blackwell.md, "
         "\"How the sm_100 model was checked\")";
}

std::string umma_accumulator_status(TmemDataPath p) {
  if (p == TmemDataPath::C)
    return "model only: PTX ISA 9.1 gives Layout C; CuTe 4.2 disagrees (its sparse 2SM M=128 atom lays D out "
           "as Layout B); not yet run on a GPU (docs/guide/blackwell.md, \"Where tcgen05.mma keeps D\")";
  if (p == TmemDataPath::E || p == TmemDataPath::G)
    return "model only: PTX ISA 9.1's table and CuTe 4.2's weight-stationary TMEM fragment (tmem_frg_ws) "
           "agree; CuTe has no .ws MMA atom to check threads against; not yet run on a GPU "
           "(docs/guide/blackwell.md, \"Where tcgen05.mma keeps D\")";
  return "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU (docs/guide/blackwell.md, "
         "\"Where tcgen05.mma keeps D\")";
}

std::string tmem_cp_status(TmemCpShape s, TmemCpDecompress d) {
  const bool plain =
      s != TmemCpShape::s4x256b && s != TmemCpShape::s64x128b_02_13 && s != TmemCpShape::s64x128b_01_23;
  if (plain && d == TmemCpDecompress::none) return sm100_model_only_line();
  std::string line = "model only: ";
  line +=
      s == TmemCpShape::s4x256b ? "PTX ISA 9.1 says 4 lanes, not which; the lanes 32 apart are CuTe 4.2's "
                                  "(SM100_UTCCP_4dp256bit)"
      : !plain ? "PTX ISA 9.1's warp-pair sentence read as CuTe 4.2 reads it (the two warps of a pair get "
                 "the same rows)"
               : "PTX ISA 9.1 and CuTe 4.2 agree on the lanes and columns";
  if (d != TmemCpDecompress::none)
    line += "; CuTe 4.2 has no decompressing tcgen05.cp atom: the bytes are PTX ISA 9.1's text alone";
  return line +
         "; not yet run on a GPU (docs/guide/blackwell.md, \"tcgen05.cp: shared memory into tensor memory\")";
}

const char* tmem_16x256b_relation() {
  return "each repetition's r0-r3 are the mma.sync m16n8 accumulator fragment c0-c3 "
         "(row = lane - taddr lane, column = TMEM column - taddr column)";
}

const char* umma_accumulator_relation() {
  return "the relation: warp w's tcgen05.ld.16x256b at a run's first lane gives thread t, per 8 columns, "
         "r0 r1 = D(row0 + t/4, col0 + 2*(t%4) +0/+1) and r2 r3 eight rows down: exactly the mma.sync "
         "m16n8 C fragment c0-c3, which is why it pairs with stmatrix";
}

/// The model-only line: the loads are the PTX text's and CuTe agrees; the store's fragment figure was
/// not available as text, so its map is CuTe's and says so.
std::string matrix_move_b8_status(MatrixMoveB8 m) {
  if (matrix_move_b8_is_store(m))
    return "model only: the map is CuTe 4.2's (SM100_U8x*_STSM_T; the PTX ISA 9.0 figure was not read as "
           "text); not yet run on a GPU (docs/guide/blackwell.md, \"8-bit and sub-byte ldmatrix and "
           "stmatrix\")";
  return "model only: PTX ISA 9.0 and CuTe 4.2 agree; not yet run on a GPU (docs/guide/blackwell.md, "
         "\"8-bit and sub-byte ldmatrix and stmatrix\")";
}

/// CuTe's atom of the instruction and what it does to the raw registers.
std::string matrix_move_b8_cute_line(MatrixMoveB8 m) {
  const std::string n = std::to_string(m.num);
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8:
      return std::string("CuTe: ") + (m.num == 1 ? "SM100_U8x8_LDSM_T" : "SM100_U8x16_LDSM_T") +
             " permutes bytes after the instruction, deliberately (cutlass issue #2901): its register d, "
             "byte k "
             "is raw register 2(d/2) + k/2, byte 2(d%2) + k%2, so each register holds D(r,c) D(r,c+1) "
             "D(r+8,c) "
             "D(r+8,c+1), the register layout stmatrix.m16n8.x2.trans.b8 stores";
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
      return "CuTe: SM100_SU6_DU8x16_x" + n + "_LDSM_N, the raw registers";
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      return "CuTe: SM100_SU4_DU8x16_x" + n + "_LDSM_N, the raw registers";
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      return std::string("CuTe: SM100_U8x") +
             (m.num == 1   ? "4"
              : m.num == 2 ? "8"
                           : "16") +
             "_STSM_T, the raw registers";
  }
  return "";
}

/// What the register-side matrix is and how it is stored.
std::string matrix_move_b8_shape_line(MatrixMoveB8 m) {
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8:
      return "each matrix: 16 stored rows of 16 bytes, loaded transposed: D = S^T, lane t register 2m+r byte "
             "j = "
             "D(t/4 + 8r, 4(t%4) + j) = stored row 4(t%4)+j, byte t/4 + 8r";
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
      return "each matrix: 8 stored rows of 16 packed 6-bit values + 32 bits of padding, each value widened "
             "to a "
             "byte (2 bits of padding): lane t register m byte j = M_m(t/4, 4(t%4) + j)";
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      return "each matrix: 8 stored rows of 16 packed 4-bit values + 64 bits of padding, each value widened "
             "to a "
             "byte (4 bits of padding): lane t register m byte j = M_m(t/4, 4(t%4) + j)";
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      return "each matrix: a 16x8 matrix of bytes in registers, the mma.sync m16n8 accumulator layout (byte "
             "k = "
             "c_k: row t/4 + 8(k/2), column 2(t%4) + k%2), stored transposed as 8 rows of 16 bytes";
  }
  return "";
}

}  // namespace fragviz
