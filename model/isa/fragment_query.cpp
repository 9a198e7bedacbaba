#include "fragviz/isa/fragment_query.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>
#include <string_view>

#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

/// "lane 5 (groupID 1, threadID_in_group 1)" or "thread 37 (warp 1, lane 5)".
std::string thread_text(FragmentScope scope, int t) {
  if (scope == FragmentScope::warpgroup)
    return "thread " + std::to_string(t) + " (warp " + std::to_string(t / kWarpSize) + ", lane " +
           std::to_string(t % kWarpSize) + ")";
  return "lane " + std::to_string(t) + " (groupID " + std::to_string(group_id(t)) + ", threadID_in_group " +
         std::to_string(thread_id_in_group(t)) + ")";
}

/// "(9,3)", or "(9,3) q2" for a product of m8n8k4 .f16.
std::string coord_text(const FragmentOperand& f, Coord c) {
  return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")" +
         (f.products > 1 ? " q" + std::to_string(c.product) : "");
}

/// The operand letter of the CSV: A, B, C for mma.sync (C stands for C/D), A, D for wgmma.
char csv_operand(const FragmentOperand& f) {
  return static_cast<char>(std::toupper(element_letter(f.op, f.scope)));
}

const FragmentOperand* find_operand(const std::vector<FragmentOperand>& operands, Operand op) {
  for (const FragmentOperand& f : operands)
    if (f.op == op) return &f;
  return nullptr;
}

}  // namespace

std::vector<FragmentOperand> fragment_operands(const Instruction& in) {
  std::vector<FragmentOperand> out;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    out.push_back(FragmentOperand{op, &operand_spec(in, op), in.threads, in.products, FragmentScope::warp});
  return out;
}

std::vector<FragmentOperand> fragment_operands(const WgmmaInstruction& in) {
  std::vector<FragmentOperand> out;
  for (Operand op : {Operand::A, Operand::C})
    out.push_back(
        FragmentOperand{op, wgmma_register_operand(in, op), kWarpgroupSize, 1, FragmentScope::warpgroup});
  return out;
}

std::string csv_header(FragmentScope scope, bool products) {
  if (scope == FragmentScope::warpgroup) return "operand,thread,warp,lane,element,register,bit,bits,row,col";
  return std::string("operand,lane,element,register,bit,bits,row,col") + (products ? ",product" : "");
}

std::string csv_row(const FragmentOperand& f, int t, int e) {
  const Coord c = operand_coord(*f.spec, t, e);
  const RegisterSlot s = register_slot(*f.spec, e);
  std::string row(1, csv_operand(f));
  row += "," + std::to_string(t);
  if (f.scope == FragmentScope::warpgroup)
    row += "," + std::to_string(t / kWarpSize) + "," + std::to_string(t % kWarpSize);
  for (int v : {e, s.reg, s.bit, s.bits, c.row, c.col}) row += "," + std::to_string(v);
  if (f.products > 1) row += "," + std::to_string(c.product);
  return row;
}

std::optional<WhereRequest> parse_where(const std::string& text, std::string& why) {
  why = "'" + echo_text(text) + "' is not OPERAND,ROW,COL (operand A, B, C or D; e.g. A,9,3)";
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    // Spaces and tabs around a part are the user's layout, not content: "A , 9 , 3" is A,9,3.
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t first = part.find_first_not_of(" \t"), last = part.find_last_not_of(" \t");
    parts.push_back(first == std::string::npos ? std::string() : part.substr(first, last - first + 1));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() != 3 && parts.size() != 4) return std::nullopt;
  std::string letter = parts[0];
  for (char& ch : letter) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const std::optional<Operand> op = parse_operand(letter);
  if (!op) return std::nullopt;
  int v[3] = {0, 0, -1};
  static const char* const kPart[3] = {"row", "col", "product"};
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& p = parts[i];
    // A sign is taken, so that -3 is answered as out of range (where_problem), not as bad form.
    const std::size_t digits = !p.empty() && p[0] == '-' ? 1 : 0;
    if (p.size() == digits || p.size() - digits > 6 ||
        p.find_first_not_of("0123456789", digits) != std::string::npos) {
      why = std::string(kPart[i - 1]) + " '" + echo_text(p) + "' in '" + echo_text(text) +
            "' is not a whole number of at most 6 digits (OPERAND,ROW,COL; e.g. A,9,3)";
      return std::nullopt;
    }
    v[i - 1] = std::stoi(p);
  }
  // -1 stands for every product in WhereRequest: a product given is never negative.
  if (parts.size() == 4 && v[2] < 0) {
    why = "product " + parts[3] + " is not a quad pair: give 0 to 3 (m8n8k4 .f16), or leave it out";
    return std::nullopt;
  }
  why.clear();
  return WhereRequest{*op, v[0], v[1], v[2]};
}

std::string where_problem(const std::vector<FragmentOperand>& operands, const WhereRequest& w) {
  const FragmentOperand* f = find_operand(operands, w.op);
  if (!f)
    return "B of a wgmma comes from shared memory, not registers (fragviz-cli descriptor --operand B shows "
           "where each element lies)";
  const std::string name = operand_title(f->op, f->scope),
                    size = std::to_string(f->spec->rows) + " x " + std::to_string(f->spec->cols);
  // Each coordinate outside is named, with the range it must be in.
  std::string why;
  if (w.row < 0 || w.row >= f->spec->rows)
    why = "row " + std::to_string(w.row) + " is outside " + name + " (" + size + ": rows 0 to " +
          std::to_string(f->spec->rows - 1) + ")";
  if (w.col < 0 || w.col >= f->spec->cols)
    why += (why.empty() ? "" : "; ") + std::string("col ") + std::to_string(w.col) + " is outside " + name +
           " (" + size + ": cols 0 to " + std::to_string(f->spec->cols - 1) + ")";
  if (!why.empty()) return why;
  if (w.product >= f->products)
    return f->products == 1 ? "this instruction computes one product: give OPERAND,ROW,COL"
                            : "product " + std::to_string(w.product) + " is outside 0 to " +
                                  std::to_string(f->products - 1) + " (the quad pairs)";
  return {};
}

std::string where_answer(const std::string& mnemonic, const std::vector<FragmentOperand>& operands,
                         const WhereRequest& w, bool csv) {
  std::ostringstream out;
  const FragmentOperand& f = *find_operand(operands, w.op);
  if (csv)
    out << csv_header(f.scope, f.products > 1) << "\n";
  else
    out << mnemonic << "\n";
  for (int q = 0; q < f.products; ++q) {
    if (w.product >= 0 && q != w.product) continue;
    const std::optional<Owner> o = operand_owner(*f.spec, f.threads, f.products, Coord{w.row, w.col, q});
    if (!o) continue;  // every cell has one owner (tests/unit/test_catalogue.cpp)
    if (csv) {
      out << csv_row(f, o->lane, o->element) << "\n";
      continue;
    }
    const RegisterSlot s = register_slot(*f.spec, o->element);
    out << operand_title(f.op, f.scope) << "[" << w.row << "][" << w.col << "]"
        << (f.products > 1 ? " of quad pair " + std::to_string(q) : "") << ": "
        << thread_text(f.scope, o->lane) << ", element " << element_name(f.op, o->element, f.scope)
        << ", register " << register_name(f.op, *f.spec, s.reg, f.scope) << " (" << register_index_name(s.reg)
        << "), " << register_part(s) << ", register " << bit_range(s) << "\n";
  }
  return out.str();
}

std::string thread_problem(const std::vector<FragmentOperand>& operands, int t) {
  if (operands.empty() || (t >= 0 && t < operands.front().threads)) return {};
  return operands.front().scope == FragmentScope::warpgroup ? "a wgmma warpgroup has threads 0 to 127"
                                                            : "a warp has lanes 0 to 31";
}

std::string thread_answer(const std::string& mnemonic, const std::vector<FragmentOperand>& operands, int t,
                          bool csv) {
  std::ostringstream out;
  if (csv) {
    bool products = false;
    for (const FragmentOperand& f : operands) products |= f.products > 1;
    out << csv_header(operands.front().scope, products) << "\n";
    for (const FragmentOperand& f : operands)
      for (int e = 0; e < f.per_thread(); ++e) out << csv_row(f, t, e) << "\n";
    return out.str();
  }
  out << mnemonic << "\n" << thread_text(operands.front().scope, t) << "\n";
  for (const FragmentOperand& f : operands) {
    const int per_reg = elements_per_register(*f.spec);
    out << operand_title(f.op, f.scope) << " (." << to_string(f.spec->type)
        << "): " << plural(f.per_thread(), "element") << " in " << plural(f.registers(), "register") << "\n";
    for (int r = 0; r < f.registers(); ++r) {
      std::string name = register_name(f.op, *f.spec, r, f.scope);
      name.resize(std::max<std::size_t>(name.size(), 10), ' ');
      out << "  " << name << " " << register_index_name(r) << ":";
      for (int e = r * per_reg; e < (r + 1) * per_reg; ++e)
        out << (e > r * per_reg ? "," : "") << " " << element_name(f.op, e, f.scope) << " "
            << coord_text(f, operand_coord(*f.spec, t, e)) << " " << register_part(register_slot(*f.spec, e));
      out << "\n";
    }
  }
  return out.str();
}

std::optional<int> parse_thread_number(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = text.substr(negative ? 1 : 0);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  // Saturating: a 20-digit lane is a lane outside the warp, not text of another form.
  constexpr long long kMax = std::numeric_limits<int>::max();
  long long v = 0;
  for (const char ch : digits) v = std::min(kMax + 1, v * 10 + (ch - '0'));
  if (negative)
    return static_cast<int>(std::max(-v, static_cast<long long>(std::numeric_limits<int>::min())));
  return static_cast<int>(std::min(v, kMax));
}

namespace {

/// `text` without the spaces and tabs around it.
std::string trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(" \t"));
  text.erase(text.find_last_not_of(" \t") + 1);
  return text;
}

/// `lower` (lower case, trimmed) as a cell's label, `t5 v3` or `a t5 v3`; nullopt when it is not one.
std::optional<ThreadValue> parse_thread_value(const std::string& lower) {
  ThreadValue v;
  std::string rest = lower;
  if (rest.size() > 2 && std::string_view("abcd").find(rest[0]) != std::string_view::npos &&
      (rest[1] == ' ' || rest[1] == '\t')) {
    v.op =
        parse_operand(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])))));
    rest = trimmed(rest.substr(2));
  }
  const std::size_t mark = rest.find('v');
  if (rest.empty() || rest[0] != 't' || mark == std::string::npos) return std::nullopt;
  const std::optional<int> thread = parse_thread_number(trimmed(rest.substr(1, mark - 1)));
  const std::optional<int> value = parse_thread_number(trimmed(rest.substr(mark + 1)));
  if (!thread || !value) return std::nullopt;
  v.thread = *thread;
  v.value = *value;
  return v;
}

}  // namespace

std::optional<FindRequest> parse_find(const std::string& text, std::string& why) {
  const std::string t = trimmed(text);
  std::string lower = t;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (const std::optional<ThreadValue> v = parse_thread_value(lower)) {
    why.clear();
    return FindRequest{std::nullopt, {}, *v};
  }
  for (const char* word : {"thread", "lane", "t", "l"}) {
    const std::string w = word;
    if (lower.rfind(w, 0) != 0) continue;
    std::string n = lower.substr(w.size());
    n.erase(0, n.find_first_not_of(" \t"));
    // Any number of digits (the CLI's --lane parse): a number too large is out of range, not bad form.
    const std::optional<int> number = parse_thread_number(n);
    if (!number) continue;
    why.clear();
    return FindRequest{number, {}, std::nullopt};
  }
  const std::optional<WhereRequest> w = parse_where(t, why);
  if (!w) return std::nullopt;
  return FindRequest{std::nullopt, *w, std::nullopt};
}

std::optional<WhereRequest> value_where(const std::vector<FragmentOperand>& operands, const ThreadValue& v,
                                        std::string& why) {
  why = thread_problem(operands, v.thread);
  if (!why.empty() || operands.empty()) return std::nullopt;
  const std::string label = "T" + std::to_string(v.thread) + " V" + std::to_string(v.value);
  const std::string who = operands.front().scope == FragmentScope::warpgroup ? "a thread" : "a lane";
  std::vector<const FragmentOperand*> holding;
  std::string ranges;  // "A V0 to V7, B V0 to V3"
  for (const FragmentOperand& f : operands) {
    if (v.op && f.op != *v.op) continue;
    ranges += (ranges.empty() ? "" : ", ") + operand_title(f.op, f.scope) + " V0 to V" +
              std::to_string(f.per_thread() - 1);
    if (v.value >= 0 && v.value < f.per_thread()) holding.push_back(&f);
  }
  if (v.op && ranges.empty()) {
    why = where_problem(operands, WhereRequest{*v.op, 0, 0, -1});  // an operand not in registers
    return std::nullopt;
  }
  if (holding.empty()) {
    why = label +
          (v.op ? " is not in " + operand_title(*v.op, operands.front().scope) : " is in no operand") + ": " +
          who + " holds " + ranges;
    return std::nullopt;
  }
  if (holding.size() > 1) {
    std::string names;
    for (std::size_t i = 0; i < holding.size(); ++i)
      names += (i == 0                    ? ""
                : i + 1 == holding.size() ? " and "
                                          : ", ") +
               operand_title(holding[i]->op, holding[i]->scope);
    why = label + " is in " + names + ": name the operand, e.g. " +
          std::string(1, static_cast<char>(std::toupper(element_letter(holding[0]->op, holding[0]->scope)))) +
          " " + label;
    return std::nullopt;
  }
  const FragmentOperand& f = *holding.front();
  const Coord c = operand_coord(*f.spec, v.thread, v.value);
  why.clear();
  return WhereRequest{f.op, c.row, c.col, f.products > 1 ? c.product : -1};
}

}  // namespace fragviz
