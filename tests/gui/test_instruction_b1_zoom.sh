#!/usr/bin/env bash
# The largest operand of the catalogue, A of b1 m16n8k256 (16 x 256 = 4096 cells), opens labelled
# and scrolled; at zoom 1 (fit) its 264 columns fit the view's width and its 272 rows stay tall
# enough for every second row number (1.5 px rows before), the view scrolling down to the rest;
# ctrl+wheel and the zoom slider enlarge the cells (labels appear,
# the view scrolls and only the visible cells are drawn), the wheel and shift+wheel scroll, a click
# on a visible cell selects its lane, and the inspector shows four A registers of 32 one-bit fields.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
B1=mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc
start_app --no-device --instr "$B1"

wait_for "s['controls']['instruction'] == '$B1' and len(s['cells']['A']) == 4096 and len(s['cells']['B']) == 2048"
wait_for "len(set((c['row'], c['col']) for c in s['cells']['A'])) == 4096"
# It opens at the zoom where every cell holds its label; "fit" fits the width, rows stay readable.
FIT="s['fragments_view']['zoom'] == 1 and s['fragments_view']['scroll_max'][0] == 0 and s['fragments_view']['scroll_max'][1] > 0 and s['fragments_view']['label_steps'][0] <= 2"
wait_for "s['fragments_view']['zoom'] == s['fragments_view']['readable_zoom'] > 1 and s['fragments_view']['label_mode'] == 'full'"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$FIT"
wait_for "any(all(c['visible'] for c in s['cells'][k] if c['row'] == r) for k in 'AB' for r in range(16))"
screenshot_not_blank "$WORK/fit.png"

# Ctrl+wheel over an A cell zooms about the mouse: the cell stays under it. At fit A sits below B's
# 256 rows (the view keeps its share of the window and says so in its fit note): the wheel brings
# A's row 8 into view first.
wait_for "s['fragments_view']['fit_note'].startswith('fit cannot show every cell')"
read -r VX VY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$VX" "$VY"
for _ in $(seq 40); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if [c for c in s['cells']['A'] if c['row'] == 8 and c['col'] == 128][0]['visible'] else 1)" && break
  xdotool click 5
  sleep 0.1
done
read -r GX GY <<<"$(cell_centre A 8 128)"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
xdotool keydown ctrl
for _ in 1 2 3 4; do xdotool click 4; sleep 0.15; done
xdotool keyup ctrl
wait_for "s['fragments_view']['zoom'] > 2"
wait_for "s['fragments_view']['scroll_max'][0] > 0 and s['fragments_view']['scroll_max'][1] > 0"
wait_for "[c for c in s['cells']['A'] if c['row'] == 8 and c['col'] == 128][0]['visible']"
app_alive || fail "fragviz exited while zooming"

# On to the largest zoom: cells are big enough for "T<lane> V<element>", and only the visible ones
# are drawn.
read -r GX GY <<<"$(cell_centre A 8 128)"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
xdotool keydown ctrl
for _ in $(seq 14); do xdotool click 4; sleep 0.1; done
xdotool keyup ctrl
wait_for "s['fragments_view']['zoom'] == 32 and s['fragments_view']['cell_size'][0] >= 40"
wait_for "0 < s['fragments_view']['cells_drawn'] < 200"
wait_for "0 < len([c for c in s['cells']['A'] if c['visible']]) < 200"
# The slider shows the same zoom; its left end goes back to 1 (fit).
read -r ZX ZY <<<"$(python3 -c "import json; s=json.load(open('$STATE')); r=s['widgets']['fragments_zoom']; print(int(r[0]+3), int(r[1]+r[3]/2))")"
click "$ZX" "$ZY"
wait_for "$FIT"
# ... and its right end to the largest zoom (about the view's centre).
read -r ZX ZY <<<"$(python3 -c "import json; s=json.load(open('$STATE')); r=s['widgets']['fragments_zoom']; print(int(r[0]+r[2]-3), int(r[1]+r[3]/2))")"
click "$ZX" "$ZY"
wait_for "s['fragments_view']['zoom'] == 32"
# Ctrl+wheel down over A brings the strip back into view at a middling zoom.
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "s['fragments_view']['zoom'] == 1"
# At fit the view scrolls down the 256 rows of B to A: the wheel brings A's row 8 into view.
read -r VX VY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$VX" "$VY"
for _ in $(seq 40); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if [c for c in s['cells']['A'] if c['row'] == 8 and c['col'] == 200][0]['visible'] else 1)" && break
  xdotool click 5
  sleep 0.1
done
read -r GX GY <<<"$(cell_centre A 8 200)"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
xdotool keydown ctrl
for _ in $(seq 16); do xdotool click 4; sleep 0.1; done
xdotool keyup ctrl
wait_for "s['fragments_view']['zoom'] == 32 and 0 < len([c for c in s['cells']['A'] if c['visible']]) < 200"

# Wheel up scrolls up (towards B), down back to A; shift+wheel scrolls along k.
Y0=$(q "s['fragments_view']['scroll'][1]")
X0=$(q "s['fragments_view']['scroll'][0]")
xdotool mousemove --window "$WID" "$GX" "$GY"
for _ in $(seq 5); do xdotool click 4; sleep 0.05; done
wait_for "s['fragments_view']['scroll'][1] < $Y0"
for _ in $(seq 10); do xdotool click 5; sleep 0.05; done
wait_for "s['fragments_view']['scroll'][1] >= $Y0 - 1"
xdotool keydown shift
for _ in $(seq 5); do xdotool click 5; sleep 0.05; done
xdotool keyup shift
wait_for "s['fragments_view']['scroll'][0] != $X0"
xdotool mousemove --window "$WID" 5 995
sleep 0.5
app_alive || fail "fragviz exited while scrolling"
screenshot_not_blank "$WORK/zoomed.png"

# Click a visible A cell well inside the view: its lane is selected and shown in the inspector.
read -r CX CY LANE <<<"$(python3 - "$STATE" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
v = s['widgets']['fragment_view']
# Its centre well inside the view (at zoom 32 a cell may be taller than the view's middle).
inside = [c for c in s['cells']['A'] if c['visible']
          and v[0] + 40 < c['rect'][0] + c['rect'][2] / 2 < v[0] + v[2] - 40
          and v[1] + 40 < c['rect'][1] + c['rect'][3] / 2 < v[1] + v[3] - 40]
c = inside[len(inside) // 2]
print(int(c['rect'][0] + c['rect'][2] / 2), int(c['rect'][1] + c['rect'][3] / 2), c['lane'])
PY
)"
[ -n "${LANE:-}" ] || fail "no visible A cell inside the view after scrolling"
click "$CX" "$CY"
wait_for "s['selected_lane'] == $LANE and s['inspector']['lane'] == $LANE"
wait_for "[len(r['fields']) for r in s['inspector']['registers'] if r['operand'] == 'A'] == [32, 32, 32, 32]"
wait_for "all(f['bits'] == 1 for r in s['inspector']['registers'] if r['operand'] == 'A' for f in r['fields'])"
wait_for "len(s['highlighted']['A']) == 128"

# "fit" goes back to zoom 1: the whole width in view again.
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$FIT"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
