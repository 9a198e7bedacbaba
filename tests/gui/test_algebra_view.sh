#!/usr/bin/env bash
# View > Algebra: CuTe's layout algebra typed and drawn. From an empty config dir: the default
# logical_divide((16,64):(64,1), (8,8)) is ((8,2),(8,8)):((64,512),(1,8)) (CuTe's result), drawn
# as its operand and result tables, cell (r, c) of the result the offset of row r = (r%8, r/8),
# column c = (c%8, c/8) worked out from that shape:stride; a nested expression offers each of its
# operations; a divide whose tiles overhang its modes is noted; CuTe's refusal of a non-injective complement is said with its column; the expression
# and the open window come back after a restart; scrolled sideways, a table keeps its row numbers in view.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
A="s['algebra']"

open_algebra() { open_from_view_menu view_algebra "$A['open']"; }

type_expression() { type_into algebra_expression "$A['expression']" "$1" "$2"; }

wait_for "not $A['open']"
open_algebra
wait_for "$A['ok'] and $A['value'] == '((8,2),(8,8)):((64,512),(1,8))'"
python3 - "$STATE" <<'PY' || fail "the default expression's tables are not CuTe's"
import json, sys
a = json.load(open(sys.argv[1]))['algebra']
assert a['facts'] == 'size 1024, cosize 1024, rank 2, depth 2', a['facts']
t = a['tables']
assert [x['title'] for x in t] == ['operand 1', 'logical_divide ='], [x['title'] for x in t]
op, res = t
assert (op['rows'], op['cols']) == (16, 64) and (res['rows'], res['cols']) == (16, 64)
for r in range(16):
    for c in range(64):
        assert op['offsets'][r + 16 * c] == 64 * r + c
        want = 64 * (r % 8) + 512 * (r // 8) + (c % 8) + 8 * (c // 8)
        assert res['offsets'][r + 16 * c] == want, (r, c)
PY

# Scrolled sideways (64 columns are wider than the window), the result table keeps its row numbers
# at the view's left edge (newcomer round 21: they scrolled away with the first columns).
AW="s['windows']['Algebra: CuTe layouts and their operations']['rect']"
# The window is tiled under the bank view (issue 22): the wheel over it first brings the result
# table into its view, then the mouse goes to a point of that table inside the window.
for _ in $(seq 30); do
  [ "$(q "s['widgets']['algebra_table_1'][1] + 60 < $AW[1] + $AW[3]")" = True ] && break
  xdotool mousemove --window "$WID" $(centre_of "$AW") click 5
  sleep 0.15
done
xdotool mousemove --window "$WID" $(python3 -c "import json; s=json.load(open('$STATE')); t=s['widgets']['algebra_table_1']; w=$AW; print(int(t[0]+t[2]/2), int(max(t[1], w[1]) + 40))")
for _ in 1 2 3; do
  xdotool keydown shift click --repeat 3 --delay 80 5 keyup shift
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['widgets']['algebra_table_1'][0] < $AW[0] - 50 else 1)" && break
  sleep 0.5
done
wait_for "s['widgets']['algebra_table_1'][0] < $AW[0] - 50" 5
wait_for "$AW[0] <= s['widgets']['algebra_rows_1'][0] < $AW[0] + 20" 3
xdotool mousemove --window "$WID" 5 995

# A divide whose tiles overhang: 7 in 16 and 9 in 64 (remainders 2 and 1) round the rest modes up
# to 3 and 8 tiles; the offsets then reach 6*64 + 2*448 + 8*1 + 7*9 = 1351 of a 1024-element tile.
wait_for "$A['notes'] == []"
type_expression "logical_divide((16,64):(64,1), (7,9))" "$A['ok'] and len($A['notes']) == 2"
wait_for "$A['notes'][0].startswith('note: 7 does not divide 16 (mode 0): ') and $A['notes'][1].startswith('note: 9 does not divide 64 (mode 1): ')"
wait_for "all(n.endswith('offsets reach 1351 beyond the 1024 of (16,64):(64,1)') for n in $A['notes'])"

type_expression "coalesce(composition((4,8):(8,1), (8,4):(4,1)))" "$A['ok'] and len($A['steps']) == 2"
wait_for "$A['shown_step'] == 1 and $A['tables'][-1]['title'] == 'coalesce ='"

type_expression "complement((2,2):(2,3))" "not $A['ok'] and 'Non-injective' in $A['error']"
wait_for "$A['error'].startswith('col 1:')"
type_expression "Swizzle<3,3,3> o (8,64):(64,1)" "$A['ok'] and $A['tables'][0]['swizzle'] != ''"
wait_for "$A['tables'][0]['swizzle'] == 'Swizzle<3,3,3>: bits 6-8 of the offset are XORed into bits 3-5'"
# Row 1, column 8: 64 + 8 = 72 = 0b1001000; bit 6 (1) flips bit 3 (1): 64.
wait_for "$A['tables'][0]['offsets'][1 + 8 * 8] == 64"
quit_app
grep -q '"algebra": "Swizzle<3,3,3> o (8,64):(64,1)"' "$WORK/cfg/settings.json" || fail "settings.json lacks the expression"

CONFIG_FROM_ENV=1 start_app --no-device
wait_for "$A['open'] and $A['expression'] == 'Swizzle<3,3,3> o (8,64):(64,1)' and $A['ok']"
quit_app
echo "PASS"
