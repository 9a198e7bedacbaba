#!/usr/bin/env bash
# Matrix-move view (View > stmatrix / movmatrix), checked against the PTX ISA worked out by hand:
# - stmatrix .x4: register j of lane l holds row l/4, cols 2(l%4), 2(l%4)+1 of matrix j (matrix j at
#   rows 8(j%2), cols 8(j/2)); lanes 8j..8j+7 give matrix j's row addresses. Lane 5's r2.hi lands at
#   (1, 8 + 3); row 3 of matrix 1 (tile row 11) is addressed by lane 11. .x1.trans: lane 5's r0.lo at
#   the transposed (2, 1). A click selects the lane.
# - movmatrix: destination lane l, half h holds M^T(l/4, 2(l%4)+h) = M(2(l%4)+h, l/4), which source
#   lane 4(2(l%4)+h) + (l/4)/2 holds in half (l/4)%2: lane 1 .lo comes from lane 8 .lo.
# - epilogue x4-swapped: matrices 1 and 2 trade places, 128 of 256 elements flagged; x4: none.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view moves
M="s['hopper']['moves']"
wait_for "$M['drawn'] and $M['view'] == 'stmatrix' and $M['stmatrix']['num'] == 'x4' and not $M['stmatrix']['trans']"
wait_for "$M['measured_text'].startswith('model only:')"
python3 - "$STATE" <<'PY' || fail "stmatrix .x4 cells are not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
st = s['hopper']['moves']['stmatrix']
assert (st['rows'], st['cols'], st['mnemonic']) == (16, 16, 'stmatrix.sync.aligned.m8n8.x4.shared.b16')
cells = {(c['row'], c['col']): c for c in st['cells']}
for j in range(4):
    r0, c0 = 8 * (j % 2), 8 * (j // 2)
    for lane in range(32):
        for h in range(2):
            c = cells[(r0 + lane // 4, c0 + 2 * (lane % 4) + h)]
            assert (c['lane'], c['reg'], c['half']) == (lane, j, h), (j, lane, h, c)
    for lane in range(8 * j, 8 * j + 8):
        for k in range(8):
            assert cells[(r0 + lane % 8, c0 + k)]['address_lane'] == lane
c = cells[(1, 11)]
assert (c['lane'], c['reg'], c['half'], cells[(11, 0)]['address_lane']) == (5, 2, 1, 11)
PY
shot moves-stmatrix-x4
click $(grid_cell moves tile 1 11)
wait_for "$M['selected_lane'] == 5"
click $(centre_of "s['widgets']['st_num_x1']")
click $(centre_of "s['widgets']['st_trans']")
wait_for "$M['stmatrix']['mnemonic'] == 'stmatrix.sync.aligned.m8n8.x1.trans.shared.b16' and $M['stmatrix']['rows'] == 8"
wait_for "[(c['lane'], c['half']) for c in $M['stmatrix']['cells'] if (c['row'], c['col']) == (2, 1)] == [(5, 0)]"
shot moves-stmatrix-x1-trans

click $(centre_of "s['widgets']['moves_movmatrix']")
wait_for "$M['view'] == 'movmatrix' and $M['grids']['after']['drawn']"
python3 - "$STATE" <<'PY' || fail "movmatrix's map is not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
halves = s['hopper']['moves']['movmatrix']['halves']
assert len(halves) == 64
for x in halves:
    l, h = x['lane'], x['half']
    assert x['before'] == [l // 4, 2 * (l % 4) + h]
    row, col = 2 * (l % 4) + h, l // 4          # M(row, col) = M^T(l/4, 2(l%4)+h)
    assert x['after'] == [row, col]
    assert (x['source_lane'], x['source_half']) == (4 * row + col // 2, col % 2), x
one = [x for x in halves if (x['lane'], x['half']) == (1, 0)][0]
assert (one['source_lane'], one['source_half']) == (8, 0)
PY
shot moves-movmatrix

click $(centre_of "s['widgets']['moves_epilogue']")
wait_for "$M['view'] == 'epilogue' and $M['epilogue']['preset'] == 'x4' and $M['epilogue']['order_differences'] == 0"
click $(centre_of "s['widgets']['ep_x4-swapped']")
wait_for "$M['epilogue']['preset'] == 'x4-swapped' and $M['epilogue']['order_differences'] == 128"
wait_for "[c['fragment'] for c in $M['epilogue']['cells'] if (c['row'], c['col']) == (8, 0)] == [[0, 8]]"
wait_for "sum(c['moved'] for c in $M['epilogue']['cells']) == 128"
shot moves-epilogue-x4-swapped
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
