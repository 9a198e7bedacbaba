# Sourced by tools/device-gui.sh (FRAGVIZ_GUI_EXPERIMENT, with FRAGVIZ_GUI_BENCH_ONLY=1) at its step
# 1c, with its Xvfb, $app, $build, $root, $work and bench_device. Session 5 found that after any
# kernel faults on the H200, each NEW process with both GL and CUDA stalls ~4.4 s when its probes
# start, while processes without GL do not. Two questions were left:
#   (a) An app already running when another process's kernel faults (Load kernel runs the user's
#       kernel in fragviz-kernel-runner, a child process): is its next CUDA work (a gate run) slowed?
#   (b) Would probes in a process apart from the window's GL avoid the stall? Stand-in: the app with
#       --no-device (GL alone) benchmarked while fragviz-cli probes in a second process.
# Each step prints its own timings; nothing here judges them.
# shellcheck source=tools/experiments/lib.sh
source "$root/tools/experiments/lib.sh"
mkdir -p "$work/starts"  # lib.sh's after writes there (bench_device makes it too)
gpu_state

# (a) one window, a gate run before and after another process's kernel faults.
# shellcheck disable=SC2034  # lib.sh's
APP="$app" SRC="$root" WORK="$work/exp" STATE="$work/exp/state.json"
mkdir -p "$WORK"
# shellcheck source=tests/gui/lib.sh
source "$root/tests/gui/lib.sh"
fail() { die "experiment: $*"; }
export APP_TIMEOUT=300
ms_now() { echo $(($(date +%s%N) / 1000000)); }
# gate_run K: clicks Run gate and waits for the K-th gate result; prints its wall time. ImGui 1.86
# reads the mouse once a frame, so a click inside a stalled frame is lost: it clicks again after 15 s
# without a result (and says so).
gate_run() {
  local t0 i clicks=0
  t0=$(ms_now)
  for i in $(seq 600); do
    if [ $((i % 150)) = 1 ]; then
      # shellcheck disable=SC2046
      click $(centre_of "s['widgets']['run_gate']")
      clicks=$((clicks + 1))
    fi
    if python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['gate']['history_rows'] >= $1 and s['gate']['button_enabled'] else 1)" 2>/dev/null; then
      echo "  gate run $1: $(($(ms_now) - t0)) ms from the first of $clicks click(s) to its result; $(q "s['gate']['verdict_shown']")"
      return 0
    fi
    sleep 0.1
  done
  echo "  gate run $1: no result in 60 s after $clicks clicks"
}
t0=$(ms_now)
start_app
wait_for "s['device']['known']" 120
wait_for "s['gate']['button_enabled']" 120
wait_for "s['fragments_measured_label'] != ''" 120
echo "--- (a) the running app: device and probes ready $(($(ms_now) - t0)) ms after start: $(q "s['fragments_measured_label']")"
gate_run 1
gate_run 2
after user-kernel-fault "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store --block 16,16 --grid n/16,n/16
gate_run 3
gate_run 4
quit_app
bench_device probe after-fault-new-app

# (b) GL and CUDA in different processes after the fault.
after cli-probe-alone "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8
"$cli" probe --shape all --instr all --num x4 --width 64 --pad 8 >"$work/starts/step-cli-probe-beside.log" 2>&1 &
cli_pid=$!
BENCH_ARGS=--no-device bench_device probe gl-alone-beside-cli-probe
wait "$cli_pid"
echo "  [the CLI probe beside it exited $?]"
BENCH_ARGS=--no-device bench_device probe gl-alone
bench_device probe after-fault-new-app-2
