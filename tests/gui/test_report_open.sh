#!/usr/bin/env bash
# Opening reports: a corrupt file (command line, then File > Open report via Ctrl+O) shows the
# error and changes nothing on screen; a recorded probe report (the pinned H200 one,
# tests/fixtures/reports/h200-2026-12-01-hopper-probe.json) shows as measured data with the
# "measured on <GPU>, sm_XY" label.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

printf '{ "format": "fragviz-report", "version": ' >"$WORK/corrupt.json"
start_app --no-device "$WORK/corrupt.json"
wait_for "len(s['report_error']) > 0 and s['report_label'] is None"
wait_for "s['controls']['pad_halves'] == 8 and s['selected_lane'] == -1"
# A report named on the command line that fails to load says so on stderr too.
grep -q "fragviz: .*corrupt.json" "$WORK/app.log" || fail "the failed report's error is not on stderr"
screenshot_not_blank "$WORK/corrupt.png"

# Same through the menu: an unknown version.
printf '{ "format": "fragviz-report", "version": 999 }\n' >"$WORK/future.json"
for _ in 1 2 3; do
  xdotool windowfocus --sync "$WID" 2>/dev/null
  xdotool key ctrl+o
  sleep 1
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'open_path' in s['widgets'] else 1)" && break
done
if python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'open_path' in s['widgets'] else 1)"; then
  xdotool type --delay 20 "$WORK/future.json"
  xdotool key Return
  wait_for "'future.json' in s['report_error'] or 'version' in s['report_error']"
  wait_for "s['report_label'] is None"
else
  echo "note: the Open report popup did not receive Ctrl+O under this X server; menu case skipped"
fi
app_alive || fail "fragviz exited after a corrupt report"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

# Newcomer round 7: a report whose file name is no UTF-8 ("g\xff.json") killed the app as soon as
# the state dump wrote that name (nlohmann's type_error 316). It opens, and the dump says U+FFFD.
GATE=$(fixture h200-2026-12-01-ladder-gate.json) || fail "the pinned gate report is missing"
weird="$WORK/$(printf 'g\xff').json"
cp "$GATE" "$weird"
start_app --no-device "$weird"
wait_for "s['report'] is not None and s['report_error'] == '' and '\ufffd' in s['report']['path']"
app_alive || fail "fragviz exited on a report name that is no UTF-8"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

PROBE=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned probe report is missing"
start_app --no-device "$PROBE"
wait_for "s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "s['report_error'] == ''"
echo "label: $(q "s['report_label']")"
# The recorded fragment probe is drawn as measured in the fragments view too.
wait_for "s['fragments_measured_label'] == s['report_label']"
screenshot_not_blank "$WORK/probe.png"
wait_for "s['controls']['width_halves'] == 64"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

# A recorded tile wider than the app's views (1024 halves) is refused in the one range's words,
# as fragviz-cli diff refuses it, and the user's controls stay.
python3 - "$PROBE" "$WORK/wide.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r['probe']['request']['tile']['width_halves'] = 1024
json.dump(r, open(sys.argv[2], 'w'))
PY
start_app --no-device "$WORK/wide.json"
wait_for "'probe.request.tile: tile width 1024 halves is out of range' in s['report_error'] and s['report'] is None"
wait_for "s['controls']['width_halves'] == 64"
echo "refused: $(q "s['report_error'][:160]")"
echo "PASS"
