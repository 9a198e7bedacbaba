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

}  // namespace fragviz::app
