#!/usr/bin/env bash
# The bank view's Layout mode has a visible region too (newcomer round 13: zoomed in and scrolled,
# the dialog said "Visible region (this view has none)" and wrote the whole grid): with the user's
# layout Swizzle<3,3,3> o (64,64):(64,1) (64 lines of 128 bytes) zoomed in so lines fall below the
# view's edge, Ctrl+E opens on the bank view's visible part, names the lines and banks in view as
# the state dump's banks_view.visible["layout"] records them, and the SVG holds exactly those words.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
lv="s['layout_view']"
L="s['banks_view']['visible']['layout']"

wait_for "'banks_layout_mode' in s['widgets'] and not $lv['enabled']"
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "$lv['enabled'] and 'layout_write' in s['widgets']"
type_into layout_write "$lv['write']" "Swizzle<3,3,3> o (64,64):(64,1)" \
  "$lv['write'] == 'Swizzle<3,3,3> o (64,64):(64,1)' and $lv['ready']"
# The grid sits under the Layout mode's fields: the bank window scrolled down (the wheel over its
# fields) until some of it is in view.
wait_for "'layout' in s['banks_view']['visible']"
read -r FX FY <<<"$(centre_of "s['widgets']['layout_write']")"
xdotool mousemove --window "$WID" "$FX" "$FY"
sleep 0.2
for _ in $(seq 30); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($L['rows'] is not None) else 1)" && break
  xdotool click 5
  sleep 0.2
done
wait_for "$L['rows'] is not None" || fail "the layout grid never came into view: $(q "s['banks_view']")"
# Ctrl+wheel over the grid until some of its lines are out of view.
partial="$L['rows'] is not None and ($L['rows'][0] > 0 or $L['rows'][1] < $L['of'][0] - 1)"
read -r GX GY <<<"$(centre_of "s['widgets']['banks_view']")"
xdotool mousemove --window "$WID" "$GX" "$GY"
sleep 0.2
for _ in $(seq 10); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($partial) else 1)" && break
  xdotool keydown ctrl click 4 keyup ctrl
  sleep 0.3
done
xdotool mousemove --window "$WID" 5 995
wait_for "$partial" || fail "zooming in left every line in view: $(q "$L")"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
wait_for "s['export_dialog']['view'] == 'banks' and s['export_dialog']['part'] == 'visible'" ||
  fail "the dialog opened on $(q "s['export_dialog']")"
type_into export_path "s['export_dialog']['path']" "$WORK/layout.svg" "s['export_dialog']['path'] == '$WORK/layout.svg'"
xdotool key Return
for _ in $(seq 50); do [ -s "$WORK/layout.svg" ] && break; sleep 0.1; done
[ -s "$WORK/layout.svg" ] || fail "File > Export wrote no $WORK/layout.svg ($(q "s['export_dialog']"))"
python3 - "$STATE" "$WORK/layout.svg" <<'PY' || fail "the exported layout grid is not what the view shows"
import json, sys, xml.etree.ElementTree as ET
s = json.load(open(sys.argv[1]))
v = s['banks_view']['visible']['layout']
(r0, r1), (c0, c1) = v['rows'], v['cols']
assert r0 > 0 or r1 < v['of'][0] - 1, v
want_text = f"Visible region: layout lines {r0}-{r1}, banks {c0}-{c1}"
assert s['export_dialog']['visible_region'] == want_text, (s['export_dialog']['visible_region'], want_text)
ns = {"s": "http://www.w3.org/2000/svg"}
ids = [r.get("id") for r in ET.parse(sys.argv[2]).getroot().findall(".//s:rect", ns) if r.get("id")]
want = {f"words-r{r}-c{c}" for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
assert set(ids) == want and len(ids) == len(want), (sorted(set(ids) ^ want)[:8], len(ids), len(want))
print(f"lines {r0}-{r1}, banks {c0}-{c1}: {len(ids)} words")
PY
app_alive || fail "fragviz exited after an export"
quit_app
echo "PASS"
