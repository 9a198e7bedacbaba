#!/usr/bin/env bash
# A recorded gate report opened from the command line: the committed H200 run of the deliberately
# broken variant (docs/device-runs/*/gate-broken-report.json) shows its verdict with the first
# mismatch at row 0, col 8 (the swapped B registers put wrong values in column 8 onwards), and the
# output view flags mismatching elements. Skipped, with a note, until such a report is committed.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

BROKEN=$(device_report gate-broken-report.json)
if [ -z "$BROKEN" ]; then
  echo "note: no docs/device-runs/*/gate-broken-report.json; skipped"
  exit 77
fi
echo "report: $BROKEN"
start_app --no-device "$BROKEN"
wait_for "s['report_error'] == '' and s['gate']['has_result'] == True" 30
wait_for "s['gate']['exact'] == False and s['gate']['variant'] == 'broken-swap-b'"
wait_for "s['gate']['first_mismatch'] == [0, 8] and s['gate']['mismatch_count'] > 0"
wait_for "'first at row 0, col 8' in s['gate']['verdict_shown']"
wait_for "s['output_view']['drawn'] and s['output_view']['has_data'] and s['output_view']['flagged'] > 0"
wait_for "s['output_view']['n'] == s['gate']['n']"
echo "verdict: $(q "s['gate']['verdict_shown']")"
# The report records only the first of its mismatches (row-major); every cell after the last
# recorded one is unknown and must not be drawn as correct: the view says up to where it knows.
python3 - "$BROKEN" "$STATE" <<'PY' || fail "output view does not mark the unrecorded cells"
import json, sys
r = json.load(open(sys.argv[1]))
g = r.get('gate', r)
s = json.load(open(sys.argv[2]))
ov = s['output_view']
mm, count = g['mismatches'], g['mismatch_count']
def rc(m):
    return [m['row'], m['col']] if isinstance(m, dict) else [m[0], m[1]]
if count > len(mm):
    last = rc(mm[-1])
    assert ov['known_until'] == last, (ov['known_until'], last)
    assert 'not recorded' in ov['text'] and f"{count:,}" in ov['text'] and f"{len(mm):,}" in ov['text'], ov['text']
    assert f"rows 0-{last[0]}" in ov['text'], ov['text']
else:
    assert ov['known_until'] is None, ov['known_until']
print('output text:', ov['text'])
PY
echo "output view: $(q "s['output_view']['flagged']") elements flagged of $(q "s['output_view']['n']")^2"
# Without a device the Run gate button stays disabled even with a recorded result on screen.
wait_for "s['gate']['button_enabled'] == False"
screenshot_not_blank "$WORK/gate-broken.png"
app_alive || fail "fragviz exited"
echo "PASS"
