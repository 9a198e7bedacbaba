#!/usr/bin/env bash
# Newcomer round 31 (b10): with the six stacked windows opened from the View menu at 1600x1000 the
# middle column ran taller than the window and was scrolled to the last one opened: the fragments
# view's title, lane strip, zoom and Find went out of sight above, and the column's thin bar went
# unnoticed ("the controls vanished"). A scrolled column shows along its top a sign naming the views
# above it ("^ Fragments above"), over nothing the scroll did not hide anyway (the tab strip and the
# view shown stay in sight); clicked, it scrolls the column back to its top.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
T="s['layout']['tabs']"
TM="Tensor memory: tcgen05 lanes and columns (sm_100, model only)"
FR="Fragments: mma.sync A, B, C/D"
SIGN="s['layout']['column_signs'][1]"
start_app --no-device
wait_for "'menu_view' in s['widgets']"
[ "$(q "s['layout'].get('column_signs') in ([None, None, None], [])")" = True ] ||
  fail "a sign with no column scrolled: $(q "s['layout'].get('column_signs')")"
open_view warpgroup
open_view descriptor
open_view moves
open_from_view_menu view_algebra "s['algebra']['open']"
open_from_view_menu view_cta_tile "s['cta_tile']['open']"
open_from_view_menu view_tmem "s['tmem']['open']"
wait_for "$T['shown'] == '$TM' and s['layout']['column_scroll'][1] > 100" 5 ||
  fail "the Tensor memory view opened last did not scroll the middle column: $(q "s['layout']['column_scroll']")"
sleep 1
python3 - "$STATE" "$TM" <<'PY' || fail "no right sign of the views above the scrolled middle column"
import json, sys
s, tm = json.load(open(sys.argv[1])), sys.argv[2]
l = s['layout']
sign = l['column_signs'][1] if 'column_signs' in l else None
print("sign:", sign)
assert sign is not None, "the scrolled middle column shows no sign"
x, y, w, h = sign['rect']
vx, vy, vw, vh = l['view']
win = {k: v['rect'] for k, v in s['windows'].items()}
fx, fy, fw, fh = win['Fragments: mma.sync A, B, C/D']
bar = l['column_bars'][1]
bad = []
# Along the column's top, from its left edge to its bar, one line tall.
if abs(y - vy) > 0.5 or abs(x - fx) > 0.5 or abs(x + w - bar[0]) > 0.5:
    bad.append(f"sign at {sign['rect']}, not along the top of the column {fx}..{bar[0]} at {vy}")
if not 10 <= h <= 40 * s['display']['scale']:
    bad.append(f"sign {h} px tall")
# Names the column's views whose top lies above its bottom edge (out of sight above), in order.
above = [k for k, r in sorted(win.items(), key=lambda kv: kv[1][1])
         if abs(r[0] - fx) < 1 and r[1] < y + h - 0.5 and k != tm]
want = "^ " + ", ".join(k.split(':')[0] for k in above) + " above"
if sign['text'] != want or not above:
    bad.append(f"sign says {sign['text']!r}, the views above are {above}")
# It covers no control in sight: the tab strip and the view shown lie under it.
strip = l['tabs']['strip']
if strip[1] < y + h - 0.5 or win[tm][1] < y + h - 0.5:
    bad.append(f"the sign (bottom {y + h}) covers the tab strip {strip} or {tm[:14]} {win[tm]}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
capture_screen "$WORK/sign.png"
[ -n "${FRAGVIZ_GUI_SHOTS:-}" ] && cp "$WORK/sign.png" "$FRAGVIZ_GUI_SHOTS/"
click $(centre_of "s['widgets']['column_sign:1']")
wait_for "s['layout']['column_scroll'][1] == 0 and $SIGN is None" 5 ||
  fail "the sign clicked did not scroll the column back: $(q "s['layout']['column_scroll']")"
wait_for "abs(s['windows']['$FR']['rect'][1] - s['layout']['view'][1]) < 0.5" 5 ||
  fail "the fragments view's title is not at the top of the window: $(q "s['windows']['$FR']['rect']")"
quit_app
echo "PASS: a scrolled column names the views above it, and its sign scrolls it back"
