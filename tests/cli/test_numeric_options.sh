#!/usr/bin/env bash
# Numbers that are absurd on their face are refused with a message naming the option, GPU or not:
# NaN, infinities, negatives, zero, overflow for every numeric option of gate, bench, probe and
# export --scale; gate --kernel --smem above 232448 bytes (227 KiB: the largest opt-in dynamic
# shared memory per block of any GPU, sm_90 and sm_100 in the CUDA C++ Programming Guide's table)
# refused before the kernel runner starts. Nothing is written by a refused export.
# Usage: test_numeric_options.sh <fragviz-cli> <source-dir>
set -u
cli="$1"
src="$2"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
kernel=(--kernel "$src/examples/kernels/mma_m16n8k16.cu" --entry mma_m16n8k16)

# --smem: 232448 = 227 * 1024 is the limit; one byte more is refused on its face (exit 3).
for smem in 232449 999999999 1073741824; do
  expect 3 "232448 bytes" -- gate "${kernel[@]}" --smem "$smem"
done
expect 64 "--smem" -- gate "${kernel[@]}" --smem 1073741825
for v in nan -1 1e99 inf; do expect 64 "--smem" -- gate "${kernel[@]}" --smem "$v"; done

# A value that is not a whole number is named for what it is, not "not in range" (CLI::Range's words).
expect 64 "--smem: must be a whole number from 0 to 1073741824, got '1e3'" -- gate "${kernel[@]}" --smem 1e3
expect 64 "--runs: must be a whole number from 1 to 100000, got 'abc'" -- gate --runs abc
expect 64 "--runs: must be a whole number from 1 to 100000, got '2.5'" -- bench --runs 2.5
expect 64 "--rows: must be a whole number from 1 to 4096, got '0x10'" -- probe --rows 0x10

# Each option with each absurd value: exit 64 (CLI11) or 3 (the model's range), the option named.
check() {  # check OPTION-NAME -- ARGS (the value last)
  local name="$1"
  shift 2
  local out rc
  out=$(timeout 60 "$cli" "$@" 2>&1)
  rc=$?
  if { [ "$rc" != 64 ] && [ "$rc" != 3 ]; } || ! grep -qiF -- "$name" <<<"$out"; then
    echo "FAIL: fragviz-cli $* -> exit $rc (want 64 or 3 naming '$name'):"
    echo "$out" | head -3
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* -> $rc"
  fi
}
for v in nan NaN inf -inf -1 0 1e99 99999999999999999999; do
  check "--timeout" -- gate "${kernel[@]}" --timeout "$v"
  check "--runs" -- gate --runs "$v"
  check "--runs" -- bench --runs "$v"
  [ "$v" = 0 ] || check "--seed" -- gate --seed "$v"  # seed 0 is a seed
  check "--rows" -- probe --rows "$v"
  check "--scale" -- export --view movmatrix --svg "$tmp/s.svg" --scale "$v"
done
# Sizes and tile extents: the model's words name them (n = ..., tile width, pad).
for v in nan inf -1 0 1e99 99999999999; do
  check "n" -- gate --n "$v"
  check "n" -- bench --sizes "$v"
  check "width" -- probe --width "$v"
done
for v in nan inf -1 1e99 99999999999; do check "pad" -- probe --pad "$v"; done
[ ! -e "$tmp/s.svg" ] || { echo "FAIL: a refused --scale wrote $tmp/s.svg"; fails=$((fails + 1)); }
# Just outside the one PNG scale range (0.5 to 8, the Export dialog's too): refused, naming the range.
for v in 0.49 8.01 16 1000; do expect 64 "--scale" -- export --view movmatrix --svg "$tmp/s.svg" --scale "$v"; done
expect 64 "8" -- export --view movmatrix --svg "$tmp/s.svg" --scale 16
[ ! -e "$tmp/s.svg" ] || { echo "FAIL: a refused --scale wrote $tmp/s.svg"; fails=$((fails + 1)); }
# In range: accepted (0.5 and 8 are the bounds).
for v in 0.5 1 8; do expect 0 "wrote" -- export --view movmatrix --svg "$tmp/s.svg" --scale "$v"; done

echo "$fails failed"
[ "$fails" -eq 0 ]
