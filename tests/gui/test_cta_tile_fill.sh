#!/usr/bin/env bash
# View > CTA tile, the global -> shared stage (issue 25): the sm80 preset's A and B are filled by
# 16-byte cp.async.cg (DefaultGemm_TensorOpSm80's copies), shown above each join and typed in the
# "gmem copy A/B" fields.
#  - the preset: A's 128 x 32 halves in 512 vectors, threads (32,4):(4,1) of (1,8): 4 cp.async per
#    thread, every one of the 4096 cells written once with its element; C has no fill line;
#  - a thread layout that does not read, "(32,4):(4,)": refused at --gmem-copy-a column 65 (the ')'
#    after "(4,"), the caret under it, the grids gone;
#  - A's k two halves apart, (128,32):(64,2): thread 0's 16 bytes land on halves 0..7, where the
#    layout keeps (0,0), pad, (0,1), ...: value 1 (A (0,1)) lands on pad; 7 of 8 values wrong and 4
#    cells per vector unwritten: 5632 of 6144, the fill red and the verdict line "fill wrong";
#  - the fill's banks: the preset's .cg fill has none and says why; a .ca copy of threads
#    (32,4):(1,32) puts a phase's 8 lanes on 8 rows of one 16-byte column: over the preset's
#    Swizzle<3,3,3> the column moves by the row's low 3 bits (8 chunks, one wavefront a phase, 4 a
#    cp.async, 16 warp instructions: 64, no conflict; 4 warp rows over the whole K + the total);
#    over the unswizzled (128,32):(32,1) (64-byte rows) the 8 rows hit 2 bank groups 4 times each:
#    16 a cp.async, 256 in all, ideal 64, 192 conflicts (the H100 sweep's cp.async.ca rule);
#  - the field emptied: no fill line; the emptied field comes back after a restart;
#  - Run on GPU with --no-device starts nothing: no measured fill line.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
A="$C['grids'][0]"
D="$C['device']"
G='make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))'
CA='make_tiled_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, (32,4):(1,32), (1,8))'

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32' and $C['spec']['gmem_copy'][0] == '$G'"
wait_for "$A['fill'] == 'filled by $G (cp.async.cg.shared.global.L2::128B, 4 per thread): all 4096 shared cells hold their element (128 threads x 4 cp.async x 8 values)'"
wait_for "$A['fill_ok'] and 'cta_fill_A' in s['widgets'] and 'cta_fill_B' in s['widgets']"
wait_for "$C['grids'][2]['fill'] == '' and 'cta_fill_C' not in s['widgets']"
cta_form_open  # the fields are folded into a line at first
wait_for "'cta_gmem_copy_a' in s['widgets'] and 'cta_gmem_copy_b' in s['widgets']"

type_into cta_gmem_copy_a "$C['spec']['gmem_copy'][0]" \
  "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,), (1,8))" \
  "not $C['ok'] and $C['error_field'] == '--gmem-copy-a' and $C['error_column'] == 65"
wait_for "'cta_error_caret' in s['widgets'] and $C['grids'] == []"
type_into cta_gmem_copy_a "$C['spec']['gmem_copy'][0]" "$G" "$C['ok'] and $A['fill_ok']"
wait_for "$A['fill_banks'] == 'fill banks: cp.async.cg is not modelled: Nsight Compute counts none of its shared-memory writes and its time follows no bank rule (measured on the H100: docs/device-runs/2026-12-06-h100-session20)'"
wait_for "'cta_fill_no_banks_A' in s['widgets'] and $A['fill_bank_rows'] == 0"

type_into cta_gmem_copy_a "$C['spec']['gmem_copy'][0]" "$CA" "$C['ok'] and $A['fill_ok'] and $A['fill_bank_rows'] == 5"
wait_for "$A['fill_wavefronts'] == 64 and $A['fill_bank_conflicts'] == 0 and 'cta_fill_banks_A' in s['widgets']"
wait_for "$A['fill_banks'] == 'fill banks: cp.async.ca.shared.global (16 B) (LDGSTS.E.128): 16 instructions, 64 wavefronts (ideal 64), bank conflicts 0, misaligned 0'"
type_into cta_smem_a "$C['spec']['smem'][0]" "(128,32):(32,1)" "$C['ok'] and $A['fill_wavefronts'] == 256"
wait_for "$A['fill_bank_conflicts'] == 192 and 'ideal 64), bank conflicts 192' in $A['fill_banks']"
type_into cta_gmem_copy_a "$C['spec']['gmem_copy'][0]" "$G" "$C['ok'] and $A['fill_bank_rows'] == 0"

type_into cta_smem_a "$C['spec']['smem'][0]" "(128,32):(64,2)" "$C['ok'] and not $A['fill_ok']"
wait_for "$A['fill'].endswith('(cp.async.cg.shared.global.L2::128B, 4 per thread): thread 0 cp.async 0 value 1 to byte 2: holds (0,1), the layout keeps no element there (5632 of 6144 differ)')"
wait_for "'fill wrong' in $A['verdict'] and not $C['grids'][0]['join_ok']"

type_into cta_gmem_copy_a "$C['spec']['gmem_copy'][0]" "" "$C['ok'] and $A['fill'] == '' and $A['fill_ok']"
wait_for "'cta_fill_A' not in s['widgets'] and 'cta_fill_B' in s['widgets']"

click $(centre_of "s['widgets']['cta_run_gpu']")
sleep 0.5
wait_for "$D['status'] == 'idle' and $D['fill_measured'] == [] and 'cta_fill_measured_B' not in s['widgets']"
quit_app

python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the emptied gmem copy of A"
import json, sys
c = json.load(open(sys.argv[1]))['cta_tile']
assert c['gmem_copy_a'] == '' and c['gmem_copy_b'].startswith('make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL'), c
PY
start_app --no-device
wait_for "$C['open'] and $C['ok'] and $C['spec']['gmem_copy'][0] == '' and $A['fill'] == ''"
wait_for "$C['grids'][1]['fill_ok'] and $C['grids'][1]['fill'] != ''"
quit_app
echo "PASS"
