#!/usr/bin/env bash
# Issue 22, "nothing moves under the user's hands": each column that runs past the window scrolls by
# its own offset, with its own bar along its own right edge; scrolling one never moves another. A
# layout.json with the bank view in the right column, at 1600x760: the right column's leasts (ldmatrix,
# banks, gate, output) run 26 px past the window, and the middle column, the warpgroup view with a
# thread's register list under the fragments view, runs further. With one scroll for the canvas, the
# middle column's bar scrolled the right column too (as far as it ran past), its views sliding under
# the mouse; now the middle column's bar moves the middle column alone, the right column's bar the
# right column alone, and the left column never moves.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
mkdir -p "$WORK/assets"
cat >"$WORK/assets/layout.json" <<'JSON'
{"format": "fragviz-layout", "version": 1, "window": [1600, 1000], "status_height": 30,
 "design_width": 1600, "design_height": 950,
 "windows": {"controls": [0, 0, 330, 345], "device": [0, 345, 330, 625], "inspector": [0, 625, 330, 950],
  "fragments": [330, 0, 1120, 950],
  "ldmatrix": [1120, 0, 1600, 330], "banks": [1120, 330, 1600, 620], "gate": [1120, 620, 1600, 790],
  "output": [1120, 790, 1600, 950]}}
JSON
APP_SIZE=1600x760 start_app --no-device --assets "$WORK/assets"
wait_for "s['assets']['layout_source'].endswith('layout.json')"
W="s['hopper']['warpgroup']"
# The views of each column, by the left edge of their windows.
col() { q "sorted((k, [round(x) for x in v['rect']]) for k, v in s['windows'].items() if $1)"; }
LEFT="v['rect'][0] < 100"
MIDDLE="300 < v['rect'][0] < 400"
RIGHT="v['rect'][0] > 1000"
wait_for "'Output view' in s['windows']"
sleep 0.5
right=$(col "$RIGHT")
# Opened from the View menu, the warpgroup view is brought into sight in its own column (which
# runs taller while the new view measures itself): the right column stays where it is.
open_view warpgroup
wait_for "$W['drawn'] and 'wg_thread' in s['widgets']"
sleep 1
[ "$(col "$RIGHT")" = "$right" ] || fail "opening the warpgroup view moved the right column: $right -> $(col "$RIGHT")"
enter_number wg_thread 5 "$W['selected_thread'] == 5 and $W['registers_thread'] == 5"
WG="s['windows']['Warpgroup: wgmma D and A fragments']['rect']"
LD="s['windows']['ldmatrix: what each lane receives']['rect']"
echo "thread 5: scroll $(q "s['layout']['scroll']"), warpgroup $(q "$WG"), output $(q "s['windows']['Output view']['rect']")"
# Both columns run past the window's bottom edge (the right one by its leasts alone).
OUT="s['windows']['Output view']['rect']"
wait_for "$WG[1] + $WG[3] > s['layout']['view'][1] + s['layout']['view'][3] + 100 and $OUT[1] + $OUT[3] > s['layout']['view'][1] + s['layout']['view'][3] + 10" 10 ||
  fail "the middle and right columns do not both run past the window: warpgroup $(q "$WG"), output $(q "$OUT"), view $(q "s['layout']['view']")"
sleep 0.5
left=$(col "$LEFT")
right=$(col "$RIGHT")
middle=$(col "$MIDDLE")
# The wheel over the middle column's bar (the canvas's bar, along the column that runs furthest).
B="s['widgets']['##layout_vscroll']"
[ "$(q "abs($B[0] + $B[2] - ($WG[0] + $WG[2] + $B[2])) <= 1")" = True ] ||
  fail "the middle column's bar $(q "$B") is not along its right edge (warpgroup $(q "$WG"))"
for _ in $(seq 8); do
  xdotool mousemove --window "$WID" $(centre_of "$B") click 5
  sleep 0.15
done
wait_for "s['layout']['scroll'][1] > 100" 5 || fail "the middle column's bar did not scroll it: $(q "s['layout']['scroll']")"
sleep 0.3
[ "$(col "$MIDDLE")" != "$middle" ] || fail "the middle column did not move"
[ "$(col "$RIGHT")" = "$right" ] || fail "the middle column's bar moved the right column: $right -> $(col "$RIGHT")"
[ "$(col "$LEFT")" = "$left" ] || fail "the middle column's bar moved the left column: $left -> $(col "$LEFT")"
middle=$(col "$MIDDLE")
# The right column's own bar, along its right edge, scrolls it alone.
RB="s['layout']['column_bars'][2]"
[ "$(q "$RB is not None and abs($RB[0] - ($LD[0] + $LD[2])) <= 1 and s['layout']['column_bars'][0] is None")" = True ] ||
  fail "bars $(q "s['layout']['column_bars']"): want one along the right column's edge (ldmatrix $(q "$LD")), none on the left"
for _ in $(seq 4); do
  xdotool mousemove --window "$WID" $(centre_of "$RB") click 5
  sleep 0.15
done
wait_for "s['layout']['column_scroll'][2] > 10" 5 || fail "the right column's bar did not scroll it: $(q "s['layout']['column_scroll']")"
sleep 0.3
[ "$(q "$OUT[1] + $OUT[3] <= s['layout']['view'][1] + s['layout']['view'][3] + 1")" = True ] ||
  fail "scrolled to its end, the right column's output view is not whole: $(q "$OUT")"
[ "$(col "$MIDDLE")" = "$middle" ] || fail "the right column's bar moved the middle column: $middle -> $(col "$MIDDLE")"
[ "$(col "$LEFT")" = "$left" ] || fail "the right column's bar moved the left column"
quit_app
echo PASS
