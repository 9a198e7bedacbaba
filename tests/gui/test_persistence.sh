#!/usr/bin/env bash
# Options, the selected lane and the window layout persist across runs: from an empty config dir,
# select lane 7 in the lane strip, pick m16n8k16 in the instruction picker and pad 8 -> 16 with the
# controls, quit with Ctrl+Q; the next start (config dir given through $FRAGVIZ_CONFIG_DIR this time)
# comes back with the same instruction (stored by mnemonic), pad and lane, highlighted in every grid.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -z "$(ls -A "$WORK/cfg" 2>/dev/null)" ] || fail "config dir $WORK/cfg is not empty at the start"
start_app --no-device

K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "s['selected_lane'] == -1 and s['controls']['instruction'] == '$K8' and s['controls']['pad_halves'] == 8"
click $(centre_of "s['lane_buttons'][7]")
wait_for "s['selected_lane'] == 7"
pick_instruction "$K16"
wait_for "s['controls']['instruction'] == '$K16' and len(s['cells']['A']) == 256"
click $(centre_of "s['widgets']['pad_plus']")
wait_for "s['controls']['pad_halves'] == 16"
quit_app
[ -s "$WORK/cfg/settings.json" ] || fail "no settings.json in the config dir after quitting"
[ -s "$WORK/cfg/imgui.ini" ] || fail "no imgui.ini (window layout) in the config dir after quitting"
grep -q '^\[Window\]\[Fragments' "$WORK/cfg/imgui.ini" || fail "imgui.ini holds no Fragments window"
grep -q "\"instruction\": \"$K16\"" "$WORK/cfg/settings.json" || fail "settings.json does not name $K16"

CONFIG_FROM_ENV=1 start_app --no-device
wait_for "s['controls']['instruction'] == '$K16' and s['controls']['pad_halves'] == 16 and s['selected_lane'] == 7"
# Lane 7 (groupID 1, threadID_in_group 3) at m16n8k16: A (1,6) (1,7) (9,6) (9,7) (1,14) (1,15)
# (9,14) (9,15), so the restored lane is drawn highlighted, not just stored.
wait_for "sorted(map(tuple, s['highlighted']['A'])) == [(1,6),(1,7),(1,14),(1,15),(9,6),(9,7),(9,14),(9,15)]"
wait_for "s['banks']['padded']['stride_halves'] == 80"
screenshot_not_blank "$WORK/restored.png"
quit_app
echo "PASS"
