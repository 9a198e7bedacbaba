#!/usr/bin/env bash
# One device call for issue 27's ladder (8-9 minutes on an H100 or H200: give it the full 600 s): builds fragviz-cli and
# the gate's GPU tests, and tools/gate_wgmma_bench's epilogue variants (variants.sh) beside them;
# runs the ladder bench at 2048/4096/8192 (median of 20, cuBLAS in the same run, every run
# exact-gated) with the stream-k rung's sweep, the Hopper rungs' GateExact tests, the variants
# (exact at 256..8192, then timed in turn), compute-sanitizer on the stage-epilogue variant, and
# Nsight Compute on the best wgmma rung at 4096. Writes a few small files to $OUT (the device
# tool hands back only so many): bench.csv, sweep.csv, bench.txt, variants.txt, checks.txt, run.log.
# Afterwards: commit bench.csv (and sweep.csv) under docs/device-runs/<date>-<gpu>/ with a README,
# and regenerate the docs' table:
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
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader 2>&1 | tee -a "$log"
t "source: commit ${FRAGVIZ_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
BUILD_ONLY=1 WORK="$root/build-exp" timeout 240 bash "$root/tools/gate_wgmma_bench/variants.sh" \
  >"$out/variants.txt" 2>&1 &
variants=$!
cmake -S "$root" -B "$b" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CUTE_CHECKS=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" \
  -DCMAKE_BUILD_TYPE=Release >/tmp/ladder-cmake.txt 2>&1
timeout 240 cmake --build "$b" -j "$(nproc)" --target fragviz-cli test_gate >/tmp/ladder-build.txt 2>&1
t "build exit $?"
grep -E ' error|warning' /tmp/ladder-build.txt | head -20 | tee -a "$log"
wait $variants
t "variants built: $(ls "$root"/build-exp/*/b 2>/dev/null | wc -l)"
cli="$b/cli/fragviz-cli"
timeout 200 "$cli" bench --sizes 2048,4096,8192 --runs 20 --csv "$out/bench.csv" --sweep "$out/sweep.csv" \
  >"$out/bench.txt" 2>&1
t "bench exit $? (0: every run exact)"
grep -E "^sweep:" "$out/bench.txt" | tee -a "$log"
: >"$out/checks.txt"
timeout 120 ctest --test-dir "$b" -R 'gpu\.GateExact\.(wgmma|mma_tma)' --output-on-failure >>"$out/checks.txt" 2>&1
t "Hopper GateExact tests exit $?"; grep -E "tests passed|tests failed" "$out/checks.txt" | tail -2 | tee -a "$log"
SKIP_BUILD=1 WORK="$root/build-exp" timeout 150 bash "$root/tools/gate_wgmma_bench/variants.sh" \
  >>"$out/variants.txt" 2>&1
t "variants exit $?"; grep -E "exactness|^round|^ *[0-9]+ " "$out/variants.txt" | tee -a "$log"
for run in "memcheck 3072 5" "synccheck 3072 5" "memcheck 3072 6" "racecheck 3072 6"; do
  read -r tool n rung <<<"$run"
  timeout 45 compute-sanitizer --tool "$tool" "$root/build-exp/stage/b" profile "$n" "$rung" >>"$out/checks.txt" 2>&1
  rc=$?
  r=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/checks.txt" | tail -1)
  t "$tool, the stage variant's rung $rung at $n: exit $rc ${r:-no summary (timeout?)}"
done
timeout 60 ncu --kernel-name gate_wgmma_tma_store --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  "$cli" gate --n 4096 --variant wgmma-tma-store --runs 1 --no-cublas >>"$out/checks.txt" 2>&1
t "ncu wgmma-tma-store 4096 exit $?"
t "done"
