#!/usr/bin/env bash
# File > Compare with report: the pinned H200 probe report (tests/fixtures/reports/) is shown; a copy in which one element was
# edited by hand (A of the default m16n8k8 f16 instruction, lane 5 element 1: its label lost, so
# measured in no cell) is compared with it. The Differences list has exactly that element's two
# content differences (its measured cell and its raw label), the fragments
# view marks exactly that one cell (the one lane 5 element 1 owns), the window's X hides the list
# only, and closing the comparison takes the marks away and leaves the shown report as it was.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

# The 2026-12-01 run of every mma.sync probe, 4 of its entries kept (m16n8k8 f16 among them).
A=$(fixture h200-2026-12-01-probe.json) || fail "the pinned probe report is missing"
B="$WORK/edited.json"
python3 - "$A" "$B" <<'PY' || fail "could not write the edited report"
import json, sys
j = json.load(open(sys.argv[1]))
mn = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
done = 0
for p in j["probe"]["instructions"]:
    if p["mnemonic"] != mn:
        continue
    for e in p["elements"]:
        if e[0] == "A" and e[1] == 5 and e[2] == 1:
            # Its label lost (no readable label at its cell, so measured in no cell): the one
            # element of the two reports that differs. (Editing "measured" alone is refused: the
            # raw labels say where each label was.)
            e[4] = None
            e[5] = 0
            done += 1
assert done == 1, done
json.dump(j, open(sys.argv[2], "w"))
PY

start_app --no-device "$A"
wait_for "s['report_path'] == '$A' and s['comparison'] is None and s['compare_marked'] == {}"
want=$(python3 -c "import json; s=json.load(open('$STATE')); c=[c for c in s['cells']['A'] if c['lane']==5 and c['element']==1]; print([c[0]['row'], c[0]['col']] if len(c)==1 else 'none')")
[ "$want" != none ] || fail "no single A cell of lane 5 element 1 in the dump"

open_compare_browser
xdotool type --delay 20 "$B"
wait_for "s['compare_browser']['typed'] == '$B'"
xdotool key Return
wait_for "s['comparison'] is not None and s['comparison']['path'] == '$B'" 20
echo "comparison: $(q "s['comparison']['headline']")"
wait_for "s['comparison']['content'] == 2 and len([l for l in s['comparison']['lines'] if 'A lane 5 element 1' in l]) == 2"
wait_for "s['compare_marked'] == {'A': [$want]}"
wait_for "'compare_list' in s['widgets'] and s['report_path'] == '$A'"
# Issue 22 (D7): each Differences row ends inside the list, never running past the edge (a longer
# row wraps: test_compare_counts.sh).
rows="[v for k, v in s['text_lines'].items() if k.startswith('compare_row_')]"
wait_for "len($rows) >= 2 and all(not r['clipped'] and not r['cut'] and r['text'] in s['comparison']['lines'] for r in $rows)"

# Issue 22: the compared file enters File > Recent reports, and the Differences window's X hides
# the list only: the comparison and its marks stay until File > Close comparison (File > Show
# differences brings the list back).
wait_for "s['recent_reports'][0] == '$B'"
click $(centre_of "s['widgets']['differences_x']")
wait_for "s['comparison'] is not None and not s['comparison']['window_open'] and 'compare_list' not in s['widgets']"
wait_for "s['compare_marked'] == {'A': [$want]}"
click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_show_differences' in s['widgets']"
click $(centre_of "s['widgets']['menu_show_differences']")
wait_for "s['comparison']['window_open'] and 'compare_list' in s['widgets']"

click $(centre_of "s['widgets']['compare_close']")
wait_for "s['comparison'] is None and s['compare_marked'] == {} and s['report_path'] == '$A'"
quit_app
echo "PASS"
