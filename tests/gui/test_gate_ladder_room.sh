#!/usr/bin/env bash
# The gate view gives its ladder table room: at the default 1600x1000, opening "Ladder (every
# variant)" makes the view taller in its column (ldmatrix above and output below keep their places
# in the column, smaller), so the table's rows need no scrolling; closed, the view is back in its
# slot.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
G="s['windows']['Gate: exact matmul']"
wait_for "'ladder_header' in s['widgets'] and 'Gate: exact matmul' in s['windows']"
H0=$(q "$G['rect'][3]")
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
wait_for "$G['scroll_max'][1] == 0 and $G['rect'][3] > $H0 + 100"
# The sizes are the n "Run ladder" runs at, read as one line with it: the button, "at n =", then each
# size (a newcomer read them, alone above the table, as a filter of it: issue 22).
python3 - "$STATE" <<'PY' || fail "the ladder's sizes do not read as Run ladder's"
import json, sys
s = json.load(open(sys.argv[1]))
w = s['widgets']
assert s['text_lines']['ladder_sizes_label']['text'] == 'at n =', s['text_lines']['ladder_sizes_label']
row = [w['run_ladder'], w['ladder_sizes_label']] + [w['ladder_n:%d' % n] for n in (1024, 2048, 4096, 8192)]
for a, b in zip(row, row[1:]):
    assert b[0] >= a[0] + a[2] - 0.5, ("not left to right", a, b)
    assert abs((b[1] + b[3] / 2) - (a[1] + a[3] / 2)) < 3, ("not on one line", a, b)
g = s['windows']['Gate: exact matmul']['rect']
assert row[-1][0] + row[-1][2] <= g[0] + g[2] + 0.5, ("the last size runs past the view", row[-1], g)
PY
python3 - "$STATE" <<'PY' || fail "the views overlap or leave the window"
import json, sys
s = json.load(open(sys.argv[1]))
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
quit_app
# Newcomer round 22: with the recorded report open and s8 m16n8k32 chosen, the ldmatrix view above
# needs more (its notes, a 32-byte-wide grid) and the gate view, held to 60 % of the column, cut the
# ladder's last rung. The open ladder is never cut: the gate view holds every row; where the column
# cannot hold that beside the other views' leasts it runs taller, and its own bar scrolls it.
rm -rf "$WORK/cfg"
start_app "$SRC/tests/fixtures/reports/h200-2026-12-01-hopper-probe.json"
wait_for "'ladder_header' in s['widgets'] and 'Gate: exact matmul' in s['windows']"
pick_instruction mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
wait_for "s['controls']['instruction'] == 'mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32'"
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
wait_for "$G['scroll_max'][1] == 0" 5 || fail "the open ladder is cut: the gate view scrolls by $(q "$G['scroll_max'][1]")"
quit_app
echo "PASS: the open ladder gets its room"
