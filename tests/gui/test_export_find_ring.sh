#!/usr/bin/env bash
# The Find ring on screen is in the export (issue 22, newcomer round 14: Find A,9,3 outlined the
# cell on screen, the exported file had no outline). After Find A,9,3 on m16n8k16 (the dump's
# fragments_view.found names it), File > Export's SVG holds the screen's yellow (#FFE13C) bands
# around A-r9-c3 and around no other cell; after the Find text names no element, none.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
M=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
F="s['fragments_view']"

start_app --no-device --instr "$M"
wait_for "s['instruction']['mnemonic'] == '$M' and 'fragments_find' in s['widgets'] and $F['cells_drawn'] > 0"
sleep 0.5

# export_to FILE: File > Export, whole tile, written to FILE.
export_to() {
  open_export || { echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"; exit 77; }
  wait_for "s['export_dialog']['view'] == 'fragments'"
  type_into export_path "s['export_dialog']['path']" "$1" "s['export_dialog']['path'] == '$1'"
  xdotool key Return
  for _ in $(seq 50); do [ -s "$1" ] && break; sleep 0.1; done
  [ -s "$1" ] || fail "File > Export wrote no $1"
  xdotool key Escape
  wait_for "'export_path' not in s['widgets']"
}
# ringed FILE: the cells ringed in yellow in FILE, as "A-r9-c3" ids.
ringed() {
  python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
rects = [r for r in ET.parse(sys.argv[1]).getroot().iter() if r.tag.endswith("rect")]
box = lambda r: tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
yellow = [box(r) for r in rects if (r.get("fill") or "").upper() in ("#FFE13C", "RGB(255,225,60)")]
out = set()
near = lambda a, b: abs(a - b) < 0.05
for r in rects:
    if not r.get("id"):
        continue
    x, y, w, h = box(r)
    # Bands lying against the cell from outside: above it, below, left and right, each as long as it.
    above = any(near(by + bh, y) and bx <= x and bx + bw >= x + w for bx, by, bw, bh in yellow)
    below = any(near(by, y + h) and bx <= x and bx + bw >= x + w for bx, by, bw, bh in yellow)
    left = any(near(bx + bw, x) and by <= y and by + bh >= y + h for bx, by, bw, bh in yellow)
    right = any(near(bx, x + w) and by <= y and by + bh >= y + h for bx, by, bw, bh in yellow)
    if above and below and left and right:
        out.add(r.get("id"))
print(" ".join(sorted(out)) or "none")
PY
}

type_into fragments_find "$F['find_text']" "A,9,3" "$F['find_text'] == 'A,9,3'"
xdotool key Return
wait_for "$F['found'] is not None and ($F['found']['operand'], $F['found']['row'], $F['found']['col']) == ('A', 9, 3)"
sleep 0.5
export_to "$WORK/found.svg"
got=$(ringed "$WORK/found.svg")
[ "$got" = "A-r9-c3" ] || fail "the export rings '$got', the screen A-r9-c3"

type_into fragments_find "$F['find_text']" "lane 5" "$F['find_text'] == 'lane 5'"
wait_for "$F['found'] is None"
export_to "$WORK/none.svg"
got=$(ringed "$WORK/none.svg")
[ "$got" = "none" ] || fail "with no cell found, the export rings '$got'"
quit_app
echo "PASS: the Find ring is in the file as on screen"
