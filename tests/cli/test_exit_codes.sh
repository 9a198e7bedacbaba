#!/usr/bin/env bash
# fragviz-cli's answers to bad input, with or without a GPU: a clear message and the documented
# exit code (README, "Exit codes"), never a crash. Usage: test_exit_codes.sh <fragviz-cli>
set -u
cli="$1"
fails=0
expect() {  # expect CODE WORDS-IN-OUTPUT -- ARGS...
  local want="$1" words="$2"
  shift 3
  local out rc
  out=$(timeout 60 "$cli" "$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -qi -- "$words" <<<"$out"; then
    echo "FAIL: fragviz-cli $* -> exit $rc (want $want, output containing '$words'):"
    echo "$out" | head -5
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* -> $rc"
  fi
}
expect 0 "bank conflicts 28" -- banks --num x4 --stride-halves 64
expect 0 "bank conflicts 0" -- banks --num x4 --stride-halves 72
expect 3 "16-byte" -- banks --num x4 --stride-halves 65
for s in 2147483647 2147483640 1140850705 1073741824 -8 0 7; do
  expect 3 "illegal geometry" -- banks --num x4 --stride-halves "$s"
done
expect 3 "multiple of 64" -- banks --num x4 --stride-halves 72 --swizzle xor
expect 3 "16-byte" -- probe --num x4 --width 64 --pad 1
expect 3 "not a multiple of 64" -- gate --n 2000
expect 3 "below 256" -- gate --n -64
expect 3 "below 256" -- gate --n 0
expect 3 "not a multiple of 64" -- bench --sizes 1000
expect 64 "non-negative whole number" -- gate --seed -1
expect 64 "non-negative whole number" -- gate --seed 1e9
expect 64 "is empty" -- banks --num x4 --stride-halves ""
expect 64 "unknown command" -- nosuchcmd
expect 64 "not in" -- banks --num x3 --stride-halves 72
expect 64 "required" -- banks --num x4
expect 64 "m16n8k32" -- layout --shape m16n8k32
expect 0 "operand,lane,element,row,col" -- layout --shape m16n8k16 --csv
echo "$fails failed"
[ "$fails" -eq 0 ]
