#!/usr/bin/env bash
# Escape in the Export dialog closes what is open on top (README: "Escape closes ... an open
# picker"; newcomer round 13: it closed the whole dialog): with the View picker's list open, Escape
# closes the list only and the dialog stays, its view unchanged; a second Escape closes the dialog.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
D="s['export_dialog']"

wait_for "'fragment_view' in s['widgets']"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
view=$(q "$D['view']")
click $(centre_of "s['widgets']['export_view']")
wait_for "'export_view_filter' in s['widgets']" || fail "the View picker did not open"
xdotool key Escape
wait_for "'export_view_filter' not in s['widgets']" || fail "Escape left the View picker open"
sleep 1  # a few frames: the dialog must still be there
[ "$(q "'export_path' in s['widgets'] and $D['view'] == '$view'")" = True ] ||
  fail "Escape in the View picker closed the Export dialog"
xdotool key Escape
wait_for "'export_path' not in s['widgets']" || fail "Escape with no picker open left the dialog open"
quit_app
echo "PASS"
