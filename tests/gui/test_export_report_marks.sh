#!/usr/bin/env bash
# File > Export with a probe report open is the screen's picture (newcomer round 25): the pinned H200
# probe report open over m16n8k16, the fragments view marks every cell it measured with the green
# corner and says "measured on NVIDIA H200, sm_90: ..."; the exported SVG carries a corner on
# exactly the cells the view marked (the state dump's cells, measured 1) and the line the view drew
# (text_lines), and no "PTX ISA" line; the PNG has the corner's green where the SVG puts it.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
M=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
D="s['export_dialog']"
REPORT=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"

start_app --no-device --instr "$M" "$REPORT"
wait_for "s['report_error'] == '' and s['fragments_measured_label'] == s['report_label']" 20 ||
  fail "the probe report's measurements are not shown"
wait_for "'fragments_measured_line' in s['text_lines'] and sum(len(v) for v in s['cells'].values()) == 512" ||
  fail "the view drew no measured line or not the 512 cells"
# The screen: every cell the report measured (all 512, all matching) carries its mark.
[ "$(q "sorted({c['measured'] for v in s['cells'].values() for c in v})")" = "[1]" ] ||
  fail "the view does not mark every cell as measured and matching"
q "s['text_lines']['fragments_measured_line']['text']" >"$WORK/line"
python3 -c "import json; s=json.load(open('$STATE')); json.dump(s['cells'], open('$WORK/cells.json', 'w'))"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
wait_for "$D['view'] == 'fragments'" || fail "the Export dialog does not export the fragments view"
click $(centre_of "s['widgets']['export_format']")
wait_for "'export_format:SVG' in s['widgets']"
click $(centre_of "s['widgets']['export_format:SVG']")
wait_for "$D['format'] == 'SVG'"
click $(centre_of "s['widgets']['export_part_whole']")
wait_for "$D['part'] == 'whole'"
type_into export_path "$D['path']" "$WORK/marks.svg" "$D['path'] == '$WORK/marks.svg'"
click $(centre_of "s['widgets']['export_ok']")
for _ in $(seq 100); do [ -s "$WORK/marks.svg" ] && break; sleep 0.1; done
[ -s "$WORK/marks.svg" ] || fail "File > Export wrote no $WORK/marks.svg"
python3 - "$WORK/marks.svg" "$WORK/cells.json" "$WORK/line" <<'PY' || fail "the SVG export is not the screen's view"
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cells = json.load(open(sys.argv[2]))
line = open(sys.argv[3]).read().rstrip("\n")
assert line.startswith("measured on NVIDIA H200, sm_90: "), line
screen = {"%s-r%d-c%d-measured" % (op, c["row"], c["col"]) for op, v in cells.items() for c in v if c["measured"] == 1}
marks = {p.get("id") for p in root.iter("{http://www.w3.org/2000/svg}polygon")}
assert marks == screen, ("marked on screen, not in the export", sorted(screen - marks)[:5],
                         "in the export, not on screen", sorted(marks - screen)[:5])
texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
assert line in texts, ("the screen's line is not in the export", line, texts[:6])
assert not [t for t in texts if t and t.startswith("PTX ISA")], "the export says PTX ISA under measured data"
print(len(marks), "marks;", line)
PY

# The PNG (the finding's format), when this build writes PNG: the corner's green inside each
# corner the SVG draws (its centroid, scaled from points to the PNG's pixels).
if ldd "$APP" 2>/dev/null | grep -q cairo; then
  click $(centre_of "s['widgets']['export_format']")
  wait_for "'export_format:PNG' in s['widgets']"
  click $(centre_of "s['widgets']['export_format:PNG']")
  wait_for "$D['format'] == 'PNG'"
  type_into export_path "$D['path']" "$WORK/marks.png" "$D['path'] == '$WORK/marks.png'"
  click $(centre_of "s['widgets']['export_ok']")
  for _ in $(seq 100); do [ -s "$WORK/marks.png" ] && break; sleep 0.1; done
  [ -s "$WORK/marks.png" ] || fail "File > Export wrote no $WORK/marks.png"
  sleep 0.5
  python3 - "$WORK/marks.svg" "$WORK/marks.png" "$(dirname "$0")" <<'PY' || fail "the PNG export lacks the marks"
import sys, xml.etree.ElementTree as ET
sys.path.insert(0, sys.argv[3])
from png_rows import png_rows
root = ET.parse(sys.argv[1]).getroot()
polys = [[tuple(map(float, p.split(","))) for p in e.get("points").split()]
         for e in root.iter("{http://www.w3.org/2000/svg}polygon")]
import struct
w, h = struct.unpack(">II", open(sys.argv[2], "rb").read(24)[16:24])
k = w / float(root.get("width").rstrip("pt"))
_, bpp, rows = png_rows(sys.argv[2], min(h - 1, int(max(y for p in polys for _, y in p) * k) + 1))
green = 0
for p in polys:
    x, y = sum(a for a, _ in p) / 3 * k, sum(b for _, b in p) / 3 * k
    px = rows[int(y)][int(x) * bpp:int(x) * bpp + 3]
    green += tuple(px) == (80, 200, 120)
print(green, "of", len(polys), "corners green in the PNG (scale", k, ")")
sys.exit(0 if polys and green == len(polys) else 1)
PY
fi
app_alive || fail "fragviz exited after the exports"
quit_app
echo "PASS"
