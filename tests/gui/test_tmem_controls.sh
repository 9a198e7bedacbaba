#!/usr/bin/env bash
# The Tensor memory window's controls after a newcomer test (issue 26):
#  1. taddr lane: typed next to the shape, the access moves there. Warp 0 at lane 16: .16x256b's
#     thread 0, register 0 (lane 0, column 0 from taddr, PTX ISA Figure 186) is at lane 16, and the
#     window says lanes 16-31 of sub-partition 0; lane 20 would touch lanes 20-35, outside warp 0's
#     0-31: refused in the words fragviz-cli tmem --lane 20 prints.
#  2. The sub-partition names ("w0,4..28") are drawn on a chip of their colour in black or white,
#     whichever reads on it (lane 18's navy read as nothing on the dark window), and stay in the
#     view, with the column numbers, while the grid scrolls under them (.16x256b.x32: 256 columns).
#  3. The accumulator's M picker filters as you type ("25" leaves 256; Enter takes it).
#  4. Both modes' choices come back after a restart, not only the mode shown.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
# A wide access to start from (.16x256b.x32: 256 columns), the window open.
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}, "tmem": "ld shape=16x256b num=32 warp=0"}
JSON
start_app --no-device
T="s['tmem']"
wait_for "$T['open'] and $T['ok'] and $T['controls'] == 'ld shape=16x256b num=32 warp=0' and 'tmem_lane' in s['widgets']"

enter_number tmem_lane 16 "$T['controls'] == 'ld shape=16x256b num=32 warp=0 lane=16'"
wait_for "$T['ok'] and $T['lane_base'] == 16 and $T['cells']['16,0'] == 'T0 r0' and '0,0' not in $T['cells']"
wait_for "$T['reach'].startswith('taddr lane 16 reaches lanes 16-31 of sub-partition 0')"
enter_number tmem_lane 20 "$T['controls'] == 'ld shape=16x256b num=32 warp=0 lane=20'"
wait_for "not $T['ok']"
cli_err=$("$CLI" tmem --shape 16x256b --num x32 --lane 20 2>&1 >/dev/null)
[ "$cli_err" = "fragviz-cli tmem: refused: $(q "$T['error']")" ] ||
  fail "the window's refusal is not the CLI's: '$(q "$T['error']")' vs '$cli_err'"
[ "$(q "$T['error']")" = "warp 0 (warp id % 4 = 0) reaches TMEM lanes 0-31 only; .16x256b at lane 20 touches lanes 20-35" ] ||
  fail "refusal: $(q "$T['error']")"
enter_number tmem_lane -1 "$T['controls'] == 'ld shape=16x256b num=32 warp=0' and $T['ok']"

# Zoomed to its labels, the grid scrolls both ways.
click $(centre_of "s['widgets']['tmem_labels']")
read -r GX GY < <(q "int(s['widgets']['tmem_view'][0] + s['widgets']['tmem_view'][2] / 2), int(s['widgets']['tmem_view'][1] + s['widgets']['tmem_view'][3] / 2)" | tr -d '(),')
xdotool mousemove --window "$WID" "$GX" "$GY"
for _ in $(seq 8); do xdotool click 5; sleep 0.05; done
for _ in $(seq 8); do xdotool keydown shift click 5 keyup shift; sleep 0.05; done
sleep 0.5
wait_for "$T['grid']['scroll'][0] > 0 and $T['grid']['scroll'][1] > 0"
python3 - "$STATE" <<'PY' || fail "the sub-partition names or column numbers left the view, or do not read"
import json, sys
s = json.load(open(sys.argv[1]))
t, v = s['tmem'], s['widgets']['tmem_view']
g = t['grid']
assert g['x'] < v[0] and g['y'] < v[1], ("the grid did not scroll under the view's edges", g, v)
assert v[0] - 1 <= g['lane_band_x'] < v[0] + 4, ("lane band", g['lane_band_x'], v)
assert v[1] - 1 <= g['column_band_y'] < v[1] + 4, ("column band", g['column_band_y'], v)
assert g['sub_labels'], "no sub-partition name in view"
def lin(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
def lum(h):
    r, gg, b = (int(h[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(gg) + 0.0722 * lin(b)
for l in g['sub_labels']:
    x, y, w, h = l['rect']
    assert v[0] - 1 <= x and x + w <= v[0] + v[2] + 1 and v[1] - 1 <= y < v[1] + v[3], (l, v)
    assert y >= g['column_band_y'] + 1, ("a name under the column band", l, g['column_band_y'])
    # Black or white by the fill's luma (palette.hpp's rule), never the lane colour on the window.
    r, gg, b = (int(l['fill'][i:i + 2], 16) for i in (1, 3, 5))
    want = '#000000' if (0.299 * r + 0.587 * gg + 0.114 * b) / 255 > 0.55 else '#FFFFFF'
    assert l['ink'] == want, l
    hi, lo = sorted((lum(l['ink']), lum(l['fill'])), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 2.5, ("contrast", l)
print("labels at", g['lane_band_x'], g['column_band_y'], [l['text'] for l in g['sub_labels']])
PY

# The accumulator's M: the list filters as you type.
click $(centre_of "s['widgets']['tmem_mode_accumulator']")
wait_for "$T['controls'] == 'accumulator m=128 n=64 cta_group=1 cta=0'"
click $(centre_of "s['widgets']['tmem_m']")
wait_for "'tmem_m_filter' in s['widgets'] and 'tmem_m:64' in s['widgets']"
xdotool type --delay 40 "25"
wait_for "'tmem_m:64' not in s['widgets'] and 'tmem_m:128' not in s['widgets'] and 'tmem_m:256' in s['widgets']"
xdotool key Return
wait_for "$T['controls'].startswith('accumulator m=256')"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks a mode's choices"
import json, sys
s = json.load(open(sys.argv[1]))
assert s['tmem'].startswith('accumulator m=256'), s['tmem']
assert s['tmem_accumulator'] == s['tmem'], s
assert s['tmem_ld'] == 'ld shape=16x256b num=32 warp=0', s['tmem_ld']
PY
start_app --no-device
wait_for "$T['open'] and $T['controls'].startswith('accumulator m=256')"
click $(centre_of "s['widgets']['tmem_mode_ld']")
wait_for "$T['controls'] == 'ld shape=16x256b num=32 warp=0'"
quit_app
echo "PASS"
