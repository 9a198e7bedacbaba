#include "fragviz/util/name_suggest.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/isa/wgmma.hpp"

namespace fragviz {

namespace {

/// `s` in lower case: names are compared ignoring case ("M16N8K16" is a slip, not another name).
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// `name` without the mma.sync or wgmma prefix.
std::string_view unprefixed(std::string_view name) {
  for (std::string_view p : {kMmaSyncPrefix, kWgmmaPrefix})
    if (name.substr(0, p.size()) == p) return name.substr(p.size());
  return name;
}

/// `t` (unprefixed) without leading words of the prefixes: "mma.m16n8k16" and
/// "mma.sync.m16n8k16" are a partial prefix, not words the name lacks.
std::string_view without_prefix_words(std::string_view t) {
  for (bool again = true; again;) {
    again = false;
    for (std::string_view w : {"mma_async", "wgmma", "mma", "sync", "aligned"}) {
      if (t.substr(0, w.size()) == w && (t.size() == w.size() || t[w.size()] == '.')) {
        t.remove_prefix(std::min(t.size(), w.size() + 1));
        again = true;
      }
    }
  }
  return t;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0; start <= s.size();) {
    const std::size_t dot = std::min(s.find('.', start), s.size());
    if (dot > start) out.push_back(s.substr(start, dot - start));
    start = dot + 1;
  }
  return out;
}

/// Levenshtein distance from `a` to `b`: `sub` for a changed item, `del` for an item of `a` that
/// `b` lacks, `ins` for an item of `b` that `a` lacks.
template <class T, class Sub>
int edit_distance(const std::vector<T>& a, const std::vector<T>& b, int del, int ins, Sub sub) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j) * ins;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i) * del;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + del, cur[j - 1] + ins, prev[j - 1] + sub(a[i - 1], b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

int char_distance(std::string_view a, std::string_view b) {
  return edit_distance(std::vector<char>(a.begin(), a.end()), std::vector<char>(b.begin(), b.end()), 1, 1,
                       [](char x, char y) { return x == y ? 0 : 1; });
}

/// From what was typed (`a`) to a name (`b`): a word left out is the commonest slip (".row.col"),
/// so it costs 1; a word typed that the name lacks 2; a word off by one or two characters 1.
int word_distance(std::string_view a, std::string_view b) {
  return edit_distance(words(a), words(b), 2, 1, [](std::string_view x, std::string_view y) {
    return x == y ? 0 : char_distance(x, y) <= 2 ? 1 : 2;
  });
}

/// "; did you mean:" and `near`, one a line; "" for none.
std::string listed(const std::vector<std::string>& near) {
  if (near.empty()) return {};
  std::string out = "; did you mean:";
  for (const std::string& n : near) out += "\n  " + n;
  return out;
}

}  // namespace

std::vector<std::string> catalogue_names(unsigned sets) {
  std::vector<std::string> out;
  if (sets & kMmaSyncNames)
    for (const Instruction& in : catalogue()) out.emplace_back(in.mnemonic);
  if (sets & kWgmmaNames)
    for (const WgmmaInstruction& in : wgmma_catalogue()) out.push_back(in.mnemonic);
  if (sets & kMoveNames) {
    for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
      for (bool trans : {false, true}) out.push_back(stmatrix_mnemonic({num, trans}));
    out.emplace_back(kMovmatrixMnemonic);
  }
  return out;
}

std::vector<std::string> nearest_names(std::string_view typed, unsigned sets, std::size_t max) {
  constexpr int kNear = 4;  // two words missing, extra or wrong
  const std::string typed_lower = lower(typed);
  const std::string_view t = without_prefix_words(unprefixed(typed_lower));
  const std::vector<std::string_view> typed_words = words(t);
  // (contains nothing typed, word cost, character cost, catalogue order, name)
  std::vector<std::tuple<bool, int, int, std::size_t, std::string>> scored;
  const std::vector<std::string> names = catalogue_names(sets);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string name_lower = lower(names[i]);
    const std::string_view n = unprefixed(name_lower);
    const std::vector<std::string_view> name_words = words(n);
    // A name's first word (its shape, or "stmatrix") is what a near miss keeps: without it among
    // the words typed, give or take two characters, "f16" would be near every m64nNk16.f16 entry.
    const std::string_view head = name_words.front();
    const bool shape_typed = std::any_of(typed_words.begin(), typed_words.end(), [&](std::string_view w) {
      return head.find(w) != std::string_view::npos;
    });
    // A name holding what was typed ("m16n8k16", "m16n8k16.f16": the README's --shape) comes before
    // any edit-distance neighbour, which for a bare shape is a wgmma one shape digit away.
    const bool contains = shape_typed && !t.empty() &&
                          (n.find(t) != std::string_view::npos ||
                           std::all_of(typed_words.begin(), typed_words.end(), [&](std::string_view w) {
                             return std::find(name_words.begin(), name_words.end(), w) != name_words.end();
                           }));
    if (!contains && std::none_of(typed_words.begin(), typed_words.end(),
                                  [&](std::string_view w) { return char_distance(w, head) <= 2; }))
      continue;
    const int w = word_distance(t, n);
    // Among names holding what was typed, catalogue order (f32.f16.f16.f32 first, as --shape
    // assumes) rather than the shortest (an integer entry).
    if (contains || w <= kNear)
      scored.emplace_back(!contains, w, contains ? 0 : char_distance(t, n), i, names[i]);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < max; ++i) out.push_back(std::get<4>(scored[i]));
  return out;
}

std::string catalogue_name_ignoring_case(std::string_view typed, unsigned sets) {
  const std::string t = lower(typed);
  for (const std::string& name : catalogue_names(sets)) {
    const std::string n = lower(name);
    if (t == n || t == unprefixed(n)) return name;
  }
  return {};
}

std::string did_you_mean(std::string_view typed, unsigned sets) { return listed(nearest_names(typed, sets)); }

std::vector<std::string> nearest_of(std::string_view typed, const std::vector<std::string>& names,
                                    std::size_t max) {
  const std::string t = lower(typed);
  if (t.empty()) return {};
  const int near = std::max<int>(2, static_cast<int>(t.size() / 4));
  // (holds nothing typed, characters changed, list order)
  std::vector<std::tuple<bool, int, std::size_t>> scored;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string n = lower(names[i]);
    if (n.find(t) != std::string::npos) {
      scored.emplace_back(false, 0, i);
    } else if (const int d = char_distance(t, n); d <= near) {
      scored.emplace_back(true, d, i);
    }
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < max; ++i)
    out.push_back(names[std::get<2>(scored[i])]);
  return out;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names) {
  return listed(nearest_of(typed, names));
}

}  // namespace fragviz
