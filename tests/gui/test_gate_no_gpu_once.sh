#!/usr/bin/env bash
# Load kernel on a machine without a GPU (--no-device): the source compiles, the gate cannot run it,
# and the Gate panel says why once (newcomer round 14: the amber "Gate unavailable", a red line and
# the verdict "not run: ..." gave the same words three times, pushing the Ladder out of view).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -x "$(dirname "$CLI")/fragviz-kernel-runner" ] || { echo "note: no kernel runner (no CUDA); skipped"; exit 77; }
start_app --no-device

click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_load_kernel' in s['widgets']"
click $(centre_of "s['widgets']['menu_load_kernel']")
wait_for "s['kernel']['open'] == True and 'kernel_source' in s['widgets']"
src_file="$SRC/examples/kernels/mma_m16n8k16.cu"
type_into kernel_source "s['kernel']['source']" "$src_file" "s['kernel']['source'] == '$src_file'"
type_into kernel_entry "s['kernel']['entry']" mma_m16n8k16 "s['kernel']['entry'] == 'mma_m16n8k16' and s['kernel']['reason'] == ''"
click $(centre_of "s['widgets']['kernel_run']")
# NVRTC takes 20-30 s on a loaded machine.
wait_for "s['kernel']['is_last_run'] and s['kernel']['last_kind'] == 'no_device'" 100
echo "run: $(q "s['kernel']['last_error']")"
reason=$(q "s['gate']['reason']")
[ -n "$reason" ] || fail "the Gate panel gives no reason the gate cannot run"
wait_for "'gate_reason' in s['widgets'] and s['gate']['verdict_shown'].startswith('not run')"
echo "verdict: $(q "s['gate']['verdict_shown']")"
# The reason stands once: in the amber line, not again in a red line or the verdict.
[ "$(q "'gate_error' in s['widgets']")" = False ] || fail "a red line repeats the reason: $reason"
[ "$(q "s['gate']['reason'] in s['gate']['verdict_shown']")" = False ] ||
  fail "the verdict repeats the reason: $(q "s['gate']['verdict_shown']")"
app_alive || fail "fragviz exited"
quit_app
echo PASS
