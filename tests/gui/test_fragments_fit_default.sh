#!/usr/bin/env bash
# "fit" at the default window size, 1600x1000 (issue 22): for the default m16n8k8 and for s8
# m16n8k32 (A 16x32 beside B 32x8: 48 rows), "fit" (zoom 1) shows every cell of every grid in the
# fragments view with no scroll bar in it (nothing to scroll, neither the grids' child nor the
# view's window): alone, with Find's answer shown under the zoom row (which "fit" did not leave
# room for: the grids scrolled by its height), and with the warpgroup window open under the view
# (which takes part of its column).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F="s['fragments_view']"
FW="s['windows']['Fragments: mma.sync A, B, C/D']"

# fit_check LABEL CELLS: "fit", then every one of CELLS cells drawn and inside the view, nothing to scroll.
fit_check() {
  # Retried: on a loaded machine the click right after Find's Return is sometimes lost (1 run in 12
  # with four tests at once, with or without the app's frame skipping).
  local _ i
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['fragments_fit']")
    xdotool mousemove --window "$WID" 5 995
    for i in $(seq 30); do
      [ "$(q "$F['zoom'] == 1")" = True ] && break 2
      sleep 0.1
    done
  done
  wait_for "$F['zoom'] == 1"
  sleep 0.8
  python3 - "$STATE" "$1" "$2" <<'PY' || fail "$1: fit leaves part of the grids out of view or a scroll bar"
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
w = s['windows']['Fragments: mma.sync A, B, C/D']
vx, vy, vw, vh = s['widgets']['fragment_view']
assert s['display']['pixel_size'] == [1600, 1000], s['display']['pixel_size']
assert f['scroll_max'] == [0, 0], ("the grids scroll", f['scroll_max'])
assert f['cells_drawn'] == eval(sys.argv[3]), ("cells drawn", f['cells_drawn'], sys.argv[3])
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

# find_answer: lane 5's registers in Find (five lines under the zoom row, which took that much
# height from the grids: "fit" left it below the view's edge).
find_answer() {
  click $(centre_of "s['widgets']['fragments_find']")
  xdotool type --delay 40 "lane 5"
  xdotool key Return
  wait_for "$F['find_answer'].count('\\n') >= 5"
}
# warpgroup_open: View > Warpgroup, under the view in its column.
warpgroup_open() {
  open_view warpgroup
  wait_for "s['hopper']['warpgroup']['drawn']"
  canvas_to_top  # the opened warpgroup view was scrolled into sight
}

# Each entry in a fresh app (empty config dir). s8 m16n8k32's 48 rows and Find's answer do not fit
# at rows of 7 px in this view (layout.json's share; with a Hopper window at most 560 px): not
# checked, that view scrolls.
rm -rf "$WORK/cfg"
start_app --no-device --instr "$K8"
wait_for "s['controls']['instruction'] == '$K8' and $F['cells_drawn'] > 0"
fit_check "m16n8k8" "16*8 + 8*8 + 16*8"
find_answer
fit_check "m16n8k8, Find's answer shown" "16*8 + 8*8 + 16*8"
warpgroup_open
fit_check "m16n8k8, Find's answer shown, warpgroup open" "16*8 + 8*8 + 16*8"
quit_app

rm -rf "$WORK/cfg"
start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and $F['cells_drawn'] > 0"
fit_check "s8 m16n8k32" "16*32 + 32*8 + 16*8"
warpgroup_open
fit_check "s8 m16n8k32, warpgroup open" "16*32 + 32*8 + 16*8"
quit_app
echo "PASS"
