#!/usr/bin/env bash
# The instruction picker shows every name whole (issue 26: the .kind::mxf4nvf4 .block_scale names,
# ~80 characters, ran under their "sm_120a" tags). Filtered to mxf4nvf4, each entry's name ends
# left of its tag, and the popup holds both; the longest of them, the 4X ue4m3 one, is listed.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
LONG=mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['instruction_combo']")
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)" && break
  sleep 0.3
done
wait_for "s['picker_open']"
xdotool type --delay 40 "mxf4nvf4"
wait_for "s['instruction_filter'] == 'mxf4nvf4' and 'instr_name:$LONG' in s['widgets'] and 'instr_tag:$LONG' in s['widgets']"
cat >"$WORK/fits.py" <<'PY'
import json, sys
w = json.load(open(sys.argv[1]))['widgets']
names = [k[len('instr_name:'):] for k in w if k.startswith('instr_name:')]
assert names and all('mxf4nvf4' in n for n in names), names
pop = w['instruction_popup']
for n in names:
    name, tag = w['instr_name:' + n], w['instr_tag:' + n]
    assert name[0] + name[2] < tag[0], (n, name, tag)            # the name ends before its tag
    assert tag[0] + tag[2] <= pop[0] + pop[2] + 1, (n, tag, pop)  # and the tag is inside the popup
PY
# A few frames for the popup to fit its new width.
ok=0
for _ in $(seq 20); do
  python3 "$WORK/fits.py" "$STATE" 2>/dev/null && { ok=1; break; }
  sleep 0.2
done
[ "$ok" = 1 ] || { python3 "$WORK/fits.py" "$STATE"; fail "a picker name runs under its tag or out of the popup"; }
xdotool key Escape
wait_for "not s['picker_open']"
quit_app
echo "PASS"
