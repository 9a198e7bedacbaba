#!/usr/bin/env bash
# The ldmatrix view of an 8-bit instruction (s8 m16n8k32: 16 rows x 32 one-byte cells) labels each
# 32-bit register once, over the four bytes it holds, at the small font's own size (issue 22: a
# label per byte was shrunk to about 6 px at 1600x1000); hover names each byte.
# Expected from the PTX ISA (ldmatrix .x4, no .trans): lane l receives row l/4 of each matrix,
# bytes 4(l%4)..4(l%4)+3 of its 16-byte row, into register j for matrix j; matrix j sits at rows
# 8(j%2), bytes 16(j/2) of the explorer's tile. So tile row r, byte c goes to lane
# 4(r%8) + (c%16)/4, register r/8 + 2(c/16), byte c%4 of it.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
APP_SIZE=1600x1000 start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and 'ldmatrix_grid' in s['widgets']"
wait_for "s['ldmatrix_view']['unit_bytes'] == 1 and s['ldmatrix_view'].get('cell_labels')"
python3 - "$STATE" <<'PY' || fail "the byte cells are not labelled once per register at the font's size"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['ldmatrix_view']
assert (v['rows'], v['cols']) == (16, 32), (v['rows'], v['cols'])
small = s['fonts']['small']['size']
print(f"{v['labels']} at {v['label_px']} px (small font {small}), {len(v['cell_labels'])} labels")
assert v['labels'] in ('two_lines', 'lane_register', 'lane'), v['labels']
assert v['label_px'] == small, (v['label_px'], small)
labels = v['cell_labels']
assert len(labels) == 16 * 8, len(labels)  # one per register run: 16 rows x 8 runs of 4 bytes
seen = set()
for row, c0, c1, text, _ in labels:
    assert c0 % 4 == 0 and c1 == c0 + 3, (row, c0, c1)
    lane, reg = 4 * (row % 8) + (c0 % 16) // 4, row // 8 + 2 * (c0 // 16)
    want = {'two_lines': f"T{lane} r{reg}", 'lane_register': f"T{lane} r{reg}", 'lane': f"T{lane}"}[v['labels']]
    assert text == want, (row, c0, text, want)
    seen.add((row, c0))
assert len(seen) == 128
assert v['labelled'] == 512, v['labelled']
PY
# Hover each byte of the run at row 9, bytes 20-23: lane 4*1 + 1 = 5, register 1 + 2 = 3.
read -r GX GY CW CH < <(q "' '.join(str(int(round(x))) for x in s['ldmatrix_view']['grid'])")
for b in 0 1 2 3; do
  col=$((20 + b))
  x=$(python3 -c "print(int($GX + ($col + 0.5) * $CW))")
  y=$(python3 -c "print(int($GY + 9.5 * $CH))")
  xdotool mousemove --window "$WID" "$x" "$y"
  wait_for "len(s['ldmatrix_view']['tooltip']) >= 2 and s['ldmatrix_view']['tooltip'][0].startswith('tile row 9, byte $col:')"
  tip=$(q "s['ldmatrix_view']['tooltip'][1]")
  echo "byte $col: $tip"
  case "$tip" in
    "received by lane 5 in register r3.b$b (bits $((8 * b))-$((8 * b + 7)))") ;;
    *) fail "row 9 byte $col names '$tip', not lane 5 r3.b$b" ;;
  esac
done
xdotool mousemove --window "$WID" 5 995
quit_app
echo "PASS"
