# Shared helpers for the GUI tests: a private Xvfb, the real fragviz window, xdotool clicks at the
# rectangles the app itself reports in its --dump-state file, and checks on that file.
# Usage from a test: source "$(dirname "$0")/lib.sh"; gui_init "$@"; ...
# Exit codes: 0 pass, 1 fail, 77 skip (only when Xvfb or xdotool is not installed).
# Set before gui_init: XVFB_SCREEN (default 1600x1000x24). Before start_app: APP_SIZE (--size, default
# 1600x1000; empty: none, the app picks its default size), CONFIG_FROM_ENV, CONFIG_DEFAULT.
# XVFB_NORESET=1 before gui_init: the server keeps the pointer where it is when its clients leave.
# APP_TIMEOUT (environment): seconds before start_app's app is stopped (default 100). Xvfb, xdotool
# and xwd are taken from PATH (tools/device-gui.sh puts the carried ones there).
# Python helpers the tests import (png_rows.py) live beside this file.
export PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)${PYTHONPATH:+:$PYTHONPATH}"
# The interpreter itself, not a version manager's shim (pyenv's costs about 0.1 s of CPU per start,
# and a test starts python3 hundreds of times): python3 is this function, for the test and the
# scripts it runs.
# Without python3 nothing is defined, and gui_init reports the test skipped.
FRAGVIZ_PYTHON="$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)"
if [ -n "$FRAGVIZ_PYTHON" ]; then
  python3() { "$FRAGVIZ_PYTHON" "$@"; }
  export FRAGVIZ_PYTHON
  export -f python3
fi

set -u

gui_init() {
  APP=${1:?usage: test.sh <fragviz> <fragviz-cli> <source-dir>}
  CLI=${2:-}
  SRC=${3:-.}
  for tool in Xvfb xdotool python3 timeout; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "SKIP: $tool is not installed"
      exit 77
    fi
  done
  WORK=$(mktemp -d /tmp/fragviz-gui.XXXXXX)
  STATE="$WORK/state.json"
  XVFB_PID=""
  APP_PID=""
  trap gui_cleanup EXIT
  start_xvfb
}

gui_cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
  # Every other job a test started too: `wait` would otherwise block on one left running after a
  # failure (a FIFO reader did, and the test hung until ctest's timeout instead of failing).
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$WORK"
}

fail() {
  echo "FAIL: $*"
  [ -f "$WORK/app.log" ] && { echo "--- app log"; cat "$WORK/app.log"; }
  exit 1
}

start_xvfb() {
  # -displayfd: the server takes the first free display itself and writes its number to the fd, so
  # tests started at once never pick the same one (a lock-file check before starting could race).
  local n=""
  # XVFB_NORESET=1: the server keeps its state (the pointer) when its last client leaves.
  Xvfb -displayfd 5 -screen 0 "${XVFB_SCREEN:-1600x1000x24}" -nolisten tcp \
    ${XVFB_NORESET:+-noreset} 5>"$WORK/displayfd" >"$WORK/xvfb.log" 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 100); do
    n=$(tr -dc '0-9' <"$WORK/displayfd" 2>/dev/null)
    # Whole once the newline after the number is there ($(...) drops a trailing newline).
    [ -n "$n" ] && [ -z "$(tail -c1 "$WORK/displayfd")" ] && break
    kill -0 "$XVFB_PID" 2>/dev/null || break
    sleep 0.1
  done
  if [ -n "$n" ]; then
    export DISPLAY=":$n"
    for _ in $(seq 50); do
      if xdotool getdisplaygeometry >/dev/null 2>&1; then return 0; fi
      kill -0 "$XVFB_PID" 2>/dev/null || break
      sleep 0.1
    done
  fi
  cat "$WORK/xvfb.log" 2>/dev/null | head -20
  kill "$XVFB_PID" 2>/dev/null
  XVFB_PID=""
  fail "could not start Xvfb"
}

# start_app [fragviz args...]: runs the app in the background with the test's config dir
# ($WORK/cfg, empty at the first start) and waits until its first state dump exists. The dir is
# passed with --config-dir, or only through $FRAGVIZ_CONFIG_DIR when CONFIG_FROM_ENV=1; with
# CONFIG_DEFAULT=1 neither, so the app finds its folder from $XDG_CONFIG_HOME or $HOME.
start_app() {
  rm -f "$STATE"
  mkdir -p "$WORK/cfg"
  local cfg=(--config-dir "$WORK/cfg") env_cfg=(FRAGVIZ_CONFIG_DIR="$WORK/cfg") size=()
  [ "${CONFIG_FROM_ENV:-0}" = 1 ] && cfg=()
  [ "${CONFIG_DEFAULT:-0}" = 1 ] && cfg=() && env_cfg=()
  [ -n "${APP_SIZE-1600x1000}" ] && size=(--size "${APP_SIZE-1600x1000}")
  env -u FRAGVIZ_CONFIG_DIR "${env_cfg[@]}" LIBGL_ALWAYS_SOFTWARE=1 timeout "${APP_TIMEOUT:-100}" "$APP" \
    "${cfg[@]}" "${size[@]}" --dump-state "$STATE" "$@" >"$WORK/app.log" 2>&1 &
  APP_PID=$!
  for _ in $(seq 200); do
    [ -s "$STATE" ] && break
    kill -0 "$APP_PID" 2>/dev/null || fail "fragviz exited at start"
    sleep 0.1
  done
  [ -s "$STATE" ] || fail "no state dump after 20 s"
  WID=""
  for _ in $(seq 50); do
    WID=$(xdotool search --name '^fragviz$' 2>/dev/null | head -1)
    [ -n "$WID" ] && break
    sleep 0.1
  done
  [ -n "$WID" ] || fail "no fragviz window"
  # Keys go to the focused window through XTEST (GLFW ignores events sent with XSendEvent).
  xdotool windowfocus --sync "$WID" 2>/dev/null || true
  sleep 0.3
}

app_alive() { kill -0 "$APP_PID" 2>/dev/null; }

# app_end: how the app started by start_app ended (once it has): its exit status, and 124 said for
# what it is, the test's own APP_TIMEOUT running out (not a crash: a signal shows as 128 + N).
app_end() {
  local rc=0
  wait "$APP_PID" 2>/dev/null
  rc=$?
  case $rc in
    124) echo "stopped by the test's APP_TIMEOUT of ${APP_TIMEOUT:-100} s" ;;
    12[5-9]|1[3-9][0-9]|2[0-9][0-9]) echo "exit status $rc (signal $((rc - 128)) if above 128)" ;;
    *) echo "exit status $rc" ;;
  esac
}

# quit_app: Ctrl+Q (File > Quit's shortcut), as a user would; fails unless the app exits 0.
quit_app() {
  local _ i rc
  for _ in 1 2 3; do
    xdotool windowfocus --sync "$WID" 2>/dev/null
    xdotool key ctrl+q
    for i in $(seq 30); do
      app_alive || break
      sleep 0.1
    done
    app_alive || break
  done
  app_alive && fail "fragviz did not quit on Ctrl+Q"
  wait "$APP_PID"
  rc=$?
  APP_PID=""
  [ "$rc" = 0 ] || fail "fragviz exited with status $rc after Ctrl+Q"
}

# q 'python expression over s (the state dict)': prints the value.
q() { python3 -c "import json,sys; s=json.load(open('$STATE')); print($1)"; }

# wait_for 'python boolean expression over s' [seconds]: polls the state dump.
# One python process polls every 0.1 s (a python start per poll cost a loaded 2-core machine more
# CPU than the app). It gives up after twice `seconds` of wall time, as the per-poll starts did.
wait_for() {
  local expr=$1 secs=${2:-10} rc=0
  python3 - "$STATE" "$APP_PID" "$secs" "$expr" <<'PY' 2>/dev/null || rc=$?
import json, os, sys, time
state, pid, secs, expr = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
code = compile("(" + expr + ")", "<wait_for>", "eval")
def alive():
    try:
        os.kill(pid, 0)
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
end = time.monotonic() + 2 * secs
while True:
    try:
        s = json.load(open(state))
        if eval(code):
            sys.exit(0)
    except Exception:
        pass
    if not alive():
        sys.exit(3)
    if time.monotonic() > end:
        sys.exit(1)
    time.sleep(0.1)
PY
  case $rc in
    0) return 0 ;;
    3) fail "fragviz died while waiting for: $expr ($(app_end))" ;;
    *) fail "timed out waiting for: $expr" ;;
  esac
}

# open_browser_from_file_menu ITEM BROWSER: File > ITEM (a widget name of the state dump), retried (a
# menu click can fall into a slow frame), until s[BROWSER] is visible.
open_browser_from_file_menu() {
  local item=$1 browser=$2 _ i
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['menu_file']")
    sleep 0.5
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if '$item' in s['widgets'] else 1)" || continue
    click $(centre_of "s['widgets']['$item']")
    for i in $(seq 20); do
      [ "$(q "s['$browser']['visible']")" = True ] && return 0
      sleep 0.1
    done
  done
  fail "File > $item did not open the browser"
}

# file_menu_item WIDGET: opens the File menu until WIDGET shows in it, then clicks it.
file_menu_item() {
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['menu_file']")
    for _ in $(seq 20); do [ "$(q "'$1' in s['widgets']")" = True ] && break; sleep 0.1; done
    [ "$(q "'$1' in s['widgets']")" = True ] && break
    xdotool key Escape
  done
  [ "$(q "'$1' in s['widgets']")" = True ] || fail "the File menu shows no $1"
  click $(centre_of "s['widgets']['$1']")
}

# open_compare_browser: File > Compare with report, until the compare browser is visible.
open_compare_browser() { open_browser_from_file_menu menu_compare compare_browser; }

# open_report_browser: File > Open report, until the file browser is visible.
open_report_browser() { open_browser_from_file_menu menu_open file_browser; }

# activate_text_field WIDGET: a click in that field's text (left of any - and + buttons), until the app
# reports a text field active; retried, as a loaded machine drops clicks.
activate_text_field() {
  local widget=$1 _ i
  for _ in 1 2 3; do
    click $(python3 -c "import json; s=json.load(open('$STATE')); x,y,w,h=s['widgets']['$widget']; print(int(x+min(20,w/4)), int(y+h/2))")
    for i in $(seq 20); do
      [ "$(q "s['text_input_active']")" = True ] && return 0
      sleep 0.1
    done
  done
  fail "the text field $widget did not become active"
}

# enter_number WIDGET TEXT CONDITION: click the field, replace its text, Enter, until CONDITION holds.
enter_number() {
  local widget="$1" text="$2" cond="$3" _
  for _ in 1 2 3; do
    # Into the text, left of the field's - and + buttons (the widget's rect holds them too).
    click $(python3 -c "import json; s=json.load(open('$STATE')); x,y,w,h=s['widgets']['$widget']; print(int(x+min(20,w/4)), int(y+h/2))")
    sleep 0.3
    xdotool key ctrl+a
    sleep 0.2
    xdotool type --delay 60 -- "$text"
    sleep 0.2
    xdotool key Return
    for _ in $(seq 30); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($cond) else 1)" && return 0
      sleep 0.1
    done
  done
  wait_for "$cond" 5
}

# type_into WIDGET FIELD TEXT CONDITION: clicks the text field WIDGET, empties it (Ctrl+A held over
# a few frames: Dear ImGui 1.86 keeps no key queue, so a press and release inside one frame is
# lost), waits until the state dump's FIELD (a python expression over s) is empty, types TEXT and
# waits for CONDITION; retried twice, as a loaded machine drops keys.
type_into() {
  local widget=$1 field=$2 text=$3 cond=$4 attempt i
  for attempt in 1 2 3; do
    click $(centre_of "s['widgets']['$widget']")
    xdotool keydown ctrl sleep 0.2 keydown a sleep 0.2 keyup a sleep 0.1 keyup ctrl sleep 0.2 key BackSpace
    for i in $(seq 50); do
      [ "$(q "$field")" = "" ] && break
      sleep 0.1
    done
    xdotool type --delay 40 -- "$text"
    for i in $(seq 50); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($cond) else 1)" 2>/dev/null && return 0
      sleep 0.1
    done
    echo "$widget '$text': not there yet (attempt $attempt), retyping"
  done
  fail "timed out waiting for: $cond"
}

# open_from_view_menu ITEM OPENED: View > ITEM (a widget name of the state dump) until OPENED (a
# python expression over s) holds; retried twice, Escape closing a menu that missed the click.
open_from_view_menu() {
  local item=$1 opened=$2 _ i
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['menu_view']")
    for i in $(seq 20); do
      [ "$(q "'$item' in s['widgets']")" = True ] && break
      sleep 0.1
    done
    click $(centre_of "s['widgets']['$item']")
    for i in $(seq 20); do
      [ "$(q "$opened")" = True ] && return 0
      sleep 0.1
    done
    xdotool key Escape
  done
  fail "View > $item did not open its window"
}

# click X Y: a left click at window pixel (X, Y).
click() {
  [ $# -eq 2 ] || fail "click: no position to click (the widget was not in the state dump)"
  xdotool mousemove --window "$WID" "$1" "$2" sleep 0.2 click 1 sleep 0.3
  # Park the mouse in an empty corner so no tooltip covers what the next step looks at.
  xdotool mousemove --window "$WID" 5 995
}

# centre_of 'python expression giving a rect [x, y, w, h]': prints "X Y". A widget drawn one frame
# after the state a wait_for saw (a window's close button after its report loaded) is waited for, up
# to 5 s, rather than failing the click with an empty position.
centre_of() {
  local _ py="import json; s=json.load(open('$STATE')); r=$1; print(int(r[0]+r[2]/2), int(r[1]+r[3]/2))"
  for _ in $(seq 50); do
    python3 -c "$py" 2>/dev/null && return 0
    sleep 0.1
  done
  python3 -c "$py"  # once more, its error shown
}

# cell_centre OPERAND ROW COL: centre of that fragment cell as the app drew it.
cell_centre() {
  centre_of "[c for c in s['cells']['$1'] if c['row']==$2 and c['col']==$3][0]['rect']"
}

# pick_instruction MNEMONIC: opens the instruction picker (Controls), scrolls its list with the
# wheel until that entry shows, and clicks it, as a user would.
pick_instruction() {
  local m=$1 _ dir n
  local shown="import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] and 'instr:$m' in s['widgets'] else 1)"
  local open="import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)"
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['instruction_combo']")
    python3 -c "$open" 2>/dev/null || { sleep 0.3; continue; }
    for dir in 4 5; do  # wheel up, then down
      for n in $(seq 30); do
        python3 -c "$shown" 2>/dev/null && { click $(centre_of "s['widgets']['instr:$m']"); return 0; }
        xdotool mousemove --window "$WID" $(centre_of "s['widgets']['instruction_popup']") click "$dir"
        sleep 0.15
      done
    done
  done
  fail "the instruction picker did not open with $m in it"
}

# capture_screen FILE: the whole screen as a PNG, through ImageMagick's import or else xwd (x11-apps,
# converted by tools/xwd-to-png.py); returns 2 when neither is installed.
capture_screen() {
  local f=$1
  if command -v import >/dev/null 2>&1; then
    timeout 20 import -display "$DISPLAY" -window root "$f" 2>/dev/null || fail "import could not capture the screen"
  elif command -v xwd >/dev/null 2>&1; then
    timeout 20 xwd -root -silent -display "$DISPLAY" >"$f.xwd" || fail "xwd could not capture the screen"
    python3 "$SRC/tools/xwd-to-png.py" "$f.xwd" "$f" || fail "could not convert the xwd dump to PNG"
    rm -f "$f.xwd"
  else
    return 2
  fi
}

# screenshot FILE: the whole screen; fails if it is blank (a uniform image).
screenshot_not_blank() {
  local f=$1
  capture_screen "$f" || {
    echo "note: neither ImageMagick's import nor xwd is installed; blank-window check skipped"
    return 0
  }
  python3 - "$f" <<'PY' || fail "screenshot $f is blank"
import struct, sys, zlib
# Decode the PNG ourselves (no PIL needed) and require real variation in the pixels.
data = open(sys.argv[1], 'rb').read()
pos, chunks, w, h, bpp = 8, b'', 0, 0, 3
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        bpp = {2: 3, 6: 4, 0: 1, 4: 2}.get(ctype, 3) * max(1, depth // 8)
    elif kind == b'IDAT':
        chunks += body
    pos += 12 + n
raw = zlib.decompress(chunks)
stride = w * bpp
colours = set()
for y in range(0, h, 7):
    row = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]  # filter byte skipped; exact values not needed
    for x in range(0, w, 13):
        colours.add(row[x * bpp:x * bpp + 3])
    if len(colours) > 50:
        break
sys.exit(0 if len(colours) > 50 else 1)
PY
}

# fixture NAME: prints the path of the pinned H200 report tests/fixtures/reports/NAME
# (tests/fixtures/README.md); returns 1, saying so on stderr, when it is missing. Use as
# X=$(fixture NAME) || fail "...": the fixtures are committed, so a missing one is a failure.
fixture() {
  local f="$SRC/tests/fixtures/reports/$1"
  [ -f "$f" ] || { echo "no fixture $f" >&2; return 1; }
  echo "$f"
}

# broken_gate_report: unpacks the pinned H200 run of the broken-swap-b gate variant (n = 2048,
# 2026-12-01: 2,096,642 mismatches counted, the first 65,536 recorded; committed whole, packed, in
# tests/fixtures/reports/h200-gate-broken.tar.xz) into $WORK and prints its path.
broken_gate_report() {
  local out="$WORK/h200-2026-12-01-gate-broken.json"
  python3 -c 'import sys, tarfile; open(sys.argv[3], "wb").write(tarfile.open(sys.argv[1]).extractfile(sys.argv[2]).read())' \
    "$SRC/tests/fixtures/reports/h200-gate-broken.tar.xz" h200-2026-12-01-gate-broken.json "$out" || return 1
  echo "$out"
}

# open_file_dialog: Ctrl+O until the file dialog is up (its path field in the state dump); tried three
# times, as a key can be lost while a frame is slow.
open_file_dialog() {
  for _ in 1 2 3; do
    xdotool windowfocus --sync "$WID" 2>/dev/null
    xdotool key ctrl+o
    sleep 1
    [ "$(q "'open_path' in s['widgets']")" = True ] && break
  done
  [ "$(q "'open_path' in s['widgets']")" = True ] || fail "Ctrl+O opened no file dialog"
}

# png_pixel FILE X Y: prints "R G B" of that pixel of an 8-bit RGB/RGBA PNG (such as --screenshot's).
png_pixel() {
  python3 - "$@" <<'PY'
import sys
from png_rows import png_rows
x, y = int(sys.argv[2]), int(sys.argv[3])
w, bpp, rows = png_rows(sys.argv[1], y)
print(*rows[y][x * bpp:x * bpp + 3])
PY
}

# open_export: File > Export (Ctrl+E) until its dialog is up (the path field in the state dump);
# tried three times, as a key can be lost while a frame is slow. Returns 1 if it never opened.
open_export() {
  for _ in 1 2 3; do
    xdotool windowfocus --sync "$WID" 2>/dev/null
    xdotool key ctrl+e
    sleep 1
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_path' in s['widgets'] else 1)" && return 0
  done
  return 1
}

# export_offers VIEW CONDITION: Ctrl+E opens the Export dialog (skipped where this X server drops
# it), CONDITION must hold (the dialog offers VIEW), then Escape closes it.
export_offers() {
  if ! open_export; then
    echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
    exit 77
  fi
  wait_for "$2" || fail "Export offered $(q "s['export_dialog']['view']"), want $1"
  xdotool key Escape
  wait_for "'export_path' not in s['widgets']"
}

# canvas_reveal WIDGET: turns the wheel over the canvas's vertical scroll bar until WIDGET (a key of
# s['widgets']) lies whole in the view under the status strip: a view in a column that runs taller
# than the window (the CTA tile under the Hopper windows) is reached so, as a user reaches it.
canvas_reveal() {
  local w=$1 _ where
  for _ in $(seq 40); do
    where=$(python3 -c "
import json; s=json.load(open('$STATE')); r=s['widgets'].get('$w'); v=s['layout']['view']
print('none' if r is None else 'down' if r[1] + r[3] > v[1] + v[3] else 'up' if r[1] < v[1] else 'in')")
    [ "$where" = in ] && return 0
    [ "$(q "'##layout_vscroll' in s['widgets']")" = True ] || break
    xdotool mousemove --window "$WID" $(centre_of "s['widgets']['##layout_vscroll']") click "$([ "$where" = up ] && echo 4 || echo 5)"
    sleep 0.2
  done
  fail "$w is not reached by the canvas's scroll bar"
}

# canvas_to_top: turns the wheel up over the canvas's vertical scroll bar until the canvas is
# scrolled back to its top (a view opened from the View menu scrolls its column to bring it into
# sight; a test that then looks at the views above it scrolls back, as a user does).
canvas_to_top() {
  local _
  for _ in $(seq 40); do
    [ "$(q "s['layout']['scroll'][1] < 0.5")" = True ] && return 0
    [ "$(q "'##layout_vscroll' in s['widgets']")" = True ] || break
    xdotool mousemove --window "$WID" $(centre_of "s['widgets']['##layout_vscroll']") click 4
    sleep 0.2
  done
  [ "$(q "s['layout']['scroll'][1] < 0.5")" = True ] || fail "the canvas did not scroll back to its top"
}

# cta_form_open: the CTA tile window's "Edit form" clicked (retried, as a loaded machine drops clicks)
# until its fields are drawn; the window opens with them folded into one summary line.
cta_form_open() {
  local _ i
  for _ in 1 2 3; do
    [ "$(q "'cta_smem_a' in s['widgets']")" = True ] && return 0
    click $(centre_of "s['widgets']['cta_form_toggle']")
    for i in $(seq 20); do
      [ "$(q "'cta_smem_a' in s['widgets']")" = True ] && return 0
      sleep 0.1
    done
  done
  fail "Edit form did not show the CTA tile window's fields"
}

# cta_grids_until CONDITION: turns the wheel down over the CTA tile window's grids (its lower part
# on screen) until CONDITION (a python expression over s) holds; the window's grids sit under its
# fields and verdicts, below the part a tiled window shows at first.
cta_grids_until() {
  local cond=$1 _
  local win="s['windows']['CTA tile: TiledMMA, TiledCopy and shared layouts']['rect']"
  for _ in $(seq 60); do
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($cond) else 1)" 2>/dev/null && return 0
    xdotool mousemove --window "$WID" $(python3 -c "
import json; s=json.load(open('$STATE')); x,y,w,h=$win; v=s['layout']['view']
print(int(x + w / 2), int(min(y + h, v[1] + v[3]) - 40))") click 5
    sleep 0.15
  done
  wait_for "$cond" 3
}

# views_back BEFORE_JSON MESSAGE [exact]: after a window closed, every view has its rectangle from
# the dump BEFORE_JSON back (within 1 px), but where the fragments view's grids, their zoom kept, fit
# in less than they had, the bank view under it, whose lines scroll, takes that much more (newcomer
# round 31: room a column gains goes to the view that scrolls). Fails with MESSAGE otherwise.
# `exact`: the same windows as before, and every rectangle to the pixel (no slack of 0.5 or 1 px).
views_back() {
  python3 - "$STATE" "$1" "${3:-}" <<'PY' || fail "$2"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
exact = sys.argv[3] == 'exact'
eps = 0 if exact else 0.5
if exact:
    assert sorted(s['windows']) == sorted(b['windows']), (sorted(s['windows']), sorted(b['windows']))
fr, bk = 'Fragments: mma.sync A, B, C/D', 'Bank view: shared-memory accesses over 32 banks'
d = b['windows'][fr]['rect'][3] - s['windows'][fr]['rect'][3]
if d > eps:
    grids_fit = s['fragments_view']['scroll_max'][1] == 0 if exact else s['fragments_view']['scroll_max'][1] < eps
    assert grids_fit and s['banks_view']['scroll_max'][1] > eps, \
        ("the fragments view gave room where its grids scroll or the bank view's lines fit", d)
    print(f"the bank view takes {d:.0f} px the fragments view's grids do not need")
    for k, dy, dh in ((fr, 0, -d), (bk, -d, d)):
        b['windows'][k]['rect'][1] += dy
        b['windows'][k]['rect'][3] += dh
for k, v in b['windows'].items():
    same = v['rect'] == s['windows'][k]['rect'] if exact else all(abs(p - q) < 1 for p, q in zip(v['rect'], s['windows'][k]['rect']))
    assert same, (k, v['rect'], s['windows'][k]['rect'])
print("every view back where it was")
PY
}
