#!/usr/bin/env bash
# View > CTA tile, edited: the sm80 preset's fields typed over, the view analysed on every edit.
#  - A's shared layout typed unswizzled, (128,32):(32,1): 64-byte rows put an 8-row ldmatrix matrix
#    on 2 of the 8 16-byte bank groups, 4-way: 512 wavefronts, 384 conflicts (worked out in
#    tests/unit/test_cta_tile.cpp), and Swizzle<2,3,3> suggested; typed M-major, (128,32):(1,128):
#    lane 0's 16-byte row runs down m, so thread 0's V1 (A (0,1)) gets (1,0): the join fails;
#  - a tile with a stray letter, 128x12y8x32: refused at --tile column 7, the grids gone; typed
#    right again, back;
#  - File > Export of the edited window and fragviz-cli export --view cta with the same flags write
#    the same bytes;
#  - the configuration comes back after a restart; a saved field of the wrong type is said (a
#    settings notice) and the preset's value used, the window still drawn.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
A="$C['grids'][0]"

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32' and $A['wavefronts'] == 128"
cta_form_open

type_into cta_smem_a "$C['spec']['smem'][0]" "(128,32):(32,1)" \
  "$C['ok'] and $A['wavefronts'] == 512 and $A['bank_conflicts'] == 384"
wait_for "$A['suggestion'].startswith('Swizzle<2,3,3> o (128,32):(32,1): 128 wavefronts')"
wait_for "$C['source'].startswith('edited from preset sm80-gemm-128x128x32')"
# The preset picker says the fields are edited (newcomer round 23: it read the preset's name alone).
wait_for "s['pickers']['cta_preset']['preview'] == 'sm80-gemm-128x128x32 (edited)'"

type_into cta_tile_mnk "$C['spec']['tile']" "128x12y8x32" \
  "not $C['ok'] and $C['error_field'] == '--tile' and $C['error_column'] == 7"
wait_for "'cta_error_caret' in s['widgets'] and $C['grids'] == []"
type_into cta_tile_mnk "$C['spec']['tile']" "128x128x32" "$C['ok'] and $A['wavefronts'] == 512"
# Newcomer round 22: atoms (0,2,1) killed the app (SIGFPE: CuTe's complement divided by the 0); now
# the atoms field says why and the app lives on; back to (2,2,1) the results return.
type_into cta_atoms "$C['spec']['atoms']" "(0,2,1)" \
  "not $C['ok'] and $C['error_field'] == '--atoms' and 'has 0 atoms along a mode' in $C['error']"
app_alive || fail "atoms (0,2,1) ended the app"
type_into cta_atoms "$C['spec']['atoms']" "(2,2,1)" "$C['ok'] and $A['wavefronts'] == 512"

type_into cta_smem_a "$C['spec']['smem'][0]" "(128,32):(1,128)" "$C['ok'] and not $A['join_ok']"
wait_for "$A['join'].startswith('join: thread 0 V1 (k-block 0): delivered (1,0) at byte 2, expected (0,1)')"

# File > Export of the window (from the menu: Ctrl+E would go to the text field still active), then
# the CLI with the window's configuration as flags.
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['menu_file']")
  for i in $(seq 20); do [ "$(q "'menu_export' in s['widgets']")" = True ] && break; sleep 0.1; done
  click $(centre_of "s['widgets']['menu_export']")
  for i in $(seq 20); do [ "$(q "'export_path' in s['widgets']")" = True ] && break; sleep 0.1; done
  [ "$(q "'export_path' in s['widgets']")" = True ] && break
  xdotool key Escape
done
wait_for "'export_path' in s['widgets']"
# The view list opens with its filter focused: "cta" leaves the one view, Enter takes it.
click $(centre_of "s['widgets']['export_view']")
wait_for "'export_view_filter' in s['widgets']"
xdotool type --delay 40 cta
wait_for "'export_view:cta' in s['widgets']"
xdotool key Return
wait_for "s['export_dialog']['view'] == 'cta'"
# The whole tile, as the CLI draws it without --crop (the window hides part of its grids, so the
# dialog opens on its Visible region: test_cta_export_visible.sh).
click $(centre_of "s['widgets']['export_part_whole']")
wait_for "s['export_dialog']['part'] == 'whole'"
type_into export_path "s['export_dialog']['path']" "$WORK/app-cta.svg" "s['export_dialog']['path'] == '$WORK/app-cta.svg'"
click $(centre_of "s['widgets']['export_ok']")
for _ in $(seq 100); do [ -s "$WORK/app-cta.svg" ] && break; sleep 0.1; done
[ -s "$WORK/app-cta.svg" ] || fail "File > Export wrote no $WORK/app-cta.svg"
mapfile -d '' args < <(python3 - "$STATE" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))['cta_tile']
sp = c['spec']
a = ['--preset', c['preset'], '--mma', sp['mma'], '--atoms', sp['atoms'], '--permute', sp['permute'],
     '--tile', sp['tile'], '--thread', str(c['thread'])]
for i, op in enumerate('abc'):
    if sp['copy'][i]: a += ['--copy-' + op, sp['copy'][i]]
    if sp['smem'][i]: a += ['--smem-' + op, sp['smem'][i]]
    if i < 2: a += ['--gmem-copy-' + op, sp['gmem_copy'][i] or 'none']
if sp['k_block']: a += ['--k-block', str(sp['k_block'])]
sys.stdout.write('\0'.join(a) + '\0')
PY
)
"$CLI" export --view cta "${args[@]}" --palette screen --svg "$WORK/cli-cta.svg" >/dev/null || fail "fragviz-cli export --view cta exited $?"
cmp -s "$WORK/app-cta.svg" "$WORK/cli-cta.svg" || fail "File > Export and fragviz-cli export --view cta differ"
xdotool key Escape
quit_app

python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the CTA configuration"
import json, sys
j = json.load(open(sys.argv[1]))
c = j['cta_tile']
assert c['preset'] == 'sm80-gemm-128x128x32' and c['smem_a'] == '(128,32):(1,128)', c
assert c['tile'] == '128x128x32' and c['mma'] == 'SM80_16x8x16_F32F16F16F32_TN', c
PY
start_app --no-device
wait_for "$C['open'] and $C['spec']['smem'][0] == '(128,32):(1,128)' and $C['ok'] and not $A['join_ok']"
quit_app

# A saved field of the wrong type: said, the preset's value kept, nothing crashes.
python3 - "$WORK/cfg/settings.json" <<'PY'
import json, sys
p = sys.argv[1]
j = json.load(open(p))
j['cta_tile'] = {'preset': 'sm80-gemm-128x128x32', 'smem_a': 5, 'k_block': 'two', 'tile': '128x12y8x32'}
json.dump(j, open(p, 'w'))
PY
start_app --no-device
wait_for "any('cta_tile.smem_a 5 is not a string' in n for n in s['settings_notices'])"
wait_for "any('cta_tile.k_block \"two\" is not a number' in n for n in s['settings_notices'])"
# The tile is kept as typed (the window says where it is wrong), the layout is the preset's; the
# fields, folded at an opening, are shown for the refused one to be mended.
wait_for "$C['open'] and not $C['ok'] and $C['error_field'] == '--tile' and $C['spec']['smem'][0].startswith('Swizzle<3,3,3>')"
wait_for "$C['form_open'] and 'cta_tile_mnk' in s['widgets']"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
