#!/usr/bin/env bash
# View > CTA tile, its verdicts and presets:
#  - B copied by SM75_U32x4_LDSM_N on the sm80 preset: B's layout is N-major, so no ldmatrix row
#    address finds its 8 k-values in 16 contiguous bytes; all 32 instructions (4 warps x 2 k-blocks
#    x 4) are misaligned, no wavefront counted: the window says misaligned 32 and no clean verdict;
#  - the fa2-attention preset picked over those edits: its C-as-A verdict matches (green), and the
#    edits are kept; "restore my edits" brings them back, with the preset they came from;
#  - fa3-attention: its _RS atom's A registers are S's accumulator split by FlashAttention-3's
#    conversion, (64,1,1) -> (8,1,(8,1)), 2 warpgroups x 128 threads x 64 values, all matching.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
B="$C['grids'][1]"

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32' and $B['banks_ok'] and $B['misaligned'] == 0"
wait_for "not $C['kept_edits'] and 'cta_restore_edits' not in s['widgets']"
cta_form_open

type_into cta_copy_b "$C['spec']['copy'][1]" "SM75_U32x4_LDSM_N" \
  "$C['ok'] and $C['spec']['copy'][1] == 'SM75_U32x4_LDSM_N' and $B['misaligned'] == 32"
wait_for "$B['wavefronts'] == 0 and $B['bank_conflicts'] == 0 and not $B['banks_ok']"

# The preset list opens with its filter focused: "fa2" leaves the one preset, Enter takes it.
open_preset_filter() {
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['cta_preset']")
    for i in $(seq 20); do [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break; sleep 0.1; done
    [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break
    xdotool key Escape
  done
}
open_preset_filter
xdotool type --delay 40 fa2
wait_for "'cta_preset:fa2-attention' in s['widgets'] and 'cta_preset:sm80-gemm-128x128x32' not in s['widgets']"
xdotool key Return
wait_for "$C['preset'] == 'fa2-attention' and $C['ok'] and $C['spec']['tile'] == '64x64x64'"
# A preset picked folds the fields (opened above to type B's copy): its results in view.
wait_for "not $C['form_open'] and 'cta_copy_b' not in s['widgets'] and 'cta_form_summary' in s['widgets']"
# fa2's B (K-major under Swizzle<3,3,3>) takes the same ldmatrix aligned: clean.
wait_for "$B['misaligned'] == 0 and $B['banks_ok']"
wait_for "$C['reuse'].endswith('all 4096 match (128 threads x 32 values)') and $C['reuse_ok']"
wait_for "$C['kept_edits'] and $C['kept_preset'] == 'sm80-gemm-128x128x32' and 'cta_restore_edits' in s['widgets']"

click $(centre_of "s['widgets']['cta_restore_edits']")
wait_for "$C['preset'] == 'sm80-gemm-128x128x32' and $C['spec']['copy'][1] == 'SM75_U32x4_LDSM_N'"
wait_for "$C['spec']['tile'] == '128x128x32'"
wait_for "$C['ok'] and $B['misaligned'] == 32 and not $C['kept_edits'] and $C['reuse'] == ''"
wait_for "$C['source'].startswith('edited from preset sm80-gemm-128x128x32')"

open_preset_filter
xdotool type --delay 40 fa3
wait_for "'cta_preset:fa3-attention' in s['widgets'] and 'cta_preset:fa2-attention' not in s['widgets']"
xdotool key Return
wait_for "$C['preset'] == 'fa3-attention' and $C['ok'] and $C['spec']['mma'] == 'SM90_64x128x16_F32F16F16_RS'"
wait_for "$C['reuse'] == 'C as the next A ((64,1,1) -> (8,1,(8,1))): all 16384 match (256 threads x 64 values)' and $C['reuse_ok']"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
