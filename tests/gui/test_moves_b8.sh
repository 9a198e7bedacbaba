#!/usr/bin/env bash
# The matrix-move view's "8-bit (sm_100a)" page, model only. Cells worked out by hand from the PTX
# ISA 9.0 text (docs/guide/blackwell.md): ldmatrix.m16n16.x1.trans.b8 gives lane 5 (t/4 1, t%4 1),
# register 1, byte 2 D(1 + 8, 4 + 2) = D(9, 6); CuTe's byte shuffle (cutlass #2901) is named.
# stmatrix.m16n8.x2.trans.b8: lane 6 (t/4 1, t%4 2), register 1, byte 3 holds M_1(1 + 8, 4 + 1).
# Back on stmatrix, the view's own page returns.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
B="s['moves_b8']"
open_view moves
wait_for "'moves_b8' in s['widgets']"
click $(centre_of "s['widgets']['moves_b8']")
wait_for "$B['shown'] and 'b8_matrix_0' in s['widgets']"
wait_for "$B['mnemonic'] == 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8' and $B['cells']['0,9,6'] == 'T5 r1.2'"
wait_for "'#2901' in $B['cute'] and $B['status'].startswith('model only: PTX ISA 9.0 and CuTe 4.2 agree')"
click $(centre_of "s['widgets']['b8_form']")
wait_for "any(k.startswith('b8_form:stmatrix') and '.x2.' in k for k in s['widgets'])"
click $(centre_of "[r for k, r in s['widgets'].items() if k.startswith('b8_form:stmatrix') and '.x2.' in k][0]")
wait_for "$B['mnemonic'].startswith('stmatrix') and '.x2.' in $B['mnemonic'] and $B['cells']['1,9,5'] == 'T6 r1.3'"
wait_for "\"CuTe 4.2's\" in $B['status']"
click $(centre_of "s['widgets']['moves_stmatrix']")
wait_for "not $B['shown'] and 'b8_matrix_0' not in s['widgets']"
quit_app
echo "PASS"
