#!/usr/bin/env bash
# View > CTA tile, "Run on GPU" (issue 25): the copy probes of fragviz-cli tiled --device from the
# window, on the app's job thread.
#  - with --no-device the button is greyed and the window says the CLI's words, "no usable GPU:
#    disabled with --no-device"; a click on it starts nothing;
#  - started with a device search: on a machine without a usable GPU the window's reason is the one
#    fragviz-cli tiled --device prints; with one, a click measures the sm80 preset: A's and B's
#    loads "as the model predicted", C "not probed" (the preset has no shared C), "measured on <GPU>",
#    and the tiled MMA's C by value: all 16384 C values match A x B^T; A's and B's cp.async fill
#    every shared cell with its element, as the model predicted; then the Hopper preset's wgmma
#    tile by value (on an sm_90 GPU all 16384 C values match; elsewhere the refusal, sm_90a only,
#    as fragviz-cli tiled --device says it).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -n "$CLI" ] || fail "usage: test.sh <fragviz> <fragviz-cli>"
C="s['cta_tile']"
D="$C['device']"

# run_on_gpu: "Run on GPU" scrolled into view (the tiled window may run below the window's bottom)
# and clicked until the job leaves idle, as a user clicks again when nothing happened.
run_on_gpu() {
  local _ i
  for _ in 1 2 3; do
    canvas_reveal cta_run_gpu
    click $(centre_of "s['widgets']['cta_run_gpu']")
    for i in $(seq 20); do [ "$(q "$D['status'] != 'idle'")" = True ] && return 0; sleep 0.1; done
  done
  fail "Run on GPU started nothing after three clicks"
}

start_app --no-device
open_from_view_menu view_cta_tile "$C['open']"
wait_for "$C['ok'] and $C['preset'] == 'sm80-gemm-128x128x32' and 'cta_run_gpu' in s['widgets']"
wait_for "not $D['available'] and $D['blocked'] == 'no usable GPU: disabled with --no-device'"
wait_for "$D['status'] == 'idle' and $D['measured'] == [] and not $D['current']"
canvas_reveal cta_run_gpu  # the tiled window may run below the window's bottom: scroll as a user does
click $(centre_of "s['widgets']['cta_run_gpu']")
sleep 0.5
wait_for "$D['status'] == 'idle' and $D['measured'] == [] and 'cta_measured_A' not in s['widgets']"
wait_for "$D['tiled_mma'] == '' and 'cta_measured_mma' not in s['widgets']"
quit_app

start_app
wait_for "$C['open'] and $C['ok'] and 'cta_run_gpu' in s['widgets']"
wait_for "$D['blocked'] != 'looking for a CUDA device'" 30
if [ "$(q "$D['available']")" = False ]; then
  # The CLI's line: "fragviz-cli tiled: --device: <the window's reason> (the model's joins ...)".
  said=$("$CLI" tiled --preset sm80-gemm-128x128x32 --device 2>&1 >/dev/null)
  reason=$(q "$D['blocked']")
  [[ "$reason" == "no usable GPU: "* ]] || fail "the window's reason is not the CLI's: $reason"
  grep -qF -- "--device: $reason (" <<<"$said" || fail "the CLI says '$said', the window '$reason'"
else
  # The catalogue's probes land first and may re-tile the views (their measured lines): click after.
  wait_for "s['catalogue_measured']['measured'] > 0" 60
  sleep 0.5
  run_on_gpu
  wait_for "$D['status'] == 'done' and $D['current']" 60
  wait_for "$D['measured'][0].endswith('all 8192 match (128 threads x 64 values), as the model predicted')"
  wait_for "$D['measured'][1].endswith('as the model predicted') and $D['model_disagreements'][:2] == [0, 0]"
  wait_for "$D['measured'][2] == 'measured: not probed: no copy for C' and $D['gpu'] != ''"
  # A's and B's cp.async fill, measured under each fill line.
  wait_for "$D['fill_measured'][0].endswith('all 4096 shared cells hold their element (128 threads x 4 cp.async x 8 values), as the model predicted')"
  wait_for "$D['fill_measured'][1].endswith(', as the model predicted') and 'cta_fill_measured_A' in s['widgets']"
  wait_for "'cta_measured_A' in s['widgets'] and 'cta_measured_C' in s['widgets']"
  wait_for "$D['tiled_mma'].startswith('tiled MMA measured on ') and 'cta_measured_mma' in s['widgets']"
  wait_for "$D['tiled_mma'].endswith('all 16384 C values match A x B^T, as the model predicted')"
  for _ in 1 2 3; do
    canvas_reveal cta_preset
    click $(centre_of "s['widgets']['cta_preset']")
    for i in $(seq 20); do [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break; sleep 0.1; done
    [ "$(q "'cta_preset_filter' in s['widgets']")" = True ] && break
    xdotool key Escape
  done
  xdotool type --delay 40 sm90-wgmma
  wait_for "'cta_preset:sm90-wgmma-128x128x64' in s['widgets']"
  xdotool key Return
  wait_for "$C['preset'] == 'sm90-wgmma-128x128x64' and $C['ok'] and 'cta_run_gpu' in s['widgets']"
  run_on_gpu
  wait_for "$D['status'] == 'done' and $D['current'] and $D['tiled_mma'] != ''" 60
  said=$("$CLI" tiled --preset sm90-wgmma-128x128x64 --device 2>/dev/null | grep '^tiled MMA')
  if [ "$(q "'sm_90a only' in $D['tiled_mma']")" = True ]; then
    [ "$(q "$D['tiled_mma']")" = "$said" ] || fail "the window says '$(q "$D['tiled_mma']")', the CLI '$said'"
  else
    wait_for "$D['tiled_mma'].startswith('tiled MMA measured on ') and 'm64n128k16' in $D['tiled_mma']"
    wait_for "$D['tiled_mma'].endswith('all 16384 C values match A x B^T, as the model predicted')"
  fi
fi
quit_app
echo "ok"
