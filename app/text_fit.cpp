#include "text_fit.hpp"

#include <algorithm>
#include <numeric>

namespace fragviz::app {

std::vector<float> fit_widths(const std::vector<float>& natural, float available) {
  std::vector<float> out(natural.size(), 0.f);
  available = std::max(0.f, available);
  float total = 0;
  for (float w : natural) total += std::max(0.f, w);
  if (total <= available) {
    for (std::size_t i = 0; i < natural.size(); ++i) out[i] = std::max(0.f, natural[i]);
    return out;
  }
  // Water-filling: settle the narrowest segments first; each takes its natural width when that is
  // under an equal share of what is left, else every segment still open gets that share.
  std::vector<std::size_t> order(natural.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return natural[a] < natural[b]; });
  float left = available;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const float share = left / static_cast<float>(order.size() - k);
    const float want = std::max(0.f, natural[order[k]]);
    if (want <= share) {
      out[order[k]] = want;
      left -= want;
    } else {
      for (std::size_t m = k; m < order.size(); ++m) out[order[m]] = share;
      break;
    }
  }
  return out;
}

std::vector<float> fit_widths_first(const std::vector<float>& natural, float available, float first_share) {
  if (natural.empty()) return {};
  available = std::max(0.f, available);
  float others = 0;
  for (std::size_t i = 1; i < natural.size(); ++i) others += std::max(0.f, natural[i]);
  const float first =
      std::min(std::max(0.f, natural[0]), std::max(available * first_share, available - others));
  const std::vector<float> rest =
      fit_widths(std::vector<float>(natural.begin() + 1, natural.end()), available - first);
  std::vector<float> out{first};
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

std::string elide(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
  if (measure(text) <= width) return std::string(text);
  constexpr std::string_view kDots = "...";
  if (measure(kDots) > width) return {};
  // Cut points at UTF-8 character starts only; the longest prefix that fits with the dots.
  std::vector<std::size_t> cuts;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) cuts.push_back(i);
  std::size_t lo = 0, hi = cuts.size();  // cuts[0] == 0 (the empty prefix) always fits
  while (lo + 1 < hi) {
    const std::size_t mid = (lo + hi) / 2;
    const std::string candidate = std::string(text.substr(0, cuts[mid])) + std::string(kDots);
    if (measure(candidate) <= width)
      lo = mid;
    else
      hi = mid;
  }
  std::string out(text.substr(0, cuts.empty() ? 0 : cuts[lo]));
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + std::string(kDots);
}

std::string wrap_at_spaces(std::string_view text, float width,
                           const std::function<float(std::string_view)>& measure) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view para = text.substr(start, end - start);
    // Greedy: the longest run of whole words that fits, then the next line from the word after.
    while (!para.empty() && measure(para) > width) {
      std::size_t cut = std::string_view::npos;
      for (std::size_t sp = para.find(' '); sp != std::string_view::npos; sp = para.find(' ', sp + 1)) {
        if (sp > 0 && measure(para.substr(0, sp)) > width) break;
        cut = sp;
      }
      if (cut == std::string_view::npos || cut == 0) cut = para.find(' ', 1);  // a word wider than the line
      if (cut == std::string_view::npos) break;
      out.append(para.substr(0, cut)).push_back('\n');
      para.remove_prefix(cut + 1);
    }
    out.append(para);
    if (end >= text.size()) break;
    out.push_back('\n');
    start = end + 1;
  }
  return out;
}

}  // namespace fragviz::app
