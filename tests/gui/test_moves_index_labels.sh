#!/usr/bin/env bash
# The stmatrix view's row and column numbers (newcomer issue 22): each was drawn centred in its cell
# only where it fitted, so in a small view columns 0-9 were numbered and 10-15 not. They are now
# spaced as the fragments view's (index_labels): every one where each fits its cell, else every
# second (fourth...), the last columns included. Checked at "fit", where the cells are small.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view moves
M="s['hopper']['moves']"
wait_for "$M['drawn'] and $M['view'] == 'stmatrix' and $M['stmatrix']['num'] == 'x4' and 'index_labels' in $M"
wait_for "'tile' in $M['index_labels'] and $M['grids']['tile']['drawn']"
# The view opens at the zoom where each cell holds its labels; "fit" gives the small cells.
click $(centre_of "s['widgets']['st_fit']")
wait_for "$M['stmatrix_view']['zoom'] == 1"
shot moves-index-labels
python3 - "$STATE" <<'PY' || fail "the stmatrix grid's numbers are not every column's (or every step-th)"
import json, sys
s = json.load(open(sys.argv[1]))
m = s['hopper']['moves']
g = m['grids']['tile']
labels = m['index_labels']['tile']
top = g['origin'][1]
left = g['origin'][0]
cols = [int(l['text']) for l in labels if l['rect'][1] + l['rect'][3] <= top + 0.5]
rows = [int(l['text']) for l in labels if l['rect'][0] + l['rect'][2] <= left + 0.5]
print("cell %.1f px; columns %s; rows %s" % (g['cell'][0], cols, rows))
# The case the newcomer saw: cells too narrow for two digits side by side in one cell.
assert g['cell'][0] < 16, ("the view is too large to show the fault: cell %.1f px" % g['cell'][0])
for name, got in (("columns", cols), ("rows", rows)):
    assert len(got) >= 2, (name, got)
    step = got[1] - got[0]
    assert step in (1, 2, 4, 8), (name, got)
    assert got == list(range(0, 16, step)), (name, got)
    assert max(got) >= 10, (name, got)
PY
quit_app
echo "PASS"
