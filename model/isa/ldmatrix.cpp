#include "fragviz/isa/ldmatrix.hpp"

namespace fragviz {

namespace {

std::string cell_text(Operand op, Coord c) {
  return std::string(to_string(op)) + "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")" +
         (c.product ? " of quad pair " + std::to_string(c.product) : "");
}

/// "A (16 x 32 .s8, K contiguous)"-style words for the stored matrix of `op` under `storage`.
std::string stored_words(const Instruction& in, Operand op, LdmStorage storage) {
  const bool t = (op == Operand::A) == (storage == LdmStorage::mn_contiguous);
  const int rows = t ? operand_cols(in, op) : operand_rows(in, op);
  const int cols = t ? operand_rows(in, op) : operand_cols(in, op);
  const char* dims = op == Operand::A ? (t ? "K x M" : "M x K") : (t ? "N x K" : "K x N");
  return std::string(to_string(op)) + " stored " + std::to_string(rows) + " x " + std::to_string(cols) +
         " (" + dims + ", " +
         (storage == LdmStorage::k_contiguous ? "K"
          : op == Operand::A                  ? "M"
                                              : "N") +
         " contiguous)";
}

/// Why no storage of `op` can be loaded (C/D, a 64-bit element, a register count no .num has), or
/// empty.
std::string operand_problem(const Instruction& in, Operand op) {
  if (op == Operand::C) return "C/D lives in registers: mma reads C and writes D, no ldmatrix";
  const ElemType type = operand_spec(in, op).type;
  if (element_bits(type) > 32)
    return "an ." + std::string(to_string(type)) +
           " element fills a 64-bit register, and ldmatrix writes one 32-bit register per 8x8 matrix of "
           "16-bit elements";
  const int regs = registers_per_lane(in, op);
  if (regs != 1 && regs != 2 && regs != 4)
    return "the fragment has " + std::to_string(regs) +
           " registers per lane, and .x1, .x2, .x4 load one, two or four matrices (one register each)";
  return {};
}

}  // namespace

std::string_view to_string(LdmStorage s) {
  return s == LdmStorage::k_contiguous ? "k_contiguous" : "mn_contiguous";
}

LdmatrixFit plan_ldmatrix(const Instruction& in, Operand op, LdmStorage storage) {
  if (std::string why = operand_problem(in, op); !why.empty()) return LdmatrixFit{std::nullopt, why};
  auto fail = [&](const std::string& why) {
    return LdmatrixFit{std::nullopt, stored_words(in, op, storage) + ": " + why};
  };
  const ElemType type = operand_spec(in, op).type;
  const int bits = slot_bits(operand_spec(in, op));  // the container: 8 for .kind::f8f6f4's fp6/fp4
  const int regs = registers_per_lane(in, op);
  const std::string ty = "." + std::string(to_string(type));
  const bool trans = storage == LdmStorage::mn_contiguous;
  if (trans && bits != 16)
    return fail(
        "a register holds consecutive K elements, which this storage puts in different rows; .trans "
        "would gather them, but it moves 16-bit elements (.b16) only, and " +
        ty + " elements are " + std::to_string(bits) + "-bit" +
        (bits == 8 ? " (.trans on .b8 is an sm_100 .m16n16 form)" : ""));

  FragmentLoad load;
  load.operand = op;
  load.config = LdmatrixConfig{static_cast<LdmNum>(regs), trans};
  load.storage = storage;
  load.element_bits = bits;
  const bool swap = load.stored_transposed();
  load.stored_rows = swap ? operand_cols(in, op) : operand_rows(in, op);
  load.stored_cols = swap ? operand_rows(in, op) : operand_cols(in, op);
  if (load.row_bytes() % 16 != 0)
    return fail(
        "a stored row holds " + std::to_string(load.row_bytes()) +
        " bytes, and each ldmatrix row address reads 16 (\"a group of four consecutive threads loads 16 "
        "bytes\")");
  // Matrix j's row 0 starts where lane 0's register j begins: ldmatrix_byte(trans, 0, 0) is (0, 0)
  // both plain and .trans. Then every lane's every element must be what ldmatrix delivers there.
  const int per_reg = elements_per_register(operand_spec(in, op));
  for (int j = 0; j < regs; ++j) {
    const Coord c = stored_cell(load, fragment_coord(in, op, 0, j * per_reg));
    if ((c.col * bits) % 128 != 0)
      return fail("register " + std::to_string(j) + " of lane 0 starts at " +
                  cell_text(op, fragment_coord(in, op, 0, j * per_reg)) +
                  ", which is no 16-byte boundary of its stored row (row addresses must be 16-byte aligned)");
    load.matrix_origin[static_cast<std::size_t>(j)] = Coord{c.row, c.col};
  }
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int j = 0; j < regs; ++j)
      for (int i = 0; i < per_reg; ++i) {
        const Coord want = fragment_coord(in, op, lane, j * per_reg + i);
        const Coord got = loaded_coord(load, lane, j, i);
        if (got == want) continue;
        const Coord byte = loaded_byte(load, lane, j, i * bits / 8);
        return fail("lane " + std::to_string(lane) + " register " + std::to_string(j) + " holds " +
                    cell_text(op, want) + " (element " + std::to_string(j * per_reg + i) + "), but ldmatrix" +
                    (trans ? ".trans" : "") + " gives it " + cell_text(op, got) + " there, byte " +
                    std::to_string(byte.col) + " of stored row " + std::to_string(byte.row) + " (" +
                    (trans ? "the matrix is loaded in column-major format"
                           : "a group of four consecutive threads loads 16 bytes of one row") +
                    ")");
      }
  return LdmatrixFit{load, {}};
}

namespace {

/// The storages tried for `op`, the preferred first: the seed's 16-bit B is K x N with .trans.
std::array<LdmStorage, 2> storages(const Instruction& in, Operand op) {
  if (op == Operand::B && element_bits(operand_spec(in, op).type) == 16)
    return {LdmStorage::mn_contiguous, LdmStorage::k_contiguous};
  return {LdmStorage::k_contiguous, LdmStorage::mn_contiguous};
}

}  // namespace

std::optional<FragmentLoad> fragment_load(const Instruction& in, Operand op) {
  for (LdmStorage s : storages(in, op))
    if (auto fit = plan_ldmatrix(in, op, s); fit.load) return fit.load;
  return std::nullopt;
}

std::string ldmatrix_problem(const Instruction& in, Operand op) {
  if (fragment_load(in, op)) return {};
  if (op == Operand::C) return operand_problem(in, op);
  if (std::string why = operand_problem(in, op); !why.empty()) return "no ldmatrix form: " + why;
  std::string why = "no ldmatrix form";
  for (LdmStorage s : storages(in, op)) why += "; " + plan_ldmatrix(in, op, s).problem;
  return why;
}

std::string storage_words(const Instruction& in, const FragmentLoad& load) {
  return stored_words(in, load.operand, load.storage);
}

std::optional<LdmNum> parse_num(std::string_view text) {
  if (text == "x1" || text == ".x1" || text == "1") return LdmNum::x1;
  if (text == "x2" || text == ".x2" || text == "2") return LdmNum::x2;
  if (text == "x4" || text == ".x4" || text == "4") return LdmNum::x4;
  return std::nullopt;
}

std::string_view to_string(LdmNum n) {
  switch (n) {
    case LdmNum::x1:
      return "x1";
    case LdmNum::x2:
      return "x2";
    case LdmNum::x4:
      return "x4";
  }
  return "?";
}

std::string ldmatrix_mnemonic(LdmatrixConfig c) {
  return "ldmatrix.sync.aligned.m8n8." + std::string(to_string(c.num)) + (c.trans ? ".trans" : "") +
         ".shared.b16";
}

}  // namespace fragviz
