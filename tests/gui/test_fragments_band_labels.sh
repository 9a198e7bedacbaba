#!/usr/bin/env bash
# Each sticky index band's labels stay in their own band: zoomed in on m16n8k16 and scrolled down
# and right, the column band sticks to the top of the grids' view and the row band to its left. At
# every scroll step no row number lies in (or over) a grid's column band and no column number in
# its row band (zoomed in, a row number was drawn inside the column band), and the numbers are there.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
F="s['fragments_view']"
start_app --no-device --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "$F['cells_drawn'] > 0"
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['fragment_view']")
xdotool keydown ctrl click --repeat 4 --delay 60 4 keyup ctrl
wait_for "$F['zoom'] > 2 * $F['readable_zoom']"
cat >"$WORK/check.py" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
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
print(f"scroll {f['scroll']}: {rows_seen} row numbers", "; ".join(bad))
sys.exit(1 if bad or rows_seen == 0 else 0)
PY
for step in 1 2 3 4 5 6; do
  before=$(q "$F['scroll']")
  xdotool click 5 keydown shift click 5 keyup shift
  wait_for "$F['scroll'] != $before"
  sleep 0.1
  python3 "$WORK/check.py" "$STATE" || fail "an index label left its band at scroll step $step"
done
quit_app
echo "PASS"
