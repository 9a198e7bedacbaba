#!/usr/bin/env bash
# A relative path typed in File > Compare with report (newcomer round 9: it was looked up only in
# the dialog's folder, the shown report's, though the user typed it as from the shell the app was
# started in). The app starts in $WORK/clone with a report from $WORK/runs shown; the dialog opens
# in $WORK/runs and says where relative paths are taken from; "other/b.json" (only under the working
# directory) compares with $WORK/clone/other/b.json.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

A=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"
mkdir -p "$WORK/runs" "$WORK/clone/other"
cp "$A" "$WORK/runs/a.json"
cp "$A" "$WORK/clone/other/b.json"
cd "$WORK/clone" || fail "no $WORK/clone"
start_app --no-device "$WORK/runs/a.json"
wait_for "s['report_path'] == '$WORK/runs/a.json' and s['comparison'] is None"

open_compare_browser
wait_for "s['compare_browser']['dir'] == '$WORK/runs' and s['compare_browser']['working_dir'] == '$WORK/clone'"
wait_for "'browser_relative' in s['widgets']"
xdotool type --delay 30 "other/b.json"
wait_for "s['compare_browser']['typed'] == 'other/b.json'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$WORK/clone/other/b.json'" 20
echo "compared with $(q "s['comparison']['path']")"
quit_app
echo "PASS"
