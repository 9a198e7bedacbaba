#!/usr/bin/env bash
# A recorded gate report opened from the command line: the pinned H200 run of the deliberately
# broken variant (n = 2048, 2026-12-01, tests/fixtures/reports/h200-gate-broken.tar.xz) shows its
# verdict with the first mismatch at row 0, col 8 (the swapped B registers put wrong values in
# column 8 onwards), and the output view flags mismatching elements.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

BROKEN=$(broken_gate_report) || fail "the pinned broken-gate report is missing"
echo "report: $BROKEN"
start_app --no-device "$BROKEN"
wait_for "s['report_error'] == '' and s['gate']['has_result'] == True" 30
wait_for "s['gate']['exact'] == False and s['gate']['variant'] == 'broken-swap-b'"
wait_for "s['gate']['first_mismatch'] == [0, 8] and s['gate']['mismatch_count'] > 0"
wait_for "'first at row 0, col 8' in s['gate']['verdict_shown']"
wait_for "s['output_view']['drawn'] and s['output_view']['has_data'] and s['output_view']['flagged'] > 0"
wait_for "s['output_view']['n'] == s['gate']['n']"
echo "verdict: $(q "s['gate']['verdict_shown']")"
# Issue 22: the Gate window's fields name the run shown (the picker kept the default ldmatrix-k8
# over broken-swap-b's verdict), and the spot-check line says what it checks: the reference, not
# the kernel ("0 failed" beside 2M mismatches read as a contradiction). 2048 checks, 0 failed: the
# file's spot_checks and spot_check_failures.
wait_for "s['gate']['request_variant'] == 'broken-swap-b' and s['gate']['request_n'] == 2048 and s['gate']['request_seed'] == 1"
wait_for "s['gate']['other_variant_note'] == ''"
wait_for "'the reference (not the kernel) re-checked in double at 2048 elements: 0 failed' in s['gate']['spot_checks_line']"
# The report records only the first of its mismatches (row-major); every cell after the last
# recorded one is unknown and must not be drawn as correct: the view says up to where it knows.
# Read off the file by hand: mismatch_count 2096642, 65536 entries in "mismatches", the last at
# row 64, col 11 (the first at row 0, col 8).
python3 - "$BROKEN" "$STATE" <<'PY' || fail "output view does not mark the unrecorded cells"
import json, sys
g = json.load(open(sys.argv[1]))['gate']
assert (g['mismatch_count'], len(g['mismatches'])) == (2096642, 65536), "not the pinned report"
assert (g['mismatches'][-1]['row'], g['mismatches'][-1]['col']) == (64, 11), "not the pinned report"
ov = json.load(open(sys.argv[2]))['output_view']
assert ov['known_until'] == [64, 11], ov['known_until']
assert 'not recorded' in ov['text'] and '2,096,642' in ov['text'] and '65,536' in ov['text'], ov['text']
assert 'rows 0-64' in ov['text'], ov['text']
print('output text:', ov['text'])
PY
echo "output view: $(q "s['output_view']['flagged']") elements flagged of $(q "s['output_view']['n']")^2"
# Without a device the Run gate button stays disabled even with a recorded result on screen.
wait_for "s['gate']['button_enabled'] == False"
screenshot_not_blank "$WORK/gate-broken.png"
# Closing the report gives the user's own fields back (the default variant here).
click $(centre_of "s['widgets']['close_report']")
wait_for "s['gate']['has_result'] == False and s['gate']['request_variant'] == 'ldmatrix-k8'"
app_alive || fail "fragviz exited"
echo "PASS"
