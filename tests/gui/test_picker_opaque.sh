#!/usr/bin/env bash
# Newcomer round 25: with the instruction picker open, what lies under its list (the model-only
# banner, the picker's own preview, the grids) showed through its heading rows, two texts drawn on
# one row. The list is opaque: right of each architecture heading, the list's background is one
# colour, over the banner as over the views.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
wait_for "'A' in s['fragments_view']['visible']"
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['instruction_combo']")
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)" && break
  sleep 0.3
done
wait_for "s['picker_open'] and 'arch:sm_70' in s['widgets'] and 'arch:sm_80' in s['widgets']"
sleep 0.5
capture_screen "$WORK/picker.png" || { echo "SKIP: neither import nor xwd to capture the screen"; exit 77; }
python3 - "$STATE" "$WORK/picker.png" <<'PY' || fail "the picker's list is not opaque under its headings"
import json, sys
from png_rows import png_rows
s = json.load(open(sys.argv[1]))
px, py, pw, ph = s['widgets']['instruction_popup']
heads = {k: r for k, r in s['widgets'].items() if k.startswith('arch:')}
w, bpp, rows = png_rows(sys.argv[2], int(max(r[1] + r[3] for r in heads.values())) + 1)
colours = {}
for name, (x, y, hw, hh) in heads.items():
    # The heading row right of its text, short of the list's scroll bar.
    for yy in range(int(y) + 1, int(y + hh) - 1):
        for xx in range(int(x + hw) + 8, int(px + pw) - 24):
            c = tuple(rows[yy][xx * bpp:xx * bpp + 3])
            colours.setdefault(c, set()).add(name)
print("headings", sorted(heads), "colours right of them:", len(colours), sorted(colours)[:4])
# Over the banner (sm_70's row) and over the views alike: one colour, nothing shows through.
assert len(colours) == 1, sorted(colours, key=lambda c: -len(colours[c]))[:6]
PY
xdotool key Escape
wait_for "not s['picker_open']"
quit_app
echo "PASS: the instruction picker's list is opaque under its headings"
