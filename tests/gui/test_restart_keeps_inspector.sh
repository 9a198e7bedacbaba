#!/usr/bin/env bash
# Issue 22 (s25b): the Lane inspector shows after a restart what it showed at quit. A fragments lane
# and a warpgroup thread both stay selected across a restart (settings); the inspector followed the
# one chosen last, but a restart put it on the lane whichever it was (the warpgroup thread chosen
# last came back as the lane). Here each in turn is the one chosen last, then the app restarted.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
W="s['hopper']['warpgroup']"
I="s['inspector']"

start_app --no-device
wait_for "$W['drawn'] and $W['grids']['D']['drawn'] and len(s['lane_buttons']) == 32"
# Lane 4 first, then thread 37 (warpgroup D(17, 2): warp 1, lane 5, by the PTX ISA's wgmma D rows
# 16w + lane/4): the inspector shows the thread.
click $(centre_of "s['lane_buttons'][4]")
wait_for "s['selected_lane'] == 4 and $I['lane'] == 4 and $I['warpgroup'] is None"
warpgroup_fit
click $(grid_cell warpgroup D 17 2)
wait_for "$W['selected_thread'] == 37 and $I['warpgroup'] is not None and $I['warpgroup']['thread'] == 37"
quit_app

# The restart shows thread 37 again, lane 4 still selected beside it.
start_app --no-device
wait_for "s['settings_notices'] == [] and s['selected_lane'] == 4 and $W['selected_thread'] == 37"
wait_for "$I['warpgroup'] is not None and $I['warpgroup']['thread'] == 37 and $I['lane'] == -1" ||
  fail "after a restart the inspector shows $(q "$I['lane'], $I['warpgroup'] and $I['warpgroup']['thread']"), not thread 37"
# Now the lane last (lane 6): the next restart shows lane 6, thread 37 still selected.
click $(centre_of "s['lane_buttons'][6]")
wait_for "s['selected_lane'] == 6 and $I['lane'] == 6 and $I['warpgroup'] is None"
quit_app
start_app --no-device
wait_for "s['selected_lane'] == 6 and $W['selected_thread'] == 37"
wait_for "$I['lane'] == 6 and $I['warpgroup'] is None" ||
  fail "after a restart the inspector shows $(q "$I['lane'], $I['warpgroup']"), not lane 6"
# Stays so over frames (a selection restored a frame late must not take it over).
sleep 1
wait_for "$I['lane'] == 6 and $I['warpgroup'] is None"
quit_app
echo "PASS"
