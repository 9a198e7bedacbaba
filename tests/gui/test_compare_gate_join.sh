#!/usr/bin/env bash
# A gate report opened beside a comparison of probe reports joins them: the comparison stays
# (newcomer round 25: File > Open of the ladder gate report dropped it without a word, and the
# settings saved "compare": "", so a restart did not bring it back either). The pinned 2026-12-01
# Hopper probe report is shown, compared with that day's probe report; then the ladder gate report
# opens through File > Open report. The comparison is still the one between the two probe reports
# (A is the probe file alone: B holds no gate to compare with), and its window still shows (File >
# Close comparison and Show differences follow it), and the settings written at quit name it, so a restart
# compares again.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-hopper-probe.json)" "$(fixture h200-2026-12-01-probe.json)" \
  "$(fixture h200-2026-12-01-ladder-gate.json)" "$WORK/r/" || fail "the pinned reports are missing"
A="$WORK/r/h200-2026-12-01-hopper-probe.json"
B="$WORK/r/h200-2026-12-01-probe.json"
GATE="$WORK/r/h200-2026-12-01-ladder-gate.json"


start_app --no-device "$A"
wait_for "s['report'] is not None and s['report']['probe_path'] == '$A' and s['comparison'] is None"
open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['comparison']['window_open']" 20
before=$(q "(s['comparison']['against'], s['comparison']['counts'], s['comparison']['headline'])")
[ "$(q "s['comparison']['against']")" = "report $A" ] || fail "A is $(q "s['comparison']['against']")"
echo "compared: $before"

open_report_browser
xdotool type --delay 20 "$GATE"
wait_for "s['file_browser']['typed'] == '$GATE'"
xdotool key Return
wait_for "s['report']['probe_path'] == '$A' and s['report']['gate_path'] == '$GATE' and s['gate']['origin'] == '$GATE'" 20
# The comparison stays, as it was: between the two probe reports.
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['comparison']['window_open']"
after=$(q "(s['comparison']['against'], s['comparison']['counts'], s['comparison']['headline'])")
[ "$after" = "$before" ] || fail "the comparison changed when the gate report joined: $before -> $after"
wait_for "'compare_headline' in s['widgets'] and s['compare_error'] == ''"
quit_app
python3 - "$WORK/cfg/settings.json" "$A" "$GATE" "$B" <<'PY' || fail "the comparison was not saved: $(cat "$WORK/cfg/settings.json")"
import json, sys
r = json.load(open(sys.argv[1]))['reports']
assert (r['probe'], r['gate'], r['compare']) == tuple(sys.argv[2:5]), r
PY

# A restart shows the same three files and the same comparison.
start_app --no-device
wait_for "s['report'] is not None and s['report']['probe_path'] == '$A' and s['report']['gate_path'] == '$GATE'" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['settings_notices'] == []" 20
again=$(q "(s['comparison']['against'], s['comparison']['counts'], s['comparison']['headline'])")
[ "$again" = "$before" ] || fail "the restart compares otherwise: $before -> $again"
quit_app
echo "PASS"
