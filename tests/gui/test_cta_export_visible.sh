#!/usr/bin/env bash
# File > Export of the CTA tile and Tensor memory windows writes what is on screen (issue 25; the
# CTA export drew the whole tile, some 6000 x 8000 pixels, whatever the window showed). The CTA
# window's grids do not fit it, so the dialog opens on "Visible region" and the SVG's cells are
# exactly the rows and columns of the grid it names, as the state dump's cta_tile.visible records
# them, each labelled as on screen ("T<thread> V<value>" from the dump's cells). The Tensor memory
# window zoomed in: its visible region's lanes and columns, exactly.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"

# export_to FILE: types FILE into the open dialog's path and presses Enter, until the file is there.
export_to() {
  type_into export_path "s['export_dialog']['path']" "$1" "s['export_dialog']['path'] == '$1'"
  xdotool key Return
  for _ in $(seq 50); do [ -s "$1" ] && break; sleep 0.1; done
  [ -s "$1" ] || fail "File > Export wrote no $1 ($(q "s['export_dialog']"))"
}

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and len($C['visible']) == 3"
# Tiled under the bank view, the window shows its fields first: the grids are scrolled into view.
cta_grids_until "any(v['rows'] is not None for v in $C['visible'].values())"
open_export || fail "the Export dialog did not open"
wait_for "s['export_dialog']['view'] == 'cta' and s['export_dialog']['part'] == 'visible'"
export_to "$WORK/cta.svg"
python3 - "$STATE" "$WORK/cta.svg" <<'PY' || fail "the exported CTA grid is not what the window shows"
import json, re, sys, xml.etree.ElementTree as ET
s = json.load(open(sys.argv[1]))
text = s['export_dialog']['visible_region']
m = re.match(r"Visible region: (A|B|C) rows (\d+)-(\d+) \(\d+ rows?\), columns (\d+)-(\d+) \(\d+ columns?\)$", text)
assert m, text
op = m.group(1)
vis = s['cta_tile']['visible'][op]
rows, cols = vis['rows'], vis['cols']
assert [int(m.group(2)), int(m.group(3))] == rows and [int(m.group(4)), int(m.group(5))] == cols, (text, vis)
# Part of the tile is hidden (the sm80 preset's C alone is 128 x 128 cells).
assert any(v['rows'] != [0, v['of'][0] - 1] or v['cols'] != [0, v['of'][1] - 1] for v in s['cta_tile']['visible'].values())
g = next(g for g in s['cta_tile']['grids'] if g['operand'] == op)
root = ET.parse(sys.argv[2]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
cells = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
want = {f"{op}-r{r}-c{c}" for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)}
assert set(cells) == want, (sorted(set(cells) ^ want)[:8], len(cells), len(want))
if g['threads']:  # grids of up to 4096 cells list their holders
    for i, label in cells.items():
        r, c = map(int, re.match(r".-r(\d+)-c(\d+)$", i).groups())
        k = r * g['cols'] + c
        assert label == f"T{g['threads'][k]} V{g['values'][k]}", (i, label)
print(f"{len(cells)} cells of {op}, rows {rows}, cols {cols}")
PY
xdotool key Escape
wait_for "'export_path' not in s['widgets']"

# The Tensor memory window, zoomed in (Ctrl+wheel over its grid) until some lanes are hidden.
T="s['tmem']"
open_from_view_menu view_tmem "$T['open']"
# Tiled under the CTA tile, the window runs past the window's bottom: the canvas's bar reaches it.
wait_for "$T['ok'] and 'tmem_view' in s['widgets']"
canvas_reveal tmem_view
wait_for "$T['ok'] and $T['visible']['rows'] is not None"
read -r GX GY <<<"$(centre_of "s['widgets']['tmem_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
for _ in $(seq 10); do
  [ "$(q "$T['visible']['rows'] != [0, $T['lanes'] - 1]")" = True ] && break
  xdotool keydown ctrl click 4 keyup ctrl
  sleep 0.3
done
xdotool mousemove --window "$WID" 5 995
wait_for "$T['visible']['rows'] is not None and $T['visible']['rows'] != [0, $T['lanes'] - 1]"
open_export || fail "the Export dialog did not open again"
wait_for "s['export_dialog']['view'] == 'tmem' and s['export_dialog']['part'] == 'visible'"
export_to "$WORK/tmem.svg"
python3 - "$STATE" "$WORK/tmem.svg" <<'PY' || fail "the exported tensor memory is not what the window shows"
import json, sys, xml.etree.ElementTree as ET
s = json.load(open(sys.argv[1]))
v = s['tmem']['visible']
rows, cols = v['rows'], v['cols']
assert s['export_dialog']['visible_region'] == (
    f"Visible region: rows {rows[0]}-{rows[1]} ({rows[1] - rows[0] + 1} rows), "
    f"columns {cols[0]}-{cols[1]} ({cols[1] - cols[0] + 1} columns)"), s['export_dialog']['visible_region']
ns = {"s": "http://www.w3.org/2000/svg"}
ids = [r.get("id") for r in ET.parse(sys.argv[2]).getroot().findall(".//s:rect", ns) if r.get("id")]
want = {f"TMEM-r{r}-c{c}" for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)}
assert set(ids) == want and len(ids) == len(want), (sorted(set(ids) ^ want)[:8], len(ids), len(want))
print(f"{len(ids)} TMEM cells, lanes {rows}, columns {cols}")
PY
app_alive || fail "fragviz exited after an export"
quit_app
echo "PASS"
