#!/usr/bin/env bash
# A report that fails to load keeps its whole error readable: the status strip cuts it to its share
# of the line, so the strip's "messages" button opens the Messages window, which lists "Could not
# open report: <error>" in full (newcomer round 13: Ctrl+O on random bytes left
# "...not a JSON documen..." and only "dismiss").
source "$(dirname "$0")/lib.sh"
gui_init "$@"
# A long path makes the error longer than any strip: it names the file.
DIR="$WORK/a-folder-with-a-rather-long-name-so-the-error-cannot-fit-the-status-strip/and-one-more-level/and-yet-another-level-of-folders-to-be-sure/and-one-last-level-to-make-it-longer-than-any-strip"
mkdir -p "$DIR"
head -c 4096 /dev/urandom >"$DIR/random-bytes.json"
start_app --no-device
wait_for "s['report_error'] == '' and 'messages_button' not in s['widgets']"

for _ in 1 2 3; do
  xdotool windowfocus --sync "$WID" 2>/dev/null
  xdotool key ctrl+o
  sleep 1
  [ "$(q "'open_path' in s['widgets']")" = True ] && break
done
[ "$(q "'open_path' in s['widgets']")" = True ] || fail "Ctrl+O opened no file dialog"
xdotool type --delay 10 "$DIR/random-bytes.json"
xdotool key Return
wait_for "'random-bytes.json' in s['report_error'] and s['report'] is None"
# The strip offers the Messages window.
wait_for "'messages_button' in s['widgets'] and 'report_error' in s['widgets']"
# At 1600 px, 250 characters of any readable font are wider than the strip (so it must cut them).
[ "$(q "len('Could not open report: ' + s['report_error']) > 250")" = True ] ||
  fail "the error is short enough for the strip: $(q "s['report_error']")"
click $(centre_of "s['widgets']['messages_button']")
wait_for "s['messages']['open'] and 'messages_window' in s['widgets']"
wait_for "('Could not open report: ' + s['report_error']) in s['messages']['shown']"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
