#!/usr/bin/env bash
# The bank view zooms and scrolls like the fragments view (app/zoom_grid.hpp): a 64 x 64 swizzled
# tile in Layout mode (64 lines of 128 bytes) opens with every line at least a label high and every
# line's address drawn (not 3-pixel rows); "fit" shows the whole tile (lines no shorter than 3 px,
# scrolling beyond), "labels" goes back; scrolled
# down, the bank numbers stay at the top of the view over the lines scrolled under them. The
# explorer's two grids open the same way.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1,
 "layout": {"enabled": true, "write": "Swizzle<3,3,3> o (64,64):(64,1)", "lanes": "explorer", "op": "lds128"}}
JSON
start_app --no-device
wait_for "s['banks_view']['drawn'] and 'layout' in s['banks_view']['grids']"
FONT=$(q "s['fonts']['small']['px']")
wait_for "s['banks_view']['zoom'] == s['banks_view']['readable_zoom'] > 1"
wait_for "s['banks_view']['cell_size'][1] >= $FONT and s['banks_view']['address_every'] == 1"
wait_for "s['banks_view']['scroll_max'][1] > 0"
# The bank view's own window scrolls to its grid below the Layout mode's text (the wheel over the
# window's top, which is text).
read -r WX WY WW WH <<<"$(q "' '.join(str(int(v)) for v in s['windows']['Bank view: shared-memory accesses over 32 banks']['rect'])")"
for _ in $(seq 30); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); w=s['windows']['Bank view: shared-memory accesses over 32 banks']['rect']; f=s['widgets']['banks_fit']; v=s['widgets']['banks_view']; sys.exit(0 if f[1] > w[1] + 30 and f[1] + f[3] < w[1] + w[3] and v[1] < w[1] + w[3] - 60 else 1)" && break
  xdotool mousemove --window "$WID" $((WX + WW / 2)) $((WY + 50)) click 5
  sleep 0.15
done
# fit: the whole tile in the view, lines down to their least height of 3 px (newcomer round 9:
# 1-pixel lines); a tile longer than that takes scrolls.
click $(centre_of "s['widgets']['banks_fit']")
wait_for "s['banks_view']['zoom'] == 1 and (s['banks_view']['scroll_max'][1] == 0 or s['banks_view']['cell_size'][1] == 3)"
wait_for "s['banks_view']['cell_size'][1] >= 3"
click $(centre_of "s['widgets']['banks_labels']")
wait_for "s['banks_view']['zoom'] == s['banks_view']['readable_zoom'] and s['banks_view']['address_every'] == 1"
# Scroll the grid: its first lines go under the view's top, the bank numbers stay there.
read -r GX GY <<<"$(python3 - "$STATE" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
v = s['widgets']['banks_view']
w = s['windows']['Bank view: shared-memory accesses over 32 banks']['rect']
top, bottom = max(v[1], w[1]), min(v[1] + v[3], w[1] + w[3])
print(int(v[0] + v[2] / 2), int((top + bottom) / 2))
PY
)"
xdotool mousemove --window "$WID" "$GX" "$GY"
for _ in $(seq 6); do xdotool click 5; sleep 0.05; done
sleep 0.5
python3 - "$STATE" <<'PY' || fail "the bank numbers did not stay in view while the grid scrolled"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['widgets']['banks_view']
x0, y0, band_top, band_left = s['banks_view']['grids']['layout']
assert s['banks_view']['scroll'][1] > 0, s['banks_view']['scroll']
assert y0 < v[1], ("the first line is not under the view's top", y0, v)
assert v[1] - 1 <= band_top < v[1] + 30, ("bank band", band_top, v)
print("bank numbers at", band_top, "the view's top", v[1])
PY
screenshot_not_blank "$WORK/banks-layout.png"
[ -n "${FRAGVIZ_GUI_SHOTS:-}" ] && cp "$WORK/banks-layout.png" "$FRAGVIZ_GUI_SHOTS/"

# The explorer's two grids: the same zoom row, every line addressed (the window scrolled back up to
# the Layout checkbox first).
for _ in $(seq 30); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); w=s['windows']['Bank view: shared-memory accesses over 32 banks']['rect']; b=s['widgets']['banks_layout_mode']; sys.exit(0 if b[1] > w[1] + 15 else 1)" && break
  xdotool mousemove --window "$WID" $((WX + WW / 2)) $((WY + 50)) click 4
  sleep 0.15
done
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "'unpadded' in s['banks_view']['grids'] and 'padded' in s['banks_view']['grids']"
wait_for "s['banks_view']['zoom'] == s['banks_view']['readable_zoom'] and s['banks_view']['cell_size'][1] >= $FONT"
wait_for "s['banks_view']['address_every'] == 1"
quit_app
echo "PASS: the bank view zooms, scrolls and keeps its bank numbers in view"
