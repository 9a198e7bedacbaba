#!/usr/bin/env bash
# The Controls view's rows stay readable in every window from 1024x700 up, at scale 1 and 2: at
# 1600x1000, 1200x800 and, at --scale 2, 1024x700 pixels (512x350 logical, the views at their
# 1024x700 minimum) every labelled control lies inside the view, no two overlap (labels included),
# and the tile width and pad fields keep room for their digits beside their - and + buttons.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

check_controls() {
  python3 - "$STATE" "$1" <<'PY' || fail "Controls at $1: the rows do not fit"
import json, sys
s = json.load(open(sys.argv[1]))
px, font = s['display']['scale'], s['fonts']['ui']['px']
wx, wy, ww, wh = s['windows']['Controls']['rect']
w = s['widgets']
names = ['num_x1', 'num_x2', 'num_x4', 'trans', 'width', 'pad', 'swizzle_none', 'swizzle_xor']
bad = [f"{n} is not drawn" for n in names if n not in w]
# Labels and units, where the build records them.
names += [n for n in ('label_num', 'label_trans', 'label_width', 'label_pad', 'label_swizzle',
                      'width_unit', 'pad_unit') if n in w]
rects = {n: w[n] for n in names if n in w}
for n, (x, y, rw, rh) in rects.items():
    if x < wx or x + rw > wx + ww:
        bad.append(f"{n} {[x, y, rw, rh]} runs out of the view [{wx}, {wx + ww})")
items = sorted(rects.items())
for i, (a, ra) in enumerate(items):
    for b, rb in items[i + 1:]:
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        if ox > 0 and oy > 0:
            bad.append(f"{a} {ra} overlaps {b} {rb}")
# A field is [digits][-][+], each button a frame high, 4 logical pixels apart: the digits need
# at least three characters' room (about 1.5 em).
for n in ('width', 'pad'):
    if n in w:
        x, y, rw, rh = w[n]
        digits = rw - 2 * rh - 2 * 4 * px
        if digits < 1.5 * font:
            bad.append(f"{n}: {digits:.0f} px left for the digits (field {rw:.0f} px wide)")
print('\n'.join(bad))
sys.exit(1 if bad else 0)
PY
}

for run in "1600x1000 1" "1200x800 1" "1024x700 2"; do
  set -- $run
  APP_SIZE=$1 start_app --no-device --scale "$2"
  wait_for "'trans' in s['widgets'] and 'pad' in s['widgets']"
  sleep 0.5
  check_controls "$1 scale $2"
  echo "$1 scale $2: width $(q "s['widgets']['width']"), view $(q "s['windows']['Controls']['rect']")"
  kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""
done
echo "PASS"
