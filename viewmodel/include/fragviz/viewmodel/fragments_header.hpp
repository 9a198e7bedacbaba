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

}  // namespace fragviz::app
