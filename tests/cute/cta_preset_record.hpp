// What CuTe computes for each CTA tile preset (model/tile/cta_presets.hpp), for
// test_cute_cta_presets.cpp: the preset's TiledMMA and TiledCopy layouts, and over the whole CTA
// tile each thread's partition_A/B/C (the cell of every register), each thread's partition_S/D of
// the shared layout (the byte of every copy call's vector), every element's byte in the shared
// layouts, each global -> shared cp.async copy's source and destination, and for the attention
// preset FlashAttention-2's convert_layout_acc_Aregs of the accumulator. The CuTe side (cute_cta_presets.cpp)
// knows nothing of fragviz.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "tiled_record.hpp"

namespace tiled_oracle {

/// One operand of a preset as CuTe has it.
struct CtaOperandRecord {
  bool registers = false;        ///< a register fragment (not a GMMA descriptor operand)
  std::vector<long long> cells;  ///< per thread, per register of partition_X over the CTA: row, col
  long long registers_per_thread = 0;
  bool copy = false;      ///< a TiledCopy made for it
  LayoutRecord tv, s, d;  ///< TiledLayout_TV, get_layoutS_TV, get_layoutD_TV
  std::string tiler;
  /// partition_S (load) / partition_D (store) of the shared tensor: per (tile1, tile0, thread, call)
  /// the byte offset of the call's first value.
  std::vector<long long> addresses;
  bool layout = false;
  std::vector<long long> bytes;  ///< every element's byte offset, (row, col) row-major
  /// The global -> shared copy (make_tiled_copy of cp.async): its TiledLayout_TV and tiler, and per
  /// (thread, tile1, tile0, call) of partition_S of the compact global tile and partition_D of the
  /// shared tensor the byte offset of the call's first value.
  bool gmem = false;
  LayoutRecord gmem_tv;
  std::string gmem_tiler;
  std::vector<long long> gmem_src, gmem_dst;
  /// The user's make_tiled_copy (not make_tiled_copy_X): per thread, per register of the MMA's
  /// fragment, the cell (row, col) CuTe's copy(partition_S(smem), retile_D(fragment)) put there.
  std::vector<long long> delivered;
};

/// One preset.
struct CtaPresetRecord {
  std::string preset;
  LayoutRecord vmnk, a, b, c;
  long long tile[3] = {0, 0, 0};
  std::array<CtaOperandRecord, 3> operands;
  /// FA2's convert_layout_acc_Aregs of partition_C, per thread and A register: row, col of C.
  std::vector<long long> reuse_cells;
};

struct CtaPresetCase {
  std::string preset;
  std::function<CtaPresetRecord()> make;
};
void cta_preset_cases(std::vector<CtaPresetCase>& out);  ///< cute_cta_presets.cpp

}  // namespace tiled_oracle
