#!/usr/bin/env bash
# fragviz-cli tiled: CuTe's TiledMMA / TiledCopy and their join. Expected cells worked out by hand
# from the PTX ISA's m16n8k16 fragments (groupID g = lane >> 2, threadID_in_group t = lane % 4; A a_i
# at (g + 8*((i>>1)&1), 2t + (i&1) + 8*(i>>2)), B b_i at (n g, k 2t + (i&1) + 8*(i>>1)), C c_i at
# (g + 8*(i>>1), 2t + (i&1))) and CuTe's placement of atoms: a column-major (2,2,1) puts warp w at
# (m w%2, n w/2), shifting A and C rows by 16 and B and C columns by 8; Tile<_32,_32,_16> doubles N,
# the second atom 16 columns on. Thread 37 is lane 5 (g 1, t 1) of warp 1. The layouts' text is
# CuTe's own, as CuTe 4.2 prints get_layoutA_TV for this TiledMMA (tests/cute/test_cute_tiled.cpp
# holds every layout against CuTe).
# Usage: test_tiled.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
K16=SM80_16x8x16_F32F16F16F32_TN

expect 0 "thr_layout_vmnk (32,2,2,1):(1,32,64,0)  (128 threads)" -- tiled --mma $K16 --atoms '(2,2,1)'
expect 0 "tile            M 32 x N 16 x K 16" -- tiled --mma $K16 --atoms '(2,2,1)'
# Atoms along K (newcomer round 27 read the K atoms' C offsets past the tile as a wrong layout): said.
# The C layout itself is CuTe's get_layoutC_TV (tests/cute: the (2,1,2) configuration).
expect 0 "note: 2 atoms along K: the threads of each K atom past the first" -- tiled --mma $K16 --atoms '(2,1,2)'
expect 0 "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))" -- tiled --mma $K16 --atoms '(2,2,1)'
expect 0 "thread 37: (v,m,n,k) = (5,1,0,0), warp 1 lane 5" -- tiled --mma $K16 --atoms '(2,2,1)' --thread 37
expect 0 "A (m,k): r0 (17,2) r1 (17,3) r2 (25,2) r3 (25,3) r4 (17,10) r5 (17,11) r6 (25,10) r7 (25,11)" \
  -- tiled --mma $K16 --atoms '(2,2,1)' --thread 37
expect 0 "B (n,k): r0 (1,2) r1 (1,3) r2 (1,10) r3 (1,11)" -- tiled --mma $K16 --atoms '(2,2,1)' --thread 37
expect 0 "C (m,n): r0 (17,10) r1 (17,11) r2 (25,10) r3 (25,11)" -- tiled --mma $K16 --atoms '(2,2,1)' --thread 101
# Tile<_32,_32,_16>: B's second atom 16 columns on.
expect 0 "B (n,k): r0 (1,2) r1 (1,3) r2 (1,10) r3 (1,11) r4 (17,2) r5 (17,3) r6 (17,10) r7 (17,11)" \
  -- tiled --mma $K16 --atoms '(2,2,1)' --permute 'Tile<_32,_32,_16>' --thread 37
# An N-major atom layout: warp 1 is (m 0, n 1).
expect 0 "thread 32: (v,m,n,k) = (0,0,1,0)" -- tiled --mma $K16 --atoms '(2,2,1):(2,1,0)' --thread 32

# The joins: ldmatrix for A and B, stmatrix for C, each register where the MMA has it.
expect 0 "join A: all 1024 match (128 threads x 8 values)" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-a SM75_U32x4_LDSM_N
expect 0 "shared-memory vectors along k (8 values of 16 bits)" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-a SM75_U32x4_LDSM_N
expect 0 "join B: all 1024 match" -- tiled --mma $K16 --atoms '(2,2,1)' --permute 'Tile<_32,_32,_16>' \
  --copy-b SM75_U16x8_LDSM_T
expect 0 "shared-memory vectors along n" -- tiled --mma $K16 --atoms '(2,2,1)' --permute 'Tile<_32,_32,_16>' \
  --copy-b SM75_U16x8_LDSM_T
expect 0 "join C: all 512 match (128 threads x 4 values)" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-c SM90_U32x2_STSM_N
expect 0 "A from SM75_U32x4_LDSM_N: r0 (17,2) r1 (17,3)" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-a SM75_U32x4_LDSM_N --thread 37
# 8-bit A: ldmatrix moves bytes, 16 per thread.
expect 0 "join A: all 2048 match (128 threads x 16 values)" -- tiled --mma SM80_16x8x32_S32S8S8S32_TN \
  --atoms '(2,2,1)' --copy-a SM75_U32x4_LDSM_N
# GMMA: A and B through descriptors, C stored by stmatrix.
expect 0 "a shared-memory descriptor" -- tiled --mma SM90_64x128x16_F32BF16BF16_SS --atoms '(2,1,1)'
expect 0 "join C: all" -- tiled --mma SM90_64x128x16_F32BF16BF16_SS --copy-c SM90_U32x4_STSM_N

# CSV: thread 5 (g 1, t 1) of one atom, A a2 at (9,2), as the ldmatrix delivers it.
csv=$("$cli" tiled --mma $K16 --thread 5 --csv --copy-a SM75_U32x4_LDSM_N)
if [ "$(head -1 <<<"$csv")" != "operand,thread,value,row,col,copied_row,copied_col,match" ] ||
  ! grep -qx "A,5,2,9,2,9,2,yes" <<<"$csv" || ! grep -qx "B,5,3,1,11,,," <<<"$csv" ||
  [ "$(wc -l <<<"$csv")" != 17 ]; then
  echo "FAIL: tiled --csv for thread 5:"
  echo "$csv" | head -20
  fails=$((fails + 1))
fi
expect 0 "SM90_64x128x16_F32BF16BF16_SS" -- tiled --list

# Refusals: CuTe's static_asserts (exit 3), names and text (exit 64).
expect 3 "TiledCopy uses too few vals for selected CopyAtom" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-b SM75_U32x4_LDSM_N
expect 3 "ldmatrix loads registers" -- tiled --mma $K16 --copy-c SM75_U32x4_LDSM_N
expect 3 "descriptor" -- tiled --mma SM90_64x128x16_F32BF16BF16_SS --copy-a SM75_U32x4_LDSM_N
expect 3 "rank-3" -- tiled --mma $K16 --permute 'Tile<_32,_32,_16,_8>'
expect 64 "did you mean:" -- tiled --mma SM80_16x8x16_F32F16F16F32
expect 64 "SM75_U32x4_LDSM_N" -- tiled --mma $K16 --copy-a SM75_U32x4_LDSM
expect 64 "entry 2 ('(8,4)') of the permutation is a shape" -- tiled --mma $K16 --permute 'Tile<_32,(8,4),_16>'
expect 3 "the tiled MMA has threads 0..31" -- tiled --mma $K16 --thread 32
expect 64 "--mma is required" -- tiled
expect 64 "--atoms" -- tiled --mma $K16 --atoms '(2,2'
# Issue 22: the copy atom's PTX in PTX's order (shape, .num, .trans, state space, type).
expect 0 "banks: ldmatrix.sync.aligned.m8n8.x4.shared.b16" -- tiled --preset sm80-gemm-128x128x32 \
  --smem-a '(128,32):(32,1)'
expect 0 "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --permute 'Tile<_32,_32,_16>' --copy-b SM75_U16x8_LDSM_T

# Issue 25: CuTe's spelling of the bare atom, make_tiled_copy_A/B/C(ATOM, tiled_mma), is the same copy
# (the same CSV, register by register; the same CTA report), and is refused where it names another
# operand or another TiledMMA (at its column), or where the bare atom is.
expect 0 "join A: all 1024 match (128 threads x 8 values)" -- tiled --mma $K16 --atoms '(2,2,1)' \
  --copy-a 'make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tiled_mma)'
P32=(--mma $K16 --atoms '(2,2,1)' --permute 'Tile<_32,_32,_16>')
bare=$("$cli" tiled "${P32[@]}" --copy-b SM75_U16x8_LDSM_T --csv)
cute=$("$cli" tiled "${P32[@]}" --copy-b 'make_tiled_copy_B(SM75_U16x8_LDSM_T, tiled_mma)' --csv)
[ "$(grep -c ',yes$' <<<"$bare")" = 1024 ] && [ "$cute" = "$bare" ] ||
  fail "tiled --copy-b 'make_tiled_copy_B(SM75_U16x8_LDSM_T, tiled_mma)' --csv differs from the bare atom's"
bare=$("$cli" tiled --preset sm80-gemm-128x128x32 --json -)
cute=$("$cli" tiled --preset sm80-gemm-128x128x32 --copy-a 'make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)' \
  --copy-b 'make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, tiled_mma)' --json -)
[ -n "$bare" ] && [ "$cute" = "$bare" ] || fail "sm80-gemm's copies written make_tiled_copy_A/B: another report"
expect 64 "--copy-b 'make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)': col 1: make_tiled_copy_A builds the copy of A" \
  -- tiled --mma $K16 --copy-b 'make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)'
expect 64 "col 38: the TiledMMA is 'mma'; write tiled_mma" -- tiled --preset sm80-gemm-128x128x32 \
  --copy-a 'make_tiled_copy_A(SM75_U32x4_LDSM_N, mma)'
bare=$("$cli" tiled --mma $K16 --atoms '(2,2,1)' --copy-b SM75_U32x4_LDSM_N 2>&1)
expect 3 "$bare" -- tiled --mma $K16 --atoms '(2,2,1)' --copy-b 'make_tiled_copy_B(SM75_U32x4_LDSM_N, tiled_mma)'
grep -qF "TiledCopy uses too few vals for selected CopyAtom" <<<"$bare" || fail "the bare too-wide atom: $bare"

echo "$fails failed"
[ "$fails" -eq 0 ]
