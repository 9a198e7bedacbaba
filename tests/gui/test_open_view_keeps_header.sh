#!/usr/bin/env bash
# Newcomer rounds 26-27: opening the Warpgroup window at 1600x1000 scrolled the middle column 23 px
# (its views' leasts were 972 px of a 949 px column), sliding the fragments view's header (zoom,
# Find) under the status strip. A column that short of its leasts fits instead (leasts_near_fit):
# no scroll, the fragments view's top at the view area's top, the Warpgroup window whole in sight.
# And the one vertical bar, which scrolls the whole canvas below the least window size and a column
# above it, starts again at the top when it changes role: back from 800x600 (the canvas scrolled
# down) the gate's column is at its own place.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
F="s['windows']['Fragments: mma.sync A, B, C/D']['rect']"
W="s['windows']['Warpgroup: wgmma D and A fragments']['rect']"
V="s['layout']['view']"

start_app --no-device
wait_for "'menu_view' in s['widgets']"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
sleep 1
wait_for "s['layout']['scroll_bars'] == [False, False] and abs($F[1] - $V[1]) < 1" 5 ||
  fail "opening the Warpgroup window moved the fragments view's top: $(q "$F"), view $(q "$V"), bars $(q "s['layout']['scroll_bars']")"
wait_for "$W[1] + $W[3] <= $V[1] + $V[3] + 0.5" 5 || fail "the Warpgroup window is not whole in sight: $(q "$W")"
quit_app

BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
G="s['windows']['Gate: exact matmul']['rect']"
start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
wait_for "'ladder_rung:1' in s['widgets']"  # a bench opened opens the ladder
y0=$(q "$G[1]")
xdotool windowsize "$WID" 800 600
wait_for "s['display']['pixel_size'] == [800, 600] and s['layout']['scroll_bars'][1]" 20
for _ in $(seq 8); do
  xdotool mousemove --window "$WID" $(centre_of "s['widgets']['##layout_vscroll']") click 5
  sleep 0.15
done
wait_for "s['layout']['scroll'][1] > 100" 10 || fail "the canvas did not scroll at 800x600: $(q "s['layout']['scroll']")"
xdotool mousemove --window "$WID" 5 5
xdotool windowsize "$WID" 1600 1000
wait_for "s['display']['pixel_size'] == [1600, 1000]" 20
sleep 1
wait_for "s['layout']['scroll'][1] == 0 and abs($G[1] - $y0) < 1" 5 ||
  fail "back at 1600x1000 the gate's column kept the canvas's scroll: $(q "s['layout']['scroll']"), gate $(q "$G") (was at y $y0)"
quit_app
echo PASS
