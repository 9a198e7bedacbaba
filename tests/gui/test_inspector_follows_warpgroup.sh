#!/usr/bin/env bash
# The Lane inspector shows the thread selected in the Warpgroup (wgmma) view, as it shows a lane
# selected in the fragments view (issue 22: selecting a thread there left the inspector on the
# fragments lane, or on "No lane selected"); whichever was selected last is shown.
#  1. Lane 4 of the fragments view's lane strip: the inspector shows lane 4.
#  2. Warpgroup D(17, 2) clicked: thread 37 (PTX ISA wgmma D: warp 1 owns rows 16-31, lane 5 row
#     16 + 5/4 = 17, columns 2*(5%4) + {0, 1}), "warp 1, lane 5", and its D registers by the PTX ISA
#     formula for a 32-bit D (one element a register): d_i at row 16w + g + 8*((i/2)%2), column
#     8*(i/4) + 2t + i%2 (g = lane/4, t = lane%4).
#  3. The view's thread field set to 100: thread 100, warp 3, lane 4.
#  4. Lane 0 of the strip: the inspector is back on a lane, lane 0.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
W="s['hopper']['warpgroup']"
I="s['inspector']"
wait_for "$W['drawn'] and $W['grids']['D']['cols'] == 64 and $W['grids']['D']['drawn'] and len(s['lane_buttons']) == 32"
[ "$(q "s['hopper']['wgmma']['d_type']")" = f32 ] || fail "the default wgmma entry's D is $(q "s['hopper']['wgmma']['d_type']"); the test works f32"

# 1. A lane of the fragments view (its lane strip: the grids' cells may be scrolled out of view).
L1=4
click $(centre_of "s['lane_buttons'][4]")
wait_for "s['selected_lane'] == $L1 and $I['lane'] == $L1 and $I['warpgroup'] is None"

# 2. A warpgroup cell: its thread, warp and lane, and the thread's registers (at 1x, every cell in view).
warpgroup_fit
click $(grid_cell warpgroup D 17 2)
wait_for "$W['selected_thread'] == 37"
wait_for "$I['warpgroup'] is not None and $I['warpgroup']['thread'] == 37" ||
  fail "the inspector did not follow the warpgroup thread: $(q "$I['lane'], $I['warpgroup']")"
wait_for "$I['warpgroup']['warp'] == 1 and $I['warpgroup']['lane'] == 5 and $I['lane'] == -1"
wait_for "'inspector_wg_thread' in s['widgets']"
python3 - "$STATE" <<'PY' || fail "the inspector's registers of thread 37 are not the PTX ISA's"
import json, sys
s = json.load(open(sys.argv[1]))
wg = s['inspector']['warpgroup']
n = s['hopper']['wgmma']['n']
w, lane = 37 // 32, 37 % 32
g, t = lane // 4, lane % 4
d = [r for r in wg['registers'] if r['operand'] == 'D']
want = [[i, 16 * w + g + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * t + i % 2] for i in range(n // 2)]
got = [f for r in d for f in r['fields']]
assert got == want, (got[:6], want[:6], len(got), len(want))
print(len(got), "D elements of thread 37 as the PTX ISA places them")
PY

# 3. The thread field.
enter_number wg_thread 100 "$W['selected_thread'] == 100"
wait_for "$I['warpgroup'] is not None and $I['warpgroup']['thread'] == 100 and $I['warpgroup']['warp'] == 3 and $I['warpgroup']['lane'] == 4"

# 4. Back to a fragments lane.
L2=0
click $(centre_of "s['lane_buttons'][0]")
wait_for "s['selected_lane'] == $L2 and $I['lane'] == $L2 and $I['warpgroup'] is None"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
