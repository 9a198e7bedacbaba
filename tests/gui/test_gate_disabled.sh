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

# The seed field's refusals ("-1", "1e3", "123abc"): test_gate_seed_rule.sh.
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
