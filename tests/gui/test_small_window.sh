#!/usr/bin/env bash
# A window under the 1024x700 minimum height (1100x500): the views keep their 1024x700 layout and
# every one is reached. The canvas's vertical scroll bar is at the window's right edge. The wheel over
# a view or the status strip never moves the canvas (issue 22: it slid every view's title and the
# Controls under the menu bar): every view keeps its place. The wheel over the bar scrolls it, down to
# where the Output view is wholly in the window and its bottom is the window's, and back to the top.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

APP_SIZE=1100x500 start_app --no-device
wait_for "s['display']['pixel_size'] == [1100, 500] and s['layout']['scroll_bars'] == [False, True]"
max=$(q "s['layout']['canvas'][1] - s['layout']['view'][3]")
echo "canvas scrolls by $max pixels"
python3 - "$STATE" <<'PY' || fail "the vertical scroll bar is not at the window's right edge"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['widgets']['##layout_vscroll']
assert abs(x + w - 1100) <= 0.5 and y >= 0 and y + h <= 500.5, (x, y, w, h)
out = s['windows']['Output view']['rect']
assert out[1] + out[3] > 500, ("the Output view fits without scrolling: not the case under test", out)
PY

# wheel X Y N DIR: N notches (DIR 5 down, 4 up) at window pixel (X, Y).
wheel() {
  local i
  xdotool mousemove --window "$WID" "$1" "$2" sleep 0.2
  for i in $(seq "$3"); do xdotool click "$4"; sleep 0.15; done
}
python3 -c "import json; s=json.load(open('$STATE')); json.dump(s, open('$WORK/before.json', 'w'))"
# Down and up over views: Device (nothing to scroll without a device), Fragments and Controls (their
# own content scrolls; Controls' as far back up as down, so its picker is where it was), and over
# the status strip.
sy=$(q "int(s['display']['menu_bar_height'] + s['display']['status_height'] / 2)")
for view in Device "Fragments: mma.sync A, B, C/D"; do
  read -r vx vy <<<"$(centre_of "s['windows']['$view']['rect']")"
  wheel "$vx" "$vy" 3 5
  wheel "$vx" "$vy" 1 4
done
read -r vx vy <<<"$(centre_of "s['windows']['Controls']['rect']")"
wheel "$vx" "$vy" 3 5
wheel "$vx" "$vy" 3 4
wheel 900 "$sy" 3 5
sleep 0.5
python3 - "$STATE" "$WORK/before.json" <<'PY' || fail "the wheel over a view moved the canvas"
import json, sys
s, before = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
top = s['display']['menu_bar_height'] + s['display']['status_height']
assert s['layout']['scroll'][1] == 0, s['layout']['scroll']
for name, w in before['windows'].items():
    now = s['windows'][name]['rect']
    assert now[:2] == w['rect'][:2], (name, w['rect'], now)
    assert now[1] >= top - 0.5, (name, now, top)
c = s['windows']['Controls']['rect']
combo = s['widgets']['instruction_combo']
assert combo == before['widgets']['instruction_combo'] and combo[1] >= c[1], ("the instruction picker moved", combo, c)
print("the wheel over Device, Controls, Fragments and the status strip left every view in place")
PY
# The canvas's own bar takes the wheel.
read -r bx by <<<"$(centre_of "s['widgets']['##layout_vscroll']")"
for _ in $(seq 10); do
  wheel "$bx" "$by" 1 5
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['layout']['scroll'][1] >= $max - 0.5 else 1)" && break
done
wait_for "s['layout']['scroll'][1] >= $max - 0.5"
python3 - "$STATE" <<'PY' || fail "at the end of the canvas the Output view is not wholly in the window"
import json, sys
s = json.load(open(sys.argv[1]))
top = s['display']['menu_bar_height'] + s['display']['status_height']
x, y, w, h = s['windows']['Output view']['rect']
assert y >= top - 0.5 and abs(y + h - 500) <= 1, (x, y, w, h, top)
print(f"Output view at y {y:.0f}-{y + h:.0f}: wholly in the 500-pixel window")
PY
for _ in $(seq 10); do
  wheel "$bx" "$by" 1 4
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['layout']['scroll'][1] <= 0.5 else 1)" && break
done
wait_for "s['layout']['scroll'][1] <= 0.5"
quit_app
echo "PASS"
