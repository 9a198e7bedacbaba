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

std::string_view trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(' ');
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(), same_letter);
}

}  // namespace

int enter_choice(std::string_view filter, const std::vector<std::string_view>& shown,
                 const std::vector<std::string_view>& also) {
  if (shown.empty()) return -1;
  const std::string_view f = trimmed(filter);
  if (f.empty()) return 0;
  const auto same = [&](std::string_view name) {
    return name.size() == f.size() && starts_with_ignoring_case(name, f);
  };
  int prefixed = -1, other_name = -1;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (other_name < 0 && i < also.size() && same(also[i])) other_name = static_cast<int>(i);
    if (same(shown[i])) return static_cast<int>(i);
    if (prefixed < 0 && starts_with_ignoring_case(shown[i], f)) prefixed = static_cast<int>(i);
  }
  return other_name >= 0 ? other_name : prefixed >= 0 ? prefixed : 0;
}

bool picker_matches(std::string_view filter, std::string_view mnemonic, std::string_view group,
                    std::string_view also) {
  for (std::size_t start = 0; start < filter.size();) {
    const std::size_t end = std::min(filter.find(' ', start), filter.size());
    const std::string_view word = filter.substr(start, end - start);
    const bool is_group =
        word.size() == group.size() && std::equal(word.begin(), word.end(), group.begin(), same_letter);
    if (!word.empty() && !is_group && !contains_ignoring_case(mnemonic, word) &&
        !(!also.empty() && contains_ignoring_case(also, word)))
      return false;
    start = end + 1;
  }
  return true;
}

bool wgmma_entry_shown(std::string_view filter, int index) {
  const WgmmaInstruction& in = wgmma_catalogue()[static_cast<std::size_t>(index)];
  return picker_matches(filter, in.mnemonic, in.group);
}

}  // namespace fragviz::app
