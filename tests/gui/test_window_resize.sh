#!/usr/bin/env bash
# The views follow the window. Resized with xdotool through 1600x1000, 800x600, back to 1600x1000,
# 1280x800, 1024x700, 1920x1080 and 1100x760, at every size of at least 1024x700 the eight views lie
# inside the window under the menu bar and status strip, overlap nowhere and cover that area (no
# empty half); going back to a size gives back the same rectangles. Below 1024x700 they overlap
# nowhere, keep at least the size they have at 1024x700, and the window scrolls over them (its scroll
# bar, dragged, moves every view by the same amount). The imgui.ini saved at 1280x800 holds only
# rectangles inside that window, and a new start at 1024x700 from it fits 1024x700, also when the
# file was edited to carry overlapping views and a collapsed one. At --scale 2 in a
# 1600x1000 window (800x500 logical pixels) every view is twice its 1024x700 size, not squeezed.
XVFB_SCREEN=1920x1200x24
source "$(dirname "$0")/lib.sh"
gui_init "$@"

# check W H [reference.json]: the layout in the state dump at a W x H window (see the header).
check() {
  wait_for "s['display']['pixel_size'] == [$1, $2]" 20
  sleep 0.5  # a frame or two after the size arrived
  python3 - "$STATE" "$1" "$2" "${3:-}" <<'PY' || fail "layout at $1x$2 is broken"
import json, sys
s = json.load(open(sys.argv[1]))
W, H = int(sys.argv[2]), int(sys.argv[3])
ref = json.load(open(sys.argv[4])) if sys.argv[4] else None
scale = s['display']['scale']
top = s['display']['menu_bar_height'] + s['display']['status_height']
win = s['windows']
bad = []
if len(win) != 8: bad.append(f"{len(win)} views, not 8: {sorted(win)}")
rects = {k: v['rect'] for k, v in win.items()}
names = sorted(rects)
for i, a in enumerate(names):
    for b in names[i + 1:]:
        ra, rb = rects[a], rects[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        if ox > 0.5 and oy > 0.5: bad.append(f"{a} and {b} overlap by {ox:.1f}x{oy:.1f}: {ra} {rb}")
area = sum(r[2] * r[3] for r in rects.values())
logical_ok = W / scale >= 1024 and H / scale >= 700
if logical_ok:
    for k, r in rects.items():
        if r[0] < -0.5 or r[1] < top - 0.5 or r[0] + r[2] > W + 0.5 or r[1] + r[3] > H + 0.5:
            bad.append(f"{k} {r} is not inside the {W}x{H} window below y={top}")
    if area < 0.99 * W * (H - top): bad.append(f"views cover {area:.0f} of {W * (H - top):.0f} pixels")
    if s['layout']['scroll_bars'] != [False, False]: bad.append(f"scroll bars at {W}x{H}: {s['layout']}")
else:
    cw, ch = s['layout']['canvas']
    if cw < 1024 * scale - 0.5 or ch < (700 - top / scale) * scale - 0.5: bad.append(f"canvas {cw}x{ch} below the minimum")
    if area < 0.99 * cw * ch: bad.append(f"views cover {area:.0f} of the {cw:.0f}x{ch:.0f} canvas")
    want = [W / scale < 1024, (H - top) / scale < 700 - top / scale]
    if s['layout']['scroll_bars'] != want: bad.append(f"scroll bars {s['layout']['scroll_bars']}, want {want}")
    for name, on in zip(('##layout_hscroll', '##layout_vscroll'), want):
        if on:
            x, y, w, h = s['widgets'][name]
            if x < -0.5 or y < -0.5 or x + w > W + 0.5 or y + h > H + 0.5: bad.append(f"{name} {[x, y, w, h]} outside")
if ref is not None:
    # The same rectangles as the reference (another size's dump: its views' sizes times `k`), within
    # 2 pixels (edges land on whole pixels).
    k = scale / ref['display']['scale']
    for name, r in rects.items():
        q = ref['windows'][name]['rect']
        same = all(abs(q[i] * k - r[i]) <= 2 for i in (2, 3)) if not logical_ok else all(abs(q[i] * k - r[i]) <= 2 for i in range(4))
        if not same: bad.append(f"{name} is {r}, expected {q} x {k}")
if bad:
    print("\n".join(bad[:20]))
    sys.exit(1)
print(f"ok {W}x{H} scale {scale}: 8 views, {area / max(1, W * (H - top)):.3f} of the area, scroll bars {s['layout']['scroll_bars']}")
PY
}

resize() {
  xdotool windowsize "$WID" "$1" "$2" 2>/dev/null || fail "xdotool could not resize the window to $1x$2"
  check "$@"
}

start_app --no-device
check 1600 1000
cp "$STATE" "$WORK/at1600.json"
resize 1024 700
cp "$STATE" "$WORK/at1024.json"
resize 800 600 "$WORK/at1024.json"
# Drag the horizontal scroll bar to the right: every view moves left by the same amount.
read -r bx by bw bh <<<"$(q "' '.join(str(int(v)) for v in s['widgets']['##layout_hscroll'])")"
x0=$(q "s['windows']['Controls']['rect'][0]")
xdotool mousemove --window "$WID" $((bx + 20)) $((by + bh / 2)) sleep 0.2 mousedown 1 sleep 0.2 \
  mousemove --window "$WID" $((bx + 300)) $((by + bh / 2)) sleep 0.3 mouseup 1 sleep 0.3
xdotool mousemove --window "$WID" 400 300
wait_for "s['layout']['scroll'][0] > 50"
python3 - "$STATE" "$WORK/at1024.json" <<'PY' || fail "the views did not move with the canvas's scroll bar"
import json, sys
s, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
dx = s['layout']['scroll'][0]
for name, w in s['windows'].items():
    x, q = w['rect'][0], ref['windows'][name]['rect'][0]
    assert abs((q - dx) - x) <= 2, (name, x, q, dx)
print(f"scrolled by {dx:.0f} pixels: every view moved left by as much")
PY
check 800 600 "$WORK/at1024.json"
resize 1600 1000 "$WORK/at1600.json"
resize 1920 1080
resize 1100 760
resize 1280 800
quit_app
# imgui.ini keeps the last rectangles: inside 1280x800, overlapping nowhere.
python3 - "$WORK/cfg/imgui.ini" <<'PY' || fail "imgui.ini carries a layout that does not fit the window it was saved from"
import re, sys
text = open(sys.argv[1]).read()
views = ["Controls", "Device", "Lane inspector", "Fragments: mma.sync A, B, C/D", "ldmatrix: what each lane receives",
         "Bank view: shared-memory accesses over 32 banks", "Gate: exact matmul", "Output view"]
rects = {}
for name in views:
    m = re.search(r"^\[Window\]\[" + re.escape(name) + r"\]\nPos=(-?\d+),(-?\d+)\nSize=(\d+),(\d+)", text, re.M)
    assert m, f"no [Window][{name}] with Pos and Size in imgui.ini"
    rects[name] = [int(v) for v in m.groups()]
for n, (x, y, w, h) in rects.items():
    assert x >= 0 and y >= 0 and x + w <= 1280 and y + h <= 800, (n, x, y, w, h)
ns = sorted(rects)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = rects[a], rects[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        assert not (ox > 0 and oy > 0), (a, b, ra, rb)
print("imgui.ini: 8 views inside 1280x800, no overlap")
PY
# A new start at another size from that imgui.ini fits the new size, even after the file was made to
# carry a broken layout (every view on top of the others, one collapsed, as older versions saved).
python3 - "$WORK/cfg/imgui.ini" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r"^Pos=-?\d+,-?\d+$", "Pos=5,60", text, flags=re.M)
text = re.sub(r"^Size=\d+,\d+$", "Size=900,900", text, flags=re.M)
text = re.sub(r"(\[Window\]\[Device\]\n(?:[^\[\n][^\n]*\n)*?)Collapsed=0", r"\1Collapsed=1", text)
open(sys.argv[1], "w").write(text)
PY
grep -q "Collapsed=1" "$WORK/cfg/imgui.ini" || fail "could not write the broken imgui.ini"
APP_SIZE=1024x700 start_app --no-device
check 1024 700 "$WORK/at1024.json"
quit_app

# --scale 2 in a 1600x1000 window: 800x500 logical pixels, laid out at the 1024x700 minimum (twice
# its pixels) and scrolled.
rm -rf "$WORK/cfg"
start_app --no-device --scale 2
check 1600 1000 "$WORK/at1024.json"
quit_app
echo "PASS"
