#!/usr/bin/env bash
# The stmatrix grid (View > stmatrix / movmatrix) reads as the fragments and ldmatrix views do
# (newcomer issue 22: 10-px cells with no zoom and no labels, and a lane of its own that the lane
# strip and the inspector never showed):
#  1. At 1600x1000 (View > stmatrix / movmatrix) it opens at the zoom where every cell holds its two
#     lines, said "zoom N.NNx" with "fit" and "labels" beside it, scrolled to its top-left: each cell in view says T<lane> r<register>.<half> of the PTX ISA
#     (register j of lane l holds row l/4, columns 2(l%4) (.lo) and 2(l%4)+1 (.hi) of matrix j, at
#     tile rows 8(j%2), columns 8(j/2)); the lane left of a row start is lanes 0-15's (rows 0-15).
#  2. A click on tile (1, 11), lane 5's r2.hi, selects lane 5 for the app: the lane strip, the
#     inspector and the view's own "lane" readout show lane 5; lane 5's cells get the white outline
#     the other views draw, and another lane's cell is dimmed.
#  3. Lane 9 of the lane strip: the stmatrix page follows (its lane is the app's).
#  4. "fit": zoom 1.00x, every cell in view.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view moves
M="s['hopper']['moves']"
V="$M['stmatrix_view']"
wait_for "$M['drawn'] and $M['view'] == 'stmatrix' and $M['stmatrix']['num'] == 'x4' and $M['grids']['tile']['drawn']"
wait_for "'stmatrix_view' in $M and $V['labels'] == 'two_lines' and len($V['cell_labels']) > 0" ||
  fail "the stmatrix grid opens without its labels: $(q "$M.get('stmatrix_view')") cell $(q "$M['grids']['tile']['cell']")"
wait_for "'st' in s['zoom_readouts'] and 'st_fit' in s['widgets'] and 'st_labels' in s['widgets']"
shot stmatrix-open

# 1. Its zoom readout and labels, checked against the PTX ISA.
python3 - "$STATE" <<'PY' || fail "the stmatrix grid's first zoom or its labels are not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
m = s['hopper']['moves']
v, g = m['stmatrix_view'], m['grids']['tile']
assert s['zoom_readouts']['st'] == '%.2fx' % v['zoom'], (s['zoom_readouts'], v['zoom'])
assert abs(v['zoom'] - v['readable_zoom']) < 1e-6 and v['zoom'] > 1, v
assert abs(g['visible'][0] - g['origin'][0]) < 0.5 and abs(g['visible'][1] - g['origin'][1]) < 0.5, ('scrolled at open', g)
want = {}
for j in range(4):
    for l in range(32):
        for h in range(2):
            want[(8 * (j % 2) + l // 4, 8 * (j // 2) + 2 * (l % 4) + h)] = 'T%d r%d.%s' % (l, j, 'hi' if h else 'lo')
said = {(r, c): t for r, c, t in v['cell_labels']}
bad = {k: (t, want[k]) for k, t in said.items() if want[k] != t}
assert not bad, list(bad.items())[:4]
# Every cell wholly in view is labelled.
(x0, y0), (cw, ch), (vx, vy, vw, vh) = g['origin'], g['cell'], g['visible']
whole = {(r, c) for r in range(16) for c in range(16)
         if x0 + c * cw >= vx - 0.5 and x0 + (c + 1) * cw <= vx + vw + 0.5
         and y0 + r * ch >= vy - 0.5 and y0 + (r + 1) * ch <= vy + vh + 0.5}
assert len(whole) >= 32 and whole <= set(said), (len(whole), sorted(whole - set(said))[:5])
print(len(said), 'cells labelled,', len(whole), 'wholly in view; cell %.0f px at zoom %s' % (cw, s['zoom_readouts']['st']))
# Rows 0-4 start matrix 0's rows 0-4 (lanes 0-4) where they are in view.
for row, lane in v['row_lanes'].items():
    assert lane == 'T%d' % int(row), (row, lane)
assert v['row_lanes'], 'no row-start lane named'
PY

# 2. A click selects the app's lane.
capture_screen "$WORK/plain.png" || fail "no screenshot tool"
click $(grid_cell moves tile 1 11)
wait_for "s['selected_lane'] == 5 and $M['selected_lane'] == 5" ||
  fail "a click on lane 5's cell selected lane $(q "s['selected_lane']") (the view: $(q "$M['selected_lane']"))"
wait_for "s['inspector']['lane'] == 5"
sleep 0.5
capture_screen "$WORK/selected.png" || fail "no screenshot tool"
shot stmatrix-lane-5
# pixel FILE ROW COL DX DY: "R G B" at (DX, DY) px from tile cell (ROW, COL)'s top-left.
pixel() {
  read -r x y <<<"$(python3 -c "
import json; s=json.load(open('$STATE')); g=s['hopper']['moves']['grids']['tile']
print(int(g['origin'][0] + $3 * g['cell'][0] + $4), int(g['origin'][1] + $2 * g['cell'][1] + $5))")"
  png_pixel "$1" "$x" "$y"
}
# Lane 5's cell (1, 10), r2.lo: white on its outline (1 px in, 2.5 px wide), half way down its left edge.
read -r r g b <<<"$(pixel "$WORK/selected.png" 1 10 1 12)"
[ "$r" -ge 230 ] && [ "$g" -ge 230 ] && [ "$b" -ge 230 ] || fail "lane 5's cell is not outlined: pixel $r $g $b"
# Lane 0's cell (0, 0): dimmed towards the background (3 px in from its corner, clear of its label).
read -r r0 g0 b0 <<<"$(pixel "$WORK/plain.png" 0 0 3 3)"
read -r r1 g1 b1 <<<"$(pixel "$WORK/selected.png" 0 0 3 3)"
[ $((r1 + g1 + b1)) -lt $((r0 + g0 + b0 - 60)) ] || fail "lane 0's cell is not dimmed: $r0 $g0 $b0 -> $r1 $g1 $b1"

# 3. The lane strip's lane 9: the stmatrix page follows.
click $(centre_of "s['lane_buttons'][9]")
wait_for "s['selected_lane'] == 9 and $M['selected_lane'] == 9 and s['inspector']['lane'] == 9"

# 4. fit: every cell in view.
click $(centre_of "s['widgets']['st_fit']")
wait_for "$V['zoom'] == 1 and s['zoom_readouts']['st'] == '1.00x'"
python3 - "$STATE" <<'PY' || fail "at fit the stmatrix tile is not wholly in view"
import json, sys
s = json.load(open(sys.argv[1]))
g = s['hopper']['moves']['grids']['tile']
(x0, y0), (cw, ch), (vx, vy, vw, vh) = g['origin'], g['cell'], g['visible']
assert abs(vx - x0) < 0.5 and abs(vy - y0) < 0.5 and abs(vw - 16 * cw) < 0.5 and abs(vh - 16 * ch) < 0.5, (g)
PY
shot stmatrix-fit
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
