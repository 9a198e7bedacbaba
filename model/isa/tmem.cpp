// Tensor memory: access refusals and shape names (the maps are constexpr in tmem.hpp).
#include "fragviz/isa/tmem.hpp"

namespace fragviz {

std::optional<std::string> tmem_warp_refusal(int warp_id) {
  if (warp_id >= 0 && warp_id < kCtaMaxWarps) return std::nullopt;
  return "the warp id is 0-" + std::to_string(kCtaMaxWarps - 1) + " (a CTA has up to " +
         std::to_string(kCtaMaxWarps) + " warps, " + std::to_string(32 * kCtaMaxWarps) + " threads), not " +
         std::to_string(warp_id);
}

std::optional<std::string> tmem_access_refusal(TmemShape s, int num, int warp_id, int taddr_lane) {
  if (!tmem_num_valid(s, num))
    return "." + std::string(to_string(s)) + " takes .num = .x1, .x2, .x4, ... up to .x" +
           std::to_string(tmem_max_num(s)) + ", not " + std::to_string(num);
  if (auto why = tmem_warp_refusal(warp_id)) return why;
  const int base = tmem_warp_lane_base(warp_id);
  const int last = taddr_lane + tmem_shape_lanes(s) - 1;
  if (taddr_lane < base || last > base + 31)
    return "warp " + std::to_string(warp_id) + " (warp id % 4 = " + std::to_string(warp_id % 4) +
           ") reaches TMEM lanes " + std::to_string(base) + "-" + std::to_string(base + 31) + " only; ." +
           std::string(to_string(s)) + " at lane " + std::to_string(taddr_lane) + " touches lanes " +
           std::to_string(taddr_lane) + "-" + std::to_string(last);
  return std::nullopt;
}

std::string_view to_string(TmemShape s) {
  switch (s) {
    case TmemShape::s32x32b:
      return "32x32b";
    case TmemShape::s16x64b:
      return "16x64b";
    case TmemShape::s16x128b:
      return "16x128b";
    case TmemShape::s16x256b:
      return "16x256b";
    case TmemShape::s16x32bx2:
      return "16x32bx2";
  }
  return "?";
}

std::optional<TmemShape> parse_tmem_shape(std::string_view t) {
  if (!t.empty() && t[0] == '.') t.remove_prefix(1);
  for (TmemShape s : {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b, TmemShape::s16x256b,
                      TmemShape::s16x32bx2})
    if (t == to_string(s)) return s;
  return std::nullopt;
}

std::optional<int> parse_tmem_num(std::string_view t) {
  if (!t.empty() && t[0] == '.') t.remove_prefix(1);
  if (!t.empty() && (t[0] == 'x' || t[0] == 'X')) t.remove_prefix(1);
  if (t.empty() || t.size() > 3 || t.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  int n = 0;
  for (char c : t) n = n * 10 + (c - '0');
  if (n < 1 || n > 128 || (n & (n - 1)) != 0) return std::nullopt;
  return n;
}

}  // namespace fragviz
