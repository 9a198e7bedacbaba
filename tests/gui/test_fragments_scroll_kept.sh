#!/usr/bin/env bash
# A view's scroll survives other windows opening and closing: at 1600x1000, m16n8k8 beside the
# warpgroup view, the fragments grids scrolled to their end with the wheel. Closing the warpgroup
# view makes the fragments view taller, so its scroll ends sooner; opening it again brings back
# exactly the scroll the user left (it used to stay at the taller view's end: the place was lost).
# The bank view beside them, never scrolled, stays at its first line throughout.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
F="s['fragments_view']"
B="s['banks_view']"
# m16n8k8: alone it leaves the bank view layout.json's share (m16n8k16 opens whole in more of the
# column, the bank view as short as beside the warpgroup view: its cells would not change).
start_app --no-device --instr mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
wait_for "$F['cells_drawn'] > 0 and 'menu_view' in s['widgets']"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['fragment_view']")
xdotool click --repeat 30 --delay 15 5
wait_for "$F['scroll'][1] > 0 and $F['scroll'][1] == $F['scroll_max'][1]"
SC=$(q "$F['scroll']")
echo "scrolled to $SC"
BC=$(q "$B['cell_size']")
[ "$(q "$B['drawn'] and $B['scroll'] == [0.0, 0.0]")" = True ] || fail "the bank view is not at its start: $(q "$B['scroll']")"
close_view warpgroup
wait_for "not s['hopper']['windows']['warpgroup'] and $F['scroll_max'][1] < $SC[1]"
echo "warpgroup closed: scroll $(q "$F['scroll']") of $(q "$F['scroll_max']")"
# The bank view, never scrolled, stays at its start though its cells grew with it (it showed line
# 0x0080 first: the old cells' centre kept).
wait_for "$B['cell_size'] != $BC"
sleep 0.2
[ "$(q "$B['scroll'] == [0.0, 0.0] and $B['visible']['unpadded']['rows'][0] == 0")" = True ] ||
  fail "the bank view left its start: scroll $(q "$B['scroll']"), lines $(q "$B['visible']['unpadded']['rows']")"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and $F['scroll_max'][1] >= $SC[1]"
sleep 0.2
[ "$(q "$F['scroll'] == $SC")" = True ] || fail "the scroll the user left was lost: $SC -> $(q "$F['scroll']")"
[ "$(q "$B['scroll'] == [0.0, 0.0]")" = True ] || fail "the bank view left its start: $(q "$B['scroll']")"
quit_app
echo "PASS"
