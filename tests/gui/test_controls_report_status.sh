#!/usr/bin/env bash
# The Controls view's run line agrees with the status strip while a recorded report is open (issue
# 22): the pinned H200 report (tests/fixtures/reports/h200-2026-12-01-hopper-probe.json) has no
# tensor-core probes, but its ldmatrix fragment probe measured the default m16n8k8 (sm_75 in the PTX
# ISA), whose cells the fragments view marks as measured. On this machine without a GPU
# (--no-device) the line said "model only: no GPU (needs sm_75)"; it must name the report's GPU and
# say this machine has none. An entry the report did not measure (s8 m16n8k32) stays "model only".
source "$(dirname "$0")/lib.sh"
gui_init "$@"
REPORT=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned Hopper report is missing"
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32

start_app --no-device "$REPORT"
wait_for "s['report_error'] == '' and s['report_label'] is not None" 30
wait_for "s['instruction']['mnemonic'] == '$K8' and 'instruction_run_status' in s['widgets']"
# The report's device, by hand from the fixture: NVIDIA H200, compute capability 9.0.
python3 -c "import json; d = json.load(open('$REPORT'))['probe']['device']; assert (d['name'], d['cc_major'], d['cc_minor']) == ('NVIDIA H200', 9, 0), d" ||
  fail "the fixture's device is not the H200"
wait_for "s['instruction']['run_status'] == 'measured on NVIDIA H200, sm_90 (the open report); this machine has no GPU (needs sm_75)'"
echo "m16n8k8: $(q "s['instruction']['run_status']")"

pick_instruction "$S8"
wait_for "s['instruction']['mnemonic'] == '$S8'"
wait_for "s['instruction']['run_status'].startswith('model only: no GPU (needs sm_80)')"
echo "s8 m16n8k32: $(q "s['instruction']['run_status']")"
quit_app
echo "PASS"
