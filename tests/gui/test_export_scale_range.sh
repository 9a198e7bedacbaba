#!/usr/bin/env bash
# File > Export's "Pixels per point (PNG)": a value typed after Ctrl+click is kept in the one PNG
# scale range (0.5 to 8, export/writers.hpp, which fragviz-cli export --scale also reads): 1000
# becomes 8, 0 becomes 0.5, and settings.json never holds a scale the loader would refuse. The
# dialog says so beside the field (issue 22: the clamp was silent): "1000 is past 0.5 to 8: kept at
# 8"; a value in the range says nothing, and no control of the dialog moves for the note.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

ldd "$APP" 2>/dev/null | grep -q cairo || { echo "note: built without cairo (no PNG); skipped"; exit 77; }
start_app --no-device
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
click $(centre_of "s['widgets']['export_format']")
wait_for "'export_format:PNG' in s['widgets']"
click $(centre_of "s['widgets']['export_format:PNG']")
wait_for "s['export_dialog']['format'] == 'PNG'"

# type_scale TEXT WANT: Ctrl+click the slider (Ctrl held over frames: ImGui 1.86 has no key queue),
# select its text, type TEXT, Enter, until the dialog holds WANT.
type_scale() {
  local _ i
  for _ in 1 2 3; do
    read -r x y < <(centre_of "s['widgets']['export_scale']")
    xdotool mousemove --window "$WID" "$x" "$y" sleep 0.2 keydown ctrl sleep 0.2 click 1 sleep 0.3 keyup ctrl sleep 0.2
    xdotool keydown ctrl sleep 0.2 keydown a sleep 0.2 keyup a sleep 0.1 keyup ctrl sleep 0.2
    xdotool type --delay 60 -- "$1"
    sleep 0.2
    xdotool key Return
    for i in $(seq 20); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['export_dialog']['scale'] == $2 else 1)" && return 0
      sleep 0.1
    done
  done
  fail "typing $1 into Pixels per point: the dialog holds $(q "s['export_dialog']['scale']"), want $2"
}
OK0=$(q "s['widgets']['export_ok']")
type_scale 1000 8.0
wait_for "s['export_dialog']['scale_note'] == '1000 is past 0.5 to 8: kept at 8' and 'export_scale_note' in s['widgets']" 5 ||
  fail "typing 1000 says '$(q "s['export_dialog']['scale_note']")' beside the field"
[ "$(q "s['widgets']['export_ok']")" = "$OK0" ] || fail "the note moved the Export button"
type_scale 0 0.5
wait_for "s['export_dialog']['scale_note'] == '0 is past 0.5 to 8: kept at 0.5'" 5 ||
  fail "typing 0 says '$(q "s['export_dialog']['scale_note']")' beside the field"
type_scale 3 3.0
wait_for "s['export_dialog']['scale_note'] == '' and 'export_scale_note' not in s['widgets']" 5 ||
  fail "a scale in the range still says '$(q "s['export_dialog']['scale_note']")'"
type_scale 0 0.5
xdotool key Escape
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json: export_scale is not 0.5"
import json, sys
v = json.load(open(sys.argv[1]))["export_scale"]
assert v == 0.5, v
PY
echo "PASS"
