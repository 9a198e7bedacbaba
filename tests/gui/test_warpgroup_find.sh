#!/usr/bin/env bash
# Issue 22: the warpgroup view's Find field, as the fragments view's (test_find_field.sh): `D,17,2`
# selects thread 37 (warp 1, lane 5: row 16*1 + 5/4, col 2*(5%4)) and shows the answer
# `fragviz-cli layout --where D,17,2` prints for the same wgmma; `thread 200` shows the CLI's
# refusal and keeps thread 37; `T64` selects thread 64; settings.json keeps the text. The cell
# found is outlined and in view (newcomer round 13).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
[ -n "$CLI" ] || fail "usage: test_warpgroup_find.sh <fragviz> <fragviz-cli>"
start_app --no-device
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and 'warpgroup_find' in s['widgets']"
W=$(q "s['hopper']['wgmma']['mnemonic']")
"$CLI" layout --instr "$W" --where D,17,2 | head -2 >"$WORK/where" || fail "fragviz-cli layout --where failed"
grep -q "D\[17\]\[2\]: thread 37 " "$WORK/where" || fail "the CLI says: $(cat "$WORK/where")"

# Newcomer round 23: a thread typed into the thread field (not clicked, so maybe out of view) scrolls
# its first cell of A into the grids' view, as Find does: thread 37 (warp 1, lane 5) first holds
# A(17, 2) (PTX ISA wgmma A from registers: row 16*1 + 5/4, col 2*(5%4)), below the opening view.
# Then a click on that cell selects no thread again, as the Find steps below start.
W_="s['hopper']['warpgroup']"
enter_number wg_thread 37 "$W_['selected_thread'] == 37"
wait_for "(lambda g: g['origin'][0] + 2 * g['cell'][0] >= g['visible'][0] - 0.5 and g['origin'][1] + 17 * g['cell'][1] >= g['visible'][1] - 0.5 and g['origin'][0] + 3 * g['cell'][0] <= g['visible'][0] + g['visible'][2] + 0.5 and g['origin'][1] + 18 * g['cell'][1] <= g['visible'][1] + g['visible'][3] + 0.5)($W_['grids']['A'])"
click $(grid_cell warpgroup A 17 2)
wait_for "$W_['selected_thread'] == -1"
type_into warpgroup_find "s['hopper']['warpgroup']['find_text']" "D,17,2" "s['hopper']['warpgroup']['find_text'] == 'D,17,2'"
xdotool key Return
wait_for "s['hopper']['warpgroup']['selected_thread'] == 37"
python3 - "$STATE" "$WORK/where" <<'PY' || fail "the warpgroup Find answer is not the CLI's"
import json, sys
s = json.load(open(sys.argv[1]))
app, cli = s['hopper']['warpgroup']['find_answer'], open(sys.argv[2]).read()
print("app:", repr(app)); print("cli:", repr(cli))
sys.exit(0 if app == cli else 1)
PY
# Newcomer round 13: the cell Find went to is outlined and wholly in the grids' view.
wait_for "$W_['found'] is not None and ($W_['found']['operand'], $W_['found']['row'], $W_['found']['col']) == ('D', 17, 2)"
python3 - "$STATE" <<'PY' || fail "the warpgroup view's found cell is not in view"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['hopper']['warpgroup']['found']['rect']
vx, vy, vw, vh = s['widgets']['wg_view']
print("found", (x, y, w, h), "view", (vx, vy, vw, vh))
assert vx <= x and x + w <= vx + vw and vy <= y and y + h <= vy + vh
PY
# Newcomer round 22: at the opening zoom the selected thread's cells are filled with its colour
# and keep their label over that fill ("T37" in the thread mode; it drew none). Thread 37 holds
# D(17, 2) and D(17, 3) (PTX ISA wgmma D: warp 1 rows 16-31, lane 5 row 16 + 5/4, cols 2*(5%4) + {0, 1}).
python3 - "$STATE" <<'PY' || fail "thread 37's cells show no label over the selection fill"
import json, sys
w = json.load(open(sys.argv[1]))['hopper']['warpgroup']
cells = w['selected_labels']
print("label mode", w['label_mode'], "selected cells drawn", len(cells), cells[:4])
assert w['label_mode'] == 'thread', w['label_mode']
assert ['D', 17, 2] in [c[:3] for c in cells] and ['D', 17, 3] in [c[:3] for c in cells], cells
unlabelled = [c for c in cells if c[3] != 'T37']
assert not unlabelled, unlabelled
PY
type_into warpgroup_find "s['hopper']['warpgroup']['find_text']" "thread 200" "s['hopper']['warpgroup']['find_text'] == 'thread 200'"
xdotool key Return
wait_for "s['hopper']['warpgroup']['find_error'] == 'a wgmma warpgroup has threads 0 to 127' and s['hopper']['warpgroup']['selected_thread'] == 37"
type_into warpgroup_find "s['hopper']['warpgroup']['find_text']" "T64" "s['hopper']['warpgroup']['find_text'] == 'T64'"
xdotool key Return
wait_for "s['hopper']['warpgroup']['selected_thread'] == 64 and s['hopper']['warpgroup']['find_answer'].startswith('$W\nthread 64 (warp 2, lane 0)\n')"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json does not keep the warpgroup Find text"
import json, sys
s = json.load(open(sys.argv[1]))
def find(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == 'warpgroup_find': return v
            r = find(v)
            if r is not None: return r
    return None
assert find(s) == 'T64', find(s)
PY
echo PASS
