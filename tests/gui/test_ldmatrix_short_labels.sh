#!/usr/bin/env bash
# Newcomer issue 22: with a gate report open and the Gate window's Ladder opened, the ldmatrix view
# above it is short, and its cell labels ran together ("T11T11": the labels of two cells of one
# lane, one colour with no edge between them, 4 px apart). A label lies inside its cells, and two
# neighbours' labels in a row are half an em (of the labels' size) apart or more, to read as two
# words; where that does not fit, labels are left out (hover gives them).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device "$SRC/docs/device-runs/2026-12-01-h200-ladder-final/gate-report.json"
wait_for "s['report'] is not None and 'ladder_header' in s['widgets'] and s['ldmatrix_view']['cell_labels']"
G="s['windows']['Gate: exact matmul']['rect']"
for _ in $(seq 20); do
  [ "$(q "s['widgets']['ladder_header'][1] + s['widgets']['ladder_header'][3] <= $G[1] + $G[3] - 4")" = True ] && break
  xdotool mousemove $(centre_of "$G") click 5
  sleep 0.2
done
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
sleep 1
python3 - "$STATE" <<'PY' || fail "an ldmatrix cell label does not fit its cells"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['ldmatrix_view']
gx, gy, cw, ch = v['grid']
print("cells %.1f x %.1f px, labels %s at %.1f px, %d labelled" % (cw, ch, v['labels'], v['label_px'], len(v['cell_labels'])))
# A short pane (else this proves nothing): rows under two lines of the small font.
assert ch < 2 * s['fonts']['small']['px'], ch
bad, close = [], []
last = {}
for row, c0, c1, text, (x0, y0, x1, y1) in sorted(v['cell_labels'], key=lambda l: (l[0], l[1])):
    left, right = gx + c0 * cw, gx + (c1 + 1) * cw
    if x0 < left - 0.01 or x1 > right + 0.01:
        bad.append((row, c0, c1, text))
    if row in last and x0 - last[row][1] < v['label_px'] / 2 - 0.01:
        close.append((row, last[row][0], text, round(x0 - last[row][1], 1)))
    last[row] = (text, x1)
assert not bad, "%d labels run past their cells, e.g. %s" % (len(bad), bad[:4])
assert not close, "%d labels under half an em after their neighbour, e.g. %s" % (len(close), close[:4])
PY
quit_app
echo PASS
