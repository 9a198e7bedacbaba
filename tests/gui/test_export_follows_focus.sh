#!/usr/bin/env bash
# File > Export opens on the view the user is looking at (issue 26: opened over the Tensor memory
# window it offered the fragments view). From an empty config dir nothing was looked at yet and the
# dialog offers fragments; after View > Tensor memory (the window opens focused) Ctrl+E offers tmem
# and its default file name; once it is closed, a click into the fragments window and Ctrl+E offer
# fragments again.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
D="s['export_dialog']"

# ctrl_e VIEW: Ctrl+E until the dialog is open, then it must offer VIEW; Escape closes it.
ctrl_e() { export_offers "$1" "$D['view'] == '$1'"; }

wait_for "$D['looked_at'] == '' and $D['view'] == 'fragments'"
ctrl_e fragments
open_from_view_menu view_tmem "s['tmem']['open']"
wait_for "$D['looked_at'] == 'tmem'"
ctrl_e tmem
wait_for "$D['path'].endswith('fragviz-tmem.svg')"
# Back to the fragments view (the Tensor memory window, which floats over it, closed from the View
# menu): a click on its "fit" zoom button, the grid as it was.
open_from_view_menu view_tmem "not s['tmem']['open']"
click $(centre_of "s['widgets']['fragments_fit']")
wait_for "$D['looked_at'] == 'fragments'"
ctrl_e fragments
quit_app
echo "PASS"
