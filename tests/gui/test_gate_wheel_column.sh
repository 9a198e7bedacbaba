#!/usr/bin/env bash
# The wheel over the gate view with its ladder open scrolls the gate's column (newcomer round 25: with
# a recorded bench the open ladder makes the gate view run past the window's bottom; the gate view
# itself does not scroll, so the wheel did nothing and the lower rows were reached only by dragging
# the column's thin bar). Only that column moves; the wheel back up brings it back.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
start_app --no-device "$BENCH"
G="s['windows']['Gate: exact matmul']['rect']"
F="s['windows']['Fragments: mma.sync A, B, C/D']['rect']"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'ladder_rung:1' in s['widgets']"
wait_for "$G[1] + $G[3] > s['display']['pixel_size'][1] + 50" 10 ||
  fail "the open ladder should run past the window here: gate $(q "$G")"
y0=$(q "$G[1]")
f0=$(q "$F")
# Newcomer round 27: the wheel at the end of a view wholly in sight (here the ldmatrix view above
# the gate) slid its column, and so the views above, away. It takes no turn it cannot show more by.
L="s['windows']['ldmatrix: what each lane receives']['rect']"
for _ in $(seq 6); do
  xdotool mousemove --window "$WID" "$(q "int($L[0] + $L[2] / 2)")" "$(q "int($L[1] + $L[3] - 30)")" click 5
  sleep 0.1
done
sleep 0.5
[ "$(q "s['layout']['scroll'][1]")" = "0.0" ] && [ "$(q "$G[1]")" = "$y0" ] ||
  fail "the wheel over the ldmatrix view, wholly in sight, scrolled the column: scroll $(q "s['layout']['scroll']"), gate $(q "$G")"
echo "gate view at $(q "$G"), layout scroll $(q "s['layout']['scroll']")"
# Over the ladder's rows, inside the gate view and on the display.
px=$(q "int($G[0] + $G[2] / 2)")
py=$(q "int(min($G[1] + $G[3], s['display']['pixel_size'][1]) - 40)")
for _ in $(seq 10); do
  xdotool mousemove --window "$WID" "$px" "$py" click 5
  sleep 0.1
done
wait_for "s['layout']['scroll'][1] > 0 and $G[1] < $y0 - 50" 10 ||
  fail "the wheel over the gate view did not scroll its column: gate $(q "$G"), scroll $(q "s['layout']['scroll']")"
echo "after the wheel: gate view at $(q "$G"), layout scroll $(q "s['layout']['scroll']")"
[ "$(q "$F")" = "$f0" ] || fail "the fragments view moved with the gate's column: $f0 -> $(q "$F")"
# The last row comes into sight.
wait_for "$G[1] + $G[3] <= s['display']['pixel_size'][1] + 1" 10 ||
  fail "the gate view's end stays below the window: $(q "$G")"
for _ in $(seq 30); do
  xdotool mousemove --window "$WID" "$px" "$(q "int(max($G[1], s['layout']['view'][1]) + 60)")" click 4
  sleep 0.1
done
wait_for "s['layout']['scroll'][1] == 0 and abs($G[1] - $y0) < 1" 10 ||
  fail "the wheel back up did not bring the column back: gate $(q "$G")"
quit_app
echo "PASS"
