#!/usr/bin/env bash
# Newcomer round 30: the Differences window, restored at start with its comparison, floated over the
# middle of the views. It is tiled as the other views are (under the fragments view's column, as the
# CTA tile and Algebra windows): over no other view, at the start and once opened by File > Compare.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
A=$(realpath "$(fixture h200-2026-12-01-hopper-probe.json)") || fail "the pinned Hopper probe report is missing"
B=$(realpath "$(fixture h200-2026-12-01-probe.json)") || fail "the pinned probe report is missing"
# over_none LABEL: the Differences window is shown and overlaps no other view's window.
over_none() {
  python3 - "$STATE" "$1" <<'PY' || fail "$1: the Differences window lies over other views"
import json, sys
s = json.load(open(sys.argv[1]))
win = s['windows']
d = win['Differences']['rect']
over = []
for name, w in win.items():
    if name == 'Differences':
        continue
    x, y, ww, h = w['rect']
    ox = min(d[0] + d[2], x + ww) - max(d[0], x)
    oy = min(d[1] + d[3], y + h) - max(d[1], y)
    if ox > 1 and oy > 1:
        over.append(name)
print(sys.argv[2], "Differences at", [round(v) for v in d], "over", over)
assert not over
PY
}
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "reports": {"probe": "$A", "compare": "$B"}}
JSON
start_app --no-device
wait_for "s['comparison'] is not None and s['comparison']['window_open'] and 'Differences' in s['windows']" 20
sleep 1
over_none "restored at start"
# Hidden by its X, shown again by File > Show differences: tiled again.
click $(centre_of "s['widgets']['differences_x']")
wait_for "not s['comparison']['window_open'] and 'Differences' not in s['windows']"
file_menu_item menu_show_differences
wait_for "s['comparison']['window_open'] and 'compare_list' in s['widgets']"
sleep 1
over_none "shown again"
quit_app
echo PASS
