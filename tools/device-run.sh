#!/usr/bin/env bash
# Builds gpu/ and fragviz-cli with CMake + CUDA alone (no GUI, no Debian -dev packages: the
# header-only libraries and googletest sources come from .carry/) and runs every GPU test, probe
# and benchmark, writing logs under $OUT (default ./out). Used on the H200 through the device
# tool; works on any Linux box with a CUDA GPU.
#   tools/device-run.sh [quick]
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
build="${FRAGVIZ_DEVICE_BUILD:-/tmp/fragviz-build}"
log="$out/run.log"
cli="$build/tools/fragviz-cli"

section() { printf '\n=== %s ===\n' "$*" | tee -a "$log"; }
run() { printf '$ %s\n' "$*" | tee -a "$log"; "$@" 2>&1 | tee -a "$log"; local rc=${PIPESTATUS[0]}; echo "[exit $rc]" | tee -a "$log"; return 0; }

: >"$log"
section "machine"
run date -u +%Y-%m-%dT%H:%M:%SZ
run nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
run nvcc --version
echo "source: commit ${FRAGVIZ_COMMIT:-unknown} (+ working tree as sent)" | tee -a "$log"

section "build (CMake + CUDA only)"
t0=$(date +%s)
run cmake -S "$root" -B "$build" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$(nproc)" >"$out/build.log" 2>&1
echo "[build exit $?, $(( $(date +%s) - t0 )) s; full log in build.log]" | tee -a "$log"
grep -E "ptxas|error" "$out/build.log" | head -40 | tee -a "$log"

section "tests (all labels; gpu tests run here)"
run ctest --test-dir "$build" --output-on-failure -j 4 --timeout 300
ctest --test-dir "$build" -L gpu -V >"$out/ctest-gpu.log" 2>&1

section "device"
run "$cli" device

section "probes"
run "$cli" probe --shape all --num x4 --width 64 --pad 8 --json "$out/probe-report.json"
run "$cli" probe --shape all --num x4 --width 64 --pad 0 --no-cycles
run "$cli" probe --shape all --num x2 --trans --width 64 --pad 8 --no-cycles
run "$cli" probe --shape all --num x1 --width 32 --pad 8 --no-cycles
run "$cli" probe --shape all --num x4 --trans --width 64 --pad 0 --swizzle xor --no-cycles
section "probe refusal: misaligned pad (must refuse, context healthy)"
run "$cli" probe --shape all --num x4 --width 64 --pad 1 --no-cycles

section "gate"
run "$cli" gate --n 2048 --variant ldmatrix-k8 --json "$out/gate-report.json"
run "$cli" gate --n 2048 --variant scalar-b-k8
run "$cli" gate --n 2048 --variant ldmatrix-k16
run "$cli" gate --n 2048 --variant broken-swap-b --json "$out/gate-broken-report.json"
run "$cli" gate --n 2000 --variant ldmatrix-k8

if [ "${1:-}" != "quick" ]; then
  section "bench"
  run "$cli" bench
fi
section "done"
