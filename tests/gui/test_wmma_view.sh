#!/usr/bin/env bash
# The fragments view's WMMA mode. Without a measurement (--no-device, no report) `--wmma` picks a
# kind and the view says that WMMA has no published mapping and draws no cell. Then a report whose
# WMMA section is a SYNTHETIC test fixture (tests/cli/wmma_fixture.py; not a measurement: the device
# is named "test fixture, not a GPU"): the f32 accumulator of m16n16k16 as two mma.m16n8k16 C tiles
# side by side, its bytes encoded from the PTX ISA's C/D formulas and the report format's digits,
# independently of fragviz's code. The view must say whose measurement
# it is and that it is no contract, name the relation, draw every cell with its holder, and select
# a lane on a click. No H200 recording holds WMMA results yet (tests/fixtures/README.md: the
# committed runs predate the WMMA probes; tools/record-fixtures.sh records one), so the measured
# part is the synthetic fixture's alone.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
KIND=wmma.m16n16k16.accumulator.row.f32
W="s['wmma']"

start_app --no-device --wmma "$KIND"
wait_for "$W['shown'] and $W['name'] == '$KIND'"
wait_for "$W['nothing'].startswith('WMMA has no published mapping') and $W['cells'] == [] and $W['label'] == ''"
wait_for "'fragviz-cli probe --instr $KIND --json FILE' in $W['nothing'] and 'wmma_picker' in s['widgets']"
shot wmma-no-measurement
quit_app

python3 "$SRC/tests/cli/wmma_fixture.py" "$SRC/tests/fuzz/corpus/report/v2-probe-small.json" "$WORK/fixture.json" ||
  fail "could not write the fixture"

start_app --no-device --wmma "$KIND" "$WORK/fixture.json"
wait_for "s['report_error'] == '' and s['report_label'] is not None" 30
wait_for "$W['label'] == 'measured on test fixture, not a GPU, sm_90: not a contract' and $W['nothing'] == ''"
wait_for "$W['relation'] == 'equals mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 C tiled 1 x 2: x[0..3] = c0..c3 at (0, 0), x[4..7] = c0..c3 at (0, 8)'"
wait_for "$W['holders'] == '8 x .f32 per lane (256 slots): 256 of 256 cells held, each once'"
wait_for "len($W['cells']) == 256 and all(c['holders'] == 1 for c in $W['cells'])"
# (9, 12): row groupID + 8 with groupID 1, column 8 + 2 * 2: lane 6, c2 of the second tile, x[6].
wait_for "[(c['lane'], c['slot']) for c in $W['cells'] if (c['row'], c['col']) == (9, 12)] == [(6, 6)]"
click $(centre_of "[c for c in $W['cells'] if (c['row'], c['col']) == (9, 12)][0]['rect']")
wait_for "s['selected_lane'] == 6"
shot wmma-fixture
quit_app

echo "PASS"
