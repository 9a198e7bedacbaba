#!/usr/bin/env bash
# --screenshot writes the format its file name names: JPEG for .jpg and .JPEG (the file starts with
# the JPEG SOI marker FF D8 FF), PNG for .png (the PNG signature). Names it cannot write (an
# extension it does not know, a folder that is missing) are refused in test_command_line.sh.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
for name in shot.jpg shot.JPEG shot.png; do
  LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --size 400x300 --frames 3 \
    --screenshot "$WORK/$name" >"$WORK/app.log" 2>&1 || fail "fragviz --screenshot $name failed"
  magic=$(head -c 4 "$WORK/$name" | od -An -tx1 | tr -d ' \n')
  case "$name" in
    *.png) [ "$magic" = 89504e47 ] || fail "$name starts with $magic, not the PNG signature" ;;
    *) [ "${magic:0:6}" = ffd8ff ] || fail "$name starts with $magic, not a JPEG SOI marker" ;;
  esac
  echo "ok: $name starts with $magic"
done
echo "PASS"
