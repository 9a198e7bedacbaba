#!/usr/bin/env bash
# View > CTA tile: a preset's A, B, C grids, a thread's cells, the joins and bank tables. From an
# empty config dir the sm80 preset (2x2 warps of m16n8k16, Tile<_32,_32,_16>, CTA 128x128x32) shows:
#  - A's cell (17,2) held first by thread 37 (warp 1 holds A rows 16-31; lane 5: group 1, k 2-3)
#    in its V0, cell (0,0) by thread 0 V0;
#  - thread 0 chosen: its 64 A values outlined, (0,0) and (8,1) among them (a0 and a3);
#    (the state dump lists a grid's holders up to 4096 cells: A and B here, C only its count)
#  - a click on cell (1,0) picks thread 4, whose cells are then outlined;
#  - the joins all match and the ldmatrix banks are conflict-free: 128 wavefronts for A;
#  - every control above the grids (fields, pickers, verdicts) lies whole in the window's visible part.
# The preset and the open window come back after a restart; a saved fa2-attention shows its C
# reused as the next A.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
A="$C['grids'][0]"

open_cta() { open_from_view_menu view_cta_tile "$C['open']"; }

wait_for "not $C['open']"
open_cta
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32'"
wait_for "$A['rows'] == 128 and $A['cols'] == 32"
wait_for "$A['threads'][17 * 32 + 2] == 37 and $A['values'][17 * 32 + 2] == 0"
wait_for "$A['threads'][0] == 0 and $A['values'][0] == 0"
wait_for "len($A['mine']) == 64 and 0 in $A['mine'] and 8 * 32 + 1 in $A['mine']"
wait_for "$A['join'] == 'join: all 8192 match (128 threads x 64 values)' and $A['join_ok']"
wait_for "$A['wavefronts'] == 128 and $A['bank_conflicts'] == 0"
wait_for "$C['grids'][1]['join_ok'] and $C['grids'][2]['cells'] == 128 * 128"

# The preset picker lists every preset whole (newcomer round 23: at 20 rows the last one scrolled
# out of its list), within the screen, its list in front of every view. The names: the CLI's.
[ -n "$CLI" ] || fail "usage: test_cta_tile_view.sh <fragviz> <fragviz-cli>"
"$CLI" tiled --preset none 2>&1 | sed -n 's/^the [0-9]* presets[^:]*: //p' | tr -d ' ' | tr ',' '\n' >"$WORK/presets"
[ "$(wc -l <"$WORK/presets")" -ge 20 ] || fail "the CLI named no presets: $(cat "$WORK/presets")"
click $(centre_of "s['widgets']['cta_preset']")
wait_for "len(s['open_popups']) == 1 and 'cta_preset_filter' in s['widgets']"
sleep 0.5
python3 - "$STATE" "$WORK/presets" <<'PY' || fail "the CTA preset list is not whole, on screen and in front"
import json, sys
s = json.load(open(sys.argv[1]))
names = open(sys.argv[2]).read().split()
p = s['open_popups'][0]
px, py, pw, ph = p['rect']
sw, sh = s['display']['logical_size']
print('popup', p, 'screen', [sw, sh])
assert p['front'], p
assert 0 <= px and 0 <= py and px + pw <= sw and py + ph <= sh, p
bad = {}
for n in names:
    r = s['widgets'].get('cta_preset:' + n)
    if r is None or r[0] < px or r[1] < py or r[0] + r[2] > px + pw or r[1] + r[3] > py + ph:
        bad[n] = r
print('entries', len(names), 'not whole in the list:', bad)
sys.exit(1 if bad else 0)
PY
xdotool key Escape
wait_for "len(s['open_popups']) == 0"

# Every control above the grids lies whole inside the window's width (its inner part, less scroll
# bars), at 1600x1000 with the default layout (newcomer round 18: the field rows ran past the window's
# right edge, cut, where no scroll reaches), and within its height or the reach of its own scroll (the
# open form may run below the window: the wheel scrolls it).
cta_form_open  # the fields, folded at first, shown
wait_for "'cta_tile_view' in s['widgets'] and 'cta_verdict_C' in s['widgets']"
python3 - "$STATE" <<'PY' || fail "a control of the CTA tile window is cut at 1600x1000"
import json, sys
s = json.load(open(sys.argv[1]))
w = s['widgets']
assert s['display']['logical_size'] == [1600, 1000], s['display']
vx, vy, vw, vh = w['cta_tile_view']
win = s['windows']['CTA tile: TiledMMA, TiledCopy and shared layouts']
below = win['scroll_max'][1] - win['scroll'][1]  # how far the window's own scroll still reaches down
above = win['scroll'][1]
names = ['cta_preset', 'cta_thread', 'cta_cell', 'cta_mma', 'cta_mma_picker', 'cta_atoms', 'cta_permute',
         'cta_gmem_copy_a', 'cta_gmem_copy_b', 'cta_tile_mnk', 'cta_k_block', 'cta_reuse',
         'cta_register_swap', 'cta_run_gpu', 'cta_verdict_A', 'cta_verdict_B', 'cta_verdict_C']
for op in 'abc':
    names += ['cta_copy_' + op, 'cta_copy_%s_picker' % op, 'cta_bits_' + op, 'cta_smem_' + op]
cut = {}
for n in names:
    x, y, ww, hh = w.get(n + '_whole', w[n])  # a text field's box is n, with its label n_whole
    if x < vx - 0.5 or y < vy - above - 0.5 or x + ww > vx + vw + 0.5 or y + hh > vy + vh + below + 0.5:
        cut[n] = [x, y, ww, hh]
print('view', [vx, vy, vw, vh], 'scroll reach', [above, below], 'cut:', cut)
sys.exit(1 if cut else 0)
PY

# Clicking A's cell (1,0) picks its holder, thread 4 (lane 4: group 1, k 0-1): (1,0), (9,1) and
# (1,8) (a0, a3, a4) outlined, (0,0) not.
# Tiled under the bank view, the window shows its fields first: A's first rows are scrolled into view.
cta_grids_until "(lambda v: v['rows'] is not None and v['rows'][0] <= 1 <= v['rows'][1] and v['cols'][0] == 0)($C['visible']['A']) and 'cta_cell_A_1_0' in s['widgets']"
for attempt in 1 2 3; do
  click $(centre_of "s['widgets']['cta_cell_A_1_0']")
  ok=1
  for i in $(seq 50); do
    [ "$(q "$C['thread']")" = 4 ] && ok=0 && break
    sleep 0.1
  done
  [ $ok = 0 ] && break
done
wait_for "$C['thread'] == 4"
wait_for "1 * 32 + 0 in $A['mine'] and 9 * 32 + 1 in $A['mine'] and 1 * 32 + 8 in $A['mine'] and 0 not in $A['mine']"
quit_app
python3 -c "import json,sys; sys.exit(json.load(open(sys.argv[1]))['cta_tile']['preset'] != 'sm80-gemm-128x128x32')" \
  "$WORK/cfg/settings.json" || fail "settings.json lacks the preset"

# A saved preset comes back with the window (a plain name, as files before the typed configuration
# hold it).
python3 - "$WORK/cfg/settings.json" <<'PY'
import json, sys
p = sys.argv[1]
j = json.load(open(p))
j['cta_tile'] = 'fa2-attention'
json.dump(j, open(p, 'w'))
PY
start_app --no-device
wait_for "$C['open'] and $C['preset'] == 'fa2-attention' and $C['ok']"
wait_for "$C['reuse'] == 'C as the next A ((4,1,8) -> ((4,2),1,4)): all 4096 match (128 threads x 32 values)'"
quit_app
echo "PASS"
