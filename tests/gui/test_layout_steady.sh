#!/usr/bin/env bash
# The layout does not move under the mouse: a window's place and size change only when a view opens
# or closes (or the window is resized), never because a view's content grew or shrank or a scroll
# bar came or went. At 1600x1000 with the pinned probe report open, View > CTA tile joins the middle
# column, which then runs taller than the window (the canvas gets its scroll bar): the views of the
# other columns keep their rectangles exactly (they used to narrow by the bar's width). Then Close
# report takes the report's lines out of the views: every window keeps its rectangle exactly (the
# CTA tile window moved by 12 px, and the views re-tiled as probe results' lines came and went).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
PROBE=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"
C="s['cta_tile']"
APP_SIZE=1200x800 start_app --no-device "$PROBE"
wait_for "s['report'] is not None and 'least' in s['layout'] and 'menu_view' in s['widgets']"
sleep 0.3
cp "$STATE" "$WORK/before.json"
open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and 'CTA tile: TiledMMA, TiledCopy and shared layouts' in s['windows']"
sleep 0.5
cp "$STATE" "$WORK/open.json"
python3 - "$WORK/open.json" "$WORK/before.json" <<'PY' || fail "opening the CTA tile window moved a view of another column"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert s['layout']['scroll_bars'][1], ("the middle column does not run taller: this checks nothing", s['layout'])
f = b['windows']['Fragments: mma.sync A, B, C/D']['rect']
for k, w in b['windows'].items():
    if f[0] - 0.5 <= w['rect'][0] < f[0] + f[2] - 0.5:
        continue  # the middle column: the CTA tile's own
    assert s['windows'][k]['rect'] == w['rect'], (k, w['rect'], s['windows'][k]['rect'])
print("other columns kept their rectangles exactly")
PY
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None"
sleep 0.5
python3 - "$STATE" "$WORK/open.json" <<'PY' || fail "Close report moved or resized a window"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert sorted(s['windows']) == sorted(b['windows']), (sorted(s['windows']), sorted(b['windows']))
bad = [(k, w['rect'], s['windows'][k]['rect']) for k, w in b['windows'].items() if s['windows'][k]['rect'] != w['rect']]
assert not bad, bad
print("every window kept its rectangle")
PY
quit_app
echo "PASS"
