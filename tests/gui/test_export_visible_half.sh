#!/usr/bin/env bash
# File > Export's "Visible region" is one rule (issue 22, newcomer round 14: the file held a row the
# screen showed a sliver of): a cell belongs to it when half or more of it is on screen, below the
# sticky column numbers. Zoomed in on the fragments view and scrolled down step by step (from the top
# again one zoom step further in at the end), A's rows in the dump's fragments_view.visible are, at
# every step, those whose centre lies between the column band's bottom and the view's inner bottom
# (its cells' rects, the view's rect less the scroll bar); at a step where the row at the top or
# bottom edge shows less than half, it is left out, and the exported SVG holds the row next to it
# and not it. Each A cell's own "visible" in the dump is the same rule (it said "any part drawn"):
# true exactly for the cells of the region's rows and columns.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

start_app --no-device
wait_for "'label_mode' in s['fragments_view'] and 'A' in s['fragments_view']['visible']"
read -r GX GY <<<"$(centre_of "s['widgets']['fragment_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
zoomed="s['fragments_view']['zoom'] > 3 * s['fragments_view']['readable_zoom']"
for _ in $(seq 10); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($zoomed) else 1)" && break
  xdotool keydown ctrl click 4 keyup ctrl
  sleep 0.3
done
wait_for "$zoomed"

# check_rows: exit 0 and print "sliver ROW" (the bottom row shows 5-45% of it), "mostly ROW"
# (55-95%) or "plain"; exit 1 where the dump's rows of A differ from the rule's.
check_rows() {
  python3 - "$STATE" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s['fragments_view']
vx, vy, vw, vh = s['widgets']['fragment_view']
bar = 14  # the scroll bar along the view's bottom where it scrolls sideways
bottom = vy + vh - (bar if f['scroll_max'][0] > 0 else 0)
top, _ = f['label_bands']['A']
top = max(vy, top + 18) if top is not None else vy  # the column band is 18 px tall
rows = {}
for c in s['cells']['A']:
    if c['product'] == 0:
        rows[c['row']] = (c['rect'][1], c['rect'][3])
if any(abs(y + h / 2 - lim) < 1 for y, h in rows.values() for lim in (top, bottom)):
    print("plain")  # a centre on the edge: either answer holds
    sys.exit(0)
want = [r for r, (y, h) in sorted(rows.items()) if top <= y + h / 2 <= bottom]
got = f['visible']['A']['rows']
want = [want[0], want[-1]] if want else None
if got != want:
    print("A rows in view", got, "the rule's", want, "top", top, "bottom", bottom, file=sys.stderr)
    sys.exit(1)
region = f['visible']['A']
flagged = {(c['row'], c['col']) for c in s['cells']['A'] if c['product'] == 0 and c['visible']}
spans = {(r, c) for r in range(region['rows'][0], region['rows'][1] + 1)
         for c in range(region['cols'][0], region['cols'][1] + 1)} if region['rows'] else set()
if flagged != spans:
    print("cells flagged visible but out of the region:", sorted(flagged - spans)[:5],
          "in it but not flagged:", sorted(spans - flagged)[:5], file=sys.stderr)
    sys.exit(1)
# The row the view's top or bottom edge cuts, and how much of it shows.
for r, (y, h) in sorted(rows.items()):
    part = (min(bottom, y + h) - max(top, y)) / h
    if (y < bottom < y + h or y < top < y + h) and 0.05 < part < 0.45:
        print("sliver", r, "top" if y < top < y + h else "bottom")
        sys.exit(0)
    if (y < bottom < y + h or y < top < y + h) and 0.55 < part < 0.95:
        print("mostly", r)
        sys.exit(0)
print("plain")
PY
}

sliver=""
side=""
mostly=""
last=""
for _ in $(seq 60); do
  out=$(check_rows) || fail "the dump's visible rows (or cells) of A are not those half or more on screen"
  echo "scroll $(q "s['fragments_view']['scroll']") zoom $(q "s['fragments_view']['zoom']"): $out"
  case "$out" in
    sliver*) read -r _ sliver side <<<"$out" ;;
    mostly*) mostly=${out#mostly } ;;
  esac
  [ -n "$mostly" ] && [ "${out%% *}" = sliver ] && break
  now=$(q "s['fragments_view']['scroll'][1]")
  if [ "$now" = "$last" ]; then  # at the end: from the top again, one zoom step in
    for _ in $(seq 10); do xdotool click 4; done
    xdotool keydown ctrl click 4 keyup ctrl
    last=""
  else
    last=$now
    xdotool click 5
  fi
  sleep 0.4
done
[ -n "$mostly" ] || fail "no scroll step left the edge row mostly in view"
[ -n "$sliver" ] && [ "$(check_rows)" = "sliver $sliver $side" ] || fail "no scroll step left a sliver of a row in view"
xdotool mousemove --window "$WID" 5 995
sleep 0.3
[ "$(check_rows)" = "sliver $sliver $side" ] || fail "the view moved"

if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
wait_for "s['export_dialog']['view'] == 'fragments' and s['export_dialog']['part'] == 'visible'"
type_into export_path "s['export_dialog']['path']" "$WORK/half.svg" "s['export_dialog']['path'] == '$WORK/half.svg'"
xdotool key Return
for _ in $(seq 50); do [ -s "$WORK/half.svg" ] && break; sleep 0.1; done
[ -s "$WORK/half.svg" ] || fail "File > Export wrote no $WORK/half.svg"
python3 - "$WORK/half.svg" "$sliver" "$side" <<'PY' || fail "the export holds the row shown as a sliver, or not the one next to it"
import re, sys, xml.etree.ElementTree as ET
row, side = int(sys.argv[2]), sys.argv[3]
ids = [r.get("id") for r in ET.parse(sys.argv[1]).getroot().iter() if r.tag.endswith("rect") and r.get("id")]
a_rows = {int(m.group(1)) for i in ids for m in [re.match(r"A-r(\d+)-c\d+$", i)] if m}
assert row not in a_rows, ("the sliver row is in the file", row, sorted(a_rows))
inner = row - 1 if side == "bottom" else row + 1
assert inner in a_rows, ("the row next to it is not", inner, sorted(a_rows))
print(f"A rows {min(a_rows)}-{max(a_rows)} exported; row {row}, a sliver on screen, left out")
PY
app_alive || fail "fragviz exited after an export"
quit_app
echo "PASS: the visible region holds the cells half or more on screen, the export too"
