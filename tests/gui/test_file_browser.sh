#!/usr/bin/env bash
# File > Open report is a file browser: Ctrl+O opens it in the current folder, listing folders first
# and every file it opens, reports (*.json) and ladder benches (*.csv), by default (newcomer round 9:
# a bench CSV opened only by typing its path); a double click goes into a folder, Up comes back, a
# click on a report and
# Open opens it. The next time it starts in that report's folder. A typed path still works (a
# relative one from the folder shown), a path that does not exist is named in the dialog, and a
# folder that has gone away is shown with its error, not a crash.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

R="$WORK/reports"
mkdir -p "$R/sub"
cp "$SRC/tests/fuzz/corpus/report/v2-gate-three-mismatches.json" "$R/sub/gate.json"
printf '{ "format": "fragviz-report", "version": ' >"$R/bad.json"
echo notes >"$R/notes.txt"
cp "$SRC/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv" "$R/bench.csv"

# open_browser: Ctrl+O until the browser shows (a keystroke can arrive before the window has focus).
open_browser() {
  local _
  for _ in 1 2 3; do
    xdotool windowfocus --sync "$WID" 2>/dev/null
    xdotool key ctrl+o
    sleep 1
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['file_browser']['visible'] else 1)" && return 0
  done
  fail "Ctrl+O did not open the file browser"
}

# enter_folder NAME: double-clicks folder NAME in the list until the browser shows it (a double click
# is two presses in two frames within the app's 0.5 s, kDoubleClickSeconds; a slow frame under load
# can merge them, so it is tried with five gaps, the widest 0.44 s between the presses).
enter_folder() {
  local _ gap want="$(q "s['file_browser']['dir']")/$1"
  # Each press and release is its own event with a gap, so that a frame sees the button up between
  # the two presses (a click sent as one burst can fall into one slow frame).
  for gap in 0.1 0.07 0.13 0.2 0.22; do
    xdotool mousemove --window "$WID" $(centre_of "s['widgets']['browser:$1']") sleep 0.2 \
      mousedown 1 sleep $gap mouseup 1 sleep $gap mousedown 1 sleep $gap mouseup 1 sleep 0.5
    xdotool mousemove --window "$WID" 5 995
    for _ in $(seq 20); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['file_browser']['dir'] == '$want' else 1)" && return 0
      sleep 0.15
    done
  done
  fail "a double click on $1 did not open it"
}

cd "$R" || fail "no folder $R"
start_app --no-device
open_browser
wait_for "s['file_browser']['dir'] == '$R' and s['file_browser']['error'] == ''"
wait_for "[(e['name'], e['is_dir']) for e in s['file_browser']['entries']] == [('sub', True), ('bad.json', False), ('bench.csv', False)]"
wait_for "s['file_browser']['filtered'] == 1 and s['file_browser']['filter'] == 'Reports and benches (*.json, *.csv)'"
# A click on the bench and Open shows it in the gate panel's ladder.
click $(centre_of "s['widgets']['browser:bench.csv']")
wait_for "s['file_browser']['typed'] == '$R/bench.csv'"
click $(centre_of "s['widgets']['open_ok']")
wait_for "not s['file_browser']['visible'] and s['gate_ladder']['recorded'] == '$R/bench.csv' and s['gate_ladder']['rows'] == 52"
open_browser
wait_for "s['file_browser']['dir'] == '$R'"
echo "listing: $(q "s['file_browser']['entries']")"
screenshot_not_blank "$WORK/browser.png"

enter_folder sub
wait_for "s['file_browser']['dir'] == '$R/sub' and [e['name'] for e in s['file_browser']['entries']] == ['gate.json']"
click $(centre_of "s['widgets']['browser_up']")
wait_for "s['file_browser']['dir'] == '$R'"
enter_folder sub
click $(centre_of "s['widgets']['browser:gate.json']")
wait_for "s['file_browser']['typed'] == '$R/sub/gate.json'"
click $(centre_of "s['widgets']['open_ok']")
wait_for "not s['file_browser']['visible'] and s['report_path'] == '$R/sub/gate.json'"
wait_for "s['report_error'] == '' and s['gate']['has_result']"
echo "opened: $(q "s['report_path']")"

# Again: it starts in the report's folder. A typed relative path opens from there.
open_browser
wait_for "s['file_browser']['dir'] == '$R/sub'"
xdotool type --delay 30 "../bad.json"
wait_for "s['file_browser']['typed'] == '../bad.json'"
xdotool key Return
wait_for "not s['file_browser']['visible'] and 'bad.json' in s['report_error']"
echo "typed path refused by the loader: $(q "s['report_error']")"

# A path that does not exist is named in the dialog, which stays open.
open_browser
xdotool type --delay 30 "missing.json"
wait_for "s['file_browser']['typed'] == 'missing.json'"
xdotool key Return
wait_for "s['file_browser']['visible'] and s['file_browser']['message'] == '$R/sub/missing.json does not exist'"
xdotool key Escape
wait_for "not s['file_browser']['visible']"

# The folder it would start in (the last report's) is gone: shown with its error; Up leads out.
rm -rf "$R/sub"
open_browser
wait_for "s['file_browser']['dir'] == '$R/sub' and s['file_browser']['error'] == '$R/sub does not exist' and s['file_browser']['entries'] == []"
click $(centre_of "s['widgets']['browser_up']")
wait_for "s['file_browser']['dir'] == '$R' and s['file_browser']['error'] == ''"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
