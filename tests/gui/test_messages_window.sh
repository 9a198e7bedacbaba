#!/usr/bin/env bash
# Every settings message can be read in the app, not only the first (newcomer round 6: the status
# strip showed one of many, "(and 11 more)", in a tooltip taller than the window). A settings
# file with twelve faults: the strip's "messages" button opens the Messages window, which shows
# each of them in full (state dump "messages.shown" equals "settings_notices"), inside the
# window; Close closes it. And a session that changes nothing leaves settings.json byte for byte
# as it was: the user's order, spacing and a "windows" that is no object (it was rewritten).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{ "version": 1, "format": "fragviz-settings",
  "width_halves": 1e400, "pad_halves": 9999, "selected_lane": 99, "trans": "yes",
  "swizzle": "diagonal", "ldmatrix_num": "x3", "windows": [1, 2, 3], "output_colour": "plaid",
  "gate": {"n": 7, "seed": -1, "sed": 2},
  "layout": {"enabled": false, "write": "(8,8):(1,", "writ": "x"} }
JSON
before=$(cksum <"$WORK/cfg/settings.json")
start_app --no-device
wait_for "len(s['settings_notices']) >= 12 and 'messages_button' in s['widgets']"
echo "$(q "len(s['settings_notices'])") settings notices"
click $(centre_of "s['widgets']['messages_button']")
wait_for "s['messages']['open'] and len(s['messages']['shown']) == len(s['settings_notices'])"
wait_for "'messages_window' in s['widgets']"
python3 - "$STATE" <<'PY' || fail "the Messages window does not show every notice inside the window"
import json, sys
s = json.load(open(sys.argv[1]))
assert s['messages']['shown'] == s['settings_notices'], (s['messages']['shown'], s['settings_notices'])
W, H = s['display']['pixel_size']
x, y, w, h = s['widgets']['messages_window']
assert x >= 0 and y >= 0 and x + w <= W and y + h <= H, ([x, y, w, h], W, H)
for want in ('1e400', 'gate.sed', 'layout.writ', 'layout.write', 'windows is an array'):
    assert any(want in m for m in s['messages']['shown']), want
print("messages window", [round(v) for v in (x, y, w, h)], "of", W, "x", H)
PY
screenshot_not_blank "$WORK/messages.png"
click $(centre_of "s['widgets']['messages_close']")
wait_for "not s['messages']['open'] and s['messages']['shown'] == []"
quit_app
after=$(cksum <"$WORK/cfg/settings.json")
[ "$before" = "$after" ] || fail "settings.json changed though nothing was: $(cat "$WORK/cfg/settings.json")"
echo "settings.json unchanged"
echo "PASS"
