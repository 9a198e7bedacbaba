#!/usr/bin/env bash
# Newcomer issue 22: at zoom 1.00x the fragments view's instruction summary (the corner above A,
# left of B) was cut behind B's grid where A is narrow: m16n8k4 .tf32's A is 4 columns, and "D = A x
# B + C   (C and D share one layout)" ended at "share one". Each line is wrapped at whole words to
# the corner's width: no text of the view is drawn cut short (the dump's texts, "cut").
source "$(dirname "$0")/lib.sh"
gui_init "$@"
M=mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<JSON
{"format": "fragviz-settings", "version": 1, "instruction": "$M",
 "zoom": {"fragments": {"for": "$M", "zoom": 1}}}
JSON
start_app --no-device
F="s['fragments_view']"
wait_for "s['controls']['instruction'] == '$M' and $F['zoom'] == 1 and len($F['texts']) > 3"
sleep 0.5
python3 - "$STATE" <<'PY' || fail "a text of the fragments view is cut short"
import json, sys
s = json.load(open(sys.argv[1]))
texts = s['fragments_view']['texts']
for t in texts:
    print(("CUT  " if t['cut'] else "     ") + t['text'])
assert any(t['text'].startswith('D = A x B + C') for t in texts), "the summary's D line is not drawn"
assert not any(t['cut'] for t in texts)
PY
quit_app
echo PASS
