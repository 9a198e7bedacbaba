#!/usr/bin/env bash
# HiDPI: the window, fonts and every view follow the display scale. Xvfb reports scale 1, so the
# scale is forced with --scale, on a 4K screen. Without --size the window is the layout's
# 1600x1000 times the scale; at scale 2 every view's rectangle, every fragment cell and lane
# button, the menu bar and the fonts are twice their scale-1 size in pixels, all inside the
# window; clicks land where the dump says (the mouse is scaled too). --rescale-at does what GLFW's
# content-scale callback does when the window moves to a monitor of scale 2, and gives the same
# layout as starting at scale 2. --size and --screenshot keep their pixel size at any scale.
XVFB_SCREEN=3840x2160x24
source "$(dirname "$0")/lib.sh"
gui_init "$@"
APP_SIZE=""

start_app --no-device --scale 1
wait_for "s['display']['scale'] == 1 and s['display']['pixel_size'] == [1600, 1000]"
cp "$STATE" "$WORK/scale1.json"
quit_app

rm -rf "$WORK/cfg"
start_app --no-device --scale 2
wait_for "s['display']['scale'] == 2 and s['display']['pixel_size'] == [3200, 2000]"
cp "$STATE" "$WORK/scale2.json"
# A click at scale 2 selects the lane under it.
click $(centre_of "s['lane_buttons'][5]")
wait_for "s['selected_lane'] == 5"
quit_app

# compare A.json B.json RATIO: B's geometry is RATIO times A's, within 2 pixels (text widths round).
compare() {
  python3 - "$1" "$2" "$3" <<'PY' || fail "layout at scale 2 is not the scale-1 layout doubled ($1 vs $2)"
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
k = float(sys.argv[3])
bad = []
def near(x, y, what, tol=2.0):
    if abs(x * k - y) > tol: bad.append(f"{what}: {x} x {k} != {y}")
def rect(ra, rb, what):
    for i, n in enumerate("xywh"): near(ra[i], rb[i], f"{what}.{n}")
W, H = b['display']['pixel_size']
assert set(a['windows']) == set(b['windows']) and len(a['windows']) == 8, (a['windows'].keys(), b['windows'].keys())
for name, w in b['windows'].items():
    rect(a['windows'][name]['rect'], w['rect'], name)
    x, y, ww, hh = w['rect']
    if x < 0 or y < 0 or x + ww > W + 1 or y + hh > H + 1: bad.append(f"{name} leaves the {W}x{H} window: {w['rect']}")
    # Content that fits at scale 1 fits at scale 2 (no new scroll bars).
    near(a['windows'][name]['scroll_max'][1], w['scroll_max'][1], f"{name} vertical overflow", 4.0)
for key in ('menu_bar_height', 'status_height'): near(a['display'][key], b['display'][key], key, 0.5)
for f in ('ui', 'small', 'bold'):
    near(a['fonts'][f]['px'], b['fonts'][f]['px'], f"font {f}", 0.01)
    if b['fonts'][f]['raster_px'] != b['fonts'][f]['px']: bad.append(f"font {f} not rasterised at its pixel size")
for i, (ra, rb) in enumerate(zip(a['lane_buttons'], b['lane_buttons'])): rect(ra, rb, f"lane button {i}")
for op in ('A', 'B', 'C'):
    assert len(a['cells'][op]) == len(b['cells'][op]) > 0
    for ca, cb in zip(a['cells'][op], b['cells'][op]):
        rect(ca['rect'], cb['rect'], f"cell {op} {ca['row']},{ca['col']}")
        x, y, ww, hh = cb['rect']
        if x + ww > W or y + hh > H: bad.append(f"cell {op} {cb['row']},{cb['col']} outside the window")
for name, r in b['widgets'].items():
    if name in a['widgets']: rect(a['widgets'][name], r, f"widget {name}")
if bad:
    print("\n".join(bad[:20]))
    sys.exit(1)
PY
}
compare "$WORK/scale1.json" "$WORK/scale2.json" 2
echo "ok: scale 2 is scale 1 doubled: 8 views, cells, lane buttons, widgets, menu, fonts"
q "s['fonts']"

# Moving to a monitor of scale 2 (the content-scale callback): same as starting there (from the
# same empty config folder: the last run saved lane 5 as selected).
rm -rf "$WORK/cfg"
start_app --no-device --scale 1 --rescale-at 5:2
wait_for "s['display']['scale'] == 2 and s['display']['pixel_size'] == [3200, 2000]" 30
sleep 1
compare "$WORK/scale2.json" "$STATE" 1
click $(centre_of "s['lane_buttons'][9]")
wait_for "s['selected_lane'] == 9"
screenshot_not_blank "$WORK/rescaled.png"
quit_app
echo "ok: after the scale changed to 2 the layout is the scale-2 layout"

# Requested pixel sizes stay pixels: --size 1200x800 --scale 2 is a 1200x800 window and screenshot.
LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --scale 2 --size 1200x800 \
  --screenshot "$WORK/shot2.png" --dump-state "$WORK/shot2.json" >"$WORK/app.log" 2>&1 || fail "--screenshot run failed"
python3 - "$WORK/shot2.png" "$WORK/shot2.json" <<'PY' || fail "--size 1200x800 --scale 2 is not 1200x800 pixels"
import json, struct, sys
w, h = struct.unpack('>II', open(sys.argv[1], 'rb').read()[16:24])
s = json.load(open(sys.argv[2]))
print(f"screenshot {w}x{h}, logical {s['display']['logical_size']}, ui font {s['fonts']['ui']['px']} px")
sys.exit(0 if (w, h) == (1200, 800) and s['display']['pixel_size'] == [1200, 800] and s['display']['logical_size'] == [600, 400] else 1)
PY
echo "PASS"
