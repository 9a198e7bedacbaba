#!/usr/bin/env bash
# The output view draws a run with its own variant's tiling (GateVariantInfo::output), not the seed
# kernel's. A recorded tile-128 run (the three-mismatch report with its variant and n changed) has
# 128x128 blocks of 2x2 warps of 64x64, so in warp colours the elements (10, 10), (40, 10) and
# (10, 40) are all warp 0 and (70, 10) is warp 1; under the seed's 64x64 blocks of 4x2 warps of
# 16x32 they would be warps 0, 2, 4 and 0. Worked by hand, checked on the pixels of a --screenshot.
# Hovering (100, 77) names block (0, 0), warp 3 (rows +64, cols +64), lane 18 and m16n8 tile
# (2, 1) of the warp (gate_output.hpp's figures: groupID 100 % 8 = 4, tid (77 % 8) / 2 = 2).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
REPORT="$WORK/tile-128-report.json"
python3 - "$SRC/tests/fuzz/corpus/report/v2-gate-three-mismatches.json" "$REPORT" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
g = r['gate']
g['request']['variant'] = 'tile-128'
g['request']['n'] = 256
# The rates follow from n and the times (the loader checks them): 2 n^3 / (ms * 1e6).
g['gflops'] = 2 * 256 ** 3 / (g['kernel_ms'] * 1e6)
g['cublas_gflops'] = 2 * 256 ** 3 / (g['cublas_ms'] * 1e6)
json.dump(r, open(sys.argv[2], 'w'), indent=1)
PY
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{ "format": "fragviz-settings", "version": 1, "output_colour": "warp" }
JSON

# 1. A --screenshot run: the state names the tiling, the pixels show it.
LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --size 1600x1000 \
  --screenshot "$WORK/warps.png" --dump-state "$WORK/warps.json" "$REPORT" >"$WORK/app.log" 2>&1 ||
  fail "fragviz --screenshot failed: $(cat "$WORK/app.log")"
STATE="$WORK/warps.json"
python3 -c "import json,sys; s=json.load(open('$STATE')); t=s['output_view']['tiling']; sys.exit(0 if (t['variant'], t['block'], t['warp_grid'], t['warp'], t['mma']) == ('tile-128', [128, 128], [2, 2], [64, 64], [16, 8]) and s['output_view']['n'] == 256 else 1)" ||
  fail "the output view's tiling is not tile-128's: $(q "s['output_view']")"
# The screenshot's colour at the centre of elements (10, 10), (40, 10), (10, 40), (70, 10) and
# (100, 60), decoded once (lib.sh's png_pixel decodes the whole picture on every call).
read -r w0 w0_down w0_right w1 w1_far <<<"$(python3 - "$STATE" "$WORK/warps.png" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
r, (x0, y0, sc) = s['widgets']['output_image'], s['output_view']['viewport']
from png_rows import png_rows
cells = [(10, 10), (40, 10), (10, 40), (70, 10), (100, 60)]
at = [(int(r[0] + (c + 0.5 - x0) / sc), int(r[1] + (row + 0.5 - y0) / sc)) for row, c in cells]
w, bpp, rows = png_rows(sys.argv[2], max(p[1] for p in at))
print(' '.join('%02x%02x%02x' % tuple(rows[y][x * bpp:x * bpp + 3]) for x, y in at))
PY
)"
[ -n "$w0" ] || fail "no pixels read from the screenshot"
[ "$w0_down" = "$w0" ] || fail "(40, 10) is not drawn as warp 0 like (10, 10): #$w0_down vs #$w0"
[ "$w0_right" = "$w0" ] || fail "(10, 40) is not drawn as warp 0 like (10, 10): #$w0_right vs #$w0"
[ "$w1" != "$w0" ] || fail "(70, 10) is drawn as warp 0; tile-128 puts it in warp 1"
[ "$w1_far" = "$w1" ] || fail "(70, 10) and (100, 60), both warp 1, differ: #$w1 vs #$w1_far"
echo "ok: warp colours follow tile-128's 2x2 warps of 64x64 (warp 0 #$w0, warp 1 #$w1)"

# 2. The tooltip of (100, 77) in the running app.
STATE="$WORK/state.json"
start_app --no-device "$REPORT"
wait_for "s['output_view']['drawn'] and s['output_view']['tiling']['variant'] == 'tile-128'" 30
# at ROW COL: the window pixel of element (ROW, COL)'s centre in the view as last drawn.
at() {
  python3 -c "
import json; s=json.load(open('$STATE')); r=s['widgets']['output_image']; x0,y0,sc=s['output_view']['viewport']
print(int(r[0] + ($2 + 0.5 - x0) / sc), int(r[1] + ($1 + 0.5 - y0) / sc))"
}
# Zoom in about the element (the wheel keeps the point under the cursor) until an element is over
# two pixels wide, then point at its centre.
xdotool mousemove --window "$WID" $(at 100 77)
for _ in 1 2 3 4 5 6; do xdotool click 4; sleep 0.1; done
wait_for "s['output_view']['viewport'][2] < 0.5"
sleep 0.3
xdotool mousemove --window "$WID" $(at 100 77)
wait_for "s['output_view']['tooltip'][:2] == ['block (0, 0), warp 3 (rows +64, cols +64)', 'lane 18, acc[2][1][1] = c1 of m-tile 2, n-tile 1']"
wait_for "s['output_view']['tooltip'][2] == \"ownership per tile-128's 128x128 block, 4 warps of 64x64, C/D of m16n8k16\""
echo "tooltip: $(q "s['output_view']['tooltip']")"
xdotool mousemove --window "$WID" 5 995
app_alive || fail "fragviz exited"
echo "PASS"
