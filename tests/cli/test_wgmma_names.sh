#!/usr/bin/env bash
# One spelling of wgmma names everywhere: every wgmma entry of `layout --list`, as its full PTX
# mnemonic and without the "wgmma.mma_async.sync.aligned." prefix, is accepted by layout,
# descriptor (with --operand A, B, a and b), probe and export --view warpgroup, and both spellings
# give the same output. A name that is no entry is refused by each. Every entry goes through layout;
# every 12th (12 entries, of each shape and type) through the other commands too, which read names
# through the same parser (find_wgmma_named, unit-tested over every entry): ~2300 processes took
# 381 s under AddressSanitizer, too near the test's limit.
# Usage: test_wgmma_names.sh <fragviz-cli>
set -u
cli="$1"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
gpu=no
"$cli" device >/dev/null 2>&1 && gpu=yes
prefix=wgmma.mma_async.sync.aligned.
mapfile -t names < <("$cli" layout --list | awk '$1 ~ /^wgmma\./ { print $1 }')
[ "${#names[@]}" -ge 100 ] || fail "layout --list names only ${#names[@]} wgmma entries"
checked=0
i=-1
for full in "${names[@]}"; do
  i=$((i + 1))
  short="${full#"$prefix"}"
  [ "$short" != "$full" ] || fail "$full does not start with $prefix"
  "$cli" layout --instr "$full" --csv >"$tmp/full" 2>&1 || fail "layout --instr $full exited $?"
  "$cli" layout --instr "$short" --csv >"$tmp/short" 2>&1 || fail "layout --instr $short exited $?"
  cmp -s "$tmp/full" "$tmp/short" || fail "layout: $short prints other than $full"
  checked=$((checked + 1))
  [ $((i % 12)) = 0 ] || continue
  for op in A B a b; do
    "$cli" descriptor --instr "$full" --operand "$op" --csv >"$tmp/full" 2>&1 ||
      fail "descriptor --instr $full --operand $op exited $?"
    "$cli" descriptor --instr "$short" --operand "$op" --csv >"$tmp/short" 2>&1 ||
      fail "descriptor --instr $short --operand $op exited $?"
    cmp -s "$tmp/full" "$tmp/short" || fail "descriptor: $short --operand $op prints other than $full"
  done
  # The lower-case operand is the same operand (its CSV equal to the upper-case one's).
  cmp -s <("$cli" descriptor --instr "$short" --operand b --csv) <("$cli" descriptor --instr "$short" --operand B --csv) ||
    fail "descriptor --operand b is not --operand B for $short"
  if [ "$gpu" = no ]; then  # no GPU: the name is accepted (exit 2, no usable GPU), not refused (64)
    for n in "$full" "$short"; do
      "$cli" probe --instr "$n" --no-cycles >/dev/null 2>&1
      rc=$?
      [ "$rc" = 2 ] || fail "probe --instr $n exited $rc (want 2: accepted, no GPU)"
    done
  fi
  "$cli" export --view warpgroup --instr "$full" --svg "$tmp/full.svg" >/dev/null 2>&1 ||
    fail "export --instr $full exited $?"
  "$cli" export --view warpgroup --instr "$short" --svg "$tmp/short.svg" >/dev/null 2>&1 ||
    fail "export --instr $short exited $?"
  cmp -s "$tmp/full.svg" "$tmp/short.svg" || fail "export: $short draws other than $full"
done
if [ "$gpu" = yes ]; then  # one probe per spelling on the device
  for n in "${names[0]}" "${names[0]#"$prefix"}"; do
    "$cli" probe --instr "$n" --no-cycles >/dev/null 2>&1 || fail "probe --instr $n exited $?"
  done
fi
# Not an entry: refused by each (m64n7 is no legal N; a prefix alone is no name).
for bad in m64n7k16.f32.f16.f16 "$prefix" wgmma.m64n64k16.f32.f16.f16; do
  "$cli" layout --instr "$bad" >/dev/null 2>&1 && fail "layout accepted '$bad'"
  "$cli" descriptor --instr "$bad" >/dev/null 2>&1 && fail "descriptor accepted '$bad'"
  "$cli" probe --instr "$bad" >/dev/null 2>&1
  [ $? = 64 ] || fail "probe did not refuse '$bad' as a name (exit 64)"
  "$cli" export --view warpgroup --instr "$bad" --svg "$tmp/bad.svg" >/dev/null 2>&1 && fail "export accepted '$bad'"
done
echo "$checked wgmma entries in both spellings, $fails failed"
[ "$fails" -eq 0 ]
