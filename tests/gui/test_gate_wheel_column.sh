#!/usr/bin/env bash
# A recorded bench's ladder (17 variants and cuBLAS, one row each; 45 rows of variant and n before
# newcomer issue 22) at 1600x1000: the gate view stays in the window and its table
# scrolls in itself, under its header row; the wheel over the table scrolls the table to its last row
# and back, and no view moves (newcomer round 29: the open ladder made the gate's column run past the
# window, and the wheel over the table scrolled the columns, so views slid under the mouse and the
# next click landed on another widget; round 25 had found the lower rows reachable only by the
# column's thin bar). The wheel at the end of a view wholly in sight takes no turn (round 27).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
# Session 26's bench, every rung (the pinned H200 bench's 13 rungs now nearly fit).
BENCH="$SRC/docs/device-runs/2026-12-07-h100-session26/bench.csv"
start_app --no-device "$BENCH"
G="s['windows']['Gate: exact matmul']['rect']"
L="s['windows']['ldmatrix: what each lane receives']['rect']"
GL="s['gate_ladder']"
ALL="sorted((k, [round(x) for x in v['rect']]) for k, v in s['windows'].items())"
wait_for "$GL['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
wait_for "'ladder_rung:1' in s['widgets']"  # a bench opened opens the ladder
wait_for "'ladder_rung:1' in s['widgets']"
sleep 1
wait_for "$GL['table_scrolls'] and $GL['scroll_max_y'] > 50" 10 ||
  fail "the ladder's table does not scroll in itself: $(q "$GL['table_scrolls'], $GL['scroll_max_y']")"
[ "$(q "$G[1] + $G[3] <= s['display']['pixel_size'][1] + 1 and s['layout']['scroll'][1] == 0")" = True ] ||
  fail "the open ladder runs past the window: gate $(q "$G"), scroll $(q "s['layout']['scroll']")"
before=$(q "$ALL")
# The wheel at the end of the ldmatrix view, wholly in sight: nothing moves.
for _ in $(seq 6); do
  xdotool mousemove --window "$WID" "$(q "int($L[0] + $L[2] / 2)")" "$(q "int($L[1] + $L[3] - 30)")" click 5
  sleep 0.1
done
sleep 0.5
[ "$(q "$ALL")" = "$before" ] || fail "the wheel over the ldmatrix view moved views: $before -> $(q "$ALL")"
# Over the ladder's rows: the table scrolls to its end, no view moves.
T="s['widgets']['ladder_table']"
px=$(q "int($T[0] + $T[2] / 2)")
py=$(q "int($T[1] + $T[3] / 2)")
for _ in $(seq 40); do
  xdotool mousemove --window "$WID" "$px" "$py" click 5
  sleep 0.05
done
wait_for "$GL['scroll_y'] >= $GL['scroll_max_y'] - 1" 10 ||
  fail "the wheel did not scroll the table to its last row: $(q "$GL['scroll_y'], $GL['scroll_max_y']")"
[ "$(q "$ALL")" = "$before" ] || fail "the wheel over the table moved views: $before -> $(q "$ALL")"
echo "table scrolled to $(q "$GL['scroll_y']") of $(q "$GL['scroll_max_y']"); views unmoved"
for _ in $(seq 40); do
  xdotool mousemove --window "$WID" "$px" "$py" click 4
  sleep 0.05
done
wait_for "$GL['scroll_y'] == 0" 10 || fail "the wheel back up did not bring the table back: $(q "$GL['scroll_y']")"
[ "$(q "$ALL")" = "$before" ] || fail "views moved: $before -> $(q "$ALL")"
quit_app
echo "PASS"
