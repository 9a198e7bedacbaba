#!/usr/bin/env bash
# Newcomer round 30: at 1024x700 the warpgroup view's Find field sat past the window's right edge,
# after the zoom and thread fields, so the text typed into it and its message were cut off. Where
# the zoom line has no room for it, Find takes the next line: the field lies inside the window, and
# its message wraps inside it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
W="s['hopper']['warpgroup']"
WIN="s['windows']['Warpgroup: wgmma D and A fragments']['rect']"
for size in 1024x700 1600x1000; do
  APP_SIZE=$size start_app --no-device
  open_view warpgroup
  wait_for "$W['drawn'] and 'warpgroup_find' in s['widgets']"
  sleep 0.5
  [ "$(q "s['widgets']['warpgroup_find'][0] + s['widgets']['warpgroup_find'][2] <= $WIN[0] + $WIN[2] + 0.5")" = True ] ||
    fail "$size: the Find field $(q "s['widgets']['warpgroup_find']") runs past the window $(q "$WIN")"
  click $(centre_of "s['widgets']['warpgroup_find']")
  sleep 0.3
  xdotool key ctrl+a
  xdotool type --delay 30 "D,99,2"
  xdotool key Return
  wait_for "$W['find_error'] != ''" 5 || fail "$size: no message for D,99,2"
  wait_for "'warpgroup_find_error' in s['text_lines']" 5
  [ "$(q "s['text_lines']['warpgroup_find_error']['clipped']")" = False ] ||
    fail "$size: the Find message runs past the window: $(q "s['text_lines']['warpgroup_find_error']")"
  quit_app
done
echo PASS
