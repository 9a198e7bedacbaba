#!/usr/bin/env bash
# View > CTA tile marks the cells a wrong join gets wrong (issue 22). No preset's join is wrong (the
# gate's broken-swap-b swaps B in its kernel, not in the tile's copy or layout), so A of the sm80
# preset is typed M-major, (128,32):(1,128), under its SM75_U32x4_LDSM_N: each ldmatrix row then
# reads 8 elements down m where the MMA needs 8 along k. Every operand's wrong cells in the state
# dump (as the grid crosses them out: row, column, the first thread and value holding the cell that
# gets another element, and the element it gets) must be the model's answer read independently from
# fragviz-cli tiled --csv --thread T over every thread; the join line must end with their count in
# values and cells ("(V of T values (N of R*C cells) wrong)", the CLI's words) and a legend line
# saying the same stand above each grid that has any. Before the edit,
# nothing is marked.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -x "$CLI" ] || fail "needs fragviz-cli (the model's answer): test.sh <fragviz> <fragviz-cli>"
PRESET=sm80-gemm-128x128x32
SMEM_A='(128,32):(1,128)'
start_app --no-device
C="s['cta_tile']"

open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == '$PRESET'"
wait_for "all(g['wrong'] == [] for g in $C['grids']) and not any(k.startswith('cta_wrong_legend') for k in s['widgets'])"
cta_form_open
type_into cta_smem_a "$C['spec']['smem'][0]" "$SMEM_A" \
  "$C['ok'] and $C['spec']['smem'][0] == '$SMEM_A' and any(g['wrong'] for g in $C['grids'])"

python3 - "$STATE" "$CLI" "$PRESET" "$SMEM_A" <<'PY' || fail "the marked cells are not the model's wrong cells"
import json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
s = json.load(open(sys.argv[1]))
cli, preset, smem_a = sys.argv[2], sys.argv[3], sys.argv[4]
threads = int(s['cta_tile']['summary'].split(" threads;")[0].rsplit(" ", 1)[1])

def rows_of(t):
    p = subprocess.run([cli, "tiled", "--preset", preset, "--smem-a", smem_a, "--csv", "--thread", str(t)],
                       capture_output=True, text=True)
    assert p.returncode in (0, 1), (t, p.returncode, p.stderr)
    return p.stdout.splitlines()[1:]

# The first mismatch of each cell, thread-major then value, as fragviz-cli tiled lists them.
first = {}
values, wrong_values = {}, {}  # per operand: (thread, value)s, and those wrong
with ThreadPoolExecutor(4) as pool:
    for lines in pool.map(rows_of, range(threads)):
        for line in lines:
            # read_row/read_col: what the MMA reads (the moved cell unless a register swap fed it).
            op, thread, value, _kb, row, col, _mr, _mc, _byte, match, rr, rc = line.split(",")
            values[op] = values.get(op, 0) + 1
            if match == "no":
                wrong_values[op] = wrong_values.get(op, 0) + 1
                first.setdefault((op, int(row), int(col)),
                                 [int(thread), int(value), int(rr) if rr else None, int(rc) if rc else None])
t = threads
assert t > 0 and first, (t, "the edited join has no mismatch")
marked = 0
for g in s['cta_tile']['grids']:
    op, total = g['operand'], g['rows'] * g['cols']
    want = sorted([r, c] + v for (o, r, c), v in first.items() if o == op)
    got = g['wrong']
    assert got == want, (op, len(got), len(want), [x for x in got if x not in want][:3],
                         [x for x in want if x not in got][:3])
    if want:
        # One count, in values and cells, in the join line, the legend and fragviz-cli tiled (issue 22).
        count = f"{wrong_values[op]} of {values[op]} values ({len(want)} of {total} cells) wrong"
        assert g['join'].endswith(f"({count})"), (g['join'], count)
        assert not g['join_ok'], g['join']
        assert g['wrong_legend'].startswith(f"{count}: "), (g['wrong_legend'], count)
        assert f"cta_wrong_legend_{op}" in s['widgets'], op
        w = want[0]
        words = "needs" if op != "C" else "holds"
        assert g['wrong_text'][0].startswith(f"wrong: thread {w[2]} V{w[3]} {words} "), g['wrong_text'][0]
    else:
        assert "wrong" not in g['join'] and f"cta_wrong_legend_{op}" not in s['widgets'], op
    marked += len(want)
print(f"{marked} wrong cells over {t} threads, as fragviz-cli tiled lists them")
PY
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
