#!/usr/bin/env bash
# Newcomer round 33: the fragments view said "Cell = owning lane: T<lane> V<element>" (its header
# line and the legend above A) over m16n8k16's cells, which at the opening zoom show "T5" alone;
# the exported picture said "Cell: T<lane>". The legend now says what the cells show at the zoom,
# in the export's words (scene::cell_legend): "T<lane>" there, "T<lane> V<element>" after "labels".
source "$(dirname "$0")/lib.sh"
gui_init "$@"
F="s['fragments_view']"
LEGEND="s['text_lines']['fragments_legend']['text']"
corner() { q "any(t['text'] == '$1' for t in $F['texts'])"; }
start_app --no-device --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
wait_for "$F['cells_drawn'] > 0 and 'fragments_legend' in s['text_lines']"
MODE=$(q "$F['label_mode']")
[ "$MODE" = owner ] || fail "m16n8k16 opens with cells labelled '$MODE', not the lane alone: this test checks nothing"
wait_for "$LEGEND == 'PTX ISA prediction. Cell: T<lane>, coloured by lane. Click to select a lane.'" ||
  fail "the header's legend reads '$(q "$LEGEND")' over cells that show T<lane>"
[ "$(corner 'Cell: T<lane>, coloured by lane')" = True ] || fail "the corner's legend: $(q "[t['text'] for t in $F['texts']][:8]")"

click $(centre_of "s['widgets']['fragments_labels']")
wait_for "$F['label_mode'] == 'full'" || fail "'labels' did not label every cell whole: $(q "$F['label_mode']")"
wait_for "$LEGEND == 'PTX ISA prediction. Cell: T<lane> V<element>, coloured by lane. Click to select a lane.'" ||
  fail "after 'labels' the header's legend reads '$(q "$LEGEND")'"
wait_for "$(printf '%s' "any(t['text'] == 'Cell: T<lane> V<element>, coloured by lane' for t in $F['texts'])")" ||
  fail "after 'labels' the corner's legend: $(q "[t['text'] for t in $F['texts']][:8]")"
quit_app
echo "PASS"
