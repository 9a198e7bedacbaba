#!/usr/bin/env bash
# The warpgroup view's "Visible region" is what the user can see (issue 22): with the warpgroup
# window open in a window smaller than the views' minimum the canvas scrolls, and the warpgroup
# window runs past the bottom of the views' area. Its rows there are off screen, yet the Export
# dialog's "Visible region" listed them. Each grid's visible rows must be those that meet the
# views' area with half or more of them (the dump's layout.view: under the status strip, above the
# canvas's scroll bar), worked out here from the grid's origin and row height; the Export dialog
# says the same rows.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
W="s['hopper']['warpgroup']"

mkdir -p "$WORK/cfg"
# At 1x (the zoom saved for the entry the default mma.sync form's types give): A and D side by
# side in the window's width, as the rows below want (the view opens at its labelled zoom otherwise).
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true},
 "zoom": {"warpgroup": {"for": "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", "zoom": 1}}}
JSON
# 1000 wide: under the 1024 minimum, so the canvas has its bottom scroll bar over the window's last
# 14 pixels; 700 high: shorter than the views' least heights, so it scrolls vertically too.
APP_SIZE=1000x700 start_app --no-device
wait_for "s['hopper']['windows']['warpgroup'] and $W['drawn'] and 'C' in s['warpgroup_visible'] and '##layout_vscroll' in s['widgets']" 20
wait_for "s['layout']['scroll_bars'] == [True, True] and $W['zoom'] == 1"
# Scroll the canvas (the wheel over its vertical bar) until A's rows cross the views' bottom edge
# with rows under the bottom scroll bar: those are off screen.
straddles="(lambda g, v: g['origin'][1] + 2 * g['cell'][1] < v[1] + v[3] and g['origin'][1] + 64 * g['cell'][1] > v[1] + v[3] + g['cell'][1])($W['grids']['A'], s['layout']['view'])"
read -r BX BY <<<"$(centre_of "s['widgets']['##layout_vscroll']")"
for _ in $(seq 60); do
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if $straddles else 1)" 2>/dev/null && break
  xdotool mousemove --window "$WID" "$BX" "$BY" click 5
  sleep 0.15
done
xdotool mousemove --window "$WID" "$BX" "$BY"
wait_for "$straddles"
sleep 0.5
python3 - "$STATE" <<'PY' || fail "the warpgroup view's visible rows are not those inside the app's view area"
import json, math, sys
s = json.load(open(sys.argv[1]))
vx, vy, vw, vh = s['layout']['view']
bottom = vy + vh
assert s['display']['pixel_size'][1] > bottom, ("no room under the view area", s['display'], bottom)
for key, grid in (('A', 'A'), ('C', 'D')):
    g = s['hopper']['warpgroup']['grids'][grid]
    (gx, gy), (cw, ch) = g['origin'], g['cell']
    v = s['warpgroup_visible'][key]
    # A row counts where half or more of it is in the area (its centre inside: visible_region.hpp).
    first = max(0, math.ceil((vy - gy) / ch - 0.5))
    last = min(63, math.floor((bottom - gy) / ch - 0.5))
    assert v['rows'] == [first, last], (grid, v, [first, last], gy, ch, bottom)
    print(f"{grid}: rows {v['rows']} of 64 in view (view area to y {bottom:.0f}, grid from y {gy:.0f}, rows {ch:.0f} px)")
PY
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
click $(centre_of "s['widgets']['export_view']")
wait_for "'export_view_filter' in s['widgets']"
xdotool type --delay 40 "warpgroup"
xdotool key Return
wait_for "s['export_dialog']['view'] == 'warpgroup'"
python3 - "$STATE" <<'PY' || fail "the Export dialog's visible region is not the rows in view"
import json, re, sys
s = json.load(open(sys.argv[1]))
text = s['export_dialog']['visible_region']
# "Visible region: A rows 0-5, cols 0-15; D rows 0-5, cols 0-63": every grid in view, each its rows.
blocks = re.findall(r"(A|D) rows (\d+)-(\d+)", text)
assert blocks, text
for grid, first, last in blocks:
    v = s['warpgroup_visible']['A' if grid == 'A' else 'C']
    assert [int(first), int(last)] == v['rows'] and v['rows'][1] < 63, (text, v)
print(text)
PY
xdotool key Escape
quit_app
echo "PASS"
