#!/usr/bin/env bash
# A report that fails to open says why in full, in a window that stays until the user closes it,
# and leaves what was open alone (issue 22: File > Open report of a truncated file showed the error
# cut to the status strip's share, "...not a JSON documen..."). With the pinned probe report open:
#  1. A truncated copy of it (Ctrl+O): the Messages window opens by itself, listing the strip's
#     whole "Could not open report: <error>"; the probe report is still the one shown.
#  2. Closed with its Close button, it stays closed.
#  3. A file of another format (a settings file): the window opens again with that error first;
#     the probe report is still shown.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
PROBE=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned probe report is missing"
size=$(stat -c %s "$PROBE")
head -c $((size / 2)) "$PROBE" >"$WORK/truncated.json"
echo '{"format": "fragviz-settings", "version": 1, "windows": {}}' >"$WORK/settings-not-a-report.json"
start_app --no-device "$PROBE"
LABEL='measured on NVIDIA H200, sm_90'
wait_for "s['report_label'] == '$LABEL' and s['report_error'] == '' and not s['messages']['open']"

# open_bad FILE: Ctrl+O, the file's path, Enter, until the app reports FILE's error.
open_bad() {
  open_file_dialog
  xdotool type --delay 10 "$1"
  xdotool key Return
  wait_for "'$(basename "$1")' in s['report_error']"
}
# shown_whole: the Messages window is open and its first failed open is the strip's error, whole.
shown_whole() {
  wait_for "s['messages']['open'] and 'messages_window' in s['widgets']" ||
    fail "no window shows the whole error: $(q "s['report_error']")"
  wait_for "[m for m in s['messages']['shown'] if m.startswith('Could not open report: ')][0] == 'Could not open report: ' + s['report_error']"
}
kept() {
  wait_for "s['report_label'] == '$LABEL' and s['report'] is not None and s['report']['path'] == '$PROBE'" ||
    fail "the open probe report was dropped: $(q "s['report_label']")"
}

# 1. Truncated.
open_bad "$WORK/truncated.json"
shown_whole
kept
echo "truncated: $(q "s['report_error']")"

# 2. Closed, it stays closed.
click $(centre_of "s['widgets']['messages_close']")
wait_for "not s['messages']['open']"
sleep 1
[ "$(q "s['messages']['open']")" = False ] || fail "the Messages window opened again by itself"
kept

# 3. Another format.
open_bad "$WORK/settings-not-a-report.json"
shown_whole
kept
echo "wrong format: $(q "s['report_error']")"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
