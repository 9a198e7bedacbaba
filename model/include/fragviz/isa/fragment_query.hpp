// Fragment tables as rows, and the two questions asked of them first: who holds element (row, col)
// of an operand (`fragviz-cli layout --where A,9,3`, the app's Find field), and what one lane's (or
// warpgroup thread's) registers hold (`--lane 5`, Find `lane 5`). mma.sync and wgmma alike: each
// operand in registers is a FragmentOperand, named with fragment_names.hpp's one scheme. The CLI
// and the app parse the text and word the answer through these same functions. Pure model.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/fragment_names.hpp"
#include "fragviz/isa/wgmma.hpp"

namespace fragviz {

/// One operand held in registers: its map over `threads` threads (32 for mma.sync, 128 for a
/// wgmma warpgroup) and how it is named.
struct FragmentOperand {
  Operand op = Operand::A;
  const OperandSpec* spec = nullptr;
  int threads = 32;
  int products = 1;  ///< m8n8k4 .f16: four quad-pair products
  FragmentScope scope = FragmentScope::warp;
  int per_thread() const { return spec->rows * spec->cols * products / threads; }
  int registers() const { return per_thread() / elements_per_register(*spec); }
};

/// The operands of an mma.sync entry held in registers: A, B and C/D.
std::vector<FragmentOperand> fragment_operands(const Instruction& in);
/// The operands of a wgmma entry held in registers: A (when it comes from registers) and D.
std::vector<FragmentOperand> fragment_operands(const WgmmaInstruction& in);

/// The CSV header of a fragment table: "operand,lane,element,register,bit,bits,row,col" (and
/// ",product" where `products`) for a warp, "operand,thread,warp,lane,element,register,bit,bits,
/// row,col" for a warpgroup. register: its index in the operand's vector; bit, bits: the element's
/// first bit in it and its width.
std::string csv_header(FragmentScope scope, bool products);
/// One CSV row: element `e` of thread `t`.
std::string csv_row(const FragmentOperand& f, int t, int e);

/// What `--where` asks for: an element of an operand; product -1 = every product.
struct WhereRequest {
  Operand op = Operand::A;
  int row = 0, col = 0, product = -1;
};
/// Parses "A,9,3" (operand A, B, C or D in either case, row, col) or "A,9,3,2" (and product), with
/// spaces or tabs allowed around each part ("A , 9 , 3").
/// nullopt with `why` set when it is not that (a part that is no number is named). A row or col may
/// be negative: where_problem says it is out of range.
std::optional<WhereRequest> parse_where(const std::string& text, std::string& why);

/// Why `w` names no element of `operands` (an operand not in registers, a row or col outside, each
/// named with its range, a product the instruction lacks), or "".
std::string where_problem(const std::vector<FragmentOperand>& operands, const WhereRequest& w);

/// Who holds `w` (checked by where_problem): thread/lane, element, register, its part and bits; as
/// text (the mnemonic, then one line per product), or as CSV rows (header first, one per product).
/// Every line ends in '\n'.
std::string where_answer(const std::string& mnemonic, const std::vector<FragmentOperand>& operands,
                         const WhereRequest& w, bool csv);

/// Why `t` is no thread of `operands` ("a warp has lanes 0 to 31", "a wgmma warpgroup has threads 0
/// to 127"), or "".
std::string thread_problem(const std::vector<FragmentOperand>& operands, int t);

/// Lane (or warpgroup thread) `t`'s registers, each with the elements it holds: as text, or as the
/// CSV rows of that thread (header first). Every line ends in '\n'.
std::string thread_answer(const std::string& mnemonic, const std::vector<FragmentOperand>& operands, int t,
                          bool csv);

/// A lane or thread number as the Find field's `lane N` and the CLI's `--lane`/`--thread` take it:
/// '-' or not, then decimal digits, as many as typed; a number outside int is held at int's end,
/// so thread_problem names the range ("a warp has lanes 0 to 31") for any number too large, as for
/// 32. nullopt when `text` is no such number.
std::optional<int> parse_thread_number(std::string_view text);

/// A lane's (or thread's) value as the grids' cells label it, `T5 V3`: element `value` of thread
/// `thread`'s fragment of operand `op`, or of whichever operand holds such a value when none is named.
struct ThreadValue {
  std::optional<Operand> op;  ///< `A T5 V3`; none for `T5 V3`
  int thread = 0, value = 0;  ///< any number: value_where says which are out of range
};

/// What the app's Find field asks: a lane or thread (`lane 5`, `thread 37`, `T5`, `L5`), a cell by
/// its label (`T5 V3`, `A T5 V3`), or an element as `--where` takes it.
struct FindRequest {
  std::optional<int> thread;         ///< the lane or thread asked for (any number)
  WhereRequest where;                ///< when neither a thread nor a value is asked
  std::optional<ThreadValue> value;  ///< the cell labelled `T5 V3` (value_where finds it)
};
/// Parses the Find field's text: `lane N`, `thread N`, `TN` or `LN` (either case, spaces around),
/// `TN VM` with an operand letter before it or not (`A T5 V3`, spaces between the parts optional),
/// else parse_where's OPERAND,ROW,COL[,PRODUCT], whose message `why` gets when it is none of these.
std::optional<FindRequest> parse_find(const std::string& text, std::string& why);

/// The element the cell labelled `v` (`T5 V3`) is, with `why` set and nullopt when there is none: the
/// thread or value outside its range, an operand not in registers, or no operand named where more
/// than one holds that value ("T5 V3 is in A, B and C/D: name the operand, e.g. A T5 V3"; the grids
/// label every operand's cells alike, and Find answers one element). Where only one operand has
/// that many values per thread (V5 of m16n8k16: only A), that one.
std::optional<WhereRequest> value_where(const std::vector<FragmentOperand>& operands, const ThreadValue& v,
                                        std::string& why);

}  // namespace fragviz
