#!/usr/bin/env bash
# File > Load kernel's include folders on the real window: a folder that is not there is refused in
# the window before Run (NVRTC would skip it silently), the CUTLASS box with no headers fetched says
# to run tools/fetch-cutlass.sh, and both fields are saved and come back at the next start, where
# headers are found (a fake cute/tensor.hpp under $FRAGVIZ_CUTLASS_DIR).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/no_cutlass" "$WORK/fake_cutlass/cutlass/include/cute" "$WORK/inc"
touch "$WORK/fake_cutlass/cutlass/include/cute/tensor.hpp"
export FRAGVIZ_CUTLASS_DIR="$WORK/no_cutlass"
start_app --no-device

open_load_kernel() {
  click $(centre_of "s['widgets']['menu_file']")
  wait_for "'menu_load_kernel' in s['widgets']"
  click $(centre_of "s['widgets']['menu_load_kernel']")
  wait_for "s['kernel']['open'] == True and 'kernel_include' in s['widgets'] and 'kernel_cutlass' in s['widgets']"
}
open_load_kernel
src_file="$SRC/examples/kernels/mma_m16n8k16.cu"
type_into kernel_source "s['kernel']['source']" "$src_file" "s['kernel']['source'] == '$src_file'"
type_into kernel_entry "s['kernel']['entry']" mma_m16n8k16 "s['kernel']['entry'] == 'mma_m16n8k16' and s['kernel']['reason'] == ''"

# A folder that is not there, after one that is: the missing one is named.
type_into kernel_include "s['kernel']['include']" "$WORK/inc:$WORK/no_such_dir" \
  "s['kernel']['reason'] == \"include folder '$WORK/no_such_dir': no such folder\""
echo "include refusal: $(q "s['kernel']['reason']")"
type_into kernel_include "s['kernel']['include']" "$WORK/inc" \
  "s['kernel']['include'] == '$WORK/inc' and s['kernel']['reason'] == ''"

# The CUTLASS box where nothing was fetched: refused, saying how to fetch the headers.
click $(centre_of "s['widgets']['kernel_cutlass']")
wait_for "s['kernel']['cutlass'] == True and s['kernel']['reason'].startswith('no CUTLASS headers in FRAGVIZ_CUTLASS_DIR=$WORK/no_cutlass') and 'run tools/fetch-cutlass.sh' in s['kernel']['reason']"
echo "cutlass refusal: $(q "s['kernel']['reason']")"
app_alive || fail "fragviz exited"
quit_app

python3 - "$WORK/cfg/settings.json" "$WORK/inc" <<'PY' || fail "settings.json lacks the include fields"
import json, sys
k = json.load(open(sys.argv[1]))["kernel"]
assert k["include"] == sys.argv[2] and k["cutlass"] is True, k
PY

# The next start: both fields back; with headers under FRAGVIZ_CUTLASS_DIR the form is ready.
export FRAGVIZ_CUTLASS_DIR="$WORK/fake_cutlass"
start_app --no-device
open_load_kernel
wait_for "s['kernel']['include'] == '$WORK/inc' and s['kernel']['cutlass'] == True and s['kernel']['reason'] == ''"
screenshot_not_blank "$WORK/load_kernel_includes.png"
quit_app
echo PASS
