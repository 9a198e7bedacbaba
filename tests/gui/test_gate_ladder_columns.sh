#!/usr/bin/env bash
# Every column of the gate panel's ladder table is readable at the default window size with a
# recorded bench open (newcomer round 9: the table was as wide as the 480 px panel and its last
# columns were cut off): the table stays inside the panel, each column has the width its header
# needs, and the table scrolls sideways to the last one while geometry and variant stay in view.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
[ -f "$BENCH" ] || fail "the pinned bench CSV is missing"
start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'ladder_table' in s['widgets'] and 'ladder_col:verdict' in s['widgets']"
COLS="geometry variant n ms TFLOP/s x_cuBLAS registers shared_B spills_B verdict"
# check WHICH: the table lies inside the gate panel, and the columns WHICH (or all) lie inside the
# table, each header wide enough for its text (ImGui sizes a fixed-fit column to its header).
check() {
  python3 - "$STATE" "$@" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
w = s['widgets']
g = s['windows']['Gate: exact matmul']['rect']
t = w['ladder_table']
assert t[0] >= g[0] - 0.5 and t[0] + t[2] <= g[0] + g[2] + 0.5, ('table outside the panel', t, g)
for name in sys.argv[2:]:
    c = w['ladder_col:' + name.replace('_', ' ')]
    assert c[0] >= t[0] - 2 and c[0] + c[2] <= t[0] + t[2] + 2, ('column not in view', name, c, t)
PY
}
check geometry variant n || fail "the ladder table's first columns are not in view"
# The rest come into view as the table scrolls sideways (shift+wheel over it); the first two stay.
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['ladder_col:n']")
seen=""
for _ in $(seq 40); do
  for c in $COLS; do
    case " $seen " in *" $c "*) continue ;; esac
    check "$c" 2>/dev/null && seen="$seen $c"
  done
  check verdict 2>/dev/null && break
  xdotool keydown shift click 5 keyup shift
  sleep 0.15
done
for c in $COLS; do
  case " $seen " in *" $c "*) ;; *) fail "column $c never came into view in the table" ;; esac
done
check geometry variant verdict || fail "scrolled to the end, geometry and variant left the view"
quit_app
echo "PASS"
