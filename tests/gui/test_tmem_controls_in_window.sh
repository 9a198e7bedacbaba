#!/usr/bin/env bash
# Newcomer issue 22: at 1600x1000 the Tensor memory window's "taddr lane" field ran past the window's
# right edge ("taddr" cut off). Each control of the ld/st row, and of the tcgen05.cp row, lies inside
# the window (its rectangle less the window's 8 px padding and, where it scrolls, its 14 px bar).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}}
JSON
start_app --no-device
wait_for "s['tmem']['open'] and 'tmem_lane' in s['widgets']"
sleep 0.5
inside() {
  python3 - "$STATE" "$@" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
win = next(v for k, v in s['windows'].items() if k.startswith('Tensor memory'))
x, y, w, h = win['rect']
right = x + w - 8 - (14 if win['scroll_max'][1] > 0 else 0)
bad = []
for k in sys.argv[2:]:
    r = s['widgets'][k]
    print("%s: %.0f-%.0f (window's inside ends at %.0f)" % (k, r[0], r[0] + r[2], right))
    if r[0] + r[2] > right + 0.5 or r[0] < x:
        bad.append(k)
sys.exit(1 if bad else 0)
PY
}
inside tmem_shape tmem_num tmem_pack16 tmem_warp tmem_lane || fail "an ld/st control runs past the window's right edge"
click $(centre_of "s['widgets']['tmem_mode_cp']")
wait_for "'tmem_cp_column' in s['widgets']"
sleep 0.3
inside tmem_cp_shape tmem_cp_lane tmem_cp_column || fail "a tcgen05.cp control runs past the window's right edge"
quit_app
echo PASS
