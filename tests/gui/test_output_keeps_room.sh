#!/usr/bin/env bash
# Newcomer issue 22: with a gate report open and the Gate window's Ladder opened, the Output view
# under it shrank to a line or two (the gate view took the right column down to the output view's
# 70 px floor), its picture under the window's bottom edge. At 1600x1000 the output view keeps its
# header (colour choices, result line) and a picture at least 96 px tall, in sight. The gate view
# above gives the room: its ladder table scrolls in itself, and the shown run's lines and the History
# may scroll out of the view, but never its controls and the ladder with the table at its least rows
# (the dump's layout.gate_least): a gate view with no result (s8 m16n8k32's taller ldmatrix view
# beside it, the CUDA build's gate controls) never scrolls as a whole; where its column cannot hold
# that beside the other views' leasts, the column runs taller and scrolls by its own bar.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
G="s['windows']['Gate: exact matmul']"
O="s['windows']['Output view']"
PICTURE="s['widgets']['output_image'][3] >= 96"
# Without a gate result the picture is the ownership of an output not run: a 32 px strip at least,
# so the Ladder's table beside it keeps the room (session 27: 96 px there left 6 of its 18 rows).
OWNERSHIP="s['widgets']['output_image'][3] >= 32"

# open_ladder: the wheel over the Gate window until its Ladder header is in it (a report's verdict
# lines push it down), then a click opens it.
open_ladder() {
  for _ in $(seq 20); do
    [ "$(q "s['widgets']['ladder_header'][1] + s['widgets']['ladder_header'][3] <= $G['rect'][1] + $G['rect'][3] - 4")" = True ] && break
    xdotool mousemove $(centre_of "$G['rect']") click 5
    sleep 0.2
  done
  click $(centre_of "s['widgets']['ladder_header']")
  wait_for "'run_ladder' in s['widgets']"
}

# check_room WHAT [WHOLE [PICTURE]]: the output picture at least 96 px (or PICTURE) under its header, the output view in
# the window where its column carries no bar of its own, the gate view at least its least (WHOLE:
# not scrolled as a whole at all), no two views overlapping.
check_room() {
  local ok="${3:-$PICTURE} and $G['rect'][3] >= s['layout']['gate_least'] - 0.5 and s['layout']['gate_least'] > 100"
  [ -n "${2:-}" ] && ok="$ok and $G['scroll_max'][1] == 0"
  for _ in $(seq 50); do
    [ "$(q "$ok")" = True ] && break
    sleep 0.2
  done
  [ "$(q "$ok")" = True ] ||
    fail "$1: output picture $(q "s['widgets'].get('output_image')") in view $(q "$O['rect']"), gate view $(q "$G['rect']") (least $(q "s['layout']['gate_least']")) scrolls by $(q "$G['scroll_max'][1]")"
  python3 - "$STATE" "$1" <<'PY' || fail "$1: the output view is out of sight or the views overlap"
import json, sys
s = json.load(open(sys.argv[1]))
rects = {k: v['rect'] for k, v in s['windows'].items()}
ns = sorted(rects)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = rects[a], rects[b]
        assert not (min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0]) > 0.5 and
                    min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1]) > 0.5), (a, b)
o, p, v = rects['Output view'], s['widgets']['output_image'], s['layout']['view']
if not s['layout']['column_bars'][-1]:
    assert o[1] >= v[1] - 0.5 and o[1] + o[3] <= v[1] + v[3] + 0.5, ('output view out of sight', o, v)
print('%s: output view %s, picture %s, gate view %s (least %s)' %
      (sys.argv[2], o, p, rects['Gate: exact matmul'], s['layout']['gate_least']))
PY
}

start_app --no-device "$SRC/docs/device-runs/2026-12-01-h200-ladder-final/gate-report.json"
wait_for "s['report'] is not None and 'ladder_header' in s['widgets'] and 'Output view' in s['windows']"
wait_for "s['output_view']['drawn'] and s['output_view']['has_data']" 30
open_ladder
sleep 1
check_room "gate report, ladder open"
quit_app

# The taller ldmatrix view (s8 m16n8k32, with the recorded probe report): the column's three views
# at their leasts may need more than the window; still no view is squeezed or scrolled as a whole.
rm -rf "$WORK/cfg"
start_app --no-device "$SRC/tests/fixtures/reports/h200-2026-12-01-hopper-probe.json"
wait_for "'ladder_header' in s['widgets'] and 'Output view' in s['windows']"
pick_instruction mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
wait_for "s['controls']['instruction'] == 'mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32'"
open_ladder
sleep 1
check_room "s8 m16n8k32, ladder open" whole "$OWNERSHIP"
quit_app
echo PASS
