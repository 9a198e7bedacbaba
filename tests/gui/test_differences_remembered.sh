#!/usr/bin/env bash
# The Differences window's open or hidden state outlives a restart, as every other window's does
# (newcomer round 25: hidden with its X, it popped up again at every start). A comparison of the
# pinned probe report with that day's Hopper probe report; the window's X hides the list; settings.json
# says so ("windows": "differences": false); the restart compares again with the list still hidden;
# File > Show differences brings it back, and that is saved too.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

A=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"
B=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned Hopper probe report is missing"
A=$(realpath "$A")
B=$(realpath "$B")
saved() { python3 -c "import json,sys; print(json.load(open('$WORK/cfg/settings.json'))$1)"; }

start_app --no-device "$A"
wait_for "s['report'] is not None and s['comparison'] is None"
open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['window_open'] and 'differences_x' in s['widgets']" 20
click $(centre_of "s['widgets']['differences_x']")
wait_for "s['comparison'] is not None and not s['comparison']['window_open'] and 'compare_list' not in s['widgets']"
quit_app
[ "$(saved "['windows']['differences']")" = False ] || fail "settings.json: $(cat "$WORK/cfg/settings.json")"
[ "$(saved "['reports']['compare']")" = "$B" ] || fail "the comparison was not saved"

# The restart compares again, the list hidden as it was left.
start_app --no-device
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['settings_notices'] == []" 20
sleep 1
wait_for "not s['comparison']['window_open'] and 'compare_list' not in s['widgets'] and 'differences_x' not in s['widgets']"
click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_show_differences' in s['widgets']"
click $(centre_of "s['widgets']['menu_show_differences']")
wait_for "s['comparison']['window_open'] and 'compare_list' in s['widgets']"
quit_app
[ "$(saved "['windows']['differences']")" = True ] || fail "settings.json: $(cat "$WORK/cfg/settings.json")"
echo "PASS"
