#!/usr/bin/env bash
# Warpgroup view (View > Warpgroup): a wgmma entry's 64xN accumulator D and 64xK A fragment over
# the 128 threads. At N = 256 zoom 1 fits every cell; ctrl+wheel and the slider enlarge them until
# "T<thread> V<element>" labels fit and only the visible cells are drawn. At m64n64k16 .f32.bf16.bf16
# a click on D(17, 2) selects thread 37 (warp 1, lane 5), and its registers in the dump are checked
# against the PTX ISA's formulas worked out here by hand:
#   D: row = 16*warp + lane/4 + 8*((i>>1)&1), col = 8*(i>>2) + 2*(lane%4) + (i&1), one f32 per register
#   A: row = 16*warp + lane/4 + 8*((i>>1)&1), k = 2*(lane%4) + (i&1) + 8*(i>>2), two bf16 per register
# Without a report the view says "model only".
# Newcomer round 20: with an mma.sync form chosen, the view opens on the wgmma of its types at N = 64
# (PTX ISA wgmma table: .f32.f16.f16 for m16n8k16 .f32.f16.f16.f32), at a zoom where the cells carry
# their thread labels; an .f64 form, which no wgmma has, shows the default and says why.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
BF=wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
F16N256=wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
F16=wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
start_app --no-device

wait_for "s['hopper']['windows'] == {'warpgroup': False, 'descriptor': False, 'moves': False}"
pick_instruction mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "s['controls']['instruction'] == 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32'"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and s['hopper']['wgmma']['mnemonic'] == '$F16' and s['hopper']['wgmma']['note'] == ''"
wait_for "s['hopper']['warpgroup']['model_only'] and s['hopper']['warpgroup']['measured_text'].startswith('model only:')"
# Labels at the zoom the view opens at: the thread in every cell in view (T<thread> fits, 1x does not).
wait_for "s['hopper']['warpgroup']['zoom'] > 1 and s['hopper']['warpgroup']['label_mode'] != 'none'"
wait_for "s['hopper']['warpgroup']['labels_drawn'] == s['hopper']['warpgroup']['cells_drawn'] > 100"
echo "opens at $(q "s['hopper']['warpgroup']['zoom']")x with $(q "s['hopper']['warpgroup']['labels_drawn']") labels"
shot warpgroup-f16-labels
# The followed entry is looked up when the form changes, not every frame (issue 22): the dump's
# count of lookups stays put while the mouse moves over the window (frames drawn), and the .f64
# form below costs one more.
# (The app draws on events: the mouse moving over the window makes the frames.)
LOOKUPS=$(q "s['hopper']['follow_lookups']")
for x in $(seq 200 40 600); do
  xdotool mousemove --window "$WID" "$x" 500
  sleep 0.05
done
xdotool mousemove --window "$WID" 5 995
sleep 0.3
[ "$(q "s['hopper']['follow_lookups']")" = "$LOOKUPS" ] ||
  fail "the followed wgmma was looked up again while nothing changed: $LOOKUPS, then $(q "s['hopper']['follow_lookups']")"
pick_instruction mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
wait_for "s['hopper']['wgmma']['mnemonic'] == '$BF' and s['hopper']['wgmma']['note'] == 'no wgmma form for .f64: showing m64n64k16.f32.bf16.bf16'"
wait_for "s['hopper']['follow_lookups'] == $LOOKUPS + 1"

# N = 256: everything fits at zoom 1, then zoom in about a D cell.
pick_wgmma "$F16N256"
wait_for "s['hopper']['wgmma']['mnemonic'] == '$F16N256' and s['hopper']['warpgroup']['grids']['D']['cols'] == 256"
warpgroup_fit
wait_for "s['hopper']['warpgroup']['cells_drawn'] == 64 * (256 + 16)"
shot warpgroup-n256-fit
read -r GX GY <<<"$(grid_cell warpgroup D 40 200)"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
xdotool keydown ctrl
for _ in 1 2 3 4; do xdotool click 4; sleep 0.15; done
xdotool keyup ctrl
wait_for "s['hopper']['warpgroup']['zoom'] > 2"
wait_for "s['hopper']['warpgroup']['scroll_max'][0] > 0 and s['hopper']['warpgroup']['cells_drawn'] < 64 * (256 + 16)"
# The slider's right end: the largest zoom, labels in full.
read -r ZX ZY <<<"$(python3 -c "import json; s=json.load(open('$STATE')); r=s['widgets']['wg_zoom']; print(int(r[0]+r[2]-3), int(r[1]+r[3]/2))")"
click "$ZX" "$ZY"
wait_for "s['hopper']['warpgroup']['zoom'] == 48 and s['hopper']['warpgroup']['label_mode'] == 'full'"
wait_for "0 < s['hopper']['warpgroup']['cells_drawn'] < 400 and s['hopper']['warpgroup']['scroll_max'][1] > 0"
xdotool mousemove --window "$WID" 5 995
sleep 0.5
shot warpgroup-n256-zoomed
click $(centre_of "s['widgets']['wg_fit']")
wait_for "s['hopper']['warpgroup']['zoom'] == 1"

# m64n64k16 .f32.bf16.bf16: thread 37 owns D(17, 2) (warp 1: rows 16-31; lane 5: row 16 + 5/4 = 17,
# col 2*(5%4) = 2, element 0).
pick_wgmma "$BF"
wait_for "s['hopper']['wgmma']['mnemonic'] == '$BF' and s['hopper']['warpgroup']['grids']['D']['cols'] == 64"
warpgroup_fit
wait_for "s['hopper']['warpgroup']['grids']['A']['cols'] == 16 and s['hopper']['warpgroup']['cells_drawn'] == 64 * 80"
click $(grid_cell warpgroup D 17 2)
wait_for "s['hopper']['warpgroup']['selected_thread'] == 37 and s['hopper']['warpgroup']['registers_thread'] == 37"
python3 - "$STATE" <<'PY' || fail "thread 37's registers are not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
regs = s['hopper']['warpgroup']['registers']
warp, lane = 37 // 32, 37 % 32
d = [r for r in regs if r['operand'] == 'D']
a = [r for r in regs if r['operand'] == 'A']
assert [r['name'] for r in d] == ['{d%d}' % i for i in range(32)], [r['name'] for r in d]
for i, r in enumerate(d):  # one f32 element per register, all 32 bits
    row = 16 * warp + lane // 4 + 8 * ((i >> 1) & 1)
    col = 8 * (i >> 2) + 2 * (lane % 4) + (i & 1)
    assert r['fields'] == [{'element': i, 'bit': 0, 'bits': 32, 'row': row, 'col': col,
                            'measured': None, 'match': None}], (i, r)
# By hand, the first few: d0 (17,2) d1 (17,3) d2 (25,2) d3 (25,3) d4 (17,10) ... d31 (25,59).
assert [(r['fields'][0]['row'], r['fields'][0]['col']) for r in d[:5]] == [(17, 2), (17, 3), (25, 2), (25, 3), (17, 10)]
assert (d[31]['fields'][0]['row'], d[31]['fields'][0]['col']) == (25, 59)
# Registers by the elements they hold: bf16 a0..a7 in four registers, never "a0".."a3".
assert [r['name'] for r in a] == ['{a0,a1}', '{a2,a3}', '{a4,a5}', '{a6,a7}'], [r['name'] for r in a]
for r in a:  # two bf16 per register: element 2j in bits 0-15, 2j+1 in bits 16-31
    assert len(r['fields']) == 2
    for h, f in enumerate(r['fields']):
        i = 2 * r['index'] + h
        assert (f['element'], f['bit'], f['bits']) == (i, 16 * h, 16), f
        assert (f['row'], f['col']) == (16 * warp + lane // 4 + 8 * ((i >> 1) & 1),
                                        2 * (lane % 4) + (i & 1) + 8 * (i >> 2)), (i, f)
assert [(f['row'], f['col']) for r in a for f in r['fields']] == \
    [(17, 2), (17, 3), (25, 2), (25, 3), (17, 10), (17, 11), (25, 10), (25, 11)]
PY
wait_for "'wg_registers' in s['widgets']"
shot warpgroup-bf16-thread37
# A(25, 11) is thread 37's V7 too (row 25 = 16 + 5/4 + 8, k 11 = 2*1 + 1 + 8): clicking it clears.
click $(grid_cell warpgroup A 25 11)
wait_for "s['hopper']['warpgroup']['selected_thread'] == -1 and s['hopper']['warpgroup']['registers'] == []"
# Thread 96 (warp 3, lane 0) owns D(48, 0).
click $(grid_cell warpgroup D 48 0)
wait_for "s['hopper']['warpgroup']['selected_thread'] == 96"
wait_for "s['hopper']['warpgroup']['registers'][0]['fields'][0]['row'] == 48 and s['hopper']['warpgroup']['registers'][0]['fields'][0]['col'] == 0"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
