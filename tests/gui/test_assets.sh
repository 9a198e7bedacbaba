#!/usr/bin/env bash
# assets/ is what the app draws with, and a user (or this test) changes it without recompiling:
# --assets DIR (or $FRAGVIZ_ASSETS) with a palette.json of other lane colours shows those colours in
# the fragment cells (pixels of a --screenshot) and the state dump; a layout.json moves a view and
# sets the window size; a corrupt or wrong file, or a folder that is not there, is reported on
# stderr and in the status strip and the built-in file is used; fonts that cannot be found (the GPU
# machine has no fonts-dejavu-core) fall back to ImGui's built-in font with a one-line notice.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
A="$WORK/assets"
mkdir -p "$A"

# shot NAME ARGS...: a --screenshot run (plus its state dump) with the test's config folder.
shot() {
  local name=$1
  shift
  LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg" --size 1600x1000 \
    --screenshot "$WORK/$name.png" --dump-state "$WORK/$name.json" "$@" >"$WORK/app.log" 2>&1 \
    || fail "fragviz $* failed"
  [ -s "$WORK/$name.png" ] || fail "fragviz $* wrote no screenshot"
}
# expect 'python boolean over s' (the dump in $STATE, of a run that has ended).
expect() {
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if ($1) else 1)" \
    || fail "not so: $1 (state dump $STATE: $(python3 -c "import json; s=json.load(open('$STATE')); print(s['assets'], s['fonts'])"))"
}
mkdir -p "$WORK/cfg"
embedded=$(python3 -c "import json; print(' '.join(json.load(open('$SRC/assets/palette.json'))['lanes']))")

# 1. A palette of 32 new lane colours.
python3 - "$A/palette.json" <<'PY'
import json, sys
lanes = ["#%02X%02X%02X" % (8 * i, 255 - 8 * i, 40 + 4 * i) for i in range(32)]
json.dump({"format": "fragviz-palette", "version": 1, "lanes": lanes}, open(sys.argv[1], "w"), indent=1)
PY
shot palette --assets "$A"
STATE="$WORK/palette.json"
expect "s['assets']['palette_source'] == '$A/palette.json' and s['assets']['notices'] == []"
expect "s['assets']['lanes'][0] == '#00FF28' and s['assets']['lanes'][31] == '#F807A4'"
# The cells of lanes 0, 5 and 31 in A are filled with the new colours (a point clear of the label).
for lane in 0 5 31; do
  read -r x y <<<"$(python3 -c "import json; s=json.load(open('$STATE')); r=[c for c in s['cells']['A'] if c['lane']==$lane][0]['rect']; print(int(r[0])+3, int(r[1])+3)")"
  want="$((8 * lane)) $((255 - 8 * lane)) $((40 + 4 * lane))"
  got=$(png_pixel "$WORK/palette.png" "$x" "$y")
  [ "$got" = "$want" ] || fail "lane $lane's cell at ($x, $y) is ($got), not the palette's ($want)"
done
echo "ok: --assets palette.json recolours the cells"
# The same through $FRAGVIZ_ASSETS.
FRAGVIZ_ASSETS="$A" shot palette_env
STATE="$WORK/palette_env.json"
expect "s['assets']['lanes'][0] == '#00FF28'"

# 2. Corrupt and wrong palettes: a notice (stderr, state dump, status strip), the built-in palette,
# and a window that runs as usual.
for bad in 'this is not JSON' '{"lanes": ["#FF0000"]}' '{"lanes": 7}' '{"colours": []}'; do
  printf '%s' "$bad" >"$A/palette.json"
  rm -rf "$WORK/cfg" && mkdir -p "$WORK/cfg"
  start_app --no-device --assets "$A"
  wait_for "len(s['assets']['notices']) == 1 and 'palette.json' in s['assets']['notices'][0] and 'using the built-in palette' in s['assets']['notices'][0]"
  wait_for "' '.join(s['assets']['lanes']) == '$embedded' and s['assets']['palette_source'] == 'embedded'"
  wait_for "'asset_notice' in s['widgets'] and s['widgets']['asset_notice'][2] > 0"
  grep -q "fragviz: assets: $A/palette.json: " "$WORK/app.log" || fail "no notice on stderr for '$bad'"
  click $(centre_of "s['lane_buttons'][3]")
  wait_for "s['selected_lane'] == 3"
  echo "ok: '$bad' -> $(q "s['assets']['notices'][0]")"
  quit_app
done
rm "$A/palette.json"

# 3. A folder that is not there.
shot nodir --assets "$WORK/no-such-folder"
STATE="$WORK/nodir.json"
expect "'is not a folder' in s['assets']['notices'][0] and ' '.join(s['assets']['lanes']) == '$embedded'"
grep -q "no-such-folder is not a folder" "$WORK/app.log" || fail "no notice on stderr for a missing --assets folder"

# 4. A layout: the gate view moved up over the top of the built-in ldmatrix view's place, a smaller
# default window. Views never overlap (issue 22): ldmatrix keeps the part above the gate; the views
# the column shares keep the file's proportions where they are above their least usable heights
# (gate : output = 160 : 450 while ldmatrix holds its own least at this size).
cat >"$A/layout.json" <<'JSON'
{"window": [1200, 800], "windows": {"gate": [1120, 340, 1600, 500], "output": [1120, 500, 1600, 950]}}
JSON
LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device --config-dir "$WORK/cfg2" --assets "$A" \
  --screenshot "$WORK/layout.png" --dump-state "$WORK/layout.json" >"$WORK/app.log" 2>&1 || fail "layout run failed"
STATE="$WORK/layout.json"
expect "s['display']['pixel_size'] == [1200, 800] and s['assets']['layout_source'].endswith('layout.json')"
L="s['windows']['ldmatrix: what each lane receives']['rect']"
G="s['windows']['Gate: exact matmul']['rect']"
O="s['windows']['Output view']['rect']"
expect "abs($L[1] + $L[3] - $G[1]) < 0.5 and abs($G[1] + $G[3] - $O[1]) < 0.5 and abs($O[1] + $O[3] - 800) < 0.5"
expect "abs($G[3] / $O[3] - 160 / 450) < 0.02 and $G[3] >= 70 - 1"
# 160 of the 950 design rows, stretched to the 800 - menu - status rows under the strip, where
# ldmatrix needs no more than the 340 rows above.
expect "$L[3] <= s['layout']['least']['ldmatrix: what each lane receives'] + 1 or abs($G[3] - 160 * (800 - s['display']['menu_bar_height'] - 30) / 950) < 1.5"
echo "ok: layout.json sets the window size and moves the gate view: $(q "$G"), ldmatrix $(q "$L")"
echo '{"windows": {"gate": [0, 0, 5000, 10]}}' >"$A/layout.json"
shot badlayout --assets "$A"
STATE="$WORK/badlayout.json"
expect "'layout.json' in s['assets']['notices'][0] and s['assets']['layout_source'] == 'embedded'"
rm "$A/layout.json"

# 5. Fonts that are not there, and a file that is not a font: ImGui's built-in font, one line
# each time, at scale 1 and 2, and the app draws.
mkdir -p "$A/fonts"
echo '{"dirs": ["fonts"]}' >"$A/fonts.json"
shot nofonts --assets "$A"
STATE="$WORK/nofonts.json"
expect "s['fonts']['ui']['file'] == 'built-in' and s['fonts']['bold']['file'] == 'built-in' and s['fonts']['ui']['px'] == 13"
expect "'not found in $A/fonts' in s['fonts']['notice'] and 'fonts-dejavu-core' in s['fonts']['notice']"
[ "$(grep -c "fonts:" "$WORK/app.log")" = 1 ] || fail "the missing-font notice is not one line: $(cat "$WORK/app.log")"
shot nofonts2 --assets "$A" --scale 2
STATE="$WORK/nofonts2.json"
expect "s['fonts']['ui']['file'] == 'built-in' and s['fonts']['ui']['px'] == 26 and s['fonts']['ui']['raster_px'] == 26"
echo "not a font" >"$A/fonts/DejaVuSans.ttf"
cp /dev/null "$A/fonts/DejaVuSans-Bold.ttf"
shot badfont --assets "$A"
STATE="$WORK/badfont.json"
expect "'not TrueType: ' in s['fonts']['notice'] and s['fonts']['ui']['file'] == 'built-in'"
python3 - "$WORK/nofonts.png" <<'PY' || fail "the built-in font run drew a blank window"
import struct, sys, zlib
# Enough distinct colours that the views were drawn (the cells alone have 32).
data = open(sys.argv[1], 'rb').read()
w, h = struct.unpack('>II', data[16:24])
sys.exit(0 if w == 1600 and h == 1000 and len(data) > 100000 else 1)
PY
echo "ok: missing or broken fonts fall back to ImGui's font: $(q "s['fonts']['notice']")"
echo "PASS"
