// How fragviz names what a lane holds: one scheme for the CLI, the app's tooltips, the lane
// inspector, the warpgroup view and the exports.
//
//   element   a0..a7, b0..b3, c0..c3: the names PTX ISA's fragment figures give them ("Matrix
//             Fragments for mma.m16n8k16": a0..a7 for A, c0..c3 for the accumulator C/D), and
//             d0.. for wgmma's D ("Register Fragments and Shared Memory Matrix Layouts": wgmma has
//             no C operand, it accumulates into D).
//   register  the elements it holds in braces, as PTX writes a vector operand: {a0,a1} for two
//             .f16, {a0,a1,a2,a3} for four .s8, {a0..a7} for eight .s4, {c0} for one .f32; or by
//             its index in the operand's vector, "reg 0".
//   position  where in its register an element sits: low or high half, byte k, nibble k, bit k,
//             or the whole register; and its bits, most significant first ("bits 31..16").
//
// mma.sync's accumulator is "C/D" (C and D share one fragment, Operand::C), wgmma's is "D".
#pragma once

#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"

namespace fragviz {

/// Whose fragment is named: a warp's mma.sync (lanes 0-31) or a warpgroup's wgmma (threads 0-127).
enum class FragmentScope { warp, warpgroup };

/// The letter of an operand's elements: 'a', 'b'; the accumulator 'c' (mma.sync) or 'd' (wgmma).
char element_letter(Operand op, FragmentScope scope = FragmentScope::warp);

/// "a3": element `element` of the operand's fragment.
std::string element_name(Operand op, int element, FragmentScope scope = FragmentScope::warp);

/// "A", "B", and the accumulator "C/D" (mma.sync) or "D" (wgmma), as titles and messages name them.
std::string operand_title(Operand op, FragmentScope scope = FragmentScope::warp);

/// "{a2,a3}": register `reg` of an operand of element type `type`, by the elements it holds
/// (register j holds elements j*p .. j*p+p-1, p = elements_per_register(type)); more than four
/// are written as a range, "{a0..a7}".
std::string register_name(Operand op, ElemType type, int reg, FragmentScope scope = FragmentScope::warp);
/// The same for an operand whose registers hold `per_register` elements each (elements_per_register
/// of its OperandSpec: eight packed .e2m1 in .kind::mxf4, where element_bits says 8).
std::string register_name_per(Operand op, int per_register, int reg,
                              FragmentScope scope = FragmentScope::warp);
/// The same for operand spec `s` (its containers counted).
std::string register_name(Operand op, const OperandSpec& s, int reg,
                          FragmentScope scope = FragmentScope::warp);

/// "reg 1": register `reg` by its index in the operand's vector expression.
std::string register_index_name(int reg);

/// Where an element sits in its register: "low half" / "high half" (16-bit), "byte 2" (8-bit),
/// "nibble 5" (4-bit), "bit 17" (1-bit), "whole register" (32-bit) or "whole 64-bit register";
/// an FP4/FP6 value in an 8-bit container, its bits within the byte: "bits 5..2 of byte 1".
std::string register_part(const RegisterSlot& s);

/// The element's bits in its register, most significant first as the hex reads: "bits 31..16",
/// "bit 17".
std::string bit_range(const RegisterSlot& s);

}  // namespace fragviz
