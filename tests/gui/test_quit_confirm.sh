#!/usr/bin/env bash
# File > Quit... asks first (issue 22: it sat right under "Close comparison" and quit at once):
# Cancel keeps the app running, Quit ends it with status 0. Ctrl+Q stays immediate (lib.sh's quit_app).
# First, Escape closes an open menu of the menu bar and an open picker list, and only that (issue 22:
# a menu stayed open).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

open_quit() {
  wait_for "'menu_file' in s['widgets']"
  click $(centre_of "s['widgets']['menu_file']")
  wait_for "'menu_quit' in s['widgets']"
  click $(centre_of "s['widgets']['menu_quit']")
  wait_for "'quit_dialog' in s['widgets'] and 'quit_cancel' in s['widgets']"
}

echo "step: Escape closes the File menu, then the View menu, then the instruction picker's list"
for menu in menu_file menu_view; do
  wait_for "'$menu' in s['widgets']"
  click $(centre_of "s['widgets']['$menu']")
  wait_for "[p['menu'] for p in s['open_popups']] == [True]"
  xdotool key Escape
  wait_for "s['open_popups'] == []" 3
done
click $(centre_of "s['widgets']['instruction_combo']")
wait_for "s['picker_open'] and len(s['open_popups']) == 1"
xdotool key Escape
wait_for "not s['picker_open'] and s['open_popups'] == []" 3
app_alive || fail "Escape ended the app"

echo "step: File > Quit... asks; Cancel keeps the app"
open_quit
app_alive || fail "File > Quit... quit without asking"
# It says what comes back (it said "comparisons end with it", and they came back: newcomer round 26).
wait_for "'quit_dialog_text' in s['text_lines']"
text=$(q "s['text_lines']['quit_dialog_text']['text']")
echo "quit dialog: $text"
case "$text" in
  *"open reports and comparison come back at the next start"*) ;;
  *) fail "the Quit dialog does not say that reports and the comparison come back: $text" ;;
esac
case "$text" in *"comparisons end"*) fail "the Quit dialog says comparisons end: $text" ;; esac
click $(centre_of "s['widgets']['quit_cancel']")
wait_for "'quit_dialog' not in s['widgets']"
sleep 0.5
app_alive || fail "Cancel quit the app"

echo "step: File > Quit..., then Quit: the app ends with status 0"
open_quit
click $(centre_of "s['widgets']['quit_ok']")
for _ in $(seq 50); do app_alive || break; sleep 0.1; done
app_alive && fail "Quit in the dialog did not quit"
wait "$APP_PID"
rc=$?
APP_PID=""
[ "$rc" = 0 ] || fail "fragviz exited with status $rc after Quit"
echo "PASS"
