#!/usr/bin/env bash
# The ladder shows a recorded bench without a GPU: the pinned H200 bench
# (tests/fixtures/bench/h200-2026-12-01-ladder-final.csv, as `fragviz-cli bench --csv` wrote it)
# named on the command line opens in the gate panel's ladder, every row with its TFLOP/s and share
# of cuBLAS as recorded, beside the rungs' geometry buttons. A probe report opened after it leaves
# it shown (they describe different views); its close button takes it away.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

BENCH="$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv"
[ -f "$BENCH" ] || fail "the pinned bench CSV is missing"
PROBE=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"

start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and s['report_error'] == ''"
# 4 sizes x 13 variants; line 42 of the file: wgmma-persistent,4096,0.17632,779.49,1.024,yes,...
wait_for "s['gate_ladder']['rows'] == 52"
wait_for "[r for r in s['gate_ladder']['table'] if r['variant'] == 'wgmma-persistent' and r['n'] == 4096] == [{'variant': 'wgmma-persistent', 'n': 4096, 'tflops': 779.49, 'ratio_to_cublas': 1.024, 'exact': True, 'refusal': ''}]"
# The table and its geometry buttons are drawn.
wait_for "'ladder_header' in s['widgets']"
wait_for "'ladder_rung:1' in s['widgets']"  # a bench opened opens the ladder
wait_for "'ladder_recorded' in s['widgets'] and 'ladder_geometry' in s['widgets']"
# The table lies below the gate panel's fold: scroll until the first row's button is inside it.
G="s['windows']['Gate: exact matmul']['rect']"
inside="(lambda w, g: w[1] >= g[1] + 20 and w[1] + w[3] <= g[1] + g[3] - 5)(s['widgets']['ladder_geometry'], $G)"
for _ in $(seq 40); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if $inside else 1)" 2>/dev/null && break
  xdotool mousemove --window "$WID" $(centre_of "$G") click 5
  sleep 0.15
done
click $(centre_of "s['widgets']['ladder_geometry']")
wait_for "s['gate_ladder']['geometry_variant'] == 'ldmatrix-k8'"

# A probe report beside it: the bench stays.
open_report_browser
xdotool type --delay 20 "$PROBE"
wait_for "s['file_browser']['typed'] == '$PROBE'"
xdotool key Return
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE'" 20
wait_for "s['gate_ladder']['recorded'] == '$BENCH' and s['gate_ladder']['rows'] == 52"

# A bench CSV that is not one is refused in words, and the bench shown stays.
printf 'variant,n\nx,1\n' >"$WORK/bad.csv"
quit_app
start_app --no-device "$WORK/bad.csv"
wait_for "'not a ladder bench CSV: line 1: the header is' in s['report_error'] and s['gate_ladder']['recorded'] == ''"
kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; APP_PID=""

start_app --no-device "$BENCH"
wait_for "s['gate_ladder']['recorded'] == '$BENCH'"
wait_for "'ladder_header' in s['widgets']"
wait_for "'ladder_rung:1' in s['widgets']"  # a bench opened opens the ladder
wait_for "'ladder_recorded_close' in s['widgets']"
G="s['windows']['Gate: exact matmul']['rect']"
inside="(lambda w, g: w[1] >= g[1] + 20 and w[1] + w[3] <= g[1] + g[3] - 5)(s['widgets']['ladder_recorded_close'], $G)"
for _ in $(seq 40); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if $inside else 1)" 2>/dev/null && break
  xdotool mousemove --window "$WID" $(centre_of "$G") click 5
  sleep 0.15
done
click $(centre_of "s['widgets']['ladder_recorded_close']")
wait_for "s['gate_ladder']['recorded'] == '' and s['gate_ladder']['rows'] == 0"
quit_app
echo "PASS"
