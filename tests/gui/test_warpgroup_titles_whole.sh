#!/usr/bin/env bash
# Thread 0 typed into the Warpgroup view's thread field brings its first cell, A's row 0, into view
# with the grids' titles whole (newcomer issue 22: the reveal scrolled the view into the title line,
# and after a thread-field note "A 64x16 (m x k)" and D's title were cut in half). A view never
# scrolled stays at its top: its scroll is (0, 0) before and after the note.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view warpgroup
W="s['hopper']['warpgroup']"
wait_for "$W['drawn'] and 'wg_thread' in s['widgets'] and $W['scroll'] == [0.0, 0.0]"
enter_number wg_thread 0 "$W['selected_thread'] == 0"
sleep 0.5
wait_for "$W['scroll'] == [0.0, 0.0]" 5 || fail "thread 0 scrolled the view to $(q "$W['scroll']"): the titles are cut"
enter_number wg_thread abc "'wg_thread_clamp_note' in s['widgets']"
sleep 0.5
wait_for "$W['scroll'] == [0.0, 0.0] and $W['selected_thread'] == 0" 5 ||
  fail "after the note the view is at $(q "$W['scroll']"): the titles are cut"
screenshot_not_blank "$WORK/titles.png"
quit_app
echo "PASS"
