#!/usr/bin/env bash
# The app's number fields read what is typed as a number, never modulo 2^32 (newcomer round 7:
# ImGui's InputInt read 4294967328 as 32, so a tile width typed far too large became a narrow
# one, and the gate's n 4294967552 became 256). A number too large for a field is its largest, as
# settings.json's are: tile width 512, the gate's n its largest.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

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
