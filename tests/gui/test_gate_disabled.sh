#!/usr/bin/env bash
# With no CUDA device (forced with --no-device, so the result does not depend on the machine) the
# model-only banner shows and the Run gate button is disabled with a reason.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
# The state names the GL renderer the window draws with (tools/device-gui.sh checks it is the GPU).
wait_for "s['gl']['renderer'] != ''"
echo "GL renderer: $(q "s['gl']['renderer']")"

wait_for "s['banner_shown'] == True and 'sm_75' in s['banner_text']"
wait_for "s['gate']['button_enabled'] == False and len(s['gate']['reason']) > 10"
echo "reason: $(q "s['gate']['reason']")"
# Clicking the disabled button does nothing and breaks nothing.
click $(centre_of "s['widgets']['run_gate']")
sleep 0.5
wait_for "s['gate']['button_enabled'] == False and s['gate']['has_result'] == False"
wait_for "s['output_view_drawn'] == True"
screenshot_not_blank "$WORK/gate.png"
app_alive || fail "fragviz exited"

# The seed field takes unsigned decimal digits only: "-1" and "1e3" are refused with a message and
# the request keeps its seed (InputScalar used to wrap -1 to 2^64-1).
seed_before=$(q "s['gate']['request_seed']")
# type_seed TEXT CONDITION: empties the field, waits until the app has seen it empty, types TEXT and
# waits for CONDITION; the whole entry is retried (twice) before failing.
type_seed() {
  local text=$1 cond=$2 attempt i
  for attempt in 1 2 3; do
    click $(centre_of "s['widgets']['gate_seed']")
    xdotool key ctrl+a BackSpace
    # Dear ImGui 1.86 inserts a frame's typed characters before it applies that frame's Backspace:
    # a character arriving in the same frame as the Backspace (a loaded machine batches events
    # into one frame) is inserted and then deleted. Type only once the field is seen empty.
    for i in $(seq 50); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'seed \"\"' in s['gate']['seed_error'] else 1)" 2>/dev/null && break
      sleep 0.1
    done
    xdotool type --delay 60 -- "$text"  # "--": xdotool would read "-1" as an option
    for i in $(seq 50); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($cond) else 1)" 2>/dev/null && return 0
      sleep 0.1
    done
    echo "seed '$text': not there yet (attempt $attempt), retyping"
  done
  fail "timed out waiting for: $cond"
}
for bad in -1 1e3; do
  type_seed "$bad" "s['gate']['seed_error'] != '' and s['gate']['request_seed'] == $seed_before and '$bad' in s['gate']['seed_error']"
  echo "seed '$bad': $(q "s['gate']['seed_error']")"
done
type_seed 12345 "s['gate']['seed_error'] == '' and s['gate']['request_seed'] == 12345"
quit_app

# A size the gate refuses is named before the missing device: n = 2000 does not tile (64), n = 64
# is below the gate's range and comes back as its smallest size (256).
python3 - "$WORK/cfg/settings.json" 2000 <<'PY'
import json, sys
p = sys.argv[1]; j = json.load(open(p)); j['gate']['n'] = int(sys.argv[2]); json.dump(j, open(p, 'w'))
PY
start_app --no-device
wait_for "s['gate']['request_n'] == 2000 and '2000' in s['gate']['reason'] and 'CUDA' not in s['gate']['reason']"
echo "n = 2000: $(q "s['gate']['reason']")"
quit_app
python3 - "$WORK/cfg/settings.json" 64 <<'PY'
import json, sys
p = sys.argv[1]; j = json.load(open(p)); j['gate']['n'] = int(sys.argv[2]); json.dump(j, open(p, 'w'))
PY
start_app --no-device
wait_for "s['gate']['request_n'] == 256"
quit_app
echo "PASS"
