#!/usr/bin/env bash
# Issue 22 (newcomer, s27): a probe report compared with another, then a third report opened over
# it: the comparison went without a word, File > Close comparison greyed out and no way back. Now
# the report and the comparison it replaced wait in Reopen (as Close report keeps them), the strip
# says so, and File > Reopen brings both back. Also: the notice that the report open at the last
# quit is gone stayed up after another report was opened; it goes then.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

mkdir -p "$WORK/r"
cp "$(fixture h200-2026-12-01-probe.json)" "$(fixture h200-2026-11-29-probe.json)" \
  "$(fixture h200-2026-12-01-hopper-probe.json)" "$WORK/r/" || fail "the pinned reports are missing"
A="$WORK/r/h200-2026-12-01-probe.json"
B="$WORK/r/h200-2026-11-29-probe.json"
H="$WORK/r/h200-2026-12-01-hopper-probe.json"

# open_file PATH COND: File > Open report PATH, until COND.
open_file() {
  open_report_browser
  xdotool type --delay 20 "$1"
  wait_for "s['file_browser']['typed'] == '$1'"
  xdotool key Return
  wait_for "$2" 20
}

start_app --no-device "$A"
wait_for "s['report'] is not None and s['report']['probe_path'] == '$A' and s['comparison'] is None"
open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['comparison']['window_open']" 20
before=$(q "(s['comparison']['against'], s['comparison']['counts'], s['comparison']['headline'])")

# Another probe report opened over it: the comparison ends, and waits in Reopen with report A.
open_file "$H" "s['report'] is not None and s['report']['probe_path'] == '$H'"
wait_for "s['comparison'] is None"
wait_for "s['closed_report'] is not None" 5 || fail "opening another report left no Reopen"
[ "$(q "(s['closed_report']['probe_path'], s['closed_report']['gate_path'], s['closed_report']['compare_path'])")" = \
  "('$A', '', '$B')" ] || fail "Reopen holds $(q "s['closed_report']")"
wait_for "'reopen_report' in s['widgets'] and 'closed_compare_notice' in s['widgets']" 5 ||
  fail "the strip neither offers Reopen nor says the comparison closed"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['closed_compare_notice']")
wait_for "s['status']['tooltip'] != ''" 5
tip=$(q "s['status']['tooltip']")
[ "$tip" = 'comparison closed with its report: "reopen probe report" brings both back'$'\n'"the comparison with $B"$'\n''closed with h200-2026-12-01-probe.json' ] ||
  fail "the strip says: $tip"

# File > Reopen: report A and the comparison with B, as they were; H waits in Reopen in its turn.
file_menu_item menu_reopen_report
wait_for "s['report'] is not None and s['report']['probe_path'] == '$A'" 20
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B' and s['comparison']['window_open']" 20 ||
  fail "Reopen did not bring the comparison back"
again=$(q "(s['comparison']['against'], s['comparison']['counts'], s['comparison']['headline'])")
[ "$again" = "$before" ] || fail "the comparison came back otherwise: $before -> $again"
wait_for "s['closed_report'] is not None and s['closed_report']['probe_path'] == '$H' and s['closed_report']['compare_path'] == ''" 5 ||
  fail "the report the Reopen replaced is not kept: $(q "s['closed_report']")"
wait_for "'closed_compare_notice' not in s['widgets']" 5 || fail "the strip still says a comparison closed"
quit_app

# Report A gone since the quit: said at start, and no longer once another report is opened.
mv "$A" "$WORK/moved.json"
start_app --no-device
wait_for "s['report'] is None"
wait_for "s['settings_notices'] == ['the report open at the last quit, $A, is gone: started without it', 'the comparison with $B open at the last quit is not reopened: its report did not come back']" 10 ||
  fail "start says: $(q "s['settings_notices']")"
open_file "$H" "s['report'] is not None and s['report']['probe_path'] == '$H'"
wait_for "s['settings_notices'] == []" 5 || fail "the stale notice stays: $(q "s['settings_notices']")"
quit_app
echo "PASS"
