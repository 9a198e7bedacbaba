#!/usr/bin/env bash
# Issue 22, "nothing moves under the user's hands": at 1600x1000 the warpgroup view's register list
# (a thread selected) makes the middle column run past the window, and the user scrolls that column
# down to read the list. Typing in the view's thread field then changes the thread on each key; a key
# that leaves no thread ("-1") hid the list, the layout took the view's smaller least at once, the
# column shrank back into the window and its scroll went to 0: the field jumped 75 px under the user
# while typing, and the next keys went elsewhere. While a text field is being typed in, no view's
# content re-tiles or scrolls the columns (the layout takes it once the field is let go); "999" over a
# thread (set to 127, a note under the field) moves nothing either.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view warpgroup
W="s['hopper']['warpgroup']"
ALL="sorted((k, [round(x) for x in v['rect']]) for k, v in s['windows'].items())"
wait_for "$W['drawn'] and 'wg_thread' in s['widgets']"
enter_number wg_thread 5 "$W['selected_thread'] == 5 and $W['registers_thread'] == 5"
wait_for "s['layout']['scroll_bars'][1]" 5 || fail "the register list did not make the middle column run taller"
# The wheel at the warpgroup view's bottom edge scrolls its column down towards the list.
WR="s['windows']['Warpgroup: wgmma D and A fragments']['rect']"
for _ in $(seq 10); do
  xdotool mousemove --window "$WID" "$(q "int($WR[0] + 100)")" "$(q "int(s['layout']['view'][1] + s['layout']['view'][3] - 20)")" click 5
  sleep 0.1
done
wait_for "s['layout']['scroll'][1] > 20" 5 || fail "the column did not scroll down: $(q "s['layout']['scroll']")"
sleep 0.5
activate_text_field wg_thread
before=$(q "$ALL")
field=$(q "[round(x) for x in s['widgets']['wg_thread']]")
echo "scrolled $(q "s['layout']['scroll']"), field $field"
check_still() {  # $1: what was typed
  sleep 0.8
  [ "$(q "s['text_input_active']")" = True ] || fail "after '$1' no text field is active"
  now=$(q "[round(x) for x in s['widgets']['wg_thread']]")
  [ "$now" = "$field" ] || fail "the thread field moved while '$1' was typed: $field -> $now (scroll $(q "s['layout']['scroll']"))"
  [ "$(q "$ALL")" = "$before" ] || fail "views moved while '$1' was typed: $before -> $(q "$ALL")"
}
xdotool type --delay 80 -- "9"
check_still 9
xdotool type --delay 80 -- "99"
wait_for "$W['selected_thread'] == 127" 5
check_still 999
xdotool key ctrl+a
xdotool type --delay 80 -- "-1"
wait_for "$W['selected_thread'] == -1" 5
check_still -1
# Let go: the layout takes the view's least now. '-1' is past the range, so the field's rule (the
# nearer end, said under it) may have set thread 0 on Return: the column runs taller exactly when a
# register list shows.
xdotool key Return
wait_for "not s['text_input_active']" 5
wait_for "bool(s['layout']['scroll_bars'][1]) == ($W['registers_thread'] >= 0)" 10 ||
  fail "the column's bar does not follow the register list once the field was let go: bar $(q "s['layout']['scroll_bars'][1]"), list of thread $(q "$W['registers_thread']")"
quit_app
echo PASS
