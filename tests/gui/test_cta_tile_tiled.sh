#!/usr/bin/env bash
# View > CTA tile takes its place in the window layout (issue 22, D2): at 1600x1000 it floated over
# the gate, ldmatrix and device views, so the gate view could not be reached while it was open. Now
# it joins the middle column under the bank view as the Hopper windows do: no two views overlap,
# every view lies in the canvas, the other columns keep their rectangles, the gate view's n field
# takes a number typed into it, and closing the window gives every view back its rectangle.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
C="s['cta_tile']"
CTA='CTA tile: TiledMMA, TiledCopy and shared layouts'
start_app --no-device
wait_for "s['display']['pixel_size'] == [1600, 1000] and 'gate_n' in s['widgets'] and not $C['open']"
sleep 0.5
cp "$STATE" "$WORK/before.json"

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and '$CTA' in s['windows']"
sleep 0.5
python3 - "$STATE" "$WORK/before.json" "$CTA" <<'PY' || fail "the CTA tile window is not tiled with the views"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
cta = sys.argv[3]
rects = {k: v['rect'] for k, v in s['windows'].items()}
assert len(rects) == 9 and cta in rects, sorted(rects)
top = s['display']['menu_bar_height'] + s['display']['status_height']
cw, ch = s['layout']['canvas']
sx, sy = s['layout']['scroll']
for k, (x, y, w, h) in rects.items():
    assert x >= -0.5 - sx and y >= top - 0.5 - sy and x + w <= cw + 0.5 and y + h <= top + ch - sy + 0.5, (k, x, y, w, h)
ns = sorted(rects)
for i, a in enumerate(ns):
    for c in ns[i + 1:]:
        ra, rc = rects[a], rects[c]
        ox = min(ra[0] + ra[2], rc[0] + rc[2]) - max(ra[0], rc[0])
        oy = min(ra[1] + ra[3], rc[1] + rc[3]) - max(ra[1], rc[1])
        assert not (ox > 0.5 and oy > 0.5), ('overlap', a, c, ra, rc)
# It shares the fragments view's column, under the bank view.
f, bk, t = rects['Fragments: mma.sync A, B, C/D'], rects['Bank view: shared-memory accesses over 32 banks'], rects[cta]
assert abs(t[0] - f[0]) < 1 and abs(t[2] - f[2]) < 1 and t[1] >= bk[1] + bk[3] - 0.5, (t, f, bk)
# Only that column re-tiled: the views of the other columns keep their tops and heights, their
# x and width giving way to the canvas's scroll bar only (where the middle column runs taller).
bar = 20 * s['display']['scale']
for k in ('Controls', 'Device', 'Lane inspector', 'ldmatrix: what each lane receives', 'Gate: exact matmul', 'Output view'):
    r0, r = b['windows'][k]['rect'], rects[k]
    assert abs(r[1] - r0[1]) < 0.5 and abs(r[3] - r0[3]) < 0.5, (k, 'top or height moved', r0, r)
    assert abs(r[0] - r0[0]) <= bar and abs(r[2] - r0[2]) <= bar, (k, "more than the scroll bar's width", r0, r)
print('tiled: CTA tile at', t)
PY

# At 1600x1000 its column holds it whole (it ran past the window's bottom edge, the canvas scrolled
# and its results showed about 3 lines), the fragments view keeps its width and its lane strip
# whole (the canvas's bar narrowed it), and the results are at least 300 px tall.
python3 - "$STATE" "$WORK/before.json" "$CTA" <<'PY' || fail "the CTA tile window's results have no usable height at 1600x1000"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
x, y, w, h = s['windows'][sys.argv[3]]['rect']
vx, vy, vw, vh = s['layout']['view']
assert y + h <= vy + vh + 0.5 and s['layout']['scroll_bars'] == [False, False], ((x, y, w, h), s['layout'])
F = 'Fragments: mma.sync A, B, C/D'
f, f0 = s['windows'][F]['rect'], b['windows'][F]['rect']
assert f[0] == f0[0] and f[2] == f0[2], ('the fragments view lost width', f0, f)
lx, ly, lw, lh = s['lane_buttons'][31]
assert lw > 0 and f[0] <= lx and lx + lw <= f[0] + f[2] and ly >= vy, ('lane 31 cut', s['lane_buttons'][31], f)
r = s['widgets']['cta_results']
assert r[3] >= 300, ('results', r)
PY
# The first view shows the results (newcomer round 20: the form above them left about 90 px of
# results in view): the fields folded into one line, the results' top within 120 px of the window's
# content, nothing scrolled; the line names the preset's TiledMMA (2x2 warps of
# SM80_16x8x16_F32F16F16F32_TN over a 128x128x32 tile, as its description says).
python3 - "$STATE" "$CTA" <<'PY' || fail "the CTA tile window's first view does not start with its results"
import json, sys
s = json.load(open(sys.argv[1]))
w, t = s['widgets'], s['text_lines']
win = s['windows'][sys.argv[2]]
top = w['cta_tile_view'][1] + 8 * s['display']['scale']  # the content's top: the inner rect less its padding
assert not s['cta_tile']['form_open'] and 'cta_smem_a' not in w and 'cta_form_toggle' in w, sorted(k for k in w if k.startswith('cta_'))
assert win['scroll'] == [0.0, 0.0], win
assert w['cta_results'][1] - top <= 120 * s['display']['scale'], ('results start', w['cta_results'][1] - top)
assert t['cta_form_summary']['text'] == 'TiledMMA SM80_16x8x16_F32F16F16F32_TN x (2,2,1), CTA tile 128x128x32', t['cta_form_summary']
print('results start', w['cta_results'][1] - top, 'px under the content top')
PY
# Editing is one click away: Edit form shows the fields; an unswizzled A layout typed there is analysed
# (4-way conflicts: tests/unit/test_cta_tile.cpp); a field longer than its box reads whole under its row
# (gmem copy A, the preset's make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL...)); Hide form folds them again,
# the line saying the configuration is edited.
cta_form_open
G='make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))'
wait_for "s['text_lines'].get('cta_gmem_copy_a_full', {}).get('text') == 'gmem copy A: $G' and not s['text_lines']['cta_gmem_copy_a_full']['clipped']"
type_into cta_smem_a "$C['spec']['smem'][0]" "(128,32):(32,1)" \
  "$C['ok'] and $C['grids'][0]['wavefronts'] == 512 and $C['grids'][0]['bank_conflicts'] == 384"
click $(centre_of "s['widgets']['cta_form_toggle']")
wait_for "'cta_smem_a' not in s['widgets'] and s['text_lines']['cta_form_summary']['text'].endswith(', edited from the preset')"
wait_for "$C['grids'][0]['wavefronts'] == 512"
wait_for "s['widgets']['cta_results'][1] - s['widgets']['cta_tile_view'][1] <= 128 * s['display']['scale']"

# The wheel over the form scrolls the window (not the grids) to its end, where the results show
# at least 300 px of the window.
xdotool mousemove --window "$WID" $(centre_of "s['widgets']['cta_preset']") click --repeat 8 --delay 60 5
wait_for "s['windows']['$CTA']['scroll_max'][1] > 0 and s['windows']['$CTA']['scroll'][1] == s['windows']['$CTA']['scroll_max'][1]" 5
python3 - "$STATE" "$CTA" <<'PY' || fail "scrolled to its end, the CTA tile window shows less than 300 px of results"
import json, sys
s = json.load(open(sys.argv[1]))
x, y, w, h = s['windows'][sys.argv[2]]['rect']
r = s['widgets']['cta_results']
shown = min(r[1] + r[3], y + h) - max(r[1], s['widgets']['cta_tile_view'][1])
assert shown >= 300 and s['cta_tile']['grids_scroll'] == 0, (shown, r, (x, y, w, h), s['cta_tile']['grids_scroll'])
print('results shown:', shown, 'px')
PY

# The gate view is reached: its n field takes what is typed into it.
enter_number gate_n 1024 "s['gate']['request_n'] == 1024"

# Closed again, every view has its rectangle back; but where the fragments view's grids, their zoom
# kept, fit in less than they had, the bank view under it, whose lines scroll, takes that much more
# (newcomer round 31: room a column gains goes to the view that scrolls; as test_hopper_tiled).
click $(centre_of "s['widgets']['menu_view']")
wait_for "'view_cta_tile' in s['widgets']"
click $(centre_of "s['widgets']['view_cta_tile']")
wait_for "not $C['open']"
sleep 0.5
python3 - "$STATE" "$WORK/before.json" <<'PY' || fail "closing the CTA tile window left other views open or closed"
import json, sys
s, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert sorted(s['windows']) == sorted(b['windows']), (sorted(s['windows']), sorted(b['windows']))
PY
views_back "$WORK/before.json" "closing the CTA tile window did not give the views back their places"
quit_app
echo "PASS"
