#!/usr/bin/env bash
# With no CUDA device (forced with --no-device, so the result does not depend on the machine) the
# model-only banner shows and the Run gate button is disabled with a reason.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

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
echo "PASS"
