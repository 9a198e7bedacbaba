#!/usr/bin/env bash
# Newcomer round 13: Enter in the fragments view's Find (`A,9,3` on m16n8k16) selected the right
# lane but zoomed from 1.30x to 1.56x (the answer under the field shortened the grids) and left the
# grids scrolled sideways with row 9 out of view. Now Enter keeps the zoom, the found cell is wholly
# in view with its row and column numbers (the sticky index bands left of and above it), and it is
# outlined (the dump's fragments_view.found); text that names another thing drops the outline.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
M=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
F="s['fragments_view']"

start_app --no-device --instr "$M"
wait_for "s['instruction']['mnemonic'] == '$M' and 'fragments_find' in s['widgets'] and $F['cells_drawn'] > 0"
sleep 0.5
[ "$(q "$F['found']")" = None ] || fail "a cell is outlined before any Find"
Z0=$(q "$F['zoom']")

# shown OP ROW COL: after Enter on OP,ROW,COL, the zoom is the first one, the cell is outlined and
# lies wholly inside the grids' view, below its column band and right of its row band.
shown() {
  type_into fragments_find "$F['find_text']" "$1,$2,$3" "$F['find_text'] == '$1,$2,$3'"
  xdotool key Return
  wait_for "s['selected_lane'] == [c for c in s['cells']['$1'] if (c['row'], c['col']) == ($2, $3)][0]['lane']"
  sleep 0.8  # the frames after Enter, in which the layout settles
  python3 - "$STATE" "$1" "$2" "$3" "$Z0" <<'PY' || fail "Find $1,$2,$3 does not show its cell, or moved the zoom"
import json, sys
s = json.load(open(sys.argv[1]))
op, row, col, z0 = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
f = s['fragments_view']
cell = [c for c in s['cells'][op] if (c['row'], c['col']) == (row, col)][0]
print("zoom", f['zoom'], "first", z0, "visible", f['visible'][op], "cell", cell['rect'], "bands", f['label_bands'][op],
      "view", s['widgets']['fragment_view'], "scroll", f['scroll'], "found", f.get('found'))
assert f['zoom'] == z0, ("the zoom moved", z0, f['zoom'])
v = f['visible'][op]
assert v['rows'][0] <= row <= v['rows'][1] and v['cols'][0] <= col <= v['cols'][1], ("not in view", v)
x, y, w, h = cell['rect']
vx, vy, vw, vh = s['widgets']['fragment_view']
# The scroll bars along the view's right and bottom edges, where it scrolls that way (m16n8k16
# opens as wide as the view: no bar along the bottom).
bar_x, bar_y = (14 if f['scroll_max'][1] > 0 else 0), (14 if f['scroll_max'][0] > 0 else 0)
assert vx <= x and x + w <= vx + vw - bar_x and vy <= y and y + h <= vy + vh - bar_y, ("cell cut by the view's edge", cell['rect'])
top, left = f['label_bands'][op]
# Its numbers: the column band (18 px tall) above it, the row band left of it, neither over it.
assert top is not None and top + 18 <= y + 0.5, ("the column numbers cover it or are gone", top, y)
assert left is not None and left < x, ("the row numbers are gone", left, x)
# Outlined: the dump's found cell is this one, where it was drawn.
fd = f['found']
assert fd is not None and (fd['operand'], fd['row'], fd['col']) == (op, row, col) and fd['rect'] == cell['rect'], fd
PY
}
# Row 15 of A is below the first view (A's rows 0-11 show at 1600x1000), B's corner above it.
shown A 15 0
shown B 0 7
shown A 9 3
# Another element: the outline follows; text that names no element drops it.
type_into fragments_find "$F['find_text']" "lane 5" "$F['find_text'] == 'lane 5'"
wait_for "$F['found'] is None"
quit_app
echo PASS
