#!/usr/bin/env bash
# The CuTe example (examples/kernels/cute_sm80_gemm.cu) through gate --kernel --cutlass: NVRTC
# compiles CuTe without a device (the runner's --compile-only, and fragviz-cli gate, which compiles
# for sm_80 without a GPU and then says so); on a GPU the gate's verdict is exact. Skipped (77)
# without the CUTLASS headers (tools/fetch-cutlass.sh) or without a runner (a build without CUDA).
# Usage: test_user_kernel_cute.sh <fragviz-cli> <fragviz-kernel-runner or "none"> <source dir> <cutlass dir>
set -u
cli="$1" runner="$2" src="$3" cutlass="$4"
ex="$src/examples/kernels/cute_sm80_gemm.cu"
inc="$cutlass/cutlass/include"
if [ "$runner" = none ]; then
  echo "SKIP: no fragviz-kernel-runner (a build without CUDA)"
  exit 77
fi
if [ ! -f "$inc/cute/tensor.hpp" ]; then
  echo "SKIP: no CUTLASS headers in $cutlass: run tools/fetch-cutlass.sh, then configure again"
  exit 77
fi
fails=0
check() {  # check CODE REGEX... -- COMMAND...: exit CODE and, for each REGEX, a line matching it
  local want="$1" words=() w out rc ok=1
  shift
  while [ "$1" != "--" ]; do
    words+=("$1")
    shift
  done
  shift
  out=$(timeout 600 "$@" 2>&1)
  rc=$?
  [ "$rc" = "$want" ] || ok=0
  for w in "${words[@]}"; do grep -Eq -- "$w" <<<"$out" || ok=0; done
  if [ $ok = 0 ]; then
    echo "FAIL: $* -> exit $rc (want $want, lines matching: ${words[*]}):"
    echo "$out" | head -12
    fails=$((fails + 1))
  else
    echo "ok: $* -> $rc"
    for w in "${words[@]}"; do grep -E -- "$w" <<<"$out" | head -1 | sed 's/^/    /'; done
  fi
}
launch=(--entry cute_sm80_gemm --block 128 --grid n/128,n/128)

# The runner's compile step (compile_user_kernel) with the CUTLASS include folder, for the H200's
# target: it compiles, and the entry's ptxas line is found.
check 0 "^entry cute_sm80_gemm: Used [0-9]+ registers" -- \
  "$runner" --compile-only --arch sm_90a --source "$ex" --entry cute_sm80_gemm -I "$inc"
# Without the headers: a compile error naming the missing header, at the example's line.
check 6 "cute_sm80_gemm.cu:[0-9]+: (catastrophic )?error: cannot open source file \"cute/tensor.hpp\"" -- \
  "$runner" --compile-only --arch sm_90a --source "$ex" --entry cute_sm80_gemm

# fragviz-cli gate --cutlass, the build's CUTLASS folder (no FRAGVIZ_CUTLASS_DIR in the environment).
if env -u FRAGVIZ_CUTLASS_DIR "$cli" device >/dev/null 2>&1; then
  for n in 512 2048; do
    check 0 "^matmul at n = $n against the reference: exact match" -- \
      env -u FRAGVIZ_CUTLASS_DIR "$cli" gate --kernel "$ex" "${launch[@]}" --cutlass --n "$n" --runs 3 --no-cublas
  done
else
  check 2 "^gate: include folder $inc$" "^compiled with NVRTC for sm_80 \(no device" -- \
    env -u FRAGVIZ_CUTLASS_DIR "$cli" gate --kernel "$ex" "${launch[@]}" --cutlass --n 512
fi
echo "$fails failure(s)"
exit $((fails != 0))
