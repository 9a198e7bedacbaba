#!/usr/bin/env bash
# Measured data of catalogue instructions: a report holding tensor-core probes (here written from
# the pinned H200 Hopper-run report, tests/fixtures/reports/h200-2026-12-01-hopper-probe.json, its
# instruction probes replaced by ones made from fragviz-cli's layout: s8 m16n8k32
# with lane 0's a0 and lane 5's a2 measured in each other's cell, s8 m16n8k16 all matching, one f8f6f4
# entry not run) marks the cells matched / mismatched, shows the measured labels with their cells in
# the lane inspector, and the device panel counts the instructions measured and matched. s8 m16n8k32
# also has a through-ldmatrix record (one received byte planted wrong), counted apart. The seed's
# m16n8k8 keeps its ldmatrix-measured fragment probe.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -x "$CLI" ] || { echo "SKIP: no fragviz-cli"; exit 77; }
BASE=$(fixture h200-2026-12-01-hopper-probe.json) || fail "the pinned probe report is missing"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
S8K16=mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
F4=$("$CLI" layout --list | grep -o 'mma\.sync\.aligned\.[^ ]*f8f6f4[^ ]*' | head -1)
"$CLI" layout --instr "$S8" --csv >"$WORK/s8.csv" || fail "fragviz-cli layout --instr $S8 failed"
"$CLI" layout --instr "$S8K16" --csv >"$WORK/s8k16.csv" || fail "fragviz-cli layout --instr $S8K16 failed"

python3 - "$BASE" "$WORK/report.json" "$WORK/s8.csv" "$WORK/s8k16.csv" "$S8" "$S8K16" "$F4" <<'PY'
import csv, json, sys
base, out, s8csv, k16csv, s8, s8k16, f4 = sys.argv[1:8]
r = json.load(open(base))
p = r['probe']
if r.get('version', 1) < 2:  # the committed seed report predates the catalogue
    r['version'] = 2
    for f in p['fragments']:
        if 'shape' in f:
            f['mnemonic'] = 'mma.sync.aligned.' + f.pop('shape') + '.row.col.f32.f16.f16.f32'
    p['request'].setdefault('instruction_probes', True)
    p['request'].setdefault('instructions', [])
    for c in p['cycles']:
        c.setdefault('addresses', None)
    if p['cycles']:  # the last row is the explorer's own load: the same addresses
        p['cycles'][-1]['addresses'] = p['ldmatrix']['addresses']
    p.setdefault('error_kind', 'none')
def probe(mnemonic, path, swap=None):
    # raw: the label read at the element's expected cell (slot + 1, slot = lane * per_lane +
    # element); measured: the cell its own label was read in (mma_probe.hpp). `swap` exchanges the
    # cells of two A elements, as a tensor core that mixed them up would: each label in the other's
    # cell, both measured there.
    rows = list(csv.DictReader(open(path)))
    per = {op: sum(1 for x in rows if x['operand'] == op and x['lane'] == '0') for op in 'ABC'}
    el = []
    for x in rows:
        op, lane, e = x['operand'], int(x['lane']), int(x['element'])
        exp = [int(x['row']), int(x['col'])]
        el.append([op, lane, e, exp, list(exp), lane * per[op] + e + 1 if op != 'C' else 0])
    if swap:
        (a, b) = [next(x for x in el if (x[0], x[1], x[2]) == k) for k in swap]
        a[4], b[4] = list(b[3]), list(a[3])
        a[5], b[5] = b[5], a[5]
    return {'mnemonic': mnemonic, 'ran': True, 'skipped': '', 'passes': 30, 'tile_exact': True,
            'tile_detail': '', 'elements': el}
p['instructions'] = [probe(s8, s8csv, (('A', 0, 0), ('A', 5, 2))), probe(s8k16, k16csv),
                     {'mnemonic': f4, 'ran': False, 'skipped': 'skipped: needs sm_120a or newer (device is sm_90)',
                      'passes': 0, 'tile_exact': False, 'tile_detail': '', 'elements': []}]
# s8 m16n8k32 through ldmatrix (probe.through_ldmatrix): A stored 16 x 32 bytes and B 8 x 32 (N x K)
# with rows of 32 + 16 bytes; each element's raw is the stored byte it came from. Lane 5's a2, A(1,6),
# is planted as received from the next byte, A(1,7). The tensor core fed so: the probe above.
def fed(mnemonic, path, tensor_core):
    rows = list(csv.DictReader(open(path)))
    stride = 32 + 16
    got = []
    for x in rows:
        op, lane, e, r, c = x['operand'], int(x['lane']), int(x['element']), int(x['row']), int(x['col'])
        if op == 'C':
            continue
        raw, cell = (r * stride + c if op == 'A' else c * stride + r), [r, c]
        if (op, lane, e) == ('A', 5, 2):
            raw, cell = raw + 1, [r, c + 1]
        got.append([op, lane, e, [r, c], cell, raw])
    return {'mnemonic': mnemonic, 'ran': True, 'skipped': '',
            'a_addresses': [(l % 16) * stride + 16 * (l // 16) for l in range(32)],
            'b_addresses': [(l % 8) * stride + 16 * ((l % 16) // 8) for l in range(32)],
            'bytes': got, 'passes': 32, 'tile_exact': True, 'tile_detail': '',
            'elements': tensor_core['elements']}
p['through_ldmatrix'] = [fed(s8, s8csv, p['instructions'][0])]
json.dump(r, open(out, 'w'))
PY

start_app --no-device --instr "$S8" "$WORK/report.json"
wait_for "s['report_error'] == '' and s['report_label'] is not None" 20
wait_for "s['catalogue_measured'] == {'in_report': 3, 'measured': 2, 'matched': 1, 'skipped': 1}"
wait_for "s['instruction']['measured']['state'] == 'differs' and s['instruction']['measured']['tensor_core_differing'] == 2"
wait_for "s['instruction']['measured']['tensor_core_checked'] == 896 and 'device_instruction_counts' in s['widgets']"
wait_for "s['fragments_measured_label'] == s['report_label']"
# Through ldmatrix: all 768 A and B elements' bytes checked, the planted one differs; the tensor
# core fed by ldmatrix differs where the register probe did.
wait_for "s['instruction']['measured']['fed_probe'] and s['instruction']['measured']['fed_checked'] == 768"
wait_for "s['instruction']['measured']['fed_differing'] == 1 and s['instruction']['measured']['fed_mma_differing'] == 2"
# A (1,6) is lane 5's a2 and A (0,0) lane 0's a0: both marked as differing; every other cell as
# matching.
wait_for "[c['measured'] for c in s['cells']['A'] if (c['row'], c['col']) in ((1, 6), (0, 0))] == [2, 2]"
wait_for "sum(1 for op in 'ABC' for c in s['cells'][op] if c['measured'] == 1) == 896 - 2"

click $(centre_of "s['lane_buttons'][5]")
wait_for "s['selected_lane'] == 5 and s['inspector']['lane'] == 5"
python3 - "$STATE" <<'PY' || fail "the inspector does not show lane 5's measured labels"
import json, sys
s = json.load(open(sys.argv[1]))
fields = [f for r in s['inspector']['registers'] if r['operand'] == 'A' for f in r['fields']]
assert len(fields) == 16 and all(f['measured'] for f in fields)
for f in fields:
    if f['element'] == 2:
        assert not f['match'] and f['measured_coord'] == [0, 0, 0] and f['measured_raw'] == 1, f
    else:
        assert f['match'] and f['measured_raw'] == 5 * 16 + f['element'] + 1, f
        assert f['measured_coord'][:2] == [f['row'], f['col']], f
c = [r for r in s['inspector']['registers'] if r['operand'] == 'C']
assert all(f['measured'] and f['match'] for r in c for f in r['fields'])
assert 'tensor core' in s['inspector']['encoding']
PY
screenshot_not_blank "$WORK/measured.png"

# The seed's instruction: measured through ldmatrix (the committed fragment probe), all matching.
pick_instruction "$K8"
wait_for "s['controls']['instruction'] == '$K8' and s['instruction']['measured']['fragment_probe']"
wait_for "s['instruction']['measured']['ldmatrix_differing'] == 0 and s['instruction']['measured']['ldmatrix_checked'] > 0"
wait_for "all(c['measured'] == 1 for c in s['cells']['A'])"
wait_for "[r['source'] for r in s['inspector']['registers'] if r['operand'] == 'A'] == ['measured-ldmatrix'] * 2"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
