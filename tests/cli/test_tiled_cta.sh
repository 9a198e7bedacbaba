#!/usr/bin/env bash
# fragviz-cli tiled in CTA mode: presets, shared layouts, the join through them and the bank table.
# Expected values worked out by hand (tests/unit/test_cta_tile.cpp has the derivations):
#  - sm80-gemm-128x128x32: each warp issues 4 ldmatrix.x4 of A per k-block (64 rows x 16 k), 4
#    warps x 2 k-blocks = 32, one wavefront per matrix over Swizzle<3,3,3> o (128,32):(32,1): 128;
#  - unswizzled (128,32):(32,1): 64-byte rows, an 8-row matrix hits 2 of the 8 16-byte bank groups:
#    4-way, 16 wavefronts per ldmatrix.x4 (48 conflicts), 64 per warp and k-block; Swizzle<2,3,3>
#    (chunk ^= (m>>1)&3) restores 128;
#  - A stored M-major: lane 0's 16-byte row runs down m, so thread 0's V1 (A (0,1)) gets
#    (1,0) at byte 2.
# Usage: test_tiled_cta.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
P=sm80-gemm-128x128x32

expect 0 "sm80-gemm-128x128x32" -- tiled --presets
expect 0 "fa2-attention" -- tiled --presets
expect 0 "fa3-attention" -- tiled --presets
expect 0 "CTA tile M 128 x N 128 x K 32, k-block 16 (2 k-blocks)" -- tiled --preset $P
# An edited preset is described by its fields, not by the preset's "2x2 warps" sentence; atoms past
# the permutation's M are refused (this CuTe's A layout then reaches index 543 of the 32x16 tile).
expect 0 "edited from preset $P: now SM80_16x8x16_F32F16F16F32_TN over (2,2,1):(2,1,0) (4 warps)" -- \
  tiled --preset $P --atoms '(2,2,1):(2,1,0)'
expect 3 "the permutation's M (32) is smaller than the atoms' 4 x 16 = 64" -- tiled --preset $P --atoms '(4,1,1)'
# More threads than a CTA holds: refused as a CTA tile, noted for the TiledMMA alone.
expect 64 "--atoms '(8,8,1)': 2048 threads (64 atoms of 32); a CTA has at most 1024" -- tiled --preset $P \
  --atoms '(8,8,1)' --permute 'Tile<_,_,_>'
expect 0 "note: more threads than the 1024 a CTA can have" -- tiled --mma SM80_16x8x16_F32F16F16F32_TN \
  --atoms '(100000,100000,1)'
# A 0 in a bare shape (atoms, a copy's thread or value layout) is refused; it died of SIGFPE.
expect 64 "the atom layout (0,2,1) has 0 atoms along a mode" -- tiled --preset $P --atoms '(0,2,1)'
expect 64 "the value layout (0,8) has a mode of 0" -- tiled --preset $P \
  --gmem-copy-a 'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (0,8))'
expect 64 "the thread layout (32,0) has a mode of 0" -- tiled --preset $P \
  --copy-a 'make_tiled_copy(SM75_U32x4_LDSM_N, (32,0), (1,8))'

# Issue 26: a mistyped preset, MMA atom or copy atom names the nearest (one edit or a prefix away)
# on the line after "did you mean:"; a preset typo then lists all 23 presets, the last included.
typo() {  # typo <line 2 wanted> <text line 1 ends with> -- <args>
  local want="$1" head="$2"
  shift 3
  local out rc
  out=$("$cli" "$@" 2>&1)
  rc=$?
  if [ "$rc" != 64 ] || [[ "$(sed -n 1p <<<"$out")" != *"$head" ]] || [ "$(sed -n 2p <<<"$out")" != "  $want" ]; then
    echo "FAIL: fragviz-cli $* -> exit $rc, want 64, '...$head' then '  $want':"
    echo "$out" | head -5
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* -> did you mean $want"
  fi
}
typo sm80-gemm-128x128x32 "no preset 'sm80-gemm'; did you mean:" -- tiled --preset sm80-gemm
typo SM75_U32x4_LDSM_N "no copy atom 'SM75_U32x4_LDSM_NX' (tiled --list); did you mean:" -- \
  tiled --preset $P --copy-a SM75_U32x4_LDSM_NX
typo SM80_16x8x16_F32F16F16F32_TN "(CuTe's names; tiled --list); did you mean:" -- \
  tiled --preset $P --mma SM80_16x8x16_F32F16F16F32_TX
typo SM75_U32x4_LDSM_N "--list); did you mean:" -- tiled --mma SM80_16x8x16_F32F16F16F32_TN \
  --copy-a SM75_U32x4_LDSM_NX
expect 64 "the 23 presets (tiled --presets): gate-ldmatrix-k8, gate-scalar-b-k8," -- tiled --preset zzz
expect 64 "sm80-gemm-128x128x32, sm90-wgmma-128x128x64, fa2-attention" -- tiled --preset zzz
expect 0 "join (m,k): all 8192 match (128 threads x 64 values)" -- tiled --preset $P
expect 0 "     all       all             32         128    128               0" -- tiled --preset $P
expect 0 "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum" -- tiled --preset $P
expect 0 "       0         1              4          64     16              48" -- tiled --preset $P \
  --smem-a '(128,32):(32,1)'
expect 0 "suggested: Swizzle<2,3,3> o (128,32):(32,1): 128 wavefronts (ideal 128, bank conflicts 0) instead of 512" \
  -- tiled --preset $P --smem-a '(128,32):(32,1)'
expect 1 "join (m,k): thread 0 V1 (k-block 0): delivered (1,0) at byte 2, expected (0,1)" \
  -- tiled --preset $P --smem-a '(128,32):(1,128)'
# The same tile typed out instead of the preset.
expect 0 "join (n,k): all 8192 match" -- tiled --mma SM80_16x8x16_F32F16F16F32_TN --atoms '(2,2,1)' \
  --permute 'Tile<_32,_32,_16>' --copy-a SM75_U32x4_LDSM_N --copy-b SM75_U16x8_LDSM_T --tile 128x128x32 \
  --smem-a 'Swizzle<3,3,3> o (128,32):(32,1)' --smem-b 'Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024))'
# Issue 22: B copied by SM75_U32x4_LDSM_N from its N-major layout is misaligned (8 k-values 64
# elements apart, not 16 contiguous bytes): 4 x4 ldmatrix per warp and k-block, none counted, so the
# row's wavefronts, ideal and conflicts read "-", never a clean 0, and a line says why.
expect 1 "       0         0              4           -      -               -           4" -- \
  tiled --preset $P --copy-b SM75_U32x4_LDSM_N
expect 1 "faults (misaligned address) instead of running" -- tiled --preset $P --copy-b SM75_U32x4_LDSM_N
# CSV: the bank table; with --thread, that thread's values (thread 37: A (17,2) at byte 2*(17*32+2)).
expect 0 "A,1,1,4,16,16,0,0" -- tiled --preset $P --csv
expect 0 "A,37,0,0,17,2,17,2,1092,yes" -- tiled --preset $P --csv --thread 37
# A whole number beyond the tiled MMA's 128 threads is refused (3), as layout --lane 32 is.
expect 3 "--thread 128: the tiled MMA has threads 0..127" -- tiled --preset $P --thread 128
expect 0 '"bank_conflicts": 0' -- tiled --preset $P --json -
# Hopper: descriptors, 32 bytes on per k16 step of a 128-byte swizzled row; stmatrix epilogue.
expect 0 "slice 0 k-block 1: start 32, LBO 16, SBO 1024, swizzle 128B" -- tiled --preset sm90-wgmma-128x128x64
expect 0 "join (m,n): all 16384 match (256 threads x 64 values)" -- tiled --preset sm90-wgmma-128x128x64
expect 0 "C reused as the next A (convert_layout_acc_Aregs (4,1,8) -> ((4,2),1,4)): all 4096 match" \
  -- tiled --preset fa2-attention
# FA3: each warpgroup's m64n128 accumulator (64 values a thread) split into 8 k16 blocks of the
# _RS atom's A registers (8 each): 256 threads x 64 A values.
expect 0 "C reused as the next A (convert_layout_acc_Aregs (64,1,1) -> (8,1,(8,1))): all 16384 match" \
  -- tiled --preset fa3-attention
expect 0 "join (n,k): all 8192 match (256 threads x 32 values)" -- tiled --preset gate-ldmatrix-k8

# Refusals.
expect 64 "no preset 'nope'" -- tiled --preset nope
expect 64 "M (100) is not a multiple of the TiledMMA's (32)" -- tiled --preset $P --tile 100x128x32
expect 64 "--smem-a '(64,32):(32,1)': its shape is 64 x 32, the CTA's A is 128 x 32" -- tiled --preset $P \
  --smem-a '(64,32):(32,1)'
expect 64 "--k-block 24" -- tiled --preset $P --k-block 24
# A refusal says the column of the field's text it is about ('y' is the seventh character).
expect 64 "--tile: col 7: tile '128x12y8x32'" -- tiled --preset $P --tile 128x12y8x32

# export --view cta takes the same flags and draws the window's grids: A (17,2) is thread 37's
# V0 (as the CSV above), thread 37's cells outlined with --thread.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect 0 "wrote $tmp/cta.svg (SVG" -- export --view cta --preset $P --smem-a '(128,32):(32,1)' --thread 37 \
  --svg "$tmp/cta.svg"
python3 - "$tmp/cta.svg" <<'PY' || fail "the CTA SVG's cells or lines"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
cells = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
texts = [e.text or "" for e in root.iter() if e.tag.endswith("text")]
assert cells["A-r17-c2"] == "T37 V0" and cells["A-r0-c0"] == "T0 V0", (cells["A-r17-c2"], cells["A-r0-c0"])
assert sum(1 for i in cells if i.startswith("A-")) == 128 * 32, len(cells)
assert sum(1 for i in cells if i.startswith("C-")) == 128 * 128, len(cells)
# The edited layout is the one drawn and analysed: 512 wavefronts, 384 conflicts.
assert any("shared layout (128,32):(32,1)" in t for t in texts), [t for t in texts if "shared" in t]
assert any("512 wavefronts (ideal 128), bank conflicts 384" in t for t in texts), [t for t in texts if "banks" in t]
assert any(t.startswith("edited from preset sm80-gemm-128x128x32") for t in texts)
PY
# Issue 25: the export honours a crop (the window's A, B or C, and a block of its rows and columns,
# both ends included): exactly those cells, named and labelled as uncropped (A (17,2): T37 V0).
expect 0 "; rows 16-23 (8 rows), columns 0-7 (8 columns)" -- export --view cta --preset $P --operand A \
  --crop rows=16-23,cols=0-7 --svg "$tmp/crop.svg"
python3 - "$tmp/crop.svg" <<'PY' || fail "the cropped CTA SVG's cells"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
cells = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
want = {f"A-r{r}-c{c}" for r in range(16, 24) for c in range(0, 8)}
assert set(cells) == want and len(cells) == 64, sorted(set(cells) ^ want)[:8]
assert cells["A-r17-c2"] == "T37 V0", cells["A-r17-c2"]
PY
expect 3 "a row or column crop needs --operand A, B or C" -- export --view cta --preset $P --crop rows=0-7 \
  --svg "$tmp/x.svg"
expect 3 "rows=0-128 is outside C's 128 x 128" -- export --view cta --preset $P --operand C --crop rows=0-128 \
  --svg "$tmp/x.svg"
expect 0 "; rows 0-3 (4 rows)" -- export --view tmem --crop rows=0-3 --svg "$tmp/tmem.svg"
expect 64 "--tmem is not an option of --view cta" -- export --view cta --preset $P --tmem x --svg "$tmp/x.svg"
expect 64 "--preset is not an option of --view tmem" -- export --view tmem --preset $P --svg "$tmp/x.svg"
expect 64 "no preset 'nope'" -- export --view cta --preset nope --svg "$tmp/x.svg"
expect 3 "--tile: col 7" -- export --view cta --preset $P --tile 128x12y8x32 --svg "$tmp/x.svg"
[ -e "$tmp/x.svg" ] && fail "a refused CTA export wrote a picture"

# gate-broken-swap-b swaps the B fragments of n tiles 1 and 2 of every warp's 32 columns after the
# loads (gate_kernels.cu): its loads deliver every cell right, and the MMA reads n + 8 or n - 8 for
# half of B's 64 x 32 cells, each held by the 4 warps along M: 4096 of 8192 values, 1024 of 2048
# cells, said in both units as the app's CTA tile view says it (issue 22). Thread 0's first such
# register is B (8,0) (lane 0's b0 of n tile 1), fed (16,0). "none" takes the swap away.
B=gate-broken-swap-b
expect 1 "register swap after the copy: B 8-15:16-23/32" -- tiled --preset $B
expect 1 "join (n,k): thread 0 V2 (k-block 0): the copy delivered (8,0), but after the register swap B 8-15:16-23/32 the MMA reads (16,0) (4096 of 8192 values (1024 of 2048 cells) wrong)" \
  -- tiled --preset $B
expect 0 "join (n,k): all 8192 match" -- tiled --preset $B --register-swap none
expect 64 "--register-swap: col 8: register swap 'B 8-15:16-24/32': the two ranges have different lengths" \
  -- tiled --preset $B --register-swap 'B 8-15:16-24/32'
expect 1 "B,0,2,0,8,0,8,0," -- tiled --preset $B --thread 0 --csv
expect 1 ",no,16,0" -- tiled --preset $B --thread 0 --csv
expect 1 "V2 (8,0) (got (16,0) after the swap) V3 (8,1) (got (16,1) after the swap) V4 (16,0) (got (8,0) after the swap)" \
  -- tiled --preset $B --thread 0

# The global -> shared stage (cp.async, --gmem-copy-a/-b). sm80-gemm's A: 128 x 32 halves in
# 16-byte vectors, threads (32,4):(4,1) of (1,8): 4 cp.async per thread, 4096 cells once each.
G='make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))'
expect 0 "filled by $G (cp.async.cg.shared.global.L2::128B, 4 per thread)" -- tiled --preset $P
expect 0 "fill: all 4096 shared cells hold their element (128 threads x 4 cp.async x 8 values)" -- tiled --preset $P
# A's k two halves apart: thread 0's 16 bytes land on halves 0..7, where the layout keeps (0,0), pad,
# (0,1), ...: value 1 lands on pad; 7 of 8 values wrong (3584) and 4 cells per vector unwritten
# (2048 of the 512 vectors' 4096): 5632 of 6144.
expect 1 "fill: thread 0 cp.async 0 value 1 to byte 2: holds (0,1), the layout keeps no element there (5632 of 6144 differ)" \
  -- tiled --preset $P --smem-a '(128,32):(64,2)'
expect 64 "--gmem-copy-a 'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,), (1,8))': col 65: the thread layout" \
  -- tiled --preset $P --gmem-copy-a 'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,), (1,8))'
expect 64 "is no cp.async copy atom" -- tiled --preset $P --gmem-copy-b 'UniversalCopy<uint128_t>, (16,8), (8,1)'
out=$("$cli" tiled --preset $P --gmem-copy-a none 2>&1)
[ "$(grep -c '^  filled by ' <<<"$out")" = 1 ] || fail "--gmem-copy-a none: A's gmem copy still there"
expect 0 '"gmem_copy": "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (16,8):(1,16), (8,1))"' -- \
  tiled --preset $P --json -
expect 0 '"fill": {"cells": 4096, "mismatches": 0, "misaligned": 0, "verdict": "all 4096 shared cells hold' -- \
  tiled --preset $P --json -
expect 0 '"format": "fragviz-tiled",' -- tiled --preset $P --json -
# The fill's banks (the H100 sweep's cp.async rule: phases of 8 lanes, each lane's 16 bytes its own
# write). .cg (the preset's) has none, and says why:
CG='cp.async.cg is not modelled: Nsight Compute counts none of its shared-memory writes and its time follows no bank rule (measured on the H100: docs/device-runs/2026-12-06-h100-session20)'
expect 0 "  fill banks: $CG" -- tiled --preset $P
expect 0 "\"fill_no_banks\": \"$CG\"" -- tiled --preset $P --json -
# .ca with threads (32,4):(1,32) over the unswizzled (128,32):(32,1) (64-byte rows): warp w's lanes
# are rows 0-31 at chunk w, a phase's 8 rows hit 2 bank groups 4 times each: 4 wavefronts a phase,
# 16 a cp.async (ideal 4); 4 blocks of 32 rows = 4 cp.async per thread: per warp 64 (ideal 16, 48
# conflicts), 16 instructions in all, 256 wavefronts, ideal 64, 192 conflicts. The tiler's 32
# columns span both k-blocks: k-block "all".
CA='make_tiled_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, (32,4):(1,32), (1,8))'
expect 0 "  fill banks: cp.async.ca.shared.global (16 B) (LDGSTS.E.128)" -- tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA"
expect 0 "       0       all              4          64     16              48" -- \
  tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA"
expect 0 "     all       all             16         256     64             192" -- \
  tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA"
expect 0 '"fill_banks": {"instruction": "cp.async.ca.shared.global (16 B) (LDGSTS.E.128)", "note": "", "instructions": 16, "wavefronts": 256, "ideal_wavefronts": 64, "bank_conflicts": 192, "misaligned": 0, "whole_k": true' -- \
  tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA" --json -
expect 0 "A fill,3,0,4,64,16,48,0" -- tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA" --csv
# Over Swizzle<3,3,3> the chunk moves by the row's low 3 bits: 8 rows, 8 chunks, no conflict.
expect 0 "     all       all             16          64     64               0" -- \
  tiled --preset $P --gmem-copy-a "$CA"
# The report with a fill's banks reads back (format version 3).
tmp=$(mktemp -d)
"$cli" tiled --preset $P --smem-a '(128,32):(32,1)' --gmem-copy-a "$CA" --json "$tmp/ca.json" >/dev/null 2>&1
expect 0 "the reports agree" -- diff "$tmp/ca.json" "$tmp/ca.json"
rm -rf "$tmp"

# --device (issue 25): A's and B's loads and C's store run on the GPU beside the model's join. Without a usable GPU
# (this machine, a build without CUDA) it says so and exits 2, the table's "no device"; with one,
# every register must be the model's (the exact checks are tests/gpu/test_cta_copy_probe_gpu.cpp).
if "$cli" device >/dev/null 2>&1; then
  expect 0 "all 8192 match (128 threads x 64 values), as the model predicted" -- tiled --preset $P --device
  # The cp.async fill (the exact checks are tests/gpu/test_cta_fill_probe_gpu.cpp).
  expect 0 "cp.async measured on " -- tiled --preset $P --device
  expect 0 "(cp.async.cg.shared.global.L2::128B, 4 per thread): all 4096 shared cells hold their element (128 threads x 4 cp.async x 8 values), as the model predicted" \
    -- tiled --preset $P --device
  expect 0 "all 16384 match (256 threads x 64 values), as the model predicted" -- \
    tiled --preset sm90-wgmma-128x128x64 --device
  # The tiled MMA by values: every C register A x B^T at the model's cell; the broken swap's C
  # differs where the model's B join says (the exact checks are test_cta_mma_probe_gpu.cpp).
  expect 0 "tiled MMA measured on " -- tiled --preset $P --device
  expect 0 "all 16384 C values match A x B^T, as the model predicted" -- tiled --preset $P --device
  expect 1 "C values differ, as the model predicted" -- tiled --preset $B --device
  # The Hopper tile's wgmma through the model's descriptors (sm_90 devices; elsewhere refused, exit 3).
  if "$cli" device 2>/dev/null | grep -q "compute: *sm_90 ("; then
    expect 0 "tiled MMA measured on " -- tiled --preset sm90-wgmma-128x128x64 --device
    expect 0 "(wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16, 4 per thread): all 16384 C values match A x B^T, as the model predicted" -- \
      tiled --preset sm90-wgmma-128x128x64 --device
    # One warpgroup over two m64 atoms: no copy to probe, C by value through both atoms' D's.
    expect 0 "no operand of this tile has a load from or store to" -- tiled --preset gate-wgmma-tma --device
    expect 0 "(wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16, 8 per thread): all 16384 C values match A x B^T, as the model predicted" -- \
      tiled --preset gate-wgmma-tma --device
    # The RS form: A gathered into registers by the model's A fragment, B through descriptors.
    expect 0 "(wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16, 8 per thread): all 16384 C values match A x B^T, as the model predicted" -- \
      tiled --preset fa3-attention --device
    expect 0 "(wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16, 4 per thread): all 4096 C values match A x B^T, as the model predicted" -- \
      tiled --mma SM90_64x64x16_F32F16F16_RS --smem-b 'Swizzle<3,3,3> o (64,64):(64,1)' --tile 64x64x64 --device
  else
    expect 3 "no operand of this tile has a load from or store to" -- tiled --preset gate-wgmma-tma --device
    expect 0 "tiled MMA: not run: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 is compiled for sm_90a only; device 0 (" -- \
      tiled --preset sm90-wgmma-128x128x64 --device
  fi
  # --ncu (issue 25): A's 32 ldmatrix.x4 over Swizzle<3,3,3>, one wavefront per matrix: 128, none
  # conflicting; unswizzled (128,32):(32,1), 16 per ldmatrix.x4: 512, 384 conflicts (the header's
  # derivations). Needs Nsight Compute on PATH.
  if command -v ncu >/dev/null 2>&1; then
    expect 0 "A load (ldmatrix.sync.aligned.m8n8.x4.shared.b16, 32 warp instructions): wavefronts 128 (model 128), bank conflicts 0 (model 0): as the model predicted" \
      -- tiled --preset $P --device --ncu
    expect 0 "wavefronts 512 (model 512), bank conflicts 384 (model 384): as the model predicted" \
      -- tiled --preset $P --smem-a '(128,32):(32,1)' --device --ncu
    expect 0 '"ncu": {"copy": "A load"' -- tiled --preset $P --device --ncu --json -
  fi
else
  expect 2 "fragviz-cli tiled: --device: no usable GPU: " -- tiled --preset $P --device
  expect 2 "measured: not probed: SM90_64x128x16_F32F16F16_SS reads A through a descriptor" -- \
    tiled --preset sm90-wgmma-128x128x64 --device
  expect 2 "measured: not run: no usable GPU: " -- tiled --preset sm90-wgmma-128x128x64 --device
  expect 2 "cp.async: not run: no usable GPU: " -- tiled --preset $P --device
  expect 2 '"fill_device": {"instruction": "cp.async.cg.shared.global.L2::128B", "cp_async_per_thread": 4, "error": "no_device"' \
    -- tiled --preset $P --device --json -
  out=$("$cli" tiled --preset sm90-wgmma-128x128x64 --device --json - 2>/dev/null)
  grep -q '"instruction": "stmatrix.sync.aligned.m8n8.x4.shared.b16", "instructions_per_thread": 8, "store": true' \
    <<<"$out" || fail "--device --json without a GPU: no object for C's store"
  out=$("$cli" tiled --preset $P --device --json - 2>/dev/null)
  grep -q '"device": {"present": false' <<<"$out" && grep -q '"error": "no_device"' <<<"$out" ||
    fail "--device --json without a GPU: no device object"
  # The tiled MMA's line after the operands. sm80-gemm: each of the 4 warps computes 64 x 64 of C,
  # 4 m16 atoms x 8 n8 atoms x 2 k16 steps = 64 mma.sync per thread.
  expect 2 "tiled MMA: not run: no usable GPU: " -- tiled --preset $P --device
  # The Hopper tile's tiled MMA is planned (wgmma through the model's descriptors), then not run:
  # 64 K over k16 = 4 wgmma per thread.
  expect 2 "tiled MMA: not run: no usable GPU: " -- tiled --preset sm90-wgmma-128x128x64 --device
  out_h=$("$cli" tiled --preset sm90-wgmma-128x128x64 --device --json - 2>/dev/null)
  grep -q '"tiled_mma": {"instruction": "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "mma_per_thread": 4, "error": "no_device"' \
    <<<"$out_h" || fail "--device --json without a GPU: no wgmma tiled_mma object"
  grep -q '"tiled_mma": {"instruction": "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "mma_per_thread": 64, "error": "no_device"' \
    <<<"$out" || fail "--device --json without a GPU: no tiled_mma object"
  # wgmma's RS form (A from registers) is planned too: fa3-attention's 128 K over k16 = 8 wgmma,
  # and a lone m64n64k16 over 64 K = 4.
  out_f=$("$cli" tiled --preset fa3-attention --device --json - 2>/dev/null)
  grep -q '"tiled_mma": {"instruction": "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "mma_per_thread": 8, "error": "no_device"' \
    <<<"$out_f" || fail "--device --json without a GPU: no RS tiled_mma object for fa3-attention"
  expect 2 "tiled MMA: not run: no usable GPU: " -- tiled --mma SM90_64x64x16_F32F16F16_RS \
    --smem-b 'Swizzle<3,3,3> o (64,64):(64,1)' --tile 64x64x64 --device
fi

# The user's own make_tiled_copy(ATOM, THR, VAL) for an operand (tests/unit/test_tiled_copy_text.cpp
# has the derivations): a 128-bit UniversalCopy of A over (4,1,1) warps gives thread 0 the vector of
# row 0, so its V2 holds (0,2) where a2 of the PTX table is (8,0); a 32-bit one of B over (1,4,1)
# warps of m16n8k8 delivers b0, b1 exactly. The 2x2-warp tile's A is 32 x 16: a (32,4) x (1,8) copy
# covers 32 x 32 and is refused at the THR column (43); 64 threads are refused there too.
K16="--mma SM80_16x8x16_F32F16F16F32_TN"
expect 1 "join (m,k): thread 0 V2 (k-block 0): delivered (0,2) at byte 4, expected (8,0)" -- tiled $K16 \
  --atoms '(4,1,1)' --copy-a 'make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))' --smem-a '(64,16):(16,1)'
expect 1 "A (M x K 64 x 16): make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8)), 16-bit values" -- \
  tiled $K16 --atoms '(4,1,1)' --copy-a 'make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))' \
  --smem-a '(64,16):(16,1)'
expect 0 "join (n,k): all 256 match (128 threads x 2 values)" -- tiled --mma SM80_16x8x8_F32F16F16F32_TN \
  --atoms '(1,4,1)' --copy-b 'make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))' --smem-b '(32,8):(8,1)'
expect 64 "col 43: make_tiled_copy's tile (32,32) is not the TiledMMA's A tile (32,16)" -- tiled $K16 \
  --atoms '(2,2,1)' --copy-a 'make_tiled_copy(UniversalCopy<uint128_t>, (32,4):(4,1), (1,8))' --smem-a '(32,16):(16,1)'
expect 64 "col 43: make_tiled_copy has 64 threads (size of (32,2):(2,1)), the TiledMMA 128" -- tiled $K16 \
  --atoms '(2,2,1)' --copy-a 'make_tiled_copy(UniversalCopy<uint128_t>, (32,2):(2,1), (1,8))' --smem-a '(32,16):(16,1)'
expect 64 "col 17: SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> copies global to shared memory" -- tiled $K16 \
  --atoms '(4,1,1)' --copy-a 'make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (64,2):(2,1), (1,8))'
# The JSON report keeps the copy as typed (the atom alone would hide THR and VAL).
expect 0 '"operand": "B", "copy": "make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))"' -- tiled \
  --mma SM80_16x8x8_F32F16F16F32_TN --atoms '(1,4,1)' \
  --copy-b 'make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))' --smem-b '(32,8):(8,1)' --json -
# Without a shared layout (the MMA-tile mode), the same join.
expect 1 "join A: thread 0 V2: delivered (0,2), expected (8,0) (1008 of 1024 differ)" -- tiled $K16 \
  --atoms '(4,1,1)' --copy-a 'make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))'

# --ncu needs --device; without ncu on PATH it says so, exits 2 and still prints the report (with a
# GPU the copies' lines say "not measured"; without one the device's own exit 2 comes first).
expect 64 "--ncu requires --device" -- tiled --preset $P --ncu
empty_path=$(mktemp -d)
out=$(PATH="$empty_path" "$cli" tiled --preset $P --device --ncu 2>&1)
rc=$?
if [ "$rc" != 2 ] || ! grep -qF "fragviz-cli tiled: --ncu: ncu (Nsight Compute) is not on PATH" <<<"$out" ||
  ! grep -qF "CTA tile M 128 x N 128 x K 32" <<<"$out"; then
  echo "FAIL: tiled --device --ncu without ncu on PATH -> exit $rc:"
  echo "$out" | head -8
  fails=$((fails + 1))
else
  echo "ok: tiled --device --ncu without ncu on PATH -> 2, the report printed"
fi
rmdir "$empty_path"

echo "$fails failed"
[ "$fails" -eq 0 ]
