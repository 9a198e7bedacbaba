#!/usr/bin/env bash
# A short fragments view (a Hopper window open below it takes half the middle column) stays
# readable: its fitted cells are at most three times as wide as tall, so the opening zoom gives
# full "T<lane> V<element>" labels in cells of sensible width, not flat cells stretched 4-5 times
# sideways (newcomer round 8: 180 x 14 px cells and an empty view).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"warpgroup": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
F="s['fragments_view']"
wait_for "$F['cells_drawn'] > 0 and $F['zoom'] == $F['readable_zoom']"
python3 - "$STATE" <<'PY' || fail "the short fragments view's cells are not readable"
import json, sys
f = json.load(open(sys.argv[1]))['fragments_view']
w, h = f['cell_size']
assert f['label_mode'] == 'full', f['label_mode']
assert h >= 10 and w <= 3.5 * h, (w, h)
PY
quit_app
echo "PASS"
