#!/usr/bin/env bash
# Each sticky index band's labels stay in their own band: zoomed in on m16n8k16 and scrolled down
# and right, the column band sticks to the top of the grids' view and the row band to its left. At
# every scroll step no row number lies in (or over) a grid's column band and no column number in
# its row band (zoomed in, a row number was drawn inside the column band), and the numbers are there.
# A row cut by the column band, or a column by the row band, keeps its number (issue 22: a row
# scrolled half out of view had none); at some step a top row shows less than half of itself.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
F="s['fragments_view']"
start_app --no-device --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "$F['cells_drawn'] > 0"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['fragment_view']")
# Five ctrl+wheel steps of 1.25, one at a time (a loaded machine drops a burst's clicks): rows of a
# height the wheel's scroll steps cut at varied depths.
for _ in $(seq 12); do
  python3 -c "import json,sys; f=json.load(open('$STATE'))['fragments_view']; sys.exit(0 if f['zoom'] > 2.9 * f['readable_zoom'] else 1)" && break
  before=$(q "$F['zoom']")
  xdotool keydown ctrl sleep 0.2 click 4 sleep 0.2 keyup ctrl
  wait_for "$F['zoom'] != $before" 5
done
wait_for "$F['zoom'] > 2.9 * $F['readable_zoom']" 1
cat >"$WORK/check.py" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
bad, rows_seen = [], 0
for op, (band_y, band_x) in f['label_bands'].items():
    hl, w = f['band_sizes'][op]
    for t in f['index_labels'][op]:
        x, y, tw, th = t['rect']
        is_row = band_x is not None and x >= band_x - 0.5 and x + tw <= band_x + w + 0.5
        if is_row:
            rows_seen += 1
            if band_y is not None and y < band_y + hl - 0.5:
                bad.append(f"{op} row {t['text']} at y {y:.0f} in the column band {band_y:.0f}..{band_y + hl:.0f}")
        elif band_x is not None and x < band_x + w - 0.5:
            bad.append(f"{op} column {t['text']} at x {x:.0f} in the row band {band_x:.0f}..{band_x + w:.0f}")
# The rows cut by the column band and the columns cut by the row band: each keeps its number.
cut_less_than_half = 0
for op, (band_y, band_x) in f['label_bands'].items():
    if band_y is None or band_x is None:
        continue
    hl, w = f['band_sizes'][op]
    top, left = band_y + hl, band_x + w
    rows = {t['text'] for t in f['index_labels'][op] if t['rect'][0] + t['rect'][2] <= left + 0.5}
    cols = {t['text'] for t in f['index_labels'][op] if t['rect'][0] >= left - 0.5}
    for c in s['cells'][op]:
        x, y, cw, ch = c['rect']
        if c['product'] != 0:
            continue
        if y < top and y + ch > top + 1 and x + cw > left:
            if y + ch - top < ch / 2:
                cut_less_than_half = 1
            if str(c['row']) not in rows:
                bad.append(f"{op} row {c['row']} cut at y {top:.0f} ({y + ch - top:.0f} of {ch:.0f} px shown) has no number")
        if x < left and x + cw > left + 1 and y + ch > top:
            if str(c['col']) not in cols:
                bad.append(f"{op} column {c['col']} cut at x {left:.0f} ({x + cw - left:.0f} of {cw:.0f} px shown) has no number")
print(f"scroll {f['scroll']}: {rows_seen} row numbers", "; ".join(sorted(set(bad))))
open(sys.argv[2], 'a').write(str(cut_less_than_half))
sys.exit(1 if bad or rows_seen == 0 else 0)
PY
for step in 1 2 3 4 5 6; do
  before=$(q "$F['scroll']")
  xdotool click 5 keydown shift click 5 keyup shift
  # Down and right; at the bottom, a right scroll a loaded machine dropped moves nothing.
  wait_for "$F['scroll'] != $before or $F['scroll'][1] >= $F['scroll_max'][1]"
  sleep 0.1
  python3 "$WORK/check.py" "$STATE" "$WORK/cut" || fail "an index label left its band, or a cut row or column lost its number, at scroll step $step"
done
grep -q 1 "$WORK/cut" || fail "no scroll step cut a top row to less than half: the check above proved nothing"
quit_app
echo "PASS"
