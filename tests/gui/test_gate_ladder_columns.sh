#!/usr/bin/env bash
# The gate panel's ladder table with a recorded bench open: one row per variant with a column group
# per size (newcomer issue 22: one row per variant and n made comparing a rung across sizes a long
# scroll). Geometry, variant, verdict and the first size's TFLOP/s and x cuBLAS lie inside the
# table at the default window size (newcomer rounds 9 and 26: the last columns were cut off or only
# reached sideways; now the other sizes' groups scroll sideways under geometry and variant, which
# stay); the variants and the cuBLAS row show with at most a little scrolling down. Each row's
# tooltip gives every figure of each size, its ms, registers, shared and spill bytes too (checked
# against the bench CSV). "more columns" shows those as columns.
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
# The sizes and variants as the CSV lists them: a group per size, a row per variant.
read -r SIZES VARIANTS FIRST <<<"$(python3 - "$BENCH" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
sizes = sorted({int(r['n']) for r in rows})
variants = []
for r in rows:
    if r['variant'] != 'cublas' and r['variant'] not in variants:
        variants.append(r['variant'])
print(','.join(map(str, sizes)), ','.join(variants), sizes[0])
PY
)"
[ "$(q "','.join(map(str, s['gate_ladder']['pivot_sizes']))")" = "$SIZES" ] || fail "the column groups are not the CSV's sizes $SIZES"
[ "$(q "','.join(r['variant'] for r in s['gate_ladder']['pivot_rows'])")" = "$VARIANTS" ] ||
  fail "the rows are not the CSV's variants, one each: $(q "[r['variant'] for r in s['gate_ladder']['pivot_rows']]")"
check geometry variant verdict "TFLOP/s_$FIRST" "x_cuBLAS_$FIRST" "n_=_$FIRST" ||
  fail "the ladder table's first columns do not fit the gate panel"
# Most of the ladder in view: at most five rows' height to scroll down (one row per variant and n
# scrolled by 40 rows here; the CUDA build's gate controls on a machine without a GPU take two lines
# more than the model-only build's, so three rows held in one build only).
ROW_H=$(q "s['widgets']['ladder_variant'][3]")
[ "$(q "s['gate_ladder']['scroll_max_y'] <= 5 * ($ROW_H + 4)")" = True ] ||
  fail "the ladder table scrolls down by $(q "s['gate_ladder']['scroll_max_y']") px, rows $ROW_H px"
for c in ms_$FIRST registers shared_B spills_B; do
  [ "$(q "'ladder_col:${c//_/ }' in s['widgets']")" = False ] || fail "column $c shows by default"
done

# A row's tooltip: the first variant that ran (ldmatrix-k8 in the CSV), hovered over its first
# TFLOP/s cell: its figures at that size, and every size it has.
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
NX=$(python3 -c "import json; s=json.load(open('$STATE')); c=s['widgets']['ladder_col:TFLOP/s $FIRST']; print(int(c[0] + c[2] / 2))")
xdotool mousemove --window "$WID" "$NX" "$Y"
wait_for "s['gate_ladder']['row_tip'] != ''" 5 || fail "hovering a ladder row shows no tooltip"
TIP=$(q "s['gate_ladder']['row_tip']")
for want in "$VARIANT" "n = $N: $MS ms" "registers $REGS" "shared $SMEM B" "spills $SPILL B"; do
  case "$TIP" in *"$want"*) ;; *) fail "the row's tooltip lacks '$want': $TIP" ;; esac
done
# Each size of the variant, with its ms as the CSV records it.
TIP="$TIP" python3 - "$BENCH" "$VARIANT" <<'PY' || fail "the row's tooltip lacks a size's figures: $TIP"
import csv, os, sys
tip = os.environ['TIP']
for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#')):
    if r['variant'] == sys.argv[2]:
        want = f"n = {r['n']}: {float(r['ms']):.4f} ms" if r['ms'] else f"n = {r['n']}: not run"
        assert want in tip, want
PY
xdotool mousemove --window "$WID" 5 995

# The other columns on request: the wider table scrolls sideways, geometry and variant stay.
click $(centre_of "s['widgets']['ladder_resource_columns']")
wait_for "s['gate_ladder']['resource_columns'] and 'ladder_col:spills B' in s['widgets']" 5
LAST=${SIZES##*,}
COLS="geometry variant verdict ms_$FIRST TFLOP/s_$FIRST ms_$LAST TFLOP/s_$LAST x_cuBLAS_$LAST registers shared_B spills_B"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['ladder_col:TFLOP/s $FIRST']")
# in_view NAME...: those of the columns NAME that lie inside the table, one state read.
in_view() {
  python3 - "$STATE" "$@" <<'PY' 2>/dev/null
import json, sys
s = json.load(open(sys.argv[1]))
w = s['widgets']
t = w['ladder_table']
for name in sys.argv[2:]:
    c = w.get('ladder_col:' + name.replace('_', ' '))
    if c and c[0] >= t[0] - 2 and c[0] + c[2] <= t[0] + t[2] + 2:
        print(name)
PY
}
seen=""
for _ in $(seq 40); do
  now=$(in_view $COLS)
  seen="$seen $(echo $now)"
  case " $(echo $now) " in *" spills_B "*) break ;; esac
  xdotool keydown shift click 5 keyup shift
  sleep 0.15
done
for c in $COLS; do
  case " $seen " in *" $c "*) ;; *) fail "column $c never came into view in the table" ;; esac
done
check geometry variant spills_B || fail "scrolled to the end, geometry and variant left the view"
quit_app
echo "PASS"
