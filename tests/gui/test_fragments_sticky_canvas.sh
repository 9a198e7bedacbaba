#!/usr/bin/env bash
# The fragments view's column numbers stay in sight when the canvas scrolls the view under the status
# strip (issue 22): at 1024x700 with the Warpgroup window open the middle column runs taller than the
# window; scrolled (notch by notch on its bar) until B's own column band lies under the strip while
# some of B's rows are still in sight (the default m16n8k8). Each grid with rows
# in sight has its column band inside the view area (not behind the strip), and the rows the dump
# calls visible (the visible region) are those whose centre lies below that band: the first row in
# sight is the first row the band leaves at least half of.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"

APP_SIZE=1024x700 start_app --no-device
wait_for "'label_mode' in s['fragments_view']"
open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn'] and s['layout']['scroll_bars'][1]"
sleep 0.5
canvas_to_top  # the opened warpgroup view was scrolled into sight
# Before scrolling: B's band's own top, and B's last row's bottom, in window pixels.
wait_for "s['fragments_view']['visible']['B']['rows'] is not None"
hl=$(q "18 * s['display']['scale']")
read -r band0 bottom0 <<<"$(q "min(c['rect'][1] for c in s['cells']['B']) - $hl, max(c['rect'][1] + c['rect'][3] for c in s['cells']['B'])")"
top=$(q "s['layout']['view'][1]")
# Wanted: scroll S with band0 - S < top (the band's place under the strip) and bottom0 - S > top + 2 hl.
read -r BX BY <<<"$(centre_of "s['widgets']['##layout_vscroll']")"
ok=0
for _ in $(seq 30); do
  S=$(q "s['layout']['scroll'][1]")
  [ "$(python3 -c "print($band0 - $S < $top - 1 and $bottom0 - $S > $top + 2 * $hl)")" = True ] && { ok=1; break; }
  [ "$(python3 -c "print($bottom0 - $S <= $top + 2 * $hl)")" = True ] && break
  xdotool mousemove --window "$WID" "$BX" "$BY" click 5
  sleep 0.3
done
[ $ok = 1 ] || fail "no canvas scroll put B's band under the strip with B in sight (band $band0, B to $bottom0, top $top, scroll $S)"
sleep 0.5
python3 - "$STATE" <<'PY' || fail "a column band is hidden under the status strip, or the visible rows disagree with it"
import json, sys
s = json.load(open(sys.argv[1]))
top = s['layout']['view'][1]
win = s['windows']['Fragments: mma.sync A, B, C/D']['rect']
assert win[1] < top, ("the fragments view's top is not under the strip: not the case under test", win, top)
fv = s['fragments_view']
hl = 18 * s['display']['scale']
checked = 0
for op in 'ABC':
    v = fv['visible'][op]
    band = fv['label_bands'][op][0]
    if v['rows'] is None or band is None:
        continue
    checked += 1
    assert band >= top - 0.5, (op, "column band at", band, "behind the strip ending at", top)
    cells = {(c['row'], c['col']): c['rect'] for c in s['cells'][op]}
    first = v['rows'][0]
    r = cells[(first, v['cols'][0])]
    assert r[1] + r[3] / 2 >= band + hl - 0.5, (op, "row", first, "centre under the band", r, band)
    if first > 0:
        p = cells[(first - 1, v['cols'][0])]
        assert p[1] + p[3] / 2 < band + hl + 0.5, (op, "row", first - 1, "is in sight but left out", p, band)
    print(f"{op}: band at {band:.0f} (view area from {top:.0f}), first visible row {first} at {r[1]:.0f}")
assert checked, ("no grid with rows in sight and a column band", fv['visible'], fv['label_bands'])
PY
quit_app
echo "PASS"
