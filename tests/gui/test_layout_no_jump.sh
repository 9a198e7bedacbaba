#!/usr/bin/env bash
# Issue 22, window layout leftovers:
#  1. At 1600x1000 and at 1024x700 (where the middle column cannot hold them all), View > Warpgroup: every view keeps at least its least usable height (the layout's
#     own record of it, and the fixed floors: fragments 240, bank view 150, warpgroup 280), no two
#     views overlap, the fragments view's grids keep 220 px under its header, and the warpgroup window
#     is reached whole by scrolling the canvas's bar.
#  2. The rule for "windows jump": a view that opens or closes re-tiles its own column alone; the
#     left and right columns keep their heights and tops (their width gives way to the canvas's scroll
#     bar only), and closing the window again gives every view back its rectangle exactly (but the
#     room the fragments view's grids no longer need, their zoom kept, goes to the bank view).
#  3. A layout.json that moves the gate view up over the built-in ldmatrix view's place (gui.test_assets'
#     file): no two views overlap, ldmatrix ends where the gate begins, and the views of that column
#     above their least keep the file's proportions (gate : output = 160 : 450) where ldmatrix holds
#     its least.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"

cat >"$WORK/check.py" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
win = {k: v['rect'] for k, v in s['windows'].items()}
scale = s['display']['scale']
bad = []
ns = sorted(win)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = win[a], win[b]
        if min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0]) > 0.5 and \
           min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1]) > 0.5:
            bad.append(f"{a} and {b} overlap")
floors = {'Fragments: mma.sync A, B, C/D': 240, 'Bank view: shared-memory accesses over 32 banks': 150,
          'Warpgroup: wgmma D and A fragments': 280}
for k, r in win.items():
    least = max(s['layout'].get('least', {}).get(k, 0), floors.get(k, 0) * scale)
    if k in floors and k not in s['layout'].get('least', {}):
        bad.append(f"{k}: no least height recorded")
    if r[3] < least - 1:
        bad.append(f"{k}: {r[3]:.0f} px, under its least {least:.0f}")
# The fragments view's grids, under its header (lane strip, zoom line): not a strip (it was 81 px at
# 1024x700 with the warpgroup view open, 126 at 1600x1000).
g = s['widgets'].get('fragment_view')
if 'Fragments: mma.sync A, B, C/D' in win and g and g[3] < 220 * scale:
    bad.append(f"the fragments grids get {g[3]:.0f} px")
print(sys.argv[2] + ": " + ", ".join(f"{k.split(':')[0]} {v[3]:.0f}" for k, v in win.items()) +
      (f"; fragments grids {g[3]:.0f}" if g else ""))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
check() { python3 "$WORK/check.py" "$STATE" "$1" || fail "$1: views overlap or are under their least"; }
WG='Warpgroup: wgmma D and A fragments'

for size in 1600x1000 1024x700; do
APP_SIZE=$size start_app --no-device
wait_for "'menu_view' in s['widgets'] and 'least' in s['layout']"
sleep 0.5
cp "$STATE" "$WORK/before.json"
check "$size default"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and '$WG' in s['layout']['least']"
sleep 0.5
check "$size warpgroup open"
python3 - "$STATE" "$WORK/before.json" <<'PY' || fail "opening the warpgroup view moved a view outside its column"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
bar = 20 * s['display']['scale']
f = b['windows']['Fragments: mma.sync A, B, C/D']['rect']
for k, w in b['windows'].items():
    r0, r = w['rect'], s['windows'][k]['rect']
    if f[0] - 0.5 <= r0[0] < f[0] + f[2] - 0.5:
        continue  # the middle column: the warpgroup view's own
    assert r[1] == r0[1] and r[3] == r0[3], (k, "top or height moved", r0, r)
    assert abs(r[0] - r0[0]) <= bar and abs(r[2] - r0[2]) <= bar, (k, "more than the scroll bar's width", r0, r)
print("left and right columns kept their tops and heights")
PY
# Reached whole: the canvas's bar, scrolled to its end, brings the warpgroup window's bottom into the window.
H=$(q "s['display']['pixel_size'][1]")
if [ "$(q "s['layout']['scroll_bars'][1]")" = True ]; then
  max=$(q "s['layout']['canvas'][1] - s['layout']['view'][3]")
  read -r bx by <<<"$(centre_of "s['widgets']['##layout_vscroll']")"
  for _ in $(seq 15); do
    xdotool mousemove --window "$WID" "$bx" "$by" sleep 0.2 click 5
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['layout']['scroll'][1] >= $max - 0.5 else 1)" && break
  done
  wait_for "s['layout']['scroll'][1] >= $max - 0.5"
fi
wait_for "s['windows']['$WG']['rect'][1] + s['windows']['$WG']['rect'][3] <= $H + 0.5 and s['windows']['$WG']['rect'][1] >= s['display']['menu_bar_height']"
echo "$size: warpgroup reached: $(q "s['windows']['$WG']['rect']")"
close_view warpgroup
sleep 0.5
# Every view exactly back, but where the fragments view's grids fit in less than they had, the bank
# view under it takes that much more (lib.sh's views_back, to the pixel).
views_back "$WORK/before.json" "closing the warpgroup view did not give every view back its rectangle" exact
quit_app
rm -rf "$WORK/cfg"
done

# 3. gui.test_assets' layout.json at its own window size (1200x800).
mkdir -p "$WORK/assets"
cat >"$WORK/assets/layout.json" <<'JSON'
{"window": [1200, 800], "windows": {"gate": [1120, 340, 1600, 500], "output": [1120, 500, 1600, 950]}}
JSON
APP_SIZE= start_app --no-device --assets "$WORK/assets"
wait_for "s['display']['pixel_size'] == [1200, 800] and s['assets']['layout_source'].endswith('layout.json') and 'least' in s['layout']"
sleep 0.5
check "custom layout.json"
python3 - "$STATE" <<'PY' || fail "the custom layout lost its proportions"
import json, sys
s = json.load(open(sys.argv[1]))
g = s['windows']['Gate: exact matmul']['rect']
l = s['windows']['ldmatrix: what each lane receives']['rect']
o = s['windows']['Output view']['rect']
top = s['display']['menu_bar_height'] + s['display']['status_height']
assert abs(l[1] - top) < 0.5 and abs(l[1] + l[3] - g[1]) < 0.5 and abs(g[1] + g[3] - o[1]) < 0.5, (l, g, o)
assert abs(o[1] + o[3] - 800) < 0.5, ("the column ends at the window's bottom", o)
least = s['layout']['least']['ldmatrix: what each lane receives']
if l[3] > least + 1:  # ldmatrix needs no more than the file gives it: the file's heights
    col = 800 - top
    assert abs(g[3] - 160 * col / 950) < 1.5 and abs(l[3] - 340 * col / 950) < 1.5, (l, g, col)
assert abs(g[3] / o[3] - 160 / 450) < 0.02, ("gate : output", g[3], o[3])
print(f"ldmatrix {l} (least {least:.0f}), gate {g}, output {o}")
PY
quit_app
echo "PASS"
