#!/usr/bin/env bash
# Newcomer issue 22: after a restart with thread 37 selected in the Warpgroup view, the grid showed
# warp 0's rows, not thread 37's cells. A thread typed in the field comes into view (its first cell
# of A: warp 1, lane 5 holds row 16*1 + 5/4 = 17); a thread restored from settings.json must too.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
W="s['hopper']['warpgroup']"
A="s['warpgroup_visible']['A']['rows']"
in_view="$A is not None and $A[0] <= 17 <= $A[1]"

start_app --no-device
open_view warpgroup
wait_for "$W['drawn'] and 'A' in s['warpgroup_visible'] and $A is not None"
sleep 0.5
# The view opens at its labelled zoom, on the first rows: row 17 is out of view (else this proves
# nothing).
wait_for "not ($in_view)" 5
echo "opened on A rows $(q "$A")"
enter_number wg_thread 37 "$W['selected_thread'] == 37"
wait_for "$in_view"
echo "thread 37 typed: A rows $(q "$A")"
quit_app

start_app --no-device
wait_for "$W['drawn'] and $W['selected_thread'] == 37 and 'A' in s['warpgroup_visible'] and $A is not None"
for _ in $(seq 30); do
  [ "$(q "$in_view")" = True ] && break
  sleep 0.2
done
[ "$(q "$in_view")" = True ] || fail "after a restart with thread 37 selected the view shows A rows $(q "$A"), not row 17"
echo "restored thread 37: A rows $(q "$A")"
quit_app
echo PASS
