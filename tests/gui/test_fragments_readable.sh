#!/usr/bin/env bash
# The fragments view is readable in a 1600x1000 window: m16n8k16 .f16 after "labels" (it opens
# whole at "T<lane>": test_fragments_whole_default.sh) and the 8-bit m16n8k32 (k = 32) as it opens
# hold "T<lane> V<element>" in every cell and every row and column has its index (the view scrolls
# where the grids do not fit); "fit" then shows every cell in the view
# (zoom 1) and "labels" goes back. Zoomed in and scrolled, the index bands stay in view over the
# grid that scrolled under them (sticky): A's column numbers at the view's top, its row numbers at
# the view's left.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
start_app --no-device --instr "$K16"
wait_for "s['controls']['instruction'] == '$K16' and 'label_mode' in s['fragments_view']"
click $(centre_of "s['widgets']['fragments_labels']")
wait_for "s['fragments_view']['label_mode'] == 'full' and s['fragments_view']['label_steps'] == [1, 1]"
wait_for "s['fragments_view']['zoom'] == s['fragments_view']['readable_zoom']"
quit_app

start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and len(s['cells']['A']) == 512 and 'label_mode' in s['fragments_view']"
wait_for "s['fragments_view']['label_mode'] == 'full' and s['fragments_view']['label_steps'] == [1, 1]"
wait_for "s['fragments_view']['zoom'] > 1 and s['fragments_view']['zoom'] == s['fragments_view']['readable_zoom']"
# The first frame shows cells (A, whose k = 32 puts B far to the right and A far below the corner).
wait_for "any(c['visible'] for c in s['cells']['A'])"
screenshot_not_blank "$WORK/s8-readable.png"
# fit: every cell in the view.
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "s['fragments_view']['zoom'] == 1 and s['fragments_view']['cells_drawn'] == 512 + 256 + 128"
wait_for "all(c['visible'] for op in 'ABC' for c in s['cells'][op])"
wait_for "s['fragments_view']['scroll_max'] == [0, 0]"
# labels: back to the readable zoom.
click $(centre_of "s['widgets']['fragments_labels']")
wait_for "s['fragments_view']['zoom'] == s['fragments_view']['readable_zoom'] and s['fragments_view']['label_mode'] == 'full'"

# Zoom in about A(8, 8), then scroll down and right: A's first row and column go under the view's
# edges while its index bands stay inside the view.
# (an A cell in view, the one nearest the view's centre)
read -r GX GY <<<"$(python3 - "$STATE" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
v = s['widgets']['fragment_view']
cx, cy = v[0] + v[2] / 2, v[1] + v[3] / 2
inside = [c['rect'] for c in s['cells']['A'] if c['visible'] and v[0] < c['rect'][0] and
          c['rect'][0] + c['rect'][2] < v[0] + v[2] - 20 and v[1] < c['rect'][1] and c['rect'][1] + c['rect'][3] < v[1] + v[3] - 20]
r = min(inside, key=lambda r: abs(r[0] - cx) + abs(r[1] - cy))
print(int(r[0] + r[2] / 2), int(r[1] + r[3] / 2))
PY
)"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
xdotool keydown ctrl
for _ in 1 2 3; do xdotool click 4; sleep 0.15; done
xdotool keyup ctrl
wait_for "s['fragments_view']['zoom'] > 1.9 * s['fragments_view']['readable_zoom']"
read -r GX GY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
for _ in $(seq 30); do xdotool click 5; sleep 0.03; done
xdotool keydown shift
for _ in $(seq 4); do xdotool click 5; sleep 0.05; done
xdotool keyup shift
sleep 0.5
python3 - "$STATE" <<'PY' || fail "A's index bands did not stay in view while A scrolled under them"
import json, sys, time
s = json.load(open(sys.argv[1]))
v = s['widgets']['fragment_view']
a0 = [c for c in s['cells']['A'] if c['row'] == 0 and c['col'] == 0][0]['rect']
band_top, band_left = s['fragments_view']['label_bands']['A']
assert s['fragments_view']['scroll'][1] > 0 and s['fragments_view']['scroll'][0] > 0, s['fragments_view']['scroll']
assert a0[1] < v[1] and a0[0] < v[0], ("A(0,0) is not scrolled under both edges", a0, v)
assert band_top is not None and v[1] - 1 <= band_top < v[1] + 40, ("column band", band_top, v)
assert band_left is not None and v[0] - 1 <= band_left < v[0] + 40, ("row band", band_left, v)
print("A's bands at", band_top, band_left, "in the view at", v[:2])
PY
screenshot_not_blank "$WORK/s8-sticky.png"
[ -n "${FRAGVIZ_GUI_SHOTS:-}" ] && cp "$WORK/s8-sticky.png" "$WORK/s8-readable.png" "$FRAGVIZ_GUI_SHOTS/"
quit_app
echo "PASS: readable at first, fit fits, sticky index bands"
