#!/usr/bin/env bash
# Newcomer round 30: the Algebra window's caret under a refused expression was drawn, with its echo
# of the expression, in the small font, while the field above shows the text in the UI font: it
# pointed at another character than the one the message names. The echo and the caret are now in
# the field's font, the echo starting where the field's text starts, and the caret under the named
# column: 'x' of "(1,4x)", column 42, the last character but two.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
A="s['algebra']"
start_app --no-device
open_from_view_menu view_algebra "$A['open']"
wait_for "$A['ok']"
E='logical_divide((16,64):(64,1), (8,8):(1,4x))'
type_into algebra_expression "$A['expression']" "$E" "$A['expression'] == '$E' and 'algebra_caret' in s['widgets']"
sleep 0.3
python3 - "$STATE" <<'PY' || fail "the caret is not in the field's font, under its column"
import json, sys
s = json.load(open(sys.argv[1]))
ui = s['fonts']['ui']['px']
field, echo, caret = (s['widgets'][k] for k in ('algebra_expression', 'algebra_echo', 'algebra_caret'))
print("ui font", ui, "field", field, "echo", echo, "caret", caret)
# One line of the UI font each (ImGui's text height is the font's size).
assert abs(echo[3] - ui) < 0.5 and abs(caret[3] - ui) < 0.5, "not the UI font"
# The echo starts where the field's text does: inside the field, left of its middle.
assert field[0] < echo[0] < field[0] + field[3], "the echo does not start at the field's text"
# Column 42 of 44: the caret's centre lies in the echo's last eighth, not past its end.
centre = caret[0] + caret[2] / 2
assert echo[0] + echo[2] * 7 / 8 < centre < echo[0] + echo[2], ("caret", centre, "echo", echo)
PY
quit_app
echo PASS
