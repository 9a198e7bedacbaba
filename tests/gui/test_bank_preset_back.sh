#!/usr/bin/env bash
# A preset picked in the bank view's Layout mode replaces the layout the user typed with a way back
# (newcomer issue 22: it wiped the typed layout for good, while the gate ladder's A/B button in the
# same view offers "Back to your layout"): the same button gives the typed layout and lanes back,
# and a restart with the preset still shown keeps the typed layout, as after a rung's A/B.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
lv="s['layout_view']"
mine="(8,72):(72,1)"
wait_for "'banks_layout_mode' in s['widgets'] and not $lv['enabled']"
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "$lv['enabled'] and 'layout_write' in s['widgets']"
type_into layout_write "$lv['write']" "$mine" "$lv['write'] == '$mine'"
type_into layout_lanes "$lv['lanes']" "row=lane&7, col=0" "$lv['lanes'] == 'row=lane&7, col=0'"
wait_for "'layout_back' not in s['widgets']"
# kLayoutPresets' third: (16,64):(64,1), no swizzle.
click $(centre_of "s['widgets']['layout_presets']")
wait_for "'layout_preset:2' in s['widgets']"
click $(centre_of "s['widgets']['layout_preset:2']")
wait_for "$lv['write'] == '(16,64):(64,1)' and 'layout_back' in s['widgets']"
echo "title: $(q "$lv['title']")"
click $(centre_of "s['widgets']['layout_back']")
wait_for "$lv['write'] == '$mine' and $lv['lanes'] == 'row=lane&7, col=0' and 'layout_back' not in s['widgets']"
# A lane preset the same way; over it a layout preset keeps the one typed (the first kept).
click $(centre_of "s['widgets']['layout_lane_presets']")
wait_for "'layout_lane_presets_filter' in s['widgets']"
xdotool type --delay 60 "b-pair"
xdotool key Return
wait_for "$lv['lanes'] != 'row=lane&7, col=0' and 'layout_back' in s['widgets']"
click $(centre_of "s['widgets']['layout_presets']")
wait_for "'layout_preset:0' in s['widgets']"
click $(centre_of "s['widgets']['layout_preset:0']")
wait_for "$lv['write'] == 'Swizzle<3,3,3> o (16,64):(64,1)' and 'layout_back' in s['widgets']"
quit_app
start_app --no-device
wait_for "$lv['enabled'] and $lv['write'] == '$mine' and $lv['lanes'] == 'row=lane&7, col=0'"
quit_app
echo "PASS"
