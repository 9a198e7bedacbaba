#!/usr/bin/env bash
# The stmatrix and movmatrix grids say at each zoom what the shared cell-label rule gives
# (viewmodel/cell_labels.hpp's cell_label_mode, which the fragments, warpgroup and bank grids
# follow), not thresholds of their own (issue 22: the stmatrix page had its own, with no lane-number
# level and two lines where one line held both words). From "fit", zoomed in about the grid step by
# step (Ctrl+wheel over the view) to 16x, each grid's level:
#  - is one of the rule's (full, two_lines, owner, number, none) and never falls as the cells grow;
#  - passes through every level: the lane's number, then the owner's word, then two lines; on the
#    stmatrix tile at 16x, cells far wider than both words, "full": both words on one line;
#  - is what each labelled cell says: full and two_lines both words ("T5 r2.hi", "T1.lo <T8.lo"),
#    owner the first ("T5", "T1.lo"), number the lane's number alone.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
open_view moves
M="s['hopper']['moves']"

# climb PAGE VIEWKEY GRID FIT CHILD: "fit", then Ctrl+wheel over the middle of the grids' view CHILD
# until zoom 16, the page's level and its cells' words appended to $WORK/PAGE.levels at each zoom.
climb() {
  local page=$1 key=$2 grid=$3 fit=$4 child=$5 _
  click $(centre_of "s['widgets']['$fit']")
  wait_for "$M['$key']['zoom'] == 1"
  : >"$WORK/$page.levels"
  # 13 steps of 1.25 from 1x; room for wheel turns a loaded machine drops.
  for _ in $(seq 40); do
    sleep 0.4
    python3 -c "
import json; s=json.load(open('$STATE')); v=s['hopper']['moves']['$key']
print(json.dumps([v['zoom'], s['hopper']['moves']['grids']['$grid']['cell'][0], v['labels'], v['cell_labels']]))" >>"$WORK/$page.levels"
    [ "$(q "$M['$key']['zoom'] >= 16")" = True ] && break
    read -r GX GY <<<"$(centre_of "s['widgets']['$child']")"
    xdotool mousemove --window "$WID" "$GX" "$GY" keydown ctrl click 4 keyup ctrl
  done
  xdotool mousemove --window "$WID" 5 995
}

# check PAGE: the levels of $WORK/PAGE.levels against the rule's order and the cells' words.
check() {
  python3 - "$1" "$WORK/$1.levels" <<'PY' || fail "the $1 grid's labels do not follow the shared cell-label rule"
import json, re, sys
page, rows = sys.argv[1], [json.loads(l) for l in open(sys.argv[2])]
order = ['none', 'number', 'owner', 'two_lines', 'full']
seen = [(round(z, 2), round(cell), level) for z, cell, level, _ in rows]
print(page, seen)
assert all(level in order for _, _, level in seen), seen
ranks = [order.index(level) for _, _, level in seen]
assert ranks == sorted(ranks), ('a level fell as the cells grew', seen)
assert rows[-1][0] >= 16, ('never reached 16x', seen[-1])
# Every level on the way: the lane's number before the owner, two lines before one.
assert {'none', 'number', 'owner', 'two_lines'} <= {level for _, _, level in seen}, seen
# stmatrix's cells at 16x are far wider than "T31 r3.hi"; movmatrix's two grids side by side at fit
# leave them smaller (64 px at 1600x1000), two lines at least.
assert seen[-1][2] == 'full' if page == 'stmatrix' else seen[-1][2] in ('two_lines', 'full'), ('at 16x', seen[-1])
word = r'T\d+ r\d\.(lo|hi)' if page == 'stmatrix' else r'T\d+\.(lo|hi) (M\d,\d|<T\d+\.(lo|hi))'
first = r'T\d+' if page == 'stmatrix' else r'T\d+\.(lo|hi)'
want = {'full': word, 'two_lines': word, 'owner': first, 'number': r'\d+'}
for z, cell, level, labels in rows:
    said = [t for _, _, t in labels] if page == 'stmatrix' else [t for g in labels.values() for _, _, t in g]
    if level == 'none':
        assert not said, (z, level, said[:3])
        continue
    assert said and all(re.fullmatch(want[level], t) for t in said), (z, level, said[:3])
PY
}

wait_for "$M['drawn'] and $M['view'] == 'stmatrix' and $M['grids']['tile']['drawn']"
climb stmatrix stmatrix_view tile st_fit st_view
check stmatrix
shot stmatrix-16x

click $(centre_of "s['widgets']['moves_movmatrix']")
wait_for "$M['view'] == 'movmatrix' and $M['grids']['before']['drawn']"
climb movmatrix movmatrix_view before mov_fit mov_view
check movmatrix
shot movmatrix-16x
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
