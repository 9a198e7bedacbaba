#!/usr/bin/env bash
# A recorded gate report opened from the command line: the pinned H200 run of the deliberately
# broken variant (n = 2048, 2026-12-01, tests/fixtures/reports/h200-gate-broken.tar.xz) shows its
# verdict with the first mismatch at row 0, col 8 (the swapped B registers put wrong values in
# column 8 onwards), and the output view flags mismatching elements: red on screen wherever a pixel
# covers one, and fitted to its canvas as that grows.
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

# map_shows_mismatches PNG [MIN_GREEN]: in the screenshot, every pixel of the map over rows 0-63 (recorded in
# full) is red exactly where its footprint (viewport: x0, y0, elements per pixel) holds a recorded
# mismatch, worked out here from the file. Zoomed out, a pixel covers many elements: one mismatch
# among them must make it red (issue 22: sampled, whole columns of mismatches were drawn green).
# Pixels with a mismatch only within one pixel of their footprint are not judged; at least MIN_GREEN
# (default 0) of those judged must have none near (and so be drawn green).
map_shows_mismatches() {
  python3 - "$BROKEN" "$STATE" "$1" "${2:-0}" <<'PY' || fail "the mismatch map hides recorded mismatches"
import json, math, struct, sys, zlib
g = json.load(open(sys.argv[1]))['gate']
bad = {(m['row'], m['col']) for m in g['mismatches']}
s = json.load(open(sys.argv[2]))
(rx, ry, rw, rh), (x0, y0, sc) = s['widgets']['output_image'], s['output_view']['viewport']
from png_rows import png_rows
w, bpp, rows = png_rows(sys.argv[3], int(ry) + int(rh) - 1)
def any_bad(r0, r1, c0, c1):
    return any((r, c) in bad for r in range(max(0, math.floor(r0)), math.ceil(r1))
               for c in range(max(0, math.floor(c0)), math.ceil(c1)))
red, green, judged, wrong = (255, 46, 31), 0, 0, []
for j in range(int(rh)):
    ya, yb = y0 + j * sc, y0 + (j + 1) * sc
    if ya < 0 or yb > 64:
        continue
    for i in range(int(rw)):
        xa, xb = x0 + i * sc, x0 + (i + 1) * sc
        if xa < 0 or xb > 2048:
            continue
        x, y = int(rx) + i, int(ry) + j
        shown = tuple(rows[y][x * bpp:x * bpp + 3]) == red
        if any_bad(ya, yb, xa, xb):
            judged += 1
            if not shown: wrong.append(('green', x, y))
        elif not any_bad(ya - sc, yb + sc, xa - sc, xb + sc):
            judged += 1
            green += 1
            if shown: wrong.append(('red', x, y))
assert judged > 100 and green >= int(sys.argv[4]), ('too few pixels judged', judged, green, sc)
assert not wrong, ('%d of %d pixels wrong, e.g. %s' % (len(wrong), judged, wrong[:5]), sc)
print('mismatch map: %d pixels at %.2f elements a pixel (%d with no mismatch near), red exactly over '
      'the mismatches' % (judged, sc, green))
PY
}
capture_screen "$WORK/map.png" || fail "neither import nor xwd is installed"
map_shows_mismatches "$WORK/map.png"
# Closing the report gives the user's own fields back (the default variant here).
click $(centre_of "s['widgets']['close_report']")
wait_for "s['gate']['has_result'] == False and s['gate']['request_variant'] == 'ldmatrix-k8'"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

# The map follows its canvas: opened while the Gate window's ladder is open (the Output view a line
# or so tall), it fits the whole canvas once the ladder closes, not the size it had when opened.
start_app --no-device
wait_for "'ladder_header' in s['widgets'] and s['output_view']['drawn']"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
open_file_dialog
xdotool type --delay 10 "$BROKEN"
xdotool key Return
wait_for "s['gate']['has_result'] and s['output_view']['has_data'] and s['output_view']['fitted']" 30
H_OPEN=$(q "s['widgets']['output_image'][3]")
click $(centre_of "s['widgets']['ladder_header']")
# Fitted: n elements over the canvas's shorter side, and the canvas far taller than with the ladder
# (which keeps the output view's least picture: 96 px less the report's result lines, which came after
# the layout had settled).
wait_for "'run_ladder' not in s['widgets'] and s['widgets']['output_image'][3] > $H_OPEN + 60"
wait_for "abs(s['output_view']['viewport'][2] * min(s['widgets']['output_image'][2:]) - 2048) < 1e-6"
sleep 0.5
capture_screen "$WORK/map-after-ladder.png"
map_shows_mismatches "$WORK/map-after-ladder.png"
# Zoomed in about row 10 (the wheel keeps the point under the cursor) until the 16 equal columns
# between mismatch runs hold whole pixels: those are green, the rest still red over every mismatch.
xdotool mousemove --window "$WID" $(python3 -c "
import json; s=json.load(open('$STATE')); r=s['widgets']['output_image']; x0,y0,sc=s['output_view']['viewport']
print(int(r[0] + (1024 - x0) / sc), int(r[1] + (10 - y0) / sc))")
for _ in 1 2 3 4 5 6 7; do xdotool click 4; sleep 0.1; done
wait_for "s['output_view']['viewport'][2] < 4 and not s['output_view']['fitted']"
xdotool mousemove --window "$WID" 5 995
sleep 0.5
capture_screen "$WORK/map-zoomed.png"
map_shows_mismatches "$WORK/map-zoomed.png" 10
app_alive || fail "fragviz exited"
echo "PASS"
