#!/usr/bin/env bash
# The frame loop draws a frame again only when its draw data changed (frame_loop.cpp: the frames
# that settle after input mostly repeat the one on screen; skipping them halved the GUI tests' CPU):
#  1. moving the pointer over the Device view's plain text changes nothing drawn: the frames that
#     input wakes are skipped (the state dump's frames_skipped rises). That a change is still drawn,
#     the screenshot tests see;
#  2. --frames draws every frame (an automation run's last frame is the screenshot): none skipped.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
wait_for "'Device' in s['windows'] and 'frames_skipped' in s"
before=$(q "s['frames_skipped']")
D="s['windows']['Device']['rect']"
read -r x y < <(centre_of "$D")
for dx in 0 6 12 18 24 30; do
  xdotool mousemove --window "$WID" $((x + dx)) "$y"
  sleep 0.1
done
wait_for "s['frames_skipped'] > $before" 10 ||
  fail "no frame skipped while the pointer moved over plain text ($(q "s['frames_skipped']") of $before before)"
quit_app

# --frames: every frame drawn, so the count stays 0 in the run's last dump.
"$APP" --no-device --config-dir "$WORK/cfg2" --frames 20 --dump-state "$WORK/frames.json" >"$WORK/frames.log" 2>&1 ||
  fail "fragviz --frames 20 failed: $(cat "$WORK/frames.log")"
skipped=$(python3 -c "import json; print(json.load(open('$WORK/frames.json'))['frames_skipped'])")
[ "$skipped" = 0 ] || fail "--frames skipped $skipped frames; it must draw every one"
echo "PASS"
