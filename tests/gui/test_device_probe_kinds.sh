#!/usr/bin/env bash
# The Device panel names the kinds of probe an open report holds (newcomer round 14: for
# tests/fixtures/reports/h200-2026-12-01-hopper-probe.json it said "no tensor-core instruction
# probes in this report" while the fragments view said m16n8k16 was measured, all 512 elements
# matching). That report holds no register-fed mma probes ("instructions": []) and two fragment
# probes (ldmatrix, then mma); the line's counts are computed here from the file itself.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
REPORT=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned Hopper report is missing"
WANT=$(python3 - "$REPORT" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))['probe']
assert p['instructions'] == [], "the fixture changed: it holds register-fed probes now"
ran = [f for f in p['fragments'] if f['ran']]
ok = [f for f in ran if f['tile_exact'] and all(e['measured'] == e['expected'] for e in f['elements'])]
assert len(ran) == 2 and len(p['fragments']) == 2
print(f"fragment probes (ldmatrix, then mma): {len(ran)} instructions measured, {len(ok)} match every element")
PY
) || fail "cannot read the fixture"
start_app --no-device "$REPORT"
wait_for "s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "s['device_probe_lines'] != []"
echo "device: $(q "s['device_probe_lines']")"
wait_for "s['device_probe_lines'] == ['$WANT', 'no register-fed mma probes (one per catalogue instruction) in this report']" 5
app_alive || fail "fragviz exited"
quit_app
echo PASS
