#!/usr/bin/env bash
# List-valued options (bench --sizes, relations --lane) refuse an empty entry, a word or a value
# out of range with the option, the entry and what it takes; layout --list honours --csv and
# refuses --instr/--shape; mma.sync names work without 'mma.sync.aligned.' in every command
# that takes one (layout, probe, export), as wgmma names do without their prefix.
# Usage: test_lists.sh <fragviz-cli>
set -u
cli="$1"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --sizes: judged before a GPU is looked for (exit 64 with or without one).
expect 64 "--sizes: entry 1 of ',,,' is empty; --sizes takes whole numbers, comma-separated" -- bench --sizes ,,,
expect 64 "--sizes: entry 2 of '256,,512' is empty" -- bench --sizes 256,,512
expect 64 "--sizes: entry 2 of '256,' is empty" -- bench --sizes 256,
expect 64 "--sizes: entry 2 of '256,abc', 'abc', is not a whole number from 256 to 65536" -- bench --sizes 256,abc
# A size outside the gate's range (256 to 65536) is a bad command line, as gate --n refuses it (64);
# one in it that no variant's tile divides is refused (3).
expect 64 "--sizes: '128' is not from 256 to 65536" -- bench --sizes 128
expect 64 "--sizes: entry 2 of '256,70000', '70000', is not from 256 to 65536" -- bench --sizes 256,70000
expect 3 "not a multiple of 64" -- bench --sizes 1000
expect 64 "--sizes: '' is empty" -- bench --sizes ''
# --lane: repeatable and comma-separated, the same words.
expect 64 "--lane: entry 1 of ',,' is empty; --lane takes lanes 0 to 31" -- relations --model --lane ,,
expect 64 "--lane: '40' is not from 0 to 31" -- relations --model --lane 3 --lane 40
expect 64 "--lane: entry 2 of '3,x', 'x', is not a whole number from 0 to 31" -- relations --model --lane 3,x
# Lanes 3 and 5 given either way print the same (the two-lane listing's lines).
a=$("$cli" relations --model --lane 3 --lane 5 2>&1)
b=$("$cli" relations --model --lane 3,5 2>&1)
if [ "$a" != "$b" ] || ! grep -q "lane 5" <<<"$a"; then
  echo "FAIL: relations --lane 3,5 differs from --lane 3 --lane 5"
  fails=$((fails + 1))
fi

# layout --list --csv: a header, then one mnemonic,target row per entry, the same entries as the
# text list (144 mma.sync + 144 wgmma + 6 stmatrix + movmatrix = 295, the README's counts).
"$cli" layout --list >"$tmp/list.txt" || fails=$((fails + 1))
"$cli" layout --list --csv >"$tmp/list.csv" || fails=$((fails + 1))
python3 - "$tmp/list.txt" "$tmp/list.csv" <<'PY' || fails=$((fails + 1))
import csv, sys
text = [l.split() for l in open(sys.argv[1])]
rows = list(csv.reader(open(sys.argv[2])))
assert rows[0] == ["mnemonic", "target"], rows[0]
assert len(rows) - 1 == len(text) == 144 + 144 + 6 + 1, (len(rows), len(text))
assert sum(1 for r in rows[1:] if r[1] == "sm_120a") == 78, "the sm_120a mma.sync entries"
assert [r for r in rows[1:]] == [[m, t] for m, t in text], "CSV and text list differ"
assert ["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "sm_80"] in rows
assert ["movmatrix.sync.aligned.m8n8.trans.b16", "sm_75"] in rows
PY
expect 64 "excludes" -- layout --list --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
expect 64 "excludes" -- layout --list --shape m16n8k16

# mma.sync without its prefix: the same table in layout, the same refusal words in probe's
# absence of a device or its run, the same picture in export.
M=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
S=m16n8k32.row.col.s32.s8.s8.s32
for args in "layout --instr" "layout --csv --instr"; do
  read -ra c <<<"$args"
  if [ "$("$cli" "${c[@]}" "$M" 2>&1)" != "$("$cli" "${c[@]}" "$S" 2>&1)" ]; then
    echo "FAIL: $args $S differs from $args $M"
    fails=$((fails + 1))
  fi
done
expect 0 "operand,lane,element,register,bit,bits,row,col" -- layout --csv --instr "$S"
"$cli" export --view fragments --instr "$M" --svg "$tmp/full.svg" >/dev/null || fails=$((fails + 1))
"$cli" export --view fragments --instr "$S" --svg "$tmp/short.svg" >/dev/null || fails=$((fails + 1))
cmp -s "$tmp/full.svg" "$tmp/short.svg" || { echo "FAIL: export --instr $S differs from $M"; fails=$((fails + 1)); }
expect 0 "wrote" -- export --view banks --picture tile --instr m16n8k16.row.col.f32.f16.f16.f32 --svg "$tmp/b.svg"
# probe takes it too: never "no catalogue instruction" (a GPU runs it; without one the hint names
# the full mnemonic).
out=$(timeout 120 "$cli" probe --instr "$S" --no-cycles 2>&1)
if grep -q "no catalogue instruction" <<<"$out" || ! grep -qF "$M" <<<"$out"; then
  echo "FAIL: probe --instr $S: $(head -3 <<<"$out")"
  fails=$((fails + 1))
fi
expect 64 "no catalogue instruction is named 'm16n8k32.row.col.s32.s8.s8.s33'" -- layout --instr m16n8k32.row.col.s32.s8.s8.s33
# layout names the ldmatrix that fills A and B (PTX: "a group of four consecutive threads loads 16
# bytes", the s8 A register a0..a3 is four K bytes of row groupID): A .x4 from 16 rows of 32 bytes,
# lanes 24-31 at rows 8-15, byte 16; B .x2 from 8 rows of 32 K bytes; f64 says why it has none.
expect 0 "ldmatrix: ldmatrix.sync.aligned.m8n8.x4.shared.b16, A stored 16 x 32 (M x K, K contiguous)" -- layout --instr "$S"
expect 0 "register 3 = matrix 3: lanes 24-31 address stored rows 8-15 at byte 16" -- layout --instr "$S"
expect 0 "ldmatrix: ldmatrix.sync.aligned.m8n8.x2.shared.b16, B stored 8 x 32 (N x K, K contiguous)" -- layout --instr "$S"
expect 0 "ldmatrix: no ldmatrix form: an .f64 element fills a 64-bit register" -- layout --instr m16n8k8.row.col.f64.f64.f64.f64
expect 0 "wrote" -- export --view banks --picture tile --instr "$S" --svg "$tmp/s8.svg"

echo "$fails failed"
[ "$fails" -eq 0 ]
