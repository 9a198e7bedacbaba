#!/usr/bin/env bash
# View > CTA tile puts each operand's verdicts in one line under its fields (newcomer round 13: with
# gate-broken-swap-b, B's red join verdict stood ~30 wheel notches below A's 64-row grid, out of
# view). The preset swaps B's registers for n % 32 in 8..23 after the copy: 1024 of B's 64 x 32 =
# 2048 cells wrong, 4096 of its 8192 values (tests/app/test_cta_tile_view.cpp works it), A right. The line must be inside the
# window as it opens, red for B, green for A where A's banks are clean, and say which rows are wrong
# (n % 32 in 8..23: "8-23 of every 32"); a click on B's verdict scrolls B's first wrong cell, (8,0),
# into sight (newcomer round 22: the click showed B's title and join, the first mark ~400 px below).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
C="s['cta_tile']"
A="$C['grids'][0]"
B="$C['grids'][1]"
WIN="s['windows']['CTA tile: TiledMMA, TiledCopy and shared layouts']['rect']"

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32'"
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['cta_preset']")
  for i in $(seq 20); do [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break; sleep 0.1; done
  [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break
  xdotool key Escape
done
xdotool type --delay 40 swap-b
wait_for "'cta_preset:gate-broken-swap-b' in s['widgets']"
xdotool key Return
wait_for "$C['preset'] == 'gate-broken-swap-b' and $C['ok']"

# bank_conflicts: the model's bank total, as the table below says it.
wait_for "$B['verdict'] == 'B: join 4096 of 8192 values (1024 of 2048 cells) wrong, wrong rows (n): 8-23 of every 32, %d bank conflict%s' % ($B['bank_conflicts'], '' if $B['bank_conflicts'] == 1 else 's') and not $B['verdict_ok']"
# The app's join line says what `fragviz-cli tiled` says, word for word (issue 22: "1024 of 2048
# cells wrong" here, "4096 of 8192 differ" there).
if [ -x "$CLI" ]; then
  cli_join=$("$CLI" tiled --preset gate-broken-swap-b | sed -n 's/^ *join (n,k): //p')
  [ -n "$cli_join" ] || fail "fragviz-cli tiled printed no B join line"
  [ "$(q "$B['join']")" = "join: $cli_join" ] || fail "app: $(q "$B['join']"); CLI: join: $cli_join"
fi
wait_for "$A['verdict'].startswith('A: join ok, ') and $A['verdict_ok'] == ($A['bank_conflicts'] == 0 and $A['misaligned'] == 0)"
# Inside the window without scrolling; B's own join line is not (else the line would prove nothing).
inside="lambda r, w: r[1] >= w[1] and r[1] + r[3] <= w[1] + w[3] and r[0] >= w[0] and r[0] < w[0] + w[2]"
wait_for "($inside)(s['widgets']['cta_verdict_A'], $WIN) and ($inside)(s['widgets']['cta_verdict_B'], $WIN)"
wait_for "not ($inside)(s['widgets']['cta_join_B'], $WIN)"
[ "$(q "$B['wrong'][0][:2]")" = "[8, 0]" ] || fail "B's first wrong cell is $(q "$B['wrong'][0][:2]"), not (8,0)"
wait_for "not ($inside)(s['widgets']['cta_first_wrong_B'], s['widgets']['cta_results'])"

click $(centre_of "s['widgets']['cta_verdict_B']")
# Whole, inside the grids' visible part and the window.
wait_for "($inside)(s['widgets']['cta_first_wrong_B'], s['widgets']['cta_results']) and ($inside)(s['widgets']['cta_first_wrong_B'], $WIN) and s['widgets']['cta_first_wrong_B'][0] + s['widgets']['cta_first_wrong_B'][2] <= $WIN[0] + $WIN[2]"
# Issue 22 (D7): B's join line (it names the register swap: "... but after the register swap B
# 8-15:16-23/32 the MMA reads (16,0)") ran past the window's right edge, cut with no wrap. All of it
# is drawn inside the view: wrapped at the visible edge of the grids' (wider) scrolled child.
wait_for "'cta_join_B' in s['text_lines']"
python3 - "$STATE" <<PY || fail "B's join line is not drawn whole inside the window"
import json, sys
s = json.load(open(sys.argv[1]))
line, join = s['text_lines']['cta_join_B'], $B['join']
x, y, w, h = s['widgets']['cta_join_B']
wx, wy, ww, wh = $WIN
print(line, (x, y, w, h), (wx, wy, ww, wh))
assert line['text'] == join and 'the MMA reads (16,0)' in join, 'not the join line'
assert not line['clipped'] and line['right'] <= line['view_right'], 'runs past the view'
assert wx <= x and x + w <= wx + ww, 'past the window'
PY
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
