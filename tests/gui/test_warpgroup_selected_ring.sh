#!/usr/bin/env bash
# The selected thread stands out in the warpgroup view at zoom 1, as the fragments view's selected
# lane does (newcomer round 9: in 7 x 5 px cells, only dimming the other 127 threads' shades left it
# hard to find): each of its cells has a white ring just outside it. Thread 37 owns D(17, 2) and
# D(17, 3) of m64n64k16 (PTX ISA wgmma D fragment: warp 1 rows 16-31, lane 5 row 16 + 5/4, columns
# 2*(5%4) + {0, 1}); the pixels just left of column 2 and right of column 3 on row 17 are white,
# while the same pixels next to an unselected thread's cells are not. The others dim to about half
# their colour over the window's background, not to near black (newcomer round 20): D(1, 1) (thread
# 4, warp 0) moves 40-60 % of the way from its colour to the background (a pixel right of D).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
W="s['hopper']['warpgroup']"
wait_for "$W['drawn'] and $W['grids']['D']['cols'] == 64 and $W['grids']['D']['drawn']"
warpgroup_fit
sleep 0.5
capture_screen "$WORK/plain.png" || fail "no screenshot tool"
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
# D(1, 1)'s centre (away from the rules every 8 rows and columns), before and after the selection,
# and the background 3 px right of D's last column on the same row.
read -r x y bx <<<"$(python3 -c "
import json; s=json.load(open('$STATE')); g=s['hopper']['warpgroup']['grids']['D']
print(int(g['origin'][0] + 1.5 * g['cell'][0]), int(g['origin'][1] + 1.5 * g['cell'][1]), int(g['origin'][0] + 64 * g['cell'][0] + 3))")"
read -r r0 g0 b0 <<<"$(png_pixel "$WORK/plain.png" "$x" "$y")"
read -r r1 g1 b1 <<<"$(png_pixel "$WORK/ring.png" "$x" "$y")"
read -r rb gb bb <<<"$(png_pixel "$WORK/ring.png" "$bx" "$y")"
echo "thread 4's D(1, 1): $r0 $g0 $b0 alone, $r1 $g1 $b1 beside thread 37; background $rb $gb $bb"
python3 -c "
before, after, bg = $r0 + $g0 + $b0, $r1 + $g1 + $b1, $rb + $gb + $bb
assert before - bg > 60, ('too close to the background to tell', before, bg)
kept = (after - bg) / (before - bg)
print('kept %.2f of its colour over the background' % kept)
assert 0.4 <= kept <= 0.6, kept" || fail "an unselected cell is not dimmed to about half: $r0 $g0 $b0 -> $r1 $g1 $b1 (background $rb $gb $bb)"
quit_app
echo "PASS"
