// Where the scale factors of a block-scaled mma.sync (.kind::mxf8f6f4, mxf4, mxf4nvf4; sm_120a)
// sit in the warp's registers. Model only: no GPU has run it here (docs/guide/blackwell.md).
//
// Source: PTX ISA 9.2, 9.7.14.3 "Block Scaling for mma.sync" (9.7.15.3 in a later edition):
// - scale_A is M x vec, scale_B vec x N for .scale_vec::vecX (Table 35): each row of A and column
//   of B is cut along K into vec chunks ("k-blocks") of K / vec elements, each with its own scale.
// - Each lane passes one 32-bit scale-a-data and scale-b-data; the selector {byte-id, thread-id}
//   ("unsigned 16-bit integer values": immediates in the probe kernels, 16-bit registers in CuTe)
//   picks which lanes and bytes the mma reads:
//   - thread-id-a picks a thread pair of every quad: 0 the lanes with %laneid % 4 in {0, 1}, 1
//     those with {2, 3} (Figure 43). thread-id-b picks one thread: %laneid % 4 == thread-id-b
//     (Figure 44).
//   - byte-id: .scale_vec::1X one byte (byte-id 0-3); 2X a byte pair (byte-id 0 or 2: bytes
//     byte-id and byte-id + 1); 4X all four bytes (byte-id 0) (Figure 45, and the table of valid
//     selector values after it).
// - Within a quad, lane 4g + r serves row g (A) or column g (B), as the operand fragments do
//   (groupID = %laneid >> 2). Which of A's thread pair holds row g and which row g + 8 is drawn in
//   Figure 43 only (an image): fragviz takes the lower lane of the pair for row g and the upper for
//   row g + 8, as CuTe 4.2's SFALayout has it and as a public hardware probe reports
//   (docs/guide/blackwell.md, "sm_120"). The bytes of a pair or word are taken in k order, low byte
//   first (Figure 45; CuTe recasts its K-ordered scale values to the register the same way).
#pragma once

#include <optional>
#include <string>

#include "fragviz/isa/catalogue.hpp"

namespace fragviz {

/// Which scale operand: scale-a-data (per row of A) or scale-b-data (per column of B).
enum class ScaleOperand { A, B };
/// "sfa", "sfb".
std::string_view to_string(ScaleOperand op);
/// Parses "sfa"/"sfb" (also "SFA"/"SFB", "scale_a"/"scale_b"); nullopt otherwise.
std::optional<ScaleOperand> parse_scale_operand(std::string_view text);

/// The immediate selector {byte-id, thread-id} of one scale operand.
struct ScaleSelector {
  int byte_id = 0;
  int thread_id = 0;
};

/// What one byte of a lane's scale register scales: row `index` of A (scale-a-data) or column
/// `index` of B (scale-b-data), over k-block `k_block`: K columns [k_block * chunk, (k_block + 1)
/// * chunk) with chunk = scale_chunk_k(in).
struct ScaleCell {
  int index = 0;
  int k_block = 0;
  friend bool operator==(const ScaleCell& a, const ScaleCell& b) {
    return a.index == b.index && a.k_block == b.k_block;
  }
};

/// K elements per scale (K / vec): 32 for mxf8f6f4 (1X of K 32) and the 2X forms of K 64, 16 for
/// 4X. 0 for an mma without block scaling.
int scale_chunk_k(const Instruction& in);

/// Why `sel` is not a valid selector of `op` for `in` (PTX ISA 9.2, 9.7.14.3, the table of valid
/// selector values: byte-id 0-3 for 1X, 0 or 2 for 2X, 0 for 4X; thread-id-a 0-1, thread-id-b
/// 0-3), or empty. Also refuses an mma without block scaling.
std::string scale_selector_problem(const Instruction& in, ScaleOperand op, ScaleSelector sel);

/// Which row (A) or column (B) and k-block byte `byte` (0-3, low first) of lane `lane`'s scale
/// register feeds under selector `sel`; nullopt where the mma ignores that byte, for an invalid
/// selector (scale_selector_problem) or lane/byte out of range.
std::optional<ScaleCell> scale_factor_cell(const Instruction& in, ScaleOperand op, ScaleSelector sel,
                                           int lane, int byte);

/// Where a scale lives: lane and byte of its scale register.
struct ScaleHolder {
  int lane = 0;
  int byte = 0;
};
/// The one (lane, byte) holding the scale of row/column `index`, k-block `k_block` under `sel`
/// (the inverse of scale_factor_cell); nullopt out of range or for an invalid selector.
std::optional<ScaleHolder> scale_factor_holder(const Instruction& in, ScaleOperand op, ScaleSelector sel,
                                               int index, int k_block);

}  // namespace fragviz
