#!/usr/bin/env bash
# One device call for issue 27's mma.sync half (< 6 minutes on an H100 or H200): builds only
# fragviz-cli and the gate's GPU tests, runs the ladder bench at 2048/4096/8192 with the stream-k
# rung's sweep (every candidate of gate/stream_k.hpp against cuBLAS in the same run, median of 20,
# each exact-gated), the stream-k GPU tests, and compute-sanitizer memcheck and racecheck on the
# rung. Writes to $OUT: bench.csv (the ladder; its stream-k rows are the best candidate's),
# sweep.csv (every candidate), bench.txt, tests.txt, sanitizer.txt, ptxas.txt, run.log.
# Afterwards: set kStreamKShipped to the best candidate the log names, commit bench.csv and
# sweep.csv under docs/device-runs/<date>-<gpu>/ and regenerate the docs' table:
#   tools/ladder-table.py docs/device-runs/<run>/bench.csv docs/guide/ladder-notes.csv --update docs/guide/gate.md
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
b="${FRAGVIZ_DEVICE_BUILD:-$root/build-ladder}"
log="$out/run.log"
s=$(date +%s)
t() { echo "[$(($(date +%s) - s)) s] $*" | tee -a "$log"; }
: >"$log"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>&1 | tee -a "$log"
t "source: commit ${FRAGVIZ_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
cmake -S "$root" -B "$b" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" \
  -DCMAKE_BUILD_TYPE=Release >"$out/cmake.txt" 2>&1
timeout 240 cmake --build "$b" -j "$(nproc)" --target fragviz-cli test_gate >"$out/build.txt" 2>&1
t "build exit $?"
grep -E ' error|warning' "$out/build.txt" | head -20 | tee -a "$log"
# What ptxas said about the rung and every candidate (sm_90): registers, spills.
grep -h -A3 -E "entry function '(fragviz_gate_stream_k|fragviz_sweep_stream_k_[0-9]+)'" \
  "$b/gpu/gate_ptxas/ptxas.log" "$out/build.txt" >"$out/ptxas.txt" 2>/dev/null
grep -E "spill" "$out/ptxas.txt" | sort | uniq -c | tee -a "$log"
cli="$b/cli/fragviz-cli"
timeout 200 "$cli" bench --sizes 2048,4096,8192 --runs 20 --csv "$out/bench.csv" --sweep "$out/sweep.csv" \
  >"$out/bench.txt" 2>&1
t "bench exit $? (0: every run exact)"
grep -E "^sweep:|stream-k|^  [0-9]+x|cuBLAS" "$out/bench.txt" | tee -a "$log"
timeout 90 ctest --test-dir "$b" -R 'gpu\.Gate(Exact\.stream_k|StreamK)' --output-on-failure >"$out/tests.txt" 2>&1
t "stream-k GPU tests exit $?"; grep -E "tests passed|tests failed|Failed|Passed|Skipped" "$out/tests.txt" | tail -12 | tee -a "$log"
: >"$out/sanitizer.txt"
for run in "memcheck gate --n 256 --variant stream-k --runs 1 --no-cublas" \
           "racecheck gate --n 256 --variant stream-k --runs 1 --no-cublas" \
           "memcheck gate --n 4096 --variant stream-k --runs 1 --no-cublas"; do
  read -r tool cmd <<<"$run"
  # shellcheck disable=SC2086
  timeout 60 compute-sanitizer --tool "$tool" "$cli" $cmd >>"$out/sanitizer.txt" 2>&1
  r=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer.txt" | tail -1)
  t "$tool $cmd: exit $? ${r:-no summary (timeout?)}"
done
t "done"
