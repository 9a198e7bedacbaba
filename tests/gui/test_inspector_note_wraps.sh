#!/usr/bin/env bash
# The Lane inspector's note where a register has no value wraps at the window's edge (newcomer
# round 25: a narrow inspector cut "(no value: 32 b..." off). In a 900 x 700 window the inspector is
# about 210 pixels wide; lane 0 at m16n8k8 without a report: its C/D registers c0-c3 hold no value
# (no probe names D without a report), each .f32 (PTX ISA: 32 bits): the whole note shows, its
# right edge inside the window's view (text_lines).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
APP_SIZE=900x700 start_app --no-device
wait_for "len(s['cells']['A']) == 128" || fail "the fragments view drew no m16n8k8"
click $(cell_centre A 0 0)
wait_for "s['selected_lane'] == 0 and s['inspector']['lane'] == 0" || fail "lane 0 is not inspected"
for r in 0 1 2 3; do
  L="s['text_lines']['inspector_value_C$r']"
  wait_for "'inspector_value_C$r' in s['text_lines']" 10 || fail "the inspector shows no value line for c$r"
  wait_for "$L['text'] == '(no value: 32 bits)'" 5 || fail "c$r's note: $(q "$L['text']")"
  wait_for "not $L['clipped'] and $L['right'] <= $L['view_right'] + 0.5" 5 ||
    fail "c$r's note runs past the inspector's edge: $(q "$L")"
done
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
