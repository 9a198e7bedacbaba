#!/usr/bin/env bash
# An automation run (--frames, --screenshot) whose report or bench named on the command line does
# not open fails, as fragviz-cli's rule has it: 5 for a file that cannot be read (missing, a
# folder), 3 for one read that is no report (or bench) this build takes, after saying why on stderr
# and before its frames (no screenshot). It exited 0 (a newcomer's test: `fragviz nonexist.json
# --frames 2`). A report that opens still runs its frames and exits 0; an interactive run keeps
# going with the message (test_report_error_messages.sh and the others that open bad reports).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg" "$WORK/folder.json"
echo '{"format": "something else"}' >"$WORK/other.json"
echo 'not,a,bench' >"$WORK/bad.csv"

# run_app EXPECTED_STATUS WORDS ARGS...: a --frames run exits EXPECTED_STATUS with WORDS on stderr.
run_app() {
  local want=$1 words=$2 rc
  shift 2
  LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --size 400x300 "$@" \
    >"$WORK/app.log" 2>&1
  rc=$?
  [ "$rc" = "$want" ] || fail "fragviz $* exited $rc, want $want"
  [ -z "$words" ] || grep -qF -- "$words" "$WORK/app.log" || fail "fragviz $*: stderr does not say '$words'"
  echo "ok: fragviz $* -> $rc: $(grep -F -- "$words" "$WORK/app.log" | head -1)"
}
run_app 5 "cannot open $WORK/nonexist.json: no such file" "$WORK/nonexist.json" --frames 2
run_app 5 "is a directory" "$WORK/folder.json" --frames 2
run_app 5 "cannot read $WORK/nonexist.csv" "$WORK/nonexist.csv" --frames 2
run_app 3 "not a fragviz report" "$WORK/other.json" --frames 2
run_app 3 "$WORK/bad.csv" "$WORK/bad.csv" --frames 2
# --screenshot is an automation run too: no picture of a run that failed.
run_app 5 "no such file" "$WORK/nonexist.json" --screenshot "$WORK/shot.png"
[ -e "$WORK/shot.png" ] && fail "a run whose report did not open wrote its screenshot"
# A report that opens: its frames run, exit 0.
run_app 0 "" "$SRC/tests/fixtures/reports/h200-2026-12-01-hopper-probe.json" --frames 2
echo "PASS"
