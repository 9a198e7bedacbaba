#!/usr/bin/env bash
# Opening a view leaves the other views' zoom as it was (issue 22): at 1600x1000 the fragments and
# bank views open at their first ("labels") zoom, worked out from their size; View > Warpgroup
# takes part of their column, which works the bank view's first zoom out again (readable_zoom
# changes), and the zoom followed it. Both views' zoom must stay what it was, while the warpgroup
# view is open and after it is closed again; the fragments view's cells keep their size too (its
# fit stays as it was under a zoom the user has: gui.test_fragments_keep_cells).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
F="s['fragments_view']"
B="s['banks_view']"

start_app --no-device
wait_for "$F['cells_drawn'] > 0 and $B['drawn'] and $F['zoom'] == $F['readable_zoom'] and $B['zoom'] == $B['readable_zoom']"
sleep 1
read -r FZ FR BZ BR <<<"$(q "$F['zoom'], $F['readable_zoom'], $B['zoom'], $B['readable_zoom']" | tr -d '(),')"
FC=$(q "$F['cell_size']")
FH=$(q "s['windows']['Fragments: mma.sync A, B, C/D']['rect'][3]")
echo "before: fragments zoom $FZ (first $FR), banks zoom $BZ (first $BR)"

open_view warpgroup
wait_for "s['hopper']['warpgroup']['drawn']"
sleep 1
# The views' size changed (the bank view's first zoom with it), so a zoom that followed would have
# moved; the fragments view got shorter (its cells used to shrink with it).
wait_for "s['windows']['Fragments: mma.sync A, B, C/D']['rect'][3] < $FH - 100 and $B['readable_zoom'] != $BR"
echo "warpgroup open: fragments zoom $(q "$F['zoom']") (first $(q "$F['readable_zoom']")), banks zoom $(q "$B['zoom']") (first $(q "$B['readable_zoom']"))"
[ "$(q "$F['zoom'] == $FZ and $B['zoom'] == $BZ")" = True ] ||
  fail "opening the warpgroup view changed the zoom: fragments $FZ -> $(q "$F['zoom']"), banks $BZ -> $(q "$B['zoom']")"
[ "$(q "$F['cell_size'] == $FC")" = True ] ||
  fail "opening the warpgroup view changed the fragments cells: $FC -> $(q "$F['cell_size']")"

close_view warpgroup
wait_for "not s['hopper']['windows']['warpgroup']"
sleep 1
[ "$(q "$F['zoom'] == $FZ and $B['zoom'] == $BZ")" = True ] ||
  fail "closing the warpgroup view changed the zoom: fragments $FZ -> $(q "$F['zoom']"), banks $BZ -> $(q "$B['zoom']")"
quit_app
echo "PASS"
