#!/usr/bin/env bash
# The bank view's Layout mode: a layout typed as CuTe writes it gives the model's wavefronts; a parse
# error names its column; a read side that differs names the first mismatch; misaligned lanes are
# named; everything typed survives a restart.
#
# Hand-derived (64 halves = 128 bytes a row, the explorer's .x4 pattern: lanes 8j..8j+7 on rows
# 8 (j % 2) + 0..7, column 8 (j / 2)): Swizzle<3,3,3> xors the 8-half chunk with row % 8, so a
# matrix's 8 rows sit on 8 different chunks: 1 wavefront each, 4 in all. Swizzle<2,3,3> xors two
# bits: rows r and r + 4 share a chunk: 2-way, 8 in all. Written through Swizzle<3,3,3> and read
# through the plain (16,64):(64,1), the first element that comes back wrong is (1,0), read at byte
# 128 (element 64). Column 1 puts every lane's row address 2 bytes off a 16-byte boundary.
# st.shared.v4 (sts128) with the same lanes: 4 phases of 8 lanes, each one matrix's rows on 8 chunks.
# Swizzle<9,9,9> reads bits 18-26; every offset of (16,64):(64,1) is at most 1023: it moves nothing,
# and the view says so under the field.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

lv="s['layout_view']"

wait_for "'banks_layout_mode' in s['widgets'] and not $lv['enabled']"
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "$lv['enabled'] and 'layout_write' in s['widgets']"
# The Controls view's tile figures say they are not the Layout mode's (newcomer round 27).
wait_for "'controls_layout_mode_note' in s['widgets']" 5 || fail "the Controls view does not say whose figures it shows"

echo "step: Swizzle<2,3,3> -> 8 wavefronts, every lane conflicts"
type_into layout_write "$lv['write']" "Swizzle<2,3,3> o (16,64):(64,1)" \
  "$lv['write'] == 'Swizzle<2,3,3> o (16,64):(64,1)' and $lv['ready']"
wait_for "$lv['access']['wavefronts'] == 8 and $lv['access']['ideal_wavefronts'] == 4 and $lv['access']['max_way'] == 2"
wait_for "$lv['conflicting_lanes'] == list(range(32)) and 'layout_conflicting' in s['widgets']"

echo "step: Swizzle<9,9,9> reads bits 18-26, and (16,64):(64,1) stops at 1023: said under the field"
type_into layout_write "$lv['write']" "Swizzle<9,9,9> o (16,64):(64,1)" \
  "$lv['write'] == 'Swizzle<9,9,9> o (16,64):(64,1)' and $lv['ready']"
wait_for "$lv['write_idle'] == 'Swizzle<9,9,9> changes no offset of this layout: it reads bits 18-26 of an offset (in elements), and the largest offset is 1023' and 'layout_write_idle' in s['widgets']"

echo "step: Swizzle<3,3,3> -> 4 wavefronts, conflict-free, no note"
type_into layout_write "$lv['write']" "Swizzle<3,3,3> o (16,64):(64,1)" \
  "$lv['write'] == 'Swizzle<3,3,3> o (16,64):(64,1)' and $lv['ready']"
wait_for "$lv['access']['wavefronts'] == 4 and $lv['access']['bank_conflicts'] == 0 and $lv['conflicting_lanes'] == []"
wait_for "$lv['write_idle'] == '' and 'layout_write_idle' not in s['widgets']"

echo "step: the op picker has the stores: st.shared.v4 over Swizzle<3,3,3> -> 4 wavefronts, the measured rule"
click $(centre_of "s['widgets']['layout_op']")
wait_for "'layout_op:sts128' in s['widgets']"
click $(centre_of "s['widgets']['layout_op:sts128']")
wait_for "$lv['op'] == 'sts128' and $lv['access']['mnemonic'] == 'st.shared.v4.b32 (STS.128)'"
wait_for "$lv['access']['wavefronts'] == 4 and $lv['access']['bank_conflicts'] == 0"
wait_for "'Measured so on the H200' in $lv['access']['rule'] and 'layout_rule' in s['widgets']"
click $(centre_of "s['widgets']['layout_op']")
wait_for "'layout_op:ldmatrix' in s['widgets']"
click $(centre_of "s['widgets']['layout_op:ldmatrix']")
wait_for "$lv['op'] == 'ldmatrix'"

echo "step: a missing ')' is named with its column"
type_into layout_write "$lv['write']" "Swizzle<3,3,3> o (16,64):(64,1" "$lv['write'] == 'Swizzle<3,3,3> o (16,64):(64,1'"
wait_for "$lv['write_error']['column'] > 0 and $lv['write_error']['error'].startswith('col ') and not $lv['ready']"
wait_for "'layout_write_error' in s['widgets']"
app_alive || fail "fragviz exited on a bad layout"

echo "step: read side differs -> first mismatch (1,0) read at byte 128"
type_into layout_write "$lv['write']" "Swizzle<3,3,3> o (16,64):(64,1)" "$lv['ready']"
type_into layout_read "$lv['read']" "(16,64):(64,1)" "$lv['read'] == '(16,64):(64,1)' and 'round_trip' in $lv"
wait_for "$lv['round_trip']['first'] == {'row': 1, 'col': 0, 'read_byte': 128} and $lv['round_trip']['mismatches'] == 896"
wait_for "'layout_round_trip' in s['widgets']"

echo "step: column 1 -> every lane misaligned, refused, lanes named"
type_into layout_lanes "$lv['lanes']" "row=lane&15, col=8*(lane>>4)+1" "$lv['lanes'] == 'row=lane&15, col=8*(lane>>4)+1'"
wait_for "$lv['access']['refused'] and any(p['fatal'] and p['lanes'] == list(range(32)) for p in $lv['access']['problems'])"
wait_for "'layout_problems' in s['widgets']"

echo "step: restart keeps what was typed"
quit_app
start_app --no-device
wait_for "$lv['enabled'] and $lv['write'] == 'Swizzle<3,3,3> o (16,64):(64,1)' and $lv['read'] == '(16,64):(64,1)'"
wait_for "$lv['lanes'] == 'row=lane&15, col=8*(lane>>4)+1' and s['settings_notices'] == []"
quit_app
echo "PASS"
