#!/usr/bin/env bash
# Issue 22 (D4): the controls say "illegal for ldmatrix (see bank view)", but with the bank view in
# Layout mode the reason showed nowhere (the explorer's grids, which name it, are not drawn then).
# Repro: s8 m16n8k32, Layout mode on, tile width -5 (held at 16 bytes = 8 halves: one 16-byte row
# holds no 8x8 matrix pair of .x4). The bank view must show the reason the model gives, whole.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
WIN="s['windows']['Bank view: shared-memory accesses over 32 banks']['rect']"

start_app --no-device --instr "$S8"
wait_for "s['controls']['instruction'] == '$S8' and 'width' in s['widgets'] and 'banks_layout_mode' in s['widgets']"
click $(centre_of "s['widgets']['banks_layout_mode']")
wait_for "s['layout_view']['enabled'] and 'layout_write' in s['widgets']"
# Legal at first: no reason line.
wait_for "s['banks']['padded']['legal'] and 'banks_explorer_error' not in s['text_lines']"
enter_number width -5 "s['controls']['width_halves'] == 8"
wait_for "not s['banks']['padded']['legal']"
wait_for "'banks_explorer_error' in s['text_lines']"
python3 - "$STATE" <<PY || fail "Layout mode does not show why the controls' tile is illegal, whole"
import json, sys
s = json.load(open(sys.argv[1]))
line, why = s['text_lines']['banks_explorer_error'], s['banks']['padded']['error']
x, y, w, h = s['widgets']['banks_explorer_error']
wx, wy, ww, wh = $WIN
print(line, why, (x, y, w, h), (wx, wy, ww, wh))
assert why and line['text'].endswith(': ' + why), 'not the model reason'
assert not line['clipped'] and line['right'] <= line['view_right'], 'runs past the view'
assert wx <= x and x + w <= wx + ww and wy <= y and y + h <= wy + wh, 'outside the bank window'
PY
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
