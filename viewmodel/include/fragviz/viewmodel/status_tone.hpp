// What a status line's colour says (a verdict, a warning, a note), and the colour of each on the
// screen's paper and the document's: the app draws its lines in the screen colours and File > Export
// writes the same lines in the same colours (the screen palette) or their document equivalents, so
// a picture cannot colour a line otherwise than the screen. Plain data, no ImGui.
#pragma once

#include <cstdint>
#include <optional>

#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {

/// What a line's colour says.
enum class Tone : std::uint8_t {
  dim,   ///< a note or detail: the paper's dim text (palette.json's "dim")
  good,  ///< a verdict that holds (no conflicts, all match)
  warn,  ///< a cost, not an error (bank conflicts)
  bad,   ///< an error (illegal, wrong)
};

/// The screen's verdict colours, 8 bits a channel: what ImGui draws for the app's kGreenV, kAmberV
/// and kRedV (panels.hpp makes those from these).
inline constexpr Rgb kScreenGood{102, 217, 128}, kScreenWarn{255, 199, 51}, kScreenBad{242, 89, 77};
/// The same verdicts on the document's white paper, dark enough to read there.
inline constexpr Rgb kDocumentGood{30, 150, 60}, kDocumentWarn{190, 120, 0}, kDocumentBad{210, 40, 40};

/// Tone `t`'s colour on the screen's paper (`screen`) or the document's; nullopt for dim, which is
/// the paper's own dim text.
constexpr std::optional<Rgb> tone_colour(Tone t, bool screen) {
  switch (t) {
    case Tone::good:
      return screen ? kScreenGood : kDocumentGood;
    case Tone::warn:
      return screen ? kScreenWarn : kDocumentWarn;
    case Tone::bad:
      return screen ? kScreenBad : kDocumentBad;
    case Tone::dim:
      break;
  }
  return std::nullopt;
}

}  // namespace fragviz::app
