#!/usr/bin/env bash
# A short device check for one tool call (< 10 minutes): build, the GPU tests, the WMMA probe, the
# plain-load bank sweep, and compute-sanitizer over the WMMA probe and a few gate variants. What
# tools/device-run.sh does in full when a session has the time. Writes small files to $OUT.
# FRAGVIZ_NO_SWEEP=1 leaves the sweep out; FRAGVIZ_MORE=1 adds probe timings (issue 27) and
# racecheck, synccheck and initcheck over the probe set.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
b="${FRAGVIZ_DEVICE_BUILD:-$root/build-device}"
s=$(date +%s)
t() { echo "[$(( $(date +%s) - s )) s] $*"; }
cmake -S "$root" -B "$b" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" -DCMAKE_BUILD_TYPE=Release >"$out/cmake.txt" 2>&1
timeout 300 cmake --build "$b" -j "$(nproc)" >/tmp/device-build.log 2>&1
t "build exit $?"; grep -E ' error|warning' /tmp/device-build.log | head -20
timeout 150 ctest --test-dir "$b" -L gpu -j 4 --timeout 120 >"$out/ctest-gpu.txt" 2>&1
t "gpu tests exit $?"; grep -E 'tests passed|tests failed|Failed|Timeout' "$out/ctest-gpu.txt" | head -20
cli="$b/cli/fragviz-cli"
timeout 40 "$cli" probe --instr wmma --no-cycles >"$out/wmma.txt" 2>&1; t "wmma probe exit $?"; tail -3 "$out/wmma.txt"
timeout 40 "$cli" probe --instr mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 --no-cycles 2>&1 | grep -iE 'match|through' | head -5
for v in ldmatrix-k8 tile-128 reg-db wgmma-tma wgmma-ws; do
  timeout 30 "$cli" gate --n 2048 --variant $v --no-cublas 2>&1 | grep -iE 'exact|mismatch|verdict|ms' | head -2 | sed "s/^/$v: /"
done
t "gates done"
if command -v ncu >/dev/null && [ -z "${FRAGVIZ_NO_SWEEP:-}" ]; then
  OPS="lds32 lds64 lds128" timeout 150 bash "$root/tools/bank-sweep/run.sh" /tmp/bank-sweep >"$out/sweep.txt" 2>&1
  t "sweep exit $?"; cp /tmp/bank-sweep/bank-sweep.csv "$out/" 2>/dev/null; tail -2 "$out/sweep.txt"
fi
for cmd in "probe --instr wmma --no-cycles" "gate --n 256 --variant tile-128 --runs 1 --no-cublas" \
           "gate --n 256 --variant wgmma-ws --runs 1 --no-cublas" "probe --shape all --instr all --num x4 --width 64 --pad 8 --no-cycles"; do
  # shellcheck disable=SC2086
  r=$(timeout 60 compute-sanitizer --tool memcheck "$cli" $cmd 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)
  t "memcheck $cmd: ${r:-no summary (timeout?)}"
done
if [ -n "${FRAGVIZ_MORE:-}" ]; then
  for i in 1 2 3; do
    timeout 30 "$cli" probe --shape all --instr all --no-cycles 2>&1 | grep -E '^timings' | sed "s/^/probe all, run $i: /"
  done
  for ml in EAGER LAZY; do
    /usr/bin/time -f "wall %e s" env CUDA_MODULE_LOADING=$ml timeout 30 "$cli" probe --shape all --instr all --no-cycles 2>&1 |
      grep -E '^timings|^wall' | tr '\n' ' ' | sed "s/^/CUDA_MODULE_LOADING=$ml: /"; echo
  done
  for tool in racecheck synccheck initcheck; do
    for cmd in "probe --shape all --instr all --num x4 --width 64 --pad 8 --no-cycles" "gate --n 256 --variant tile-128 --runs 1 --no-cublas"; do
      # shellcheck disable=SC2086
      r=$(timeout 120 compute-sanitizer --tool $tool "$cli" $cmd 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)
      t "$tool $cmd: ${r:-no summary (timeout?)}"
    done
  done
fi
