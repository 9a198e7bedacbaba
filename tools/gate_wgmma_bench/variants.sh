#!/usr/bin/env bash
# Builds tools/gate_wgmma_bench/bench.cu against copies of the Hopper rungs' sources with the
# tma_store rungs' (5 wgmma-tma-store, 6 wgmma-stream-k) epilogue and pipeline changed, one binary
# per variant, then times them in turn (each against cuBLAS in its own process). From the
# repository root on an sm_90 machine:
#   tools/gate_wgmma_bench/variants.sh [NAME:STAGES:BUFFERS:IN_STAGE ...]
# STAGES: pipeline stages of rungs 5 and 6 (shipped: 4); BUFFERS: kWgmmaGateStoreBuffers (2);
# IN_STAGE: 1 turns kWgmmaGateStoreInStage on, 0 leaves it off, x removes the epilogue (C never
# written: not exact, timing only: what the epilogue costs at most). Default: base:4:2:0
# stage:4:2:1 noepi:4:2:x. Binaries in $WORK (default build-exp/NAME/b); each variant's whole
# `b` run (exactness 256..8192, then timing) in NAME/full.txt beside it, its verdict and then two
# rounds of `b time 2048 4096 8192` on the standard output. BUILD_ONLY=1: build and stop;
# SKIP_BUILD=1: run what an earlier call built.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${WORK:-$root/build-exp}"
mkdir -p "$work"
variants=("${@:-base:4:2:0 stage:4:2:1 noepi:4:2:x}")
build() {  # NAME STAGES BUFFERS IN_STAGE
  local v=$1 stages=$2 buffers=$3 in_stage=$4 d="$work/$1"
  rm -rf "$d" && mkdir -p "$d"
  cp -r "$root/model/include" "$d/include" && cp -r "$root/gpu/cuda/hopper" "$d/hopper"
  cp "$root/gpu/cuda/ptx.cuh" "$root/gpu/cuda/gate_kernel.cuh" "$d/"  # what hopper/ includes as ../
  python3 - "$d" "$stages" "$buffers" "$in_stage" <<'PY'
import sys
d, stages, buffers, in_stage = sys.argv[1:]
def edit(path, old, new, count=-1):
    s = open(path).read()
    if old not in s:
        sys.exit("variants.sh: '%s' not found in %s" % (old, path))
    open(path, "w").write(s.replace(old, new, count))
hpp = d + "/include/fragviz/gate/wgmma_gate.hpp"
edit(hpp, "kWgmmaGateStoreBuffers = 2;", "kWgmmaGateStoreBuffers = %s;" % buffers)
if in_stage == "1":
    edit(hpp, "kWgmmaGateStoreInStage = false;", "kWgmmaGateStoreInStage = true;")
shape = "128, 256, 64, 4, 2, true, true, 2, 256"
s = open(hpp).read()
for name in ('"wgmma-tma-store"', '"wgmma-stream-k"'):
    j = s.index(shape, s.index(name))
    s = s[:j] + shape.replace(", 4, 2,", ", %s, 2," % stages, 1) + s[j + len(shape):]
open(hpp, "w").write(s)
if in_stage == "x":  # return before any store; the test on d[0] keeps the wgmma alive
    k = "bool reduce = false, int stage = -1) {"
    edit(d + "/hopper/gate_wgmma_device.cuh", k, k + "\n  if (d[0] != 12345.f) return;", 1)
PY
  local F="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I$d/include -I$root/gpu/include -I$d/hopper"
  nvcc $F -c "$root/tools/gate_wgmma_bench/bench.cu" -o "$d/bench.o" &
  nvcc $F -c "$root/model/gate/wgmma_gate.cpp" -o "$d/wg.o" &
  nvcc $F -c "$d/hopper/gate_wgmma.cu" -o "$d/gw.o" -Xptxas -v 2>"$d/ptxas.txt" &
  nvcc $F -c "$d/hopper/gate_wgmma_pingpong.cu" -o "$d/pp.o" &
  nvcc $F -c "$d/hopper/gate_mma_tma_cluster.cu" -o "$d/mc.o" &
  wait
  nvcc -gencode=arch=compute_90a,code=sm_90a "$d"/*.o -o "$d/b" -lcublas || echo "variants.sh: link $v failed"
  echo "$v: $(grep -A3 -E "function 'gate_wgmma_tma_store'" "$d/ptxas.txt" | grep -E 'spill|Used' | tr -s ' ' | tr '\n' ' ')"
}
names=()
for spec in ${variants[@]}; do
  IFS=: read -r v stages buffers in_stage <<<"$spec"
  names+=("$v")
  [ "${SKIP_BUILD:-0}" = 1 ] || build "$v" "$stages" "$buffers" "$in_stage" &
done
wait
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0
for v in "${names[@]}"; do
  timeout 90 "$work/$v/b" >"$work/$v/full.txt" 2>&1
  echo "$v: exit $?, exactness: $(grep -E '^all rungs exact' "$work/$v/full.txt")"
  grep -E "DIFFER" "$work/$v/full.txt" | head -3
done
for round in 1 2; do
  for v in "${names[@]}"; do
    echo "round $round $v"
    timeout 60 "$work/$v/b" time 2048 4096 8192 2>&1 | grep -E '^ *[0-9]+ '
  done
done
