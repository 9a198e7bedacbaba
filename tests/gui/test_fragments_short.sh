#!/usr/bin/env bash
# A short fragments view (a Hopper window open below it takes half the middle column) stays
# readable: its fitted cells are at most three times as wide as tall, so the opening zoom gives
# full "T<lane> V<element>" labels in cells of sensible width, not flat cells stretched 4-5 times
# sideways (newcomer round 8: 180 x 14 px cells and an empty view). "fit" never makes rows so short
# that not even every second row number reads (newcomer round 9: 3 px rows, every eighth number),
# and shows every grid whole, the window's canvas scrolling where it is too short; and no heading
# or legend line is drawn over another or cut in half (the corner's third line, cut at the corner's
# foot, read as run into "A 16x8").
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
F="s['fragments_view']"
wait_for "$F['cells_drawn'] > 0 and $F['zoom'] == $F['readable_zoom']"
python3 - "$STATE" <<'PY' || fail "the short fragments view's cells are not readable"
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
w, h = f['cell_size']
assert f['label_mode'] == 'full', f['label_mode']
assert h >= 10 and w <= 3.5 * h, (w, h)
PY

# The headings and legend lines: none over another, each whole (as tall as a line).
texts_apart() {
  python3 - "$STATE" "$1" <<'PY' || fail "fragments view texts overlap or are cut ($1)"
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
t = f['texts']
assert any(x['text'].startswith('A ') for x in t) and any(x['text'].startswith('B ') for x in t), t
line = max(x['rect'][3] for x in t)
for x in t:
    assert x['rect'][3] >= line - 0.5, ('cut', x)
for i, a in enumerate(t):
    for b in t[i + 1:]:
        ax, ay, aw, ah = a['rect']; bx, by, bw, bh = b['rect']
        apart = ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay
        assert apart, ('overlap', a, b)
PY
}
texts_apart "opening zoom"

# "fit": the rows stay tall enough for every second row number, and every grid is whole in the
# view (newcomer round 9: A and C/D were left below its edge): the layout gives the view the height
# that takes, the window's canvas scrolling instead where the window is too short.
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$F['zoom'] == 1"
wait_for "$F['label_steps'][0] <= 2 and $F['cell_size'][1] >= 6" 5
wait_for "max($F['scroll_max']) <= 1"
texts_apart "fit"
# The same for a taller instruction (k16: 32 rows of A and B under one another).
pick_instruction mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "s['controls']['instruction'] == 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32'"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$F['zoom'] == 1 and $F['label_steps'][0] <= 2 and max($F['scroll_max']) <= 1"
texts_apart "fit, k16"
quit_app
echo "PASS"
