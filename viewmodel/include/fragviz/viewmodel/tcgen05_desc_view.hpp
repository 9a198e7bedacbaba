// The descriptor view's sm_100 side, window-free: a tcgen05 shared-memory matrix descriptor (64
// bits; its own swizzle codes, the fixed 0b001 of bits 46-48, LBO mode) and a tcgen05.mma
// instruction descriptor (32 bits, read with a chosen .kind) decoded field by field with the
// model's refusals (fragviz/isa/tcgen05_desc.hpp), under the model's own status line. The panel
// (app/panels/panel_descriptor_sm100.cpp) draws it; the state dump reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/tcgen05_desc.hpp"

namespace fragviz::app {

/// Which descriptor the descriptor view decodes: Hopper's wgmma (sm_90) or Blackwell's tcgen05 (sm_100).
enum class DescriptorArch : std::uint8_t { sm90, sm100 };

/// The sm_100 side's controls (AppState::descriptor_sm100). Both words are kept as typed hex.
struct Sm100DescriptorControls {
  DescriptorArch arch = DescriptorArch::sm90;
  /// Start 0, LBO 16, SBO 1024 bytes, swizzle 128B (code 2), bits 46-48 = 0b001.
  std::string smem = "0x4000404000010000";
  UmmaKind kind = UmmaKind::f16;
  /// .kind::f16, D f32, A and B f16 K-major, N 256, M 128.
  std::string idesc = "0x08400010";
};

/// One decoded word: its lines (as fragviz-cli prints them) and the verdict.
struct DecodedWord {
  bool read = false;  ///< the hex text read as a word of the right width
  std::string error;  ///< why not, when !read
  std::uint64_t bits = 0;
  std::vector<std::string> lines;
  std::optional<std::string> refusal;  ///< why an sm_100 tcgen05.mma cannot use it, or none
  std::optional<std::string>
      warning;  ///< what fragviz cannot settle from the bits (umma_base_offset_warning)
};

/// Both words decoded, with the sources and the status line.
struct Sm100DescriptorView {
  std::string status;  ///< sm100_model_only_line()
  DecodedWord smem;    ///< PTX ISA 9.1, 9.7.16.4.1 (Table 40)
  DecodedWord idesc;   ///< PTX ISA 9.1, 9.7.16.4.2 (Table 42, 43 or 44 by kind)
  std::string smem_source, idesc_source;
};

/// Hex digits (an optional 0x) of at most `max_digits`: the value, or nullopt.
std::optional<std::uint64_t> parse_descriptor_hex(std::string_view text, std::size_t max_digits);

/// The view of `c`'s two words.
Sm100DescriptorView make_sm100_descriptor_view(const Sm100DescriptorControls& c);

/// "0x" and 16 (or `digits`) upper-case hex digits of `bits`.
std::string descriptor_hex(std::uint64_t bits, int digits = 16);

}  // namespace fragviz::app
