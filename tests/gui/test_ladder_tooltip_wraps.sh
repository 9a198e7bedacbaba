#!/usr/bin/env bash
# The ladder rows' tooltips stay on the display (newcomer round 25: rungs 7 and 10's technique ran
# off its right edge as one line): hovering each rung's variant name shows a tooltip that lies
# wholly inside the display, its text wrapped (text_tooltip).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
[ -f "$BENCH" ] || fail "the pinned bench CSV is missing"
start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'ladder_rung:7' in s['widgets']"
for rung in 7 10; do
  wait_for "'ladder_rung:$rung' in s['widgets']" 10 || fail "rung $rung's row is not drawn"
  xdotool mousemove --window "$WID" $(centre_of "s['widgets']['ladder_rung:$rung']")
  wait_for "s['tooltip_rect'] is not None" 10 || fail "no tooltip over rung $rung"
  sleep 0.3
  python3 - "$STATE" "$rung" <<'PY' || fail "rung $rung's tooltip runs off the display"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['tooltip_rect']
dw, dh = s['display']['pixel_size']
print('tooltip', [x, y, w, h], 'display', [dw, dh])
sys.exit(0 if x >= -0.5 and x + w <= dw + 0.5 else 1)
PY
  xdotool mousemove --window "$WID" 5 5
  wait_for "s['tooltip_rect'] is None" 10
done
quit_app
echo "PASS"
