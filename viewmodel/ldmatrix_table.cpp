#include "fragviz/viewmodel/ldmatrix_table.hpp"

#include <algorithm>

#include "fragviz/smem/banks.hpp"

namespace fragviz::app {

namespace {
/// The bytes of one 32-bit register.
constexpr int kRegisterBytes = 4;

/// Matrix j's first byte: rows 8 (j % 2), bytes 16 (j / 2) (explorer_matrix_origin, in halves).
Coord origin_byte(int j) {
  return Coord{explorer_matrix_origin(j).row, explorer_matrix_origin(j).col * kHalfBytes};
}
}  // namespace

std::optional<std::string> no_ldmatrix_form(const Instruction& in) {
  if (fragment_load(in, Operand::A) || fragment_load(in, Operand::B)) return std::nullopt;
  return ldmatrix_problem(in, Operand::A);
}

std::string no_ldmatrix_hint(const std::string& who) {
  return who +
         " the .b16 ldmatrix, which fills A and B of every other instruction (16-, 8-, 4- and 1-bit and tf32 "
         "operands); pick one of those to use it.";
}

std::optional<std::string> no_ldmatrix_refusal(const Instruction& in, const std::string& who) {
  const std::optional<std::string> none = no_ldmatrix_form(in);
  if (!none) return std::nullopt;
  return std::string(in.mnemonic) + ": " + *none + ". " + no_ldmatrix_hint(who);
}

int explorer_unit_bytes(const Instruction& in, LdmatrixConfig cfg) {
  if (cfg.trans || !(fragment_load(in, Operand::A) || fragment_load(in, Operand::B))) return kHalfBytes;
  return std::clamp(element_bits(in.a.type) / 8, 1, 4);
}

LdmatrixTable make_ldmatrix(LdmatrixConfig cfg, int unit) {
  LdmatrixTable t;
  t.config = cfg;
  t.unit_bytes = unit;
  const int n = matrices(cfg.num);
  t.rows = n == 1 ? 8 : 16;
  t.cols = (n == 4 ? 32 : 16) / unit;  // 16 or 32 bytes a row
  t.cells.assign(static_cast<std::size_t>(t.rows * t.cols), LdmatrixTable::Cell{});
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int reg = 0; reg < n; ++reg)
      for (int part = 0; part < kRegisterBytes / unit; ++part) {
        const Coord o = origin_byte(reg);
        const Coord b = ldmatrix_byte(cfg.trans, lane, part * unit);
        auto& cell = t.cells[static_cast<std::size_t>((o.row + b.row) * t.cols + (o.col + b.col) / unit)];
        cell.lane = lane;
        cell.reg = reg;
        cell.part = part;
      }
  for (int lane = 0; lane < address_lanes(cfg.num); ++lane) {
    const Coord s = row_start_cell(t, lane);
    for (int k = 0; k < kRowBytes / unit; ++k)
      t.cells[static_cast<std::size_t>(s.row * t.cols + s.col + k)].address_lane = lane;
  }
  return t;
}

std::string register_part_name(int reg, int part, int unit_bytes) {
  const std::string r = "r" + std::to_string(reg);
  if (unit_bytes == 1) return r + ".b" + std::to_string(part);
  if (unit_bytes == 2) return r + (part ? ".hi" : ".lo");
  return r;
}

int label_run(const LdmatrixTable& t) {
  return t.unit_bytes < kHalfBytes ? kRegisterBytes / t.unit_bytes : 1;
}

int run_length(const LdmatrixTable& t, int r, int c) {
  const int run = label_run(t);
  int n = 1;
  while (n < run && c + n < t.cols && t.at(r, c + n).lane == t.at(r, c).lane &&
         t.at(r, c + n).reg == t.at(r, c).reg)
    ++n;
  return n;
}

std::string run_register(const LdmatrixTable& t, int r, int c, int n) {
  const LdmatrixTable::Cell& x = t.at(r, c);
  return n > 1 ? "r" + std::to_string(x.reg) : register_part_name(x.reg, x.part, t.unit_bytes);
}

std::string run_label(const LdmatrixTable& t, int r, int c, int n) {
  return "T" + std::to_string(t.at(r, c).lane) + " " + run_register(t, r, c, n);
}

Coord row_start_cell(const LdmatrixTable& t, int lane) {
  const Coord o = origin_byte(address_matrix(lane));
  return Coord{o.row + address_row(lane), o.col / t.unit_bytes};
}

}  // namespace fragviz::app
