#!/usr/bin/env bash
# The app's command line (CLI11): --help lists every option and exits 0; a bad flag, a bad value or
# a second report file prints what is wrong and exits non-zero, at once and without touching the
# display (DISPLAY is unset here, so a window attempt would show as a GLFW error). Needs no X.
# Paths that cannot be written are made here, under the test's own folder (a machine may well have
# a /nonexistent).
set -u
APP=${1:?usage: test_command_line.sh <fragviz> <fragviz-cli> <source-dir>}
WORK=$(mktemp -d /tmp/fragviz-cmdline.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
fail() {
  echo "FAIL: $*"
  for f in "$WORK"/out "$WORK"/err; do [ -s "$f" ] && { echo "--- $f"; cat "$f"; }; done
  exit 1
}
run() { env -u DISPLAY timeout 10 "$APP" "$@" >"$WORK/out" 2>"$WORK/err"; }

run --help
[ $? = 0 ] || fail "--help did not exit 0"
for opt in --config-dir --size --frames --screenshot --dump-state --bench --bench-frames --no-device \
  --scale --assets --rescale-at --help FRAGVIZ_CONFIG_DIR FRAGVIZ_ASSETS FRAGVIZ_CUDA_START REPORT.json; do
  grep -q -- "$opt" "$WORK/out" || fail "--help does not mention $opt"
done
[ -s "$WORK/err" ] && fail "--help wrote to stderr"
run -h
[ $? = 0 ] || fail "-h did not exit 0"

# bad_args EXPECTED_TEXT ARGS...: non-zero exit, EXPECTED_TEXT on stderr, no window attempted.
bad_args() {
  local want=$1 rc
  shift
  run "$@"
  rc=$?
  [ "$rc" != 0 ] || fail "fragviz $* exited 0"
  [ "$rc" != 124 ] || fail "fragviz $* hung"
  grep -q -- "$want" "$WORK/err" || fail "fragviz $*: stderr does not say '$want'"
  grep -qi "glfw\|display\|window" "$WORK/err" && fail "fragviz $* tried to open a window"
  [ -s "$WORK/out" ] && fail "fragviz $* wrote to stdout"
  echo "ok: fragviz $* -> exit $rc: $(head -1 "$WORK/err")"
}
bad_args "--bogus" --bogus
bad_args "--size" --size 10x10
bad_args "--size" --size wide
bad_args "--frames" --frames 0
bad_args "--frames" --frames abc
bad_args "--bench-frames" --bench-frames -5
bad_args "--config-dir" --config-dir
bad_args "b.json" a.json b.json
bad_args "--scale" --scale 0
bad_args "--scale" --scale 9
bad_args "--scale" --scale big
bad_args "--rescale-at" --rescale-at 0:2
bad_args "--rescale-at" --rescale-at 5
bad_args "--rescale-at" --rescale-at 5:2x
# Output files that cannot be created: refused at start with the reason, exit 2, no window. The
# folder they would go in is one this test knows is missing: a name under its own folder.
missing="$WORK/missing"
[ -e "$missing" ] && fail "$missing exists"
bad_args "cannot write --bench $missing/x.json: folder $missing does not exist" --bench "$missing/x.json"
[ "$(run --bench "$missing/x.json"; echo $?)" = 2 ] || fail "--bench to an unwritable path did not exit 2"
bad_args "cannot write --dump-state $missing/x.json" --dump-state "$missing/x.json"
[ "$(run --dump-state "$missing/x.json"; echo $?)" = 2 ] || fail "--dump-state to an unwritable path did not exit 2"
bad_args "cannot write --screenshot $missing/x.png: folder $missing does not exist" --screenshot "$missing/x.png"
[ "$(run --screenshot "$missing/x.png"; echo $?)" = 2 ] || fail "--screenshot to an unwritable path did not exit 2"
# A screenshot is written in the format its name says; a name of no known format is refused first.
bad_args ".png, .jpg or .jpeg" --screenshot "$WORK/shot.bmp"
bad_args ".png, .jpg or .jpeg" --screenshot "$WORK/shot"
# A file where a folder should be: not writable either, whatever the user's rights.
touch "$WORK/plain"
bad_args "cannot write --bench $WORK/plain/x.json" --bench "$WORK/plain/x.json"
[ -e "$missing" ] && fail "a refused run created $missing"
# Found by a newcomer: a FIFO nobody reads hung the app (opening it blocks); a folder, standard
# output ("-") and one file for two options are refused as fragviz-cli refuses them.
mkfifo "$WORK/fifo" "$WORK/fifo.png"
bad_args "cannot write --dump-state $WORK/fifo: is a FIFO that no process is reading" --dump-state "$WORK/fifo"
bad_args "cannot write --screenshot $WORK/fifo.png: is a FIFO that no process is reading" --screenshot "$WORK/fifo.png"
bad_args "cannot write --bench $WORK: is a folder" --bench "$WORK"
bad_args "--bench -: the app writes files only" --bench -
# A link to /dev/full wrote nothing and exited 0 (newcomer): a device is refused before any work.
ln -s /dev/full "$WORK/full.png"
bad_args "cannot write --screenshot $WORK/full.png" --screenshot "$WORK/full.png"
bad_args "cannot write --bench /dev/full" --bench /dev/full
bad_args "the same file" --bench "$WORK/one.json" --dump-state "$WORK/one.json"
# --bench runs its own frames: a --screenshot taken at the last of --frames would never be.
bad_args "--screenshot excludes --bench" --bench "$WORK/b.json" --screenshot "$WORK/b.png"
bad_args "excludes --bench" --bench "$WORK/b.json" --frames 5
# Whole numbers are named as such (not CLI::Range's "not in range" for "abc").
bad_args "--frames: must be a whole number from 1 to 100000000, got 'abc'" --frames abc
bad_args "--bench-frames: must be a whole number from 1 to 100000000, got '1e3'" --bench-frames 1e3
# No option takes an empty value, and what the user typed is echoed with its control characters
# as escapes (newcomer round 6, as fragviz-cli).
bad_args "--dump-state: is empty" --dump-state ""
bad_args "--instr: '' is not in the instruction catalogue" --instr ""
bad_args "--instr: 'bogus' is not in the instruction catalogue (fragviz-cli layout --list lists it)" --instr bogus
bad_args "--size: needs WxH between 200x200 and 16384x16384, e.g. 1600x1000, got 'wide'" --size wide
bad_args "--scale: needs a scale from 0.5 to 4, e.g. 2, got 'big'" --scale big
bad_args "is empty" ""
run $'--bogus\e[2J'
grep -qF -- '--bogus\x1b[2J' "$WORK/err" || fail "a control character in an unknown option was not escaped: $(cat -v "$WORK/err")"
tr -d '\n' <"$WORK/err" | LC_ALL=C grep -q '[[:cntrl:]]' && fail "a raw control character reached stderr: $(cat -v "$WORK/err")"
# The CUDA start-up diagnostic takes only the places it names, before anything starts.
FRAGVIZ_CUDA_START=gpu bad_args "FRAGVIZ_CUDA_START=gpu is not one of probe, query, main, before-gl" --no-device
[ "$(FRAGVIZ_CUDA_START=early run --frames 1; echo $?)" = 2 ] || fail "FRAGVIZ_CUDA_START=early did not exit 2"
# The check leaves no file behind where it could create one.
run --bench "$WORK/b.json" --frames abc
[ -e "$WORK/b.json" ] && fail "a refused command line left $WORK/b.json behind"
echo "PASS"
