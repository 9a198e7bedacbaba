#!/usr/bin/env bash
# File > Export opens on the view the user is working in (newcomer round 13: after a click into one
# window and scrolling in another, Ctrl+E offered the clicked one). A click into the bank view makes
# it the one looked at; scrolling the fragments view with the wheel, with no click, makes that one
# (Ctrl+E with the mouse parked off every view offers fragments); after another click into the bank
# view, Ctrl+E with the mouse resting on the fragments view offers fragments, the view under the
# mouse; the dialog's title names the view. With the mouse parked again, Ctrl+E offers the bank view.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
D="s['export_dialog']"

# ctrl_e VIEW: Ctrl+E (the mouse left where it is) until the dialog is open; it must offer VIEW and
# be titled with it; Escape closes it.
ctrl_e() { export_offers "$1" "$D['view'] == '$1' and $D['title'] == 'Export the $1 view'"; }

wait_for "s['banks_view']['drawn'] and 'fragment_view' in s['widgets'] and 'banks_view' in s['widgets']"
click $(centre_of "s['widgets']['banks_view']")
wait_for "$D['looked_at'] == 'banks'"
# The wheel over the fragments view, no click: the user works there.
read -r GX GY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.3
xdotool click 5
sleep 0.3
xdotool click 4
wait_for "$D['looked_at'] == 'fragments'" || fail "scrolling the fragments view left $(q "$D['looked_at']") looked at"
xdotool mousemove --window "$WID" 5 995  # the inspector: no view under the mouse
wait_for "$D['pointed_at'] == ''"
ctrl_e fragments
# Back in the bank view, then the mouse on the fragments view (no click, no wheel): Ctrl+E means it.
click $(centre_of "s['widgets']['banks_view']")
wait_for "$D['looked_at'] == 'banks'"
xdotool mousemove --window "$WID" "$GX" "$GY"
wait_for "$D['pointed_at'] == 'fragments'"
ctrl_e fragments
# The mouse off every view: the one last worked in.
xdotool mousemove --window "$WID" 5 995
wait_for "$D['pointed_at'] == ''"
ctrl_e banks
quit_app
echo "PASS"
