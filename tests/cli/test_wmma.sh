#!/usr/bin/env bash
# fragviz-cli and WMMA: --list-wmma names the 88 kinds; `layout` has no layout to print for one
# (3, pointing at the probe); probe's --instr takes "wmma", a kind (with or
# without "wmma.") and refuses an unknown one (64) before anything runs; without a GPU `probe
# --instr wmma` says that WMMA has no published mapping and shows nothing (2); and `diff` compares
# two reports' WMMA sections slot by slot, here two SYNTHETIC fixtures (tests/cli/wmma_fixture.py,
# not measurements) that differ in lane 3's x[2] and x[5]. A report edited so that its cells no
# longer follow from its bytes is refused (3).
# Usage: test_wmma.sh <fragviz-cli> <source dir>
set -u
cli="$1"
src="$2"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
kind=wmma.m16n16k16.accumulator.row.f32

expect 0 "wmma.m8n8k128.matrix_b.col.b1  sm_75  wmma.load.b.sync.aligned.col.m8n8k128.b1  fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major>" -- probe --list-wmma
lines=$("$cli" probe --list-wmma | wc -l)
[ "$lines" = 88 ] || { echo "FAIL: --list-wmma printed $lines lines, want 88"; fails=$((fails + 1)); }
expect 3 "WMMA has no published mapping, so there is no layout of wmma.m16n16k16.matrix_a.row.f16 to print" -- layout --instr m16n16k16.matrix_a.row.f16
expect 64 "no WMMA fragment kind is named 'wmma.m16n16k16.matrix_a.row.f15'" -- probe --instr wmma.m16n16k16.matrix_a.row.f15
if "$cli" device >/dev/null 2>&1; then
  # A GPU: the kinds are measured, and the text says whose measurement it is (the GPU tests check
  # the maps).
  expect 0 ": not a contract" -- probe --instr wmma --no-cycles
  expect 0 "lane 31:" -- probe --instr m16n16k16.matrix_a.row.f16 --no-cycles
else
  expect 2 "WMMA has no published mapping" -- probe --instr wmma --no-cycles
  expect 2 "no model stands in for a measurement" -- probe --instr m16n16k16.matrix_a.row.f16 --no-cycles
fi

base="$src/tests/fuzz/corpus/report/v2-probe-small.json"
python3 "$src/tests/cli/wmma_fixture.py" "$base" "$tmp/a.json" || { echo "FAIL: fixture"; exit 1; }
python3 "$src/tests/cli/wmma_fixture.py" "$base" "$tmp/b.json" 3 2 5 || { echo "FAIL: fixture"; exit 1; }
expect 0 "the reports agree" -- diff "$tmp/a.json" "$tmp/a.json"
# Lane 3's x[2] is c2 of the first tile: row groupID + 8 = 8, col 2 * 3 = 6; x[5] is c1 of the
# second: row 0, col 8 + 6 + 1 = 15.
expect 1 "probe.wmma[$kind].x[lane 3][2]: A (8, 6), B (0, 15)" -- diff "$tmp/a.json" "$tmp/b.json"
expect 1 "probe.wmma[$kind].x[lane 3][5]: A (0, 15), B (8, 6)" -- diff "$tmp/a.json" "$tmp/b.json"
expect 1 "2 differences" -- diff "$tmp/a.json" "$tmp/b.json"
# The cells of b with a's bytes: refused, the first slot that does not follow named.
python3 - "$tmp/a.json" "$tmp/b.json" "$tmp/edited.json" <<'PY'
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
a["probe"]["wmma"][0]["cells"] = b["probe"]["wmma"][0]["cells"]
json.dump(a, open(sys.argv[3], "w"))
PY
expect 3 "cells are not what its raw bytes decode to (lane 3 x[2] decodes to 134)" -- diff "$tmp/a.json" "$tmp/edited.json"

echo "$fails failed"
[ "$fails" -eq 0 ]
