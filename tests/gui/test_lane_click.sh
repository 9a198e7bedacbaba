#!/usr/bin/env bash
# Clicking a fragment cell selects its lane: exactly that lane's cells are highlighted in A, B and
# C/D (coordinates from the PTX ISA tables, "Matrix Fragments for mma.m16n8k8"), its row address
# is marked in the bank view, and clicking again clears it. Also via the lane strip and at
# m16n8k16, picked in the instruction picker.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

wait_for "s['selected_lane'] == -1 and len(s['cells']['A']) == 128"
screenshot_not_blank "$WORK/start.png"

# Lane 5 at m16n8k8 (groupID 1, threadID_in_group 1): A (1,2) (1,3) (9,2) (9,3); B (2,1) (3,1);
# C/D (1,2) (1,3) (9,2) (9,3).
LANE5="sorted(map(tuple, s['highlighted']['A'])) == [(1,2),(1,3),(9,2),(9,3)] and \
sorted(map(tuple, s['highlighted']['B'])) == [(2,1),(3,1)] and \
sorted(map(tuple, s['highlighted']['C'])) == [(1,2),(1,3),(9,2),(9,3)]"
click $(cell_centre A 1 2)
wait_for "s['selected_lane'] == 5"
wait_for "$LANE5"
# ldmatrix .x4 over the tile: lane 5 supplies row 5 of matrix 0, at tile (5, 0), in both tiles.
wait_for "s['bank_marked']['padded'] == [[5,0]] and s['bank_marked']['unpadded'] == [[5,0]]"
screenshot_not_blank "$WORK/lane5.png"

# A cell of lane 5 in another grid (B (3,1)) clears the selection.
click $(cell_centre B 3 1)
wait_for "s['selected_lane'] == -1 and s['highlighted']['A'] == [] and s['highlighted']['B'] == [] and s['highlighted']['C'] == []"

# C/D cell (9,3) is lane 5's c3: selects lane 5 again.
click $(cell_centre C 9 3)
wait_for "s['selected_lane'] == 5 and $LANE5"

# Lane strip: lane 0 -> A (0,0) (0,1) (8,0) (8,1), B (0,0) (1,0).
click $(centre_of "s['lane_buttons'][0]")
wait_for "s['selected_lane'] == 0"
wait_for "sorted(map(tuple, s['highlighted']['A'])) == [(0,0),(0,1),(8,0),(8,1)] and \
sorted(map(tuple, s['highlighted']['B'])) == [(0,0),(1,0)] and \
sorted(map(tuple, s['highlighted']['C'])) == [(0,0),(0,1),(8,0),(8,1)]"

# m16n8k16: lane 5 holds A (1,2) (1,3) (9,2) (9,3) (1,10) (1,11) (9,10) (9,11) and
# B (2,1) (3,1) (10,1) (11,1).
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
pick_instruction "$K16"
wait_for "s['controls']['instruction'] == '$K16' and s['controls']['shape'] == 'm16n8k16' and len(s['cells']['A']) == 256"
click $(centre_of "s['lane_buttons'][5]")
wait_for "s['selected_lane'] == 5 and \
sorted(map(tuple, s['highlighted']['A'])) == [(1,2),(1,3),(1,10),(1,11),(9,2),(9,3),(9,10),(9,11)] and \
sorted(map(tuple, s['highlighted']['B'])) == [(2,1),(3,1),(10,1),(11,1)] and \
sorted(map(tuple, s['highlighted']['C'])) == [(1,2),(1,3),(9,2),(9,3)]"
screenshot_not_blank "$WORK/k16.png"
app_alive || fail "fragviz exited"
echo "PASS"
