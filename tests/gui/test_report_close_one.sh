#!/usr/bin/env bash
# Issue 22 (s25b): closing one thing closes one thing. A probe report, a gate report and a
# comparison open together: the File menu has an item for each, saying which it closes ("Close probe
# report F.json", "Close gate report G.json", "Close comparison"), as the status strip has "close
# probe report" and "close gate report"; each close takes its own file away and nothing else (Close
# report took both reports and the comparison). settings.json then forgets only the one closed.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-probe.json)" "$(fixture h200-2026-12-01-ladder-gate.json)" "$WORK/r/" ||
  fail "the pinned probe and gate reports are missing"
PROBE="$WORK/r/h200-2026-12-01-probe.json"
GATE="$WORK/r/h200-2026-12-01-ladder-gate.json"
PN=h200-2026-12-01-probe.json
GN=h200-2026-12-01-ladder-gate.json

# open_gate: the gate report opened beside the probe report shown, through File > Open report.
open_gate() {
  open_report_browser
  xdotool type --delay 20 "$GATE"
  wait_for "s['file_browser']['typed'] == '$GATE'"
  xdotool key Return
  wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '$GATE'" 20
}
compare_with() {
  open_compare_browser
  xdotool type --delay 20 "$1"
  wait_for "s['compare_browser']['typed'] == '$1'"
  xdotool key Return
  wait_for "s['comparison'] is not None and s['comparison']['path'] == '$1'" 20
}

start_app --no-device "$PROBE"
wait_for "s['report'] is not None and s['report_label'] == 'measured on NVIDIA H200, sm_90'"
open_gate
compare_with "$PROBE"

# The File menu names each close and its file.
file_menu_item menu_close_gate_report
wait_for "s['report'] is not None and s['gate']['has_result'] == False" ||
  fail "File > Close gate report did not close the gate report"
# The probe report and the comparison stay; the headline names the probe file alone.
wait_for "s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '' and s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "'$PN' in s['report']['headline'] and '$GN' not in s['report']['headline']"
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE'"
wait_for "s['closed_report'] == {'probe_path': '', 'gate_path': '$GATE', 'compare_path': '', 'name': '$GN'}"
# The menu's texts, read when it was open with both reports: checked now with the gate one again.
open_gate
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE'" 20
click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_close_probe_report' in s['text_lines'] and 'menu_close_gate_report' in s['text_lines']"
wait_for "s['text_lines']['menu_close_probe_report']['text'] == 'Close probe report $PN'"
wait_for "s['text_lines']['menu_close_gate_report']['text'] == 'Close gate report $GN'"
wait_for "'menu_close_comparison' in s['widgets'] and 'menu_close_report' not in s['widgets']"
xdotool key Escape
wait_for "'menu_close_probe_report' not in s['widgets']"
# Close gate report once more; quit: settings.json keeps the probe report and the comparison.
file_menu_item menu_close_gate_report
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['comparison'] is not None"
quit_app
python3 - "$WORK/cfg/settings.json" "$PROBE" <<'PY' || fail "settings.json after Close gate report: $(cat "$WORK/cfg/settings.json")"
import json, sys
r = json.load(open(sys.argv[1]))['reports']
assert (r['probe'], r['gate'], r['compare']) == (sys.argv[2], '', sys.argv[2]), r
PY

# The restart brings back the probe report and the comparison, not the gate report.
start_app --no-device
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == ''" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE' and s['gate']['has_result'] == False" 20
# Now the other way: the gate report back, compared with itself; the strip's "close probe report"
# closes the probe report alone: the gate run and the comparison stay.
open_gate
compare_with "$GATE"
wait_for "'close_probe_report' in s['widgets'] and 'close_gate_report' in s['widgets'] and 'close_report' not in s['widgets']"
click $(centre_of "s['widgets']['close_probe_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '' and s['report']['gate_path'] == '$GATE'" ||
  fail "the strip's close probe report did not leave the gate report"
wait_for "s['report_label'] is None and s['gate']['has_result'] == True and s['gate']['origin'] == '$GATE'"
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$GATE'"
wait_for "s['closed_report'] == {'probe_path': '$PROBE', 'gate_path': '', 'compare_path': '', 'name': '$PN'}"
# One report left: one close, its own name.
file_menu_item menu_close_report
wait_for "s['report'] is None and s['gate']['has_result'] == False"
# Nothing left to compare with (no device here): the comparison waits in this close's undo.
wait_for "s['comparison'] is None and s['closed_report'] == {'probe_path': '', 'gate_path': '$GATE', 'compare_path': '$GATE', 'name': '$GN'}"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json after closing both: $(cat "$WORK/cfg/settings.json")"
import json, sys
r = json.load(open(sys.argv[1]))['reports']
assert (r['probe'], r['gate']) == ('', ''), r
PY
echo "PASS"
