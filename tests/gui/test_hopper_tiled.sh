#!/usr/bin/env bash
# The Hopper windows take their place in the window layout instead of floating over the views:
# opened from the View menu, each joins the middle column under the bank view, sharing its height
# with fragments and banks; no two views overlap, every view stays inside the window (or, where the
# column would leave a view less than its least height, inside the canvas, which then scrolls), and
# closing them gives the views back their rectangles. Two that the column cannot hold at their least
# heights share one slot as tabs (newcomer round 26): the one opened last is tiled, the other is
# behind its tab, not drawn.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
wait_for "s['hopper']['windows'] == {'warpgroup': False, 'descriptor': False, 'moves': False}"
cp "$STATE" "$WORK/before.json"

check_tiled() {
  python3 - "$STATE" "$@" <<'PY' || fail "the views overlap or leave the window with $*"
import json, sys
s = json.load(open(sys.argv[1]))
want = sys.argv[2:]
W, H = s['display']['pixel_size']
top = s['display']['menu_bar_height'] + s['display']['status_height']
rects = {k: v['rect'] for k, v in s['windows'].items()}
names = {'warpgroup': 'Warpgroup: wgmma D and A fragments', 'descriptor': 'Descriptor: wgmma operand in shared memory',
         'moves': 'stmatrix / movmatrix: register halves and 8x8 matrices'}
# "tabs:a,b": a and b share a slot as tabs, the last one of `want` shown.
tabs = [names[t] for w in want if w.startswith('tabs:') for t in w[5:].split(',')]
want = [w for w in want if not w.startswith('tabs:')]
assert s['layout']['tabs']['names'] == tabs, (s['layout']['tabs'], tabs)
for w in want:
    assert names[w] in rects, (w, sorted(rects))
for t in tabs:
    assert (t in rects) == (t == names[want[-1]]), ('drawn behind a tab, or the one shown not drawn', t)
assert len(rects) == 8 + len(want), sorted(rects)
# Inside the window, or, where the column's views would be shorter than their least heights
# (newcomer round 9: two Hopper windows squeezed the fragments view), inside the canvas that scrolls.
cw, ch = s['layout']['canvas']
sx, sy = s['layout']['scroll']
for k, (x, y, w, h) in rects.items():
    assert x >= -0.5 - sx and y >= top - 0.5 - sy and x + w <= max(W, cw) + 0.5 and y + h <= top + ch - sy + 0.5, (k, x, y, w, h)
    if ch <= H - top + 0.5:
        assert y + h <= H + 0.5, (k, x, y, w, h)
scale = s['display']['scale']
least = {'Fragments: mma.sync A, B, C/D': 240, 'Bank view: shared-memory accesses over 32 banks': 150}
least.update({names[w]: 280 for w in want})
for k, m in least.items():
    assert rects[k][3] >= m * scale - 1, (k, rects[k], m)
ns = sorted(rects)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = rects[a], rects[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        assert not (ox > 0.5 and oy > 0.5), (a, b, ra, rb)
# They share the fragments view's column.
f = rects['Fragments: mma.sync A, B, C/D']
for w in want:
    r = rects[names[w]]
    assert abs(r[0] - f[0]) < 1 and abs(r[2] - f[2]) < 1, (w, r, f)
print("tiled:", ", ".join(want))
PY
}

open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
sleep 0.5
check_tiled warpgroup
open_view moves
wait_for "s['hopper']['windows']['moves']"
sleep 0.5
# At 1600x1000 the column holds fragments (240), banks (150) and one Hopper window (280), not two.
check_tiled tabs:warpgroup,moves moves
screenshot_not_blank "$WORK/hopper-tiled.png"
[ -n "${FRAGVIZ_GUI_SHOTS:-}" ] && cp "$WORK/hopper-tiled.png" "$FRAGVIZ_GUI_SHOTS/"
# Closed again (View menu), the views have their rectangles back; but where the fragments view's
# grids, their zoom kept, fit in less than they had, the bank view under it, whose lines scroll, takes
# that much more (newcomer round 31: room a column gains goes to the view that scrolls).
for name in warpgroup moves; do
  click $(centre_of "s['widgets']['menu_view']")
  wait_for "'view_$name' in s['widgets']"
  click $(centre_of "s['widgets']['view_$name']")
  wait_for "not s['hopper']['windows']['$name']"
done
sleep 0.5
views_back "$WORK/before.json" "closing the Hopper windows did not give the views back their places"
quit_app
echo "PASS: the Hopper windows are tiled with the views"
