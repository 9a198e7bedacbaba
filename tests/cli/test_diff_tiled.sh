#!/usr/bin/env bash
# fragviz-cli diff on two tiled reports (tiled --json; docs/report-format.md, "The tiled report"):
# the pinned fixtures tests/fixtures/tiled/tiled-a-plain-v1.json (format version 1) and
# tiled-a-swizzled-v2.json (version 2, --device where no GPU was usable), recorded by
# tests/fixtures/tiled/record.sh. The expected lines were written by hand from the two files: A's
# layout differs ((16,32):(32,1) against Swizzle<2,3,3> o the same), so its ldmatrix banks (16
# wavefronts per k-block, 12 of them conflicts, against 4 and 0) and the swizzle suggested for the
# plain one; version 1 lacks each operand's TV layouts, A's and B's gmem copy and fill; the device
# parts ran on neither side. Exit 0 when the reports agree, 1 with every difference listed, 3 for a
# tiled report against a probe or gate report or a malformed one.
# Usage: test_diff_tiled.sh <fragviz-cli> <source dir>
set -u
cli="$1"
src="$2"
fx="$src/tests/fixtures/tiled"
v1="$fx/tiled-a-plain-v1.json"
v2="$fx/tiled-a-swizzled-v2.json"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# B's device parts: "error": "no_device" with this message, as recorded.
nogpu='no_device: no CUDA device: cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version (no NVIDIA driver found)'
old='[A (format version 1) has no such field]'
cat >"$tmp/want" <<WANT
A: $v1 (tiled, format version 1)
B: $v2 (tiled, format version 2)
counts: 12 differences, 10 missing from an older report format version, 7 parts not run (not compared), 0 times or timestamps
tiled.operands[A].banks.bank_conflicts: A 24, B 0
tiled.operands[A].banks.per_k_block[k-block 0].bank_conflicts: A 12, B 0
tiled.operands[A].banks.per_k_block[k-block 0].wavefronts: A 16, B 4
tiled.operands[A].banks.per_k_block[k-block 1].bank_conflicts: A 12, B 0
tiled.operands[A].banks.per_k_block[k-block 1].wavefronts: A 16, B 4
tiled.operands[A].banks.per_warp[warp 0 k-block 0].bank_conflicts: A 12, B 0
tiled.operands[A].banks.per_warp[warp 0 k-block 0].wavefronts: A 16, B 4
tiled.operands[A].banks.per_warp[warp 0 k-block 1].bank_conflicts: A 12, B 0
tiled.operands[A].banks.per_warp[warp 0 k-block 1].wavefronts: A 16, B 4
tiled.operands[A].banks.wavefronts: A 32, B 8
tiled.operands[A].layout: A "(16,32):(32,1)", B "Swizzle<2,3,3> o (16,32):(32,1)"
tiled.operands[A].suggestion: A an object of 4 fields, B absent
tiled.operands[A].copy_layout_tv: A absent, B "((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))"  $old
tiled.operands[A].fill: A absent, B an object of 4 fields  $old
tiled.operands[A].gmem_copy: A absent, B "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (8,4):(4,1), (1,8))"  $old
tiled.operands[A].layout_tv: A absent, B "((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))"  $old
tiled.operands[B].copy_layout_tv: A absent, B "((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))"  $old
tiled.operands[B].fill: A absent, B an object of 4 fields  $old
tiled.operands[B].gmem_copy: A absent, B "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (8,4):(4,1), (1,8))"  $old
tiled.operands[B].layout_tv: A absent, B "((4,8),((2,2),(1,1))):((16,1),((8,64),(0,0)))"  $old
tiled.operands[C].copy_layout_tv: A absent, B ""  $old
tiled.operands[C].layout_tv: A absent, B "((4,8),((2,2),(1,1))):((32,1),((16,8),(0,0)))"  $old
not run, not compared: tiled.tiled_mma: not run in A (run without --device) or B ($nogpu)
not run, not compared: tiled.device: not run in A (run without --device) or B (${nogpu#no_device: })
not run, not compared: tiled.operands[A].device: not run in A (run without --device) or B ($nogpu)
not run, not compared: tiled.operands[A].fill_device: not run in B ($nogpu)
not run, not compared: tiled.operands[B].device: not run in A (run without --device) or B ($nogpu)
not run, not compared: tiled.operands[B].fill_device: not run in B ($nogpu)
not run, not compared: tiled.operands[C].device: not run in A (run without --device)
12 differences
WANT
"$cli" diff "$v1" "$v2" >"$tmp/got" 2>&1
rc=$?
if [ "$rc" != 1 ] || ! diff -u "$tmp/want" "$tmp/got"; then
  fail "diff of the two tiled fixtures: exit $rc (want 1) or the lines above differ"
else
  echo "ok: the tiled fixtures' differences, line by line"
fi

# Each fixture against itself agrees (B's device parts set aside, not compared).
expect 0 "the reports agree" -- diff "$v1" "$v1"
expect 0 "the reports agree" -- diff "$v2" "$v2"
# The other way round: the same fields, A and B exchanged.
expect 1 'tiled.operands[A].layout: A "Swizzle<2,3,3> o (16,32):(32,1)", B "(16,32):(32,1)"' -- diff "$v2" "$v1"
# A field version 1 has is a difference in either version: k_block edited from 16 to 32.
sed 's/"k_block": 16,/"k_block": 32,/' "$v2" >"$tmp/k32.json"
expect 1 "tiled.k_block: A 16, B 32" -- diff "$v2" "$tmp/k32.json"
expect 1 "1 difference" -- diff "$v2" "$tmp/k32.json"
# A tiled report against a probe or gate report: refused, nothing compared.
expect 3 "A is a tiled report, B a probe or gate report: only reports of one kind compare" -- \
  diff "$v2" "$src/tests/fixtures/reports/h200-2026-12-01-gate.json"
# A report that disagrees with itself: A's bank total is no longer its k-blocks' sum.
python3 - "$v2" "$tmp/bad.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["operands"][0]["banks"]["wavefronts"] = 9
open(sys.argv[2], "w").write(json.dumps(doc))
PY
expect 3 "malformed tiled report: operands[0].banks.wavefronts: 9 is not the sum of per_k_block's (8)" -- \
  diff "$v2" "$tmp/bad.json"
# A version this build does not read.
sed 's/"version": [0-9]*,/"version": 4,/' "$v2" >"$tmp/v4.json"
expect 3 "tiled report version 4 is not supported" -- diff "$tmp/v4.json" "$v2"

echo "$fails failed"
[ "$fails" -eq 0 ]
