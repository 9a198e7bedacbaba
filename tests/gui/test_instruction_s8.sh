#!/usr/bin/env bash
# A catalogue instruction other than the seed's: `--instr` picks s8 m16n8k32, clicking a cell of
# lane 5 selects it, and the lane inspector shows lane 5's registers as the PTX ISA lays them out
# ("Matrix Fragments for mma.m16n8k32", groupID = 1, threadID_in_group = 1): four A registers of
# four 8-bit fields each, a_i at row groupID (+8 for 4 <= i < 8 and i >= 12), col
# 4 * threadID_in_group + (i & 3) (+16 for i >= 8), so a0 is (1,4); two B registers of four bytes,
# b_i at row 4 * threadID_in_group + (i & 3) (+16 for i >= 4), col groupID; four .s32 C/D
# registers. A/B values are the tensor-core probe's labels (slot + 1 = lane * 16 + i + 1 for A).
# The ldmatrix and bank views say there is no ldmatrix form instead of drawing; the picker then
# switches back to the seed's instruction and they draw again.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
start_app --no-device --instr "$S8"

wait_for "s['controls']['instruction'] == '$S8' and s['controls']['shape'] == 'm16n8k32'"
wait_for "len(s['cells']['A']) == 512 and len(s['cells']['B']) == 256 and len(s['cells']['C']) == 128"
wait_for "s['instruction']['group'] == 's8/u8' and s['instruction']['operands']['A']['type'] == 's8'"
wait_for "'ldmatrix_none' in s['widgets'] and 'banks_none' in s['widgets'] and not s['instruction']['has_ldmatrix_form']"
wait_for "'8-bit' in s['instruction']['no_ldmatrix']"

# A (1,4) is lane 5's a0: click it.
wait_for "[c for c in s['cells']['A'] if c['row'] == 1 and c['col'] == 4][0]['lane'] == 5"
click $(cell_centre A 1 4)
wait_for "s['selected_lane'] == 5 and s['inspector']['lane'] == 5"

python3 - "$STATE" <<'PY' || fail "the inspector does not show lane 5 of $S8 as the PTX ISA lays it out"
import json, sys
s = json.load(open(sys.argv[1]))
regs = s['inspector']['registers']
g, t = 5 >> 2, 5 % 4
def a_coord(i): return (g + (8 if (i // 4) % 2 else 0), 4 * t + (i & 3) + (16 if i >= 8 else 0))
def b_coord(i): return (4 * t + (i & 3) + (16 if i >= 4 else 0), g)
a = [r for r in regs if r['operand'] == 'A']
b = [r for r in regs if r['operand'] == 'B']
c = [r for r in regs if r['operand'] == 'C']
assert len(a) == 4 and len(b) == 2 and len(c) == 4, (len(a), len(b), len(c))
for r in a + b:
    assert r['bits'] == 32 and len(r['fields']) == 4, r['name']
    assert [(f['bit'], f['bits']) for f in r['fields']] == [(0, 8), (8, 8), (16, 8), (24, 8)], r['name']
    assert r['source'] == 'probe-label', r['source']
for r in c:
    assert len(r['fields']) == 1 and r['fields'][0]['bits'] == 32 and r['hex'] == '', r
fields_a = [f for r in a for f in r['fields']]
assert [f['element'] for f in fields_a] == list(range(16))
assert (fields_a[0]['row'], fields_a[0]['col']) == (1, 4), fields_a[0]
for f in fields_a:
    assert (f['row'], f['col']) == a_coord(f['element']), f
    assert f['label'] == 5 * 16 + f['element'] + 1, f
for f in [f for r in b for f in r['fields']]:
    assert (f['row'], f['col']) == b_coord(f['element']), f
    assert f['label'] == 5 * 8 + f['element'] + 1, f
# The hex is the register the probe feeds: labels 81..84 (digit 0 of 7-bit digits) in a0..a3.
assert a[0]['hex'] == '0x54535251', a[0]['hex']
# A register is named by the four .s8 elements it holds (elements a0..a15), not as an element range.
assert [r['name'] for r in a] == ['{a0,a1,a2,a3}', '{a4,a5,a6,a7}', '{a8,a9,a10,a11}', '{a12,a13,a14,a15}'], [r['name'] for r in a]
assert [r['name'] for r in c] == ['{c0}', '{c1}', '{c2}', '{c3}'], [r['name'] for r in c]
assert 'label' in s['inspector']['encoding']
# Every highlighted A cell is one of lane 5's.
assert sorted(map(tuple, s['highlighted']['A'])) == sorted(a_coord(i) for i in range(16))
PY
screenshot_not_blank "$WORK/s8.png"

# Back to the seed's instruction through the picker: ldmatrix and banks draw again.
pick_instruction "$K8"
wait_for "s['controls']['instruction'] == '$K8' and len(s['cells']['A']) == 128 and s['instruction']['has_ldmatrix_form']"
wait_for "'ldmatrix_none' not in s['widgets'] and 'banks_padded_totals' in s['widgets']"
wait_for "len([r for r in s['inspector']['registers'] if r['operand'] == 'A']) == 2"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
