#!/usr/bin/env bash
# Another instruction starts its fragments view at the top-left (issue 22: m16n8k32 picked first
# opened scrolled right; newcomer round 14: after
# m16n8k32 .s8 scrolled, m16n8k16 showed only A's columns 4-15, the old scroll kept). Zoomed in
# on m16n8k32 .s8 and scrolled down and right, then m16n8k16 picked: its view scrolls, yet shows
# A's first row and column.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

start_app --no-device
wait_for "'A' in s['fragments_view']['visible']"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
pick_instruction "$S8"
wait_for "s['instruction']['mnemonic'] == '$S8' and s['fragments_view']['visible']['A']['of'] == [16, 32]"
# Issue 22: picked from the unscrolled start, m16n8k32 opens at its left edge (its first zoom
# following the view's size kept the first frame's centre: 26 px right, column 0 and "A" clipped).
sleep 1
python3 - "$STATE" <<'PY' || fail "m16n8k32 did not open at its left edge"
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
print("m16n8k32 opened: zoom", f['zoom'], "scroll", f['scroll'], "A", f['visible']['A'])
assert f['scroll'][0] == 0 and f['visible']['A']['cols'][0] == 0, f['scroll']
PY
read -r GX GY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
for _ in $(seq 8); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); f=s['fragments_view']; sys.exit(0 if f['zoom'] > 3 * f['readable_zoom'] else 1)" && break
  xdotool keydown ctrl click 4 keyup ctrl
  sleep 0.3
done
# Down and right (shift+wheel scrolls sideways) until A's first row and column are out of view.
for _ in $(seq 20); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); v=s['fragments_view']['visible']['A']; sys.exit(0 if v['rows'] and v['rows'][0] > 0 and v['cols'][0] > 0 else 1)" && break
  xdotool click 5
  xdotool keydown shift click 5 keyup shift
  sleep 0.3
done
wait_for "(lambda v: v['rows'] and v['rows'][0] > 0 and v['cols'][0] > 0)(s['fragments_view']['visible']['A'])"
echo "m16n8k32 scrolled: $(q "s['fragments_view']['scroll']"), A $(q "s['fragments_view']['visible']['A']")"

pick_instruction "$F16"
wait_for "s['instruction']['mnemonic'] == '$F16' and s['fragments_view']['visible']['A']['of'] == [16, 16]"
sleep 0.5
python3 - "$STATE" <<'PY' || fail "the new instruction kept the old scroll"
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
v = f['visible']['A']
print("m16n8k16: zoom", f['zoom'], "scroll", f['scroll'], "of", f['scroll_max'], "A", v)
assert f['scroll'] == [0, 0], f['scroll']
assert v['rows'][0] == 0 and v['cols'][0] == 0, v
PY
quit_app
echo "PASS: another instruction starts at the top-left"
