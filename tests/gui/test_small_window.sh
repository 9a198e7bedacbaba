#!/usr/bin/env bash
# A window under the 1024x700 minimum height (1100x500): the views keep their 1024x700 layout and
# every one is reached. The canvas's vertical scroll bar is at the window's right edge, and the mouse
# wheel scrolls the canvas wherever nothing else scrolls: over the Device view (nothing to scroll
# without a device) and over the status strip, down to where the Output view is wholly in the
# window and its bottom is the window's, and back to the top.
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
read -r dx dy <<<"$(centre_of "s['windows']['Device']['rect']")"
wheel "$dx" "$dy" 1 5
wait_for "s['layout']['scroll'][1] > 0"
echo "one notch over the Device view: scrolled $(q "s['layout']['scroll'][1]")"
# The status strip never moves: the rest of the way from there.
sy=$(q "int(s['display']['menu_bar_height'] + s['display']['status_height'] / 2)")
for _ in $(seq 10); do
  wheel 900 "$sy" 1 5
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
  wheel 900 "$sy" 1 4
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['layout']['scroll'][1] <= 0.5 else 1)" && break
done
wait_for "s['layout']['scroll'][1] <= 0.5"
quit_app
echo "PASS"
