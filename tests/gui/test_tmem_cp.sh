#!/usr/bin/env bash
# The Tensor memory window's tcgen05.cp mode (issue 26): picking .64x128b.warpx2::02_13 from the
# shape list draws each source row in the lanes PTX ISA 9.1's tcgen05.cp text gives it ("warps 0 and
# 2 form a pair; warps 1 and 3 form a pair", each warp w owning lanes 32w-32w+31): row 5 in lanes 5
# and 69, row 32 in lanes 32 and 96, 128 bits (4 columns) a row, every lane filled once. Hovering
# lane 69, column 2 names source row 5, bits 64-95, and both its lanes. The status line is the
# model-only one. The shape comes back after a restart, as settings.json's "tmem_cp".
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}}
JSON
start_app --no-device
T="s['tmem']"
wait_for "$T['open'] and $T['ok'] and 'tmem_mode_cp' in s['widgets']"

click $(centre_of "s['widgets']['tmem_mode_cp']")
wait_for "$T['controls'] == 'cp shape=128x256b' and $T['ok'] and $T['columns'] == 8"
click $(centre_of "s['widgets']['tmem_cp_shape']")
wait_for "'tmem_cp_shape:64x128b.warpx2::02_13' in s['widgets']"
click $(centre_of "s['widgets']['tmem_cp_shape:64x128b.warpx2::02_13']")
wait_for "$T['controls'] == 'cp shape=64x128b.warpx2::02_13' and $T['ok'] and $T['grid']['drawn']"
python3 - "$STATE" <<'PY' || fail "the .64x128b.warpx2::02_13 cells are not the PTX text's"
import json, sys
t = json.load(open(sys.argv[1]))['tmem']
assert t['title'] == 'tcgen05.cp.cta_group::1.64x128b.warpx2::02_13 [taddr], s-desc', t['title']
assert t['status'].startswith('model only:') and 'not yet run on a GPU' in t['status'], t['status']
assert (t['lanes'], t['columns']) == (128, 4), (t['lanes'], t['columns'])
c = t['cells']
assert c['5,2'] == 'R5 w2' and c['69,2'] == 'R5 w2', (c.get('5,2'), c.get('69,2'))
assert c['32,0'] == 'R32 w0' and c['96,3'] == 'R32 w3' and c['127,1'] == 'R63 w1', c.get('96,3')
assert len(c) == 128 * 4, len(c)
PY
# Tiled under the bank view, the window's grid may run past the window's bottom: the canvas's bar
# brings it into view first.
canvas_reveal tmem_view
read -r X Y < <(q "int($T['grid']['x'] + 2.5 * $T['grid']['cw']), int($T['grid']['y'] + 69.5 * $T['grid']['ch'])" | tr -d '(),')
xdotool mousemove --window "$WID" "$X" "$Y"
wait_for "$T['hover']['lane'] == 69 and $T['hover']['column'] == 2"
wait_for "'source row 5, bits 64-95' in $T['hover']['text'] and 'goes to lanes 5, 69 (warps 0, 2 by id % 4)' in $T['hover']['text']"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the tcgen05.cp shape"
import json, sys
s = json.load(open(sys.argv[1]))
assert s['tmem'] == 'cp shape=64x128b.warpx2::02_13', s['tmem']
assert s['tmem_cp'] == s['tmem'], s
PY
start_app --no-device
wait_for "$T['open'] and $T['controls'] == 'cp shape=64x128b.warpx2::02_13' and $T['ok']"
quit_app
echo "PASS"
