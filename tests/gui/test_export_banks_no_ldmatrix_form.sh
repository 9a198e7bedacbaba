#!/usr/bin/env bash
# File > Export of the bank view exports what its screen shows (issue 22). For an instruction no
# ldmatrix loads (m8n8k4 .f64) the view shows only why (the dump's text lines "banks_none" and
# "banks_none_hint"): its export, either picture, says the instruction, then both, and writes
# nothing (it drew the explorer's .b16 ldmatrix over the tile). In Layout mode the view draws the
# user's own access (LDS.128 here) whatever the instruction: that is exported. fragviz-cli export
# --view banks refuses in the same words, exit 3.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"  # shot
gui_init "$@"
D="s['export_dialog']"
lv="s['layout_view']"
F64=mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
start_app --no-device --instr "$F64"
wait_for "'banks_none' in s['text_lines'] and 'banks_none_hint' in s['text_lines']" ||
  fail "the bank view of $F64 shows no notice"
NOTICE=$(q "s['text_lines']['banks_none']['text']")
HINT=$(q "s['text_lines']['banks_none_hint']['text']")
case "$NOTICE" in "no ldmatrix form: an .f64 element fills a 64-bit register"*) ;; *) fail "the view says '$NOTICE'" ;; esac
case "$HINT" in "The bank view shows the row addresses of the .b16 ldmatrix"*) ;; *) fail "the hint says '$HINT'" ;; esac
WANT="$F64: $NOTICE. $HINT"

# export_banks FILE [PICTURE]: Ctrl+E over the bank view, the banks view picked (and PICTURE, lines
# or tile, in its Picture box), FILE typed, Export pressed; waits for the dialog's message or the
# file. Returns 77 where Ctrl+E does not arrive.
export_banks() {
  xdotool mousemove --window "$WID" $(centre_of "s['windows']['Bank view: shared-memory accesses over 32 banks']['rect']")
  open_export || return 77
  if [ "$(q "$D['view']")" != banks ]; then
    click $(centre_of "s['widgets']['export_view']")
    wait_for "'export_view_filter' in s['widgets']"
    xdotool type --delay 40 banks
    wait_for "'export_view:banks' in s['widgets']"
    xdotool key Return
    wait_for "$D['view'] == 'banks'" || fail "the dialog did not take the banks view: $(q "$D")"
  fi
  if [ -n "${2:-}" ] && [ "$(q "$D['bank_picture']")" != "$2" ]; then
    click $(centre_of "s['widgets']['export_picture']")
    wait_for "'export_picture:$2' in s['widgets']" || fail "the Picture box did not open"
    click $(centre_of "s['widgets']['export_picture:$2']")
    wait_for "$D['bank_picture'] == '$2'" || fail "the dialog did not take the $2 picture: $(q "$D")"
  fi
  type_into export_path "$D['path']" "$1" "$D['path'] == '$1'"
  click $(centre_of "s['widgets']['export_ok']")
  for _ in $(seq 50); do
    [ -s "$1" ] && return 0
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_message' in s['widgets'] and $D['message'] != '' else 1)" && return 0
    sleep 0.1
  done
}

# Both pictures of the explorer's tile: the "lines" one (the screen's) and the "tile" one.
for picture in lines tile; do
  export_banks "$WORK/$picture.svg" "$picture"
  [ $? = 77 ] && { echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"; exit 77; }
  wait_for "$D['message'] != ''" || fail "$picture: the export said nothing"
  GOT=$(q "$D['message']")
  [ "$GOT" = "$WANT" ] || fail "$picture: the export said '$GOT', the view '$WANT'"
  [ ! -e "$WORK/$picture.svg" ] ||
    fail "$picture: the export wrote a picture the view does not show: $(head -c 300 "$WORK/$picture.svg")"
  shot "export-banks-no-ldmatrix-form-$picture"
  xdotool key Escape
  wait_for "'export_path' not in s['widgets']"
done
app_alive || fail "fragviz exited"

# Layout mode, LDS.128: the view draws it for this instruction, and File > Export writes it.
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "$lv['enabled'] and 'layout_op' in s['widgets']" || fail "Layout mode did not open"
click $(centre_of "s['widgets']['layout_op']")
wait_for "'layout_op:lds128' in s['widgets']"
click $(centre_of "s['widgets']['layout_op:lds128']")
wait_for "$lv['op'] == 'lds128' and $lv['ready'] and $lv['access']['mnemonic'] == 'ld.shared.v4.b32 (LDS.128)'" ||
  fail "Layout mode does not show LDS.128: $(q "$lv['op']")"
[ "$(q "'banks_none' in s['text_lines']")" = False ] || fail "Layout mode still shows the notice"
export_banks "$WORK/layout.svg"
[ -s "$WORK/layout.svg" ] || fail "Layout mode's LDS.128 exported nothing: $(q "$D['message']")"
grep -qF "ld.shared.v4.b32 (LDS.128) over " "$WORK/layout.svg" ||
  fail "the Layout mode picture is not LDS.128's: $(head -c 400 "$WORK/layout.svg")"
shot export-banks-layout-lds128
xdotool key Escape
wait_for "'export_path' not in s['widgets']"
app_alive || fail "fragviz exited"

# The CLI says the same, exits 3 (a request the model refuses) and writes nothing, both pictures.
if [ -n "$CLI" ]; then
  for picture in lines tile; do
    out=$("$CLI" export --view banks --picture "$picture" --instr "$F64" --svg "$WORK/cli.svg" 2>&1)
    rc=$?
    [ "$rc" = 3 ] || fail "fragviz-cli export --picture $picture exited $rc: $out"
    [ "$out" = "fragviz-cli export: $WANT" ] || fail "fragviz-cli export --picture $picture said '$out'"
    [ ! -e "$WORK/cli.svg" ] || fail "fragviz-cli export --picture $picture wrote a picture"
  done
fi
quit_app
echo "PASS"
