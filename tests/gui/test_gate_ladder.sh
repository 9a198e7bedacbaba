#!/usr/bin/env bash
# The gate panel's ladder without a device (--no-device): Run ladder is disabled, the table lists
# every variant, and a row's geometry button shows that variant's shared-memory layouts and the
# bank model's wavefronts (ldmatrix-k8: A (64,32):(40,1) with ldmatrix.x2, 2 wavefronts, 0 conflicts;
# derived by hand, and as Nsight Compute measured the seed's padded tile on the H200).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

wait_for "'ladder_header' in s['widgets']"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'ladder_geometry' in s['widgets'] and 'run_ladder' in s['widgets']"
click $(centre_of "s['widgets']['ladder_geometry']")
wait_for "s['gate_ladder']['geometry_variant'] == 'ldmatrix-k8'"
shown=$(q "s['gate_ladder']['geometry_shown']")
echo "geometry: $shown"
grep -q "A: (64,32):(40,1)" <<<"$shown" || fail "A layout of ldmatrix-k8 not shown"
grep -q "ldmatrix.sync.aligned.m8n8.x2.shared.b16" <<<"$shown" || fail "A's ldmatrix.x2 not named"
grep -q "wavefronts 2, ideal 2, bank conflicts 0" <<<"$shown" || fail "A's wavefronts not 2/2/0"
grep -q "B: (32,64):(72,1)" <<<"$shown" || fail "B layout not shown"
# The same A tile opens in the bank view's Layout mode, which counts its ldmatrix.x2 itself: 2
# wavefronts, none wasted (8 rows of 80 bytes: 16-byte chunks 0, 5, 10, ... land in distinct banks).
L="s['layout_view']"
wait_for "$L['enabled'] and $L['write'] == '(64,32):(40,1)' and $L['num'] == 'x2' and $L['op'] == 'ldmatrix'"
wait_for "$L['totals'].startswith('wavefronts 2') and 'bank conflicts 0' in $L['totals']"
wait_for "$L['title'] == 'gate variant ldmatrix-k8, operand A'"
echo "layout mode: $(q "$L['totals']")"
# A wgmma rung's operands are read through descriptors, with no per-lane addresses: their buttons
# open the descriptor view as the rung's TMA loads them (wgmma-tma: m64n128k16, A K-major (B
# MN-major, not clicked here: the opened view may cover its button), 128B swizzle; model/include/fragviz/gate/wgmma_gate.hpp), and the bank view keeps what it
# showed (newcomer round 4: the button did nothing visible and looked broken).
D="s['hopper']['descriptor']"
wait_for "'ladder_geometry_wgmma' in s['widgets']"
# The wgmma rows are the table's last: scroll the gate panel until the button lies inside it.
G="s['windows']['Gate: exact matmul']['rect']"
inside="(lambda w, g: w[1] >= g[1] + 20 and w[1] + w[3] <= g[1] + g[3] - 5)(s['widgets']['ladder_geometry_wgmma'], $G)"
for _ in $(seq 40); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if $inside else 1)" 2>/dev/null && break
  xdotool mousemove --window "$WID" $(centre_of "$G") click 5
  sleep 0.15
done
wait_for "$inside" 2
click $(centre_of "s['widgets']['ladder_geometry_wgmma']")
wait_for "s['hopper']['windows']['descriptor'] and $D['operand'] == 'A' and $D['major'] == 'K' and $D['swizzle'] == '128B'"
wait_for "s['hopper']['wgmma']['mnemonic'] == 'wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16'"
wait_for "$L['title'] == 'gate variant ldmatrix-k8, operand A'"
echo "wgmma-tma's A in the descriptor view: K-major, 128B swizzle, m64n128k16"
# No device: the ladder does not start, nothing breaks.
click $(centre_of "s['widgets']['run_ladder']")
sleep 0.5
wait_for "s['gate_ladder']['running'] == False and s['gate_ladder']['rows'] == 0"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
