#!/usr/bin/env bash
# The movmatrix page (View > stmatrix / movmatrix) reads as the stmatrix tile does, and every page of
# the window follows the app's lane (newcomer issue 22: 10-px cells with no zoom, and the movmatrix,
# epilogue and 8-bit pages kept a lane of their own that the lane strip and the inspector never showed):
#  1. At 1600x1000 it opens at the zoom where every cell holds its two lines, said "zoom N.NNx" with
#     "fit" and "labels" beside it, scrolled to its top-left. Each cell in view says what the PTX ISA
#     gives (movmatrix.trans; ldmatrix's fragment layout: lane l, half h at (l/4, 2(l%4)+h)): before,
#     cell (r, c) is lane 4r + c/2's half c%2 and holds M(r, c): "T<l>.lo|hi M<r>,<c>"; after, that
#     half holds M^T(r, c) = M(c, r), which source lane 4c + r/2 held in half r%2: "T<l>.lo|hi <T<s>.lo|hi".
#  2. A click on after (0, 1) (lane 0's .hi, from lane 4's .lo, in lane 4's colour) selects lane 4
#     for the app: the lane strip, the inspector and the page say lane 4; the cell gets the white
#     outline the other views draw, and a cell of another lane is dimmed.
#  3. Scrolled down, each grid's column numbers stay at the top of the view, its row numbers beside it.
#  4. "fit": zoom 1.00x, both grids wholly in view.
#  5. Lane 9 of the lane strip: the movmatrix, epilogue and 8-bit pages say lane 9; a click on an
#     epilogue cell, or an 8-bit cell, selects its lane for the app.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view moves
M="s['hopper']['moves']"
V="$M['movmatrix_view']"
wait_for "$M['drawn'] and 'moves_movmatrix' in s['widgets']"
click $(centre_of "s['widgets']['moves_movmatrix']")
wait_for "$M['view'] == 'movmatrix' and $M['grids']['before']['drawn'] and $M['grids']['after']['drawn']"
wait_for "$V['labels'] == 'two_lines' and len($V['cell_labels'].get('after', [])) > 0" ||
  fail "the movmatrix grids open without their labels: $(q "$M.get('movmatrix_view')")"
wait_for "'mov' in s['zoom_readouts'] and 'mov_fit' in s['widgets'] and 'mov_labels' in s['widgets']"
shot movmatrix-open

# 1. Its zoom readout and labels, checked against the PTX ISA.
python3 - "$STATE" <<'PY' || fail "the movmatrix grids' first zoom or their labels are not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
m = s['hopper']['moves']
v = m['movmatrix_view']
assert s['zoom_readouts']['mov'] == '%.2fx' % v['zoom'], (s['zoom_readouts'], v['zoom'])
assert abs(v['zoom'] - v['readable_zoom']) < 1e-6 and v['zoom'] > 1, v
half = lambda l, h: 'T%d.%s' % (l, 'hi' if h else 'lo')
want = {'before': {}, 'after': {}}
for r in range(8):
    for c in range(8):
        l, h = 4 * r + c // 2, c % 2
        want['before'][(r, c)] = '%s M%d,%d' % (half(l, h), r, c)
        want['after'][(r, c)] = '%s <%s' % (half(l, h), half(4 * c + r // 2, r % 2))
for name in ('before', 'after'):
    g = m['grids'][name]
    assert abs(g['visible'][0] - g['origin'][0]) < 0.5 and abs(g['visible'][1] - g['origin'][1]) < 0.5, ('scrolled at open', name, g)
    said = {(r, c): t for r, c, t in v['cell_labels'][name]}
    bad = {k: (t, want[name][k]) for k, t in said.items() if want[name][k] != t}
    assert not bad, (name, list(bad.items())[:4])
    (x0, y0), (cw, ch), (vx, vy, vw, vh) = g['origin'], g['cell'], g['visible']
    whole = {(r, c) for r in range(8) for c in range(8)
             if x0 + c * cw >= vx - 0.5 and x0 + (c + 1) * cw <= vx + vw + 0.5
             and y0 + r * ch >= vy - 0.5 and y0 + (r + 1) * ch <= vy + vh + 0.5}
    assert len(whole) >= 8 and whole <= set(said), (name, len(whole), sorted(whole - set(said))[:5])
    print(name, len(said), 'cells labelled,', len(whole), 'wholly in view; cell %.0f px at %s' % (cw, s['zoom_readouts']['mov']))
PY

# 2. A click selects the app's lane: the colour's (lane 4, which after (0, 1) came from).
capture_screen "$WORK/plain.png" || fail "no screenshot tool"
click $(grid_cell moves after 0 1)
wait_for "s['selected_lane'] == 4 and $M['selected_lane'] == 4" ||
  fail "a click on after (0, 1) selected lane $(q "s['selected_lane']") (the page: $(q "$M['selected_lane']"))"
wait_for "s['inspector']['lane'] == 4"
sleep 0.5
capture_screen "$WORK/selected.png" || fail "no screenshot tool"
shot movmatrix-lane-4
# pixel FILE GRID ROW COL DX DY: "R G B" at (DX, DY) px from that cell's top-left.
pixel() {
  read -r x y <<<"$(python3 -c "
import json; s=json.load(open('$STATE')); g=s['hopper']['moves']['grids']['$2']
print(int(g['origin'][0] + $4 * g['cell'][0] + $5), int(g['origin'][1] + $3 * g['cell'][1] + $6))")"
  png_pixel "$1" "$x" "$y"
}
# The clicked cell: white on its outline, half way down its left edge.
read -r r g b <<<"$(pixel "$WORK/selected.png" after 0 1 1 12)"
[ "$r" -ge 230 ] && [ "$g" -ge 230 ] && [ "$b" -ge 230 ] || fail "lane 4's cell is not outlined: pixel $r $g $b"
# Lane 0's cell before (0, 0): dimmed towards the background (3 px in from its corner).
read -r r0 g0 b0 <<<"$(pixel "$WORK/plain.png" before 0 0 3 3)"
read -r r1 g1 b1 <<<"$(pixel "$WORK/selected.png" before 0 0 3 3)"
[ $((r1 + g1 + b1)) -lt $((r0 + g0 + b0 - 60)) ] || fail "lane 0's cell is not dimmed: $r0 $g0 $b0 -> $r1 $g1 $b1"

# 3. Scrolled down (the wheel over the grids), the numbers stay in view.
read -r GX GY <<<"$(grid_cell moves before 0 3)"
xdotool mousemove --window "$WID" "$GX" "$GY" click --repeat 3 --delay 80 5
xdotool mousemove --window "$WID" 5 995
wait_for "$M['grids']['before']['visible'][1] > $M['grids']['before']['origin'][1] + 1" ||
  fail "the wheel did not scroll the movmatrix grids"
sleep 0.3
python3 - "$STATE" <<'PY' || fail "scrolled, the movmatrix grids' numbers left the view"
import json, sys
s = json.load(open(sys.argv[1]))
m = s['hopper']['moves']
for name in ('before', 'after'):
    g, labels = m['grids'][name], m['index_labels'][name]
    (x0, y0), (cw, ch), (vx, vy, vw, vh) = g['origin'], g['cell'], g['visible']
    cols = [l for l in labels if l['rect'][0] >= x0 - 0.5]
    rows = [l for l in labels if l['rect'][0] + l['rect'][2] <= x0 + 0.5]
    first_row = int((vy - y0) // ch)
    print(name, 'scrolled %.0f px; columns at y %s; rows %s' % (vy - y0, sorted({round(l['rect'][1]) for l in cols}), [l['text'] for l in rows]))
    assert len(cols) >= 2 and all(vy - 1 <= l['rect'][1] <= vy + ch for l in cols), (name, [l['rect'] for l in cols])
    assert [int(l['text']) for l in cols] == list(range(0, 8, int(cols[1]['text']) - int(cols[0]['text']))), cols
    assert rows and all(vy - 1 <= l['rect'][1] and l['rect'][1] + l['rect'][3] <= vy + vh + 1 for l in rows), rows
    assert min(int(l['text']) for l in rows) >= first_row, (first_row, rows)
PY

# 4. fit: both grids in view.
click $(centre_of "s['widgets']['mov_fit']")
wait_for "$V['zoom'] == 1 and s['zoom_readouts']['mov'] == '1.00x'"
python3 - "$STATE" <<'PY' || fail "at fit the movmatrix grids are not wholly in view"
import json, sys
s = json.load(open(sys.argv[1]))
for name in ('before', 'after'):
    g = s['hopper']['moves']['grids'][name]
    (x0, y0), (cw, ch), (vx, vy, vw, vh) = g['origin'], g['cell'], g['visible']
    assert abs(vx - x0) < 0.5 and abs(vy - y0) < 0.5 and abs(vw - 8 * cw) < 0.5 and abs(vh - 8 * ch) < 0.5, (name, g)
PY
shot movmatrix-fit

# 5. The lane strip's lane 9: every page of the window follows; a click on a page's cell selects its lane.
click $(centre_of "s['lane_buttons'][9]")
wait_for "s['selected_lane'] == 9 and $M['selected_lane'] == 9 and s['inspector']['lane'] == 9"
click $(centre_of "s['widgets']['moves_epilogue']")
wait_for "$M['view'] == 'epilogue' and $M['grids']['tile']['drawn'] and len($M['epilogue']['cells']) > 0"
wait_for "$M['selected_lane'] == 9"
EP_LANE=$(q "[c['lane'] for c in $M['epilogue']['cells'] if (c['row'], c['col']) == (0, 0)][0]")
[ "$EP_LANE" != 9 ] || fail "the test needs an epilogue cell of a lane other than 9"
click $(grid_cell moves tile 0 0)
wait_for "s['selected_lane'] == $EP_LANE and $M['selected_lane'] == $EP_LANE and s['inspector']['lane'] == $EP_LANE" ||
  fail "a click on epilogue (0, 0), lane $EP_LANE, left the app's lane at $(q "s['selected_lane']")"
shot epilogue-lane
click $(centre_of "s['lane_buttons'][9]")
wait_for "s['selected_lane'] == 9"
click $(centre_of "s['widgets']['moves_b8']")
wait_for "s['moves_b8']['shown'] and 'b8_matrix_0' in s['widgets']"
wait_for "$M['selected_lane'] == 9"
# An 8-bit cell of matrix 0's first row (its numbers above, 30 px down): its hover text names its
# lane; a click selects it.
read -r BX BY <<<"$(q "'%d %d' % (s['widgets']['b8_matrix_0'][0] + 60, s['widgets']['b8_matrix_0'][1] + 30)")"
hover "$BX" "$BY"
wait_for "'lane ' in s['moves_b8']['hover']"
B8_LANE=$(q "int(s['moves_b8']['hover'].split('<-> lane ')[1].split(',')[0])")
[ "$B8_LANE" != 9 ] || fail "the test needs an 8-bit cell of a lane other than 9"
click "$BX" "$BY"
wait_for "s['selected_lane'] == $B8_LANE and s['inspector']['lane'] == $B8_LANE" ||
  fail "a click on an 8-bit cell of lane $B8_LANE left the app's lane at $(q "s['selected_lane']")"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
