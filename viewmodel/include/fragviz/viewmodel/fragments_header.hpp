// The fragments view's header: the lines under the mnemonic that the screen's corner legend and the
// export's caption both show, from one definition.
#pragma once

#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"

namespace fragviz::app {

/// The header of `in`'s fragments view, one line each: the operation ("D = A x B + C   (C and D
/// share one layout)", or the popc forms of b1), the lane split "groupID = lane >> 2,
/// threadID_in_group = lane % 4" (PTX ISA, Matrix Fragments for mma.m16n8k*), and the elements
/// each lane holds ("per lane: A 4 x .f16, B 2 x .f16, C/D 4 x .f32").
std::vector<std::string> fragments_header_lines(const Instruction& in);

/// What a figure of `in` rests on when no GPU has run it, the app's status line and the CLI's
/// `layout` in one line: an arch-specific entry (sm_120a) gives the catalogue's model_status with
/// its target, "model only (needs sm_120a): PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU";
/// every other entry (measured on the H200, or runnable there) gives "".
std::string fragments_model_status(const Instruction& in);

}  // namespace fragviz::app
