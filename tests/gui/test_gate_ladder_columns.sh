#!/usr/bin/env bash
# The gate panel's ladder table fits its panel at the default window size with a recorded bench
# open (newcomer round 9: the table was as wide as the 480 px panel and its last columns were cut
# off; newcomer round 26: they were then reached only by scrolling sideways): geometry, variant, n,
# TFLOP/s, x cuBLAS and verdict lie inside the table with no sideways scroll. Each row's tooltip
# gives every figure of its row, its ms, registers, shared and spill bytes too (checked against the
# bench CSV). "more columns" shows those four as columns; that wider table scrolls sideways to its
# last column while geometry and variant stay in view.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
[ -f "$BENCH" ] || fail "the pinned bench CSV is missing"
start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and 'ladder_header' in s['widgets']"
wait_for "'ladder_rung:1' in s['widgets']"  # a bench opened opens the ladder
wait_for "'ladder_table' in s['widgets'] and 'ladder_col:verdict' in s['widgets']"
# check WHICH: the table lies inside the gate panel, and the columns WHICH lie inside the table.
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
sleep 0.5
check geometry variant n TFLOP/s x_cuBLAS verdict || fail "the ladder table's columns do not fit the gate panel"
[ "$(q "s['gate_ladder']['scroll_max_x']")" = 0.0 ] ||
  fail "the ladder table still scrolls sideways by $(q "s['gate_ladder']['scroll_max_x']") px"
for c in ms registers shared_B spills_B; do
  [ "$(q "'ladder_col:${c/_/ }' in s['widgets']")" = False ] || fail "column $c shows by default"
done

# A row's tooltip: the first row that ran (ldmatrix-k8 at n 1024 in the CSV), hovered over its n cell.
read -r VARIANT N MS REGS SMEM SPILL <<<"$(python3 - "$BENCH" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r['variant'] != 'cublas' and r['registers']:
        # ms as the table shows it, to 4 decimals
        print(r['variant'], r['n'], f"{float(r['ms']):.4f}", r['registers'], r['smem_bytes'], r['spill_bytes'])
        break
PY
)"
[ "$(q "s['gate_ladder']['table'][0]['variant']")" = "$VARIANT" ] || fail "the first row is not $VARIANT"
read -r _ Y <<<"$(centre_of "s['widgets']['ladder_variant']")"
NX=$(python3 -c "import json; s=json.load(open('$STATE')); c=s['widgets']['ladder_col:n']; print(int(c[0] + c[2] / 2))")
xdotool mousemove --window "$WID" "$NX" "$Y"
wait_for "s['gate_ladder']['row_tip'] != ''" 5 || fail "hovering a ladder row shows no tooltip"
TIP=$(q "s['gate_ladder']['row_tip']")
for want in "$VARIANT" "n = $N" "$MS ms" "registers $REGS" "shared $SMEM B" "spills $SPILL B"; do
  case "$TIP" in *"$want"*) ;; *) fail "the row's tooltip lacks '$want': $TIP" ;; esac
done
xdotool mousemove --window "$WID" 5 995

# The other columns on request: the wider table scrolls sideways, geometry and variant stay.
click $(centre_of "s['widgets']['ladder_resource_columns']")
wait_for "s['gate_ladder']['resource_columns'] and 'ladder_col:spills B' in s['widgets']" 5
COLS="geometry variant n ms TFLOP/s x_cuBLAS registers shared_B spills_B verdict"
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
