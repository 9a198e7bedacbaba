#!/usr/bin/env bash
# A tile the operand does not fit is flagged, never given a wrong address (trust finding 3): with
# m16n8k16 (A is 16 x 16) and the tile controls at width 8, A[1][12] lies outside every 8-wide
# row, so the fragments view says so and shows no byte address; at width 16 the flag is gone.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
set_width() {
  python3 - "$WORK/cfg/settings.json" "$1" <<'PY'
import json, sys
p = sys.argv[1]; j = json.load(open(p)); j['width_halves'] = int(sys.argv[2]); j['pad_halves'] = 0
j['ldmatrix_num'] = 'x1'; json.dump(j, open(p, 'w'))
PY
}
start_app --no-device --instr "$K16"
wait_for "s['controls']['instruction'] == '$K16'"
quit_app
set_width 8
start_app --no-device --instr "$K16"
wait_for "s['controls']['width_halves'] == 8"
wait_for "'8 halves wide cannot hold A (16 x 16)' in s['fragments_tile_problem']"
echo "width 8: $(q "s['fragments_tile_problem']")"
quit_app
# The ldmatrix view flags a tile its explorer cannot load (.x4 reads 16 columns of every row),
# as the bank view does (newcomer round 7: it drew the delivery as if the load ran).
python3 - "$WORK/cfg/settings.json" <<'PY'
import json, sys
p = sys.argv[1]; j = json.load(open(p)); j['ldmatrix_num'] = 'x4'; json.dump(j, open(p, 'w'))
PY
start_app --no-device --instr "$K16"
wait_for "s['controls']['width_halves'] == 8 and s['controls']['num'] == 'x4'"
wait_for "s['ldmatrix_tile_problem'] != '' and s['banks']['padded']['legal'] == False"
echo "ldmatrix view: $(q "s['ldmatrix_tile_problem']")"
quit_app
set_width 16
start_app --no-device --instr "$K16"
wait_for "s['controls']['width_halves'] == 16 and s['fragments_tile_problem'] == '' and s['ldmatrix_tile_problem'] == ''"
quit_app
echo "PASS"
