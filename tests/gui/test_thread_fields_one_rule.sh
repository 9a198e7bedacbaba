#!/usr/bin/env bash
# Newcomer round 30: thread numbers out of range were handled differently from field to field. The
# warpgroup view's thread field set 999 to 127 over a selected thread but refused it (red, beside
# the field, over the Find label) with none selected; the CTA tile's thread field kept 999 ("no
# thread 999"). Each now follows number_field's rule: a number past the field's range is set to its
# nearer end and the field says what it became, in a note under its row; text that is no number
# keeps the value and says so.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
W="s['hopper']['warpgroup']"
C="s['cta_tile']"
start_app --no-device
open_view warpgroup
wait_for "$W['drawn'] and $W['selected_thread'] == -1 and 'wg_thread' in s['widgets']"
# None selected: 999 selects the last thread of the warpgroup (128 threads: 0-127) and says so.
enter_number wg_thread 999 "$W['selected_thread'] == 127" ||
  fail "999 with no thread selected: thread $(q "$W['selected_thread']"), note '$(q "$W['thread_clamp_note']")'"
wait_for "$W['thread_clamp_note'] == 'the thread typed is more than the most, 127: set to 127'" 5 ||
  fail "no note for 999: '$(q "$W['thread_clamp_note']")'"
# The note is under the row, clear of the Find field and its label (it overlapped them: newcomer round 30).
wait_for "'wg_thread_clamp_note' in s['widgets']" 5
note=$(q "s['widgets']['wg_thread_clamp_note']")
find=$(q "s['widgets']['warpgroup_find']")
python3 -c "n=$note; f=$find; import sys; sys.exit(0 if n[1] >= f[1] + f[3] - 0.5 else 1)" ||
  fail "the thread note $note is not under the Find field $find"
# Over a thread: the same rule, the same words.
enter_number wg_thread 40 "$W['selected_thread'] == 40"
enter_number wg_thread 999 "$W['selected_thread'] == 127"
wait_for "$W['thread_clamp_note'] == 'the thread typed is more than the most, 127: set to 127'" 5 ||
  fail "no note for 999 over thread 40: '$(q "$W['thread_clamp_note']")'"

# The CTA tile's thread field: the default preset's TiledMMA (sm80-gemm-128x128x32: 2x2 atoms of one
# warp each) has 128 threads, 0-127: 999 becomes 127, said under the row.
open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and 'cta_thread' in s['widgets']"
canvas_reveal cta_thread
enter_number cta_thread 999 "$C['thread'] == 127" || fail "CTA tile thread 999 became $(q "$C['thread']")"
wait_for "s['number_notes'].get('cta_thread') == 'the thread typed is more than the most, 127: set to 127'" 5 ||
  fail "no CTA tile note for 999: '$(q "s['number_notes'].get('cta_thread')")'"
quit_app
echo PASS
