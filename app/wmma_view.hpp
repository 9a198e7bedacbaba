// The fragments view's WMMA mode without a window: for one nvcuda::wmma fragment kind, what a
// probe report measured (who holds each cell, the relation to mma.sync) or why nothing is drawn.
// WMMA publishes no map, so there is no model to fall back on: without a measurement the view
// says so and draws nothing (fragviz/isa/wmma.hpp).
#pragma once

#include <string>
#include <vector>

#include "fragviz/isa/wmma.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz::app {

/// What the view says instead of a grid when it has no measurement of the kind.
inline constexpr const char* kWmmaNoMapping =
    "WMMA has no published mapping: nvcuda::wmma's fragment layout is \"unspecified and subject to "
    "change\", so nothing is drawn without a measurement (no model stands in for one).";

/// One slot holding a cell: lane `lane`'s x[slot].
struct WmmaHolder {
  int lane = 0, slot = 0;
};

/// One kind as the view shows it.
struct WmmaView {
  const WmmaKind* kind = nullptr;
  bool measured = false;  ///< the report holds a map of it: draw it
  std::string title;      ///< "wmma.m16n16k16.matrix_a.row.f16: fragment<...>, wmma.load.a..."
  std::string label;      ///< "measured on NVIDIA H200, sm_90: not a contract"
  std::string holders_text, relation, same_as;
  /// When !measured: why nothing is drawn, and how to measure it (several sentences).
  std::string nothing;
  std::vector<std::vector<WmmaHolder>> holders;  ///< per cell (row * cols + col), every slot holding it
  const std::vector<WmmaHolder>& at(int row, int col) const {
    return holders[static_cast<std::size_t>(row * wmma_cols(*kind) + col)];
  }
};

/// The view of `kind` from `report` (null: none), `measured_label` being whose measurement it is
/// ("measured on NVIDIA H200, sm_90", with where it came from).
WmmaView compute_wmma_view(const WmmaKind& kind, const ProbeReport* report,
                           const std::string& measured_label);

/// What the picker says next to a kind: "measured", "not run" or "" (the report does not have it).
std::string wmma_status(const WmmaKind& kind, const ProbeReport* report);

}  // namespace fragviz::app
