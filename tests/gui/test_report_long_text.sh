#!/usr/bin/env bash
# A report whose texts are 5000 characters long (device name of the probes and the gate run, driver
# release, dates) draws like one with ordinary texts: no view grows by more than a few lines, and
# the Device view's "measured on" label stays one line inside its window. Built from the committed
# Hopper probe report and ladder gate report (tests/fixtures/reports/).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
PROBE=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned probe report is missing"
GATE=$(fixture h200-2026-12-01-ladder-gate.json) || fail "the pinned gate report is missing"

# make_report OUT LENGTH: both reports in one file; LENGTH 0 keeps their texts as recorded.
make_report() {
  python3 - "$PROBE" "$GATE" "$1" "$2" <<'PY'
import json, sys
p, g = json.load(open(sys.argv[1]))['probe'], json.load(open(sys.argv[2]))['gate']
n = int(sys.argv[4])
if n:
    for part in (p, g):
        part['device']['name'] = 'N' * n
        part['device']['driver_release'] = '5' * n
        part['created_utc'] = 'C' * n
json.dump({'format': 'fragviz-report', 'version': 3, 'probe': p, 'gate': g}, open(sys.argv[3], 'w'))
PY
}
make_report "$WORK/short.json" 0
make_report "$WORK/long.json" 5000

start_app --no-device "$WORK/short.json"
wait_for "s['report_error'] == '' and s['report_label'] == 'measured on NVIDIA H200, sm_90'" 30
sleep 0.5
cp "$STATE" "$WORK/short-state.json"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

start_app --no-device "$WORK/long.json"
wait_for "s['report_error'] == '' and s['report_label'] is not None and s['report_label'].startswith('measured on NNN')" 30
sleep 0.5
screenshot_not_blank "$WORK/long.png"
python3 - "$WORK/short-state.json" "$STATE" <<'PY' || fail "the long texts are not clipped"
import json, sys
short, long = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
line = long['fonts']['ui']['px'] * 1.5
bad = []
# Each view may scroll a few lines further (a clipped label can take two lines), not 5000
# characters' worth.
for name, w in long['windows'].items():
    before = short['windows'].get(name, {'scroll_max': [0, 0]})['scroll_max']
    for axis in (0, 1):
        if w['scroll_max'][axis] > before[axis] + 4 * line:
            bad.append(f"{name}: scrolls {w['scroll_max'][axis]} px (axis {axis}), {before[axis]} with short texts")
# The Device view's label: one line, inside its window.
x, y, wd, h = long['widgets'].get('device_measured_label', [0, 0, 1e9, 1e9])
wx, wy, ww, wh = long['windows']['Device']['rect']
if h > line or x + wd > wx + ww:
    bad.append(f"device label {[x, y, wd, h]} is not one line inside the Device window {[wx, wy, ww, wh]}")
# Every label that repeats the device name stays of a readable length.
for key in ('report_label', 'fragments_measured_label', 'device_recorded'):
    if len(long[key] or '') > 300:
        bad.append(f"{key} is {len(long[key])} characters")
if len(long['status']['tooltip']) > 1000:
    bad.append(f"the status strip's tooltip is {len(long['status']['tooltip'])} characters")
print('\n'.join(bad))
sys.exit(1 if bad else 0)
PY
echo "PASS"
