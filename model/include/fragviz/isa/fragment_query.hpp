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

/// What the app's Find field asks: a lane or thread (`lane 5`, `thread 37`, `T5`, `L5`), or an
/// element as `--where` takes it.
struct FindRequest {
  std::optional<int> thread;  ///< the lane or thread asked for (any number), none when `where` is asked
  WhereRequest where;         ///< when no thread is asked
};
/// Parses the Find field's text: `lane N`, `thread N`, `TN` or `LN` (either case, spaces around),
/// else parse_where's OPERAND,ROW,COL[,PRODUCT], whose message `why` gets when it is neither.
std::optional<FindRequest> parse_find(const std::string& text, std::string& why);

}  // namespace fragviz
