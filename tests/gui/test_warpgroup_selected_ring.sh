#!/usr/bin/env bash
# The selected thread stands out in the warpgroup view at zoom 1, as the fragments view's selected
# lane does (newcomer round 9: in 7 x 5 px cells, only dimming the other 127 threads' shades left it
# hard to find): each of its cells has a white ring just outside it. Thread 37 owns D(17, 2) and
# D(17, 3) of m64n64k16 (PTX ISA wgmma D fragment: warp 1 rows 16-31, lane 5 row 16 + 5/4, columns
# 2*(5%4) + {0, 1}); the pixels just left of column 2 and right of column 3 on row 17 are white,
# while the same pixels next to an unselected thread's cells are not.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
W="s['hopper']['warpgroup']"
wait_for "$W['drawn'] and $W['grids']['D']['cols'] == 64 and $W['grids']['D']['drawn']"
click $(centre_of "s['widgets']['wg_fit']")
wait_for "$W['zoom'] == 1"
click $(grid_cell warpgroup D 17 2)
wait_for "$W['selected_thread'] == 37"
wait_for "$W['zoom'] == 1"
sleep 0.5
capture_screen "$WORK/ring.png" || fail "no screenshot tool"
# pixel COL ROW SIDE: "R G B" one pixel outside D(ROW, COL) on its left (SIDE=l) or right (r) edge.
pixel() {
  read -r x y <<<"$(python3 -c "
import json; s=json.load(open('$STATE')); g=s['hopper']['warpgroup']['grids']['D']
cw, ch = g['cell']
x = g['origin'][0] + $1 * cw + (-1 if '$3' == 'l' else cw + 1)
print(int(x - 0.5), int(g['origin'][1] + ($2 + 0.5) * ch))")"
  png_pixel "$WORK/ring.png" "$x" "$y"
}
white() { read -r r g b <<<"$1"; [ "$r" -ge 200 ] && [ "$g" -ge 200 ] && [ "$b" -ge 200 ]; }
for spot in "2 17 l" "3 17 r"; do
  got=$(pixel $spot)
  white "$got" || fail "no ring beside thread 37's D cell ($spot): pixel $got"
done
# D(33, 2) is thread 69's (warp 2, lane 5): the same place in its warp, not selected, not ringed.
got=$(pixel 2 33 l)
white "$got" && fail "an unselected thread's cell is ringed too: pixel $got"
quit_app
echo "PASS"
