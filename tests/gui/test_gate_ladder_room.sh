#!/usr/bin/env bash
# The gate view gives its ladder table room: at the default 1600x1000, opening "Ladder (every
# variant)" makes the view taller down its column, from the output view below, which keeps its least
# height (a map of 150 px under its header); the ldmatrix view above and the gate view's top do not
# move (issue 22: the ladder moved the gate view up 73 px and left the output view one line), nor do
# the other columns. Closed, the view is back in its slot.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
G="s['windows']['Gate: exact matmul']"
wait_for "'ladder_header' in s['widgets'] and 'Gate: exact matmul' in s['windows']"
H0=$(q "$G['rect'][3]")
python3 -c "import json; s=json.load(open('$STATE')); json.dump(s['windows'], open('$WORK/closed.json', 'w'))"
M="s['widgets']['output_image'][3]"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
# Grown to what it holds, or down to where the output view keeps its least.
wait_for "$G['rect'][3] > $H0 and ($G['scroll_max'][1] == 0 or abs($M - 150 * s['display']['scale']) <= 1)"
sleep 0.5
python3 - "$STATE" "$WORK/closed.json" <<'PY' || fail "the views overlap or leave the window"
import json, sys
s = json.load(open(sys.argv[1]))
closed = {k: v['rect'] for k, v in json.load(open(sys.argv[2])).items()}
scale = s['display']['scale']
out = s['windows']['Output view']['rect']
print("output view", out, "its map", s['widgets']['output_image'])
assert s['widgets']['output_image'][3] >= 150 * scale - 1, ("the output map is under 150 px", s['widgets']['output_image'])
for k, r in closed.items():
    now = s['windows'][k]['rect']
    if k == 'Output view':
        assert abs(now[1] + now[3] - (r[1] + r[3])) < 0.5, ("the output view's bottom moved", r, now)
    elif k == 'Gate: exact matmul':
        assert abs(now[1] - r[1]) < 0.5, ("the gate view's top moved", r, now)
    else:
        assert all(abs(a - b) < 0.5 for a, b in zip(now, r)), (k + " moved", r, now)
W, H = s['display']['pixel_size']
top = s['display']['menu_bar_height'] + s['display']['status_height']
rects = {k: v['rect'] for k, v in s['windows'].items()}
for k, (x, y, w, h) in rects.items():
    assert x >= -0.5 and y >= top - 0.5 and x + w <= W + 0.5 and y + h <= H + 0.5, (k, x, y, w, h)
ns = sorted(rects)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = rects[a], rects[b]
        assert not (min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0]) > 0.5 and
                    min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1]) > 0.5), (a, b)
print("gate view", rects['Gate: exact matmul'])
# Without a device the ladder says why beside its button, whole: inside the view, not cut at its edge.
x, y, w, h = s['widgets']['ladder_needs_device']
g = rects['Gate: exact matmul']
assert x + w <= g[0] + g[2] + 0.5, ("the ladder's needs-a-device note runs past the view", (x, w), g)
PY
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' not in s['widgets'] and abs($G['rect'][3] - $H0) < 1"
python3 - "$STATE" "$WORK/closed.json" <<'PY' || fail "closing the ladder did not give back every view's place"
import json, sys
s = json.load(open(sys.argv[1]))
for k, r in json.load(open(sys.argv[2])).items():
    assert all(abs(a - b) < 0.5 for a, b in zip(s['windows'][k]['rect'], r['rect'])), (k, r['rect'], s['windows'][k]['rect'])
PY
quit_app
echo "PASS: the open ladder gets its room"
