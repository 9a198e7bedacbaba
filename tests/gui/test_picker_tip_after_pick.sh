#!/usr/bin/env bash
# Newcomer round 25: an entry of the instruction picker's list picked where the list lies over the
# closed picker leaves the pointer resting on the picker, and its hover help came up at once and
# stayed over the fragments controls until the pointer moved away. After a pick the help waits
# until the pointer has left the picker; back on it, the help shows again.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
P="s['pickers']['instruction_combo']"
start_app --no-device
wait_for "'A' in s['fragments_view']['visible'] and 'instruction_combo' in s['pickers']"
read -r CX CY CW CH <<<"$(q "' '.join(str(int(v)) for v in s['widgets']['instruction_combo'])")"
# The help shows on the closed picker (what the pick must not bring up by itself).
xdotool mousemove --window "$WID" $((CX + CW / 2)) $((CY + CH / 2))
wait_for "$P['tooltip_text'] == s['instruction']['mnemonic']"
xdotool mousemove --window "$WID" 5 995
wait_for "$P['tooltip_text'] == ''"

# Open the list; pick the entry (not the selected one) that lies over the closed picker's middle.
for _ in 1 2 3; do
  click $((CX + CW / 2)) $((CY + CH / 2))
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)" && break
done
wait_for "s['picker_open']"
sleep 0.3
read -r M X Y <<<"$(python3 - "$STATE" "$CX" "$CY" "$CW" "$CH" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
cx, cy, cw, ch = map(int, sys.argv[2:])
for k, (x, y, w, h) in s['widgets'].items():
    m = k[len('instr:'):]
    # The middle row of the entry inside the closed picker's rectangle.
    if k.startswith('instr:') and m != s['instruction']['mnemonic'] and cy + 2 <= y + h / 2 <= cy + ch - 2:
        print(m, int(max(x, cx) + 20), int(y + h / 2))
        break
PY
)"
[ -n "$M" ] || fail "no entry of the open list lies over the closed picker"
echo "picking $M at $X,$Y (the closed picker: $CX,$CY ${CW}x$CH)"
xdotool mousemove --window "$WID" "$X" "$Y" sleep 0.3 click 1
wait_for "not s['picker_open'] and s['instruction']['mnemonic'] == '$M'"
# The pointer rests on the closed picker, unmoved: its help stays away.
sleep 1
python3 - "$STATE" "$X" "$Y" <<'PY' || fail "the picker's help came up under the resting pointer after the pick"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['widgets']['instruction_combo']
px, py = int(sys.argv[2]), int(sys.argv[3])
assert x <= px < x + w and y <= py < y + h, ("the pointer is not over the picker", (px, py), (x, y, w, h))
print("after the pick, help:", repr(s['pickers']['instruction_combo']['tooltip_text']))
assert s['pickers']['instruction_combo']['tooltip_text'] == ''
PY
# Off the picker and back: the help shows again.
xdotool mousemove --window "$WID" 5 995
sleep 0.3
xdotool mousemove --window "$WID" "$X" "$Y"
wait_for "$P['tooltip_text'] == '$M'"
quit_app
echo "PASS: no help under the resting pointer after a pick; back on the picker it shows"
