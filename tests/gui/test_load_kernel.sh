#!/usr/bin/env bash
# File > Load kernel on the real window, with or without a GPU: a grid that does not parse is
# refused in the window (with its column) before anything starts; a source that does not compile
# comes back from the kernel runner's child process as "file:line: error" in the window and the
# gate panel, and the app stays up. With no kernel runner (a build without CUDA) the run says so.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_load_kernel' in s['widgets']"
click $(centre_of "s['widgets']['menu_load_kernel']")
wait_for "s['kernel']['open'] == True and 'kernel_source' in s['widgets']"
# Empty fields: refused, nothing started.
wait_for "'no kernel source' in s['kernel']['reason']"

src_file="$SRC/tests/cli/kernels/syntax_error.cu"
type_into kernel_source "s['kernel']['source']" "$src_file" "s['kernel']['source'] == '$src_file'"
type_into kernel_entry "s['kernel']['entry']" broken "s['kernel']['entry'] == 'broken' and s['kernel']['reason'] == ''"
# With --no-device, the window says before Run that Run only compiles (newcomer round 7: it said
# "ready: Run compiles broken and runs it through the gate"). A build without CUDA names that
# reason instead of --no-device.
wait_for "s['kernel']['status'].startswith(('no GPU (disabled with --no-device): Run only compiles broken', 'no GPU (this build has no CUDA (model only); a GPU run needs an NVIDIA GPU of sm_75 or newer): Run only compiles broken'))"

# A grid that does not parse: said in the window, with the column.
click $(centre_of "s['widgets']['kernel_grid']")
xdotool key End
xdotool type --delay 40 -- "+"
wait_for "'col 11' in s['kernel']['reason']"
echo "grid refusal: $(q "s['kernel']['reason']")"
xdotool key BackSpace
wait_for "s['kernel']['reason'] == '' and s['kernel']['grid'] == 'n/64,n/64'"

# The fields stay where they are when a run's error appears above them (newcomer round 4: each new
# line pushed them down, and clicks aimed at one field landed in the next).
source_y=$(q "s['widgets']['kernel_source'][1]")
click $(centre_of "s['widgets']['kernel_run']")
if [ -x "$(dirname "$CLI")/fragviz-kernel-runner" ]; then
  wait_for "s['kernel']['is_last_run'] and s['kernel']['last_kind'] == 'compile' and 'syntax_error.cu:5: error' in s['kernel']['last_error']" 60
else
  wait_for "s['kernel']['is_last_run'] and 'fragviz-kernel-runner was not found' in s['kernel']['last_error']" 60
fi
echo "run: $(q "s['kernel']['last_error']")"
wait_for "'kernel_last_error' in s['widgets'] and abs(s['widgets']['kernel_source'][1] - $source_y) < 0.5" 5
screenshot_not_blank "$WORK/load_kernel.png"
app_alive || fail "fragviz exited"
quit_app
echo PASS
