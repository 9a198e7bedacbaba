#!/usr/bin/env bash
# The 32 lane buttons above the fragments stay inside the Fragments view at every window size
# from 1024x700 up: at 1600x1000 scale 1 they make one row; at --scale 2 in 1024x700 pixels (the
# views at their 1024x700 minimum in logical pixels, 512x350) they wrap into rows of 16 or 8, each
# inside the view, none overlapping another, each wide enough for its two digits (newcomer round 6:
# lanes 10 to 31 ran off the view's right edge).
source "$(dirname "$0")/lib.sh"
gui_init "$@"

check_lanes() {
  python3 - "$STATE" "$1" "$2" <<'PY' || fail "lane buttons at $1: they do not fit"
import json, sys
s = json.load(open(sys.argv[1]))
rows_wanted = sys.argv[3]
font = s['fonts']['ui']['px']
wx, wy, ww, wh = s['windows']['Fragments: mma.sync A, B, C/D']['rect']
b = s['lane_buttons']
bad = []
assert len(b) == 32, len(b)
for lane, (x, y, w, h) in enumerate(b):
    if w <= 0 or h <= 0:
        bad.append(f"lane {lane} is not drawn")
    if x < wx or x + w > wx + ww + 0.5:
        bad.append(f"lane {lane} {[x, y, w, h]} runs out of the view [{wx}, {wx + ww})")
    if w < 0.9 * font:  # two digits are about 1.1 em of a proportional font's figures
        bad.append(f"lane {lane} is {w:.0f} px wide, less than its digits need ({font} px font)")
for i in range(32):
    for j in range(i + 1, 32):
        ra, rb = b[i], b[j]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        if ox > 0.5 and oy > 0.5:
            bad.append(f"lane {i} overlaps lane {j}")
rows = len({round(r[1]) for r in b})
if rows_wanted == '1' and rows != 1:
    bad.append(f"{rows} rows where one fits")
# Lanes keep their order: left to right, then the next row.
order = sorted(range(32), key=lambda l: (round(b[l][1]), b[l][0]))
if order != list(range(32)):
    bad.append(f"lanes out of order: {order}")
print(f"{sys.argv[2]}: {rows} row(s), buttons {b[0][2]:.0f} px wide")
print('\n'.join(bad))
sys.exit(1 if bad else 0)
PY
}

for run in "1600x1000 1 1" "1024x700 2 any"; do
  set -- $run
  APP_SIZE=$1 start_app --no-device --scale "$2"
  wait_for "len(s['lane_buttons']) == 32 and s['lane_buttons'][31][2] > 0 and 'Fragments: mma.sync A, B, C/D' in s['windows']"
  sleep 0.5
  check_lanes "$1 scale $2" "$3"
  [ "$1" = 1024x700 ] && screenshot_not_blank "$WORK/lanes-small.png"
  kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""
done
echo "PASS"
