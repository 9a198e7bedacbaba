#!/usr/bin/env bash
# fragviz-cli's Hopper tables, checked against values derived by hand from the PTX ISA (no GPU
# needed): the wgmma D map of one thread, one element's shared-memory address under the 128B
# swizzle, the descriptor's bits, and the refusals (exit 3, nothing on standard output).
# Usage: test_hopper.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
W=wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16

# --list: 144 wgmma entries, the six stmatrix forms and movmatrix, with their targets.
list=$("$cli" layout --list) || fail "layout --list exited $?"
[ "$(grep -c '^wgmma\.' <<<"$list")" = 144 ] || fail "layout --list: not 144 wgmma entries"
grep -qx "$W  sm_90a" <<<"$list" || fail "layout --list lacks '$W  sm_90a'"
grep -qx "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16  sm_90" <<<"$list" || fail "no stmatrix .x4.trans"
grep -qx "movmatrix.sync.aligned.m8n8.trans.b16  sm_75" <<<"$list" || fail "no movmatrix"

# D of thread 37 (warp 1, lane 5: groupID 1, threadID_in_group 1), element 5 (j = 1, i%4 = 1):
# row 16*1 + 1 + 0 = 17, col 8*1 + 2*1 + 1 = 11; register 5, bits 0..31 (f32 D, one element each).
csv=$("$cli" layout --instr "$W" --csv) || fail "layout --instr $W --csv exited $?"
[ "$(wc -l <<<"$csv")" = $((1 + 128 * 8 + 128 * 32)) ] || fail "layout csv: wrong line count"
grep -qx "D,37,1,5,5,5,0,32,17,11" <<<"$csv" || fail "D thread 37 element 5 is not (17, 11)"
# A of thread 37, element 6: rows +8 (i>>1 & 1 = 1), cols +8 (i>>2 = 1): (16+1+8, 2+8) = (25, 10),
# register 3, its low half (bits 0..15: two 16-bit elements a register, element 6 first).
grep -qx "A,37,1,5,6,3,0,16,25,10" <<<"$csv" || fail "A thread 37 element 6 is not (25, 10)"

# B (k = 9, n = 3), K-major 128B: row n = 3 is bytes 384..511; 16-byte chunk k/8 = 1 xor n%8 = 3 = 2;
# (k%8) * 2 = 2 bytes in: 418, core matrix (0, 1), row 3, chunk 2, bank 418/4 % 32 = 8.
d=$("$cli" descriptor --instr "$W" --operand B --major K --swizzle 128B --csv) || fail "descriptor exited $?"
grep -qx "3,9,418,0,1,3,2,8" <<<"$d" || fail "descriptor: B(9,3) is not at byte 418"
# The same descriptor's bits: SBO 1024 (64 << 32), LBO 16 (1 << 16), 128B (1 << 62).
t=$("$cli" descriptor --instr "$W" --operand B --major K --swizzle 128B) || fail "descriptor text exited $?"
grep -q "0x4000004000010000" <<<"$t" || fail "descriptor bits are not 0x4000004000010000"
dec=$("$cli" descriptor --decode 0x4000004000010040) || fail "--decode exited $?"
grep -q "byte 0x00400" <<<"$dec" && grep -q "= 128B" <<<"$dec" || fail "--decode: start 0x400, 128B not shown"
grep -q "reserved" <<<"$dec" && fail "--decode 0x4000004000010040 names reserved bits it does not set"
# Every bit outside the PTX ISA's fields (start 0-13, LBO 16-29, SBO 32-45, base offset 49-51,
# swizzle 62-63) is reserved: each run set is named in its place, and a warning says so (newcomer
# issue 22: all 64 bits set decoded as if they were a descriptor).
dec=$("$cli" descriptor --decode 0xffffffffffffffff) || fail "--decode 0xffffffffffffffff exited $?"
want="descriptor       0xffffffffffffffff
start address    bits  0-13  0x3fff  = byte 0x3fff0
reserved         bits 14-15  0x3  set (reserved: should be 0)
LBO              bits 16-29  0x3fff  = 262128 bytes
reserved         bits 30-31  0x3  set (reserved: should be 0)
SBO              bits 32-45  0x3fff  = 262128 bytes
reserved         bits 46-48  0x7  set (reserved: should be 0)
base offset      bits 49-51  7
reserved         bits 52-61  0x3ff  set (reserved: should be 0)
swizzle          bits 62-63  3       = 32B
warning: reserved bits 14-15, 30-31, 46-48, 52-61 are set: the PTX ISA's Matrix Descriptor Format defines no field there (fragviz decodes the fields only)"
[ "$dec" = "$want" ] || fail "--decode 0xffffffffffffffff: got
$dec"
# One reserved bit (52) in a good descriptor: only its run named.
dec=$("$cli" descriptor --decode 0x4010004000010040) || fail "--decode 0x4010004000010040 exited $?"
[ "$(grep -c reserved <<<"$dec")" = 2 ] && grep -qx "reserved         bits 52-61  0x1  set (reserved: should be 0)" <<<"$dec" &&
  grep -qx "warning: reserved bits 52-61 are set: .*" <<<"$dec" || fail "--decode 0x4010004000010040: got
$dec"

# Refusals: exit 3, the rule on standard error, nothing on standard output.
refuse() {
  local words="$1"
  shift
  local out err rc
  out=$("$cli" "$@" 2>/tmp/fragviz-hopper-err.$$)
  rc=$?
  err=$(cat /tmp/fragviz-hopper-err.$$)
  rm -f /tmp/fragviz-hopper-err.$$
  [ "$rc" = 3 ] && [ -z "$out" ] && grep -q -- "$words" <<<"$err" || fail "$* -> exit $rc, stdout '${out:0:40}', stderr '${err:0:80}'"
}
refuse "1024-byte boundary" descriptor --type f16 --major K --swizzle 128B --start 128
refuse "overlap" descriptor --type f16 --major K --swizzle none --sbo 64
refuse ".f16 and .bf16 only" descriptor --type tf32 --major MN --swizzle 64B
refuse "multiple of 16" descriptor --type bf16 --lbo 24 --swizzle none

# Bad descriptor input (newcomer findings): --decode takes hex digits only (64); A is always 64
# rows, so --mn 128 for A is a well-formed value the operand refuses (3, docs/cli.md "Bad values").
"$cli" descriptor --type f16 --operand A --mn 128 >/dev/null 2>&1
[ $? = 3 ] || fail "descriptor --type f16 --operand A --mn 128 is not refused with exit 3"
for args in "--decode -1" "--decode 0xzz" "--decode 0x" "--decode 12345678901234567"; do
  # shellcheck disable=SC2086
  "$cli" descriptor $args >/dev/null 2>&1
  [ $? = 64 ] || fail "descriptor $args is not refused with exit 64"
done
"$cli" descriptor --decode '' >/dev/null 2>&1
[ $? = 64 ] || fail "descriptor --decode '' is not refused"

# Unknown names: exit 64 with a pointer to --list.
"$cli" layout --instr wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16 >/dev/null 2>&1
[ $? = 64 ] || fail "an unknown wgmma mnemonic is not exit 64"
"$cli" probe --instr wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16 >/dev/null 2>&1
[ $? = 64 ] || fail "probe of an unknown wgmma mnemonic is not exit 64"

[ "$fails" = 0 ] && echo PASS || exit 1
