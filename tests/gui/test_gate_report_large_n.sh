#!/usr/bin/env bash
# A gate report at n = 65536 (the largest the gate runs): its output view is reduced to a 4096 x 4096
# flag texture (16 x 16 elements per texel, any mismatch wins), so opening it costs neither 4 GiB of
# memory nor a texture the GL cannot make, and every recorded mismatch is still counted. The report
# is the pinned H200 broken-variant run (tests/fixtures/reports/h200-gate-broken.tar.xz) with only n
# raised (its mismatches stay in range).
source "$(dirname "$0")/lib.sh"
gui_init "$@"

BROKEN=$(broken_gate_report) || fail "the pinned broken-gate report is missing"
BIG="$WORK/gate-n65536.json"
python3 - "$BROKEN" "$BIG" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["gate"]["request"]["n"] = 65536
# The same times at 32 times the size: 32^3 times the flop, so the rates scale with it.
r["gate"]["gflops"] *= 32768
r["gate"]["cublas_gflops"] *= 32768
json.dump(r, open(sys.argv[2], "w"))
PY
# Read off the file: 65536 mismatches recorded (the most a report holds) of 2096642 counted.
RECORDED=65536
[ "$(python3 -c "import json; print(len(json.load(open('$BIG'))['gate']['mismatches']))")" = $RECORDED ] ||
  fail "the pinned broken-gate report does not record $RECORDED mismatches"
start_app --no-device "$BIG"
wait_for "s['report_error'] == '' and s['gate']['has_result'] == True" 60
wait_for "s['output_view']['n'] == 65536 and s['output_view']['has_data']"
wait_for "s['output_view']['flagged'] == $RECORDED"
echo "output view: $(q "s['output_view']['flagged']") recorded mismatches flagged at n = 65536"
screenshot_not_blank "$WORK/gate-large.png"
app_alive || fail "fragviz exited"
echo "PASS"
