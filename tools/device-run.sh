#!/usr/bin/env bash
# Builds gpu/ and fragviz-cli with CMake + CUDA alone (no GUI, no Debian -dev packages: the
# header-only libraries and googletest sources come from .carry/) and runs every GPU test, probe
# and benchmark, writing logs under $OUT (default ./out). Used on the H200 through the device
# tool; works on any Linux box with a CUDA GPU.
#   tools/device-run.sh [quick]   (FRAGVIZ_PACK_REPORTS=1: the JSON reports in one reports.tar.xz)
# What a run commits (docs/device-runs/<date>-<machine>/): a README written from $OUT, quoting what
# it found, and the small tables ($OUT/bench.csv, bank-sweep/*.csv). The logs, the JSON reports and
# the archives stay under $OUT, out of the tree; the tests read pinned fixtures, never a run
# (tests/fixtures/README.md; tools/record-fixtures.sh records those again).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
build="${FRAGVIZ_DEVICE_BUILD:-/tmp/fragviz-build}"
log="$out/run.log"
cli="$build/cli/fragviz-cli"

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
# FRAGVIZ_ONLY=sanitizer: only fragviz-cli, then only the compute-sanitizer section (a second call
# of a device session); FRAGVIZ_NO_SANITIZER=1 leaves that section out (the first call).
if [ "${FRAGVIZ_ONLY:-}" = sanitizer ]; then
  cmake --build "$build" -j "$(nproc)" --target fragviz-cli >"$out/build.log" 2>&1
else
  cmake --build "$build" -j "$(nproc)" >"$out/build.log" 2>&1
fi
echo "[build exit $?, $(( $(date +%s) - t0 )) s; full log in build.log]" | tee -a "$log"
grep -E "ptxas|error" "$out/build.log" | head -40 | tee -a "$log"

if [ "${FRAGVIZ_ONLY:-}" != sanitizer ]; then
section "tests (all labels; gpu tests run here)"
# The tests and the user-kernel runs below fault a kernel on purpose (oob_store). After that, on the
# H200, every process with both GL and CUDA (the app) stalls its frames ~4.4 s when its probes
# start; tools/device-gui.sh warns when it finds this mark.
date -u +%Y-%m-%dT%H:%M:%SZ >/tmp/fragviz-kernel-faulted
run ctest --test-dir "$build" --output-on-failure -j 4 --timeout 300
ctest --test-dir "$build" -L gpu -V >"$out/ctest-gpu.log" 2>&1

section "device"
run "$cli" device

section "probes"
# The full probe set: the seed's ldmatrix-loaded fragments, every catalogue instruction through
# the tensor core, the explorer and the cycles table, into one JSON report.
run "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8 --json "$out/probe-report.json"
run "$cli" probe --shape all --instr none --num x4 --width 64 --pad 0 --no-cycles
run "$cli" probe --shape all --instr none --num x2 --trans --width 64 --pad 8 --no-cycles
run "$cli" probe --shape all --instr none --num x1 --width 32 --pad 8 --no-cycles
run "$cli" probe --shape all --instr none --num x4 --trans --width 64 --pad 0 --swizzle xor --no-cycles
run "$cli" probe --instr mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 --no-cycles
# Through ldmatrix (issue 21): tf32 A .x4 / B .x2, s4 and b1 K-contiguous, loaded by the real ldmatrix.
run "$cli" probe --instr mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 --no-cycles
run "$cli" probe --instr mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32 --no-cycles
run "$cli" probe --instr mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc --no-cycles
run "$cli" probe --instr mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32 --no-cycles
section "Hopper: wgmma (144 entries), descriptors, stmatrix, movmatrix, epilogues (also in probe-report.json)"
run "$cli" probe --instr hopper --no-cycles
run "$cli" probe --instr wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 --no-cycles
run "$cli" descriptor --instr wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 --operand B --major K --swizzle 128B --csv
run "$cli" descriptor --type f16 --major K --swizzle 128B --start 128
section "WMMA: every nvcuda::wmma fragment kind, measured (also in probe-report.json); two kinds' full maps"
run "$cli" probe --instr wmma --no-cycles --json "$out/wmma-report.json"
run "$cli" probe --instr wmma.m16n16k16.matrix_a.row.f16 --no-cycles
run "$cli" probe --instr wmma.m16n16k16.accumulator.row.f32 --no-cycles
section "probe refusal: misaligned pad (must refuse, context healthy)"
run "$cli" probe --shape all --instr none --num x4 --width 64 --pad 1 --no-cycles

section "what ptxas made of each catalogue instruction on sm_90 (SASS of the probe kernels)"
if command -v cuobjdump >/dev/null 2>&1; then
  cuobjdump --dump-sass "$build/gpu/libfragviz_gpu.a" 2>/dev/null | awk '
    /arch = / { arch = $3 }
    /Function : / { if (fn != "") print fn ": " ops; fn = ""; ops = "";
      if (arch == "sm_90" && $0 ~ /mma_probe_kernel/) { fn = $3; sub(/.*ILi/, "entry ", fn); sub(/E.*/, "", fn) } }
    fn != "" && match($0, /(HMMA|IMMA|DMMA|BMMA|FFMA|SHFL)[.A-Z0-9]*/) { op = substr($0, RSTART, RLENGTH);
      if (index(ops, op) == 0) ops = ops " " op }
    END { if (fn != "") print fn ": " ops }' | sort -t' ' -k2 -n | tee -a "$log"
else
  echo "cuobjdump not found" | tee -a "$log"
fi

section "relations (K split, accumulator as A)"
run "$cli" relations

section "gate"
run "$cli" gate --n 2048 --variant ldmatrix-k8 --json "$out/gate-report.json"
run "$cli" gate --n 2048 --variant scalar-b-k8
run "$cli" gate --n 2048 --variant ldmatrix-k16
run "$cli" gate --n 2048 --variant broken-swap-b --json "$out/gate-broken-report.json"
run "$cli" gate --n 2000 --variant ldmatrix-k8
section "user kernels (docs/user-kernels.md): exact, mismatch, fault in the child process, compile error"
ex="$root/examples/kernels"
run "$cli" gate --kernel "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16 --json "$out/gate-user-kernel.json"
# CuTe through NVRTC: needs the CUTLASS headers (build-deps/cutlass, or $FRAGVIZ_CUTLASS_DIR); refused without.
run "$cli" gate --kernel "$ex/cute_sm80_gemm.cu" --entry cute_sm80_gemm --cutlass --block 128 --grid n/128,n/128 \
  --json "$out/gate-cute-sm80-gemm.json"
run "$cli" gate --kernel "$ex/off_by_one_k.cu" --entry off_by_one_k --block 16,16 --grid n/16,n/16
run "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store --block 16,16 --grid n/16,n/16
run "$cli" gate --kernel "$root/tests/cli/kernels/syntax_error.cu" --entry broken

if [ "${1:-}" != "quick" ]; then
  section "bench (every variant, the ladder included, and cuBLAS at 1024-8192; CSV in bench.csv)"
  run "$cli" bench --csv "$out/bench.csv"
fi
section "your own layout through the real instruction (probe --layout), Nsight Compute's counters (--ncu)"
run "$cli" probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer --load ldmatrix --json "$out/layout-report.json"
run "$cli" probe --layout '(16,64):(64,1)' --lanes explorer --load ldmatrix
run "$cli" probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer --load ldmatrix --ncu
run "$cli" probe --layout '(16,64):(64,1)' --lanes explorer --load ldmatrix --ncu
run "$cli" probe --layout '(32,64):(64,1)' --lanes 'row=lane, col=0' --load lds128

section "the CTA tile's copies under Nsight Compute (tiled --device --ncu: each copy's wavefronts beside the bank table)"
run "$cli" tiled --preset sm80-gemm-128x128x32 --device --ncu --json "$out/tiled-ncu-sm80.json"
run "$cli" tiled --preset sm80-gemm-128x128x32 --smem-a '(128,32):(32,1)' --device --ncu
run "$cli" tiled --preset gate-ldmatrix-k8 --device --ncu
run "$cli" tiled --preset gate-swizzle-xor --device --ncu
run "$cli" tiled --preset fa2-attention --device --ncu
run "$cli" tiled --preset sm90-wgmma-128x128x64 --device --ncu

section "bank sweep: the plain loads (ld.shared .b32/.v2/.v4) under Nsight Compute (tools/bank-sweep)"
# Session 9 measured stores and ld/stmatrix (tests/fixtures/bank-sweep/h200-2026-12-04.csv); its load
# kernels never executed their load. Set BANK_SWEEP_OPS to sweep other ops; bank-sweep.csv comes back
# in $out/bank-sweep/ (tools/bank-sweep/to-fixture.py makes a new pinned fixture of it).
if command -v ncu >/dev/null 2>&1; then
  export OPS="${BANK_SWEEP_OPS:-lds32 lds64 lds128}"
  run "$root/tools/bank-sweep/run.sh" "$out/bank-sweep"
  unset OPS
else
  echo "ncu not found: bank sweep skipped" | tee -a "$log"
fi

fi  # FRAGVIZ_ONLY != sanitizer

if [ -z "${FRAGVIZ_NO_SANITIZER:-}" ]; then
section "compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over every probe and gate variant"
san="$out/sanitizer.log"
: >"$san"
if command -v compute-sanitizer >/dev/null 2>&1; then
  for tool in memcheck racecheck synccheck initcheck; do
    for cmd in "probe --shape all --instr all --num x4 --width 64 --pad 8 --no-cycles" \
               "relations" \
               "probe --instr wmma --no-cycles" \
               "gate --n 256 --variant ldmatrix-k8 --runs 1 --no-cublas" \
               "gate --n 256 --variant scalar-b-k8 --runs 1 --no-cublas" \
               "gate --n 256 --variant ldmatrix-k16 --runs 1 --no-cublas" \
               "gate --n 256 --variant broken-swap-b --runs 1 --no-cublas" \
               "gate --n 256 --variant cp-async-db --runs 1 --no-cublas" \
               "gate --n 256 --variant multistage --runs 1 --no-cublas" \
               "gate --n 256 --variant tile-128 --runs 1 --no-cublas" \
               "gate --n 256 --variant swizzle-xor --runs 1 --no-cublas" \
               "gate --n 256 --variant reg-db --runs 1 --no-cublas" \
               "gate --n 256 --variant reg-db-128x256 --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-tma --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-ws --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-persistent --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-cluster --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-pingpong --runs 1 --no-cublas" \
               "gate --n 2048 --variant wgmma-pingpong --runs 1 --no-cublas" \
               "gate --n 256 --variant wgmma-tma-store --runs 1 --no-cublas" \
               "gate --n 2048 --variant wgmma-tma-store --runs 1 --no-cublas" \
               "gate --n 3072 --variant wgmma-stream-k --runs 1 --no-cublas" \
               "probe --layout Swizzle<3,3,3>o(16,64):(64,1) --lanes explorer --load ldmatrix --no-cycles" \
               "tiled --preset sm80-gemm-128x128x32 --device" \
               "tiled --preset gate-broken-swap-b --device" \
               "tiled --preset fa2-attention --device" \
               "tiled --preset sm90-wgmma-128x128x64 --device" \
               "tiled --preset gate-wgmma-ws --device" \
               "tiled --preset sm80-gemm-128x128x32 --ncu-child" \
               "tiled --preset sm90-wgmma-128x128x64 --ncu-child"; do
      echo "\$ compute-sanitizer --tool $tool fragviz-cli $cmd" >>"$san"
      # shellcheck disable=SC2086
      compute-sanitizer --tool "$tool" --error-exitcode 99 "$cli" $cmd >>"$san" 2>&1
      rc=$?
      echo "[exit $rc]" >>"$san"
      printf '%-10s %-62s %s\n' "$tool" "$cmd" "$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$san" | tail -1) (exit $rc)" | tee -a "$log"
    done
  done
else
  echo "compute-sanitizer not found" | tee -a "$log"
fi
fi  # FRAGVIZ_NO_SANITIZER

section "done"
# The device tool returns at most 8 files: FRAGVIZ_PACK_REPORTS=1 puts the JSON reports into one
# reports.tar.xz (run.log, build.log, ctest-gpu.log, sanitizer.log, bench.csv stay as they are).
if [ "${FRAGVIZ_PACK_REPORTS:-0}" = 1 ]; then
  (cd "$out" && ls ./*.json >/dev/null 2>&1 && tar -cJf reports.tar.xz ./*.json && rm -f ./*.json &&
    echo "reports packed into reports.tar.xz" | tee -a "$log")
fi
echo "[device-run finished at $(date -u +%H:%M:%SZ)]" | tee -a "$log"
