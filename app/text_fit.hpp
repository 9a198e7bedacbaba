// Fitting text segments into one line of fixed width (the status strip): each segment gets a share
// of the width and is cut with "..." when it does not fit, so no message runs off the window; the
// full text goes in a tooltip. Pure functions over a text-measuring callback: no ImGui here.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fragviz::app {

/// Widths for segments of `natural` widths side by side in `available`: every segment its natural
/// width when they all fit; otherwise the narrow ones keep theirs and the others share what is
/// left equally (water-filling), so a long message cannot push the ones after it out of sight.
/// The widths never add up to more than `available` (nor below 0).
std::vector<float> fit_widths(const std::vector<float>& natural, float available);

/// Like fit_widths, but the first segment (the strip's headline: what the views show) keeps its
/// natural width up to `first_share` of the line (more when the others leave room), and the others
/// share the rest.
std::vector<float> fit_widths_first(const std::vector<float>& natural, float available, float first_share);

/// `text` as it fits in `width` by `measure`: all of it, or its longest prefix (whole UTF-8
/// characters) followed by "..."; "" when not even "..." fits.
std::string elide(std::string_view text, float width, const std::function<float(std::string_view)>& measure);

/// `text` with each line broken at its last space before it passes `width` by `measure` (the
/// breaking space dropped, its own newlines kept): ImGui's wrap also breaks after '.', which split
/// "register bits 31..16" into "31." and ".16" (newcomer round 33). A word wider than `width` keeps
/// a line of its own, whole.
std::string wrap_at_spaces(std::string_view text, float width,
                           const std::function<float(std::string_view)>& measure);

}  // namespace fragviz::app
