#include "picker_filter.hpp"

#include <algorithm>
#include <cctype>

#include "fragviz/isa/wgmma.hpp"

namespace fragviz::app {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool same_letter(char a, char b) { return lower(a) == lower(b); }

bool contains_ignoring_case(std::string_view text, std::string_view word) {
  return std::search(text.begin(), text.end(), word.begin(), word.end(), same_letter) != text.end();
}

}  // namespace

bool picker_matches(std::string_view filter, std::string_view mnemonic, std::string_view group) {
  for (std::size_t start = 0; start < filter.size();) {
    const std::size_t end = std::min(filter.find(' ', start), filter.size());
    const std::string_view word = filter.substr(start, end - start);
    const bool is_group =
        word.size() == group.size() && std::equal(word.begin(), word.end(), group.begin(), same_letter);
    if (!word.empty() && !is_group && !contains_ignoring_case(mnemonic, word)) return false;
    start = end + 1;
  }
  return true;
}

bool wgmma_entry_shown(std::string_view filter, int index) {
  const WgmmaInstruction& in = wgmma_catalogue()[static_cast<std::size_t>(index)];
  return picker_matches(filter, in.mnemonic, in.group);
}

}  // namespace fragviz::app
