// GPU drawing of the gate's n x n output (4M cells do not fit an ImGui draw list): per-element
// mismatch flags in an R8 texture (with max-reduced mip levels), coloured by shaders/output.frag into an FBO
// texture that the output panel shows with ImGui::Image. Re-renders only when the view, mode or data change.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app_state.hpp"
#include "fragviz/gate/gate_output.hpp"

namespace fragviz::app {

class OutputRenderer {
 public:
  OutputRenderer() = default;
  OutputRenderer(const OutputRenderer&) = delete;
  OutputRenderer& operator=(const OutputRenderer&) = delete;
  ~OutputRenderer();

  /// Compiles the embedded shaders. Needs a current GL 3.3 context. Returns an error or "".
  std::string init();
  bool ready() const { return program_ != 0; }

  /// Uses `report`'s flags (from output/reference when in memory, else its recorded mismatch
  /// list); null shows ownership only for an n x n matrix. Uploads only when the report changes.
  void set_data(const std::shared_ptr<const GateReport>& report, int n);

  /// The block, warp and instruction tiles the block, warp and lane colours follow (the run's
  /// variant's GateVariantInfo::output); re-renders when they change.
  void set_tiling(const GateOutputTiling& t);
  const GateOutputTiling& tiling() const { return tiling_; }

  /// Renders at `w` x `h` pixels; returns the colour texture (0 when not ready).
  unsigned render(int w, int h, const OutputViewport& view, OutputColour mode);

  int n() const { return n_; }
  bool has_data() const { return has_data_; }
  /// Elements flagged as mismatching in the uploaded data.
  std::uint64_t flagged() const { return flagged_; }
  /// When the report records only the first of its mismatches (row-major order) and not the
  /// output itself: the last recorded (row, col); elements after it are unknown, drawn grey.
  /// (-1, -1) when nothing at all was recorded. nullopt when every element is known.
  const std::optional<Coord>& known_until() const { return known_until_; }

 private:
  unsigned program_ = 0, vao_ = 0, flags_tex_ = 0, fbo_ = 0, colour_tex_ = 0;
  int fbo_w_ = 0, fbo_h_ = 0;
  int n_ = 0;
  /// Largest side of the flag texture; bigger outputs are reduced, any mismatch per texel wins.
  static constexpr int kMaxFlagSide = 4096;
  int flag_scale_ = 1;   ///< elements per texel side
  int flag_side_ = 1;    ///< texels per side holding elements
  int flag_levels_ = 1;  ///< mip levels of the flag texture, each the max of the one below
  bool has_data_ = false;
  std::uint64_t flagged_ = 0;
  std::optional<Coord> known_until_;
  GateOutputTiling tiling_{};
  const GateReport* data_key_ = nullptr;
  bool dirty_ = true;
  OutputViewport last_view_{};
  OutputColour last_mode_ = OutputColour::mismatch;
};

}  // namespace fragviz::app
