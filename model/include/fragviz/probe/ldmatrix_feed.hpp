// The "through ldmatrix" probe of any catalogue instruction, host side (no CUDA): each operand
// with an ldmatrix form (fragment_load) is stored in shared memory as that load assumes, loaded by
// the real ldmatrix with the load's lane addresses and fed to the real mma.sync. The kernel
// (gpu/cuda/mma_probe_kernels.cu, launch_mma_ldmatrix_probe) only copies images and issues
// instructions; every address, image and verdict is made here and unit tested without a GPU
// (tests/unit/test_ldmatrix_feed.cpp).
//
// Every pass of one launch copies the pass's stored images of A and B into shared memory, loads
// each loaded operand with ldmatrix (the other from registers, as the register probe does), runs
// the mma and writes D and the A and B registers it was given. Passes:
// - two byte passes: every byte of a stored image (pads included) holds one byte of its own index
//   i in the image, i & 0xFF in the first pass and i >> 8 in the second, so the two bytes a
//   register byte receives name the stored byte it came from: which byte each lane receives,
//   measured. Their D is not judged.
// - the tensor-core probe's passes (mma_probe.hpp), with each loaded operand's registers written
//   into its stored image instead (the catalogue places each element, the load's storage stores
//   it): D is judged by judge_mma_probe, so every element the tensor core used is named through
//   the real ldmatrix, and the exact tile goes through it too.
// Images are stored with a row stride of the stored row's bytes + 16 (the seed's pad of 8 halves),
// so row starts stay 16-byte aligned and a load that strays reads a pad byte, which names no cell.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// Byte passes before the tensor-core probe's passes.
inline constexpr int kFeedBytePasses = 2;

/// One operand of the through-ldmatrix probe.
struct FeedOperand {
  std::optional<FragmentLoad> load;  ///< through ldmatrix; nullopt: fed from registers
  int stride_bytes = 0;              ///< stored row bytes + 16
  int image_bytes = 0;               ///< stored rows x stride_bytes (a multiple of 16); 0 when not loaded
  /// Byte offset from the image base each lane passes (lanes beyond the address lanes repeat
  /// lane % address_lanes, the sm_75 rule).
  std::array<std::uint32_t, kWarpSize> lane_offsets{};
};

/// Everything one instruction's through-ldmatrix probe feeds the kernel.
struct LdmatrixFeedPlan {
  const Instruction* instr = nullptr;
  FeedOperand a, b;
  MmaProbePlan mma;  ///< the tensor-core probe's passes, judged on D
  int passes = 0;    ///< kFeedBytePasses + mma.passes
  /// Pass-major images: passes x image_bytes of A and of B (empty for an operand not loaded).
  std::vector<std::uint8_t> a_images, b_images;
  /// Pass-major, lane-major register words the kernel reads for an operand not loaded and for C:
  /// passes x 32 x words_per_lane (zero in the byte passes).
  std::vector<std::uint32_t> a_words, b_words, c_words;
  const FeedOperand& operand(Operand op) const { return op == Operand::A ? a : b; }
};

/// Why `in` has no through-ldmatrix probe (neither A nor B has an ldmatrix form), or empty.
std::string feed_problem(const Instruction& in);

/// The operand layout of the probe (loads, strides, offsets), without images: what a report's
/// stored raw bytes are decoded against.
FeedOperand feed_operand(const Instruction& in, Operand op);

/// Builds every pass for `in` (plan_mma_probe plus the two byte passes). Precondition:
/// feed_problem(in) is empty.
LdmatrixFeedPlan plan_ldmatrix_feed(const Instruction& in);

/// Operand cell that a byte-pass label (an index into `o`'s stored image) names for the element
/// whose bits start at `bit` of its register (bit % 8 selects the element inside the byte), or
/// nullopt (a pad byte, or beyond the image).
std::optional<Coord> decode_feed_label(const FeedOperand& o, std::uint32_t label, int bit);

/// Judges one run: `d` is passes x 32 x words_per_lane(C), `a_got` / `b_got` the registers the
/// mma was given (passes x 32 x words_per_lane), `a_offsets` / `b_offsets` the offsets the lanes
/// passed (measured). Fills `bytes` from the byte passes and `mma` from judge_mma_probe.
LdmatrixFedProbe judge_ldmatrix_feed(const LdmatrixFeedPlan& plan, const std::vector<std::uint32_t>& d,
                                     const std::vector<std::uint32_t>& a_got,
                                     const std::vector<std::uint32_t>& b_got,
                                     const std::array<std::uint32_t, kWarpSize>& a_offsets,
                                     const std::array<std::uint32_t, kWarpSize>& b_offsets);

/// "mma.sync...: through ldmatrix (A ldmatrix...x4, B ...x2): all 768 received bytes' elements as
/// the PTX tables place them; mma: all 896 elements match, tile exact, 41 passes", the first
/// mismatch named, or why it did not run.
std::string describe_fed_probe(const LdmatrixFedProbe& p);

}  // namespace fragviz
