#!/usr/bin/env bash
# File > Export draws what was on screen by default (issue 22: the default palette was the
# document's white while the window is dark): with a fresh configuration the exported SVG's ground is
# the window's own background (assets/palette.json's "screen"); the dialog still offers the
# document's (its "document (light)" choice: a white ground, palette.json's "document"), and the
# choice outlives a restart (settings.json's export_palette).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
D="s['export_dialog']"

# ground FILE: the fill of the SVG's first rect, the picture's ground.
ground() {
  python3 -c "import sys, xml.etree.ElementTree as ET
r = next(ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}rect'))
print(r.get('fill').lower())" "$1"
}
# paper NAME: palette.json's background of that paper, lower case.
paper() {
  python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]]['background'].lower())" \
    "$SRC/assets/palette.json" "$1"
}

# export_to FILE: the open dialog's whole view written to FILE.
export_to() {
  click $(centre_of "s['widgets']['export_part_whole']")
  wait_for "$D['part'] == 'whole'"
  type_into export_path "$D['path']" "$1" "$D['path'] == '$1'"
  click $(centre_of "s['widgets']['export_ok']")
  for _ in $(seq 100); do [ -s "$1" ] && break; sleep 0.1; done
  [ -s "$1" ] || fail "File > Export wrote no $1"
}

start_app --no-device
wait_for "s['fragments_view']['cells_drawn'] > 0"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
export_to "$WORK/default.svg"
[ "$(ground "$WORK/default.svg")" = "$(paper screen)" ] ||
  fail "the default export's ground is $(ground "$WORK/default.svg"), not the screen's $(paper screen)"

click $(centre_of "s['widgets']['export_palette']")
wait_for "'export_palette:light' in s['widgets']"
click $(centre_of "s['widgets']['export_palette:light']")
wait_for "not $D['dark']"
export_to "$WORK/document.svg"
[ "$(ground "$WORK/document.svg")" = "$(paper document)" ] ||
  fail "the document palette's ground is $(ground "$WORK/document.svg"), not $(paper document)"
xdotool key Escape
wait_for "'export_path' not in s['widgets']"
quit_app
grep -q '"export_palette": "light"' "$WORK/cfg/settings.json" ||
  fail "settings.json does not keep the document palette: $(grep export_palette "$WORK/cfg/settings.json")"

start_app --no-device
wait_for "s['fragments_view']['cells_drawn'] > 0"
open_export || fail "Ctrl+E did not open the Export dialog after the restart"
wait_for "not $D['dark']" 5 || fail "the document palette chosen before the restart is not kept"
xdotool key Escape
quit_app
echo "PASS"
