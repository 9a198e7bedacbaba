#!/usr/bin/env bash
# The Tensor memory view's zoom (newcomer issue 22). Its readout said "1.00x fit", read as "it
# fits": it now says the zoom alone (zoom 1.00x, "fit" the button beside it). And "fit" drew a wide
# access (.16x256b.x32: 256 columns) whole in the view's width, a sliver of 1-px lanes nobody could
# read: fit keeps every lane in the view's height (all four sub-partitions, issue 26) and the
# columns scroll sideways, as the fragments view's fit keeps its rows readable and scrolls.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}, "tmem": "ld shape=16x256b num=32 warp=0"}
JSON
start_app --no-device
T="s['tmem']"
wait_for "$T['open'] and $T['ok'] and $T['columns'] == 256 and $T['lanes'] == 128 and 'tmem_fit' in s['widgets']"
click $(centre_of "s['widgets']['tmem_labels']")
wait_for "$T['grid']['zoom'] > 1"
wait_for "s['zoom_readouts']['tmem'] == '%.2fx' % $T['grid']['zoom']" 5 ||
  fail "the zoom readout is '$(q "s['zoom_readouts'].get('tmem')")' at zoom $(q "$T['grid']['zoom']")"
click $(centre_of "s['widgets']['tmem_fit']")
wait_for "$T['grid']['zoom'] == 1"
wait_for "s['zoom_readouts']['tmem'] == '1.00x'" 5 || fail "the readout at fit is '$(q "s['zoom_readouts'].get('tmem')")'"
python3 - "$STATE" <<'PY' || fail "fit drew the wide access as a sliver, or not every lane"
import json, sys
s = json.load(open(sys.argv[1]))
t = s['tmem']
g = t['grid']
x, y, w, h = s['widgets']['tmem_view']
print("fit: cell %.2f x %.2f px in a view of %.0f x %.0f" % (g['cw'], g['ch'], w, h))
# Every lane in the view's height, filling it (less its column numbers and scroll bar)...
assert 128 * g['ch'] <= h and 128 * g['ch'] >= 0.8 * (h - 40), ("the lanes do not fill the height", g, h)
# ...and the 256 columns run on past its width: the view scrolls sideways.
assert 256 * g['cw'] > w, ("every column squeezed into the width", g, w)
PY
PY
quit_app
echo "PASS"
