#!/usr/bin/env bash
# Issue 22: the fragments view's corner summary (above A, left of B) drew as many whole lines as the
# corner held and left the rest out with nothing to say so (only hovering showed them). Where lines
# are left out, its last line now says how many of the summary's lines ("... 3 more lines (hover)"),
# whole, inside the corner; hovering it shows the tooltip with them all. m16n8k4 .tf32 at zoom 1.00x:
# B is 4 rows, the corner holds the mnemonic and the D line (wrapped in two) and its marker; "cell",
# "groupID" and "per lane" (the summary's five lines, as at zoom 3.00x below) are left out. At 3.00x
# the corner holds every line: no marker.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
M=mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32
F="s['fragments_view']"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "instruction": "$M",
 "zoom": {"fragments": {"for": "$M", "zoom": 1}}}
JSON
start_app --no-device
wait_for "s['controls']['instruction'] == '$M' and $F['zoom'] == 1 and len($F['texts']) > 3"
sleep 0.5
# The corner's texts: left of B's title, above A's.
corner="[t for t in $F['texts'] if t['rect'][0] < [u for u in $F['texts'] if u['text'].startswith('B ')][0]['rect'][0] and t['rect'][1] < [u for u in $F['texts'] if u['text'].startswith('A ')][0]['rect'][1]]"
python3 - "$STATE" "$corner" <<'PY' || fail "the short corner does not say that lines are left out"
import json, re, sys
s = json.load(open(sys.argv[1]))
F = s['fragments_view']
corner = eval(sys.argv[2])
for t in corner:
    print(("CUT  " if t['cut'] else "     ") + t['text'])
assert corner and corner[0]['text'] == 'm16n8k4.row.col.f32.tf32.tf32.f32', corner[:1]
# Left out: the groupID and per-lane lines of the summary are not among them...
assert not any(t['text'].startswith(('groupID', 'per lane')) for t in corner)
# ... and the last line says so, whole: the three lines from "cell" on.
last = corner[-1]
assert last['text'] == '... 3 more lines (hover)', last
assert not last['cut'], last
assert [t['text'] for t in corner[:-1]] == ['m16n8k4.row.col.f32.tf32.tf32.f32', 'D = A x B + C   (C and D share one', 'layout)'], corner
PY
# Hovering the marker shows the whole summary.
xdotool mousemove --window "$WID" $(python3 -c "
import json; s=json.load(open('$STATE')); F=s['fragments_view']; r=($corner)[-1]['rect']; print(int(r[0] + 10), int(r[1] + r[3] / 2))")
wait_for "s['tooltip_rect'] is not None" 5 || fail "no tooltip over the corner's marker"
xdotool mousemove --window "$WID" 5 990
quit_app

# Zoom 3.00x: every line of the summary in the corner, no marker.
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "instruction": "$M",
 "zoom": {"fragments": {"for": "$M", "zoom": 3}}}
JSON
start_app --no-device
wait_for "s['controls']['instruction'] == '$M' and $F['zoom'] == 3 and len($F['texts']) > 3"
sleep 0.5
python3 - "$STATE" "$corner" <<'PY' || fail "the corner at 3.00x"
import json, sys
s = json.load(open(sys.argv[1]))
F = s['fragments_view']
corner = eval(sys.argv[2])
for t in corner:
    print(("CUT  " if t['cut'] else "     ") + t['text'])
assert [t['text'].split(' ')[0] for t in corner] == ['m16n8k4.row.col.f32.tf32.tf32.f32', 'D', 'Cell:', 'groupID', 'per'], corner
assert not any(t['text'].startswith('...') for t in corner)
PY
quit_app
echo PASS
