#!/usr/bin/env bash
# The Warpgroup, Descriptor and CTA tile windows open at 1600x1000 share one slot of the middle
# column as tabs (newcomer round 26: stacked, they ran far under the window's bottom edge and only
# one was in sight at a time). The view opened last is the tab shown; a tab strip names the three;
# clicking a tab shows its view in sight, whole, at least 280 logical px tall (and its own least
# height) and focused, the others not drawn, nothing overlapping, the fragments and bank views keeping
# their leasts (240 and 150). View > Go to lists the views behind the tabs and shows the one chosen.
# With all six stacked windows open every tab is shown whole and the strip never moves.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"

WG="Warpgroup: wgmma D and A fragments"
DE="Descriptor: wgmma operand in shared memory"
CTA="CTA tile: TiledMMA, TiledCopy and shared layouts"
T="s['layout']['tabs']"

# shown_whole TITLE: TITLE is the tab shown, drawn, focused, in sight, tall enough; the other tabs
# are not drawn; no two windows (and the tab strip) overlap.
shown_whole() {
  wait_for "$T['shown'] == '$1' and '$1' in s['windows'] and s['layout']['focused'] == '$1'" 5
  sleep 0.5
  python3 - "$STATE" "$1" <<'PY' || fail "$1 is not shown whole under the tab strip"
import json, sys
s, name = json.load(open(sys.argv[1])), sys.argv[2]
px = s['display']['scale']
t = s['layout']['tabs']
win = {k: v['rect'] for k, v in s['windows'].items()}
vx, vy, vw, vh = s['layout']['view']
x, y, w, h = win[name]
bad = []
if not (vy - 0.5 <= y and y + h <= vy + vh + 0.5):
    bad.append(f"{name} at y {y:.0f}..{y + h:.0f}, outside the view area {vy:.0f}..{vy + vh:.0f}")
least = {name: 280, 'Fragments: mma.sync A, B, C/D': 240, 'Bank view: shared-memory accesses over 32 banks': 150}
for k, m in least.items():
    if win[k][3] < m * px - 1:
        bad.append(f"{k} is {win[k][3]:.0f} px tall, under {m * px}")
if h < s['layout']['least'][name] - 1:
    bad.append(f"{name} is {h:.0f} px tall, under its least {s['layout']['least'][name]:.0f}")
for other in t['names']:
    if other != name and other in win:
        bad.append(f"{other} is drawn behind the tab of {name}")
# The strip lies right over the view shown, as wide as it.
sx, sy, sw, sh = t['strip']
if abs(sx - x) > 1 or abs(sw - w) > 1 or abs(sy + sh - y) > 1 or sh < 10:
    bad.append(f"tab strip {t['strip']} is not over {name} {win[name]}")
boxes = dict(win, strip=t['strip'])
ns = sorted(boxes)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = boxes[a], boxes[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        if ox > 0.5 and oy > 0.5: bad.append(f"{a} and {b} overlap")
print(f"{name.split(':')[0]} shown: {h:.0f} px at y {y:.0f}; view area {vy:.0f}..{vy + vh:.0f}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}

start_app --no-device
wait_for "'menu_view' in s['widgets']"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
open_view descriptor
open_from_view_menu view_cta_tile "s['cta_tile']['open']"
# Opened last, the CTA tile is the tab shown, under a strip naming the three.
wait_for "$T['names'] == ['$WG', '$DE', '$CTA'] and $T['shown'] == '$CTA'" 5 ||
  fail "no tab strip for the three: $(q "$T")"
wait_for "all(n in $T['rects'] for n in $T['names'])" 5
shown_whole "$CTA"
screenshot_not_blank "$WORK/stacked-tabs.png"
[ -n "${FRAGVIZ_GUI_SHOTS:-}" ] && cp "$WORK/stacked-tabs.png" "$FRAGVIZ_GUI_SHOTS/"

# Each tab clicked shows its view.
for name in "$WG" "$DE" "$CTA" "$DE"; do
  click $(centre_of "$T['rects']['$name']")
  shown_whole "$name"
done

# View > Go to lists the two behind the tabs; going to the Warpgroup view shows its tab.
click $(centre_of "s['widgets']['menu_view']")
wait_for "'goto:$WG' in s['widgets'] and 'goto:$CTA' in s['widgets'] and 'goto:$DE' not in s['widgets']" 5 ||
  fail "View > Go to does not list the views behind the tabs: $(q "[k for k in s['widgets'] if k.startswith('goto:')]")"
xdotool key Escape
sleep 0.3
open_from_view_menu "goto:$WG" "$T['shown'] == '$WG'"
shown_whole "$WG"

# All six stacked windows open (newcomer round 28: the middle column then ran 50 px past the window
# and a tab click moved the strip): each tab clicked is shown whole in the window, and the strip
# stays where it is whatever the tab, the Tensor memory's too: its least keeps all 128 lanes (issue
# 26), more than the column has beside the fragments and bank views, so its column runs taller, but
# the click scrolls nothing (newcomer round 31: the column scrolled to that view's top, the strip
# sliding from under the pointer); its top shows under the strip, the rest by the column's bar.
MO="stmatrix / movmatrix: register halves and 8x8 matrices"
AL="Algebra: CuTe layouts and their operations"
TM="Tensor memory: tcgen05 lanes and columns (sm_100, model only)"
open_view moves
open_from_view_menu view_algebra "s['algebra']['open']"
open_from_view_menu view_tmem "s['tmem']['open']"
wait_for "len($T['names']) == 6 and all(n in $T['rects'] for n in $T['names'])" 5 ||
  fail "six stacked windows are not six tabs: $(q "$T")"
strip=""
for name in "$WG" "$MO" "$TM" "$DE" "$AL" "$CTA" "$WG"; do
  scrolled=$(q "s['layout']['column_scroll'][1]")
  click $(centre_of "$T['rects']['$name']")
  if [ "$name" = "$TM" ]; then
    wait_for "$T['shown'] == '$TM' and '$TM' in s['windows']" 5 || fail "the Tensor memory tab did not show its view"
    sleep 0.5
    [ "$(q "s['layout']['column_scroll'][1]")" = "$scrolled" ] ||
      fail "the Tensor memory tab scrolled the column from $scrolled to $(q "s['layout']['column_scroll'][1]")"
  else
    shown_whole "$name"
  fi
  now=$(q "[round(v) for v in $T['strip']]")
  [ -z "$strip" ] && strip=$now
  [ "$now" = "$strip" ] || fail "the tab strip moved from $strip to $now when $name was shown"
done

# Closed down to one, the column needs no tabs: the Descriptor view alone has its own slot.
close_view moves
open_from_view_menu view_algebra "not s['algebra']['open']"
open_from_view_menu view_tmem "not s['tmem']['open']"
close_view warpgroup
open_from_view_menu view_cta_tile "not s['cta_tile']['open']"
wait_for "$T['names'] == [] and '$DE' in s['windows']" 5 || fail "tabs left with one stacked view: $(q "$T")"
quit_app
echo "PASS: the stacked views share their slot as tabs"
