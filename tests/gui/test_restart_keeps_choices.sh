#!/usr/bin/env bash
# Issue 22, "nothing the user made is lost": choices made with clicks come back after a restart.
#  - the stmatrix / movmatrix window's tab (movmatrix), which opened on stmatrix again;
#  - the descriptor view's start address typed (1024 bytes), which went back to 0;
#  - the fragments view's zoom moved off its first one ("fit": zoom 1 on the fitted size, below the
#    readable zoom);
#  - File > Export's view (banks, taken from its list) and Crop, the dialog's choices.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
M="s['hopper']['moves']"
D="s['hopper']['descriptor']"

open_view moves
wait_for "$M['drawn'] and $M['view'] == 'stmatrix'"
click $(centre_of "s['widgets']['moves_movmatrix']")
wait_for "$M['view'] == 'movmatrix'"

open_view descriptor
wait_for "$D['drawn'] and $D['start'] == 0 and 'desc_start' in s['widgets']"
enter_number desc_start 1024 "$D['start'] == 1024"

# The first zoom is the readable one (zoom 1 on the readable cell size); "fit" moves off it: zoom 1
# on the fitted size, where the readable zoom is above 1 at this size.
wait_for "s['fragments_view']['readable_zoom'] == 1 and 'fragments_fit' in s['widgets']"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "s['fragments_view']['zoom'] == 1 and s['fragments_view']['readable_zoom'] > 1"

# File > Export: the bank view from the list (filtered as typed), Crop on, closed without writing.
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['menu_file']")
  for i in $(seq 20); do [ "$(q "'menu_export' in s['widgets']")" = True ] && break; sleep 0.1; done
  click $(centre_of "s['widgets']['menu_export']")
  for i in $(seq 20); do [ "$(q "'export_view' in s['widgets']")" = True ] && break; sleep 0.1; done
  [ "$(q "'export_view' in s['widgets']")" = True ] && break
  xdotool key Escape
done
wait_for "'export_view' in s['widgets']"
click $(centre_of "s['widgets']['export_view']")
wait_for "'export_view_filter' in s['widgets']"
xdotool type --delay 40 banks
wait_for "'export_view:banks' in s['widgets']"
xdotool key Return
wait_for "s['export_dialog']['view'] == 'banks'"
click $(centre_of "s['widgets']['export_crop']")
wait_for "s['export_dialog']['crop']"
click $(centre_of "s['widgets']['export_close']")
wait_for "'export_view' not in s['widgets']"
quit_app

python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the choices"
import json, sys
j = json.load(open(sys.argv[1]))
assert j['moves']['tab'] == 'movmatrix', j['moves']
assert j['descriptor']['start'] == 1024, j['descriptor']
assert j['zoom']['fragments']['zoom'] == 1 and j['zoom']['fragments']['for'].startswith('mma.sync'), j['zoom']
assert j['export_view'] == 'banks' and j['export_crop_on'] is True, (j['export_view'], j['export_crop_on'])
assert j['export_crop'] == 'rows=0-7,cols=0-7', j['export_crop']
PY

start_app --no-device
wait_for "s['settings_notices'] == []"
wait_for "$M['view'] == 'movmatrix' and $D['start'] == 1024"
wait_for "s['fragments_view']['zoom'] == 1 and s['fragments_view']['readable_zoom'] > 1"
wait_for "s['export_dialog']['view'] == 'banks' and s['export_dialog']['crop']"
quit_app
