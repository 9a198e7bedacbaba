#!/usr/bin/env bash
# Newcomer issue 22: with a gate report open and the Gate window's Ladder opened, the Output view
# shrank to a line or two (the gate view took its column down to the output view's floor). The
# output view keeps a readable least height: its colour choices and result line, and a picture at
# least 160 px tall (the dump's output_image), the gate's ladder table scrolling in itself instead.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device "$SRC/docs/device-runs/2026-12-01-h200-ladder-final/gate-report.json"
O="s['windows']['Output view']"
wait_for "s['report'] is not None and 'ladder_header' in s['widgets'] and 'Output view' in s['windows']"
# The verdict's lines put "Ladder" under the Gate window's bottom edge: the wheel over the window
# scrolls it into sight, as a user does.
G="s['windows']['Gate: exact matmul']['rect']"
for _ in $(seq 20); do
  [ "$(q "s['widgets']['ladder_header'][1] + s['widgets']['ladder_header'][3] <= $G[1] + $G[3] - 4")" = True ] && break
  xdotool mousemove $(centre_of "$G") click 5
  sleep 0.2
done
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
sleep 1
echo "output view: $(q "$O['rect']"), picture $(q "s['widgets'].get('output_image')")"
for _ in $(seq 25); do
  [ "$(q "s['widgets']['output_image'][3] >= 160")" = True ] && break
  sleep 0.2
done
[ "$(q "s['widgets']['output_image'][3] >= 160")" = True ] ||
  fail "with the gate report and its ladder open the output picture is $(q "s['widgets']['output_image']") (view $(q "$O['rect']"))"
quit_app
echo PASS
