#!/usr/bin/env bash
# The Export dialog's top is never an empty band (issue 22, newcomer round 14): before anything is
# written, the outcome box at its top says what will show there; after an export, the outcome
# takes its place.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

start_app --no-device
wait_for "'A' in s['fragments_view']['visible']"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
wait_for "'export_outcome_hint' in s['widgets'] and 'export_message' not in s['widgets']"
python3 - "$STATE" <<'PY' || fail "the hint is not at the dialog's top"
import json, sys
s = json.load(open(sys.argv[1]))
dx, dy, dw, dh = s['widgets']['export_dialog']
hx, hy, hw, hh = s['widgets']['export_outcome_hint']
# Below the title bar (about 20 px), above the first control.
assert dy < hy < dy + 40 and hh > 0 and dx <= hx and hx + hw <= dx + dw, (s['widgets']['export_dialog'], s['widgets']['export_outcome_hint'])
assert hy < s['widgets']['export_path'][1], "the hint is below the path field"
PY
type_into export_path "s['export_dialog']['path']" "$WORK/top.svg" "s['export_dialog']['path'] == '$WORK/top.svg'"
xdotool key Return
wait_for "'export_message' in s['widgets'] and 'export_outcome_hint' not in s['widgets']"
[ -s "$WORK/top.svg" ] || fail "no $WORK/top.svg written"
quit_app
echo "PASS: the Export dialog's top says what comes there, then what was written"
