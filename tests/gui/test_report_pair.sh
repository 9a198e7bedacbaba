#!/usr/bin/env bash
# A probe report and a gate report open together: they describe different views. The pinned H200
# probe report is opened from the command line, then the pinned gate report through File > Open
# report: the probe report's data stays shown beside the gate run (opening the gate report used to
# drop it), the status strip names both files, and each closes on its own (test_report_close_one.sh)
# with an undo: "reopen report" in the status strip, "Reopen <files>" in the File menu. Close
# comparison has the same undo ("reopen comparison", File > Reopen comparison with <file>).
source "$(dirname "$0")/lib.sh"
gui_init "$@"

# Copies (the last part deletes one), under the pinned files' names.
mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-probe.json)" "$(fixture h200-2026-12-01-ladder-gate.json)" "$WORK/r/" ||
  fail "the pinned probe and gate reports are missing"
PROBE="$WORK/r/h200-2026-12-01-probe.json"
GATE="$WORK/r/h200-2026-12-01-ladder-gate.json"

start_app --no-device "$PROBE"
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "s['gate']['has_result'] == False"

open_report_browser
xdotool type --delay 20 "$GATE"
wait_for "s['file_browser']['typed'] == '$GATE'"
xdotool key Return
wait_for "s['gate']['has_result'] == True and s['gate']['origin'] == '$GATE'" 20
# The probe report is still shown, beside the gate run.
wait_for "s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '$GATE'"
wait_for "s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "'h200-2026-12-01-probe.json' in s['report']['headline'] and 'h200-2026-12-01-ladder-gate.json' in s['report']['headline']"
echo "headline: $(q "s['report']['headline']")"

# A comparison against both (the probe file again as B).
open_compare_browser
xdotool type --delay 20 "$PROBE"
wait_for "s['compare_browser']['typed'] == '$PROBE'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE'" 20


# Both closed, one after the other (the strip's "close gate report", then its "close report" for the
# probe report left): the comparison, with nothing left to compare with, goes with the last.
click $(centre_of "s['widgets']['close_gate_report']")
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['comparison'] is not None"
wait_for "'close_report' in s['widgets']"
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None and s['gate']['has_result'] == False and s['report_label'] is None"
wait_for "s['comparison'] is None"
# A close has an undo (newcomer round 18: one click lost both files and the comparison): the
# status strip's "reopen report", where "close report" was, opens the file again with its comparison.
wait_for "s['closed_report'] == {'probe_path': '$PROBE', 'gate_path': '', 'compare_path': '$PROBE', 'name': 'h200-2026-12-01-probe.json'}"
click $(centre_of "s['widgets']['reopen_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == ''" 20
wait_for "s['report_label'] == 'measured on NVIDIA H200, sm_90'"
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE' and s['closed_report'] is None"

# And from the File menu: "Reopen <file>" after the gate report was closed (opened again first).
open_report_browser
xdotool type --delay 20 "$GATE"
wait_for "s['file_browser']['typed'] == '$GATE'"
xdotool key Return
wait_for "s['report'] is not None and s['report']['gate_path'] == '$GATE' and s['comparison'] is not None" 20
file_menu_item menu_close_gate_report
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['closed_report'] is not None"
file_menu_item menu_reopen_report
wait_for "s['report'] is not None and s['report']['gate_path'] == '$GATE' and s['comparison'] is not None" 20

# Close comparison has its undo too (issue 22: only browsing again brought it back): the Differences
# window's "close comparison", then the status strip's "reopen comparison"; then File > Close
# comparison and File > "Reopen comparison with <file>".
click $(centre_of "s['widgets']['compare_close']")
wait_for "s['comparison'] is None and s['closed_comparison'] == '$PROBE' and s['report'] is not None"
click $(centre_of "s['widgets']['reopen_comparison']")
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE' and s['closed_comparison'] is None" 20
file_menu_item menu_close_comparison
wait_for "s['comparison'] is None and s['closed_comparison'] == '$PROBE'"
file_menu_item menu_reopen_comparison
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE' and s['closed_comparison'] is None" 20

# Issue 22 (newcomer round 20): Close comparison, then the reports: Reopen brings back the last
# report and the comparison (it brought the report alone). Closing the gate report leaves the
# comparison's own undo as it was; the last report closed takes it into its undo.
file_menu_item menu_close_comparison
wait_for "s['comparison'] is None and s['closed_comparison'] == '$PROBE'"
click $(centre_of "s['widgets']['close_gate_report']")
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['closed_comparison'] == '$PROBE'"
wait_for "'close_report' in s['widgets']"
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None and s['closed_report'] is not None and s['closed_report']['compare_path'] == '$PROBE'"
click $(centre_of "s['widgets']['reopen_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE'" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE'" 20
open_report_browser
xdotool type --delay 20 "$GATE"
wait_for "s['file_browser']['typed'] == '$GATE'"
xdotool key Return
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '$GATE'" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE'" 20
quit_app
python3 - "$WORK/cfg/settings.json" "$PROBE" "$GATE" <<'PY' || fail "the open reports were not saved: $(cat "$WORK/cfg/settings.json")"
import json, sys
r = json.load(open(sys.argv[1]))['reports']
assert r == {'probe': sys.argv[2], 'gate': sys.argv[3], 'compare': sys.argv[2], 'bench': '', 'recent': [sys.argv[3], sys.argv[2]]}, r
PY

# A restart opens the reports and the comparison open at quit again (they were lost).
start_app --no-device
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '$GATE'" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$PROBE' and s['settings_notices'] == []" 20
# File > Recent reports: the last paths opened, most recent first; one opens again from there (the
# probe file over the gate file keeps the gate part: it joins it).
wait_for "s['recent_reports'] == ['$GATE', '$PROBE']"
file_menu_item menu_recent_reports
wait_for "s['recent_items'] == [{'label': '$GATE', 'enabled': True}, {'label': '$PROBE', 'enabled': True}]"
click $(centre_of "s['widgets']['menu_recent_1']")
wait_for "s['recent_reports'] == ['$PROBE', '$GATE'] and s['comparison'] is None and s['report']['gate_path'] == '$GATE'" 20
quit_app

# The probe file deleted: the next start opens the gate report alone, says once in the status strip
# that the probe report is gone, and lists it in Recent reports as missing, disabled.
rm "$PROBE"
start_app --no-device
wait_for "s['report'] is not None and s['report']['gate_path'] == '$GATE' and s['report']['probe_path'] == ''" 20
wait_for "s['settings_notices'] == ['the report open at the last quit, $PROBE, is gone: started without it'] and 'settings_notice' in s['widgets']"
file_menu_item menu_recent_reports
wait_for "s['recent_items'] == [{'label': '$PROBE (missing)', 'enabled': False}, {'label': '$GATE', 'enabled': True}]"
xdotool key Escape
app_alive || fail "fragviz exited after a saved report was deleted"
quit_app
python3 - "$WORK/cfg/settings.json" "$GATE" <<'PY' || fail "the gone report stayed in the settings: $(cat "$WORK/cfg/settings.json")"
import json, sys
r = json.load(open(sys.argv[1]))['reports']
assert r['probe'] == '' and r['gate'] == sys.argv[2], r
PY
echo "PASS"
