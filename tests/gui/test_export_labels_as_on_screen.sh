#!/usr/bin/env bash
# File > Export labels exactly the cells the screen labels at its zoom (issue 22: the bank view's
# picture wrote T<lane> in every word a lane reads, where the screen's words, too small for it,
# said nothing). One rule (viewmodel/cell_labels.hpp) for the screen and the picture:
#  1. The bank view as it opens at 1600x1000: its words hold no label (the dump's label_mode
#     "none"); the exported picture (whole, title and legend off) labels no word, and writes the
#     lines above each grid the screen writes, in its colours (viewmodel/bank_lines.hpp).
#  2. Zoomed in until its words hold "T<lane>": the Visible region's picture labels exactly the words
#     the screen labelled in view (the dump's banks_view.labels), with the same text.
#  3. The fragments view of s8 m16n8k32 after "fit" (cells too small for any label): its picture
#     labels no cell either; zoomed back to "labels", every cell says T<lane> V<element> of the
#     dump's cells.
#  4. The ldmatrix view of the same s8: its picture has the screen's cells (bytes, each of the dump's
#     lane), one label over each run the screen labels, saying what the screen says (the register
#     too where the screen has room for it), and the screen's row-start lanes (the export drew
#     16-bit cells "T<lane> V<element>" whatever the instruction).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
D="s['export_dialog']"
BV="s['banks_view']"

# export_view VIEW PART FILE: File > Export of VIEW (typed into the View picker), title and legend
# off, part PART (whole or visible), written to FILE.
export_view() {
  if ! open_export; then
    echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
    exit 77
  fi
  if [ "$(q "$D['view']")" != "$1" ]; then
    click $(centre_of "s['widgets']['export_view']")
    wait_for "'export_view_filter' in s['widgets']"
    xdotool type --delay 40 "$1"
    wait_for "'export_view:$1' in s['widgets']"
    xdotool key Return
    wait_for "$D['view'] == '$1'"
  fi
  if [ "$(q "$D['title_and_legend']")" = True ]; then
    click $(centre_of "s['widgets']['export_title_and_legend']")
    wait_for "not $D['title_and_legend']"
  fi
  click $(centre_of "s['widgets']['export_part_$2']")
  wait_for "$D['part'] == '$2'"
  type_into export_path "$D['path']" "$3" "$D['path'] == '$3'"
  click $(centre_of "s['widgets']['export_ok']")
  for _ in $(seq 100); do [ -s "$3" ] && break; sleep 0.1; done
  [ -s "$3" ] || fail "File > Export wrote no $3"
  xdotool key Escape
  wait_for "'export_path' not in s['widgets']"
}

# cell_labels FILE: prints {cell id: label} as JSON, a cell's label being the <text> right after its
# <rect id=...> (the SVG writer keeps a cell's label next to it) and anchored inside it.
cell_labels() {
  python3 - "$1" <<'PY'
import json, sys, xml.etree.ElementTree as ET
els = list(ET.parse(sys.argv[1]).getroot().iter())
out = {}
for a, b in zip(els, els[1:]):
    if a.tag.endswith('rect') and a.get('id') and b.tag.endswith('text'):
        x, y, w, h = (float(a.get(k)) for k in ('x', 'y', 'width', 'height'))
        if x <= float(b.get('x')) <= x + w and y <= float(b.get('y')) <= y + h:
            out[a.get('id')] = b.text
print(json.dumps(out))
PY
}

# 1. The bank view as it opens.
start_app --no-device
wait_for "$BV['drawn'] and $BV['label_mode'] == 'none'" ||
  fail "the bank view opens with labelled words (label_mode $(q "$BV['label_mode']")); the test needs small ones"
read -r GX GY <<<"$(centre_of "s['widgets']['banks_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
export_view banks whole "$WORK/banks-small.svg"
L=$(cell_labels "$WORK/banks-small.svg")
python3 -c "import json,sys; l=json.loads(sys.argv[1]); sys.exit(0 if l == {} else 1)" "$L" ||
  fail "the bank picture labels words the screen does not: $(echo "$L" | head -c 300)"
# Its lines above each grid are the screen's, in the screen's colours (the default palette is the
# screen's): the tile, totals, per matrix and the instruction's own A and B loads (newcomer round 18:
# the export left out "A's own / B's own ldmatrix ... wavefronts" and coloured the totals otherwise).
python3 - "$STATE" "$WORK/banks-small.svg" <<'PY' || fail "the bank picture's lines above its grids are not the screen's"
import json, sys, xml.etree.ElementTree as ET
s = json.load(open(sys.argv[1]))
assert s['export_dialog']['dark'], 'the test expects the screen palette (the default)'
lines = s['banks_view']['status_lines']
texts = [(e.text, e.get('fill').upper()) for e in ET.parse(sys.argv[2]).getroot().iter('{http://www.w3.org/2000/svg}text')]
for side, title in (('unpadded', 'Unpadded'), ('padded', 'Padded')):
    screen = [(text, colour.upper()) for text, colour in lines[side]]
    assert any(t.startswith("A's own ldmatrix") for t, _ in screen), ('no A load line on screen', side, screen)
    assert any(t.startswith("B's own ldmatrix") for t, _ in screen), ('no B load line on screen', side, screen)
    i = [t for t, _ in texts].index(title)
    picture = texts[i + 1:i + 1 + len(screen)]
    print(side, 'screen:', screen)
    assert picture == screen, (side, 'picture:', picture)
# The padded tile (pad 8) reads conflict-free: its totals in the screen's green (kGreenV: 0.4, 0.85, 0.5).
assert lines['padded'][1] == [lines['padded'][1][0], '#66D980'], lines['padded'][1]
PY

# 2. Zoomed in until its words hold T<lane>; the visible region's picture says what they say.
xdotool mousemove --window "$WID" "$GX" "$GY"
for _ in $(seq 12); do
  [ "$(q "$BV['label_mode'] == 'owner' and sum(len(v) for v in $BV['labels'].values()) > 0")" = True ] && break
  xdotool keydown ctrl click 4 keyup ctrl
  sleep 0.4
done
wait_for "$BV['label_mode'] == 'owner' and sum(len(v) for v in $BV['labels'].values()) > 0"
sleep 0.5
cp "$STATE" "$WORK/zoomed.json"
xdotool mousemove --window "$WID" "$GX" "$GY"
export_view banks visible "$WORK/banks-zoomed.svg"
python3 - "$WORK/zoomed.json" "$(cell_labels "$WORK/banks-zoomed.svg")" <<'PY' ||
import json, sys
s = json.load(open(sys.argv[1]))
screen = {f"{g}-r{line}-c{bank}": text for g, words in s['banks_view']['labels'].items()
          for line, bank, text in words}
picture = json.loads(sys.argv[2])
print(len(screen), "words labelled on screen,", len(picture), "in the picture")
extra = {k: v for k, v in picture.items() if screen.get(k) != v}
missing = {k: v for k, v in screen.items() if picture.get(k) != v}
print("picture only:", extra, "screen only:", missing)
sys.exit(0 if screen and not extra and not missing else 1)
PY
  fail "the zoomed bank picture's word labels are not the screen's"
quit_app
rm -rf "$WORK/cfg"

# 3. The fragments view: fit (no labels), then "labels" (T<lane> V<element> in every cell).
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
F="s['fragments_view']"
start_app --no-device --instr "$S8"
wait_for "$F['cells_drawn'] > 0"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$F['zoom'] == 1 and $F['label_mode'] == 'none'" ||
  fail "s8 m16n8k32 at fit reads '$(q "$F['label_mode']")'; the test needs cells too small for a label"
read -r GX GY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
export_view fragments whole "$WORK/fragments-fit.svg"
L=$(cell_labels "$WORK/fragments-fit.svg")
python3 -c "import json,sys; l=json.loads(sys.argv[1]); sys.exit(0 if l == {} else 1)" "$L" ||
  fail "the fragments picture at fit labels cells the screen does not: $(echo "$L" | head -c 300)"
click $(centre_of "s['widgets']['fragments_labels']")
wait_for "$F['label_mode'] == 'full'"
cp "$STATE" "$WORK/labelled.json"
xdotool mousemove --window "$WID" "$GX" "$GY"
export_view fragments whole "$WORK/fragments-full.svg"
python3 - "$WORK/labelled.json" "$(cell_labels "$WORK/fragments-full.svg")" <<'PY' ||
import json, sys
s = json.load(open(sys.argv[1]))
want = {f"{op}-r{c['row']}-c{c['col']}": f"T{c['lane']} V{c['element']}" for op in 'ABC' for c in s['cells'][op]}
got = json.loads(sys.argv[2])
bad = {k: (got.get(k), v) for k, v in want.items() if got.get(k) != v}
print(len(want), "cells;", len(bad), "differ", list(bad.items())[:5])
sys.exit(0 if not bad and len(got) == len(want) else 1)
PY
  fail "the labelled fragments picture does not say what the screen's cells say"

# 4. The ldmatrix view of s8: bytes, one label a register run, as the screen draws them.
L="s['ldmatrix_view']"
wait_for "$L['unit_bytes'] == 1 and len($L['cell_labels']) > 0" ||
  fail "the ldmatrix view of s8 has no labelled byte cells: $(q "$L['labels']")"
cp "$STATE" "$WORK/ldmatrix.json"
read -r GX GY <<<"$(centre_of "s['widgets']['ldmatrix_grid']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
export_view ldmatrix whole "$WORK/ldmatrix.svg"
python3 - "$WORK/ldmatrix.json" "$WORK/ldmatrix.svg" <<'PY' ||
import json, re, sys, xml.etree.ElementTree as ET
v = json.load(open(sys.argv[1]))['ldmatrix_view']
els = list(ET.parse(sys.argv[2]).getroot().iter())
cell = lambda i: tuple(int(x) for x in re.fullmatch(r"tile-r(\d+)-c(\d+)", i).groups())
fills, runs, pending = {}, {}, []
for e in els:
    tag, i = e.tag.split('}')[-1], e.get('id') or ''
    if tag == 'rect' and i.startswith('tile-'):
        fills[cell(i)] = e.get('fill').upper()
        pending.append(cell(i))
    elif tag == 'rect' and not i and pending:
        continue  # a register run's outline
    elif tag == 'text' and pending:
        runs[(pending[0][0], pending[0][1], pending[-1][1])] = e.text
        pending = []
    else:
        pending = []
assert len(fills) == v['rows'] * v['cols'], (len(fills), v['rows'], v['cols'])
# Cells of one lane share its colour, two lanes never do: the picture's cells are the screen's lanes.
colour = {}
for (r, c), f in fills.items():
    lane = v['cells'][r * v['cols'] + c][0]
    assert colour.setdefault(lane, f) == f, ('lane', lane, 'in two colours')
assert len(set(colour.values())) == 32, len(set(colour.values()))
screen = {(r, c0, c1): t for r, c0, c1, t, _ in v['cell_labels']}
bad = {}
for k, said in screen.items():
    got = runs.get(k)
    words = said.split()
    lane = words[0] if words[0].startswith('T') else 'T' + words[0]
    if got is None or got.split()[0] != lane or (len(words) > 1 and got != said):
        bad[k] = (said, got)
print(len(screen), 'runs labelled on screen,', len(runs), 'in the picture;', len(bad), 'differ', list(bad.items())[:4])
assert not bad and len(runs) == len(screen) == v['rows'] * v['cols'] // 4, (len(runs), len(screen))
# The row-start lanes the screen names left of its rows, the picture names (title and legend off: no legend).
starts = sorted(lane for _, lane in v['row_labels'] if lane)
texts = sorted(e.text for e in els if e.tag.endswith('text') and re.fullmatch(r"T\d+", e.text or ''))
assert starts and texts == starts, (texts, starts)
PY
  fail "the ldmatrix picture of s8 does not draw the screen's byte cells, labels and row starts"
quit_app
echo "PASS"
