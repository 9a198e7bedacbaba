#!/usr/bin/env bash
# The app's number fields read what is typed as a number, never modulo 2^32 (newcomer round 7:
# ImGui's InputInt read 4294967328 as 32, so a tile width typed far too large became a narrow
# one, and the gate's n 4294967552 became 256). A number too large for a field is its largest, as
# settings.json's are: tile width 512, the gate's n its largest.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

# enter_number WIDGET TEXT CONDITION: click the field, replace its text, Enter, until CONDITION holds.
enter_number() {
  local widget="$1" text="$2" cond="$3" _
  for _ in 1 2 3; do
    # Into the text, left of the field's - and + buttons (the widget's rect holds them too).
    click $(python3 -c "import json; s=json.load(open('$STATE')); x,y,w,h=s['widgets']['$widget']; print(int(x+min(20,w/4)), int(y+h/2))")
    sleep 0.3
    xdotool key ctrl+a
    sleep 0.2
    xdotool type --delay 60 -- "$text"
    sleep 0.2
    xdotool key Return
    for _ in $(seq 30); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($cond) else 1)" && return 0
      sleep 0.1
    done
  done
  wait_for "$cond" 5
}

start_app --no-device
wait_for "'width' in s['widgets'] and 'gate_n' in s['widgets'] and s['controls']['width_halves'] == 64"
enter_number width 4294967328 "s['controls']['width_halves'] == 512"
echo "tile width 4294967328 -> $(q "s['controls']['width_halves']")"
enter_number width 99999999999999999999 "s['controls']['width_halves'] == 512"
enter_number width 96 "s['controls']['width_halves'] == 96"
enter_number gate_n 4294967552 "s['gate']['request_n'] == 65536"
echo "gate n 4294967552 -> $(q "s['gate']['request_n']")"
enter_number width -4294967200 "s['controls']['width_halves'] == 8"
echo "tile width -4294967200 -> $(q "s['controls']['width_halves']")"
quit_app
echo "PASS"
