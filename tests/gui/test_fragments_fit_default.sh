#!/usr/bin/env bash
# "fit" at the default window size, 1600x1000 (issue 22): for the default m16n8k8 and for s8
# m16n8k32 (A 16x32 beside B 32x8: 48 rows), "fit" (zoom 1) shows every cell of every grid in the
# fragments view with no scroll bar in it (nothing to scroll, neither the grids' child nor the
# view's window), without a Hopper window and with the warpgroup window open under it (which
# takes part of its column).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F="s['fragments_view']"
FW="s['windows']['Fragments: mma.sync A, B, C/D']"

# fit_check LABEL CELLS: "fit", then every one of CELLS cells drawn and inside the view, nothing to scroll.
fit_check() {
  click $(centre_of "s['widgets']['fragments_fit']")
  xdotool mousemove --window "$WID" 5 995
  wait_for "$F['zoom'] == 1 and $F['cells_drawn'] == $2"
  sleep 0.5
  python3 - "$STATE" "$1" <<'PY' || fail "$1: fit leaves part of the grids out of view or a scroll bar"
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
w = s['windows']['Fragments: mma.sync A, B, C/D']
vx, vy, vw, vh = s['widgets']['fragment_view']
assert s['display']['pixel_size'] == [1600, 1000], s['display']['pixel_size']
assert f['scroll_max'] == [0, 0], ("the grids scroll", f['scroll_max'])
assert w['scroll_max'] == [0, 0], ("the view's window scrolls", w['scroll_max'])
out = [(op, c['row'], c['col']) for op in 'ABC' for c in s['cells'][op]
       if not (vx <= c['rect'][0] and c['rect'][0] + c['rect'][2] <= vx + vw
               and vy <= c['rect'][1] and c['rect'][1] + c['rect'][3] <= vy + vh)]
assert not out, ("cells outside the view", out[:5], len(out))
for op, v in f['visible'].items():
    assert v['rows'] == [0, v['of'][0] - 1] and v['cols'] == [0, v['of'][1] - 1], (op, v)
print(f"{sys.argv[2]}: cells {f['cell_size']} in a view of {vw:.0f}x{vh:.0f}, nothing to scroll")
PY
}

start_app --no-device
wait_for "s['controls']['instruction'] == '$K8' and $F['cells_drawn'] > 0"
fit_check "m16n8k8" "16 * 8 + 8 * 8 + 16 * 8"
pick_instruction "$S8"
wait_for "s['controls']['instruction'] == '$S8'"
fit_check "s8 m16n8k32" "16 * 32 + 32 * 8 + 16 * 8"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
fit_check "s8 m16n8k32, warpgroup open" "16 * 32 + 32 * 8 + 16 * 8"
pick_instruction "$K8"
wait_for "s['controls']['instruction'] == '$K8'"
fit_check "m16n8k8, warpgroup open" "16 * 8 + 8 * 8 + 16 * 8"
quit_app
echo "PASS"
