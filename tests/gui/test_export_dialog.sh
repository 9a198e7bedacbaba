#!/usr/bin/env bash
# File > Export (Ctrl+E): the dialog writes the fragments view of the app's current instruction
# (m16n8k8 .f16 at first start) as SVG, read back with Python's XML parser: 128 + 64 + 128 cells
# labelled T<lane> V<element>, A(8,0) = T0 V2 (PTX ISA, m16n8k8 A: a2/a3 at row groupID + 8). A path
# that cannot be written leaves no file and the app running.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

start_app --no-device
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
xdotool type --delay 30 "$WORK/frag.svg"
xdotool key Return
for _ in $(seq 50); do [ -s "$WORK/frag.svg" ] && break; sleep 0.1; done
[ -s "$WORK/frag.svg" ] || fail "File > Export wrote no $WORK/frag.svg"
python3 - "$WORK/frag.svg" <<'PY' || fail "the exported SVG is not the m16n8k8 fragments view"
import sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
assert root.find("s:title", ns).text == "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
ids = [r.get("id") for r in root.findall(".//s:rect", ns) if r.get("id")]
assert sum(i.startswith("A-r") for i in ids) == 128 and sum(i.startswith("B-r") for i in ids) == 64
assert sum(i.startswith("C-r") for i in ids) == 128
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
after = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
assert after["A-r8-c0"] == "T0 V2", after["A-r8-c0"]
PY
app_alive || fail "fragviz exited after an export"
# Ctrl+A then a path in a folder that does not exist: refused, nothing written, the app keeps running.
xdotool key ctrl+a
xdotool type --delay 30 "$WORK/no-such-dir/x.svg"
xdotool key Return
sleep 1
[ -e "$WORK/no-such-dir" ] && fail "an export created a folder"
app_alive || fail "fragviz exited after a failed export"
echo "PASS"
