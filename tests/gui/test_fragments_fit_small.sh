#!/usr/bin/env bash
# "fit" fits in a small window, and a resize keeps grids in view (newcomer round 9):
#  1. At 1024x700 with s8 m16n8k32 (A and B 48 rows one above the other) and the warpgroup window
#     open below (which squeezed the view), "fit" shows every grid whole (the fragments view scrolls
#     no more) at rows no shorter than 6 px, the window's canvas scrolling where that takes more
#     than the window; the bank view's lines are at least 3 px.
#  2. At 1600x1000, zoomed in and scrolled to B's far right, the window shrunk to 1024x700: some
#     cell of the fragments view is still inside it (it looked empty at 2.43x: B scrolled off and
#     nothing else in view).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F="s['fragments_view']"

# some_cell_visible: prints how many fragment cells overlap the fragments view's scrolled area.
some_cell_visible() {
  python3 - "$STATE" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
vx, vy, vw, vh = s['widgets']['fragment_view']
n = 0
for op in ('A', 'B', 'C'):
    for c in s['cells'][op]:
        x, y, w, h = c['rect']
        if x + w > vx and x < vx + vw and y + h > vy and y < vy + vh:
            n += 1
print(n)
PY
}

mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
APP_SIZE=1024x700 start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and $F['cells_drawn'] > 0 and s['hopper']['windows']['warpgroup']"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$F['zoom'] == 1 and $F['cell_size'][1] >= 6 and max($F['scroll_max']) <= 1" 10
wait_for "s['banks_view']['cell_size'][1] >= 3"
echo "fit at 1024x700: cells $(q "$F['cell_size']"), view $(q "s['windows']['Fragments: mma.sync A, B, C/D']['rect']"), canvas $(q "s['layout']['canvas']")"
quit_app
rm -rf "$WORK/cfg"

start_app --no-device
wait_for "$F['cells_drawn'] > 0"
# Zoom in with ctrl+wheel over the grids, then scroll right as far as the view goes.
read -r gx gy <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$gx" "$gy" sleep 0.2 keydown ctrl
for _ in 1 2 3 4; do xdotool click 4; sleep 0.2; done
xdotool keyup ctrl
wait_for "$F['zoom'] > $F['readable_zoom'] * 1.5"
for _ in $(seq 30); do
  xdotool keydown shift click 5 keyup shift
  sleep 0.1
  python3 -c "import json,sys; s=json.load(open('$STATE')); f=s['fragments_view']; sys.exit(0 if f['scroll'][0] >= f['scroll_max'][0] - 1 else 1)" && break
done
xdotool mousemove --window "$WID" 5 995
echo "zoom $(q "$F['zoom']"), scroll $(q "$F['scroll']") of $(q "$F['scroll_max']"), cells in view: $(some_cell_visible)"
for size in "1024 700" "1100 760"; do
  set -- $size
  xdotool windowsize "$WID" "$1" "$2"
  wait_for "s['display']['pixel_size'] == [$1, $2]" 20
  sleep 1
  n=$(some_cell_visible)
  echo "at $1x$2: zoom $(q "$F['zoom']"), scroll $(q "$F['scroll']"), cells in view: $n"
  [ "$n" -gt 0 ] || fail "after the resize to $1x$2 the fragments view shows no cell"
done
quit_app
echo "PASS"
