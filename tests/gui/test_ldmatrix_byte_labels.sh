#!/usr/bin/env bash
# The ldmatrix view's byte cells (s8 m16n8k32: 16 rows x 32 one-byte cells) carry one label level
# for every cell (newcomer round 9: lanes 0-9 were labelled and two-digit lanes dropped, "12" being
# wider than a cell). At 1600x1000 every one of the 512 cells is labelled (under its register's one
# label over four bytes: test_ldmatrix_register_runs.sh), at no less than 7 px, and
# every column index is drawn; at 1024x700 either the same, or no cell is and the view says so.
# Newcomer round 22: the column indices 10-15 ran together (2 px apart) and rows 10-15 lacked the
# "T<lane>" of the lane supplying their address. At both sizes, for the default .f16 form's 2-byte
# cells (with .x1, .x2, .x4 and .trans between them) and for the byte cells: neighbouring column
# indices are at least 4 px apart, every row has its number, and each row the explorer's lanes
# address at byte 0 has its lane (PTX ISA ldmatrix: lanes 8j..8j+7 give matrix j's rows;
# matrices 0 and 1 are rows 0-7 and 8-15 at byte 0, so row r's is lane r: rows 0-7 with .x1, 0-15
# with .x2 and .x4).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
# check_labels WHAT: the column indices' gaps and the row labels of the view as dumped.
check_labels() {
  python3 - "$STATE" "$1" <<'PY' || fail "$1: the ldmatrix view's indices overlap or a row misses its label"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['ldmatrix_view']
num = s['controls']['num']
cols = v['col_labels']
gaps = [b[1] - a[2] for a, b in zip(cols, cols[1:])]
print(f"{sys.argv[2]}: {len(cols)} column indices, least gap {min(gaps):.1f} px; rows {v['row_labels']}")
assert len(cols) == v['cols'] // v['col_label_step'], cols
assert min(gaps) >= 4, gaps
rows = v['row_labels']
addressed = 8 if num == 'x1' else 16  # the tile's rows: one matrix tall with .x1, else two
assert len(rows) == v['rows'] == addressed, len(rows)
for r, (number, lane) in enumerate(rows):
    assert number == str(r), (r, number)
    assert lane == (f"T{r}" if r < addressed else ""), (r, lane)
PY
}
# set_load NUM TRANS: the Controls' .num button and .trans box until the dump says so.
set_load() {
  [ "$(q "s['controls']['num']")" = "$1" ] || click $(centre_of "s['widgets']['num_$1']")
  wait_for "s['controls']['num'] == '$1' and s['ldmatrix_view']['mnemonic'].count('.$1.') == 1"
  [ "$(q "s['controls']['trans']")" = "$2" ] || click $(centre_of "s['widgets']['trans']")
  wait_for "s['controls']['trans'] == $2 and ('.trans' in s['ldmatrix_view']['mnemonic']) == $2"
}
for size in 1600x1000 1024x700; do
  rm -rf "$WORK/cfg"  # the default form again, not the last start's s8
  APP_SIZE=$size start_app --no-device
  wait_for "'ldmatrix_grid' in s['widgets'] and s['ldmatrix_view']['unit_bytes'] == 2 and 'num_x1' in s['widgets']"
  # Each load once (CI's time): the default and .x1 at 1600x1000, .trans and .x2 where cells are narrower.
  loads=("x4 False" "x1 False")
  [ "$size" = 1024x700 ] && loads=("x4 False" "x4 True" "x2 False")
  for load in "${loads[@]}"; do
    set_load $load
    check_labels "$size .f16 $load"
  done
  quit_app
  rm -rf "$WORK/cfg"
  APP_SIZE=$size start_app --no-device --instr "$S8"
  wait_for "s['controls']['instruction'] == '$S8' and 'ldmatrix_grid' in s['widgets']"
  wait_for "s['ldmatrix_view']['unit_bytes'] == 1 and 'labels' in s['ldmatrix_view']"
  check_labels "$size s8"
  python3 - "$STATE" "$size" <<'PY' || fail "the byte cells at $size are not all labelled"
import json, sys
s = json.load(open(sys.argv[1]))
v = s['ldmatrix_view']
n = v['rows'] * v['cols']
print(f"{sys.argv[2]}: {v['labels']} at {v['label_px']:.1f} px, {v['labelled']} of {n} cells, columns every {v['col_label_step']}")
assert (v['rows'], v['cols']) == (16, 32), v['cols']
if v['labels'] == 'none' and sys.argv[2] != '1600x1000':
    assert v['labelled'] == 0 and 'ldmatrix_labels_dropped' in s['widgets'], "labels dropped unsaid"
else:
    assert v['labels'] in ('two_lines', 'lane_register', 'lane', 'number'), v['labels']
    assert v['labelled'] == n, v['labelled']
    assert v['label_px'] >= 7, v['label_px']
    assert 'ldmatrix_labels_dropped' not in s['widgets']
assert sys.argv[2] != '1600x1000' or v['col_label_step'] == 1, v['col_label_step']
PY
  quit_app
done
echo "PASS"
