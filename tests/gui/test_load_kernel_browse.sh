#!/usr/bin/env bash
# File > Load kernel's Browse... is the file browser File > Open report uses, on CUDA sources: it
# opens in the folder of the typed source, lists folders first and only *.cu and *.cuh files (a
# .txt and a .json left out and counted), and the file picked becomes the source path; the typed
# path field stays and still takes a path.
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

# A typed path first (the field is kept): the browser then starts in its folder.
typed="$K/typed.cu"
for attempt in 1 2 3; do
  click $(centre_of "s['widgets']['kernel_source']")
  sleep 0.3
  xdotool key ctrl+a BackSpace
  xdotool type --delay 40 -- "$typed"
  for _ in $(seq 50); do  # a loaded machine can take seconds to take every key
    [ "$(q "s['kernel']['source']")" = "$typed" ] && break 2
    sleep 0.1
  done
  echo "kernel_source: not there yet (attempt $attempt), retyping"
done
wait_for "s['kernel']['source'] == '$typed'"

click $(centre_of "s['widgets']['kernel_browse']")
wait_for "s['kernel_browser']['visible'] == True and s['kernel_browser']['dir'] == '$K'"
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
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
