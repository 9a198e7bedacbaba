#!/usr/bin/env bash
# Newcomer round 33, task "which rung is fastest at 4096, and what limits it": with the README's bench
# (docs/device-runs/2026-12-07-h100-session29/bench.csv) open at 1600x1000 without a GPU, the ladder
# table showed two rows in the window: the bench's two notes and the three-line "Gate unavailable"
# reason stood above it. The notes now stand whole under the table (a line above says so), the
# reason's driver words on hover: at least eight rungs' rows lie inside the table and the window.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
BENCH="$SRC/docs/device-runs/2026-12-07-h100-session29/bench.csv"
[ -f "$BENCH" ] || fail "the README's bench is missing"
start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_table' in s['widgets'] and 'ladder_rung:1' in s['widgets']" 20
sleep 1
python3 - "$STATE" <<'PY' || fail "the ladder table shows too few rows in the window"
import json, sys
s = json.load(open(sys.argv[1]))
w = s['widgets']
x, y, width, h = w['ladder_table']
assert y + h <= s['display']['logical_size'][1], ('the table runs past the window', w['ladder_table'])
# A row's pitch, from two rung rows next to each other; the rows under the two header rows and above
# the sideways scroll bar (ImGui's 14 px).
pitch = w['ladder_rung:3'][1] - w['ladder_rung:2'][1]
rows = int((h - 2 * pitch - 14) // pitch)
print("table", w['ladder_table'], "row pitch", pitch, "rows in sight:", rows)
notes = s['gate_ladder']['recorded_notes']
assert len(notes) == 2, notes
assert s['text_lines']['ladder_notes_pointer']['text'] == '2 notes on these figures under the table'
assert rows >= 8, rows
PY
quit_app
echo "PASS"
