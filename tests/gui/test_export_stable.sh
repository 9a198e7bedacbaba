#!/usr/bin/env bash
# The Export dialog keeps its controls in place (newcomer round 9: the "wrote ..." line appeared at
# its top and PNG's "Pixels per point" row came and went, so a second click landed on another
# control): after an export, an "exists: Overwrite?", a change of format, palette or view, every
# control is where it was when the dialog opened. Rows that do not apply are disabled, not hidden.
# Then the bank view cropped on the dark (screen) palette, written and read back.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
for _ in 1 2 3; do
  xdotool windowfocus --sync "$WID" 2>/dev/null
  xdotool key ctrl+e
  sleep 1
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_path' in s['widgets'] else 1)" && break
done
python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_path' in s['widgets'] else 1)" ||
  { echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"; exit 77; }

CONTROLS="export_view export_format export_palette export_operand export_crop export_crop_rows export_crop_cols export_path export_scale export_ok export_overwrite export_close"
# snap NAME: the controls' rects now, into $WORK/NAME.json; every control must be there.
snap() {
  sleep 0.4
  python3 - "$STATE" "$WORK/$1.json" $CONTROLS <<'PY' || fail "a control of the Export dialog is missing ($1)"
import json, sys
w = json.load(open(sys.argv[1]))['widgets']
missing = [n for n in sys.argv[3:] if n not in w]
assert not missing, missing
json.dump({n: w[n] for n in sys.argv[3:]}, open(sys.argv[2], 'w'))
PY
}
# same NAME: the controls are where they were at the first snap.
same() {
  snap "$1"
  python3 - "$WORK/open.json" "$WORK/$1.json" <<'PY' || fail "the Export dialog's controls moved ($1)"
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
moved = {n: (a[n], b[n]) for n in a if any(abs(x - y) > 0.5 for x, y in zip(a[n][:2], b[n][:2]))}
assert not moved, moved
PY
}
# pick COMBO ITEM: opens the combo and clicks its entry.
pick() {
  click $(centre_of "s['widgets']['$1']")
  wait_for "'$1:$2' in s['widgets']"
  click $(centre_of "s['widgets']['$1:$2']")
  wait_for "'$1:$2' not in s['widgets']"
}
snap open
# The path field has the focus, its name selected: a name of our own, then Export (the button).
xdotool type --delay 30 "$WORK/one.svg"
wait_for "s['export_dialog']['path'] == '$WORK/one.svg'"
click $(centre_of "s['widgets']['export_ok']")
for _ in $(seq 50); do [ -s "$WORK/one.svg" ] && break; sleep 0.1; done
[ -s "$WORK/one.svg" ] || fail "Export wrote no $WORK/one.svg"
wait_for "'export_message' in s['widgets']"
same written
# Export again: the file exists, the dialog asks (Overwrite enabled); the same place still.
click $(centre_of "s['widgets']['export_ok']")
same asked
click $(centre_of "s['widgets']['export_overwrite']")
same overwritten
if ldd "$APP" 2>/dev/null | grep -q cairo; then FMT=PNG; else FMT=TikZ; fi
pick export_format "$FMT"
same "format $FMT"
pick export_palette dark
same "palette dark"
for view in ldmatrix banks warpgroup fragments; do
  pick export_view "$view"
  same "view $view"
done

# The bank view crops too (lines and banks of both its grids, as on screen; no operand), and the dark
# palette is the screen's paper: an export of lines 0-7, banks 0-7 on palette.json's "screen" ground.
pick export_format SVG
pick export_view banks
wait_for "'export_crop' in s['widgets']"
click $(centre_of "s['widgets']['export_crop']")
wait_for "s['export_dialog']['crop'] and s['export_dialog']['view'] == 'banks' and s['export_dialog']['dark']"
same "banks, crop on"
type_into export_path "s['export_dialog']['path']" "$WORK/banks.svg" "s['export_dialog']['path'] == '$WORK/banks.svg'"
click $(centre_of "s['widgets']['export_ok']")
for _ in $(seq 50); do [ -s "$WORK/banks.svg" ] && break; sleep 0.1; done
[ -s "$WORK/banks.svg" ] || fail "Export wrote no $WORK/banks.svg"
python3 - "$WORK/banks.svg" "$SRC/assets/palette.json" <<'PY' || fail "the bank export is not the 8 x 8 crop on the screen's paper"
import json, sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
ids = [r.get("id") for r in root.findall(".//s:rect", ns) if r.get("id")]
assert sorted(ids) == sorted("%s-r%d-c%d" % (g, r, c) for g in ("unpadded", "padded") for r in range(8) for c in range(8)), ids[:4]
screen = json.load(open(sys.argv[2]))["screen"]
assert root.find("s:rect", ns).get("fill").lower() == screen["background"].lower()
PY
app_alive || fail "fragviz exited"
echo "PASS"
