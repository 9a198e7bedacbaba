#!/usr/bin/env bash
# Newcomer issue 22, File > Export: with Operand A and Crop on, rows 0 to 9999 read "rows 0-9999
# (10000 rows)" and only Export said "outside A's 16 x 8". The dialog says it as soon as the range
# is typed, and Export (its button and Enter) does nothing until the range fits. And Enter after a
# click on a disabled crop field exported to the default path: Enter after a click on a crop field
# is that field's; a click elsewhere gives it back to Export.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
export HOME="$WORK/home"  # the default export folder: no picture lands in the real home
mkdir -p "$HOME"
OUT="$HOME/fragviz-fragments.svg"
ED="s['export_dialog']"
start_app --no-device --instr mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
wait_for "'Fragments: mma.sync A, B, C/D' in s['windows']"
if ! open_export; then
  echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"
  exit 77
fi
wait_for "$ED['view'] == 'fragments'"
click $(centre_of "s['widgets']['export_operand']")
wait_for "'export_operand_filter' in s['widgets']"
xdotool type --delay 40 "A"
xdotool key Return
wait_for "'export_operand_filter' not in s['widgets'] and $ED['operand'] == 'A'"
click $(centre_of "s['widgets']['export_crop']")
wait_for "$ED['crop'] and 'export_crop_problem' not in s['widgets']"
enter_number export_crop_rows_last 9999 "'export_crop_problem' in s['widgets']"
echo "rows 0-9999 of A (16 x 8): the problem is said before Export"
# Enter, then the Export button: neither writes while the range is outside A.
xdotool key Return
sleep 0.5
click $(centre_of "s['widgets']['export_ok']")
sleep 1
[ -e "$OUT" ] && fail "Export wrote $OUT with rows 0-9999 of a 16-row operand"
# Back inside: the problem goes.
enter_number export_crop_rows_last 15 "'export_crop_problem' not in s['widgets']"
# Crop off: its fields are disabled. A click on one, then Enter: nothing is written.
click $(centre_of "s['widgets']['export_crop']")
wait_for "not $ED['crop']"
click $(centre_of "s['widgets']['export_crop_rows_last']")
sleep 0.3
xdotool key Return
sleep 1
[ -e "$OUT" ] && fail "Enter after a click on a disabled crop field wrote $OUT"
# A click elsewhere (the title checkbox, twice: as it was) gives Enter back to Export.
click $(centre_of "s['widgets']['export_title_and_legend']")
sleep 0.3
click $(centre_of "s['widgets']['export_title_and_legend']")
sleep 0.3
xdotool key Return
for _ in $(seq 30); do [ -e "$OUT" ] && break; sleep 0.1; done
[ -e "$OUT" ] || fail "Enter after a click outside the crop fields did not export"
xdotool key Escape
quit_app
echo PASS
