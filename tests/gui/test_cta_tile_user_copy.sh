#!/usr/bin/env bash
# View > CTA tile, the user's own make_tiled_copy in a copy field (issue 25): the sm80 preset's C
# stored by make_tiled_copy(UniversalCopy<uint64_t>, THR, VAL) over (128,128):(128,1).
#  - THR (16,4):(4,1) is 64 threads for the 128-thread TiledMMA: refused at --copy-c column 42
#    (after the 16 characters of "make_tiled_copy(", the 23 of the atom, the comma and the blank),
#    the caret under it, the grids gone;
#  - THR (16,8):(8,1), VAL (2,4): 128 threads of a 2 x 4 block each, the TiledMMA's 32 x 32 C tile.
#    Thread 0's block is rows 0-1, columns 0-3, its values column-major: value 2 is (0,1), which
#    the copy stores from register V2; the PTX m16n8 accumulator's c2 is (g + 8, 2c) = (8,0) for
#    lane 0: the join names thread 0 V2, stored to (0,1), expected (8,0);
#  - the field comes back after a restart;
#  - A's field in CuTe's spelling: make_tiled_copy_B(...) there is refused at column 1 (it builds
#    B's copy), make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma) is the preset's own A copy, joined,
#    its text whole under the field (longer than the box).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
G="$C['grids'][2]"
T64='make_tiled_copy(UniversalCopy<uint64_t>, (16,4):(4,1), (2,4))'
T128='make_tiled_copy(UniversalCopy<uint64_t>, (16,8):(8,1), (2,4))'

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32'"
cta_form_open
type_into cta_smem_c "$C['spec']['smem'][2]" "(128,128):(128,1)" "$C['ok']"

type_into cta_copy_c "$C['spec']['copy'][2]" "$T64" \
  "not $C['ok'] and $C['error_field'] == '--copy-c' and $C['error_column'] == 42"
wait_for "'make_tiled_copy has 64 threads' in $C['error'] and 'cta_error_caret' in s['widgets'] and $C['grids'] == []"

type_into cta_copy_c "$C['spec']['copy'][2]" "$T128" "$C['ok'] and not $G['join_ok']"
wait_for "$G['join'].startswith('join: thread 0 V2: stored to (0,1) at byte 4, expected (8,0)')"
quit_app

python3 - "$WORK/cfg/settings.json" "$T128" <<'PY' || fail "settings.json lacks the typed make_tiled_copy of C"
import json, sys
c = json.load(open(sys.argv[1]))['cta_tile']
assert c['copy_c'] == sys.argv[2], c
PY
start_app --no-device
wait_for "$C['open'] and $C['ok'] and $C['spec']['copy'][2] == '$T128' and not $G['join_ok']"
cta_form_open
type_into cta_copy_a "$C['spec']['copy'][0]" "make_tiled_copy_B(SM75_U32x4_LDSM_N, tiled_mma)" \
  "not $C['ok'] and $C['error_field'] == '--copy-a' and $C['error_column'] == 1"
wait_for "'make_tiled_copy_B builds the copy of B' in $C['error']"
type_into cta_copy_a "$C['spec']['copy'][0]" "make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)" \
  "$C['ok'] and $C['grids'][0]['operand'] == 'A' and $C['grids'][0]['join_ok']"
# Longer than its box, the text reads whole under the field's row (newcomer round 20: on hover only).
wait_for "s['text_lines'].get('cta_copy_a_full', {}).get('text') == 'copy A: make_tiled_copy_A(SM75_U32x4_LDSM_N, tiled_mma)' and not s['text_lines']['cta_copy_a_full']['clipped']"
quit_app
echo "PASS"
