#!/usr/bin/env bash
# Issue 27's device check in one call (~200 s on the H200): build without the GUI and the CuTe
# oracle, the GPU tests, tools/bench-probes.sh (5 runs), the phases with one host thread and with
# one stream, the probe output compared across those settings (a judgement must not change),
# tools/bench-probes.sh again under CUDA_MODULE_LOADING EAGER and LAZY, and compute-sanitizer
# memcheck over the whole probe set; with FRAGVIZ_PROBE_REFERENCE=FILE the probe output is also
# diffed against an earlier run's.
# Small files go to $OUT (probe-times*.md, phases-*.txt, ctest-gpu.txt, probe-all.txt).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
b="${FRAGVIZ_DEVICE_BUILD:-$root/build-device}"
s=$(date +%s)
t() { echo "[$(($(date +%s) - s)) s] $*"; }
cmake -S "$root" -B "$b" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CUTE_CHECKS=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" \
  -DCMAKE_BUILD_TYPE=Release >"$out/cmake.txt" 2>&1
timeout "${FRAGVIZ_BUILD_TIMEOUT:-170}" ninja -C "$b" -j "$(nproc)" >/tmp/probe-speed-build.log 2>&1
t "build exit $?"; grep -E ' error|warning' /tmp/probe-speed-build.log | head -20
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cli="$b/cli/fragviz-cli"
all=(probe --shape all --instr all --no-cycles)
# The GPU tests fault a kernel on purpose (oob_store): after that, an app with GL and CUDA stalls its
# frames about 4.4 s when its probes start (docs/device-runs/2026-12-02-h200-session6); mark it, as
# tools/device-run.sh does, so that tools/device-gui.sh warns on this machine.
date -u +%Y-%m-%dT%H:%M:%SZ >/tmp/fragviz-kernel-faulted
timeout 60 ctest --test-dir "$b" -L gpu -j 8 --timeout 50 >"$out/ctest-gpu.txt" 2>&1
t "gpu tests exit $?"; grep -E 'tests passed|tests failed|Failed|Timeout' "$out/ctest-gpu.txt" | head
timeout 40 bash "$root/tools/bench-probes.sh" "$cli" 5 "$out/probe-times.md" >/dev/null 2>&1
t "bench exit $?"; cat "$out/probe-times.md"
timeout 20 "$cli" "${all[@]}" >/tmp/ps-a.txt 2>&1; t "probe all exit $? (0: every probe matched)"
cp /tmp/ps-a.txt "$out/probe-all.txt"
# FRAGVIZ_PROBE_REFERENCE: an earlier run's probe-all.txt (another commit, same GPU kind): the
# judgements must be the same line for line, timings aside.
if [ -n "${FRAGVIZ_PROBE_REFERENCE:-}" ]; then
  if diff <(grep -v '^timings' "$FRAGVIZ_PROBE_REFERENCE") <(grep -v '^timings' /tmp/ps-a.txt) >/tmp/ps-ref.diff; then
    echo "output identical to $FRAGVIZ_PROBE_REFERENCE ($(wc -l </tmp/ps-a.txt) lines)"
  else
    echo "OUTPUT DIFFERS from $FRAGVIZ_PROBE_REFERENCE:"; head -20 /tmp/ps-ref.diff
  fi
fi
for v in THREADS STREAMS; do
  env FRAGVIZ_PROBE_TIMING=1 FRAGVIZ_PROBE_$v=1 timeout 20 "$cli" "${all[@]}" >/tmp/ps-$v.txt 2>"$out/phases-1-$v.txt"
  t "probe all with FRAGVIZ_PROBE_$v=1: exit $?"; cat "$out/phases-1-$v.txt"; grep ^timings /tmp/ps-$v.txt
  if diff <(grep -v '^timings' /tmp/ps-a.txt) <(grep -v '^timings' /tmp/ps-$v.txt) >/dev/null; then
    echo "output identical to the default run ($(wc -l </tmp/ps-a.txt) lines)"
  else
    echo "OUTPUT DIFFERS from the default run:"; diff <(grep -v '^timings' /tmp/ps-a.txt) <(grep -v '^timings' /tmp/ps-$v.txt) | head
  fi
done
# Module loading, 5 runs each (one run each was too noisy to choose by: session 14 saw no
# difference, session 15 85.6 against 137.8 ms).
for ml in EAGER LAZY; do
  CUDA_MODULE_LOADING=$ml timeout 40 bash "$root/tools/bench-probes.sh" "$cli" 5 "$out/probe-times-$ml.md" >/dev/null 2>&1
  echo "$ml: $(grep -E '^\| \*\*median' "$out/probe-times-$ml.md")"
done
r=$(timeout 100 compute-sanitizer --tool memcheck "$cli" "${all[@]}" 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)
t "memcheck ${all[*]}: ${r:-no summary (timeout?)}"
