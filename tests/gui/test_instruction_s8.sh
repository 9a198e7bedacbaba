#!/usr/bin/env bash
# A catalogue instruction other than the seed's: `--instr` picks s8 m16n8k32, clicking a cell of
# lane 5 selects it, and the lane inspector shows lane 5's registers as the PTX ISA lays them out
# ("Matrix Fragments for mma.m16n8k32", groupID = 1, threadID_in_group = 1): four A registers of
# four 8-bit fields each, a_i at row groupID (+8 for 4 <= i < 8 and i >= 12), col
# 4 * threadID_in_group + (i & 3) (+16 for i >= 8), so a0 is (1,4); two B registers of four bytes,
# b_i at row 4 * threadID_in_group + (i & 3) (+16 for i >= 4), col groupID; four .s32 C/D
# registers. A/B values are the tensor-core probe's labels (slot + 1 = lane * 16 + i + 1 for A).
# ldmatrix moves bytes (PTX ISA, ldmatrix: "a group of four consecutive threads loads 16 bytes"),
# so A and B have ldmatrix forms: A (16 x 32 .s8, K contiguous) with .x4, lane L addressing row
# L % 16 at byte 16 (L / 16); B (stored N x K, 8 x 32) with .x2, lane L at row L % 8, byte 16 (L / 8).
# The ldmatrix and bank views draw them (the explorer in byte cells), and the inspector says which
# stored bytes lane 5's registers receive from which lane. The picker then switches back to the
# seed's instruction (half cells again); an f64 entry says, in the PTX's words, why it has none.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
start_app --no-device --instr "$S8"

wait_for "s['controls']['instruction'] == '$S8' and s['controls']['shape'] == 'm16n8k32'"
wait_for "len(s['cells']['A']) == 512 and len(s['cells']['B']) == 256 and len(s['cells']['C']) == 128"
wait_for "s['instruction']['group'] == 's8/u8' and s['instruction']['operands']['A']['type'] == 's8'"
wait_for "s['instruction']['has_ldmatrix_form'] and 'ldmatrix_none' not in s['widgets'] and 'banks_padded_totals' in s['widgets']"
wait_for "s['instruction']['operands']['A']['ldmatrix'] == 'ldmatrix.sync.aligned.m8n8.x4.shared.b16'"
wait_for "s['instruction']['operands']['B']['ldmatrix'] == 'ldmatrix.sync.aligned.m8n8.x2.shared.b16'"
# The explorer (.x4, no .trans) in byte cells: cell (row r, byte c) is matrix j = r // 8 + 2 (c // 16),
# received by lane 4 (r % 8) + (c % 16) // 4 as byte c % 4 of register j; its row start by lane 8j + r % 8.
python3 - "$STATE" <<'PY' || fail "the explorer's byte cells are not what ldmatrix delivers"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['ldmatrix_view']
assert (v['unit_bytes'], v['rows'], v['cols']) == (1, 16, 32), v
for r in range(16):
    for c in range(32):
        j = r // 8 + 2 * (c // 16)
        assert v['cells'][r * 32 + c] == [4 * (r % 8) + (c % 16) // 4, j, c % 4, 8 * j + r % 8], (r, c)
PY

# The bank view counts A's and B's own loads over the tile (stride 144 bytes padded, 128 unpadded):
# the addresses from the rule above, wavefronts per 8-lane phase the most distinct 4-byte words one
# bank serves (bank = byte / 4 % 32).
python3 - "$STATE" <<'PY' || fail "the bank view does not count A's and B's own row addresses"
import json, sys
s = json.load(open(sys.argv[1]))
def expect(stride, op, rows, num):
    addr = [(l % rows) * stride + 16 * ((l % (8 * num)) // rows) for l in range(32)]
    wf = 0
    for j in range(num):
        words = {}
        for l in range(8 * j, 8 * j + 8):
            for w in range(4):
                word = addr[l] // 4 + w
                words.setdefault(word % 32, set()).add(word)
        wf += max(len(v) for v in words.values())
    return addr, wf
for side, stride in (('padded', 144), ('unpadded', 128)):
    loads = s['banks'][side]['operand_loads']
    assert [o['operand'] for o in loads] == ['A', 'B'], loads
    for o, rows, num in ((loads[0], 16, 4), (loads[1], 8, 2)):
        addr, wf = expect(stride, o['operand'], rows, num)
        assert o['problem'] == '' and o['addresses'] == addr, (side, o)
        assert o['wavefronts'] == wf, (side, o['operand'], o['wavefronts'], wf)
PY

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
# The inspector on lane 5's own loads (groupID 1, threadID_in_group 1): it addresses stored row 5 of
# A and of B; a0..a3 = A(1,4..7) are bytes 4-7 of stored row 1, the row lane 1 addresses, and so on.
python3 - "$STATE" <<'PY' || fail "the inspector does not say which bytes lane 5 receives through ldmatrix"
import json, sys
s = json.load(open(sys.argv[1]))
loads = s['inspector']['loads']
# Registers named by their elements, {a0,a1,a2,a3} (fragment_names.hpp), as the lane inspector names them.
want = [
    'A: ldmatrix.sync.aligned.m8n8.x4.shared.b16, A stored 16 x 32 (M x K, K contiguous)',
    '  addresses stored row 5, bytes 0-15: A(5,0)..A(5,15)',
    '  {a0,a1,a2,a3}: stored row 1, bytes 4-7 from T1: A(1,4)..A(1,7)',
    '  {a4,a5,a6,a7}: stored row 9, bytes 4-7 from T9: A(9,4)..A(9,7)',
    '  {a8,a9,a10,a11}: stored row 1, bytes 20-23 from T17: A(1,20)..A(1,23)',
    '  {a12,a13,a14,a15}: stored row 9, bytes 20-23 from T25: A(9,20)..A(9,23)',
    'B: ldmatrix.sync.aligned.m8n8.x2.shared.b16, B stored 8 x 32 (N x K, K contiguous)',
    '  addresses stored row 5, bytes 0-15: B(0,5)..B(15,5)',
    '  {b0,b1,b2,b3}: stored row 1, bytes 4-7 from T1: B(4,1)..B(7,1)',
    '  {b4,b5,b6,b7}: stored row 1, bytes 20-23 from T9: B(20,1)..B(23,1)',
]
assert loads == want, loads
PY
screenshot_not_blank "$WORK/s8.png"

# Back to the seed's instruction through the picker: ldmatrix and banks draw again.
pick_instruction "$K8"
wait_for "s['controls']['instruction'] == '$K8' and len(s['cells']['A']) == 128 and s['instruction']['has_ldmatrix_form']"
wait_for "'ldmatrix_none' not in s['widgets'] and 'banks_padded_totals' in s['widgets']"
wait_for "len([r for r in s['inspector']['registers'] if r['operand'] == 'A']) == 2"
wait_for "s['ldmatrix_view']['unit_bytes'] == 2 and s['ldmatrix_view']['cols'] == 16"
# B of the seed: .x1.trans from K x N; lane 5's {b0,b1} are the halves of rows 2 and 3 at column 1.
wait_for "'  {b0,b1}: stored row 2-3, bytes 2-3 (.trans) from T2-T3: B(2,1)..B(3,1)' in s['inspector']['loads']"
F64=mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64
pick_instruction "$F64"
wait_for "s['controls']['instruction'] == '$F64' and not s['instruction']['has_ldmatrix_form']"
wait_for "'ldmatrix_none' in s['widgets'] and 'banks_none' in s['widgets']"
wait_for "'64-bit register' in s['instruction']['no_ldmatrix']"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
