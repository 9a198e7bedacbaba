#!/usr/bin/env bash
# Newcomer round 26: the Warpgroup view's thread field moved under the mouse. With no thread selected
# its text was wide; once a thread was selected it narrowed and its - and + buttons took the place
# of its text, so clicking where the field had been stepped the thread (37 became 38, 39, ...). Its
# text and buttons now keep their place whether or not a thread is selected; a click in the text
# after a thread was typed changes nothing. And 128 typed over a thread was set to 127 silently: the
# field says so, until the thread changes.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view warpgroup
W="s['hopper']['warpgroup']"
wait_for "$W['drawn'] and $W['selected_thread'] == -1 and 'wg_thread' in s['widgets']"
# The whole field (text, - and +), then its parts: the text, and each button.
rects() { q "[s['widgets'].get(k) for k in ('wg_thread', 'wg_thread_text', 'wg_thread_minus', 'wg_thread_plus')]"; }
before=$(rects)
text_rect=$(q "s['widgets']['wg_thread']")
echo "no thread: $before"
enter_number wg_thread 37 "$W['selected_thread'] == 37"
sleep 0.3
after=$(rects)
echo "thread 37: $after"
[ "$before" = "$after" ] || fail "the thread field moved once a thread was selected: $before -> $after"
case "$after" in *None*) fail "the field's text and buttons are not in the state dump: $after" ;; esac
text_rect=$(q "s['widgets']['wg_thread_text']")
# A click three quarters along where the empty field's text was: in the text still, no step.
click $(python3 -c "x,y,w,h=$text_rect; print(int(x+w*0.75), int(y+h/2))")
sleep 0.5
click $(python3 -c "x,y,w,h=$text_rect; print(int(x+w*0.75), int(y+h/2))")
sleep 0.5
xdotool key Escape
wait_for "$W['selected_thread'] == 37" 3
[ "$(q "$W['selected_thread']")" = 37 ] || fail "a click in the field's text stepped the thread"

enter_number wg_thread 128 "$W['selected_thread'] == 127"
wait_for "$W['thread_clamp_note'] == 'the thread typed is more than the most, 127: set to 127'" 5
enter_number wg_thread 40 "$W['selected_thread'] == 40"
wait_for "$W['thread_clamp_note'] == ''" 5
# Text that is no number says so and keeps the thread (a newcomer's test: the digits among the
# letters were read, "a5" selected thread 5).
enter_number wg_thread a5 "$W['thread_clamp_note'] == 'the thread typed is not a number: kept at 40'"
[ "$(q "$W['selected_thread']")" = 40 ] || fail "thread 'a5' selected thread $(q "$W['selected_thread']")"
quit_app
echo PASS
