#!/usr/bin/env bash
# Test and automation runs (--frames, --screenshot, --bench) read the user's settings and layout
# but never write them: after a normal run saved settings.json and imgui.ini, a --frames run in
# which a lane is selected, a tiny --size 200x200 --frames 3 run and a --screenshot run leave both
# files byte-identical; the next normal start still shows the saved choices.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
click $(centre_of "s['lane_buttons'][4]")
wait_for "s['selected_lane'] == 4"
quit_app
for f in settings.json imgui.ini; do [ -s "$WORK/cfg/$f" ] || fail "normal run left no $f"; done
before=$(cd "$WORK/cfg" && cksum settings.json imgui.ini)

# A --frames run long enough to click in: select another lane, let it finish.
start_app --no-device --frames 100000
wait_for "s['selected_lane'] == 4"
click $(centre_of "s['lane_buttons'][9]")
wait_for "s['selected_lane'] == 9"
kill -TERM "$APP_PID" 2>/dev/null
wait "$APP_PID" 2>/dev/null
APP_PID=""
# Same again, ending by itself.
start_app --no-device --frames 40
click $(centre_of "s['lane_buttons'][11]")
for _ in $(seq 300); do app_alive || break; sleep 0.1; done
app_alive && fail "--frames 40 run did not end"
wait "$APP_PID" 2>/dev/null
APP_PID=""
FRAGVIZ_CONFIG_DIR="$WORK/cfg" LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --size 200x200 --frames 3 \
  >"$WORK/app.log" 2>&1 || fail "--size 200x200 --frames 3 failed"
FRAGVIZ_CONFIG_DIR="$WORK/cfg" LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --size 300x300 \
  --screenshot "$WORK/shot.png" >"$WORK/app.log" 2>&1 || fail "--screenshot run failed"
[ -s "$WORK/shot.png" ] || fail "--screenshot wrote nothing"
after=$(cd "$WORK/cfg" && cksum settings.json imgui.ini)
[ "$before" = "$after" ] || fail "an automation run changed the saved settings: $before -> $after"
leftover=$(ls "$WORK/cfg" | grep -e '\.tmp' -e 'fragviz-tmp')
[ -n "$leftover" ] && fail "a temporary file left behind: $leftover"

# The next normal start still reads what the user saved.
start_app --no-device
wait_for "s['selected_lane'] == 4"
quit_app
echo "PASS"
