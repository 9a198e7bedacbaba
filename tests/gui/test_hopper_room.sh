#!/usr/bin/env bash
# Opening a Hopper window leaves every view of the middle column a usable height (newcomer round 9:
# the Descriptor or Warpgroup window squeezed the fragments view to a sliver, 130-200 px). At
# 1024x700 and at 1600x1000, with the warpgroup window and then the descriptor window too: the
# fragments view keeps at least 240 logical px, the bank view 150, each Hopper window 280; where the
# window is too short for that the canvas scrolls (its vertical bar shows), and no two views overlap.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"

check_room() {
  sleep 0.5
  python3 - "$STATE" "$*" <<'PY' || fail "a view of the middle column is too short with $*"
import json, sys
s = json.load(open(sys.argv[1]))
scale = s['display']['scale']
win = {k: v['rect'] for k, v in s['windows'].items()}
least = {'Fragments: mma.sync A, B, C/D': 240, 'Bank view: shared-memory accesses over 32 banks': 150,
         'Warpgroup: wgmma D and A fragments': 280, 'Descriptor: wgmma operand in shared memory': 280}
bad = [f"{k}: {win[k][3]:.0f} px, under {m * scale}" for k, m in least.items() if k in win and win[k][3] < m * scale - 1]
ns = sorted(win)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = win[a], win[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        if ox > 0.5 and oy > 0.5: bad.append(f"{a} and {b} overlap")
H = s['display']['pixel_size'][1]
top = s['display']['menu_bar_height'] + s['display']['status_height']
if any(r[1] + r[3] > H + 0.5 for r in win.values()) and not s['layout']['scroll_bars'][1]:
    bad.append("views run past the window and it does not scroll")
print(sys.argv[2] + ": " + ", ".join(f"{k.split(':')[0]} {win[k][3]:.0f}" for k in least if k in win) +
      f"; canvas {s['layout']['canvas']}, scroll bars {s['layout']['scroll_bars']}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}

for size in 1024x700 1600x1000; do
  APP_SIZE=$size start_app --no-device
  wait_for "'menu_view' in s['widgets']"
  open_view warpgroup
  wait_for "s['hopper']['warpgroup']['drawn']"
  check_room "$size warpgroup"
  open_view descriptor
  wait_for "s['hopper']['descriptor']['drawn']"
  check_room "$size warpgroup descriptor"
  close_view warpgroup
  close_view descriptor
  quit_app
  rm -rf "$WORK/cfg"
done
echo "PASS"
