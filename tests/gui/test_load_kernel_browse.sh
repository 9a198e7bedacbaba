#!/usr/bin/env bash
# File > Load kernel's Browse... is the file browser File > Open report uses, on CUDA sources: its
# path field takes a folder, it lists folders first and only *.cu and *.cuh files (a .txt and a
# .json left out and counted), the file picked becomes the source path, and the next Browse...
# opens in that source's folder. (The typed source field itself: test_load_kernel.)
source "$(dirname "$0")/lib.sh"
gui_init "$@"

K="$WORK/kernels"
mkdir -p "$K/sub"
cp "$SRC/tests/cli/kernels/syntax_error.cu" "$K/a.cu"
printf '#pragma once\n' >"$K/b.cuh"
echo notes >"$K/notes.txt"
echo '{}' >"$K/report.json"

start_app --no-device
click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_load_kernel' in s['widgets']"
click $(centre_of "s['widgets']['menu_load_kernel']")
wait_for "s['kernel']['open'] == True and 'kernel_browse' in s['widgets']"

# The browser's own path field has the keyboard when it opens (as in File > Open report): the
# kernels' folder typed there, Enter.
click $(centre_of "s['widgets']['kernel_browse']")
wait_for "s['kernel_browser']['visible'] == True"
xdotool type --delay 30 "$K"
wait_for "s['kernel_browser']['typed'] == '$K'"
xdotool key Return
wait_for "s['kernel_browser']['dir'] == '$K'"
python3 - "$STATE" <<'PY' || fail "the kernel browser does not list CUDA sources only"
import json, sys
b = json.load(open(sys.argv[1]))['kernel_browser']
assert b['filter'] == 'CUDA sources (*.cu, *.cuh)', b['filter']
names = [(e['name'], e['is_dir']) for e in b['entries']]
assert names == [('sub', True), ('a.cu', False), ('b.cuh', False)], names
assert b['filtered'] == 2, b['filtered']  # notes.txt, report.json
print("kernel browser:", names, "2 other files")
PY
click $(centre_of "s['widgets']['browser:a.cu']")
wait_for "s['kernel_browser']['typed'] == '$K/a.cu'"
click $(centre_of "s['widgets']['open_ok']")
wait_for "s['kernel']['source'] == '$K/a.cu' and s['kernel_browser']['visible'] == False"
# The Open report browser was not touched.
[ "$(q "s['file_browser']['visible']")" = False ] || fail "the report browser opened too"
# Browse... again: it opens in the folder of the source now in the field.
click $(centre_of "s['widgets']['kernel_browse']")
wait_for "s['kernel_browser']['visible'] == True and s['kernel_browser']['dir'] == '$K'"
xdotool key Escape
wait_for "s['kernel_browser']['visible'] == False and s['kernel']['source'] == '$K/a.cu'"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
