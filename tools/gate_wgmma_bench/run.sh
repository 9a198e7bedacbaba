#!/bin/bash
# Builds tools/gate_wgmma_bench/bench.cu on an sm_90 machine, from the repository root, against
# gpu/cuda/hopper/gate_wgmma.cu and two sed-made variants of it (from the diagnosis of
# docs/device-runs/2026-12-01-h200-wgmma-gate: tile groups of 8 and 32 rows; its third, the remote
# arrive with .release.cluster, edited a line that now lives in gate_wgmma_device.cuh).
# Binaries land in $WORK (default /tmp/gate-wgmma-bench): b_gate_wgmma, b_v_*. The epilogue's
# variants: variants.sh.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${WORK:-/tmp/gate-wgmma-bench}"
mkdir -p "$work"
src="$root/gpu/cuda/hopper/gate_wgmma.cu"
F="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I$root/gpu/include -I$root/model/include -I$root/gpu/cuda/hopper"
sed 's/kGroupRows = 16;/kGroupRows = 8;/' "$src" >"$work/v_g8.cu"
sed 's/kGroupRows = 16;/kGroupRows = 32;/' "$src" >"$work/v_g32.cu"
cp "$src" "$work/gate_wgmma.cu"
for v in v_g8 v_g32; do cmp -s "$src" "$work/$v.cu" && echo "sed made no change in $v"; done
nvcc $F -c "$root/tools/gate_wgmma_bench/bench.cu" -o "$work/bench.o" &
nvcc $F -c "$root/model/gate/wgmma_gate.cpp" -o "$work/wg.o" &
nvcc $F -c "$root/gpu/cuda/hopper/gate_wgmma_pingpong.cu" -o "$work/pingpong.o" &  # rung 4's kernel
nvcc $F -c "$root/gpu/cuda/hopper/gate_mma_tma_cluster.cu" -o "$work/mma_cluster.o" &  # rung 7's
for v in gate_wgmma v_g8 v_g32; do nvcc $F -c "$work/$v.cu" -o "$work/$v.o" & done
wait
for v in gate_wgmma v_g8 v_g32; do
  nvcc -gencode=arch=compute_90a,code=sm_90a "$work/bench.o" "$work/wg.o" "$work/pingpong.o" "$work/mma_cluster.o" "$work/$v.o" -o "$work/b_$v" -lcublas ||
    echo "link $v failed"
done
