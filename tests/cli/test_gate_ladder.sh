#!/usr/bin/env bash
# fragviz-cli and the gate's ladder without a GPU: `banks --gate-variant` shows each variant's
# geometry and wavefronts (figures derived by hand: padded 80-byte rows and swizzled rows are
# conflict-free, the seed's ldmatrix.x2 is 2 wavefronts), and every refusal happens before a GPU is
# looked for (bad variant, n the variant's tile does not divide, an unwritable --csv path).
# Usage: test_gate_ladder.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Issue 22: the help names both instructions the ladder issues (rungs 8-14 are wgmma; 15 is mma.sync fed by TMA).
out=$("$cli" gate --help) || fail "gate --help exited $?"
grep -qF "mma.sync in rungs 1-7 and 15, wgmma in rungs 8-14" <<<"$out" || fail "gate --help does not say which rungs are wgmma"

out=$("$cli" banks --gate-variant swizzle-xor) || fail "banks --gate-variant swizzle-xor exited $?"
grep -q "^A: ldmatrix.sync.aligned.m8n8.x4.shared.b16 over Swizzle<2,3,3> o (128,32):(32,1)" <<<"$out" ||
  fail "swizzle-xor A geometry not shown"
grep -q "^B: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 over Swizzle<3,3,4> o (32,128):(128,1)" <<<"$out" ||
  fail "swizzle-xor B geometry not shown"
[ "$(grep -c 'total: wavefronts 4, ideal wavefronts 4, bank conflicts 0' <<<"$out")" = 2 ] ||
  fail "swizzle-xor: A and B are not 4 wavefronts, 0 conflicts"
grep -q "65536 bytes of shared memory (dynamic), n a multiple of 128" <<<"$out" || fail "swizzle-xor: 64 KiB, n % 128"

out=$("$cli" banks --gate-variant ldmatrix-k8 --operand A) || fail "banks ldmatrix-k8 --operand A exited $?"
grep -q "over (64,32):(40,1)" <<<"$out" || fail "ldmatrix-k8 A is not the 40-half stride"
grep -q "total: wavefronts 2, ideal wavefronts 2, bank conflicts 0" <<<"$out" || fail "ldmatrix-k8 A .x2 not 2/0"
grep -q "^B:" <<<"$out" && fail "--operand A printed B"

out=$("$cli" banks --gate-variant scalar-b-k8 --operand B) || fail "scalar-b-k8 B exited $?"
grep -q "not modelled" <<<"$out" || fail "scalar-b-k8's 2-byte loads not marked as not modelled"

# The wgmma rungs: no operand line ends in an empty "lanes" field; each says that wgmma reads
# shared memory through its descriptor (PTX ISA "Matrix Descriptor Format": no lane addresses).
wgmma_variants=$("$cli" banks --gate-variant no-such 2>&1 | grep -o 'wgmma-[a-z0-9-]*' | sort -u)
[ -n "$wgmma_variants" ] || fail "banks --gate-variant names no wgmma variant"
for v in $wgmma_variants; do
  out=$("$cli" banks --gate-variant "$v") || fail "banks --gate-variant $v exited $?"
  for op in A B; do
    line=$(grep "^$op: " <<<"$out")
    grep -q "lanes *$" <<<"$line" && fail "$v $op: empty lanes field: $line"
    grep -q "lanes none (wgmma reads the operand from shared memory through its matrix descriptor" <<<"$line" ||
      fail "$v $op does not say how wgmma reads its operand: $line"
  done
done

# The help texts list the variant table itself (gate_variants()): every variant banks accepts, the
# 4 seed kernels, 7 ladder rungs and 8 Hopper rungs (the last with mma.sync), is in gate --help with its rung and SM, and in
# banks --help. The refusal names them on the line after "one of:".
names=$("$cli" banks --gate-variant no-such 2>&1 | sed -n '/one of:$/{n;p}' | tr -d ',')
[ "$(wc -w <<<"$names")" = 19 ] || fail "banks --gate-variant names $(wc -w <<<"$names") variants, not 19: $names"
gate_help=$("$cli" gate --help 2>&1 | tr -s ' \n' ' ')
banks_help=$("$cli" banks --help 2>&1 | tr -s ' \n' ' ')
for v in $names; do
  grep -q -- "$v (rung [0-9]*, sm_[0-9]*" <<<"$gate_help" || fail "gate --help does not list $v with its rung"
  grep -q -- "$v[,)]" <<<"$banks_help" || fail "banks --help does not list $v"
done
grep -q -- "wgmma-cluster (rung 11, sm_90a only)" <<<"$gate_help" || fail "gate --help: wgmma-cluster is not rung 11, sm_90a"
grep -q -- "wgmma-tma-store (rung 13, sm_90a only), wgmma-stream-k (rung 14, sm_90a only)" <<<"$gate_help" || fail "gate --help: wgmma-tma-store and wgmma-stream-k are not rungs 13 and 14, sm_90a"

# Refusals: exit 3 (5 for the CSV path), the reason on standard error, nothing on standard output.
refuse() {
  local code="$1" words="$2"
  shift 2
  local so se rc
  so=$("$cli" "$@" 2>/tmp/fragviz-ladder-err.$$)
  rc=$?
  se=$(cat /tmp/fragviz-ladder-err.$$)
  [ "$rc" = "$code" ] || fail "$* exited $rc, not $code"
  [ -z "$so" ] || fail "$* wrote to standard output: $so"
  grep -q -- "$words" <<<"$se" || fail "$*: standard error lacks '$words': $se"
}
refuse 3 "unknown variant 'reg_db'" banks --gate-variant reg_db
refuse 3 "unknown variant 'user-kernel'" banks --gate-variant user-kernel
refuse 3 "not a multiple of 128, reg-db's block tile (1024 or 1152 would be" gate --variant reg-db --n 1088
refuse 3 "not a multiple of 256" gate --variant reg-db-128x256 --n 1152
refuse 3 "is not a multiple of 64" bench --sizes 1000
refuse 5 "cannot write --csv /nonexistent-dir/ladder.csv: folder /nonexistent-dir does not exist" bench --csv /nonexistent-dir/ladder.csv
rm -f /tmp/fragviz-ladder-err.$$

# Newcomer findings: without a GPU, bench --csv must leave an existing file as it was and create no
# new one; --lanes @FILE and diff read only regular files (/dev/zero was read until the machine ran
# out of memory, a FIFO blocked for ever).
tmp=$(mktemp -d)
if "$cli" device >/dev/null 2>&1; then
  echo "note: a GPU is present; the no-GPU bench --csv checks are skipped"
else
  printf 'variant,n,ms\nprecious,2048,1.0\n' >"$tmp/keep.csv"
  "$cli" bench --csv "$tmp/keep.csv" >/dev/null 2>&1
  [ "$(cat "$tmp/keep.csv")" = "$(printf 'variant,n,ms\nprecious,2048,1.0')" ] || fail "bench --csv without a GPU changed an existing file"
  "$cli" bench --csv "$tmp/new.csv" >/dev/null 2>&1
  [ ! -e "$tmp/new.csv" ] || fail "bench --csv without a GPU left a new file behind"
fi
timeout 20 "$cli" banks --layout '(16,64):(64,1)' --lanes @/dev/zero >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" != 0 ] && [ "$rc" != 124 ] && grep -q "not a regular file" "$tmp/err" || fail "--lanes @/dev/zero: exit $rc, $(cat "$tmp/err")"
mkfifo "$tmp/fifo"
timeout 20 "$cli" banks --layout '(16,64):(64,1)' --lanes "@$tmp/fifo" >/dev/null 2>&1
rc=$?
[ "$rc" != 0 ] && [ "$rc" != 124 ] || fail "--lanes @FIFO: exit $rc (124: it blocked)"
timeout 20 "$cli" diff "$tmp/fifo" "$tmp/fifo" >/dev/null 2>&1
rc=$?
[ "$rc" != 0 ] && [ "$rc" != 124 ] || fail "diff FIFO FIFO: exit $rc (124: it blocked)"
rm -rf "$tmp"

[ "$fails" = 0 ] && echo "all gate ladder CLI checks passed"
exit $((fails != 0))
