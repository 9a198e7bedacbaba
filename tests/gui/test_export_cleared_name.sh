#!/usr/bin/env bash
# Newcomer round 34: in File > Export the File field cleared (Ctrl+A, Backspace) and Export pressed
# wrote the default name (fragviz-fragments.svg in the folder used last): the empty field was refilled
# before the click took it. A cleared name stays empty, and Export says so and writes nothing; the
# default comes back when the dialog opens again.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
D="s['export_dialog']"
start_app --no-device
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
default=$(q "$D['path']")
[ -n "$default" ] || fail "the dialog opened with no name"
case "$default" in /*) ;; *) default="$HOME/$default" ;; esac
rm -f "$default"
type_into export_path "$D['path']" "" "$D['path'] == ''"
click $(centre_of "s['widgets']['export_ok']")
wait_for "$D['message'] != ''" 5 || fail "Export with no name said nothing"
[ "$(q "$D['message']")" = "no file name given" ] || fail "Export with no name said '$(q "$D['message']")'"
[ "$(q "$D['path']")" = "" ] || fail "the cleared name became '$(q "$D['path']")'"
[ ! -e "$default" ] || fail "Export with no name wrote $default"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
