#!/usr/bin/env bash
# Newcomer round 30: a lane button's tooltip opened under the pointer, over the strip's next row of
# lanes where the strip wraps (a narrow window): hovering lane 5 hid lanes 21-31. It now opens over
# the strip's first row (or under its last), hiding no lane button, at each window size.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

for size in 1024x700 1600x1000; do
  APP_SIZE=$size start_app --no-device
  wait_for "len(s['lane_buttons']) == 32 and s['lane_buttons'][31][2] > 0"
  rows=$(q "len({round(r[1]) for r in s['lane_buttons']})")
  [ "$size" = 1024x700 ] && [ "$rows" -lt 2 ] && fail "at $size the strip is one row: the wrapped case is not tested"
  for lane in 5 20; do
    xdotool mousemove --window "$WID" $(centre_of "s['lane_buttons'][$lane]")
    wait_for "s['tooltip_rect'] is not None" 5 || fail "$size: no tooltip over lane $lane"
    sleep 0.3
    python3 - "$STATE" "$size" "$lane" <<'PY' || fail "$size: lane $lane's tooltip hides a lane button"
import json, sys
s = json.load(open(sys.argv[1]))
tx, ty, tw, th = s['tooltip_rect']
hidden = [i for i, (x, y, w, h) in enumerate(s['lane_buttons'])
          if x < tx + tw and tx < x + w and y < ty + th and ty < y + h]
print(f"{sys.argv[2]} lane {sys.argv[3]}: tooltip {[round(v) for v in s['tooltip_rect']]}, lanes hidden {hidden}")
assert not hidden
PY
  done
  xdotool mousemove --window "$WID" 5 990
  quit_app
done
echo "PASS"
