#!/usr/bin/env bash
# A floating window keeps its title bar in the work area (newcomer round 10): with View > Tensor
# memory open, the app window shrunk to 1x1, then 160x100, then back to 1600x1000 used to leave the
# window at a negative x and y 2, over the menu bar and status strip, and imgui.ini kept it there.
# After the resizes its rectangle is under the status strip and inside the display, imgui.ini holds
# that place, and the next start (same config dir) shows it there too.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
TMEM="Tensor memory: tcgen05 lanes and columns (sm_100, model only)"

# in_work_area LABEL: fails unless the Tensor memory window's title bar is under the status strip and the
# window is inside the 1600x1000 display along x.
in_work_area() {
  python3 - "$STATE" "$TMEM" "$1" <<'PY' || fail "$1: the Tensor memory window left the work area"
import json, sys
s = json.load(open(sys.argv[1]))
top = s['display']['menu_bar_height'] + s['display']['status_height']
x, y, w, h = s['windows'][sys.argv[2]]['rect']
assert s['display']['pixel_size'] == [1600, 1000], s['display']['pixel_size']
assert y >= top - 0.5 and y + 20 <= 1000, ("title bar not under the status strip", y, top)
assert x >= -0.5 and x + w <= 1600.5, ("not inside the display along x", x, w)
print(f"{sys.argv[3]}: Tensor memory window at ({x:.0f}, {y:.0f}) {w:.0f}x{h:.0f}, work area from y {top:.0f}")
PY
}

start_app --no-device
open_from_view_menu view_tmem "s['tmem']['open']"
wait_for "'$TMEM' in s['windows']"
for size in "1 1" "160 100" "1600 1000"; do
  set -- $size
  xdotool windowsize "$WID" "$1" "$2"
  sleep 1.5
done
wait_for "s['display']['pixel_size'] == [1600, 1000]" 20
sleep 0.5
in_work_area "after the resizes"
quit_app
python3 - "$WORK/cfg/imgui.ini" "$TMEM" <<'PY' || fail "imgui.ini keeps the Tensor memory window out of the work area"
import sys
lines = open(sys.argv[1]).read().splitlines()
i = lines.index(f"[Window][{sys.argv[2]}]")
pos = next(l for l in lines[i + 1:] if l.startswith("Pos="))
x, y = map(int, pos[4:].split(","))
assert x >= 0 and y > 2, pos
print(f"imgui.ini: {pos}")
PY

start_app --no-device
wait_for "s['tmem']['open'] and '$TMEM' in s['windows']"
in_work_area "after a restart"
quit_app
echo "PASS"
