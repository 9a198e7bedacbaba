#!/usr/bin/env bash
# "fit" fits (newcomer round 13): with s8 m16n8k32 (A and B 48 rows one above the other) and a Find
# answer shown under the zoom line (A,9,3), "fit" at 1600x1000 shows every row and column: the
# grids' view scrolls no more, at rows no shorter than the least (6 px), and the view says nothing
# about it. The window then shrunk to 1024x700, where it may be too short for that: fit either fits
# or the view's status line says it cannot (never a silent scroll).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F="s['fragments_view']"

start_app --no-device --instr "$S8"
wait_for "s['instruction']['mnemonic'] == '$S8' and 'fragments_find' in s['widgets'] and $F['cells_drawn'] > 0"
type_into fragments_find "$F['find_text']" "A,9,3" "$F['find_text'] == 'A,9,3'"
xdotool key Return
wait_for "$F['find_answer'] != ''"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$F['zoom'] == 1"
sleep 1 # the layout gives the view its fit height over the next frames
report() {
  echo "$1: cells $(q "$F['cell_size']"), scroll_max $(q "$F['scroll_max']"), view $(q "s['windows']['Fragments: mma.sync A, B, C/D']['rect']"), note '$(q "$F['fit_note']")'"
}
report 1600x1000
[ -n "$(q "$F['find_answer']")" ] || fail "the Find answer went away"
wait_for "max($F['scroll_max']) <= 1 and $F['cell_size'][1] >= 6 and $F['fit_note'] == ''" 5 ||
  fail "fit at 1600x1000 still scrolls: $(q "$F['scroll_max']")"
# The window shrunk to 1024x700: fit (still zoom 1) fits, or the status line says it cannot.
xdotool windowsize "$WID" 1024 700
wait_for "s['display']['pixel_size'] == [1024, 700]" 20
sleep 1
report 1024x700
wait_for "$F['zoom'] == 1 and (max($F['scroll_max']) <= 1) == ($F['fit_note'] == '')" 5 ||
  fail "fit at 1024x700 scrolls without saying so: $(q "$F['scroll_max']"), note '$(q "$F['fit_note']")'"
if [ "$(q "$F['fit_note']")" != "" ]; then
  wait_for "'fragments_fit_note' in s['widgets']" 5 || fail "the fit note is not drawn"
fi
quit_app
echo "PASS"
