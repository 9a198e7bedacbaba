#!/usr/bin/env bash
# Issue 22: with the Warpgroup view open beside the fragments and bank views (three views in the
# middle column, the default 1600x1000 window), the selected thread's register list got no room:
# the grids took the window's height and the table under them showed its header and two lines
# (53 px). Now the list lies inside the window with room for rows: at least its header and four
# registers' lines (17 logical px each: 85 px).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
WIN='Warpgroup: wgmma D and A fragments'
start_app --no-device
wait_for "'menu_view' in s['widgets']"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and 'Fragments: mma.sync A, B, C/D' in s['windows'] and 'Bank view: shared-memory accesses over 32 banks' in s['windows']"
# Thread 37 (warp 1, lane 5) owns D(17, 2) of every wgmma: row 16*1 + 5/4, col 2*(5%4).
for _ in 1 2 3; do
  click $(grid_cell warpgroup D 17 2)
  [ "$(q "s['hopper']['warpgroup']['registers_thread']")" = 37 ] && break
done
wait_for "s['hopper']['warpgroup']['registers_thread'] == 37 and 'wg_registers_table' in s['widgets']"
sleep 0.5
shot warpgroup-registers-1600x1000
python3 - "$STATE" "$WIN" <<'PY' || fail "the register list of thread 37 is not visible at 1600x1000"
import json, sys
s = json.load(open(sys.argv[1]))
scale = s['display']['scale']
w = s['windows'][sys.argv[2]]['rect']
t = s['widgets']['wg_registers_table']
g = s['hopper']['warpgroup']['grids']['D']
print(f"window {w}, register table {t}, D cell {g['cell']}, scale {scale}")
bad = []
if t[1] < w[1] or t[1] + t[3] > w[1] + w[3] + 0.5 or t[0] < w[0] or t[0] + t[2] > w[0] + w[2] + 0.5:
    bad.append("the table runs outside the window")
if t[3] < 85 * scale - 0.5:
    bad.append(f"the table is {t[3]:.0f} px tall, under {85 * scale:.0f}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
quit_app
echo "PASS"
