#!/usr/bin/env bash
# The global shortcuts work while a text field is being typed in (newcomer round 9: Ctrl+E and
# Ctrl+Q were ignored there). With the tile width field active (a click in its text), Ctrl+E opens
# the Export dialog; with it active again, Ctrl+Q quits with status 0. The field keeps its own keys:
# Ctrl+A and a typed number still replace its text.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
wait_for "'width' in s['widgets'] and s['controls']['width_halves'] == 64"

for _ in 1 2 3; do
  activate_text_field width
  xdotool keydown ctrl sleep 0.2 keydown a sleep 0.2 keyup a sleep 0.1 keyup ctrl sleep 0.2
  xdotool type --delay 60 "96"
  sleep 0.2
  xdotool key Return
  for _ in $(seq 20); do
    [ "$(q "s['controls']['width_halves']")" = 96 ] && break 2
    sleep 0.1
  done
done
wait_for "s['controls']['width_halves'] == 96"
activate_text_field width
xdotool keydown ctrl sleep 0.2 key e sleep 0.2 keyup ctrl
wait_for "'export_path' in s['widgets']" 5
echo "Ctrl+E from the width field opened the Export dialog"
xdotool key Escape
wait_for "'export_path' not in s['widgets']"
activate_text_field width
xdotool keydown ctrl sleep 0.2 key q sleep 0.2 keyup ctrl
for _ in $(seq 50); do app_alive || break; sleep 0.1; done
app_alive && fail "Ctrl+Q from the width field did not quit"
wait "$APP_PID"
rc=$?
APP_PID=""
[ "$rc" = 0 ] || fail "fragviz exited with status $rc after Ctrl+Q"
echo "PASS"
