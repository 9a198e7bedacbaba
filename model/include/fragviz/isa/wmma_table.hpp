// The one table of nvcuda::wmma fragment kinds (see wmma.hpp for the fields). Each row is one
// `fragment<use, m, n, k, T, layout>` specialisation CUDA 13's crt/mma.h declares, with its
// num_elements; gpu/cuda/wmma_kernels.cu builds the fragment type from the row and static_asserts
// num_elements and sizeof(x) against it, so a row that is not the header's does not compile.
// Minimum SM from the PTX ISA's wmma.load target notes: .f16 sm_70, .s8/.u8 sm_72, .s4/.u4/.b1
// sm_75, .bf16/.tf32/.f64 sm_80. Accumulators are probed with both load layouts.
//
// Adding a kind: one row here; the kernels, probes, reports and views follow.
// clang-format off
#pragma once

#include "fragviz/isa/wmma.hpp"

namespace fragviz {

inline constexpr WmmaKind kWmmaKinds[] = {
    // f16 (sm_70): every shape's A and B, and its f16 and f32 accumulators
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f16, 8, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f16, 8, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f32, 8, 70, "f16"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f32, 8, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f16, 8, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f16, 8, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f32, 8, 70, "f16"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f32, 8, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::f16, 16, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::f16, 16, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f16, 8, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f16, 8, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::f32, 8, 70, "f16"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::f32, 8, 70, "f16"},
    // bf16 (sm_80): A and B; its accumulator is the f32 one above (one C++ type)
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::bf16, 8, 80, "bf16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::bf16, 8, 80, "bf16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::bf16, 8, 80, "bf16"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::bf16, 8, 80, "bf16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::bf16, 16, 80, "bf16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::bf16, 16, 80, "bf16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::bf16, 4, 80, "bf16"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::bf16, 4, 80, "bf16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::bf16, 4, 80, "bf16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::bf16, 4, 80, "bf16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::bf16, 16, 80, "bf16"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::bf16, 16, 80, "bf16"},
    // precision::tf32 (sm_80): m16n16k8, elements stored as float
    WmmaKind{16, 16, 8, WmmaUse::matrix_a, WmmaLayout::row, ElemType::tf32, 4, 80, "tf32"},
    WmmaKind{16, 16, 8, WmmaUse::matrix_a, WmmaLayout::col, ElemType::tf32, 4, 80, "tf32"},
    WmmaKind{16, 16, 8, WmmaUse::matrix_b, WmmaLayout::row, ElemType::tf32, 4, 80, "tf32"},
    WmmaKind{16, 16, 8, WmmaUse::matrix_b, WmmaLayout::col, ElemType::tf32, 4, 80, "tf32"},
    WmmaKind{16, 16, 8, WmmaUse::accumulator, WmmaLayout::row, ElemType::f32, 8, 80, "tf32"},
    WmmaKind{16, 16, 8, WmmaUse::accumulator, WmmaLayout::col, ElemType::f32, 8, 80, "tf32"},
    // signed char / unsigned char (sm_72) and their int accumulators
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::s8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::s8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::s8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::s8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::u8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::u8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::u8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::u8, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::s32, 8, 72, "s8/u8"},
    WmmaKind{16, 16, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::s32, 8, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::s8, 16, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::s8, 16, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::s8, 4, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::s8, 4, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::u8, 16, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::u8, 16, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::u8, 4, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::u8, 4, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::s32, 8, 72, "s8/u8"},
    WmmaKind{32, 8, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::s32, 8, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::s8, 4, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::s8, 4, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::s8, 16, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::s8, 16, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::row, ElemType::u8, 4, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_a, WmmaLayout::col, ElemType::u8, 4, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::row, ElemType::u8, 16, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::matrix_b, WmmaLayout::col, ElemType::u8, 16, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::row, ElemType::s32, 8, 72, "s8/u8"},
    WmmaKind{8, 32, 16, WmmaUse::accumulator, WmmaLayout::col, ElemType::s32, 8, 72, "s8/u8"},
    // double (sm_80): m8n8k4
    WmmaKind{8, 8, 4, WmmaUse::matrix_a, WmmaLayout::row, ElemType::f64, 1, 80, "f64"},
    WmmaKind{8, 8, 4, WmmaUse::matrix_a, WmmaLayout::col, ElemType::f64, 1, 80, "f64"},
    WmmaKind{8, 8, 4, WmmaUse::matrix_b, WmmaLayout::row, ElemType::f64, 1, 80, "f64"},
    WmmaKind{8, 8, 4, WmmaUse::matrix_b, WmmaLayout::col, ElemType::f64, 1, 80, "f64"},
    WmmaKind{8, 8, 4, WmmaUse::accumulator, WmmaLayout::row, ElemType::f64, 2, 80, "f64"},
    WmmaKind{8, 8, 4, WmmaUse::accumulator, WmmaLayout::col, ElemType::f64, 2, 80, "f64"},
    // experimental::precision::s4 / u4 (sm_75): m8n8k32, A row-major and B col-major only, 8 per word
    WmmaKind{8, 8, 32, WmmaUse::matrix_a, WmmaLayout::row, ElemType::s4, 8, 75, "s4/u4"},
    WmmaKind{8, 8, 32, WmmaUse::matrix_b, WmmaLayout::col, ElemType::s4, 8, 75, "s4/u4"},
    WmmaKind{8, 8, 32, WmmaUse::matrix_a, WmmaLayout::row, ElemType::u4, 8, 75, "s4/u4"},
    WmmaKind{8, 8, 32, WmmaUse::matrix_b, WmmaLayout::col, ElemType::u4, 8, 75, "s4/u4"},
    WmmaKind{8, 8, 32, WmmaUse::accumulator, WmmaLayout::row, ElemType::s32, 2, 75, "s4/u4"},
    WmmaKind{8, 8, 32, WmmaUse::accumulator, WmmaLayout::col, ElemType::s32, 2, 75, "s4/u4"},
    // experimental::precision::b1 (sm_75): m8n8k128, A row-major and B col-major only, 32 per word
    WmmaKind{8, 8, 128, WmmaUse::matrix_a, WmmaLayout::row, ElemType::b1, 32, 75, "b1"},
    WmmaKind{8, 8, 128, WmmaUse::matrix_b, WmmaLayout::col, ElemType::b1, 32, 75, "b1"},
    WmmaKind{8, 8, 128, WmmaUse::accumulator, WmmaLayout::row, ElemType::s32, 2, 75, "b1"},
    WmmaKind{8, 8, 128, WmmaUse::accumulator, WmmaLayout::col, ElemType::s32, 2, 75, "b1"},
};
inline constexpr int kWmmaKindCount = static_cast<int>(sizeof kWmmaKinds / sizeof kWmmaKinds[0]);

}  // namespace fragviz
// clang-format on
