#!/usr/bin/env bash
# Issue 22: the Differences window listed the times (created_utc, kernel_ms, GFLOP/s, ...) that
# `fragviz-cli diff` hides; both list report_compare.hpp's diff_listing now. The two pinned H200 gate
# runs (2026-11-29 and 2026-12-01) differ only in their seven times (tests/unit/test_report_diff.cpp
# reads them off the files): the CLI lists none of them and the app's rows must name the same fields
# (none); with the window's "times" box, the app lists what `diff --timings` lists.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -n "$CLI" ] || fail "usage: test_compare_times.sh <fragviz> <fragviz-cli>"

A=$(fixture h200-2026-11-29-gate.json) || fail "the pinned 2026-11-29 gate report is missing"
B=$(fixture h200-2026-12-01-gate.json) || fail "the pinned 2026-12-01 gate report is missing"

# The CLI's listing, tags aside: the lines that name a field of a report ("gate.kernel_ms: A ...").
cli_lines() { "$CLI" diff "$@" "$A" "$B" | grep -E '^(gate|probe)[.:]' | sed -E 's/  \[(time|[AB] \(format version [0-9]+\) has no such field)\]$//'; }
same_lines() {  # same_lines FILE: the app's rows (state dump) name what FILE's lines name
  python3 - "$STATE" "$1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
app = sorted(s["comparison"]["lines"])
cli = sorted(l for l in open(sys.argv[2]).read().splitlines() if l)
if app != cli:
    print("only in the app:", [l for l in app if l not in cli][:3])
    print("only in the CLI:", [l for l in cli if l not in app][:3])
    sys.exit(1)
PY
}
cli_lines >"$WORK/default"
cli_lines --timings >"$WORK/timings"
[ "$(wc -l <"$WORK/default")" -eq 0 ] || fail "fragviz-cli diff lists times without --timings"
[ "$(wc -l <"$WORK/timings")" -eq 7 ] || fail "fragviz-cli diff --timings lists $(wc -l <"$WORK/timings") lines, not 7"

start_app --no-device "$A"
wait_for "s['report_path'] == '$A' and s['comparison'] is None"
open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B'" 20
wait_for "s['comparison']['timings'] == 7 and not s['comparison']['timings_listed']"
same_lines "$WORK/default" || fail "the Differences window lists other fields than fragviz-cli diff"
# The "times" box: the seven times, as `fragviz-cli diff --timings` lists them.
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['compare_timings']")
  [ "$(q "s['comparison']['timings_listed']")" = True ] && break
done
wait_for "s['comparison']['timings_listed'] and len(s['comparison']['lines']) == 7"
same_lines "$WORK/timings" || fail "with times, the window lists other fields than fragviz-cli diff --timings"
quit_app
echo "PASS"
