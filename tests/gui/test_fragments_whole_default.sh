#!/usr/bin/env bash
# m16n8k16 opens whole and labelled at 1600x1000 (issue 22: at its default zoom part of B and C/D
# was cut off and needed a scroll). "T<lane> V<element>" on one line needs cells about 37 px wide:
# A's 16 columns and B's 8 are then wider than the view (774 px), so the view opens at the largest
# zoom that shows every grid whole with each cell naming its lane ("T<lane>"; the element on
# hover) and every row and column its index; the layout gives it the height for that (rows tall
# enough for each row's index) from the bank view, which keeps its least. "labels" still goes to
# "T<lane> V<element>" in every cell. The default m16n8k8 still opens at its readable zoom.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
F="s['fragments_view']"
APP_SIZE=1600x1000 start_app --no-device --instr "$K16"
wait_for "s['controls']['instruction'] == '$K16' and 'label_mode' in $F and len(s['cells']['C']) == 128"
sleep 1  # the layout settles (kSettleFrames) and the first zoom follows it
python3 - "$STATE" <<'PY' || fail "m16n8k16 does not open whole and labelled at 1600x1000"
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
v = s['widgets']['fragment_view']
print(f"zoom {f['zoom']:.3f} (readable {f['readable_zoom']:.3f}), cells {f['cell_size']}, {f['label_mode']}, "
      f"index steps {f['label_steps']}, scroll max {f['scroll_max']}, view {v}")
assert f['label_mode'] in ('full', 'two_lines', 'owner'), f['label_mode']
assert f['label_steps'] == [1, 1], f['label_steps']
assert f['zoom'] >= 1, f['zoom']
assert f['scroll_max'] == [0, 0], f['scroll_max']
shape = {'A': (16, 16), 'B': (16, 8), 'C': (16, 8)}
for op, (rows, cols) in shape.items():
    vis = f['visible'][op]
    assert vis['of'] == [rows, cols] and vis['rows'] == [0, rows - 1] and vis['cols'] == [0, cols - 1], (op, vis)
    cells = s['cells'][op]
    assert len(cells) == rows * cols, (op, len(cells))
    for c in cells:
        x, y, w, h = c['rect']
        assert c['visible'] and v[0] <= x and x + w <= v[0] + v[2] and v[1] <= y and y + h <= v[1] + v[3], (op, c)
fw = s['windows']['Fragments: mma.sync A, B, C/D']
assert fw['scroll_max'] == [0, 0], fw
bank = 'Bank view: shared-memory accesses over 32 banks'
assert s['windows'][bank]['rect'][3] >= s['layout']['least'][bank], (s['windows'][bank], s['layout']['least'][bank])
PY
click $(centre_of "s['widgets']['fragments_labels']")
wait_for "$F['zoom'] == $F['readable_zoom'] and $F['label_mode'] == 'full' and $F['label_steps'] == [1, 1]"
quit_app
APP_SIZE=1600x1000 start_app --no-device --instr "$K8"
wait_for "s['controls']['instruction'] == '$K8' and 'label_mode' in $F and len(s['cells']['C']) == 128"
wait_for "$F['zoom'] == $F['readable_zoom'] and $F['label_mode'] == 'full' and $F['scroll_max'] == [0, 0]"
quit_app
echo "PASS"
