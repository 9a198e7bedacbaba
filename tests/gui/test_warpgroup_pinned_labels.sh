#!/usr/bin/env bash
# The warpgroup view's column and row numbers stay in view while its grids scroll, as the fragments
# view's do (newcomer round 24: zoomed in and scrolled, the numbers scrolled away with the cells).
# At 4.5x on m64n64k16, scrolled down and right: each grid in view has its column band at the top
# of the grids' view and its row band inside it, and every column and row with its cell's centre in
# view (past the other band) has its number there (every even row: rows of 11 px number every second).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
F16=wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "wgmma": "$F16",
 "windows": {"warpgroup": true}, "zoom": {"warpgroup": {"for": "$F16", "zoom": 4.5}}}
JSON
start_app --no-device
W="s['hopper']['warpgroup']"
wait_for "$W['drawn'] and $W['zoom'] == 4.5 and $W['scroll_max'][0] > 100 and $W['scroll_max'][1] > 100"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['wg_view']")
for _ in 1 2 3; do
  before=$(q "$W['scroll']")
  xdotool click 5 sleep 0.1 keydown shift click 5 keyup shift
  wait_for "$W['scroll'] != $before"
done
sleep 0.3
python3 - "$STATE" <<'PY' || fail "scrolled, the warpgroup view's index numbers left the view"
import json, sys
s = json.load(open(sys.argv[1]))
w = s['hopper']['warpgroup']
bad, checked = [], 0
for op in ('A', 'D'):
    g = w['grids'][op]
    vx, vy, vw, vh = g['visible']
    ox, oy = g['origin']
    cw, ch = g['cell']
    if ox + g['cols'] * cw <= vx or ox >= vx + vw:
        continue  # this grid scrolled out of view sideways
    assert oy < vy, f"not scrolled down: {op} starts at y {oy}, the view at {vy}"
    top, left = w['label_bands'][op]
    hl, bw = w['band_sizes'][op]
    if abs(top - vy) > 0.5:
        bad.append(f"{op}'s column band at y {top}, the view's top at {vy}")
    if left is None or left < vx - 0.5 or left + bw > vx + vw + 0.5:
        bad.append(f"{op}'s row band at x {left}, not in the view {vx}..{vx + vw}")
        continue
    labels = w['index_labels'][op]
    in_band = lambda t, x0, y0, x1, y1: (x0 - 0.5 <= t['rect'][0] and t['rect'][0] + t['rect'][2] <= x1 + 0.5 and
                                         y0 - 0.5 <= t['rect'][1] and t['rect'][1] + t['rect'][3] <= y1 + 0.5)
    cols = {t['text'] for t in labels if in_band(t, max(vx, left + bw), top, vx + vw, top + hl)}
    rows = {t['text'] for t in labels if in_band(t, left, top + hl, left + bw, vy + vh)}
    for c in range(g['cols']):
        x = ox + (c + 0.5) * cw
        if left + bw <= x <= vx + vw:
            checked += 1
            if str(c) not in cols: bad.append(f"{op} column {c} (centre x {x:.0f}) has no number in its band")
    # Rows of 11 px are under a number's height: every second one is numbered (index_labels), the even.
    for r in range(0, g['rows'], 2):
        y = oy + (r + 0.5) * ch
        if top + hl <= y <= vy + vh:
            checked += 1
            if str(r) not in rows: bad.append(f"{op} row {r} (centre y {y:.0f}) has no number in its band")
    # A number over every second row names its own row: it begins within that row's upper half, never
    # slid beside the next row (newcomer round 29: "30" stood beside row 31's cells, row 30 under the
    # column band).
    for t in labels:
        if in_band(t, left, top + hl, left + bw, vy + vh) and t['text'].isdigit():
            r = int(t['text'])
            if not (oy + r * ch - 0.5 <= t['rect'][1] + t['rect'][3] and t['rect'][1] < oy + (r + 0.5) * ch):
                bad.append(f"{op} row number {r} at y {t['rect'][1]:.0f}, not at its row ({oy + r * ch:.0f})")
    # File > Export's visible region starts at the first row and column whose cells show at least
    # half past the bands (newcomer round 29 exported rows 29-30 hidden under A's column band).
    vis = s['warpgroup_visible']['A' if op == 'A' else 'C']
    if vis['rows'] is not None:
        r0, c0 = vis['rows'][0], vis['cols'][0]
        if oy + (r0 + 0.5) * ch < top + hl - 0.5:
            bad.append(f"{op}'s visible region starts at row {r0}, whose centre lies under the column band")
        if r0 > 0 and oy + (r0 - 0.5) * ch >= top + hl + 0.5:
            bad.append(f"{op}'s visible region starts at row {r0}, but row {r0 - 1} shows")
        if ox + (c0 + 0.5) * cw < left + bw - 0.5:
            bad.append(f"{op}'s visible region starts at column {c0}, whose centre lies under the row band")
print(f"scroll {w['scroll']}: {checked} columns and rows checked")
print("\n".join(bad[:12]))
sys.exit(1 if bad or checked == 0 else 0)
PY
shot warpgroup-pinned-labels
quit_app
echo "PASS"
