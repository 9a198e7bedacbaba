// The join of a TiledCopy and a TiledMMA, judged per thread and register: does the register a
// thread receives from the copy (through CuTe's retile of its fragment) hold the (m,k) cell the
// MMA's A fragment expects in that register? Likewise B, and for C the store: does the stmatrix
// (or vector store) write each accumulator register to the (m,n) cell the MMA computed there?
//
// One tile of the tiled MMA is judged: the fragment of thread t is CuTe's partition_fragment of
// that tile, numbered compactly (register slot r = the colexicographic index over
// (FrgV, Rest0, Rest1), the order of layout_tv(t, r)). The copy's side:
//  - retile(fragment) says which slot receives (or gives) copy value (a, x): value a of atom call x;
//  - the shared-memory side is CuTe's partition (get_layoutS_TV for a load, get_layoutD_TV for a
//    store): the cells whose addresses each thread gives;
//  - what the instruction moves between them is fragviz's model of the PTX ISA, not CuTe's
//    copy traits: ldmatrix/stmatrix register j of lane l holds matrix j's (row, byte) of
//    isa/ldmatrix.hpp's ldmatrix_byte, the row addressed by lane 8j + row of the same warp; a
//    universal copy or cp.async moves a thread's own vector.
// Where CuTe's own partition of the register side names another cell than that model, the join
// counts it (cute_disagrees): CuTe's copy traits and the PTX ISA would part there.
// Pure model: no CUDA, no GL.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fragviz/tile/tiled_copy.hpp"

namespace fragviz::tile {

/// One (thread, value) of the join: value V<slot> of the thread's fragment.
struct JoinCell {
  std::int64_t thread = 0;
  std::int64_t slot = 0;        ///< the fragment's value index V (layout_tv's value mode)
  std::int64_t copy_value = 0;  ///< the copy value i = a + atom_values * x that lands there
  Cell moved;                   ///< load: the cell the instruction delivers; store: the cell it writes to
  Cell expected;                ///< the cell the MMA's fragment has at that slot
  Cell cute;                    ///< the cell CuTe's register-side partition names for copy value i
  bool match() const { return moved == expected; }
};

/// The join of one operand.
struct Join {
  Operand operand = Operand::A;
  bool store = false;                    ///< C: registers to shared memory; A, B: shared memory to registers
  std::int64_t threads = 0, values = 0;  ///< threads x fragment values (V0..) judged
  std::vector<JoinCell> cells;           ///< thread-major, then copy value
  std::int64_t mismatches = 0;
  std::int64_t cute_disagrees = 0;  ///< cells where CuTe's partition and the PTX model part
  /// Register groups (one 32-bit register of ldmatrix/stmatrix, one vector of a universal copy)
  /// whose values sit in slots that are not consecutive and aligned: CuTe's copy_unpack could not
  /// recast them to the instruction's registers ("failed to vectorize into registers").
  std::int64_t unvectorized = 0;
  std::string vector_run;  ///< how each thread's shared-memory vector runs: "along k (8 values)"
  /// The first mismatch, thread-major (nullptr when none).
  const JoinCell* first_mismatch() const;
  /// "all 1024 match (128 threads x 8 values)", or the first mismatch in words: "thread 37 V2:
  /// delivered (25,2), expected (17,10) (5 of 1024 differ)" (V2: the thread's value 2, CuTe's V).
  std::string verdict() const;
};

/// Where copy value `value` (0 <= value < atom_values) of one atom call of `thread` lies on the
/// shared-memory side, by the PTX ISA's model (the header comment): the thread whose shared-memory
/// vector (row address) holds it, and its index in that vector, in values. A universal copy: the
/// thread itself and `value`.
struct CopySource {
  std::int64_t thread = 0;
  std::int64_t element = 0;
};
CopySource copy_source(const TiledCopy& copy, std::int64_t thread, std::int64_t value);

/// Judges `copy` (made for the same tile: make_tiled_copy_for, or any copy over the same tile and
/// threads) against `mma`'s operand `op`. Refused where the two do not meet: a copy whose thread
/// count or tile differs from the MMA's, an ldmatrix for C or a stmatrix for A/B, an operand that
/// comes through a descriptor (GMMA), a retile that does not cover the fragment once, .trans of
/// other than 16-bit values.
Result<Join> join(const TiledCopy& copy, const TiledMma& mma, Operand op);

}  // namespace fragviz::tile
