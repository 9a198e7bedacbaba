// Results of the Hopper probes (wgmma, its descriptors, stmatrix, movmatrix, the epilogue) and the
// element check every probe shares: plain data, serialised with the rest of the report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/smem_descriptor.hpp"

namespace fragviz {

/// One fragment element: where the model says it is and where the hardware put it.
struct ElementCheck {
  Operand operand = Operand::A;
  int lane = 0;
  int element = 0;
  Coord expected{};
  std::optional<Coord> measured;  ///< nullopt when the value named no cell
  /// ldmatrix probe: raw 16-bit pattern (A/B) or float bits (C). Instruction probe: the label
  /// the tensor core returned for this element (A/B), or the D register's bits (C).
  std::uint32_t raw = 0;
  bool match() const { return measured && *measured == expected; }
};

/// One operand read through a descriptor, probed: the model's and the measured byte offset (from
/// the 1024-byte aligned shared base) of every element, index mn * k_extent + k.
struct DescriptorProbe {
  Operand operand = Operand::B;  ///< A or B
  SmemOperandLayout layout{};
  std::uint32_t start = 0;       ///< descriptor start, bytes from the base
  std::uint64_t descriptor = 0;  ///< as issued, with the start field of a base at 0
  std::vector<std::uint32_t> expected;
  std::vector<std::int64_t> measured;  ///< -1 where the value named no element address
  int mismatches() const;
};

/// One wgmma catalogue entry probed on the device.
struct WgmmaProbe {
  std::string mnemonic;
  bool ran = false;
  std::string skipped;          ///< why not run (no sm_90a device, not requested)
  std::vector<ElementCheck> d;  ///< operand C (D), lane = warpgroup thread 0-127
  std::vector<ElementCheck> a;  ///< operand A from registers
  std::vector<DescriptorProbe> descriptors;
  int passes = 0;  ///< wgmma issued
  bool tile_exact = false;
  std::string tile_detail;  ///< first mismatch when !tile_exact
  int mismatches() const;   ///< over d, a, descriptors and the tile
};

/// One cell of a stmatrix / movmatrix / epilogue probe: register `reg` half `half` of `lane`.
struct MoveCheck {
  int lane = 0, reg = 0, half = 0;
  /// stmatrix/epilogue: tile (row, col) the model stores it to; movmatrix: the source element
  /// (row, col) the model says this destination half holds
  Coord expected{};
  std::optional<Coord> measured;  ///< what the device did
  Coord fragment{};               ///< epilogue only: where the accumulator element belongs
  bool match() const { return measured && *measured == expected; }
};

/// stmatrix (6 forms), movmatrix, and the epilogue presets, probed on the device.
struct MatrixMoveProbe {
  std::string mnemonic;  ///< the PTX mnemonic; for an epilogue the stmatrix form
  std::string kind;      ///< "stmatrix", "movmatrix" or "epilogue"
  std::string detail;    ///< epilogue: preset name and the mma it stores
  bool ran = false;
  std::string skipped;
  std::vector<MoveCheck> cells;
  int stray_writes = 0;  ///< stmatrix/epilogue: tile cells written that no register should reach
  int mismatches() const;
  /// Epilogue: cells whose stored position differs from the fragment's (the model's verdict on
  /// the register order, checked against the device by `cells`).
  int order_differences() const;
};

}  // namespace fragviz
