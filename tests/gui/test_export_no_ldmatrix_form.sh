#!/usr/bin/env bash
# File > Export of the ldmatrix view for an instruction no ldmatrix loads (m8n8k4 .f64: an .f64
# element fills a 64-bit register; ldmatrix writes 32-bit ones of 16-bit elements) says what the
# view says instead of a grid, and writes nothing (issue 22: it wrote a .b16 halves grid, a picture
# of no load of this instruction). The view's notice and the line under it are the dump's text
# lines "ldmatrix_none" and "ldmatrix_none_hint"; the export's message is the instruction, then both.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"  # shot
gui_init "$@"
D="s['export_dialog']"
F64=mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
start_app --no-device --instr "$F64"
wait_for "'ldmatrix_none' in s['text_lines'] and 'ldmatrix_none_hint' in s['text_lines']" ||
  fail "the ldmatrix view of $F64 shows no notice"
NOTICE=$(q "s['text_lines']['ldmatrix_none']['text']")
HINT=$(q "s['text_lines']['ldmatrix_none_hint']['text']")
case "$NOTICE" in "no ldmatrix form: an .f64 element fills a 64-bit register"*) ;; *) fail "the view says '$NOTICE'" ;; esac

xdotool mousemove --window "$WID" $(centre_of "s['widgets']['ldmatrix_none']")
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
if [ "$(q "$D['view']")" != ldmatrix ]; then
  click $(centre_of "s['widgets']['export_view']")
  wait_for "'export_view_filter' in s['widgets']"
  xdotool type --delay 40 ldmatrix
  wait_for "'export_view:ldmatrix' in s['widgets']"
  xdotool key Return
  wait_for "$D['view'] == 'ldmatrix'"
fi
type_into export_path "$D['path']" "$WORK/ldm.svg" "$D['path'] == '$WORK/ldm.svg'"
click $(centre_of "s['widgets']['export_ok']")
wait_for "'export_message' in s['widgets'] and $D['message'] != ''"
WANT="$F64: $NOTICE. $HINT"
GOT=$(q "$D['message']")
[ "$GOT" = "$WANT" ] || fail "the export said '$GOT', the view '$WANT'"
[ ! -e "$WORK/ldm.svg" ] || fail "the export wrote a picture of $F64's ldmatrix: $(head -c 300 "$WORK/ldm.svg")"
shot export-no-ldmatrix-form
xdotool key Escape
wait_for "'export_path' not in s['widgets']"
app_alive || fail "fragviz exited"

# The CLI says the same, exits 3 (a request the model refuses) and writes nothing.
if [ -n "$CLI" ]; then
  out=$("$CLI" export --view ldmatrix --instr "$F64" --svg "$WORK/cli.svg" 2>&1)
  rc=$?
  [ "$rc" = 3 ] || fail "fragviz-cli export exited $rc: $out"
  [ "$out" = "fragviz-cli export: $WANT" ] || fail "fragviz-cli export said '$out'"
  [ ! -e "$WORK/cli.svg" ] || fail "fragviz-cli export wrote a picture"
fi
quit_app
echo "PASS"
