#!/usr/bin/env bash
# View > Tensor memory: Blackwell TMEM lanes x columns, model only. From an empty config dir the
# window shows tcgen05.ld.16x256b.x1 from warp 0; its cells, worked out by hand from the PTX figure
# as docs/guide/blackwell.md gives it (lane t/4 + 8*(r/2), column 2*(t%4) + r%2) and from the
# mma.sync m16n8 C fragment it equals: T5 (groupID 1, thread-in-group 1) has c2 at row 9, column 2;
# T3's r3 at row 8, column 7; nothing below lane 15. Hovering (9, 2) names thread 5, register r2
# and fragment c2 both ways. The accumulator mode with M 64 (Layout F): D(17, 3) at lane 32 + 1,
# column 3; lanes 16-31 free. The grid opens with every lane in view. The controls and the open
# window come back after a restart.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
T="s['tmem']"

open_tmem() { open_from_view_menu view_tmem "$T['open']"; }

wait_for "not $T['open']"
open_tmem
wait_for "$T['ok'] and $T['controls'] == 'ld shape=16x256b num=1 warp=0' and $T['grid']['drawn']"
# At the window's first size all 128 lanes are in its grid view, no scroll: the lanes of warps 1, 2
# and 3 (32-127) are seen, not only warp 0's (issue 26: warp 1's lanes needed a scroll).
wait_for "$T['grid']['y'] + 128 * $T['grid']['ch'] <= s['widgets']['tmem_view'][1] + s['widgets']['tmem_view'][3] and $T['grid']['y'] >= s['widgets']['tmem_view'][1]"
python3 - "$STATE" <<'PY' || fail "the default tcgen05.ld.16x256b cells are not the PTX figure's"
import json, sys
t = json.load(open(sys.argv[1]))['tmem']
assert t['status'] == 'model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU (docs/guide/blackwell.md, "How the sm_100 model was checked")', t['status']
assert 'm16n8' in t['relation'] and 'c0-c3' in t['relation'], t['relation']
assert (t['lanes'], t['columns']) == (128, 8), (t['lanes'], t['columns'])
c = t['cells']
assert c['9,2'] == 'T5 r2' and c['8,7'] == 'T3 r3' and c['0,1'] == 'T0 r1' and c['15,6'] == 'T31 r2', c
assert len(c) == 16 * 8 and '16,0' not in c, len(c)
PY
# Hover the centre of lane 9, column 2.
read -r X Y < <(q "int($T['grid']['x'] + 2.5 * $T['grid']['cw']), int($T['grid']['y'] + 9.5 * $T['grid']['ch'])" | tr -d '(),')
xdotool mousemove --window "$WID" "$X" "$Y"
wait_for "$T['hover']['lane'] == 9 and $T['hover']['column'] == 2"
wait_for "'thread 5, register r2' in $T['hover']['text'] and 'C fragment c2 of tile 0 (row 9, column 2)' in $T['hover']['text']"
wait_for "'lanes 0-31: warps 0, 4, 8, ..., 28' in $T['hover']['text']"

click $(centre_of "s['widgets']['tmem_mode_accumulator']")
wait_for "$T['ok'] and $T['layout'] == 'D' and $T['controls'] == 'accumulator m=128 n=64 cta_group=1 cta=0'"
# Layout D: D(row, col) at lane row, column col.
wait_for "$T['cells']['100,63'] == '100,63' and len($T['cells']) == 128 * 64"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the window or its controls"
import json, sys
s = json.load(open(sys.argv[1]))
assert s['windows']['tmem'] is True, s['windows']
assert s['tmem'] == 'accumulator m=128 n=64 cta_group=1 cta=0', s['tmem']
s['tmem'] = 'accumulator m=64 n=64 cta_group=1 cta=0'
json.dump(s, open(sys.argv[1], 'w'))
PY

CONFIG_FROM_ENV=1 start_app --no-device
wait_for "$T['open'] and $T['ok'] and $T['layout'] == 'F'"
python3 - "$STATE" <<'PY' || fail "the M = 64 accumulator is not Layout F"
import json, sys
t = json.load(open(sys.argv[1]))['tmem']
c = t['cells']
# Row 17 is in the second block of 16 rows: lane 17 % 16 + 32 = 33.
assert c['33,3'] == '17,3' and c['0,0'] == '0,0' and c['111,63'] == '63,63', c.get('33,3')
assert '16,0' not in c and '31,5' not in c and len(c) == 64 * 64, len(c)
assert 'agree' in t['status'], t['status']
PY
quit_app
echo "PASS"
