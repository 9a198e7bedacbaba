#!/usr/bin/env bash
# A report that fails to load keeps its whole error readable: the status strip cuts it to its share
# of the line, so the strip's "messages" button opens the Messages window, which lists "Could not
# open report: <error>" in full (newcomer round 13: Ctrl+O on random bytes left
# "...not a JSON documen..." and only "dismiss"). Three bad files in a row (random bytes, a FIFO, a
# JSON that is no report) are all listed, newest first (newcomer round 14: only the last was).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
# A long path makes the error longer than any strip: it names the file.
DIR="$WORK/a-folder-with-a-rather-long-name-so-the-error-cannot-fit-the-status-strip/and-one-more-level/and-yet-another-level-of-folders-to-be-sure/and-one-last-level-to-make-it-longer-than-any-strip"
mkdir -p "$DIR"
head -c 4096 /dev/urandom >"$DIR/random-bytes.json"
start_app --no-device
wait_for "s['report_error'] == '' and 'messages_button' not in s['widgets']"

# open_bad FILE: Ctrl+O, the file's path, Enter, until the app reports FILE's error.
open_bad() {
  open_file_dialog
  xdotool type --delay 10 "$1"
  xdotool key Return
  wait_for "'$(basename "$1")' in s['report_error']"
}
open_bad "$DIR/random-bytes.json"
wait_for "'random-bytes.json' in s['report_error'] and s['report'] is None"
# The strip offers the Messages window.
wait_for "'messages_button' in s['widgets'] and 'report_error' in s['widgets']"
# At 1600 px, 250 characters of any readable font are wider than the strip (so it must cut them).
[ "$(q "len('Could not open report: ' + s['report_error']) > 250")" = True ] ||
  fail "the error is short enough for the strip: $(q "s['report_error']")"
click $(centre_of "s['widgets']['messages_button']")
wait_for "s['messages']['open'] and 'messages_window' in s['widgets']"
wait_for "('Could not open report: ' + s['report_error']) in s['messages']['shown']"
xdotool key Escape
# Two more bad files: the Messages window keeps all three failed opens, newest first.
mkfifo "$WORK/a-fifo.json"
echo '{"not": "a report"}' >"$WORK/not-a-report.json"
open_bad "$WORK/a-fifo.json"
open_bad "$WORK/not-a-report.json"
[ "$(q "s['messages']['open']")" = True ] || click $(centre_of "s['widgets']['messages_button']")
wait_for "s['messages']['open'] and 'messages_window' in s['widgets']"
python3 - "$STATE" <<'PY' || fail "the Messages window lacks one of the three failed opens: $(q "s['messages']['shown']")"
import json, sys
shown = [m for m in json.load(open(sys.argv[1]))['messages']['shown'] if m.startswith('Could not open report: ')]
names = ['not-a-report.json', 'a-fifo.json', 'random-bytes.json']
assert len(shown) == 3, shown
assert all(n in m for n, m in zip(names, shown)), shown
PY
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
