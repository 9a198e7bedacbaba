#!/usr/bin/env bash
# Newcomer round 30: the status strip's "reopen report" showed only while no report was open. With a
# probe report and a gate report open, closing the gate report left no way back from the strip, and
# opening another report dropped Reopen altogether. Now Reopen is offered whenever a report was
# closed, in the strip (naming the part beside an open report) and in the File menu; opening another
# report keeps it; a Reopen over a report shown since keeps the files it replaced for the next Reopen.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-probe.json)" "$(fixture h200-2026-12-01-ladder-gate.json)" \
  "$(fixture h200-2026-12-01-hopper-probe.json)" "$WORK/r/" || fail "the pinned reports are missing"
PROBE="$WORK/r/h200-2026-12-01-probe.json"
GATE="$WORK/r/h200-2026-12-01-ladder-gate.json"
HOPPER="$WORK/r/h200-2026-12-01-hopper-probe.json"

# open_file PATH COND: File > Open report PATH, until COND.
open_file() {
  open_report_browser
  xdotool type --delay 20 "$1"
  wait_for "s['file_browser']['typed'] == '$1'"
  xdotool key Return
  wait_for "$2" 20
}
label() { q "s['text_lines']['reopen_report']['text'] if 'reopen_report' in s['text_lines'] else None"; }

start_app --no-device "$PROBE"
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE'"
open_file "$GATE" "s['report'] is not None and s['report']['gate_path'] == '$GATE'"
# The gate report closed, the probe report stays: the strip offers the gate report back.
click $(centre_of "s['widgets']['close_gate_report']")
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['closed_report'] is not None"
wait_for "'reopen_report' in s['widgets']" 5 || fail "no reopen in the strip beside the probe report"
[ "$(label)" = "reopen gate report" ] || fail "the strip's reopen reads '$(label)'"
click $(centre_of "s['widgets']['reopen_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and s['report']['gate_path'] == '$GATE'" ||
  fail "the strip's reopen did not bring the gate report back"
wait_for "s['closed_report'] is None and 'reopen_report' not in s['widgets']"

# Closed again, then another probe report opened over the probe report: Reopen stays offered, in the
# strip and in the File menu, and brings the gate report back beside the new probe report.
click $(centre_of "s['widgets']['close_gate_report']")
wait_for "s['report'] is not None and s['report']['gate_path'] == '' and s['closed_report'] is not None"
open_file "$HOPPER" "s['report'] is not None and s['report']['probe_path'] == '$HOPPER'"
wait_for "s['closed_report'] is not None and s['closed_report']['gate_path'] == '$GATE'" 5 ||
  fail "opening another report dropped Reopen: $(q "s['closed_report']")"
wait_for "'reopen_report' in s['widgets']" 5 || fail "no reopen in the strip after another report was opened"
file_menu_item menu_reopen_report
wait_for "s['report'] is not None and s['report']['probe_path'] == '$HOPPER' and s['report']['gate_path'] == '$GATE'" ||
  fail "File > Reopen did not bring the gate report back beside $HOPPER"
wait_for "s['closed_report'] is None"

# A Reopen that replaces a file: the Hopper probe report closed, the first probe report opened, then
# Reopen brings the Hopper one back over it, and the first waits in Reopen in its turn.
click $(centre_of "s['widgets']['close_probe_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '' and s['closed_report']['probe_path'] == '$HOPPER'"
open_file "$PROBE" "s['report'] is not None and s['report']['probe_path'] == '$PROBE'"
wait_for "'reopen_report' in s['widgets']" 5
[ "$(label)" = "reopen probe report" ] || fail "the strip's reopen reads '$(label)'"
click $(centre_of "s['widgets']['reopen_report']")
wait_for "s['report'] is not None and s['report']['probe_path'] == '$HOPPER' and s['report']['gate_path'] == '$GATE'"
wait_for "s['closed_report'] is not None and s['closed_report']['probe_path'] == '$PROBE' and s['closed_report']['gate_path'] == ''" 5 ||
  fail "the probe report the Reopen replaced is not kept for the next Reopen: $(q "s['closed_report']")"
quit_app
echo "PASS"
