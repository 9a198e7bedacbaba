#!/usr/bin/env bash
# Newcomer round 33: with the Warpgroup and Differences windows sharing the middle column's slot as
# tabs, Differences in front at quit, the restart put the Warpgroup tab in front. The stacked window
# chosen last is saved (settings.json "stacked_tab") and shown in front again; so is the other one
# when it was chosen last. A comparison made comes to the front (round 34).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
T="s['layout']['tabs']"
WG="Warpgroup: wgmma D and A fragments"
DF="Differences"
mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-probe.json)" "$(fixture h200-2026-12-01-hopper-probe.json)" "$WORK/r/" ||
  fail "the pinned reports are missing"
A="$WORK/r/h200-2026-12-01-hopper-probe.json"
B="$WORK/r/h200-2026-12-01-probe.json"

start_app --no-device "$A"
wait_for "s['report'] is not None and s['report']['probe_path'] == '$A'"
open_view warpgroup
open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['window_open']" 20
wait_for "'$WG' in $T['names'] and '$DF' in $T['names']" 5 || fail "the two windows are not tabs: $(q "$T")"
# File > Compare brings its list to the front (newcomer round 34: it opened behind the Warpgroup).
wait_for "$T['shown'] == '$DF'" 5 || fail "the comparison's list opened behind the $(q "$T['shown']") tab"
# Warpgroup in front, then Differences chosen by its tab.
click $(centre_of "$T['rects']['$WG']")
wait_for "$T['shown'] == '$WG'"
click $(centre_of "$T['rects']['$DF']")
wait_for "$T['shown'] == '$DF'" || fail "the Differences tab did not show its window"
quit_app
grep -q '"stacked_tab": "differences"' "$WORK/cfg/settings.json" || fail "settings.json: $(grep stacked_tab "$WORK/cfg/settings.json")"

start_app --no-device
wait_for "s['comparison'] is not None and '$WG' in $T['names'] and '$DF' in $T['names']" 20
sleep 1
wait_for "$T['shown'] == '$DF'" || fail "after a restart the $(q "$T['shown']") tab is in front, not Differences"
# Now the Warpgroup chosen last: it comes back in front.
click $(centre_of "$T['rects']['$WG']")
wait_for "$T['shown'] == '$WG'"
quit_app
start_app --no-device
wait_for "s['comparison'] is not None and '$WG' in $T['names'] and '$DF' in $T['names']" 20
sleep 1
wait_for "$T['shown'] == '$WG'" || fail "after a restart the $(q "$T['shown']") tab is in front, not Warpgroup"
quit_app
echo "PASS"
