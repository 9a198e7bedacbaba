#!/usr/bin/env bash
# Newcomer round 31 (b7): with the Differences window restored at start in the middle column, closing
# it gave its room to the fragments view, whose grids kept their cells (its zoom held) and already
# fitted: a band of ~150 px empty under them, while the bank view under it, whose lines run far past
# its window, stayed squeezed. Room a column gains goes to the view whose content is taller than its
# window (the bank view), not to one whose content fits.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
A=$(realpath "$(fixture h200-2026-12-01-hopper-probe.json)") || fail "the pinned Hopper probe report is missing"
B=$(realpath "$(fixture h200-2026-12-01-probe.json)") || fail "the pinned probe report is missing"
FR="Fragments: mma.sync A, B, C/D"
BK="Bank view: shared-memory accesses over 32 banks"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "reports": {"probe": "$A", "compare": "$B"}}
JSON
start_app --no-device
wait_for "s['comparison'] is not None and s['comparison']['window_open'] and 'Differences' in s['windows']" 20
sleep 1
click $(centre_of "s['widgets']['differences_x']")
wait_for "not s['comparison']['window_open'] and 'Differences' not in s['windows']"
sleep 1.5
python3 - "$STATE" "$FR" "$BK" <<'PY' || fail "the room the Differences window left went to the fragments view, whose grids fit"
import json, sys
s, fr, bk = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
win = {k: v['rect'] for k, v in s['windows'].items()}
fv, bv = s['fragments_view'], s['banks_view']
# The lowest index label the fragments view draws (its grids' row numbers): its grids end about there.
bottom = max(l['rect'][1] + l['rect'][3] for ls in fv['index_labels'].values() for l in ls)
x, y, w, h = win[fr]
empty = y + h - bottom
print(f"fragments view {h:.0f} px tall, its grids' scroll {fv['scroll_max']}, {empty:.0f} px under its lowest "
      f"row number; bank view {win[bk][3]:.0f} px tall, its lines' scroll {bv['scroll_max']}")
bad = []
if fv['scroll_max'][1] > 0.5:
    bad.append("precondition: the fragments view's grids do not fit")
if bv['scroll_max'][1] <= 0.5:
    bad.append("precondition: the bank view's lines fit in it")
# Under the last row number: the rest of that row, the grid's scroll bar and the window's padding.
px = s['display']['scale']
if empty > 60 * px:
    bad.append(f"{empty:.0f} px of the fragments view under its grids is empty while the bank view scrolls")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
quit_app
echo "PASS: the room goes to the bank view, whose lines scroll"
