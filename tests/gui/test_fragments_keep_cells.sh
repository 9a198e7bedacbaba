#!/usr/bin/env bash
# The zoom alone sets the fragments view's cell size (issue 22, D1): at 1600x1000, m16n8k16 opens
# at its first zoom (every cell labelled: "T<lane>" with every grid whole since s25c, "T<lane>
# V<element>" at about 1.30x before); View > Warpgroup then takes half of the
# middle column. The view got shorter, and its cells used to shrink with it (rows half as tall, no
# labels, only rows 0-4 of A in view) while the zoom field still read 1.30x. Now the zoom, the cell
# size and the labels stay exactly as they were, and the grids scroll inside the shorter view down
# to their last row, and a restart shows them so again.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
F="s['fragments_view']"
FW="s['windows']['Fragments: mma.sync A, B, C/D']"
start_app --no-device --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "s['display']['pixel_size'] == [1600, 1000] and $F['cells_drawn'] > 0 and $F['label_mode'] in ('full', 'owner')"
sleep 1
read -r Z CW CH MODE VH <<<"$(q "$F['zoom'], $F['cell_size'][0], $F['cell_size'][1], $F['label_mode'], $FW['rect'][3]" | tr -d "(),'")"
echo "before: zoom $Z, cells ${CW}x$CH, labels $MODE, view height $VH"
[ "$MODE" = full ] || [ "$MODE" = owner ] || fail "m16n8k16 does not open with every cell labelled ($MODE)"

open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
sleep 1
# The view really got shorter (else this checks nothing).
wait_for "$FW['rect'][3] < $VH - 100"
python3 - "$STATE" "$Z" "$CW" "$CH" "$MODE" <<'PY' || fail "opening the warpgroup view changed the fragments view's cells"
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
z, cw, ch = map(float, sys.argv[2:5])
assert f['zoom'] == z, ('zoom', f['zoom'], z)
assert f['cell_size'] == [cw, ch], ('cell size', f['cell_size'], [cw, ch])
assert f['label_mode'] == sys.argv[5], ('labels', f['label_mode'], sys.argv[5])
assert f['scroll_max'][1] > 0, ('the shorter view does not scroll its grids', f['scroll_max'])
print("warpgroup open: zoom", f['zoom'], "cells", f['cell_size'], "labels", f['label_mode'], "scroll max", f['scroll_max'])
PY

# The wheel over the grids scrolls them down to A's last row (row 15).
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['fragment_view']")
for _ in $(seq 40); do xdotool click 5; sleep 0.03; done
wait_for "$F['scroll'][1] >= $F['scroll_max'][1] - 1 and $F['visible']['A']['rows'][1] == 15"
[ "$(q "$F['cell_size'] == [$CW, $CH] and $F['label_mode'] == '$MODE'")" = True ] ||
  fail "scrolling changed the cells: $(q "$F['cell_size'], $F['label_mode']")"
quit_app

# A restart with the Warpgroup still open shows the same cells (round 32: they came back at about
# half their size, unlabelled: the zoom was kept, the fit it is relative to worked out again from the
# shorter view).
start_app --no-device
wait_for "s['hopper']['warpgroup']['drawn'] and $F['cells_drawn'] > 0"
sleep 1
wait_for "$F['zoom'] == $Z and $F['cell_size'] == [$CW, $CH] and $F['label_mode'] == '$MODE'" ||
  fail "after a restart: zoom, cells and labels $(q "$F['zoom'], $F['cell_size'], $F['label_mode']"), not $Z, ${CW}x$CH, $MODE"
quit_app
echo "PASS"
