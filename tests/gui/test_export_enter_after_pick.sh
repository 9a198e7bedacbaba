#!/usr/bin/env bash
# File > Export: Enter exports after a pick from a picker too (newcomer round 15: Ctrl+E, Format ->
# SVG, Enter wrote nothing, though the dialog says "press Export (Enter)"; only Enter in the File
# field worked). The Enter that picks in an open picker does not export by itself.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
click $(centre_of "s['widgets']['export_format']")
wait_for "'export_format:SVG' in s['widgets']"
click $(centre_of "s['widgets']['export_format:SVG']")
wait_for "s['export_dialog']['format'] == 'SVG' and not s['export_dialog']['picker_open']"
path=$(q "s['export_dialog']['path']")
case "$path" in /*) ;; *) path="$HOME/$path" ;; esac
rm -f "$path"
sleep 0.3
[ -e "$path" ] && fail "the pick alone wrote $path"
xdotool key Return
for _ in $(seq 50); do [ -s "$path" ] && break; sleep 0.1; done
[ -s "$path" ] || fail "Enter after picking SVG wrote nothing at $path"
grep -q "<svg" "$path" || fail "$path is not an SVG"
app_alive || fail "fragviz exited"
quit_app
echo "PASS: Enter exports after a pick"
