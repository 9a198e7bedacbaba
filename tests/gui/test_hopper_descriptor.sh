#!/usr/bin/env bash
# Descriptor view (View > Descriptor): B of wgmma m64n64k16 .f32.bf16.bf16 through a K-major 128B
# descriptor (the defaults: canonical LBO 16, SBO 1024, start 0). The element B(k=9, n=3) is worked
# out here by hand from the PTX ISA's 128B swizzle: row n%8 = 3 of the 1024-byte pattern (byte 384),
# 16-byte chunk (k/8) ^ (n%8) = 1 ^ 3 = 2 (bytes 32-47), (k%8)*2 = 2 bytes in: 384 + 32 + 2 = 418,
# bank 418/4 % 32 = 8. Hovering the element in the operand grid, and its byte in the shared-memory
# rows, shows exactly that. No swizzle: 3*16 + 1*LBO(128) + 2 = 178. A layout validate_layout
# refuses (LBO stepped down to 0: core matrices overlap; M/N-major for .tf32) shows the refusal
# and draws nothing else.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
BF=wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
TF32=wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# A .bf16 mma.sync form: the Hopper views open on its types (wgmma_following).
start_app --no-device --instr m16n8k16.row.col.f32.bf16.bf16.f32
open_view descriptor
make_room  # the whole middle column for the descriptor view
wait_for "s['hopper']['descriptor']['drawn'] and s['hopper']['wgmma']['mnemonic'] == '$BF'"
D="s['hopper']['descriptor']"
wait_for "$D['operand'] == 'B' and $D['major'] == 'K' and $D['swizzle'] == '128B' and $D['start'] == 0"
wait_for "$D['lbo'] == 16 and $D['sbo'] == 1024 and $D['mn'] == 64 and $D['k'] == 16 and $D['refusal'] is None"
wait_for "$D['addresses'][3 * 16 + 9] == 3 * 128 + ((9 // 8) ^ (3 % 8)) * 16 + (9 % 8) * 2 == 418"
# The descriptor: start 0, LBO 16 >> 4 = 1 at bit 16, SBO 1024 >> 4 = 64 at bit 32, 128B = 1 at bit 62.
wait_for "$D['descriptor'] == '0x%016x' % ((1 << 16) | (64 << 32) | (1 << 62))"
wait_for "$D['described'][0].endswith('0x4000004000010000') and 'desc_bits' in s['widgets']"
wait_for "$D['measured_text'].startswith('model only:')"

# Hover B(k=9, n=3) in the operand grid (rows n, columns k).
hover $(grid_cell descriptor operand 3 9)
wait_for "$D['hovered'] is not None and ($D['hovered']['mn'], $D['hovered']['k']) == (3, 9)"
wait_for "$D['hovered']['address'] == 418 and $D['hovered']['chunk'] == 2 and $D['hovered']['bank'] == 8"
wait_for "($D['hovered']['core_mn'], $D['hovered']['core_k'], $D['hovered']['core_row']) == (0, 1, 3)"
shot descriptor-b-kmajor-128b
# The same element from the shared-memory side: row 418 // 128 = 3, byte 418 % 128 = 34 of it.
read -r TX TY <<<"$(python3 -c "import json; s=json.load(open('$STATE')); g=s['hopper']['descriptor']['grids']['tile']; print(int(g['origin'][0] + (34 + 0.5) * g['cell'][0] / 16), int(g['origin'][1] + 3.5 * g['cell'][1]))")"
hover "$TX" "$TY"
wait_for "$D['hovered'] is not None and s['hopper']['hover']['grid'] == 'tile'"
wait_for "($D['hovered']['mn'], $D['hovered']['k'], $D['hovered']['address']) == (3, 9, 418)"
xdotool mousemove --window "$WID" 5 995

# No swizzle: LBO and SBO follow the canonical layout (128, 256); B(9, 3) at 3*16 + 128 + 2.
click $(centre_of "s['widgets']['desc_swizzle_none']")
wait_for "$D['swizzle'] == 'none' and $D['lbo'] == 128 and $D['sbo'] == 256 and not $D['custom']"
wait_for "$D['addresses'][3 * 16 + 9] == 3 * 16 + 1 * 128 + 2 == 178"
# LBO stepped down to 0 with its [-] button: the two 16-byte K halves overlap, refused.
for _ in $(seq 8); do click $(centre_of "s['widgets']['desc_lbo_minus']"); done
wait_for "$D['custom'] and $D['lbo'] == 0"
wait_for "$D['refusal'] is not None and 'overlap' in $D['refusal'] and $D['descriptor'] is None"
wait_for "'desc_refusal' in s['widgets'] and not $D['grids']['tile']['drawn'] and $D['addresses'] == []"
# One step more would be -16 bytes, which no descriptor field holds: refused and said, LBO kept at 0.
click $(centre_of "s['widgets']['desc_lbo_minus']")
wait_for "$D['input_errors']['lbo'].startswith('LBO -16 refused: a descriptor holds 0 to 262128 bytes') and $D['lbo'] == 0"
wait_for "$D['input_errors']['lbo'].endswith('; kept at 0')" 5 || fail "the refusal does not say the value kept: $(q "$D['input_errors']['lbo']")"
shot descriptor-refused
click $(centre_of "s['widgets']['desc_canonical']")
wait_for "not $D['custom'] and $D['lbo'] == 128 and $D['refusal'] is None and $D['grids']['tile']['drawn']"
# The refusal went with the value it was about (newcomer round 28: it stayed after "canonical").
wait_for "$D['input_errors'] == {'lbo': '', 'sbo': '', 'start': ''}" 5 || fail "the refusal stayed after canonical: $(q "$D['input_errors']")"

# M/N-major exists for .f16/.bf16 only: keep it and pick the .tf32 entry: refused, nothing drawn.
click $(centre_of "s['widgets']['desc_swizzle_128B']")
click $(centre_of "s['widgets']['desc_major_MN']")
wait_for "$D['major'] == 'MN' and $D['refusal'] is None and $D['lbo'] == 1024 and $D['sbo'] == 1024"
shot descriptor-b-mnmajor-128b
pick_wgmma "$TF32"
wait_for "s['hopper']['wgmma']['mnemonic'] == '$TF32' and $D['refusal'] is not None and 'M/N-major' in $D['refusal']"
wait_for "not $D['grids']['tile']['drawn'] and not $D['grids']['operand']['drawn']"
click $(centre_of "s['widgets']['desc_major_K']")
wait_for "$D['major'] == 'K' and $D['refusal'] is None and $D['k'] == 8 and len($D['addresses']) == 64 * 8"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
