#!/usr/bin/env bash
# A view opened (or grown) at the default 1600x1000 gets a usable size, and the views already open
# keep theirs (newcomer round 13: the Warpgroup view's register list showed 3 rows; the gate view's
# ladder squeezed the ldmatrix grid to rows no lane number fits in):
#  1. Warpgroup opened, thread 37 selected (a click on D(17, 2)): at least 6 rows of its register
#     list wholly in view under the header (the canvas, which then cannot hold every view's least,
#     scrolled down to it: issue 22); the fragments view keeps 240 px, the bank view 150, every
#     open view the least height it measured itself usable at (the dump's layout.least).
#  2. The gate view's ladder opened: the gate view grows (as before), and the ldmatrix view keeps
#     rows that hold a lane number in every cell (its label level "number", "lane" or "two_lines",
#     not none), all of its 16 rows inside the view. Since session 26 a label keeps a quarter em
#     clear of its cell's sides (newcomer round 30: "T11T11" ran together), so at this height the
#     cells may read the bare lane number where they read "T11" before.
# Every view inside the window or on a canvas that scrolls, no two overlapping.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"

check_tiles() {
  python3 - "$STATE" "$1" <<'PY' || fail "views overlap or run off a canvas that does not scroll ($1)"
import json, sys
s = json.load(open(sys.argv[1]))
win = {k: v['rect'] for k, v in s['windows'].items()}
ns = sorted(win)
bad = []
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = win[a], win[b]
        if min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0]) > 0.5 and \
           min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1]) > 0.5:
            bad.append(f"{a} and {b} overlap")
H = s['display']['pixel_size'][1]
if any(r[1] + r[3] > H + 0.5 for r in win.values()) and not s['layout']['scroll_bars'][1]:
    bad.append("views run past the window and it does not scroll")
for k, least in s['layout'].get('least', {}).items():
    if k in win and win[k][3] < least - 1:
        bad.append(f"{k} is {win[k][3]:.0f} px, under its least {least:.0f}")
print(sys.argv[2] + ": " + ", ".join(f"{k.split(':')[0]} {v[3]:.0f}" for k, v in win.items()))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}

FR="s['windows']['Fragments: mma.sync A, B, C/D']['rect'][3]"
BK="s['windows']['Bank view: shared-memory accesses over 32 banks']['rect'][3]"
W="s['hopper']['warpgroup']"

start_app --no-device
wait_for "'menu_view' in s['widgets']"
open_view warpgroup
wait_for "$W['drawn']"
warpgroup_fit
click $(grid_cell warpgroup D 17 2)
wait_for "$W['selected_thread'] == 37 and $W['registers_thread'] == 37"
sleep 0.5
# The column cannot hold the fragments and bank views and the warpgroup view with its register list
# at their leasts: that column runs taller, and the canvas's scroll bar (the wheel over it) brings
# the list into view.
if [ "$(q "s['layout']['scroll_bars'][1]")" = True ]; then
  read -r BX BY <<<"$(centre_of "s['widgets']['##layout_vscroll']")"
  for _ in $(seq 30); do
    [ "$(q "s['layout']['scroll'][1] >= s['layout']['canvas'][1] - s['layout']['view'][3] - 1")" = True ] && break
    xdotool mousemove --window "$WID" "$BX" "$BY" click 5
    sleep 0.15
  done
  sleep 0.5
fi
echo "register rows in view: $(q "$W['register_rows_visible']"), fragments $(q "$FR"), banks $(q "$BK"), canvas $(q "s['layout']['canvas']") scrolled $(q "s['layout']['scroll']")"
wait_for "$W['register_rows_visible'] >= 6" 5 || fail "the register list shows $(q "$W['register_rows_visible']") rows, under 6"
wait_for "$FR >= 240 - 1 and $BK >= 150 - 1" 5 || fail "opening the warpgroup view squeezed the fragments or bank view"
check_tiles "warpgroup with thread 37"
close_view warpgroup
quit_app
rm -rf "$WORK/cfg"

start_app --no-device
G="s['windows']['Gate: exact matmul']"
L="s['ldmatrix_view']"
wait_for "'ladder_header' in s['widgets'] and 'Gate: exact matmul' in s['windows'] and $L['labels'] in ('number', 'lane', 'two_lines')"
H0=$(q "$G['rect'][3]")
click $(centre_of "s['widgets']['ladder_header']")
wait_for "'run_ladder' in s['widgets']"
wait_for "$G['rect'][3] > $H0 + 50"
sleep 0.5
echo "gate $(q "$G['rect'][3]") (was $H0), ldmatrix labels $(q "$L['labels']"), grid $(q "s['widgets']['ldmatrix_grid']")"
wait_for "$L['labels'] in ('number', 'lane', 'two_lines')" 5 ||
  fail "with the ladder open the ldmatrix cells read '$(q "$L['labels']")', no lane number"
python3 - "$STATE" <<'PY' || fail "the ldmatrix grid runs past its view"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['widgets']['ldmatrix_grid']
v = s['windows']['ldmatrix: what each lane receives']['rect']
assert y + h <= v[1] + v[3] + 0.5, (y + h, v)
PY
check_tiles "gate ladder open"
quit_app
echo "PASS"
