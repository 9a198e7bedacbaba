#!/usr/bin/env bash
# The bank view counts the tile in the Controls view's unit (issue 22): with s8 m16n8k32 selected
# the Controls' width and pad fields count bytes, and the bank view's line about each tile said
# "... halves" beside them. Each side's line is "width W + pad P = stride S <unit> (B B)" with the
# numbers worked out here from the dump's tile in halves (2 bytes each): bytes for s8, halves again
# for the default f16 entry.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32

# check_lines UNIT BYTES_PER_UNIT: both sides' lines in UNIT.
check_lines() {
  python3 - "$STATE" "$1" "$2" <<'PY' || fail "the bank view's tile lines are not in $1: $(q "s['banks_view'].get('tile_text')")"
import json, sys
s = json.load(open(sys.argv[1]))
unit, per = sys.argv[2], int(sys.argv[3])
c = s['controls']
assert c['tile_unit'] == unit, c
w, p = c['width_halves'], c['pad_halves']
for side, pad in (('padded', p), ('unpadded', 0)):
    b = 2 * (w + pad)
    want = f"width {2 * w // per} + pad {2 * pad // per} = stride {b // per} {unit} ({b} B)"
    if c['swizzle'] != 'none':
        want += ", xor swizzle"
    got = s['banks_view']['tile_text'][side]
    assert got == want, (side, got, want)
    print(f"{side}: {got}")
PY
}

start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and s['banks_view']['drawn'] and 'padded' in s['banks_view'].get('tile_text', {})"
check_lines bytes 1
pick_instruction "$K8"
wait_for "s['controls']['instruction'] == '$K8' and s['controls']['tile_unit'] == 'halves'"
sleep 0.3
check_lines halves 2
quit_app
echo "PASS"
