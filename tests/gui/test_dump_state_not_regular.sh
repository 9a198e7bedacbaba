#!/usr/bin/env bash
# --dump-state to something that is not a regular file is written in place, never replaced: the
# state used to be written to PATH.tmp and renamed over PATH, which as root turned /dev/full into
# a plain file (newcomer finding). Here a FIFO stands for the device node: it must still be a FIFO
# afterwards, with the state read through it, and no temporary file left.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
mkfifo "$WORK/state.fifo"
# One reader for the whole run, there before the app starts: the FIFO is held open read-write on
# fd 3, so a reader exists at every moment the app opens it (a loop of `cat`s left gaps between
# them, and the app rightly refused the FIFO when it looked in one: a CI failure).
exec 3<>"$WORK/state.fifo"
cat <&3 >"$WORK/read.json" &
reader=$!
LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --size 400x300 --frames 3 \
  --dump-state "$WORK/state.fifo" >"$WORK/app.log" 2>&1 || fail "fragviz --dump-state FIFO exited $?"
# The last write may still sit in the pipe: wait (bounded) for cat to have read a whole state.
for _ in $(seq 50); do grep -q '"frame"\|"windows"' "$WORK/read.json" && break; sleep 0.1; done
kill "$reader" 2>/dev/null
wait "$reader" 2>/dev/null
exec 3<&-
[ -p "$WORK/state.fifo" ] || fail "the FIFO was replaced by $(stat -c %F "$WORK/state.fifo")"
leftover=$(ls "$WORK" | grep -e '\.tmp' -e 'fragviz-tmp')
[ -z "$leftover" ] || fail "a temporary file left behind: $leftover"
grep -q '"frame"\|"windows"' "$WORK/read.json" || fail "no state came through the FIFO: $(head -c 200 "$WORK/read.json")"
echo "ok: still a FIFO, $(wc -c <"$WORK/read.json") bytes of state read through it"
echo "PASS"
