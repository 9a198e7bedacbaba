#!/usr/bin/env bash
# The ldmatrix view's byte cells (s8 m16n8k32: 16 rows x 32 one-byte cells) carry one label level
# for every cell (newcomer round 9: lanes 0-9 were labelled and two-digit lanes dropped, "12" being
# wider than a cell). At 1600x1000 every one of the 512 cells is labelled, at no less than 7 px, and
# every column index is drawn; at 1024x700 either the same, or no cell is and the view says so.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
for size in 1600x1000 1024x700; do
  APP_SIZE=$size start_app --no-device --instr "$S8"
  wait_for "s['controls']['instruction'] == '$S8' and 'ldmatrix_grid' in s['widgets']"
  wait_for "s['ldmatrix_view']['unit_bytes'] == 1 and 'labels' in s['ldmatrix_view']"
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
    assert v['labels'] in ('two_lines', 'lane', 'number'), v['labels']
    assert v['labelled'] == n, v['labelled']
    assert v['label_px'] >= 7, v['label_px']
    assert 'ldmatrix_labels_dropped' not in s['widgets']
assert sys.argv[2] != '1600x1000' or v['col_label_step'] == 1, v['col_label_step']
PY
  quit_app
done
echo "PASS"
