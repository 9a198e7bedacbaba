#!/usr/bin/env bash
# `fragviz-cli gate --kernel` and fragviz-kernel-runner on bad input and on the examples, with or
# without a GPU: arguments refused before anything runs, missing files and entries, compile errors
# with file:line (NVRTC compiles without a device), and on a GPU the three examples' verdicts.
# Usage: test_user_kernel.sh <fragviz-cli> <fragviz-kernel-runner or "none"> <source dir>
set -u
cli="$1" runner="$2" src="$3"
ex="$src/examples/kernels" bad="$src/tests/cli/kernels"
fails=0
check() {  # check CODE WORDS -- COMMAND...
  local want="$1" words="$2"
  shift 3
  local out rc
  out=$(timeout 120 "$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -qi -- "$words" <<<"$out"; then
    echo "FAIL: $* -> exit $rc (want $want, output containing '$words'):"
    echo "$out" | head -8
    fails=$((fails + 1))
  else
    echo "ok: ${*#"$cli "} -> $rc"
  fi
}
good=(--kernel "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16)
# steps LACK-REGEX STEP-REGEX... -- COMMAND...: a line matches each STEP-REGEX, each after the
# one before, and no line matches LACK-REGEX: the CLI says what happened, in order, and never a
# step that did not happen.
steps() {
  local lack="$1"
  shift
  local want=()
  while [ "$1" != "--" ]; do
    want+=("$1")
    shift
  done
  shift
  local out at=0 n ok=1
  out=$(timeout 120 "$@" 2>&1)
  for w in "${want[@]}"; do
    n=$(grep -nE -- "$w" <<<"$out" | head -1 | cut -d: -f1)
    if [ -z "$n" ] || [ "$n" -le "$at" ]; then ok=0; break; fi
    at=$n
  done
  if [ $ok = 0 ] || grep -Eq -- "$lack" <<<"$out"; then
    echo "FAIL: $*: no line '$w' after line $at, or a line matching '$lack':"
    echo "$out" | head -8
    fails=$((fails + 1))
  else
    echo "ok: ${*#"$cli "}: steps in order"
  fi
}

# Refused by fragviz-cli itself, before the runner starts (same answer on every machine).
check 64 "requires --entry" -- "$cli" gate --kernel "$ex/mma_m16n8k16.cu"
check 64 "requires --kernel" -- "$cli" gate --entry mma_m16n8k16
check 64 "requires --kernel" -- "$cli" gate --block 256
check 64 "excludes" -- "$cli" gate "${good[@]}" --variant ldmatrix-k8
check 64 "smem" -- "$cli" gate "${good[@]}" --smem -1
check 3 "cannot read --kernel $ex/no_such_file.cu: no such file" -- "$cli" gate --kernel "$ex/no_such_file.cu" --entry k
check 3 "cannot read --kernel $ex: is a directory, not a file" -- "$cli" gate --kernel "$ex" --entry k
check 3 "not a C identifier" -- "$cli" gate --kernel "$ex/mma_m16n8k16.cu" --entry "ns::k"
check 3 "2048 threads" -- "$cli" gate "${good[@]}" --block 64,32
check 3 "block.z = 65" -- "$cli" gate "${good[@]}" --block 1,1,65
check 3 "division by zero" -- "$cli" gate "${good[@]}" --grid "n/0"
check 3 "col 6: unknown name" -- "$cli" gate "${good[@]}" --grid "16,n/x"
check 3 "y is 0 at n = 2048" -- "$cli" gate "${good[@]}" --grid "n/64,n/4096"
check 3 "not a multiple of 64" -- "$cli" gate "${good[@]}" --n 1000
# Include folders (-I, --cutlass): judged before anything runs, named in the refusal.
check 64 "--include requires --kernel" -- "$cli" gate -I "$ex"
check 64 "--cutlass requires --kernel" -- "$cli" gate --cutlass
check 64 "not expected: $src" -- "$cli" gate "${good[@]}" -I "$ex" "$src"  # one folder per -I
check 3 "gate refused: include folder '$ex/no_such_dir': no such folder" -- \
  "$cli" gate "${good[@]}" -I "$ex" -I "$ex/no_such_dir"
check 3 "gate refused: include folder '$ex/mma_m16n8k16.cu': is a file, not a folder" -- \
  "$cli" gate "${good[@]}" -I "$ex/mma_m16n8k16.cu"
no_cutlass="$(mktemp -d)"
check 3 "gate refused: --cutlass: no CUTLASS headers in FRAGVIZ_CUTLASS_DIR=$no_cutlass .*run tools/fetch-cutlass.sh" -- \
  env FRAGVIZ_CUTLASS_DIR="$no_cutlass" "$cli" gate "${good[@]}" --cutlass
rmdir "$no_cutlass"

if [ "$runner" = none ]; then
  # A build without CUDA has no runner: it says so (no GPU, exit 2).
  check 2 "fragviz-kernel-runner was not found" -- "$cli" gate "${good[@]}"
  steps "compiled|launch:|launched" "^gate: mma_m16n8k16 from" "^gate stopped: fragviz-kernel-runner was not found" \
    -- "$cli" gate "${good[@]}"
  echo "$fails failure(s)"
  exit $((fails != 0))
fi

# The runner's compile step alone needs no device.
for k in mma_m16n8k16 off_by_one_k oob_store; do
  check 0 "compiled .* for sm_90a" -- "$runner" --compile-only --arch sm_90a --source "$ex/$k.cu" --entry "$k"
done
check 0 "Used [0-9]* registers" -- "$runner" --compile-only --arch sm_80 --source "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16
# mma.sync m16n8k16 needs sm_80: for sm_75 ptxas refuses it.
check 6 "compile error" -- "$runner" --compile-only --arch sm_75 --source "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16
check 6 "syntax_error.cu:5: error: identifier \"undeclared_name\" is undefined" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/syntax_error.cu" --entry broken
check 6 "put #include <cuda_fp16.h> at the top of the source" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/no_fp16_header.cu" --entry no_header
check 6 "must be declared as extern \"C\" __global__ void wrong_signature(const __half\* A, const __half\* B, float\* C, int n)" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/wrong_signature.cu" --entry wrong_signature
# A C++ kernel of the entry's name clashes with the contract's extern "C" declaration; under
# another name it is listed mangled, with the hint.
check 6 "entry 'cxx_kernel' must be declared as extern \"C\"" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/cxx_linkage.cu" --entry cxx_kernel
check 3 "no kernel named 'other'.*_Z10cxx_kernelPK6__halfS1_Pfi.*extern \"C\"" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/cxx_linkage.cu" --entry other
check 3 "no kernel named 'mma'.*it defines: mma_m16n8k16" -- \
  "$runner" --compile-only --arch sm_90a --source "$ex/mma_m16n8k16.cu" --entry mma
check 64 "required" -- "$runner" --compile-only --source "$ex/mma_m16n8k16.cu"
check 3 "include folder '$ex/no_such_dir': no such folder" -- \
  "$runner" --compile-only --arch sm_90a --source "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16 -I "$ex/no_such_dir"
# A header found only through -I (tests/cli/kernels/include/), and not without it.
check 0 "compiled .* for sm_90a" -- "$runner" --compile-only --arch sm_90a --source "$bad/uses_header.cu" \
  --entry uses_header -I "$bad/include"
check 6 "uses_header.cu:[0-9]*: .*error: cannot open source file \"fragviz_test_header.h\"" -- \
  "$runner" --compile-only --arch sm_90a --source "$bad/uses_header.cu" --entry uses_header

# Through fragviz-cli (child process): compile errors and missing entries on every machine.
check 6 "syntax_error.cu:5: error" -- "$cli" gate --kernel "$bad/syntax_error.cu" --entry broken
check 3 "no kernel named 'mma'" -- "$cli" gate --kernel "$ex/mma_m16n8k16.cu" --entry mma
# -I goes through the child process to NVRTC: the header is found with it, missing without.
check 6 "uses_header.cu:[0-9]*: .*error: cannot open source file" -- \
  "$cli" gate --kernel "$bad/uses_header.cu" --entry uses_header
# A compile error: nothing compiled, nothing launched. A missing entry: compiled, not launched.
steps "compiled with|launch: |^launched" "^gate: broken from" "^gate: compile error" \
  -- "$cli" gate --kernel "$bad/syntax_error.cu" --entry broken
steps "launch: |^launched" "^gate: mma from" "^compiled with NVRTC for sm_[0-9]+a?" \
  "^gate refused: no kernel named 'mma'" -- "$cli" gate --kernel "$ex/mma_m16n8k16.cu" --entry mma
json="$(mktemp -d)"
trap 'rm -rf "$json"' EXIT
check 6 "report written" -- "$cli" gate --kernel "$bad/syntax_error.cu" --entry broken --json "$json/compile.json"
check 0 '"error_kind": "compile"' -- cat "$json/compile.json"

if "$cli" device >/dev/null 2>&1; then
  # A GPU: the three examples, as docs/user-kernels.md says.
  check 0 "exact match" -- "$cli" gate "${good[@]}" --n 512 --runs 3 --no-cublas
  check 1 "mismatch" -- "$cli" gate --kernel "$ex/off_by_one_k.cu" --entry off_by_one_k --block 16,16 \
    --grid n/16,n/16 --n 512 --runs 3 --no-cublas
  # n = 2048: at small n its stray stores may land in mapped memory (examples/kernels/oob_store.cu).
  check 4 "matmul kernel failed: cudaError" -- "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store \
    --block 16,16 --grid n/16,n/16 --n 2048 --runs 3 --no-cublas
  check 3 "opt-in maximum" -- "$cli" gate "${good[@]}" --smem 1000000 --n 512
  # n = 512: the default grid n/64,n/64 is 8 x 8 blocks of the default 128 threads.
  steps "launch: " "^gate: mma_m16n8k16 from" "^device: " "^compiled with NVRTC for sm_[0-9]+a?$" \
    "^launched: block \(128, 1, 1\), grid \(8, 8, 1\)$" "^matmul at n = 512 against the reference: exact match" \
    -- "$cli" gate "${good[@]}" --n 512 --runs 3 --no-cublas
else
  # No GPU: compiled (for sm_80, to report compile errors), then "no device".
  check 2 "compiled for sm_80" -- "$cli" gate "${good[@]}" --n 512
  check 2 "compiled for sm_80" -- "$cli" gate --kernel "$bad/uses_header.cu" --entry uses_header -I "$bad/include"
  steps "launch: |^launched" "^gate: mma_m16n8k16 from" "^compiled with NVRTC for sm_80 \(no device" \
    "^gate stopped: no CUDA device" -- "$cli" gate "${good[@]}" --n 512
fi
echo "$fails failure(s)"
exit $((fails != 0))
