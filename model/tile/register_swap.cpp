// A register swap after the copy (register_swap.hpp): its text form, read and written.
#include "fragviz/tile/register_swap.hpp"

#include <cctype>

namespace fragviz::tile {

std::int64_t RegisterSwap::partner(std::int64_t row) const {
  if (period <= 0) return row;
  const std::int64_t in = row % period, base = row - in;
  if (in >= first && in < first + width) return base + second + (in - first);
  if (in >= second && in < second + width) return base + first + (in - second);
  return row;
}

std::string RegisterSwap::text() const {
  const auto range = [](std::int64_t a, std::int64_t w) {
    return std::to_string(a) + "-" + std::to_string(a + w - 1);
  };
  return std::string(operand == Operand::A ? "A " : "B ") + range(first, width) + ":" + range(second, width) +
         "/" + std::to_string(period);
}

bool operator==(const RegisterSwap& a, const RegisterSwap& b) {
  return a.operand == b.operand && a.first == b.first && a.second == b.second && a.width == b.width &&
         a.period == b.period;
}

algebra::Result<RegisterSwap> parse_register_swap(std::string_view text) {
  using R = algebra::Result<RegisterSwap>;
  const std::string shown(text);
  // `at`: the 0-based character the refusal is about.
  const auto bad = [&](std::size_t at, const std::string& why) {
    const int column = static_cast<int>(at) + 1;
    return R::fail(algebra::Refusal::bad_input,
                   "col " + std::to_string(column) + ": register swap '" + shown + "': " + why +
                       " (expected <A|B> <a>-<b>:<c>-<d>/<period>, e.g. B 8-15:16-23/32)",
                   column);
  };
  std::size_t i = 0;
  const auto skip_spaces = [&] {
    while (i < text.size() && text[i] == ' ') ++i;
  };
  const auto number = [&](std::int64_t& out) {
    skip_spaces();
    const std::size_t start = i;
    out = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      out = out * 10 + (text[i] - '0');
      if (out > (1 << 20)) return false;
      ++i;
    }
    return i > start;
  };
  const auto expect = [&](char c) {
    skip_spaces();
    if (i < text.size() && text[i] == c) {
      ++i;
      return true;
    }
    return false;
  };
  RegisterSwap s;
  skip_spaces();
  if (i >= text.size() || (text[i] != 'A' && text[i] != 'B' && text[i] != 'a' && text[i] != 'b'))
    return bad(i, text.size() > i && (text[i] == 'C' || text[i] == 'c')
                      ? "C's registers are stored, not fed to the MMA: only A or B"
                      : "the operand, A or B, first");
  s.operand = (text[i] == 'A' || text[i] == 'a') ? Operand::A : Operand::B;
  ++i;
  std::int64_t a = 0, b = 0, c = 0, d = 0;
  const std::size_t at_first = i;
  if (!number(a)) return bad(i, "a row number");
  if (!expect('-')) return bad(i, "'-' between a range's first and last row");
  if (!number(b)) return bad(i, "a row number");
  if (!expect(':')) return bad(i, "':' between the two ranges");
  const std::size_t at_second = i;
  if (!number(c)) return bad(i, "a row number");
  if (!expect('-')) return bad(i, "'-' between a range's first and last row");
  if (!number(d)) return bad(i, "a row number");
  if (!expect('/')) return bad(i, "'/' before the period");
  const std::size_t at_period = i;
  if (!number(s.period)) return bad(i, "the period, a number of rows");
  if (s.period <= 0) return bad(at_period, "the period must be at least 1 row");
  skip_spaces();
  if (i != text.size()) return bad(i, "nothing after the period");
  if (b < a) return bad(at_first, "the first range ends before it starts");
  if (d < c) return bad(at_second, "the second range ends before it starts");
  if (b - a != d - c) return bad(at_second, "the two ranges have different lengths");
  s.first = a;
  s.second = c;
  s.width = b - a + 1;
  if (a < c ? b >= c : d >= a) return bad(at_second, "the two ranges overlap");
  if (b >= s.period || d >= s.period)
    return bad(at_period,
               "both ranges must lie inside one period (rows 0-" + std::to_string(s.period - 1) + ")");
  return R::ok(s);
}

}  // namespace fragviz::tile
