#!/usr/bin/env bash
# The tile width and pad fields count the selected instruction's elements (newcomer round 9: they
# were in halves even for s8). With s8 m16n8k32 the fields are in bytes: the default 64-half row
# shows as 128, typing 96 gives a 48-half (96-byte) row and pad 16 gives 8 halves; an f16
# instruction shows halves again, the same tile now 48.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32

start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and 'width' in s['widgets']"
wait_for "s['controls'].get('tile_unit') == 'bytes' and s['controls']['width_halves'] == 64"
enter_number width 96 "s['controls']['width_halves'] == 48"
enter_number pad 16 "s['controls']['pad_halves'] == 8"
echo "s8: width 96 bytes -> $(q "s['controls']['width_halves']") halves, pad 16 bytes -> $(q "s['controls']['pad_halves']")"
quit_app

start_app --no-device --instr "$K8"
wait_for "s['controls']['tile_unit'] == 'halves' and s['controls']['width_halves'] == 48"
enter_number width 64 "s['controls']['width_halves'] == 64"
quit_app
echo "PASS"
