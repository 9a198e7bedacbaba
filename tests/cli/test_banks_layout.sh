#!/usr/bin/env bash
# fragviz-cli banks through the layout model ("Your own layout"): the wavefronts Nsight Compute
# measured on the H200 (PTX-FACTS section 5), the issue's swizzle examples, the round trip, lane
# patterns, plain loads, and refusals that come before any table (nothing on standard output).
# Usage: test_banks_layout.sh <fragviz-cli>
set -u
cli="$1"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
refused_quietly() {  # refused_quietly CODE -- ARGS...: the refusal prints no table, nothing on stdout
  local want="$1"
  shift 2
  local out rc
  out=$(timeout 60 "$cli" "$@" 2>/dev/null)
  rc=$?
  if [ "$rc" != "$want" ] || [ -n "$out" ]; then
    echo "FAIL: fragviz-cli $* -> exit $rc (want $want) with standard output:"
    echo "$out" | head -5
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* -> $rc, nothing on standard output"
  fi
}

# PTX-FACTS 5, ldmatrix.x4 on the H200 by row stride (wavefronts / bank conflicts).
for pair in 64:32:28 72:4:0 32:16:12 40:4:0 16:8:4; do
  IFS=: read -r s w c <<<"$pair"
  expect 0 "total: wavefronts $w, ideal wavefronts 4, bank conflicts $c" -- banks --layout "(16,$s):($s,1)" --lanes explorer
  expect 0 "total: wavefronts $w, ideal wavefronts 4, bank conflicts $c" -- banks --layout "(16,$s):($s,1)" --lanes explorer --trans
done
expect 0 "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0" -- banks --layout 'Swizzle<3,3,3> o (16,64):(64,1)'
# The issue's examples: 4 wavefronts for Swizzle<3,3,3> on 64-half rows, 8 for Swizzle<2,3,3>.
expect 0 "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0" -- banks --num x4 --stride-halves 64 --swizzle 'Swizzle<3,3,3>'
expect 0 "total: wavefronts 8, ideal wavefronts 4, bank conflicts 4" -- banks --num x4 --stride-halves 64 --swizzle 'Swizzle<2,3,3>'
expect 0 "matrix 0: 2 wavefronts (2-way conflict)" -- banks --num x4 --stride-halves 64 --swizzle 'Swizzle<2,3,3>'
expect 0 "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum 4" -- banks --num x4 --stride-halves 64 --swizzle 'Swizzle<2,3,3>'
# The same swizzle in Hopper's byte units, by flag and by prefix; CuTe's printed form and the ring operator.
expect 0 "bank conflicts 0" -- banks --layout 'Swizzle<3,4,3> o (16,128):(128,1)' --units bytes
expect 0 "bank conflicts 0" -- banks --layout 'B:Swizzle<3,4,3> o (16,128):(128,1)'
expect 0 "bank conflicts 0" -- banks --layout 'Sw<3,3,3> o _0 o (_16,_64):(_64,_1)'
expect 0 "bank conflicts 0" -- banks --layout 'Swizzle<3,3,3> ∘ (16,64):(64,1)'
# PTX-FACTS 5, LDS.128: a 128-byte stride 32/28, contiguous 4/0; LDS.32 on one bank 32/31.
expect 0 "total: wavefronts 32, ideal wavefronts 4, bank conflicts 28" -- banks --layout '(32,64):(64,1)' --lanes rows --load lds128
expect 0 "phase 1 (lanes 8-15): 8 wavefronts (8-way conflict)" -- banks --layout '(32,64):(64,1)' --lanes rows --load lds128
expect 0 "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0" -- banks --layout '(1,256):(256,1)' --lanes 'row=0, col=8*lane' --load lds128
expect 0 "total: wavefronts 32, ideal wavefronts 1, bank conflicts 31" -- banks --layout '(32,64):(64,1)' --lanes rows --load lds32
expect 0 "total: wavefronts 2, ideal wavefronts 2, bank conflicts 0" -- banks --layout '(1,128):(128,1)' --lanes '0, 4*lane' --load lds64

# Lanes: presets, expressions, tables, files, placement.
expect 0 "lanes b-tiles: row=lane&7, col=8*(lane>>3)" -- banks --layout '(8,64):(72,1)' --lanes b-tiles --trans
expect 0 "bank conflicts 0" -- banks --layout '(16,8):(8,1)' --num x2 --lanes b-pair --trans
printf '0,0; 1,0; 2,0; 3,0\n4,0; 5,0; 6,0; 7,0\n' >"$tmp/lanes.txt"
expect 0 "matrix 0: 1 wavefront (conflict-free)" -- banks --layout '(8,64):(72,1)' --num x1 --lanes "@$tmp/lanes.txt" --sm 80
expect 5 "cannot read" -- banks --layout '(8,64):(72,1)' --lanes "@$tmp/missing.txt"
expect 0 "bank conflicts 28" -- banks --layout '(16,128):(128,1)' --lanes explorer --at 0,8
expect 3 "not 16-byte aligned" -- banks --layout '(16,128):(128,1)' --lanes explorer --at 0,4
expect 0 "(0,0)                16" -- banks --layout '(16,72):(72,1)' --lanes explorer --base 16
expect 3 "not 16-byte aligned (lane 0 at byte 8)" -- banks --layout '(16,72):(72,1)' --lanes explorer --base 8

# The round trip: written swizzled, read plain, the first wrong read named with its byte.
expect 1 "896 of 1024 elements read back wrong; first (1,0): read at tile byte 128 (shared byte 128), which holds (1,8); it was written at tile byte 144" -- \
  banks --write-layout 'Swizzle<3,3,3> o (16,64):(64,1)' --read-layout '(16,64):(64,1)'
expect 0 "all 1024 elements read back" -- \
  banks --write-layout 'Swizzle<3,3,3> o (16,64):(64,1)' --read-layout 'B:Swizzle<3,4,3> o (16,128):(128,1)'
expect 3 "a round trip needs one logical tile" -- banks --write-layout '(16,64):(64,1)' --read-layout '(8,64):(64,1)'

# Static checks, each naming its lanes; sm_75's rule for the lanes .x1/.x2 ignore.
expect 3 "lanes 1-3, 5-7, 9-11, 13-15, 17-19, 21-23, 25-27, 29-31 have row starts that are not 16-byte aligned (lane 1 at byte 132)" -- \
  banks --layout '(16,66):(66,1)' --lanes explorer
expect 3 "lanes 16-31 point outside the 16 x 8 tile" -- banks --layout '(16,8):(8,1)' --lanes explorer
expect 3 "lanes 16-31 hold no valid address" -- banks --layout '(16,8):(8,1)' --num x2 --lanes 'row=lane&15, col=8*(lane>>4)'
expect 0 "fine for sm_80" -- banks --layout '(16,8):(8,1)' --num x2 --lanes 'row=lane&15, col=8*(lane>>4)' --sm 80
# Issue 22 (s25b): a preset's columns count 16-byte matrix rows in the tile's elements: with --elem
# b8 explorer was read 8 bytes in and refused as misaligned. The same bytes as halves at stride 16
# (PTX-FACTS 5 above: 8 wavefronts, 4 conflicts), for the default lanes too.
expect 0 "lanes explorer: row=lane&15, col=16*(lane>>4)" -- banks --layout '(16,32):(32,1)' --elem b8
expect 0 "total: wavefronts 8, ideal wavefronts 4, bank conflicts 4" -- banks --layout '(16,32):(32,1)' --elem b8 --lanes explorer
expect 0 "lanes b-tiles: row=lane&7, col=16*(lane>>3)" -- banks --layout '(8,64):(64,1)' --elem b8 --lanes b-tiles
expect 0 "lanes explorer: row=lane&15, col=4*(lane>>4)" -- banks --layout '(16,8):(8,1)' --elem b32
# `a` was a second name of explorer's expression: one preset now, the old name still read as it.
expect 0 "lanes explorer: row=lane&15, col=0" -- banks --layout '(16,8):(8,1)' --num x2 --lanes a
expect 3 "stmatrix needs sm_90" -- banks --layout '(16,64):(64,1)' --stmatrix
expect 0 "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum 32" -- banks --layout '(16,64):(64,1)' --stmatrix --sm 90
expect 3 "the XOR swizzle on a row stride of 192 halves" -- banks --stride-halves 192 --swizzle xor --lanes explorer

# Parse errors: the column, and a caret under it. Text that does not read is a bad command line,
# 64 (docs/cli.md, "Exit codes"), whatever option it is given to; exit 3 is for what reads and is
# refused.
expect 64 "--layout: col 12: expected ',' or ')', found '1'" -- banks --layout '(8,64):(64 1)'
# Issue 22: a misspelt swizzle gets the spelling fragviz takes, at its column.
expect 64 "--layout: col 1: unknown word 'Swizle'; did you mean Swizzle<B,M,S>?" -- banks --layout 'Swizle<3,3,3> o (64,64):(64,1)'
# Newcomer round 13: a second swizzle is no unknown word; it is refused at its column (18).
expect 64 "--layout: col 18: only one Swizzle<B,M,S> may be composed with the layout" -- banks --layout 'Swizzle<3,3,3> o Swizzle<3,3,3> o (16,64):(64,1)'
expect 64 "             ^" -- banks --layout '(8,64):(64 1)'
expect 64 "--swizzle: col 13: Swizzle<3,3,2> needs |S| >= B" -- banks --stride-halves 64 --swizzle 'Swizzle<3,3,2>'
expect 64 "col 19: division by zero for lane 0" -- banks --layout '(16,64):(64,1)' --lanes 'row=lane&15, col=8/(lane>>4)'
expect 64 "unknown lane preset 'nope'" -- banks --layout '(16,64):(64,1)' --lanes nope

# Usage errors (64): options that exclude or need each other, malformed values.
expect 64 "excludes" -- banks --load lds64 --num x2 --layout '(16,64):(64,1)'
expect 64 "excludes" -- banks --layout '(16,64):(64,1)' --stride-halves 64
expect 64 "requires" -- banks --write-layout '(16,64):(64,1)'
expect 64 "ROW,COL" -- banks --layout '(16,64):(64,1)' --at 3
expect 64 "element type" -- banks --layout '(16,64):(64,1)' --elem b12
expect 64 "Swizzle<3,3,3>" -- banks --stride-halves 64 --swizzle rot13
expect 64 "required" -- banks --lanes explorer

# A refusal comes before any table: nothing on standard output, for the row-stride form too (a
# misaligned stride used to print its rows and then refuse).
refused_quietly 3 -- banks --num x4 --stride-halves 65
refused_quietly 3 -- banks --num x4 --stride-halves 12
refused_quietly 3 -- banks --num x4 --stride-halves 72 --swizzle xor
refused_quietly 3 -- banks --layout '(16,66):(66,1)' --lanes explorer
refused_quietly 64 -- banks --layout '(8,64):(64 1)'
refused_quietly 3 -- banks --layout '(16,8):(8,1)' --num x2 --lanes 'row=lane&15, col=8*(lane>>4)'
refused_quietly 3 -- banks --write-layout '(16,64):(64,1)' --read-layout '(8,64):(64,1)'
refused_quietly 3 -- banks --layout '(16,64):(64,1)' --stmatrix
if "$cli" banks --num x4 --stride-halves 65 2>&1 >/dev/null | grep -q "lanes 1-7, 9-15, 17-23, 25-31"; then
  echo "ok: the refused stride names the lanes whose row starts break the rule"
else
  echo "FAIL: banks --stride-halves 65 does not name the misaligned lanes"
  fails=$((fails + 1))
fi
out=$("$cli" banks --num x4 --stride-halves 65 2>/dev/null >/dev/full)
if [ $? != 3 ]; then
  echo "FAIL: a refused stride with standard output on /dev/full is not exit 3"
  fails=$((fails + 1))
fi

# Stores (st.shared), as the H200 bank sweep measured them (tests/fixtures/bank-sweep): a broadcast
# store is not merged (STS.128: 4 wavefronts), counted with the op_st metrics.
expect 0 "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0" -- banks --store sts128 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "total: wavefronts 2, ideal wavefronts 2, bank conflicts 0" -- banks --store sts64 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum 4" -- banks --store sts128 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "rule: sts128: 4 phases of 8 lanes" -- banks --store sts128 --layout '(32,64):(64,1)' --lanes 'row=lane, col=0'
# Row-major 64 halves a row, every lane a row: 32 rows of 128 bytes, one bank group: 8-way per phase.
expect 0 "total: wavefronts 32, ideal wavefronts 4, bank conflicts 28" -- banks --store sts128 --layout '(32,64):(64,1)' --lanes 'row=lane, col=0'
# cp.async.ca's write (the H100 sweep, tests/fixtures/bank-sweep/h100-2026-12-06-cp-async.csv): lanes on one
# word are not merged, so the broadcast st.shared.v4 takes in 4 wavefronts takes 32 (36 measured, 4 of them
# every cp.async kernel's own).
expect 0 "total: wavefronts 32, ideal wavefronts 4, bank conflicts 28" -- banks --store cpasync16 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum 28" -- banks --store cpasync16 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "cp.async.cg (L1 bypass) is not modelled" -- banks --store cpasync8 --layout '(32,64):(64,1)' --lanes 'row=lane/8, col=8*(lane%8)'
refused_quietly 64 -- banks --store cpasync32 --layout '(32,64):(64,1)' --lanes rows
refused_quietly 64 -- banks --store sts256 --layout '(16,64):(64,1)'
refused_quietly 64 -- banks --store sts32 --load lds32 --layout '(16,64):(64,1)'
# A load whose lanes share an address packs the pairs (the H200 sweep: broadcast .v4 2 wavefronts, .v2 1).
expect 0 "note: every lane T shares its address with lane T^1: the load packs the pairs into 2 phases of 16 lanes" -- banks --load lds128 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "total: wavefronts 2, ideal wavefronts 2, bank conflicts 0" -- banks --load lds128 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
expect 0 "total: wavefronts 1, ideal wavefronts 1, bank conflicts 0" -- banks --load lds64 --layout '(16,64):(0,0)' --lanes 'row=0, col=0'
# The README's broadcast example: every lane reads row 0's first 16 bytes of a plain tile, so its
# output is the two lines the README quotes and no note on a layout that splits the access.
readme_broadcast=(banks --load lds128 --layout '(16,64):(64,1)' --lanes 'row=0, col=0')
expect 0 "note: every lane T shares its address with lane T^1: the load packs the pairs into 2 phases of 16 lanes" -- "${readme_broadcast[@]}"
expect 0 "total: wavefronts 2, ideal wavefronts 2, bank conflicts 0" -- "${readme_broadcast[@]}"
if "$cli" "${readme_broadcast[@]}" 2>&1 | grep -q "hold other elements"; then
  echo "FAIL: the README's broadcast example prints a note the README leaves out"
  fails=$((fails + 1))
fi

# The row-stride form prints what it always printed.
first=$("$cli" banks --num x4 --stride-halves 72 | head -1)
if [ "$first" != "ldmatrix.sync.aligned.m8n8.x4.shared.b16, row stride 72 halves (144 bytes), swizzle none" ]; then
  echo "FAIL: the row-stride form's first line changed: $first"
  fails=$((fails + 1))
fi

# --export FILE [--crop C] (newcomer round 20): the access's tile picture, cropped with export's crop
# flag: exactly the cells asked for, each labelled with the bank of its first byte under the swizzle
# (Swizzle<3,3,3> on halves: offset ^= (offset >> 3) & 0x38; bank = 2 * offset / 4 % 32), and the same
# bytes as fragviz-cli export --view banks --picture tile draws.
L='Swizzle<3,3,3> o (16,64):(64,1)'
out=$("$cli" banks --layout "$L" --export "$tmp/b.svg" --crop rows=8-15,cols=0-15)
rc=$?
if [ "$rc" != 0 ] || ! grep -q "total: wavefronts" <<<"$out" ||
  ! grep -qF "wrote $tmp/b.svg (SVG)" <<<"$out" || ! grep -qF "rows 8-15 (8 rows), columns 0-15 (16 columns)" <<<"$out"; then
  echo "FAIL: banks --export --crop -> $rc: $out"
  fails=$((fails + 1))
elif ! python3 - "$tmp/b.svg" <<'PY'; then
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
cells = {r.get("id"): r for r in root.iter(ns + "rect") if (r.get("id") or "").startswith("tile-")}
want = {f"tile-r{r}-c{c}" for r in range(8, 16) for c in range(16)}
assert set(cells) == want, (sorted(set(cells) ^ want)[:8], len(cells))
texts = [(float(t.get("x")), float(t.get("y")), t.text or "") for t in root.iter(ns + "text")]
for r in range(8, 16):
    for c in range(16):
        o = r * 64 + c
        o ^= (o >> 3) & 0x38
        bank = 2 * o // 4 % 32
        e = cells[f"tile-r{r}-c{c}"]
        x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
        said = [t for tx, ty, t in texts if x < tx < x + w and y < ty <= y + h]
        assert said and {t.split()[-1] for t in said} == {f"B{bank}"}, (r, c, said, bank)
print("ok: 128 cells, banks as swizzled")
PY
  echo "FAIL: banks --export --crop: the picture's cells"
  fails=$((fails + 1))
else
  "$cli" export --view banks --picture tile --layout "$L" --crop rows=8-15,cols=0-15 --svg "$tmp/e.svg" >/dev/null
  if cmp -s "$tmp/b.svg" "$tmp/e.svg"; then
    echo "ok: banks --export --crop draws what export --view banks --picture tile draws"
  else
    echo "FAIL: banks --export differs from export --view banks --picture tile"
    fails=$((fails + 1))
  fi
fi
# The row-stride form exports too; refusals come before any table, nothing written.
expect 0 "wrote $tmp/s.svg (SVG)" -- banks --stride-halves 72 --export "$tmp/s.svg" --crop rows=0-7
refused_quietly 64 -- banks --layout "$L" --crop rows=0-7
refused_quietly 64 -- banks --layout "$L" --export "$tmp/x.txt"
refused_quietly 64 -- banks --layout "$L" --export "$tmp/x.svg" --crop rows=7
refused_quietly 3 -- banks --layout "$L" --export "$tmp/x.svg" --crop rows=0-16
refused_quietly 3 -- banks --layout "$L" --at 0,8 --export "$tmp/x.svg"
if [ -e "$tmp/x.svg" ] || [ -e "$tmp/x.txt" ]; then
  echo "FAIL: a refused --export wrote a file"
  fails=$((fails + 1))
fi

# Newcomer round 22: a swizzle that changes no offset is said, not answered as if it swizzled.
# (16,64):(64,1) reaches 15 * 64 + 63 = 1023 < 2^18; Swizzle<9,9,9> reads bits 18-26.
expect 0 "note: Swizzle<9,9,9> changes no offset of this layout: it reads bits 18-26 of an offset (in elements), and the largest offset is 1023" -- \
  banks --layout 'Swizzle<9,9,9> o (16,64):(64,1)' --lanes explorer
expect 0 "note: Swizzle<9,9,9> changes no offset" -- banks --stride-halves 64 --swizzle 'Swizzle<9,9,9>'
# B = 0: CuTe's identity swizzle, said too (newcomer round 30: it passed unsaid).
expect 0 "note: Swizzle<0,3,3> changes no offset of any layout: with B = 0 it moves no bits" -- \
  banks --layout 'Swizzle<0,3,3> o (16,64):(64,1)' --lanes explorer
expect 0 "note: read layout: Swizzle<9,9,9> changes no offset" -- \
  banks --write-layout '(16,64):(64,1)' --read-layout 'Swizzle<9,9,9> o (16,64):(64,1)'
if "$cli" banks --layout 'Swizzle<3,3,3> o (16,64):(64,1)' 2>&1 | grep -q "changes no offset"; then
  fail "banks notes Swizzle<3,3,3> o (16,64):(64,1), which moves offsets, as changing none"
fi

# Newcomer round 22: README named `--lanes a`, which --help did not list. Every command's --lanes
# help lists exactly the names the parser takes: each listed name is run, and each name the parser
# takes (explorer, its old name a, b-tiles, b-pair, rows: test_lane_pattern.cpp) is listed.
for sub in banks export; do
  names=$("$cli" $sub --help 2>&1 | tr -s ' \n' ' ' | python3 -c '
import re, sys
m = re.search(r"--lanes.*?a preset \(((?:[^()]|\([^()]*\))*)\)", sys.stdin.read())
print("\n".join(re.findall(r"[a-z][a-z0-9-]*", m.group(1).replace("(or ", " "))) if m else "")')
  [ -n "$names" ] || fail "$sub --help lists no lane presets"
  for want in explorer a b-tiles b-pair rows; do
    grep -qx -- "$want" <<<"$names" || fail "$sub --help does not list lane preset '$want', which banks --lanes takes"
  done
  for n in $names; do
    out=$("$cli" banks --layout '(32,64):(64,1)' --lanes "$n" 2>&1) || fail "$sub --help lists '$n', which banks --lanes refuses: $out"
  done
done
expect 64 "unknown lane preset 'b'" -- banks --layout '(16,64):(64,1)' --lanes b

echo "$fails failed"
[ "$fails" -eq 0 ]
