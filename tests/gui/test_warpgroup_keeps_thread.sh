#!/usr/bin/env bash
# Issue 22: the Warpgroup view keeps its selected thread when another wgmma entry is picked (every
# wgmma spreads its fragments over the same 128 threads), as the fragments view keeps its lane, and
# settings.json saves that thread, not -1. At m64n64k16 .f32.bf16.bf16 thread 37 (warp 1, lane 5)
# owns D(17, 2): row 16*1 + 5/4 = 17, col 2*(5%4) = 2.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
BF=wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
F16N256=wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
# A .bf16 mma.sync form: the Warpgroup view opens on its types (wgmma_following).
start_app --no-device --instr m16n8k16.row.col.f32.bf16.bf16.f32

open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and s['hopper']['wgmma']['mnemonic'] == '$BF'"
warpgroup_fit
click $(grid_cell warpgroup D 17 2)
wait_for "s['hopper']['warpgroup']['selected_thread'] == 37"

pick_wgmma "$F16N256"
wait_for "s['hopper']['wgmma']['mnemonic'] == '$F16N256' and s['hopper']['warpgroup']['grids']['D']['cols'] == 256"
wait_for "s['hopper']['warpgroup']['selected_thread'] == 37 and s['hopper']['warpgroup']['registers_thread'] == 37"

quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json does not keep warpgroup thread 37"
import json, sys
s = json.load(open(sys.argv[1]))
def find(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == 'warpgroup_thread': return v
            r = find(v)
            if r is not None: return r
    return None
assert find(s) == 37, find(s)
PY
echo PASS
